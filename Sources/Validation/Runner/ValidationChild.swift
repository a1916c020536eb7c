import FoundationEssentials
import PluginHost

import LibC

/// The child side of `host validate`: runs one named test on one plugin and writes its
/// report. The parent runs this in a process of its own per test (the hidden subcommand
/// `host validate-child`), so that whatever the plugin does — crash, hang, exit — ends that
/// process and not the validation.
public enum ValidationChild {
    /// The hidden subcommand of `host` that runs one test: `host validate-child PLUGIN --test
    /// NAME --result FILE`.
    public static let commandName = "validate-child"

    /// Runs `testName` on the plugin at `pluginPath` and writes the report to `resultPath`.
    /// Returns the process's exit status: 0 when a report was written.
    /// `scene`: a scene file and the name of its segue to play every test on (`host validate
    /// --scene`), already checked by the parent. `timeout`: the seconds the test may run,
    /// counted from when its process is ready (see `armTimeout`); nil runs it without a clock.
    /// `filterProgram`: the sandbox's seccomp filter, compiled by the parent before it forked
    /// this process (HelperFilter.program); empty, and the sandbox compiles its own.
    public static func run(testName: String, pluginPath: String, resultPath: String, scene: (path: String, segue: String?)? = nil,
                           timeout: Double? = nil, filterProgram: [UInt8] = []) -> Int32 {
        // A plugin's crash or exit is a test result, judged by the parent.
        HelperProcess.becomeHelper()
        // No test process outlives the `host validate` that started it, however it ends.
        HelperSandbox.endWithParent()
        // The plugin under test is as untrusted as any: it runs in the helpers' sandbox
        // (docs/SANDBOX.md), reading only itself, the scene file, the plugins bundled with the
        // host (the pairing test loads them) and the system's libraries, and writing nothing
        // but the report, whose file is opened before.
        let report = open(resultPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard report >= 0 else {
            ChildProgress.step("cannot write the report to \(resultPath): \(String(cString: strerror(errno)))")
            return 3
        }
        defer { close(report) }
        let bundled = PluginSearchPath.currentExecutablePath().map {
            URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("plugins").path
        }
        _ = HelperSandbox.enter(readable: [pluginPath] + (scene.map { [$0.path] } ?? []), folders: bundled.map { [$0] } ?? [],
                                cpuSeconds: 600, filterProgram: filterProgram)

        var sceneFile: DemoStage.SceneFile?
        if let scene {
            guard let chosen = ValidationScene.load(scene.path, segue: scene.segue) else {
                ChildProgress.step("the scene \(scene.path) cannot be used")
                return 2
            }
            sceneFile = chosen
        }
        guard let test = ConformanceTest(name: testName) else {
            ChildProgress.step("unknown test '\(testName)'")
            return 2
        }
        if let timeout { armTimeout(timeout) }
        let (verdict, inventory) = run(test, path: pluginPath, scene: sceneFile)
        ChildProgress.step("done: \(verdict.status.rawValue)")
        do {
            try ChildReport(verdict: verdict, inventory: inventory).write(toDescriptor: report)
            return 0
        } catch {
            ChildProgress.step("cannot write the report to \(resultPath): \(error)")
            return 3
        }
    }

    /// `scene`: the scene file's segue the tests that run transitions play on; nil for the demo scene.
    static func run(_ test: ConformanceTest, path: String, scene: DemoStage.SceneFile?) -> (Verdict, PluginInventory?) {
        switch test {
        case .load(let check):
            return LoadingChecks.run(check, path: path)
        case .descriptors(let rule):
            switch DescriptorAudit.run(path: path) {
            case .failure(let verdict): return (verdict, nil)
            case .success(let audit): return (audit.verdict(rule), nil)
            }
        case .behaviour(let effect, let kind, let check):
            return (withSubject(path, scene) { BehaviourChecks.run(check, kind: kind, effectID: effect, subject: $0) }, nil)
        case .pairing(let effect):
            return (withSubject(path, scene) { PairingCheck.run(effectID: effect, subject: $0) }, nil)
        case .robustness(let effect, let check):
            return (withSubject(path, scene) { RobustnessChecks.run(check, effectID: effect, subject: $0) }, nil)
        case .interaction(let effect, let kind, let check):
            return (withSubject(path, scene) { InteractionChecks.run(check, kind: kind, effectID: effect, subject: $0) }, nil)
        case .curve(let id, let check):
            return (withSubject(path, scene) { CurveChecks.run(check, curveID: id, subject: $0) }, nil)
        }
    }

    /// The signal that ends a test at its timeout: the parent reads a death by it as "timed out".
    static let timeoutSignal = SIGALRM

    /// Ends this process by `timeoutSignal` `seconds` from now. The test's clock starts here,
    /// once the process has started and entered its sandbox, because that start alone can take
    /// seconds on a loaded machine and is no part of what the plugin does. The signal's default
    /// action ends the process whatever the plugin is doing (a loop included) and needs no
    /// handler; a plugin that blocks or catches it is killed by the parent's later deadline.
    private static func armTimeout(_ seconds: Double) {
        signal(timeoutSignal, SIG_DFL)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, timeoutSignal)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        let whole = seconds.rounded(.down)
        var timer = itimerval(it_interval: timeval(),
                              it_value: timeval(tv_sec: Int(whole), tv_usec: Int((seconds - whole) * 1_000_000)))
        setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
    }

    private static func withSubject(_ path: String, _ scene: DemoStage.SceneFile?, _ body: (Subject) -> Verdict) -> Verdict {
        switch Subject.load(path, scene: scene) {
        case .failure(let verdict): return verdict
        case .success(let subject):
            let verdict = body(subject)
            subject.plugin.deinitialize()
            return verdict
        }
    }
}
