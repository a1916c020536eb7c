import Foundation
import Testing

/// docs/SANDBOX.md sets each promise beside the test that holds it: every suite and test it
/// names there must exist, so that a renamed or removed test shows here rather than leaving
/// a promise held by nothing.
@Suite("docs/SANDBOX.md names tests that exist")
struct SandboxPromisesDocTests {
    /// The table under "Each promise and the test that holds it", row by row.
    static func rows() throws -> [String] {
        let text = try String(contentsOfFile: Repo.root + "/docs/SANDBOX.md", encoding: .utf8)
        guard let start = text.range(of: "## Each promise and the test that holds it") else { return [] }
        let section = text[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        return section[..<end].split(separator: "\n").map(String.init).filter { $0.hasPrefix("| ") && !$0.hasPrefix("| promise") }
    }

    /// Every Swift source of the tests, as one text.
    static func testSources() throws -> String {
        let folder = Repo.root + "/Tests"
        let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        return try files.map { try String(contentsOfFile: folder + "/" + $0, encoding: .utf8) }.joined(separator: "\n")
    }

    /// The pieces of `row` between `open` and `close`, each cut at an ellipsis (the doc
    /// shortens long names with one).
    static func quoted(_ row: String, _ open: Character, _ close: Character) -> [String] {
        var found: [String] = []
        var current: String?
        for character in row {
            if current == nil, character == open { current = "" } else if current != nil, character == close {
                found.append(String(current!.split(separator: "…", omittingEmptySubsequences: false)[0]))
                current = nil
            } else {
                current?.append(character)
            }
        }
        return found
    }

    @Test("every suite (in backticks) and test (in quotes) the promise table names is in the tests")
    func namedTestsExist() throws {
        let rows = try Self.rows()
        #expect(rows.count >= 15, "the table is missing or short: \(rows.count) rows")
        let sources = try Self.testSources()
        var named = 0
        for row in rows {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            let held = cells[1]
            #expect(!held.isEmpty, "a promise held by nothing: \(row)")
            for suite in Self.quoted(held, "`", "`") where !suite.hasPrefix("--") && !suite.hasPrefix("host ") {
                named += 1
                let exists = sources.contains("@Suite(\"\(suite)")
                #expect(exists, "no suite titled '\(suite)': \(cells[0])")
            }
            for test in Self.quoted(held, "\"", "\"") {
                named += 1
                let exists = sources.contains("\"\(test)")
                #expect(exists, "no test named '\(test)': \(cells[0])")
            }
        }
        #expect(named >= 10)
    }
}
