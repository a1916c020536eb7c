import FoundationEssentials
import TransitionCore

/// The results of `host validate`, in plan order: a table for people, JSON for tools.
public struct ValidationReport: Sendable {
    public let plugin: String
    public let results: [TestResult]

    public init(plugin: String, results: [TestResult]) {
        self.plugin = plugin
        self.results = results
    }

    /// Any fail, crash or time-out: `host validate` exits non-zero.
    public var failed: Bool { results.contains { $0.status.isFailure } }

    public func count(_ status: TestStatus) -> Int { results.filter { $0.status == status }.count }

    /// "43 tests: 40 pass, 1 warn, 2 skip — conforms".
    public var summary: String {
        let parts = TestStatus.allCases.compactMap { s in count(s) > 0 ? "\(count(s)) \(s.rawValue)" : nil }
        return "\(results.count) tests: \(parts.joined(separator: ", ")) — \(failed ? "does NOT conform" : "conforms")"
    }

    public func table() -> String {
        let header = ["TEST", "RESULT", "REASON"]
        let rows = results.map { [$0.name, $0.status.rawValue, $0.reason] }
        let widths = (0..<2).map { i in ([header] + rows).map { $0[i].count }.max() ?? 0 }
        let line = { (row: [String]) in
            row[0].padding(widths[0]) + "  " + row[1].padding(widths[1]) + "  " + row[2]
        }
        return ([line(header)] + rows.map(line) + ["", "\(plugin): \(summary)"]).joined(separator: "\n")
    }

    struct JSONForm: Encodable {
        let plugin: String
        let conforms: Bool
        let summary: [String: Int]
        let tests: [TestResult]
    }

    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let summary = Dictionary(uniqueKeysWithValues: TestStatus.allCases.map { ($0.rawValue, count($0)) })
        let form = JSONForm(plugin: plugin, conforms: !failed, summary: summary, tests: results)
        let data = (try? encoder.encode(form)) ?? Data("{}".utf8)
        // JSONEncoder leaves C1 controls and bidirectional overrides raw.
        return VisibleText.escapeInJSON(String(decoding: data, as: UTF8.self))
    }
}

extension String {
    fileprivate func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
}
