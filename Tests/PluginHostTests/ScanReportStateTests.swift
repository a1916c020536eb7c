import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

/// The scanner report reader as a state machine: awaiting the hello, between files, inside a
/// file, complete. Each transition is taken here one line at a time, and what the reader says
/// in each state (the file being loaded, how many are finished, whether it is complete) is
/// pinned, as are the lines each state refuses.
@Suite("Scanner report states")
struct ScanReportStateTests {
    let refused = ScanOutcome.refused(PluginLoadFailure(reason: "r", fix: "f"))

    struct Counters: Equatable {
        let current: Int?, finished: Int, complete: Bool
    }
    func counters(_ r: ScanReportReader) -> Counters { Counters(current: r.currentFile, finished: r.finishedCount, complete: r.isComplete) }

    @Test("hello → between files → in file → between files → done, with the counters of each state")
    func everyTransition() {
        var reader = ScanReportReader(fileCount: 2)
        #expect(counters(reader) == Counters(current: nil, finished: 0, complete: false), "awaiting the hello")
        #expect(reader.feed(RecordLine.encode(ScanReport.hello)).isEmpty)
        #expect(counters(reader) == Counters(current: nil, finished: 0, complete: false), "between files, before the first")
        #expect(reader.feed(RecordLine.encode(ScanReport.begin(0))) == [.began(0)])
        #expect(counters(reader) == Counters(current: 0, finished: 0, complete: false), "inside file 0")
        #expect(reader.feed(encodedLines(refused)).isEmpty, "an outcome counts only at its end")
        #expect(counters(reader) == Counters(current: 0, finished: 0, complete: false))
        #expect(reader.feed(RecordLine.encode(ScanReport.end(0))) == [.finished(0, refused)])
        #expect(counters(reader) == Counters(current: nil, finished: 1, complete: false), "between files 0 and 1")
        #expect(reader.feed(RecordLine.encode(ScanReport.begin(1)) + encodedLines(refused) + RecordLine.encode(ScanReport.end(1)))
            == [.began(1), .finished(1, refused)])
        #expect(counters(reader) == Counters(current: nil, finished: 2, complete: false), "every file finished, no done yet")
        #expect(reader.feed(RecordLine.encode(ScanReport.done)) == [.done])
        #expect(counters(reader) == Counters(current: nil, finished: 2, complete: true))
        #expect(reader.failure == nil)
    }

    @Test("an empty batch goes from the hello straight to done")
    func emptyBatch() {
        var reader = ScanReportReader(fileCount: 0)
        #expect(reader.feed(RecordLine.encode(ScanReport.hello) + RecordLine.encode(ScanReport.done)) == [.done])
        #expect(reader.isComplete && reader.failure == nil)
    }

    @Test("the hello may name what the sandbox lacks, once; two names are refused")
    func helloSandboxMissing() {
        var reader = ScanReportReader(fileCount: 1)
        _ = reader.feed(RecordLine.encode(ScanReport.hello(sandboxMissing: "landlock")))
        #expect(reader.failure == nil && reader.sandboxMissing == "landlock")
        var plain = ScanReportReader(fileCount: 1)
        _ = plain.feed(RecordLine.encode(ScanReport.hello(sandboxMissing: nil)))
        #expect(plain.failure == nil && plain.sandboxMissing == nil)
        var twice = ScanReportReader(fileCount: 1)
        _ = twice.feed(RecordLine.encode(ScanReport.hello + ["landlock", "seccomp"]))
        #expect(twice.failure != nil)
    }

    /// A reader brought to `state` of a one-file batch, then fed `line`.
    static func fed(inState state: String, _ line: [String]) -> ScanReportReader {
        var reader = ScanReportReader(fileCount: 1)
        let hello = RecordLine.encode(ScanReport.hello), begin = RecordLine.encode(ScanReport.begin(0))
        let whole = begin + encodedLines(.refused(PluginLoadFailure(reason: "r", fix: "f"))) + RecordLine.encode(ScanReport.end(0))
        switch state {
        case "in file": _ = reader.feed(hello + begin)
        case "between files": _ = reader.feed(hello)
        case "complete": _ = reader.feed(hello + whole + RecordLine.encode(ScanReport.done))
        default: break
        }
        precondition(reader.failure == nil)
        _ = reader.feed(RecordLine.encode(line))
        return reader
    }

    @Test("each state refuses the lines that do not belong to it", arguments: [
        ("in file", ["hello", "th-scan", "1", "1", "1"]), ("in file", ["begin", "0"]), ("in file", ["begin", "1"]),
        ("in file", ["done"]), ("in file", ["end", "1"]),
        ("between files", ["end", "0"]), ("between files", ["done"]), ("between files", ["begin", "1"]),
        ("complete", ["done"]), ("complete", ["begin", "1"]),
    ])
    func refusedPerState(_ state: String, _ line: [String]) {
        let reader = Self.fed(inState: state, line)
        #expect(reader.failure != nil, "\(state) took '\(line.joined(separator: " "))'")
    }

    @Test("an end with lines left after a whole outcome is refused, and so is an end with no outcome")
    func endMustCloseExactlyOneOutcome() {
        var extra = ScanReportReader(fileCount: 1)
        _ = extra.feed(RecordLine.encode(ScanReport.hello) + RecordLine.encode(ScanReport.begin(0)) + encodedLines(refused)
                       + RecordLine.encode(["note", "x"]) + RecordLine.encode(ScanReport.end(0)))
        #expect(extra.failure != nil)
        var empty = ScanReportReader(fileCount: 1)
        _ = empty.feed(RecordLine.encode(ScanReport.hello) + RecordLine.encode(ScanReport.begin(0)) + RecordLine.encode(ScanReport.end(0)))
        #expect(empty.failure != nil)
        #expect(empty.finishedCount == 0 && empty.currentFile == 0, "the file whose outcome was bad is the one being loaded")
    }
}
