import PluginABI
import TransitionCore

/// What a plugin says about itself, learned by loading it once (in the scanner's process):
/// enough to list it, resolve names and plan a run without loading it again. Plain values,
/// so that it crosses the scanner's pipe and lives in the registry cache.
public struct PluginDescription: Equatable, Sendable {
    public struct Curve: Equatable, Sendable {
        /// "plugin.curve".
        public let name: String
        public let displayName: String
    }

    public let id: String
    public let name: String
    public let version: String
    public let vendor: String
    public let abiMajor: Int
    public let abiMinor: Int
    public let effects: [EffectInfo]
    public let curves: [Curve]
    /// What was refused without refusing the plugin (curves that failed their samples).
    public let warnings: [String]

    public init(id: String, name: String, version: String, vendor: String, abiMajor: Int, abiMinor: Int,
                effects: [EffectInfo], curves: [Curve], warnings: [String]) {
        self.id = id; self.name = name; self.version = version; self.vendor = vendor
        self.abiMajor = abiMajor; self.abiMinor = abiMinor
        self.effects = effects; self.curves = curves; self.warnings = warnings
    }

    /// The description of a plugin that loaded and passed every check.
    package init(_ plugin: LoadedPlugin) {
        self.init(id: plugin.id, name: plugin.name, version: plugin.version, vendor: plugin.vendor,
                  abiMajor: plugin.abiMajor, abiMinor: plugin.abiMinor,
                  effects: plugin.effects.map(\.info),
                  curves: plugin.curves.map { Curve(name: $0.name, displayName: $0.displayName) },
                  warnings: plugin.warnings)
    }
}

/// What scanning one file found. Everything but `notScanned` is a property of the file's
/// bytes (and of this host), so it is cached until the file changes.
public enum ScanOutcome: Equatable, Sendable {
    /// Loaded, passed every check, and was let go again: safe to load in the host.
    /// Indirect: an outcome is copied with one retain (see DiscoveredPlugins.File.Status).
    indirect case plugin(PluginDescription)
    /// Refused by the loader's checks, with the reason and the fix.
    case refused(PluginLoadFailure)
    /// Took the scanner down while it was being loaded (a signal, or the plugin called exit).
    case crashed(ChildProcess.Termination)
    /// Was still loading when its time was up.
    case hung(seconds: Double)
    /// Wrote into the scanner's report, or reported something no honest scanner would.
    case garbled(String)
    /// The scanner itself could not be run for it (it could not start, or kept dying between
    /// files). Says nothing about the file, so it is not cached.
    case notScanned(String)

    package var isCacheable: Bool {
        if case .notScanned = self { return false }
        return true
    }

    /// The outcome as the reason a file was not loaded, or nil for a plugin.
    public var failure: PluginLoadFailure? {
        switch self {
        case .plugin:
            return nil
        case .refused(let failure):
            return failure
        case .crashed(let termination):
            let how: String
            switch termination {
            case .signalled: how = "crashed the plugin scanner with \(termination)"
            case .exited(let code): how = "ended the plugin scanner with exit(\(code))"
            }
            return PluginLoadFailure(
                reason: "\(how) while loading (its constructor, init, descriptors or deinit); skipped until the file changes",
                fix: "`host validate FILE` shows where it fails; fix the plugin, or remove the file", kind: .crashed)
        case .hung(let seconds):
            return PluginLoadFailure(
                reason: "still loading after \(Self.seconds(seconds)) (its constructor, init or descriptors never return); skipped until the file changes",
                fix: "make loading quick: move work out of init, or remove the file", kind: .hung)
        case .garbled(let why):
            return PluginLoadFailure(
                reason: "garbled the plugin scanner's report (\(why)); skipped until the file changes",
                fix: "a plugin must not write to file descriptors it did not open; fix the plugin or remove the file")
        case .notScanned(let why):
            return PluginLoadFailure(reason: "not scanned: \(why)", fix: "run the command again; if it persists, report it")
        }
    }

    package static func seconds(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded)) s" : "\(rounded) s"
    }
}
