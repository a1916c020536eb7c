import Foundation
import Testing
@testable import PluginSDK

/// docs/ABI.md is written by hand from transition_host.h; these tests make sure it keeps up
/// with the header: every struct, callback type, host function and extension id is named.
@Suite("docs/ABI.md covers the header")
struct ABIReferenceTests {
    static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    static func texts() throws -> (header: String, reference: String) {
        (try SDKHeader.contents(), try String(contentsOfFile: root + "/docs/ABI.md", encoding: .utf8))
    }

    /// Every capture of `pattern`'s first group in `text`.
    static func matches(_ pattern: String, in text: String) throws -> [String] {
        let regex = try NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap {
            Range($0.range(at: 1), in: text).map { String(text[$0]) }
        }
    }

    @Test("every struct and callback type of the header is named")
    func types() throws {
        let (header, reference) = try Self.texts()
        let names = try Self.matches(#"^typedef struct (th_\w+)"#, in: header)
            + Self.matches(#"^typedef [^;]*\(\*(th_\w+)\)"#, in: header)
        #expect(names.count > 20, "the header should have been read: \(names)")
        let missing = names.filter { !reference.contains("`\($0)`") && !reference.contains("`\($0) ") && !reference.contains(" \($0)`") }
        #expect(missing.isEmpty, "docs/ABI.md does not name \(missing)")
    }

    @Test("every function of the host table and of every interface and extension is named")
    func functions() throws {
        let (header, reference) = try Self.texts()
        let functions = Set(try Self.matches(#"\(\*(\w+)\)\("#, in: header)).filter { !$0.hasPrefix("th_") }
        #expect(functions.count > 50)
        let missing = functions.filter { !reference.contains($0) }.sorted()
        #expect(missing.isEmpty, "docs/ABI.md does not name \(missing)")
    }

    @Test("every extension id is named, with its string")
    func extensions() throws {
        let (header, reference) = try Self.texts()
        let ids = try Self.matches(#"^#define (TH_EXT_\w+ "[^"]+")"#, in: header)
        #expect(ids.count >= 5)
        for id in ids {
            let parts = id.split(separator: " ")
            #expect(reference.contains("`\(parts[0])` `\(parts[1])`"), "docs/ABI.md does not name \(id)")
        }
    }
}
