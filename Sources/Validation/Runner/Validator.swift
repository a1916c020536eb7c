import FoundationEssentials
import PluginHost

import LibC

/// What `host validate` was asked to do.
public struct ValidationOptions: Sendable {
    public var pluginPath: String
    /// Seconds each test may run before it is killed and reported as timed out.
    public var timeout: Double
    /// Tests run at the same time, each in its own process.
    public var jobs: Int
    /// Only tests whose name starts with one of these (all when empty).
    public var only: [String]
    /// A scene file, and the name of its segue (nil: its first), to play the behaviour tests
    /// on instead of the demo scene. Check it with ValidationScene.problem first.
    public var scene: (path: String, segue: String?)?
    /// Whether a test may run in a copy of this process rather than a fresh start of the host
    /// binary (faster; see TestJob). Both run the same code and must give the same results.
    public var forks = true

    public init(pluginPath: String, timeout: Double = 20, jobs: Int = ValidationOptions.defaultJobs, only: [String] = [],
                scene: (path: String, segue: String?)? = nil) {
        self.scene = scene
        self.pluginPath = pluginPath
        self.timeout = timeout
        self.jobs = jobs
        self.only = only
    }

    /// One per processor, at most 8.
    public static var defaultJobs: Int { max(1, min(8, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))) }
}

/// Runs the conformance tests of plugins, each test in a child process of `executable` (the
/// host binary itself), so that a plugin that crashes or hangs fails its test and nothing
/// else. A plugin's loading test runs first: its child says what the plugin offers, and the
/// tests of every effect and curve are planned from that. The parent never loads a plugin.
public enum Validator {
    /// One plugin's tests, `options.jobs` at a time.
    public static func run(_ options: ValidationOptions, executable: String) throws -> ValidationReport {
        try run([options], jobs: options.jobs, executable: executable)[0]
    }

    /// Several plugins' tests from one pool of `jobs` processes, their reports in the order
    /// given. A plugin's tests join the pool as soon as its loading test ends, and take turns
    /// with the plugins after it, so that no processor waits for one plugin's last test.
    /// `finished` hears of each plugin (its index and report) as its last test ends.
    public static func run(_ plugins: [ValidationOptions], jobs: Int, executable: String,
                           finished: (Int, ValidationReport) -> Void = { _, _ in }) throws -> [ValidationReport] {
        let folder = try TemporaryFolder()
        var states = plugins.map(PluginValidation.init)
        var reports: [ValidationReport?] = Array(repeating: nil, count: plugins.count)
        var running: [(plugin: Int, job: TestJob)] = []
        var counter = 0

        /// The first plugin, in the order given, that has a test ready: its loading test, or
        /// one planned from it.
        func nextTest() -> (Int, ConformanceTest)? {
            for i in states.indices { if let test = states[i].nextTest() { return (i, test) } }
            return nil
        }
        while true {
            while running.count < max(1, jobs), let (i, test) = nextTest() {
                counter += 1
                let options = plugins[i]
                running.append((i, try TestJob(test: test, pluginPath: states[i].resolvedPath, executable: executable,
                                               folder: folder.path, index: counter, timeout: options.timeout,
                                               scene: options.scene, fork: options.forks)))
            }
            if running.isEmpty { break }
            let now = monotonicSeconds()
            let ended = Set(ChildProcess.waitForAny(running.map(\.job.child), timeout: running.map(\.job.deadline).min()! - now))
            let after = monotonicSeconds()
            for (k, (i, job)) in running.enumerated().reversed() {
                let timedOut = !ended.contains(k) && after >= job.deadline
                guard ended.contains(k) || timedOut else { continue }
                if timedOut { _ = job.child.kill() }
                let (result, found) = job.finish(timedOut: timedOut, timeout: plugins[i].timeout)
                running.remove(at: k)
                states[i].record(result, inventory: found)
                if states[i].isDone {
                    let report = states[i].report()
                    reports[i] = report
                    finished(i, report)
                }
            }
        }
        return reports.enumerated().map { i, report in report ?? states[i].report() }
    }
}

/// One plugin's part of a validation: what is left to start, what has ended.
private struct PluginValidation {
    let options: ValidationOptions
    /// dlopen searches the library path for a name without a slash ("fx.so"): the children
    /// get the absolute path, the report the path as given.
    let resolvedPath: String
    private var loadingStarted = false
    private var loadingEnded = false
    private var inventory: PluginInventory?
    private var selected: [ConformanceTest] = []
    private var waiting: ArraySlice<ConformanceTest> = []
    private var unfinished = 0
    private var results: [String: TestResult] = [:]

    init(_ options: ValidationOptions) {
        self.options = options
        resolvedPath = realpath(options.pluginPath, nil).map { resolved in
            defer { free(resolved) }
            return String(cString: resolved)
        } ?? options.pluginPath
    }

    /// Its loading test, then (once that has ended) every selected test.
    mutating func nextTest() -> ConformanceTest? {
        if !loadingStarted {
            loadingStarted = true
            unfinished += 1
            return TestPlan.inventoryTest
        }
        guard let test = waiting.popFirst() else { return nil }
        unfinished += 1
        return test
    }

    mutating func record(_ result: TestResult, inventory found: PluginInventory?) {
        unfinished -= 1
        results[result.name] = result
        if let found { inventory = found }
        guard !loadingEnded else { return }
        loadingEnded = true
        var planned = TestPlan.fixedTests
        if let inventory { planned += TestPlan.tests(for: inventory) }
        selected = TestPlan.filter(planned, prefixes: options.only)
        waiting = selected.filter { $0 != TestPlan.inventoryTest }[...]
    }

    var isDone: Bool { loadingEnded && waiting.isEmpty && unfinished == 0 }

    func report() -> ValidationReport {
        var rows = selected.compactMap { results[$0.name] }
        let groups = ["behaviour", "robustness", "curves"]
        let wantsGroups = options.only.isEmpty || options.only.contains { p in groups.contains { $0.hasPrefix(p) || p.hasPrefix($0) } }
        if inventory == nil && wantsGroups {
            let loading = results[TestPlan.inventoryTest.name]
            let why = loading?.status == .fail ? "the host refuses the plugin" : "the loading test ended \(loading?.status.rawValue ?? "without a result")"
            rows.append(TestResult(name: "behaviour", status: .skip,
                                   reason: "\(why), so no effect or curve could be tested; see load.accepted", seconds: 0))
        }
        return ValidationReport(plugin: options.pluginPath, results: rows)
    }
}

/// Why `host validate` could not run at all (as opposed to a test that failed).
public struct ValidationFailure: Error, CustomStringConvertible {
    public let description: String
}

/// A private folder for the children's reports and output, removed with its files: when it
/// is let go, or when `host validate` is ended by a signal (TerminationCleanup, which also
/// kills the test processes). The gallery's preview copies write into one too.
package final class TemporaryFolder {
    package let path: String

    /// A new folder in $TMPDIR (or /tmp) named `prefix` and six random characters.
    package init(prefix: String = "host-validate") throws {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/\(prefix)-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ValidationFailure(description: "cannot make a temporary folder in \(base): \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
        TerminationCleanup.removeOnTermination(folder: path)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
        TerminationCleanup.forget(folder: path)
    }
}
