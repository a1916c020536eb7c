import Foundation
import Testing
@testable import TransitionCore

// Per-view modifiers in scene files ("modifiers": "fade scale(0.8)"): the host checks their
// syntax when it loads a scene and leaves their meaning to the effect.

private func scene(modifiers: String) -> String {
    // The text goes in as a JSON string, its quotes and backslashes escaped.
    let escaped = modifiers.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return """
        {"screens": [
          {"name": "list", "views": [
            {"name": "list.cell", "frame": [0, 0, 100, 40], "views": [
              {"name": "list.cell.badge", "frame": [4, 4, 10, 10],
               "modifiers": "\(escaped)"}
            ]}
          ]}
        ]}
        """
}

@Suite("View modifiers in scene files")
struct ViewModifiersTests {
    @Test("well-formed modifiers load and reach the built view as written", arguments: [
        "fade",
        "fade scale(0.8) translate(0, 40) delay(0.05) duration(0.3) curve(easeIn) spring(0.8, 0.4)",
        "  translate( -12.5 , 3e1 )   rotate(-90)  ",
        "zPosition(2) cascade(0.02, topToBottom) ease-out my_word",
        "scale(+1.5E-1) opacity(.5)",
        String(repeating: "a", count: 32),
        String(repeating: "fade ", count: 51),
    ])
    func wellFormed(text: String) throws {
        let description = try SceneDescription(parsing: scene(modifiers: text))
        #expect(description.screens[0].views[0].children[0].modifiers == text)
        let built = BuiltScene(description)
        let badge = try #require(built.scene.views.first { $0.name == "list.cell.badge" })
        #expect(badge.modifiers == text)
        #expect(built.scene.views.first { $0.name == "list.cell" }?.modifiers == nil, "a view without the key has none")
    }

    @Test("a bad modifiers text is refused with the line, the key path, the view's name and the problem", arguments: [
        ("scale(0.8", "'scale(' at column 1 is missing its ')'"),
        ("scale(0.8 translate(0, 4)", "expected ',' or ')' in the arguments of 'scale'"),
        ("fade()", "'fade()' has empty parentheses"),
        ("scale(0.8,)", "an argument of 'scale' is not a number or a name"),
        ("scale(\"big\")", "an argument of 'scale' is not a number or a name"),
        ("translate(1, 2)fade", "column 16: expected a space between modifiers"),
        ("8fade", "column 1: expected a modifier's name"),
        ("fade, scale(2)", "column 5: expected a space between modifiers"),
        ("f(1, 2, 3, 4, 5, 6, 7, 8, 9)", "'f' has more than 8 arguments"),
        ("", "empty"),
        ("   ", "empty"),
        ("échelle(2)", "column 1 is not printable ASCII"),
        (String(repeating: "fade ", count: 52), "260 bytes, more than the 255 allowed"),
        (String(repeating: "a", count: 33), "longer than 32 bytes"),
        ("scale(1e999)", "an argument of 'scale' is not a number or a name"),
    ])
    func refused(text: String, problem: String) {
        do {
            _ = try SceneDescription(parsing: scene(modifiers: text))
            Issue.record("accepted: \(text)")
        } catch let error as SceneDescription.Failure {
            #expect(error.line == 5, "\(error)")
            #expect(error.key == "screens[0].views[0].views[0].modifiers", "\(error)")
            #expect(error.message.hasPrefix("the modifiers of view 'list.cell.badge' are not valid: "), "\(error)")
            #expect(error.message.contains(problem), "\(error)")
            #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 }, "no control character in: \(error)")
        } catch { Issue.record("\(error)") }
    }

    @Test("control characters are refused by code, never echoed (a scene file's JSON cannot carry them, but the check stands alone)")
    func controlCharacters() {
        #expect(ViewModifiers.problem(in: "fade\u{1b}[2J") == "byte 0x1b at column 5 is not printable ASCII")
        #expect(ViewModifiers.problem(in: "fade\tscale(2)") == "byte 0x9 at column 5 is not printable ASCII")
        #expect(ViewModifiers.problem(in: "fade\u{7f}") == "byte 0x7f at column 5 is not printable ASCII")
        #expect(ViewModifiers.problem(in: "fade scale(2)") == nil)
    }

    @Test("modifiers must be a string")
    func notAString() {
        #expect(throws: SceneDescription.Failure(line: 1, key: "screens[0].views[0].modifiers", message: "expected a string")) {
            try SceneDescription(parsing: #"{"screens": [{"name": "a", "views": [{"name": "v", "frame": [0, 0, 1, 1], "modifiers": 3}]}]}"#)
        }
    }

    @Test("the demo scene's modifiers are well-formed, on views of both screens, and never on the shared pair")
    func demoScene() {
        let demo = DemoScene()
        let modified = demo.scene.views.filter { $0.modifiers != nil }
        #expect(modified.contains { $0.name.hasPrefix("home.") } && modified.contains { $0.name.hasPrefix("detail.") }, "\(modified.map(\.name))")
        for view in modified {
            #expect(ViewModifiers.problem(in: view.modifiers!) == nil, "\(view.name): \(view.modifiers!)")
            #expect(view.sharedID == nil, "\(view.name)")
        }
    }
}
