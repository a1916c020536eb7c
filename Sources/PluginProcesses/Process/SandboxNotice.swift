import Synchronization
import TransitionCore

import LibC
import PluginABI

/// Says what the helpers' sandbox lacks on this kernel (no Landlock, no seccomp), once per
/// command however many helpers found it, on standard error: the user should know that
/// untrusted plugins are less contained than docs/SANDBOX.md says, but not be told so by
/// every helper.
enum SandboxNotice {
    /// Helpers of one command may be started from several threads.
    private static let said = Atomic<Bool>(false)

    package static func report(_ what: String) {
        guard !said.exchange(true, ordering: .relaxed) else { return }
        let line = "host: note: the plugin sandbox is incomplete on this system: \(VisibleText.escape(what)); see docs/SANDBOX.md\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
