import TransitionCore

/// Which plugins' effects a session registers when its command names up front every effect it
/// will resolve (`host run EFFECT --presentation NAME`): those of the plugins that offer one
/// of the names. With 500 plugins on the search path, registering every effect of every
/// plugin, and then resolving the name over all of them, cost a run more than anything else
/// the 499 unused plugins added but reading the registry cache.
///
/// The registry must answer each name as it would with every effect in it, so the selection
/// is everything (nil) whenever a smaller one might not: a name that no effect offers (its
/// error lists the nearest names of all effects, and the refused plugins), and a transitioning
/// delegate among the matches (the names it chooses come only during the run). A short name
/// offered by several plugins selects them all, so it is as ambiguous as before.
enum EffectSelection {
    /// For each of `plugins`, whether its effects are registered; nil for every plugin's.
    /// `names`: short ("spin") or qualified ("plugin:spin"), as EffectRegistry.resolve takes them.
    static func plugins(offering names: [String], standard: [EffectInfo],
                        among plugins: [(file: DiscoveredPlugins.File, description: PluginDescription)]) -> [Bool]? {
        guard !names.isEmpty else { return nil }
        var selected = [Bool](repeating: false, count: plugins.count)
        for name in names {
            // "plugin:effect" as its two ids (a plugin id holds no ':'), or a short name.
            let colon = name.firstIndex(of: ":")
            let pluginID = colon.map { String(name[..<$0]) }
            let effectID = colon.map { String(name[name.index(after: $0)...]) } ?? name
            var found = false
            for info in standard where info.effectID == effectID && (pluginID == nil || info.pluginID == pluginID) {
                if info.kind == .transitioningDelegate { return nil }
                found = true
            }
            for (i, (_, description)) in plugins.enumerated() where pluginID == nil || description.id == pluginID {
                // Most plugins offer no such effect: asked first without copying any effect.
                guard description.effects.contains(where: { $0.effectID == effectID }) else { continue }
                for info in description.effects where info.effectID == effectID {
                    if info.kind == .transitioningDelegate { return nil }
                }
                found = true
                selected[i] = true
            }
            if !found { return nil }
        }
        return selected
    }
}
