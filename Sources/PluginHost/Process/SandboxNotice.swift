import TransitionCore

import LibC

/// Says what the helpers' sandbox lacks on this kernel (no Landlock, no seccomp), once per
/// command however many helpers found it, on standard error: the user should know that
/// untrusted plugins are less contained than docs/SANDBOX.md says, but not be told so by
/// every helper.
enum SandboxNotice {
    nonisolated(unsafe) private static var said = false

    static func report(_ what: String) {
        guard !said else { return }
        said = true
        let line = "host: note: the plugin sandbox is incomplete on this system: \(VisibleText.escape(what)); see docs/SANDBOX.md\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
