/// How one conformance test ended. `crashed` and `timed out` are decided by the parent, from
/// how the test's child process ended; the others are the child's verdict.
public enum TestStatus: String, Codable, Sendable, CaseIterable {
    case pass, warn, fail, skip, crashed
    case timedOut = "timed out"

    /// The results that make `host validate` exit non-zero.
    public var isFailure: Bool { self == .fail || self == .crashed || self == .timedOut }
}

/// A child's answer for one test: the status and, always, a reason a person can act on.
public struct Verdict: Codable, Sendable, Equatable {
    public let status: TestStatus
    public let reason: String

    public init(_ status: TestStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    public static func pass(_ reason: String) -> Verdict { Verdict(.pass, reason) }
    public static func warn(_ reason: String) -> Verdict { Verdict(.warn, reason) }
    public static func fail(_ reason: String) -> Verdict { Verdict(.fail, reason) }
    public static func skip(_ reason: String) -> Verdict { Verdict(.skip, reason) }

    /// Fails with every problem when there are any, warns with every warning when there are
    /// any, and passes with `passing` otherwise.
    static func from(problems: [String], warnings: [String] = [], passing: String) -> Verdict {
        if !problems.isEmpty { return .fail(said(problems)) }
        if !warnings.isEmpty { return .warn(said(warnings)) }
        return .pass(passing)
    }

    /// The lines joined with "; ", each said once, in order of first appearance, with how
    /// many times it came when more than once: a plugin that makes the same mistake on every
    /// frame gets one line in its cell, not ten.
    static func said(_ lines: [String]) -> String {
        var order: [String] = [], counts: [String: Int] = [:]
        for line in lines {
            if counts[line] == nil { order.append(line) }
            counts[line, default: 0] += 1
        }
        return order.map { counts[$0]! > 1 ? "\($0) (\(counts[$0]!) times)" : $0 }.joined(separator: "; ")
    }
}

/// One row of the report.
public struct TestResult: Codable, Sendable, Equatable {
    public let name: String
    public let status: TestStatus
    public let reason: String
    /// Wall-clock seconds of the test's child process, to the millisecond.
    public let seconds: Double

    public init(name: String, status: TestStatus, reason: String, seconds: Double) {
        self.name = name
        self.status = status
        self.reason = reason
        self.seconds = (seconds * 1000).rounded() / 1000
    }

    /// In JSON the status is the "result", as in the table's column.
    enum CodingKeys: String, CodingKey {
        case name, status = "result", reason, seconds
    }
}

/// A verdict reached before a test could run (the plugin did not load, ...) ends it early.
extension Verdict: Error {}
