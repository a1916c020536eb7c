import ArgumentParser
import PluginHost
import TransitionCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Options every subcommand that loads plugins shares.
struct PluginOptions: ParsableArguments {
    @Option(name: .customLong("plugin-path"), help: ArgumentHelp(
        "A folder to search for plugins before all others (repeatable).", valueName: "dir"))
    var pluginPaths: [String] = []

    /// Walks the search path and loads every plugin found.
    func discover() -> PluginCatalog {
        var environment: [String: String] = [:]
        for name in ["HOST_PLUGIN_PATH", "XDG_DATA_HOME", "HOME"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        let searchPath = PluginSearchPath.standard(
            options: pluginPaths, environment: environment,
            executablePath: PluginSearchPath.currentExecutablePath())
        return PluginCatalog.discover(searchPath)
    }
}

/// Writes a line to standard error.
func printError(_ message: String) {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

/// The contents of a text file, or nil when `path` names no readable file.
func readTextFile(_ path: String) -> String? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
        let n = fread(&buffer, 1, buffer.count, file)
        if n <= 0 { break }
        bytes += buffer[0..<n]
        if bytes.count > 1 << 20 { return nil }  // a gesture or scene is never this large
    }
    return String(decoding: bytes, as: UTF8.self)
}
