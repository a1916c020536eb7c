import TransitionCore

/// The one way a set of plugins becomes what a command resolves names in: the effect
/// registry (the host's standard effects first, then each member's, in search order) and the
/// curve registry. A command's session, the watch's reloading catalog and a catalog of
/// plugins loaded here all build theirs with it, so that the three cannot drift apart.
struct PluginSet {
    /// Where a plugin's code runs, said once for every command: in a child process of its own
    /// for a plugin from an --untrusted-plugin-path folder, or for every plugin with --isolate;
    /// in this process otherwise.
    static func runsIsolated(_ origin: PluginSearchPath.Origin, isolateAll: Bool) -> Bool {
        isolateAll || origin == .untrusted
    }

    enum Member {
        /// Known from its description only, for names and listings: its effects cannot run.
        case described(PluginDescription)
        /// Loaded in this process already.
        case loaded(LoadedPlugin)
        /// Loaded in this process the first time one of its effects or curves is used.
        /// Without `registersEffects` only its curves are registered (a run that names other
        /// effects: EffectSelection).
        case lazy(LazyPlugin, PluginDescription, registersEffects: Bool)
        /// Run in a child process of its own. Its curves are not registered (a curve is called
        /// per frame, in this process); the curve registry says why they are missing.
        case isolated(IsolatedPlugin, PluginDescription, registersEffects: Bool)
    }

    var members: [Member] = []
    /// Plugin files and folders refused before anything in them was read, told with an
    /// unknown name (EffectRegistry.refusedPlugins).
    var refused: [String] = []
    /// The standard effects, made once by the caller when it also needs them (EffectSelection).
    var standard: [EffectProvider] = StandardEffect.all()

    func registries() -> (effects: EffectRegistry, curves: CurveRegistry) {
        let effects = EffectRegistry(), curves = CurveRegistry()
        effects.refusedPlugins = refused
        for effect in standard { effects.register(effect) }
        var isolatedWithCurves: [String] = []
        for member in members {
            switch member {
            case .described(let description):
                for info in description.effects { effects.register(DescribedEffect(info: info)) }
            case .loaded(let plugin):
                for effect in plugin.effects { effects.register(effect) }
                for curve in plugin.curves { curves.register(curve) }
            case .lazy(let plugin, let description, let registersEffects):
                if registersEffects {
                    for info in description.effects { effects.register(LazyPluginEffect(info: info, plugin: plugin)) }
                }
                for curve in description.curves {
                    curves.register(LazyPluginCurve(name: curve.name, displayName: curve.displayName, plugin: plugin))
                }
            case .isolated(let plugin, let description, let registersEffects):
                if !description.curves.isEmpty { isolatedWithCurves.append(description.id) }
                guard registersEffects else { continue }
                for info in description.effects { effects.register(IsolatedEffect(info: info, plugin: plugin)) }
            }
        }
        if !isolatedWithCurves.isEmpty {
            curves.missingCurveNote = "the curves of \(isolatedWithCurves.joined(separator: ", ")) are not available: "
                + (isolatedWithCurves.count == 1 ? "it runs" : "they run") + " isolated"
        }
        return (effects, curves)
    }
}
