import TransitionCore

extension Discovery {
    /// The registry of an isolated run: the host's standard effects, and every described
    /// plugin's effects running in a child process of that plugin's own (started on first
    /// use). No plugin is loaded in this process, so no plugin code runs here at all; curves
    /// offered by plugins are therefore not available, only the standard ones.
    /// `timeout`: seconds one call into a plugin may take before it counts as hung.
    public func makeIsolatedRegistry(executable: String, timeout: Double) -> (EffectRegistry, CurveRegistry) {
        let registry = EffectRegistry()
        for effect in StandardEffect.all() { registry.register(effect) }
        for (file, description) in plugins {
            let plugin = IsolatedPlugin(path: file.path, pluginID: description.id, executable: executable, timeout: timeout)
            for info in description.effects { registry.register(IsolatedEffect(info: info, plugin: plugin)) }
        }
        let curves = CurveRegistry()
        HostBridge.shared.curves = curves
        return (registry, curves)
    }
}
