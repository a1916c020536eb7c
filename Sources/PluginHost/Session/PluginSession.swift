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
    public var loadedPlugins: [LoadedPlugin] { loadOrder.plugins }
    private let loadOrder: LoadOrder
    /// Where each lazy plugin, as it loads, says so: made before the registries that hold them.
    private final class LoadOrder { var plugins: [LoadedPlugin] = [] }

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
        let order = LoadOrder()
        loadOrder = order
        var set = PluginSet(refused: discovery.trustRefusals)
        let plugins = discovery.plugins
        let selected = names.flatMap { EffectSelection.plugins(offering: $0, standard: set.standard.map(\.info), among: plugins) }
        for (i, (file, description)) in plugins.enumerated() {
            let registersEffects = selected?[i] ?? true
            if PluginSet.runsIsolated(file.origin, isolateAll: isolateAll) {
                guard let executable else { continue }
                // A plugin whose effects are not named is not started; only its curves are said missing.
                let plugin = IsolatedPlugin(path: file.path, pluginID: description.id, executable: executable, timeout: timeout, runtime: runtime)
                // A command that names its effects will start this plugin's process: the
                // first such plugin gets the spare, if one waits.
                if selected?[i] == true { plugin.claimSpare() }
                set.members.append(.isolated(plugin, description, registersEffects: registersEffects))
            } else {
                // One loaded already (an in-process scan) is kept, to be deinit'd at shutdown.
                let loaded = discovery.loadedInProcess[file.path]
                guard registersEffects || !description.curves.isEmpty || loaded != nil else { continue }
                let plugin = LazyPlugin(path: file.path, pluginID: description.id, runtime: runtime, alreadyLoaded: loaded) { order.plugins.append($0) }
                set.members.append(.lazy(plugin, description, registersEffects: registersEffects))
            }
        }
        (effects, curves) = set.registries()
    }

    /// Calls the deinit of every plugin that loaded, last loaded first. Nothing is unloaded.
    public func shutdown() {
        for plugin in loadedPlugins.reversed() { plugin.deinitialize() }
    }
}
