import CTransitionABI
import Synchronization
import TransitionCore

import LibC

/// The host side of the C ABI: the th_host_api table every plugin receives, and the state its
/// functions act on (the scene of the current run, its trace, the handle table).
///
/// C function pointers cannot carry a context, so the table's functions reach this state
/// through `shared`. That is safe because the ABI is single-threaded: every entry checks that
/// it runs on the host's thread (see `owner`) and otherwise returns TH_ERR_WRONG_THREAD.
final class HostBridge {
    nonisolated(unsafe) static let shared = HostBridge()

    /// Allocated once and never freed: plugins may keep the pointer until deinit.
    let table: UnsafeMutablePointer<th_host_api>
    /// The host's thread: the one that made the latest top-level call into a plugin. The ABI
    /// is single-threaded, not bound to one thread for the life of the process: a Swift
    /// program's main actor, for one, may run on different threads over time.
    /// Atomic because a call from a wrong thread reads it while the host's thread may be
    /// setting it: the check must be a clean read, never a data race (ThreadSanitizer).
    private let owner = Atomic<UInt>(0)
    var handles = HandleTable()
    /// Where plugin logs and warnings go during a run; nil while listing and loading. Lines
    /// logged before a run (from init) join the first trace set here.
    var trace: TransitionTrace? { didSet { flushPendingLogs() } }
    /// The curves plugins may name through TH_EXT_HOST_CURVES: those of the run entered last
    /// (its engine's), taken with its context.
    private(set) var curves = CurveRegistry()
    /// The plugins being called now, innermost last, with what each call is: to attribute
    /// logs, and to name the call when a plugin ends the process (PluginExitGuard).
    private(set) var callStack: [(plugin: String, doing: String)] = []

    private init() {
        owner.store(UInt(pthread_self()), ordering: .relaxed)
        table = .allocate(capacity: 1)
        table.initialize(to: HostAPITable.make())
        PluginExitGuard.install()
    }

    var isOnOwnerThread: Bool { pthread_equal(pthread_self(), pthread_t(owner.load(ordering: .relaxed))) != 0 }

    /// Makes the calling thread the host's thread, as a top-level call into a plugin would;
    /// for code (tests) that calls the host table without calling a plugin first.
    func adoptCurrentThread() {
        precondition(callStack.isEmpty, "the host is inside a call into a plugin")
        owner.store(UInt(pthread_self()), ordering: .relaxed)
    }

    /// Runs `body`, a call into `plugin`, so that what the plugin calls back is attributed.
    /// `doing` names the call ("animate_transition") for the report when the plugin ends the
    /// process inside it.
    func calling<T>(plugin: String, doing: String = "a call into it", _ body: () throws -> T) rethrows -> T {
        if callStack.isEmpty { owner.store(UInt(pthread_self()), ordering: .relaxed) }
        callStack.append((plugin, doing))
        defer { callStack.removeLast() }
        return try body()
    }

    var currentPlugin: String { callStack.last?.plugin ?? "plugin" }

    /// Points the bridge at the run a context belongs to.
    func enter(_ context: TransitionContext) {
        handles.use(context.containerView.scene)
        trace = context.trace
        curves = context.containerView.scene.engine.curves
    }

    /// Whether TH_LOG_DEBUG lines reach the trace (`host run --verbose`).
    var showsDebugLogs = false
    /// Where log lines go while no run is going (a plugin's init, as the host loads it):
    /// kept for the next run's trace, since `host run` loads the plugins it uses just before
    /// it runs; the scanner's child, which never runs anything, writes warnings and errors to
    /// standard error instead (shown with HOST_DEBUG_SCAN=1).
    var keepsLogsForTheNextRun = true
    /// Lines logged while no run was going, for the next trace; at most `pendingLogLimit`.
    private var pendingLogs: [(level: TransitionTrace.Level, line: String)] = []
    private let pendingLogLimit = 256
    /// "plugin level" of each unknown log level already reported: once per plugin is enough.
    private var reportedLogLevels = Set<String>()

    func log(level: UInt32, message: String) {
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
    /// 8 KiB once took 3 GB). What is dropped is counted and said once the run ends.
    static let logLinesPerTrace = 10_000
    static let logLineLimit = 1024
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
    func recordOutput(of plugin: String, _ bytes: ArraySlice<UInt8>) {
        guard keepsAnotherLogLine() else { return }
        let text = String(decoding: bytes.prefix(Self.logLineLimit), as: UTF8.self)
        let cut = bytes.count > Self.logLineLimit ? "… (cut: longer than \(Self.logLineLimit) bytes)" : ""
        record(.info, "\(plugin) printed: \(VisibleText.escape(text))\(cut)")
    }

    /// A plugin's log message as text: at most logLineLimit bytes are read (a longer one is
    /// cut, and says so, where it was once dropped without a word), and bytes that are not
    /// UTF-8 are shown as U+FFFD.
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
    func context(_ h: th_context) -> TransitionContext? {
        if let c = handles.context(h) { return c }
        if handles.isEndedContext(h), reportedStaleContexts.insert(h.id).inserted {
            reportMisuse("used a context after its transition had ended (animation_ended); the call returned TH_ERR_BAD_HANDLE")
        }
        return nil
    }

    /// A misuse of the host table worth telling the plugin's author about.
    func reportMisuse(_ what: String) {
        trace?.warning("\(currentPlugin): \(what)")
    }
}
