import Testing
@testable import TransitionCore

/// A scene file's documented limits (README: "over 4 MiB, malformed or nested over 64 deep"),
/// at exactly the limit and one past it.
@Suite("Scene file limits, at the limit and one past")
struct SceneFileLimitsTests {
    @Test("a document of exactly 4 MiB is read; one byte more is refused, saying its size")
    func size() throws {
        #expect(JSONDocument.maxBytes == 4 << 20)
        // A string value filling the document: its two quotes and 4 MiB − 2 letters.
        let at = "\"" + String(repeating: "a", count: (4 << 20) - 2) + "\""
        _ = try JSONDocument.parse(at)
        #expect(throws: JSONSyntaxError(line: 1, message: "the document is \((4 << 20) + 1) bytes; at most \(4 << 20)")) {
            try JSONDocument.parse(at + " ")
        }
    }

    @Test("arrays nested exactly 64 deep are read; 65 deep are refused")
    func depth() throws {
        #expect(JSONDocument.maxDepth == 64)
        func nested(_ n: Int) -> String { String(repeating: "[", count: n) + String(repeating: "]", count: n) }
        _ = try JSONDocument.parse(nested(64))
        #expect(throws: JSONSyntaxError(line: 1, message: "nested more than 64 deep")) { try JSONDocument.parse(nested(65)) }
    }
}
