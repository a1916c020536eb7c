import CTransitionABI
import PluginABI

/// The report a scanner child writes on its descriptor 3, file by file, in record lines:
///
///     hello th-scan 1 ABI-MAJOR ABI-MINOR [SANDBOX-MISSING]
///     begin 0
///     <the outcome of the batch's first file: see OutcomeRecord>
///     end 0
///     begin 1
///     ...
///     done
///
/// `begin` comes before the file is loaded, so when the child dies or stops answering, the
/// file it was loading is known: the culprit. An outcome counts only once its `end` has
/// arrived whole. SANDBOX-MISSING, when there, names what the helper's sandbox lacks on this
/// kernel; it is written before any plugin is loaded.
enum ScanReport {
    static let protocolName = "th-scan"
    static let protocolVersion = "1"

    package static var hello: [String] { ["hello", protocolName, protocolVersion, "\(TH_ABI_MAJOR)", "\(TH_ABI_MINOR)"] }
    package static func hello(sandboxMissing: String?) -> [String] { hello + (sandboxMissing.map { [$0] } ?? []) }
    package static func begin(_ index: Int) -> [String] { ["begin", "\(index)"] }
    package static func end(_ index: Int) -> [String] { ["end", "\(index)"] }
    package static let done = ["done"]
}

/// Reads a scanner child's report as it arrives, in any pieces, and checks its every line.
/// Anything out of order, malformed or too large is an error: the report is untrusted, since
/// the plugins being scanned share the child's process.
struct ScanReportReader {
    package enum Event: Equatable {
        /// The child is about to load the batch's file at this index.
        case began(Int)
        case finished(Int, ScanOutcome)
        /// Every file of the batch has its outcome.
        case done
    }

    private enum State: Equatable {
        case awaitingHello
        case betweenFiles(next: Int)
        case inFile(Int)
        case complete
    }

    /// The most one file's outcome may take: far above any honest plugin (a few KiB), far
    /// below what would hurt the host.
    static let maximumRecordBytes = 8 << 20

    let fileCount: Int
    private var state = State.awaitingHello
    private var pending: [UInt8] = []
    private var recordLines: [[String]] = []
    private var recordBytes = 0

    /// What the helper's sandbox lacks, as its hello said; nil when nothing does.
    private(set) var sandboxMissing: String?

    package init(fileCount: Int) { self.fileCount = fileCount }

    /// The file being loaded now: its `begin` has arrived and its `end` has not.
    var currentFile: Int? {
        if case .inFile(let index) = state { return index }
        return nil
    }

    /// The index of the next file to begin (files before it are finished).
    var finishedCount: Int {
        switch state {
        case .awaitingHello: return 0
        case .betweenFiles(let next): return next
        case .inFile(let index): return index
        case .complete: return fileCount
        }
    }

    var isComplete: Bool { state == .complete }

    /// The first fault found in the report; nothing is read after it.
    private(set) var failure: RecordLine.Malformed?

    /// Takes the next piece of the report; returns what it completed, up to the first fault
    /// (then in `failure`). What a piece completed before garbage in the same piece still
    /// counts: a plugin writing garbage into the report must not cost the file before it,
    /// whose outcome arrived whole.
    package mutating func feed(_ bytes: [UInt8]) -> [Event] {
        guard failure == nil else { return [] }
        pending += bytes
        var events: [Event] = []
        var start = pending.startIndex
        do {
            while let newline = pending[start...].firstIndex(of: 0x0a) {
                if let event = try take(pending[start..<newline]) { events.append(event) }
                start = newline + 1
            }
            pending.removeSubrange(pending.startIndex..<start)
            guard pending.count <= RecordLine.maximumLength else {
                throw RecordLine.Malformed(description: "a line longer than \(RecordLine.maximumLength) bytes")
            }
        } catch {
            failure = error as? RecordLine.Malformed ?? RecordLine.Malformed(description: "\(error)")
            pending = []
        }
        return events
    }

    private mutating func take(_ line: ArraySlice<UInt8>) throws -> Event? {
        if state == .complete { throw RecordLine.Malformed(description: "more after 'done'") }
        let fields = try RecordLine.decode(line)
        switch state {
        case .awaitingHello:
            guard Array(fields.prefix(ScanReport.hello.count)) == ScanReport.hello, fields.count <= ScanReport.hello.count + 1 else {
                throw RecordLine.Malformed(description: "the report does not start with this host's hello")
            }
            sandboxMissing = fields.count > ScanReport.hello.count ? fields.last : nil
            state = .betweenFiles(next: 0)
            return nil
        case .betweenFiles(let next):
            if next == fileCount, fields == ScanReport.done {
                state = .complete
                return .done
            }
            guard fields == ScanReport.begin(next) else {
                throw RecordLine.Malformed(description: "expected 'begin \(next)', found '\(fields.first?.prefix(20) ?? "")'")
            }
            state = .inFile(next)
            recordLines = []
            recordBytes = 0
            return .began(next)
        case .inFile(let index):
            if fields == ScanReport.end(index) {
                var cursor = RecordCursor(recordLines)
                let outcome = try OutcomeRecord.read(&cursor)
                guard cursor.isAtEnd else { throw RecordLine.Malformed(description: "lines after the outcome of file \(index)") }
                switch outcome {
                case .plugin, .refused: break
                default:
                    // Crashes and hangs are the parent's to observe; a child cannot report its own.
                    throw RecordLine.Malformed(description: "a child reported an outcome only the parent can see")
                }
                state = .betweenFiles(next: index + 1)
                recordLines = []
                return .finished(index, outcome)
            }
            if let verb = fields.first, ["hello", "begin", "end", "done"].contains(verb) {
                throw RecordLine.Malformed(description: "'\(verb)' inside the outcome of file \(index)")
            }
            recordBytes += line.count + 1
            guard recordBytes <= Self.maximumRecordBytes else {
                throw RecordLine.Malformed(description: "its descriptors take more than \(Self.maximumRecordBytes >> 20) MiB")
            }
            recordLines.append(fields)
            return nil
        case .complete:
            return nil
        }
    }
}
