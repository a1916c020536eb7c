import Foundation
import Testing
@testable import Validation

@Suite("The validation report")
struct ReportTests {
    static let report = ValidationReport(plugin: "/tmp/fx.so", results: [
        TestResult(name: "load.entry", status: .pass, reason: "exports th_entry", seconds: 0.0123456),
        TestResult(name: "behaviour.fx.present.end-state", status: .crashed, reason: "killed by SIGSEGV", seconds: 0.2),
        TestResult(name: "robustness.fx.parameter-fuzzing", status: .skip, reason: "no parameters", seconds: 0.1),
    ])

    @Test("the table has a row per test, aligned, and a summary that says whether the plugin conforms")
    func table() {
        let lines = Self.report.table().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("TEST") && lines[0].contains("RESULT") && lines[0].contains("REASON"))
        let resultColumn = lines[0].distance(from: lines[0].startIndex, to: lines[0].range(of: "RESULT")!.lowerBound)
        let reasonColumn = lines[0].distance(from: lines[0].startIndex, to: lines[0].range(of: "REASON")!.lowerBound)
        for (line, result) in zip(lines[1...3], Self.report.results) {
            #expect(line.hasPrefix(result.name + " "))
            #expect(line.dropFirst(resultColumn).hasPrefix(result.status.rawValue + " "), "\(line)")
            #expect(String(line.dropFirst(reasonColumn)) == result.reason, "\(line)")
        }
        #expect(lines.last == "/tmp/fx.so: 3 tests: 1 pass, 1 skip, 1 crashed — does NOT conform")
        #expect(Self.report.failed)
    }

    @Test("JSON names each test's result, rounds seconds to the millisecond and counts every status")
    func json() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(Self.report.json().utf8)) as? [String: Any])
        #expect(object["conforms"] as? Bool == false)
        let tests = try #require(object["tests"] as? [[String: Any]])
        #expect(tests.map { $0["result"] as? String } == ["pass", "crashed", "skip"])
        #expect(tests.first?["seconds"] as? Double == 0.012)
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["pass": 1, "warn": 0, "fail": 0, "skip": 1, "crashed": 1, "timed out": 0])
    }

    @Test("warnings and skips do not fail a plugin; fails, crashes and time-outs do")
    func failing() {
        #expect(TestStatus.allCases.filter(\.isFailure) == [.fail, .crashed, .timedOut])
        let fine = ValidationReport(plugin: "p", results: [TestResult(name: "a", status: .warn, reason: "", seconds: 0)])
        #expect(!fine.failed)
    }

    @Test("ABI versions: another major fails, a newer minor warns, a short entry fails")
    func abiVersions() {
        #expect(LoadingChecks.judge(.init(structSize: 80, major: 1, minor: 0)).status == .pass)
        #expect(LoadingChecks.judge(.init(structSize: 80, major: 2, minor: 0)).status == .fail)
        #expect(LoadingChecks.judge(.init(structSize: 80, major: 1, minor: 7)).status == .warn)
        #expect(LoadingChecks.judge(.init(structSize: 40, major: 1, minor: 0)).status == .fail)
    }
}

@Suite("A verdict's reason")
struct VerdictReasonTests {
    @Test("A warning repeated ten times is said once, with its count; different ones keep their order")
    func repeatedWarnings() {
        let verdict = Verdict.from(problems: [], warnings: Array(repeating: "fx: animate with bad options", count: 10) + ["other"],
                                   passing: "ok")
        #expect(verdict.status == .warn)
        #expect(verdict.reason == "fx: animate with bad options (10 times); other", "\(verdict.reason)")
        let failing = Verdict.from(problems: ["a", "b", "a"], passing: "ok")
        #expect(failing.reason == "a (2 times); b")
    }
}
