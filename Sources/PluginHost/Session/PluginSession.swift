import TransitionCore

/// The plugins a command works with, under one load policy: the one way a command gets at
/// plugins, so that one trust rule holds in every command. What the scan found (the registry
/// cache and helper processes) decides what exists; the policy decides what code, if any,
/// runs in this process.
///
/// - Plugins from --untrusted-plugin-path folders (every plugin, with `isolateAll`) never
///   load here: their effects run in a child process each, started on first use.
/// - The others load here lazily: a plugin's code is loaded the first time one of its
///   effects makes an animator, a presentation controller or a delegate answer, or one of
///   its curves is resolved. A command that only names effects (inspect) loads nothing it
///   does not show.
public final class PluginSession {
    public let discovery: DiscoveredPlugins
    public let effects: EffectRegistry
    public let curves: CurveRegistry
    /// The host side of the ABI for this session's plugins: every plugin it loads, in this
    /// process or isolated, serves its runs through this runtime.
    public let runtime = HostRuntime()
    /// Lazy plugins that have loaded, in the order they did: deinit'd last first at shutdown.
    public private(set) var loadedPlugins: [LoadedPlugin] = []

    /// `executable`: this program, which isolated plugins run under (`host _isolate`); nil
    /// when /proc does not say, and then isolated plugins are left out. `timeout`: seconds one
    /// call into an isolated plugin may take. `effectsNamed`: every effect name the command
    /// will resolve, when it knows them up front (`host run`): only the plugins offering them
    /// have their effects registered, the registry answering those names as with every
    /// effect (EffectSelection); nil registers every plugin's. Curves are always all registered:
    /// a plugin may name any of them while it runs.
    public init(_ discovery: DiscoveredPlugins, isolateAll: Bool = false, executable: String?, timeout: Double = 2,
                effectsNamed names: [String]? = nil) {
        self.discovery = discovery
        effects = EffectRegistry()
        curves = CurveRegistry()
        effects.refusedPlugins = discovery.trustRefusals
        let standard = StandardEffect.all()
        for effect in standard { effects.register(effect) }
        let plugins = discovery.plugins
        let selected = names.flatMap { EffectSelection.plugins(offering: $0, standard: standard.map(\.info), among: plugins) }
        var isolatedWithCurves: [String] = []
        for (i, (file, description)) in plugins.enumerated() {
            let registersEffects = selected?[i] ?? true
            if isolateAll || file.origin == .untrusted {
                guard let executable else { continue }
                if !description.curves.isEmpty { isolatedWithCurves.append(description.id) }
                guard registersEffects else { continue }
                let plugin = IsolatedPlugin(path: file.path, pluginID: description.id, executable: executable, timeout: timeout, runtime: runtime)
                for info in description.effects { effects.register(IsolatedEffect(info: info, plugin: plugin)) }
            } else {
                // One loaded already (an in-process scan) is kept, to be deinit'd at shutdown.
                let loaded = discovery.loadedInProcess[file.path]
                guard registersEffects || !description.curves.isEmpty || loaded != nil else { continue }
                let plugin = LazyPlugin(path: file.path, pluginID: description.id, runtime: runtime, alreadyLoaded: loaded) { [unowned self] in
                    loadedPlugins.append($0)
                }
                if registersEffects {
                    for info in description.effects { effects.register(LazyPluginEffect(info: info, plugin: plugin)) }
                }
                for curve in description.curves {
                    curves.register(LazyPluginCurve(name: curve.name, displayName: curve.displayName, plugin: plugin))
                }
            }
        }
        if !isolatedWithCurves.isEmpty {
            curves.missingCurveNote = "the curves of \(isolatedWithCurves.joined(separator: ", ")) are not available: "
                + (isolatedWithCurves.count == 1 ? "it runs" : "they run") + " isolated"
        }
    }

    /// Calls the deinit of every plugin that loaded, last loaded first. Nothing is unloaded.
    public func shutdown() {
        for plugin in loadedPlugins.reversed() { plugin.deinitialize() }
    }
}
