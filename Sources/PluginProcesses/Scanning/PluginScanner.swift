import LibC
import PluginABI

/// Learns what plugin files are without loading any of them in this process, GStreamer
/// style: helper processes (the host binary's hidden `_scan` subcommand) load the files in
/// batches and report back. When a helper crashes or stops answering, the file it was loading
/// is the culprit: it gets that outcome (signal, time-out, garbled report), and a new helper
/// takes the rest of the batch. So a bad plugin costs one line, never the host.
///
/// Helpers run side by side, up to one per processor; everything is waited for with poll(2)
/// on the helpers' report pipes and pidfds, with a deadline per file.
public final class PluginScanner {
    public struct Statistics: Equatable, Sendable {
        public var filesScanned = 0
        public var helpersStarted = 0
        public var crashed = 0
        public var hung = 0
        public var garbled = 0
    }

    /// The host binary, run as `EXECUTABLE _scan ...`.
    public let executable: String
    /// Seconds one file may take to load, initialise, describe and let go.
    public let fileTimeout: Double
    /// Seconds a helper may take to start, or between two files.
    public let quietTimeout: Double
    public let maximumHelpers: Int
    /// Seconds one file may hold up the rest of its batch before another helper takes them.
    var releaseAfter: Double { min(0.5, fileTimeout / 2) }
    /// Where the helpers' standard output and error go: nowhere, unless debugging a plugin.
    public let pluginOutput: ChildProcess.Output
    public private(set) var statistics = Statistics()

    public static let defaultFileTimeout = 3.0

    public init(executable: String, fileTimeout: Double = PluginScanner.defaultFileTimeout, quietTimeout: Double = 20,
                maximumHelpers: Int = PluginScanner.processorCount, pluginOutput: ChildProcess.Output = .null) {
        self.executable = executable
        self.fileTimeout = fileTimeout
        self.quietTimeout = max(quietTimeout, fileTimeout)
        self.maximumHelpers = max(1, maximumHelpers)
        self.pluginOutput = pluginOutput
    }

    /// One per processor, at most four: scanning is mostly dlopen and waiting.
    public static var processorCount: Int { max(1, min(4, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))) }

    /// The outcome of each file, in the order given. The files at the indices in `alone` get
    /// a helper each: a plugin shares its helper's report descriptor, and in a batch it could
    /// write outcomes for the files after it; alone, the only outcome it can make up is its
    /// own (and any line past it garbles its report). DiscoveredPlugins scans untrusted files so.
    public func scan(_ paths: [String], alone: Set<Int> = []) -> [ScanOutcome] {
        var results = [ScanOutcome?](repeating: nil, count: paths.count)
        let shared = paths.indices.filter { !alone.contains($0) }
        var queue = Self.batches(count: shared.count, helpers: maximumHelpers).map { $0.map { shared[$0] } }
            + alone.sorted().filter { paths.indices.contains($0) }.map { [$0] }
        var workers: [ScanWorker] = []
        // Helpers that ended between files, by the first file they had not begun: one that
        // keeps dying before any plugin code runs is the scanner's fault, not a plugin's.
        var fruitless: [Int: Int] = [:]
        statistics.filesScanned += paths.count

        var unsentFilters: [Int32] = []
        while true {
            // Helpers held up by one slow file do not count: they wait, they do not work. A
            // bound on all of them keeps a folder of hanging plugins from starting hundreds.
            while workers.filter({ !$0.isHeldUp }).count < maximumHelpers, workers.count < maximumHelpers * 4,
                  !queue.isEmpty {
                let batch = queue.removeFirst()
                do {
                    workers.append(try start(batch, paths: paths, filterTo: &unsentFilters))
                } catch {
                    for i in batch { results[i] = .notScanned("\(error)") }
                }
            }
            // Once this round's helpers are all started: compiling the filter the first time
            // then overlaps their start-up rather than delaying the next one's.
            unsentFilters.forEach(HelperFilter.send)
            unsentFilters = []
            guard !workers.isEmpty else { break }

            // Each worker's descriptors, and where they start in `fds`.
            var fds: [pollfd] = [], first: [Int] = []
            for worker in workers {
                first.append(fds.count)
                fds += worker.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            }
            let wait = workers.map { $0.nextLook(releaseAfter: releaseAfter) }.min()! - monotonicSeconds()
            _ = poll(&fds, nfds_t(fds.count), ChildProcess.milliseconds(wait))
            let now = monotonicSeconds()
            for i in workers.indices.reversed() {
                let worker = workers[i]
                let news = fds[first[i]..<first[i] + worker.descriptors.count].contains { $0.revents != 0 }
                if news || now >= worker.deadline,
                   let ending = worker.service(now: now, finished: { results[$0] = $1 }) {
                    if let missing = worker.reader.sandboxMissing { SandboxNotice.report(missing) }
                    workers.remove(at: i)
                    queue.insert(contentsOf: settle(worker, ending, &results, &fruitless), at: 0)
                    continue
                }
                let rest = worker.releaseRest(now: now, after: releaseAfter)
                if !rest.isEmpty { queue.insert(rest, at: 0) }
            }
        }
        return results.map { $0 ?? .notScanned("the scanner lost track of it") }
    }

    /// Records the culprit of a helper that ended early, and returns what is left to scan.
    private func settle(_ worker: ScanWorker, _ ending: ScanWorker.Ending, _ results: inout [ScanOutcome?],
                        _ fruitless: inout [Int: Int]) -> [[Int]] {
        let culpritOutcome: ScanOutcome
        let why: String
        switch ending {
        case .completed:
            return []
        case .died(let termination):
            culpritOutcome = .crashed(termination)
            why = "ended with \(termination)"
            statistics.crashed += worker.reader.currentFile == nil ? 0 : 1
        case .timedOut:
            culpritOutcome = .hung(seconds: fileTimeout)
            why = "stopped answering"
            statistics.hung += worker.reader.currentFile == nil ? 0 : 1
        case .garbled(let what):
            culpritOutcome = .garbled(what)
            why = "wrote a garbled report (\(what))"
            statistics.garbled += worker.reader.currentFile == nil ? 0 : 1
        }
        var rest = Array(worker.files[min(worker.reader.finishedCount, worker.limit)..<worker.limit])
        if let culprit = worker.reader.currentFile {
            results[worker.files[culprit]] = culpritOutcome
            rest.removeFirst()
        } else if let first = rest.first {
            fruitless[first, default: 0] += 1
            if fruitless[first]! >= 2 {
                for i in rest { results[i] = .notScanned("the plugin scanner \(why) before loading it") }
                return []
            }
        }
        return rest.isEmpty ? [] : [rest]
    }

    /// Starts a helper for `batch`; the host's end of its filter handoff joins `filterTo`, for
    /// the caller to send.
    private func start(_ batch: [Int], paths: [String], filterTo unsent: inout [Int32]) throws -> ScanWorker {
        let filter = HelperFilter.makeEnds()
        let child: ChildProcess
        do {
            child = try ChildProcess(
                executable: executable,
                arguments: [PluginScanChild.commandName, "--report-fd", "3", "--timeout", "\(fileTimeout)"]
                    + (filter.map { _ in [HelperFilter.option, "\(HelperFilter.descriptor)"] } ?? []) + ["--"]
                    + batch.map { paths[$0] },
                output: pluginOutput, error: pluginOutput, reportDescriptor: 3,
                // Swift's crash reporter would spend seconds on each plugin that crashes.
                environment: ["SWIFT_BACKTRACE": "enable=no"],
                passing: filter.map { [($0.theirs, HelperFilter.descriptor)] } ?? [])
        } catch {
            if let filter { close(filter.mine); close(filter.theirs) }
            throw error
        }
        if let filter {
            close(filter.theirs)
            unsent.append(filter.mine)
        }
        statistics.helpersStarted += 1
        return ScanWorker(child: child, files: batch, fileTimeout: fileTimeout, quietTimeout: quietTimeout,
                          now: monotonicSeconds())
    }

    /// The files split into batches: one per helper, since every helper started costs its
    /// start-up and its sandbox; a helper held up by a hanging plugin hands the files it has
    /// not begun to another (releaseAfter). At most 64 files, so that the helper a crash
    /// ends early in its batch leaves less to start again.
    package static func batches(count: Int, helpers: Int) -> [[Int]] {
        guard count > 0 else { return [] }
        let size = max(4, min(64, (count + helpers - 1) / helpers))
        return stride(from: 0, to: count, by: size).map { Array($0..<min($0 + size, count)) }
    }
}
