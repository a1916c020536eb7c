import TransitionCore

extension Discovery {
    /// The effects and curves of a run. Plugins from folders marked untrusted (and, with
    /// `isolateAll`, every plugin) run isolated: each in a child process of its own, started
    /// on first use, so none of their code runs in this process. The others are loaded here,
    /// in the returned catalog. Curves offered by isolated plugins are not available.
    /// `timeout`: seconds one call into an isolated plugin may take before it counts as hung.
    public func makeRunRegistry(isolateAll: Bool, executable: String?, timeout: Double)
        -> (EffectRegistry, CurveRegistry, PluginCatalog) {
        let isolated = Set(plugins.filter { isolateAll || $0.file.origin == .untrusted }.map(\.file.path))
        let catalog = PluginCatalog.load(self, except: executable == nil ? [] : isolated)
        let registry = EffectRegistry()
        registry.refusedPlugins = trustRefusals
        for effect in StandardEffect.all() { registry.register(effect) }
        var loaded: [String: LoadedPlugin] = [:]
        for record in catalog.records { if case .loaded(let plugin) = record.status { loaded[record.path] = plugin } }
        for (file, description) in plugins {
            if let plugin = loaded[file.path] {
                for effect in plugin.effects { registry.register(effect) }
            } else if let executable, isolated.contains(file.path) {
                let plugin = IsolatedPlugin(path: file.path, pluginID: description.id, executable: executable, timeout: timeout)
                for info in description.effects { registry.register(IsolatedEffect(info: info, plugin: plugin)) }
            }
        }
        let curves = catalog.makeCurveRegistry()
        let withCurves = plugins.filter { isolated.contains($0.file.path) && !$0.description.curves.isEmpty }.map(\.description.id)
        if executable != nil, !withCurves.isEmpty {
            curves.missingCurveNote = "the curves of \(withCurves.joined(separator: ", ")) are not available: \(withCurves.count == 1 ? "it runs" : "they run") isolated"
        }
        return (registry, curves, catalog)
    }
}
