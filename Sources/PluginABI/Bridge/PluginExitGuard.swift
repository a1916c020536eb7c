import Synchronization
import TransitionCore

import LibC

/// Notices a plugin that ends the process with exit() from inside a call (an animator that
/// calls exit(0) would otherwise end `host run` with status 0 and no output, as if all went
/// well). An atexit handler, installed with the host table, checks whether a plugin call is
/// on the stack; when one is, it says on standard error which plugin and which call, and ends
/// the process with `status` instead.
///
/// What it cannot see: _exit(), _Exit() and exec*() end or replace the process without
/// running atexit handlers. Only `--isolate` contains those (the plugin then runs in a child
/// process whose end the host observes).
public enum PluginExitGuard {
    /// The exit status of a process a plugin ended from inside a call (EX_SOFTWARE).
    package static let status: Int32 = 70

    private static let installed = Atomic<Bool>(false)
    /// Off in the helpers (HelperProcess): there the parent watches the child and reports the
    /// plugin's own exit status, which this would replace.
    private static let enabled = Atomic<Bool>(true)
    static var isEnabled: Bool { enabled.load(ordering: .relaxed) }
    package static func disable() { enabled.store(false, ordering: .relaxed) }

    /// Registers the handler once per process; called when the host table is made, before
    /// any plugin code runs.
    package static func install() {
        guard installed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return }
        atexit { PluginExitGuard.atExit() }
    }

    /// The report for a call stack, innermost call last; nil when no plugin call is on it.
    package static func report(for stack: [(plugin: String, doing: String)]) -> String? {
        guard let innermost = stack.last else { return nil }
        let plugin = VisibleText.escape(innermost.plugin), doing = VisibleText.escape(innermost.doing)
        return "host: plugin '\(plugin)' ended the process with exit() during \(doing); "
            + "a plugin must never exit the host (the host exits with status \(status))\n"
    }

    private static func atExit() {
        // exit() runs the handlers on the calling thread, whose runtime is the one inside a
        // call into a plugin whenever such a call is on the stack.
        guard isEnabled, let line = report(for: HostRuntime.current?.callStack ?? []) else { return }
        fflush(nil)
        _ = line.withCString { write(2, $0, strlen($0)) }
        _exit(status)
    }
}
