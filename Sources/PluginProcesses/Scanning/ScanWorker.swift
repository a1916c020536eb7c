import LibC
import PluginABI

/// One scanner child and the batch of files it was given: reads its report as it comes and
/// says how it ended. The deadline moves with the report: a file must be finished within the
/// per-file time from its `begin`; between files and at start-up the child has longer. A
/// child slow on one file hands the files after it to another helper (releaseRest).
final class ScanWorker {
    package enum Ending {
        /// Every file of the batch has its outcome.
        case completed
        /// The child ended before finishing the batch.
        case died(ChildProcess.Termination)
        /// The child stopped answering (killed, reaped).
        case timedOut
        /// The child's report broke the protocol (killed, reaped).
        case garbled(String)
    }

    package let child: ChildProcess
    /// Indices, in the scanner's list, of the files of this batch, in order.
    package let files: [Int]
    /// How many of `files` this child is to scan: fewer than all once it has handed the rest
    /// to another helper (see releaseRest); it is stopped when it gets there.
    private(set) var limit: Int
    private(set) var reader: ScanReportReader
    private(set) var deadline: Double
    /// When the current file began.
    private var fileStarted: Double?
    /// End of file seen on the report: waiting for the child to exit.
    private(set) var reportClosed = false
    private let fileTimeout: Double
    private let quietTimeout: Double

    package init(child: ChildProcess, files: [Int], fileTimeout: Double, quietTimeout: Double, now: Double) {
        self.child = child
        self.files = files
        self.limit = files.count
        self.reader = ScanReportReader(fileCount: files.count)
        self.fileTimeout = fileTimeout
        self.quietTimeout = quietTimeout
        self.deadline = now + quietTimeout
    }

    /// What poll(2) should watch: the report while it is open, and the child's exit. Both,
    /// because a process the plugin started could hold the report open after the child died.
    package var descriptors: [Int32] { reportClosed ? [child.watch] : [child.report, child.watch] }

    /// Reads what has arrived, handing each finished outcome to `finished` (an index in the
    /// scanner's list); returns how the child ended, or nil while it is still at work.
    package func service(now: Double, finished: (Int, ScanOutcome) -> Void) -> Ending? {
        // Once the child has exited, what it wrote is all in the pipe: read it to the end of
        // what is there, and do not wait for an end of file that another holder could delay.
        let exited = child.hasExited(within: 0)
        if !reportClosed {
            while true {
                guard let bytes = child.readReport() else {
                    reportClosed = true
                    child.closeReport()
                    // A child that closed its report has ended, or is about to; one that
                    // keeps running without it gets the rest of its time, then is killed.
                    deadline = min(deadline, now + 2)
                    break
                }
                guard !bytes.isEmpty else {
                    if exited { reportClosed = true; child.closeReport() }
                    break
                }
                // The events before a fault count first: the file whose outcome arrived whole
                // keeps it, and the one being loaded is the culprit.
                for event in reader.feed(bytes) {
                    switch event {
                    case .began:
                        deadline = now + fileTimeout
                        fileStarted = now
                    case .finished(let index, let outcome):
                        finished(files[index], outcome)
                        deadline = now + quietTimeout
                        fileStarted = nil
                        if index + 1 == limit { return kill(.completed) }  // the rest went to another helper
                    case .done:
                        return kill(.completed)
                    }
                }
                if let failure = reader.failure { return kill(.garbled("\(failure)")) }
            }
        }
        if reportClosed, child.hasExited(within: 0) {
            return .died(child.reap())
        }
        if now >= deadline { return kill(.timedOut) }
        return nil
    }

    /// True once this child has handed its unstarted files on: it is waiting on one slow file
    /// and no longer counts as one of the helpers at work.
    var isHeldUp: Bool { limit < files.count }

    /// When this worker next needs a look without news from its child: its deadline, or the
    /// moment its current file has taken long enough to hand the rest on.
    func nextLook(releaseAfter: Double) -> Double {
        guard let started = fileStarted, let current = reader.currentFile, current + 1 < limit else { return deadline }
        return min(deadline, started + releaseAfter)
    }

    /// Hands the files after the current one to another helper when the current one has
    /// taken `after` seconds or more: a hanging plugin then holds up only itself, not the rest
    /// of its batch. Returns the files handed on (scanner indices), usually none.
    func releaseRest(now: Double, after: Double) -> [Int] {
        guard let started = fileStarted, now - started >= after, let current = reader.currentFile, current + 1 < limit
        else { return [] }
        let rest = Array(files[(current + 1)..<limit])
        limit = current + 1
        return rest
    }

    /// Ends the child (it has nothing more to do, or must stop) and collects it.
    private func kill(_ ending: Ending) -> Ending {
        child.kill()
        _ = child.reap()
        return ending
    }
}
