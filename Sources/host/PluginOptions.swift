import ArgumentParser
import PluginHost
import TransitionCore

import LibC

/// Options every subcommand that loads plugins shares.
struct PluginOptions: ParsableArguments {
    @Option(name: .customLong("plugin-path"), help: ArgumentHelp(
        "A folder to search for plugins before all others (repeatable).", valueName: "dir"))
    var pluginPaths: [String] = []

    @Option(name: .customLong("untrusted-plugin-path"), help: ArgumentHelp(
        "A folder searched as --plugin-path, whose plugins always run isolated, each in a sandboxed process of its own (see 'host run --isolate'), and are scanned one helper each; repeatable.",
        valueName: "dir"))
    var untrustedPluginPaths: [String] = []

    @Flag(name: .customLong("allow-untrusted"), help: ArgumentHelp(
        "Load plugins from folders and files that another user owns or that others can write (refused by default, as ssh refuses such keys)."))
    var allowUntrusted = false

    /// Finds every plugin on the search path without loading any here: the registry cache
    /// answers for unchanged files, helper processes (`host _scan`) load the rest.
    /// HOST_SCAN_TIMEOUT sets the seconds one file may take; HOST_DEBUG_SCAN=1 prints what
    /// was scanned to standard error and lets the plugins' own output through.
    /// `effectsNamed`: every effect name the command will resolve, when it knows them up front:
    /// while nothing changed, only the plugins they need, from the selection the last run of
    /// the same names kept ($XDG_CACHE_HOME/transition-host/selection-v1).
    func scan(rescan: Bool = false, effectsNamed names: [String]? = nil) -> DiscoveredPlugins {
        let environment = Self.environment()
        var search = discovery(environment, rescan: rescan)
        let discovery: DiscoveredPlugins
        if let names {
            search.keptSelection = KeptSelection.standard(environment: environment)
            discovery = search.selection(forEffectsNamed: names)
        } else {
            discovery = search.run()
        }
        if PluginScanner.debugsScan(environment) { printError("discovery: \(discovery.statistics.summary)") }
        return discovery
    }

    /// What `make` lists of the plugins found (see scan), or the listing kept from the last
    /// run while nothing on the search path changed ($XDG_CACHE_HOME/transition-host/listing-v1).
    func list<Listing: KeepableListing>(rescan: Bool, make: (DiscoveredPlugins) -> Listing) -> Listing {
        let environment = Self.environment()
        var discovery = discovery(environment, rescan: rescan)
        discovery.keptListing = KeptListing.standard(environment: environment)
        let (listing, statistics) = discovery.listing(make: make)
        if PluginScanner.debugsScan(environment) { printError("discovery: \(statistics.summary)") }
        return listing
    }

    private func discovery(_ environment: [String: String], rescan: Bool) -> PluginDiscovery {
        PluginDiscovery(
            searchPath: searchPath(environment), trust: TrustPolicy(allowUntrusted: allowUntrusted),
            scanner: Self.scanner(environment), cache: RegistryCache.standard(environment: environment),
            forgetsCache: rescan)
    }

    /// Loads every plugin from a private copy, checked by the scanner's helper processes
    /// first, and watches the search path's folders for new versions (`host run --watch`).
    /// Plugins from --untrusted-plugin-path folders (all, with `isolateAll`) run isolated.
    func watch(isolateAll: Bool, timeout: Double) throws -> PluginWatch {
        let environment = Self.environment()
        let executable = PluginSearchPath.currentExecutablePath()
        if executable == nil && (isolateAll || !untrustedPluginPaths.isEmpty) {
            throw ValidationError("isolated plugins need the path of this program, which /proc does not give")
        }
        return try PluginWatch(
            searchPath: searchPath(environment), trust: TrustPolicy(allowUntrusted: allowUntrusted),
            scanner: Self.scanner(environment),
            isolation: executable.map { PluginWatch.Isolation(executable: $0, timeout: timeout, all: isolateAll) })
    }

    private static func environment() -> [String: String] { PluginScanner.hostEnvironment() }

    private func searchPath(_ environment: [String: String]) -> PluginSearchPath {
        .standard(options: pluginPaths, untrusted: untrustedPluginPaths, environment: environment,
                  executablePath: PluginSearchPath.currentExecutablePath())
    }

    private static func scanner(_ environment: [String: String]) -> PluginScanner? {
        let (scanner, warning) = PluginScanner.configured(by: environment)
        if let warning { printError("warning: \(warning)") }
        return scanner
    }

    /// The plugins found (see scan) as a session: those from --untrusted-plugin-path folders
    /// (all, with `isolateAll`) run isolated, each in a process of its own; the others load
    /// here when first used. Exit 64 when isolation is needed and this program's path is unknown.
    /// `effectsNamed`: every effect name the command will resolve, when it knows them up front
    /// (see PluginSession).
    func session(isolateAll: Bool = false, timeout: Double = 2, effectsNamed names: [String]? = nil) throws -> PluginSession {
        let executable = PluginSearchPath.currentExecutablePath()
        if executable == nil && (isolateAll || !untrustedPluginPaths.isEmpty) {
            printError("error: isolated plugins need the path of this program, which /proc does not give")
            throw ExitCode(64)
        }
        return PluginSession(scan(effectsNamed: names), isolateAll: isolateAll, executable: executable, timeout: timeout, effectsNamed: names)
    }
}

/// Writes a line for people to standard error, control characters shown, never sent raw
/// (VisibleText): messages quote plugin names, file names and scene text.
func printError(_ message: String) {
    let line = VisibleText.escape(message) + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
}

/// Prints text for people on standard output, control characters shown, never sent raw
/// (VisibleText). JSON goes out through plain print: its writer escapes them already.
func printText(_ text: String) {
    print(VisibleText.escape(text))
}

/// The contents of a text file, or nil when `path` names no regular file of at most 1 MiB
/// (a gesture is never this large).
func readTextFile(_ path: String) -> String? {
    try? InputFile.read(path, limit: 1 << 20).get()
}
