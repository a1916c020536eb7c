import Foundation
import Testing

/// The core stays free of Foundation: the whole of Linux's Foundation, loaded for one `hypot`,
/// cost a run of 10,000 views 6.4 MiB of memory (the budget is 64 MiB). Its arithmetic comes
/// from LibC, its text from its own NumberText.
@Suite("What the core imports")
struct CoreImportsTests {
    @Test("no file of TransitionCore imports Foundation or FoundationEssentials")
    func noFoundation() throws {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let folder = root.path + "/Sources/TransitionCore"
        let files = try #require(FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 40, "found \(files.count) files in \(folder)")
        for file in files {
            let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") && $0.contains("Foundation") }
            #expect(imports.isEmpty, "\(file): \(imports)")
        }
    }
}
