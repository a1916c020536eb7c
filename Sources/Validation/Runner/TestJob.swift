import PluginABI
import PluginHost
import PluginProcesses

import LibC

/// One test running in its child process, and how its end becomes a result.
final class TestJob {
    let test: ConformanceTest
    let child: ChildProcess
    let resultPath: String
    let errorPath: String
    let started: Double
    /// When the parent kills the test: its timeout, which the child's own clock enforces from
    /// when it is ready, plus `startAllowance`, so that only a child that stops that clock
    /// (or never starts it) is ended here.
    let deadline: Double

    /// Seconds a test process may take to start and enter its sandbox, beyond the test's
    /// timeout: about 0.03 s on an idle machine, over 1 s while a whole test suite runs.
    static let startAllowance = 10.0

    /// `fork`: whether the test may run in a copy of this process (see forkChild).
    init(test: ConformanceTest, pluginPath: String, executable: String, folder: String, index: Int, timeout: Double,
         scene: (path: String, segue: String?)? = nil, fork: Bool = true) throws {
        self.test = test
        resultPath = "\(folder)/\(index).json"
        errorPath = "\(folder)/\(index).err"
        started = monotonicSeconds()
        deadline = started + timeout + Self.startAllowance
        let outputPath = "\(folder)/\(index).out"
        if fork, ChildProcess.canFork, !PluginLoader.hasLinkedAPlugin {
            child = try Self.forkChild(test: test, pluginPath: pluginPath, resultPath: resultPath, timeout: timeout, scene: scene,
                                       output: outputPath, error: errorPath)
        } else {
            child = try ChildProcess(
                executable: executable,
                arguments: [ValidationChild.commandName, pluginPath, "--test", test.name, "--result", resultPath,
                            "--timeout", String(timeout)]
                    + (scene.map { ["--scene", $0.path] + ($0.segue.map { ["--segue", $0] } ?? []) } ?? []),
                output: .file(outputPath), error: .file(errorPath),
                // As in a copy, whose signals are the system's: a plugin's crash is the
                // test's result, and the runtime's backtrace of it would only be noise in
                // the reason's "last output".
                environment: ["SWIFT_BACKTRACE": "enable=no"])
        }
    }

    /// The test's process as a copy of this one, which runs what `host validate-child` runs and
    /// exits as it does, without the exec and the Swift start-up: about a third of what a short
    /// test costs. Only while this process has one thread and has linked no plugin (a copy
    /// would share that plugin's state); the caller checks.
    private static func forkChild(test: ConformanceTest, pluginPath: String, resultPath: String, timeout: Double,
                                  scene: (path: String, segue: String?)?, output: String, error: String) throws -> ChildProcess {
        let out = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let err = open(error, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer {
            if out >= 0 { close(out) }
            if err >= 0 { close(err) }
        }
        guard out >= 0, err >= 0 else {
            throw ValidationFailure(description: "cannot open a test's output in \(output): \(String(cString: strerror(errno)))")
        }
        // What this process has buffered for its own output is not the child's to write again.
        fflush(nil)
        // The sandbox's filter, compiled here once (about 2 ms) rather than in every test.
        let filter = HelperFilter.program
        return try ChildProcess(forking: {
            exit(ValidationChild.run(testName: test.name, pluginPath: pluginPath, resultPath: resultPath, scene: scene, timeout: timeout,
                                     filterProgram: filter))
        }, passing: [(out, 1), (err, 2)])
    }

    /// The result, once the child has ended (or was killed at its deadline).
    func finish(timedOut: Bool, timeout: Double) -> (TestResult, PluginInventory?) {
        let ended = child.reap()
        let seconds = monotonicSeconds() - started
        let (step, lastOutput) = Self.readProgress(errorPath)
        let during = step.map { " during: \($0)" } ?? ""
        let output = lastOutput.map { "; last output: \($0)" } ?? ""
        func result(_ status: TestStatus, _ reason: String) -> TestResult {
            TestResult(name: test.name, status: status, reason: reason, seconds: seconds)
        }
        if timedOut {
            return (result(.timedOut, "still running \(number((seconds * 10).rounded() / 10)) s after it started (the plugin stopped the test's own clock of \(number(timeout)) s), so it was killed\(during)\(output)"), nil)
        }
        switch ended {
        case .signalled(ValidationChild.timeoutSignal):
            return (result(.timedOut, "still running after \(number(timeout)) s, so it was killed\(during)\(output)"), nil)
        case .signalled:
            return (result(.crashed, "killed by \(ended)\(during)\(output)"), nil)
        case .exited(let code):
            guard code == 0, let report = ChildReport.read(from: resultPath) else {
                return (result(.crashed, "the test process exited with status \(code) without a result\(during) (does the plugin call exit()?)\(output)"), nil)
            }
            return (result(report.verdict.status, report.verdict.reason), report.inventory)
        }
    }

    /// The last step the child reported, and the last other line it printed (the plugin's,
    /// or the runtime's last words).
    static func readProgress(_ path: String) -> (step: String?, lastOutput: String?) {
        guard let file = fopen(path, "r") else { return (nil, nil) }
        defer { fclose(file) }
        var step: String?, last: String?
        var line: UnsafeMutablePointer<CChar>?
        var capacity = 0
        defer { free(line) }
        while getline(&line, &capacity, file) > 0, let line {
            let text = String(cString: line).trimmingTrailingNewline
            if text.hasPrefix(ChildProgress.prefix) {
                step = String(text.dropFirst(ChildProgress.prefix.count))
            } else if !text.isEmpty {
                last = text.count > 200 ? String(text.prefix(200)) + "…" : text
            }
        }
        if step?.hasPrefix("done: ") == true { step = nil }
        return (step, last)
    }
}

extension String {
    var trimmingTrailingNewline: String {
        var s = Substring(self)
        while s.last == "\n" || s.last == "\r" { s.removeLast() }
        return String(s)
    }
}
