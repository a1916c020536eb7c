import LibC
import PluginABI

/// What a helper that runs plugin code (the scanner's `_scan`, an isolated plugin's
/// `_isolate`, `host validate`'s test processes) sets about its own process before any plugin
/// loads: said once here, so that the three cannot drift apart.
public enum HelperProcess {
    /// A crash is an expected outcome in a helper: no core dump, and no time spent writing
    /// one. A plugin's exit is the parent's to report, from this process's own status, so the
    /// exit guard, which would replace that status, is off.
    public static func becomeHelper() {
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        PluginExitGuard.disable()
    }
}
