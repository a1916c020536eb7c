import CTransitionABI
import PluginHost
import TransitionCore

/// The promises a plugin description makes once the loader (or the registry cache, which
/// stands in for it) accepted it: what `host list`, `host inspect` and `host run` rely on
/// without checking again. A broken one ends the fuzz run.
enum AcceptedPlugin {
    /// `verify`, and more: laid out as C descriptors, the plugin passes the loader's checks and
    /// reads back the same, so that what a cache file (`reader`) accepted is what the loader
    /// could have accepted, never what no plugin could be.
    static func verifyAsLoaded(_ plugin: PluginDescription, acceptedBy reader: String) {
        verify(plugin)
        let memory = DescriptorMemory(DescriptorImage(plugin))
        let (problems, reread) = FuzzEntryPoints.check(entry: memory.entry, effectCount: memory.effectCount,
                                                       descriptor: memory.descriptor)
        guard let reread, reread.effects == plugin.effects,
              [reread.id, reread.name, reread.version, reread.vendor] == [plugin.id, plugin.name, plugin.version, plugin.vendor]
        else {
            FuzzTarget.broken("\(reader) accepted a plugin no plugin could be: \(problems.joined(separator: "; "))\n\(plugin)")
        }
    }

    static func verify(_ plugin: PluginDescription) {
        func broken(_ what: String) -> Never { FuzzTarget.broken("plugin '\(plugin.id)': \(what)") }
        if !PluginInspection.isWellFormedID(plugin.id, allowDots: true) { broken("a bad plugin id") }
        if plugin.name.isEmpty || plugin.version.isEmpty { broken("an empty name or version") }
        if plugin.abiMajor != Int(TH_ABI_MAJOR) { broken("ABI major \(plugin.abiMajor)") }
        if plugin.effects.count > PluginInspection.maxEffects { broken("\(plugin.effects.count) effects") }
        if Set(plugin.effects.map(\.effectID)).count != plugin.effects.count { broken("an effect id twice") }
        for effect in plugin.effects { verify(effect, plugin: plugin.id) }
    }

    static func verify(_ effect: EffectInfo, plugin: String) {
        func broken(_ what: String) -> Never { FuzzTarget.broken("effect '\(plugin):\(effect.effectID)': \(what)") }
        if effect.pluginID != plugin { broken("plugin id \(effect.pluginID)") }
        if !PluginInspection.isWellFormedID(effect.effectID) { broken("a bad id") }
        if effect.displayName.isEmpty { broken("an empty name") }
        if effect.transitions.rawValue == 0 || effect.transitions.rawValue & ~TransitionSet.all.rawValue != 0 {
            broken("transitions 0x\(String(effect.transitions.rawValue, radix: 16))")
        }
        if !(effect.defaultDuration.isFinite && effect.defaultDuration >= 0 && effect.defaultDuration <= 60) {
            broken("default duration \(effect.defaultDuration)")
        }
        if effect.parameters.count > PluginInspection.maxParameters { broken("\(effect.parameters.count) parameters") }
        if Set(effect.parameters.map(\.id)).count != effect.parameters.count { broken("a parameter id twice") }
        for p in effect.parameters {
            func brokenParameter(_ what: String) -> Never { broken("parameter '\(p.id)': \(what)") }
            if !PluginInspection.isWellFormedID(p.id) { brokenParameter("a bad id") }
            if p.name.isEmpty { brokenParameter("an empty name") }
            if !(p.minimum.isFinite && p.maximum.isFinite && p.defaultValue.isFinite) { brokenParameter("a value that is not finite") }
            if !(p.minimum <= p.defaultValue && p.defaultValue <= p.maximum) {
                brokenParameter("default \(p.defaultValue) outside [\(p.minimum), \(p.maximum)]")
            }
            switch p.type {
            case .choice:
                // `host inspect` shows choices[default]; a run passes the index to the plugin.
                if p.choices.isEmpty || p.choices.count > PluginInspection.maxChoices { brokenParameter("\(p.choices.count) choices") }
                if p.minimum != 0 || p.maximum != Double(p.choices.count - 1) { brokenParameter("range [\(p.minimum), \(p.maximum)] for \(p.choices.count) choices") }
                if p.defaultValue != p.defaultValue.rounded() { brokenParameter("default \(p.defaultValue) is not an index") }
                if !p.choices.allSatisfy({ PluginInspection.isWellFormedID($0) }) { brokenParameter("a bad choice id") }
            case .bool:
                if p.minimum != 0 || p.maximum != 1 || (p.defaultValue != 0 && p.defaultValue != 1) { brokenParameter("not a bool") }
                if !p.choices.isEmpty { brokenParameter("choices on a bool") }
            case .int:
                if !p.choices.isEmpty { brokenParameter("choices on a number") }
                if [p.minimum, p.maximum, p.defaultValue].contains(where: { $0 != $0.rounded() }) { brokenParameter("an int that is not whole") }
            case .double:
                if !p.choices.isEmpty { brokenParameter("choices on a number") }
            }
            // What `--param` does with hostile text: refused, never passed on.
            for text in ["nan", "-nan", "inf", "-inf", "1e999", ""] {
                if let v = try? p.value(from: text, effect: effect.effectID) {
                    if !(v.isFinite && v >= p.minimum && v <= p.maximum) { brokenParameter("'\(text)' accepted as \(v)") }
                }
            }
            _ = p.accepted
        }
        guard let defaults = try? effect.parameters.values(applying: [], effect: effect.effectID),
              defaults == effect.defaultParameterValues
        else { broken("the defaults are not what a run without --param gets") }
    }
}
