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

/// Runs the conformance tests of one plugin, each in a child process of `executable` (the
/// host binary itself), so that a plugin that crashes or hangs fails its test and nothing
/// else. The loading test runs first: its child says what the plugin offers, and the tests of
/// every effect and curve are planned from that. The parent never loads the plugin.
public enum Validator {
    public static func run(_ options: ValidationOptions, executable: String) throws -> ValidationReport {
        // dlopen searches the library path for a name without a slash ("fx.so"): the children
        // get the absolute path, the report the path as given.
        let pluginPath = realpath(options.pluginPath, nil).map { resolved in
            defer { free(resolved) }
            return String(cString: resolved)
        } ?? options.pluginPath
        let folder = try TemporaryFolder()
        var results: [String: TestResult] = [:]
        var counter = 0
        func runAll(_ tests: [ConformanceTest]) throws -> PluginInventory? {
            var inventory: PluginInventory?
            var queue = tests[...]
            var running: [TestJob] = []
            while !queue.isEmpty || !running.isEmpty {
                while running.count < max(1, options.jobs), let test = queue.popFirst() {
                    counter += 1
                    running.append(try TestJob(test: test, pluginPath: pluginPath, executable: executable,
                                               folder: folder.path, index: counter, timeout: options.timeout,
                                               scene: options.scene))
                }
                let now = monotonicSeconds()
                let ended = Set(ChildProcess.waitForAny(running.map(\.child), timeout: running.map(\.deadline).min()! - now))
                let after = monotonicSeconds()
                for (i, job) in running.enumerated().reversed() {
                    let timedOut = !ended.contains(i) && after >= job.deadline
                    guard ended.contains(i) || timedOut else { continue }
                    if timedOut { _ = job.child.kill() }
                    let (result, found) = job.finish(timedOut: timedOut, timeout: options.timeout)
                    results[result.name] = result
                    if let found { inventory = found }
                    running.remove(at: i)
                }
            }
            return inventory
        }

        let inventory = try runAll([TestPlan.inventoryTest])
        var planned = TestPlan.fixedTests
        if let inventory { planned += TestPlan.tests(for: inventory) }
        let selected = TestPlan.filter(planned, prefixes: options.only)
        _ = try runAll(selected.filter { $0 != TestPlan.inventoryTest })

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
/// kills the test processes).
final class TemporaryFolder {
    let path: String

    init() throws {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/host-validate-XXXXXX".utf8CString)
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
