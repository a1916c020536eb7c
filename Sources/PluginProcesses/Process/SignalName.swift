import LibC
import PluginABI

/// Signals by name, for reports people read: "SIGSEGV (segmentation fault)" says more than
/// "signal 11", and the numbers differ between architectures for some signals.
enum SignalName {
    static func abbreviation(_ signal: Int32) -> String? {
        switch signal {
        case SIGHUP: return "SIGHUP"
        case SIGINT: return "SIGINT"
        case SIGQUIT: return "SIGQUIT"
        case SIGILL: return "SIGILL"
        case SIGTRAP: return "SIGTRAP"
        case SIGABRT: return "SIGABRT"
        case SIGBUS: return "SIGBUS"
        case SIGFPE: return "SIGFPE"
        case SIGKILL: return "SIGKILL"
        case SIGUSR1: return "SIGUSR1"
        case SIGSEGV: return "SIGSEGV"
        case SIGUSR2: return "SIGUSR2"
        case SIGPIPE: return "SIGPIPE"
        case SIGALRM: return "SIGALRM"
        case SIGTERM: return "SIGTERM"
        case SIGXCPU: return "SIGXCPU"
        case SIGXFSZ: return "SIGXFSZ"
        case SIGSYS: return "SIGSYS"
        default: return nil
        }
    }

    /// "SIGSEGV (segmentation fault)", or "signal 42" for one without a name here.
    package static func describe(_ signal: Int32) -> String {
        guard let name = abbreviation(signal) else { return "signal \(signal)" }
        guard let text = strsignal(signal) else { return name }
        return "\(name) (\(String(cString: text).lowercased()))"
    }
}
