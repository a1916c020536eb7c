import LibC
import PluginABI

extension PluginScanner {
    /// The variables of the environment that say where plugins are and how they are scanned:
    /// the search path's (HOST_PLUGIN_PATH, XDG_DATA_HOME, XDG_CACHE_HOME, HOME) and the
    /// scanner's (HOST_SCAN_TIMEOUT, HOST_DEBUG_SCAN), as this process has them.
    public static func hostEnvironment() -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["HOST_PLUGIN_PATH", "XDG_DATA_HOME", "XDG_CACHE_HOME", "HOME", "HOST_SCAN_TIMEOUT", "HOST_DEBUG_SCAN"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        return environment
    }

    /// The scanner `environment` asks for: HOST_SCAN_TIMEOUT seconds a file (refused when it
    /// is no number from 0.1 to 600: then `warning` says so and the default holds), and the
    /// plugins' own output shown on standard error with HOST_DEBUG_SCAN set (not "0"). Nil when
    /// this program's path is unknown, so no helper can be started.
    public static func configured(by environment: [String: String]) -> (scanner: PluginScanner?, warning: String?) {
        let timeout = ScanTimeout.parse(environment["HOST_SCAN_TIMEOUT"])
        let debugs = debugsScan(environment)
        let scanner = LibC.currentExecutablePath().map {
            PluginScanner(executable: $0, fileTimeout: timeout.seconds, pluginOutput: debugs ? .inherit : .null)
        }
        return (scanner, timeout.refusal)
    }

    /// Whether HOST_DEBUG_SCAN is set (not empty, not "0"): what was scanned is said on
    /// standard error, and the plugins' own output goes there too.
    public static func debugsScan(_ environment: [String: String]) -> Bool {
        environment["HOST_DEBUG_SCAN"].map { !$0.isEmpty && $0 != "0" } ?? false
    }
}
