import ArgumentParser
import PluginHost
import Validation

import LibC

struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that a plugin keeps the contract: named conformance tests, each in its own process.",
        discussion: """
            Loading (entry, ABI version, immediate binding, load time, unknown extension ids), \
            descriptors (ids, names, parameter defaults, enum defaults, structure), behaviour of \
            every effect for every transition it claims (end state, cancel, a single \
            complete_transition, zero and long durations, identical frames twice, interactive \
            scrub and finish), robustness (parameter fuzzing, contexts used after their \
            transition) and timing curves (f(0) = 0, f(1) = 1, finite on [0, 1]).

            A test whose plugin crashes or hangs is reported as crashed or timed out; the other \
            tests still run. Several plugins get a report each, in the order given, then a line \
            that counts them (with --json, an array of reports). Exit codes: 0 every test \
            passed, warned or was skipped; 1 a test failed, crashed or timed out; 2 a file does \
            not exist; 64 bad usage.
            """)

    @Argument(help: ArgumentHelp("The plugin: a shared library (.so). Several are validated from one pool of processes, one report each.",
                                 valueName: "plugin.so"))
    var plugins: [String]

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    @Option(help: ArgumentHelp("Seconds each test may run before it is killed, counted once its process has started.", valueName: "seconds"))
    var timeout: Double = 20

    @Option(help: ArgumentHelp("Tests to run at once, each in its own process (one per processor by default).", valueName: "n"))
    var jobs: Int = ValidationOptions.defaultJobs

    @Option(help: ArgumentHelp(
        "Play the behaviour tests on a scene file's segue instead of the demo scene (see docs/SCENES.md): a path, or a bundled scene such as 'photos'. Exercises shared elements and other screens.",
        valueName: "file"))
    var scene: String?

    @Option(help: ArgumentHelp("With --scene: the segue to play (default: the scene's first).", valueName: "name"))
    var segue: String?

    @Option(name: .customLong("only"), help: ArgumentHelp(
        "Run only the tests whose name starts with this, e.g. 'load.' or 'behaviour.fade' (repeatable).", valueName: "prefix"))
    var only: [String] = []

    /// Not for people: each test from a fresh start of this program, as when this process
    /// cannot fork; the tests compare the two.
    @Flag(help: .hidden)
    var noFork = false

    func validate() throws {
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be between 0 and 3600 seconds, not \(timeout)")
        }
        guard (1...64).contains(jobs) else { throw ValidationError("--jobs must be between 1 and 64, not \(jobs)") }
        guard segue == nil || scene != nil else { throw ValidationError("--segue needs --scene") }
        guard !plugins.isEmpty else { throw ValidationError("name a plugin file (.so) to validate") }
    }

    func run() throws {
        // Every file is there before any test runs.
        for plugin in plugins {
            var info = stat()
            guard stat(plugin, &info) == 0 else {
                printError("error: no file at \(plugin)")
                throw HostExit.badEffect
            }
        }
        guard let executable = PluginSearchPath.currentExecutablePath() else {
            printError("error: cannot find this program's own path (/proc/self/exe), which validate runs for each test")
            throw ExitCode.failure
        }
        // The scene is read and checked here, so that a bad one is one error, not a crash per test.
        let scenePath = try scene.map { try sceneFile($0).path }
        if let scenePath, let problem = ValidationScene.problem(scenePath, segue: segue) {
            printError("error: \(problem)")
            throw HostExit.badEffect
        }
        let options = plugins.map {
            var options = ValidationOptions(pluginPath: $0, timeout: timeout, jobs: jobs, only: only, scene: scenePath.map { ($0, segue) })
            options.forks = !noFork
            return options
        }
        var done = 0
        let reports = try Validator.run(options, jobs: jobs, executable: executable) { _, report in
            done += 1
            // Progress on the long part, when there is more than one report to wait for.
            if plugins.count > 1 { printError("validated \(done) of \(plugins.count): \(report.plugin)") }
        }
        if json {
            print(reports.count == 1 ? reports[0].json() : "[\n" + reports.map { $0.json() }.joined(separator: ",\n") + "\n]")
        } else {
            printText(reports.map { $0.table() }.joined(separator: "\n\n"))
            if reports.count > 1 { printText("\n" + Self.tally(reports)) }
        }
        if reports.contains(where: { $0.failed }) { throw HostExit.notClean }
    }

    /// "3 plugins: all conform", or "3 plugins: 1 does NOT conform (a.so)".
    static func tally(_ reports: [ValidationReport]) -> String {
        let failed = reports.filter(\.failed)
        guard !failed.isEmpty else { return "\(reports.count) plugins: all conform" }
        let verb = failed.count == 1 ? "does" : "do"
        return "\(reports.count) plugins: \(failed.count) \(verb) NOT conform (\(failed.map(\.plugin).joined(separator: ", ")))"
    }
}

/// One test of `host validate`, run in a process of its own. Not for people: the parent
/// starts it and reads the report it writes.
struct ValidateChildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: ValidationChild.commandName, abstract: "Run one conformance test (used by 'host validate').",
        shouldDisplay: false)

    @Argument var plugin: String
    @Option var test: String
    @Option var result: String
    @Option var scene: String?
    @Option var segue: String?
    @Option var timeout: Double?

    func run() throws {
        let status = ValidationChild.run(testName: test, pluginPath: plugin, resultPath: result,
                                         scene: scene.map { ($0, segue) }, timeout: timeout)
        if status != 0 { throw ExitCode(status) }
    }
}
