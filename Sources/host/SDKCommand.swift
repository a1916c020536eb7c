import ArgumentParser
import PluginHost
import PluginSDK

import LibC

struct SDKCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sdk",
        abstract: "The plugin SDK: the C header and a pkg-config file.",
        subcommands: [SDKInstallCommand.self])
}

struct SDKInstallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install transition_host.h and transition-host.pc under a prefix (default ~/.local, no root needed).",
        discussion: """
            Then `cc -shared -fPIC $(pkg-config --cflags transition-host) fx.c -o fx.so` builds a plugin, \
            and copying fx.so into the user plugin folder makes it appear in `host list`. Files already \
            up to date are left alone.
            """)

    @Option(help: ArgumentHelp("Where to install: PREFIX/include/transition-host and PREFIX/lib/pkgconfig.", valueName: "dir"))
    var prefix: String?

    @Flag(help: "Print only what changed (for set-up scripts).")
    var quiet = false

    func run() throws {
        var environment: [String: String] = [:]
        for name in ["HOME", "XDG_DATA_HOME", "PKG_CONFIG_PATH"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        guard let prefix = prefix ?? SDKInstallation.defaultPrefix(environment: environment) else {
            throw ValidationError("HOME is not set; name a folder with --prefix")
        }
        let sdk = SDKInstallation(prefix: prefix)
        let changes: [SDKInstallation.Change]
        do { changes = try sdk.install() } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
        let written = changes.compactMap { if case .written(let path) = $0 { return path } else { return nil } }
        if quiet && written.isEmpty { return }
        printText(written.isEmpty ? "The plugin SDK (ABI \(SDKHeader.abiVersion)) in \(prefix) is up to date."
                              : "Installed the plugin SDK (ABI \(SDKHeader.abiVersion)):\n" + written.map { "  \($0)" }.joined(separator: "\n"))
        let onPath = sdk.isOnPkgConfigPath(environment: environment)
        if !onPath {
            printText("""
                pkg-config looks for it only with this in your shell (add it to ~/.profile):
                  export PKG_CONFIG_PATH="\(sdk.pkgConfigFolder)${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
                """)
        }
        if quiet { return }
        let plugins = PluginSearchPath.userFolder(environment: environment) ?? "~/.local/share/transition-host/plugins"
        printText("""
            Build a plugin with
              cc -std=c99 -shared -fPIC $(pkg-config --cflags \(SDKInstallation.packageName)) fx.c -o fx.so
            then copy fx.so into \(plugins) and it appears in `host list`.
            Or start from a template: host new NAME --lang c|swift|rust
            """)
    }
}
