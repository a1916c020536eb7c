import Testing
@testable import PluginSDK

@Suite("Project names")
struct ProjectNameTests {
    @Test("a name becomes an effect id, a C identifier, a Swift type and a title")
    func forms() throws {
        let name = try ProjectName("my-fade_2")
        #expect(name.id == "my-fade_2")
        #expect(name.cIdentifier == "my_fade_2")
        #expect(name.typeName == "MyFade2")
        #expect(name.title == "My fade 2")
    }

    @Test("names that could not be an effect id are refused with the reason", arguments: [
        ("", "lower-case letter"), ("Fade", "lower-case letter"), ("9lives", "lower-case letter"),
        ("my.fade", "only lower-case"), ("my fade", "only lower-case"), ("../fade", "lower-case letter"),
        (String(repeating: "a", count: 64), "63 bytes"),
    ])
    func refused(text: String, why: String) {
        #expect(throws: ProjectName.Invalid.self) { try ProjectName(text) }
        do { _ = try ProjectName(text) } catch { #expect("\(error)".contains(why), "\(error)") }
    }
}
