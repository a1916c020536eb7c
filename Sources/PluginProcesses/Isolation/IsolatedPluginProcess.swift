import TransitionCore

import LibC
import PluginABI

/// One plugin loaded in a child process of its own (`host _isolate`), and the channel to it.
/// The host calls the plugin through `call`; the plugin's calls into the host table arrive
/// while the host waits, and HostTableServer answers them here, in the host, on the scene.
///
/// When the child crashes, hangs past the deadline, or writes garbage, the process is killed
/// and marked failed with a reason that names the plugin and the signal or timeout; every
/// transition it was serving is told (TransitionContext.animatorFailed) and falls back.
public final class IsolatedPluginProcess {
    public let pluginID: String
    public let path: String
    /// The runtime whose table serves the plugin's calls and whose trace takes its output.
    package let runtime: HostRuntime
    private let child: ChildProcess
    private let channel: IsolationChannel
    /// Why the process is no longer usable; nil while it is.
    public private(set) var failure: String?
    /// The transitions it serves now, told when it fails.
    private var contexts: [Weak<TransitionContext>] = []
    /// What the plugin was doing when it failed ("animate_transition").
    private var currentCall = ""
    /// The seconds the plugin's calls may take in all, after its init: five times the
    /// per-call deadline. A plugin that takes just under the deadline in every call would
    /// otherwise stretch a run without limit and still end clean.
    package let budget: Double
    /// What the plugin's process had taken when its init ended (the channel's wait for it).
    private var spentAtLoad = 0.0
    /// Calls into the plugin in progress: the budget is checked when the outermost ends.
    private var depth = 0

    /// Starts the child and has it load the plugin. Throws with a readable reason when the
    /// child cannot start or the plugin does not load there.
    public init(executable: String, path: String, pluginID: String, timeout: Double, runtime: HostRuntime) throws {
        self.runtime = runtime
        self.pluginID = pluginID
        self.path = path
        budget = Self.budget(timeout: timeout, setting: getenv("HOST_ISOLATE_BUDGET").map { String(cString: $0) })
        let (started, mine) = try SpareIsolatedProcess.take(executable: executable, path: path)
            ?? Self.spawn(executable: executable, path: path)
        child = started
        channel = IsolationChannel(fd: mine, timeout: timeout)
        channel.server = { [unowned self] op, reader in try HostTableServer.serve(op, &reader, for: self) }
        // The reply is the loader's refusal, or nil when the plugin loaded and passed its checks.
        // Starting a process and loading a plugin may take longer than a call on a busy
        // machine: the scanner's allowance, not the per-call deadline, bounds it.
        guard var reply = try call(.loadPlugin, "init", allowing: max(timeout, PluginScanner.defaultFileTimeout), { _ in }) else {
            throw LoadFailure(reason: failure ?? "the plugin did not load")
        }
        if let refusal = try? reply.string() { throw LoadFailure(reason: refusal) }
        if let missing = try? reply.string() { SandboxNotice.report(missing) }
        spentAtLoad = channel.waited
    }

    /// Starts `host _isolate` with one end of a new socket on descriptor 3 and the seccomp
    /// filter on descriptor 4 (HelperFilter); returns the child and the host's end. Without a
    /// `path` the child waits for one (a spare: SpareIsolatedProcess), and is handed no filter.
    package static func spawn(executable: String, path: String?) throws -> (ChildProcess, Int32) {
        let (mine, theirs) = try IsolationChannel.socketPair()
        // A spare compiles its own while it waits (IsolatedPluginChild).
        let filter = path == nil ? nil : HelperFilter.makeEnds()
        let child: ChildProcess
        do {
            child = try start(executable: executable, path: path, channel: theirs, filter: filter?.theirs)
        } catch {
            close(mine); close(theirs)
            if let filter { close(filter.mine); close(filter.theirs) }
            throw error
        }
        close(theirs)
        // While the child starts up: it needs the filter only once it is in its namespaces.
        if let filter { close(filter.theirs); HelperFilter.send(filter.mine) }
        return (child, mine)
    }

    /// The child process, handed `channel` on descriptor 3 (and `filter` on HelperFilter's).
    private static func start(executable: String, path: String?, channel: Int32, filter: Int32?) throws -> ChildProcess {
        if path == nil, ChildProcess.canFork {
            // A spare started as the host begins, with one thread yet: a copy of the host
            // skips the exec and the Swift start-up, most of what a spawned spare costs.
            return try ChildProcess(forking: { IsolatedPluginChild.run(path: nil, channelDescriptor: 3) }, passing: [(channel, 3)])
        }
        return try ChildProcess(
            executable: executable,
            arguments: [IsolatedPluginChild.commandName, "--channel-fd", "3"]
                + (filter.map { _ in [HelperFilter.option, "\(HelperFilter.descriptor)"] } ?? []) + (path.map { [$0] } ?? []),
            // The plugin's own printing is captured into the trace, escaped and bounded:
            // inherited, it would corrupt the host's JSON on standard output and reach the
            // terminal raw.
            output: .capture, error: .capture,
            // A plugin's crash is reported by the host in one line; the Swift runtime's
            // backtrace of the helper would only bury it (and takes a while to write).
            environment: ["SWIFT_BACKTRACE": "enable=no"],
            passing: [(channel, 3)] + (filter.map { [($0, HelperFilter.descriptor)] } ?? []))
    }

    /// The budget of a plugin's calls in a run, in per-call deadlines (`--isolate-timeout`).
    public static let budgetFactor = 5.0

    /// The seconds a plugin's calls may take in a run: budgetFactor times the per-call
    /// `timeout`, or HOST_ISOLATE_BUDGET's seconds when it is a number above 0 (a knob for
    /// tests, which need a budget far below the deadlines a loaded machine needs per call).
    package static func budget(timeout: Double, setting: String?) -> Double {
        if let setting, let seconds = Double(setting), seconds.isFinite, seconds > 0 { return seconds }
        return budgetFactor * timeout
    }

    /// The seconds the plugin's calls have taken since its init: the time the host waited
    /// for its process, not the host's own work serving its requests.
    package var spent: Double { channel.waited - spentAtLoad }

    public struct LoadFailure: Error, CustomStringConvertible {
        public let reason: String
        package init(reason: String) { self.reason = reason }
        public var description: String { reason }
    }

    /// Transitions to tell when the process fails.
    package func serve(_ context: TransitionContext) {
        contexts.removeAll { $0.value == nil || $0.value!.isEnded }
        if !contexts.contains(where: { $0.value === context }) { contexts.append(Weak(context)) }
        if let failure { context.animatorFailed(failure) }
    }

    /// Calls the plugin; nil once the process has failed (now or before). `what` names the
    /// call in the failure's reason. Calls are attributed to the plugin, as in-process calls are.
    package func call(_ op: IsolationOp, _ what: String, allowing: Double? = nil, _ args: (inout WireWriter) -> Void) throws -> WireReader? {
        guard failure == nil else { return nil }
        let saved = currentCall
        currentCall = what
        depth += 1
        defer { currentCall = saved; depth -= 1 }
        defer { takeOutput() }
        let reply: WireReader
        do {
            reply = try runtime.calling(plugin: pluginID) { try channel.call(op.rawValue, allowing: allowing, args) }
        } catch let f as IsolationChannel.Failure {
            fail(f)
            return nil
        }
        if depth == 1 && op != .loadPlugin && spent > budget {
            fail(because: "plugin '\(pluginID)' took \(NumberText.readable(spent)) s in its calls in all during this run (at most "
                 + "\(format(budget)) s, \(format(Self.budgetFactor)) times --isolate-timeout), the last being \(what); killed")
            return nil
        }
        return reply
    }

    /// What the plugin printed and the last call has not yet taken: a line not yet ended.
    private var unfinishedLine: [UInt8] = []

    /// Puts what the plugin printed during the call into the trace, line by line. The pipe
    /// holds at most 64 KiB; what the plugin wrote beyond that while the host was not reading
    /// was refused to it (its write failed). At most four pipefuls are read per call: a
    /// plugin thread printing without end must not keep the host here.
    private func takeOutput() {
        for _ in 0..<4 {
            let bytes = child.readCaptured()
            if bytes.isEmpty { break }
            unfinishedLine += bytes
            while let newline = unfinishedLine.firstIndex(of: 0x0a) {
                runtime.recordOutput(of: pluginID, unfinishedLine[..<newline])
                unfinishedLine.removeSubrange(...newline)
            }
            if unfinishedLine.count > HostRuntime.logLineLimit {
                runtime.recordOutput(of: pluginID, unfinishedLine[...])
                unfinishedLine = []
            }
        }
    }

    /// Runs one of the plugin's callbacks; a failure is recorded, not thrown, because the
    /// caller is the host's engine, which has no use for it.
    package func runCallback(_ what: String, _ args: (inout WireWriter) -> Void) {
        _ = try? call(.runCallback, what, args)
    }

    /// One round trip that runs no plugin code: what isolation costs per call.
    public func ping() -> Bool { (try? call(.ping, "ping") { _ in }) != nil }

    private func fail(_ f: IsolationChannel.Failure) {
        guard failure == nil else { return }
        let during = currentCall.isEmpty ? "" : " during \(currentCall)"
        let reason: String
        switch f {
        case .closed, .io:
            // The socket closed because the process ended: say how, once it has.
            let how = child.hasExited(within: 1) ? child.reap().description : { child.kill(); return "\(child.reap()) (it closed its channel and was killed)" }()
            reason = "plugin '\(pluginID)' \(how.hasPrefix("exit") ? "exited with \(how)" : "crashed with \(how)")\(during)"
        case .timedOut(let seconds):
            child.kill()
            _ = child.reap()
            reason = "plugin '\(pluginID)' did not answer within \(format(seconds)) s\(during) (hung); killed"
        case .notReading(let seconds):
            child.kill()
            _ = child.reap()
            reason = "plugin '\(pluginID)' read none of the host's replies for \(format(seconds)) s\(during) (it floods the channel); killed"
        case .garbage(let why):
            child.kill()
            _ = child.reap()
            reason = "plugin '\(pluginID)' sent garbage\(during) (\(why)); killed"
        }
        // A process that ends while it serves no transition (a presentation controller told of
        // a resize or a detent between them) is a broken contract too, not a silent fallback.
        markFailed(reason, reportedWhenIdle: true)
    }

    /// Ends the process for a reason of the host's own (a bound it passed). A transition it
    /// serves falls back; past every transition (in animation_ended, destroy), the run's
    /// trace takes it as a broken contract, so that the run is not clean either way.
    private func fail(because reason: String) {
        guard failure == nil else { return }
        child.kill()
        _ = child.reap()
        markFailed(reason, reportedWhenIdle: true)
    }

    /// Keeps `reason` as the process's failure and tells every transition it serves, which
    /// falls back; with `reportedWhenIdle`, a failure while it serves none goes to the trace.
    private func markFailed(_ reason: String, reportedWhenIdle: Bool = false) {
        failure = reason
        let told = contexts.compactMap(\.value)
        for c in told { c.animatorFailed(reason) }
        if reportedWhenIdle && told.allSatisfy(\.isEnded) { runtime.trace?.violation(reason) }
        contexts.removeAll()
    }
}

struct Weak<T: AnyObject> {
    package weak var value: T?
    package init(_ value: T) { self.value = value }
}

private func format(_ x: Double) -> String { NumberText.exact(x) }
