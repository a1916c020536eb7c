import CSandbox

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The sandbox of the helper processes that run plugin code: the scanner's helper and an
/// isolated plugin's process enter it before loading any plugin (see CSandbox's sandbox.h).
/// Trusted plugins loaded in the host itself pay nothing for it.
enum HelperSandbox {
    /// Enters the sandbox. HOST_SANDBOX=off skips it, for measuring what it costs (the
    /// benchmark) or finding whether it is to blame; it is no setting for everyday use. What
    /// the kernel lacks is said on standard error, which is the scan's debug output.
    static func enter() {
        if let setting = getenv("HOST_SANDBOX"), String(cString: setting) == "off" { return }
        var why = [CChar](repeating: 0, count: 256)
        if th_sandbox_enter(&why, why.count) != 0 {
            let line = "host helper: sandbox incomplete: \(String(cString: why))\n"
            _ = line.withCString { write(2, $0, strlen($0)) }
        }
    }
}
