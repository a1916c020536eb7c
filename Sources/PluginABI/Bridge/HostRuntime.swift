import CTransitionABI
import TransitionCore

import LibC

/// The host side of the C ABI for one set of plugins (a command's session, a helper process,
/// a test): the state the host table's functions act on — the scene of the current run, its
/// trace and curves, the handle table, the plugin calls in progress, the keyframe recorders,
/// an isolated plugin's callbacks — owned by an instance, never by the process, so that two
/// runtimes (two tests side by side) share nothing.
///
/// C function pointers cannot carry a context, and the header gives the host's functions no
/// host argument, so the table's functions find their runtime through the calling thread:
/// a runtime binds itself to the thread for the length of each call it makes into a plugin
/// (`calling`). That is also the header's thread rule, checked: a host function called from
/// any other thread, or outside a call into the plugin, finds no runtime and returns
/// TH_ERR_WRONG_THREAD. The C entry points stay thin trampolines into the runtime.
public final class HostRuntime {
    public init() {
        PluginExitGuard.install()
    }

    /// The table every plugin's init receives: one for the process, holding nothing but the
    /// trampolines; plugins may keep the pointer until deinit.
    package var table: UnsafeMutablePointer<th_host_api> { HostAPITable.table }

    /// The runtime bound to the calling thread: the one inside whose call into a plugin the
    /// thread now is, or the one that adopted it; nil on any other thread.
    package static var current: HostRuntime? {
        guard let raw = pthread_getspecific(currentKey) else { return nil }
        return Unmanaged<HostRuntime>.fromOpaque(raw).takeUnretainedValue()
    }

    package var handles = HandleTable()
    /// Where plugin logs and warnings go during a run; nil while listing and loading. Lines
    /// logged before a run (from init) join the first trace set here.
    package var trace: TransitionTrace? { didSet { flushPendingLogs() } }
    /// The curves plugins may name through TH_EXT_HOST_CURVES: those of the run entered last
    /// (its engine's), taken with its context.
    private(set) var curves = CurveRegistry()
    /// The plugins being called now, innermost last, with what each call is: to attribute
    /// logs, and to name the call when a plugin ends the process (PluginExitGuard).
    private(set) var callStack: [(plugin: String, doing: String)] = []
    /// The recorders of the animate_keyframes calls in progress, innermost last: add_keyframe
    /// is a plain C function, so it finds its recorder here.
    package var keyframeRecorders: [KeyframeRecorder] = []
    /// Isolated plugins' callbacks the host holds (PluginProcesses' IsolationCallbacks): a
    /// trampoline's user_data is an index here.
    package var isolatedCallbacks: [IsolatedCallback] = []

    /// Binds this runtime to the calling thread outside any call into a plugin, for code
    /// (tests, the benchmarks) that calls the host table directly. Kept for the life of the
    /// process (the binding holds a reference), until another runtime adopts the thread.
    public func adoptCurrentThread() {
        precondition(callStack.isEmpty, "the host is inside a call into a plugin")
        if let old = pthread_getspecific(Self.adoptedKey) { Unmanaged<HostRuntime>.fromOpaque(old).release() }
        let retained = Unmanaged.passRetained(self).toOpaque()
        pthread_setspecific(Self.adoptedKey, retained)
        pthread_setspecific(currentKey, retained)
    }

    /// Runs `body`, a call into `plugin`, with this runtime bound to the thread, so that what
    /// the plugin calls back reaches this runtime and is attributed to the plugin. `doing`
    /// names the call ("animate_transition") for the report when the plugin ends the process
    /// inside it.
    package func calling<T>(plugin: String, doing: String = "a call into it", _ body: () throws -> T) rethrows -> T {
        if callStack.isEmpty { hostCalls = (0, false) }
        let previous = pthread_getspecific(currentKey)
        pthread_setspecific(currentKey, Unmanaged.passUnretained(self).toOpaque())
        callStack.append((plugin, doing))
        defer {
            callStack.removeLast()
            pthread_setspecific(currentKey, previous)
        }
        return try body()
    }

    /// The runtime a thread adopted (adoptCurrentThread), kept referenced by the thread.
    private static let adoptedKey = makeThreadKey()

    var currentPlugin: String { callStack.last?.plugin ?? "plugin" }

    /// Points the bridge at the run a context belongs to.
    package func enter(_ context: TransitionContext) {
        handles.use(context.containerView.scene)
        trace = context.trace
        curves = context.containerView.scene.engine.curves
    }

    /// The views a plugin may make in one run, with create_view and the snapshots together: a
    /// transition needs a handful, a stagger of every cell of a long list a few hundred; a
    /// plugin making millions would hold the host for minutes (and an isolated one, each a
    /// round trip, far longer). Past it those calls return TH_ERR_BAD_STATE, and the run is
    /// not clean: the header's create_view says so.
    static let viewsPerRun = 10_000
    /// Views made by each plugin in the scene they were made in (a new scene, a new run).
    private var viewsMade: [String: Int] = [:]
    private weak var viewsScene: Scene?

    /// Counts a view the current plugin is about to make; false past viewsPerRun, which is
    /// reported once per plugin and run as a broken contract.
    func mayMakeView() -> Bool {
        if let scene = handles.scene, viewsScene !== scene {
            viewsScene = scene
            viewsMade = [:]
        }
        let plugin = currentPlugin
        let made = viewsMade[plugin, default: 0] + 1
        viewsMade[plugin] = made
        if made == Self.viewsPerRun + 1 {
            trace?.violation("\(plugin): made \(NumberText.grouped(Self.viewsPerRun)) views in this run, the most a plugin may "
                             + "(create_view and the snapshots together); the rest are refused with TH_ERR_BAD_STATE")
        }
        return made <= Self.viewsPerRun
    }

    /// The host-table calls one call into a plugin may make, its callbacks' included (so a
    /// frame's work at most): a transition makes tens to a few thousand; 10,000 views each
    /// set up with a dozen calls stay within it. A plugin calling without end would hold the
    /// host (an isolated one, each a round trip, for its whole budget) and, through animate,
    /// its memory. Past it the calls return TH_ERR_BAD_STATE and the run is not clean: the
    /// header says so. HOST_CALL_LIMIT replaces it (the tests of an isolated plugin, whose
    /// round trips would take seconds at the real bound).
    static let hostCallsPerPluginCall: Int = {
        if let text = getenv("HOST_CALL_LIMIT"), let value = Int(String(cString: text)), value > 0 { return value }
        return defaultHostCallsPerPluginCall
    }()
    static let defaultHostCallsPerPluginCall = 250_000
    /// Host-table calls made in the current outermost call into a plugin, and whether the
    /// bound was reported.
    private var hostCalls = (made: 0, reported: false)

    /// Counts a host-table call (HostAPITable's `api`); false past hostCallsPerPluginCall,
    /// reported once per call into the plugin as a broken contract. Calls made outside any
    /// call into a plugin (a thread the host adopted: tests, benchmarks) are not counted.
    @inline(__always)
    func mayCallHost() -> Bool {
        guard !callStack.isEmpty else { return true }
        hostCalls.made += 1
        if hostCalls.made <= Self.hostCallsPerPluginCall { return true }
        if !hostCalls.reported {
            hostCalls.reported = true
            let call = callStack.first!
            trace?.violation("\(call.plugin): made \(NumberText.grouped(Self.hostCallsPerPluginCall)) host-table calls in one call "
                             + "(\(call.doing)), the most a plugin may; the rest are refused with TH_ERR_BAD_STATE")
        }
        return false
    }

    /// Whether TH_LOG_DEBUG lines reach the trace (`host run --verbose`).
    public var showsDebugLogs = false
    /// Where log lines go while no run is going (a plugin's init, as the host loads it):
    /// kept for the next run's trace, since `host run` loads the plugins it uses just before
    /// it runs; the scanner's child, which never runs anything, writes warnings and errors to
    /// standard error instead (shown with HOST_DEBUG_SCAN=1).
    package var keepsLogsForTheNextRun = true
    /// Lines logged while no run was going, for the next trace; at most `pendingLogLimit`.
    private var pendingLogs: [(level: TransitionTrace.Level, line: String)] = []
    private let pendingLogLimit = 256
    /// "plugin level" of each unknown log level already reported: once per plugin is enough.
    private var reportedLogLevels = Set<String>()

    package func log(level: UInt32, message: String) {
        if Int(level) == Int(TH_LOG_DEBUG) && !showsDebugLogs { return }
        let plugin = currentPlugin
        let traceLevel: TransitionTrace.Level
        switch Int(level) {
        case Int(TH_LOG_ERROR): traceLevel = .error
        case Int(TH_LOG_WARNING): traceLevel = .warning
        case Int(TH_LOG_DEBUG), Int(TH_LOG_INFO): traceLevel = .info
        default:
            traceLevel = .info
            if reportedLogLevels.insert("\(plugin) \(level)").inserted {
                record(.warning, "\(plugin): contract violation: log level \(level) is not TH_LOG_DEBUG (0), TH_LOG_INFO (1), "
                    + "TH_LOG_WARNING (2) or TH_LOG_ERROR (3); its lines are shown as info")
            }
        }
        // Plugin text never reaches a terminal raw: control characters are shown as escapes.
        record(traceLevel, "\(plugin): \(VisibleText.escape(message))")
    }

    /// A trace holds at most this many plugin log lines, each cut to `logLineLimit` bytes (1 KiB):
    /// a plugin that logs without end must not cost the host gigabytes (100,000 lines of
    /// 8 KiB would take 3 GB). What is dropped is counted and said once the run ends.
    static let logLinesPerTrace = 10_000
    package static let logLineLimit = 1024
    private var logLines: (trace: ObjectIdentifier?, kept: Int, dropped: Int) = (nil, 0, 0)

    /// Whether the run's trace takes another plugin log line; when it does not, the line is
    /// counted as dropped (said at the run's end), so the caller need not read it at all.
    func keepsAnotherLogLine() -> Bool {
        guard let trace else { return true }
        if logLines.trace != ObjectIdentifier(trace) { logLines = (ObjectIdentifier(trace), 0, 0) }
        guard logLines.kept >= Self.logLinesPerTrace else { return true }
        if logLines.dropped == 0 {
            trace.add(.warning, "plugin log lines dropped from here on: a run keeps at most \(Self.logLinesPerTrace)")
        }
        logLines.dropped += 1
        trace.setSummaryNote("plugin-logs", "\(logLines.dropped) plugin log lines dropped (at most \(Self.logLinesPerTrace) a run)")
        return false
    }

    private func record(_ level: TransitionTrace.Level, _ line: String) {
        if let trace {
            if logLines.trace != ObjectIdentifier(trace) { logLines = (ObjectIdentifier(trace), 0, 0) }
            logLines.kept += 1
            trace.add(level, line)
        } else if keepsLogsForTheNextRun {
            if pendingLogs.count < pendingLogLimit { pendingLogs.append((level, line)) }
        } else if level == .warning || level == .error {
            let text = line + "\n"
            _ = text.withCString { write(2, $0, strlen($0)) }
        }
    }

    /// A line an isolated plugin printed (its standard output or error, captured by the
    /// host): into the trace as the plugin's log lines go, escaped, cut and counted alike.
    package func recordOutput(of plugin: String, _ bytes: ArraySlice<UInt8>) {
        guard keepsAnotherLogLine() else { return }
        let text = String(decoding: bytes.prefix(Self.logLineLimit), as: UTF8.self)
        let cut = bytes.count > Self.logLineLimit ? "… (cut: longer than \(Self.logLineLimit) bytes)" : ""
        record(.info, "\(plugin) printed: \(VisibleText.escape(text))\(cut)")
    }

    /// A plugin's log message as text: at most logLineLimit bytes are read (a longer one is
    /// cut, and says so), and bytes that are not UTF-8 are shown as U+FFFD.
    static func logText(_ message: UnsafePointer<CChar>) -> String {
        let length = strnlen(message, logLineLimit + 1)
        let text = String(decoding: UnsafeRawBufferPointer(start: message, count: min(length, logLineLimit)), as: UTF8.self)
        return length > logLineLimit ? text + "… (cut: longer than \(logLineLimit) bytes)" : text
    }

    /// Puts the lines logged while loading into the run's trace, first.
    private func flushPendingLogs() {
        guard let trace, !pendingLogs.isEmpty else { return }
        for (level, line) in pendingLogs { trace.add(level, line) }
        pendingLogs.removeAll()
    }

    /// Contexts already reported as used after their transition ended (once each is enough).
    private var reportedStaleContexts = Set<UInt64>()

    /// The live context `h` names, or nil. A context kept past its transition's end is a
    /// plugin bug that TH_ERR_BAD_HANDLE alone would hide, so it is also reported, once.
    package func context(_ h: th_context) -> TransitionContext? {
        if let c = handles.context(h) { return c }
        if handles.isEndedContext(h), reportedStaleContexts.insert(h.id).inserted {
            reportMisuse("used a context after its transition had ended (animation_ended); the call returned TH_ERR_BAD_HANDLE")
        }
        return nil
    }

    /// A misuse of the host table worth telling the plugin's author about.
    package func reportMisuse(_ what: String) {
        trace?.warning("\(currentPlugin): \(what)")
    }
}

/// The thread's current runtime (HostRuntime.current): a thread-specific slot, so that each
/// thread sees only the runtime it is calling plugins for.
private let currentKey = makeThreadKey()

private func makeThreadKey() -> pthread_key_t {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left")
    return key
}

/// A callback an isolated plugin handed to a host function, held by the runtime for as long
/// as it lives: the process that runs it (weak: it may end first) and the plugin's token.
package struct IsolatedCallback {
    package weak var process: AnyObject?
    package let token: UInt64

    package init(process: AnyObject, token: UInt64) {
        self.process = process
        self.token = token
    }
}
