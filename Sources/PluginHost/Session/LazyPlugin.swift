import TransitionCore

/// A plugin that is loaded in this process the first time a run needs one of its effects or
/// curves, as GStreamer loads a feature's plugin on first use: with hundreds of plugins on the
/// search path, `host run diagonal` loads the one plugin it runs (and those its delegate
/// names), not all of them. The scan already proved the file loads and passes every check.
public final class LazyPlugin {
    public let path: String
    public let pluginID: String
    /// The runtime the plugin loads into: its session's.
    let runtime: HostRuntime
    /// Loaded already by an in-process scan (no scanner): used as it is.
    private var state: State
    /// Told of each plugin once it has loaded, so that the session can deinit it at the end.
    private let onLoad: (LoadedPlugin) -> Void

    enum State {
        case notLoaded
        case loaded(LoadedPlugin)
        case failed(PluginLoadFailure)
    }

    init(path: String, pluginID: String, runtime: HostRuntime, alreadyLoaded: LoadedPlugin?, onLoad: @escaping (LoadedPlugin) -> Void) {
        self.path = path
        self.runtime = runtime
        self.pluginID = pluginID
        self.onLoad = onLoad
        state = .notLoaded
        if let alreadyLoaded {
            state = .loaded(alreadyLoaded)
            onLoad(alreadyLoaded)
        }
    }

    /// The plugin, loaded now if it was not; the same failure every time once it failed
    /// (the file changed since the scan, most likely). Its init logs into `trace`, when given.
    func load(trace: TransitionTrace?) -> Result<LoadedPlugin, PluginLoadFailure> {
        switch state {
        case .loaded(let plugin): return .success(plugin)
        case .failed(let failure): return .failure(failure)
        case .notLoaded:
            if let trace { runtime.trace = trace }
            let result = PluginLoader.load(path: path, runtime: runtime)
            switch result {
            case .success(let plugin):
                state = .loaded(plugin)
                onLoad(plugin)
            case .failure(let failure):
                state = .failed(failure)
            }
            return result
        }
    }
}

/// A registry entry for one effect of a lazy plugin: its name, kind and parameters from the
/// scan, its code loaded when an animator, presentation controller or delegate answer is
/// first asked of it.
public final class LazyPluginEffect: EffectProvider {
    public let info: EffectInfo
    public let plugin: LazyPlugin

    init(info: EffectInfo, plugin: LazyPlugin) {
        self.info = info
        self.plugin = plugin
    }

    /// The loaded effect, or nil with the reason in `trace` (said once per transition that asks).
    private func effect(trace: TransitionTrace?) -> PluginEffect? {
        switch plugin.load(trace: trace) {
        case .success(let loaded):
            if let effect = loaded.effects.first(where: { $0.info.effectID == info.effectID }) { return effect }
            trace?.error("\(info.qualifiedName): plugin '\(plugin.pluginID)' no longer offers it (\(plugin.path) changed since it was scanned); using the standard style")
            return nil
        case .failure(let failure):
            trace?.error("\(info.qualifiedName): plugin '\(plugin.pluginID)' did not load: \(failure.message); using the standard style")
            return nil
        }
    }

    public func makeAnimator(for transition: TransitionKind, parameters: [Double], trace: TransitionTrace) -> TransitionAnimator? {
        effect(trace: trace)?.makeAnimator(for: transition, parameters: parameters, trace: trace)
    }

    public func makePresentationController(parameters: [Double], trace: TransitionTrace) -> PresentationController? {
        effect(trace: trace)?.makePresentationController(parameters: parameters, trace: trace)
    }

    public func delegateAnimatorChoice(for transition: TransitionKind) -> String? {
        effect(trace: nil)?.delegateAnimatorChoice(for: transition)
    }

    public func makeInteractionController(for transition: TransitionKind, parameters: [Double], trace: TransitionTrace) -> GestureInteractionController? {
        effect(trace: trace)?.makeInteractionController(for: transition, parameters: parameters, trace: trace)
    }

    public func delegateInteractionChoice(for transition: TransitionKind, animator: String?) -> String? {
        effect(trace: nil)?.delegateInteractionChoice(for: transition, animator: animator)
    }

    public func delegateAnimatorChoice(for screens: TransitionScreens) -> ScreenChoice {
        effect(trace: nil)?.delegateAnimatorChoice(for: screens) ?? .notOffered
    }

    public func delegatePresentationChoice() -> String? {
        effect(trace: nil)?.delegatePresentationChoice()
    }

    /// The C signature of the effect's typed constructor, if it has one (loads the plugin).
    public var constructorSignature: String? { effect(trace: nil)?.constructorSignature }
}

/// A registry entry for one curve of a lazy plugin: named from the scan, loaded when the
/// curve is resolved (its parameters are needed to check a spec) or made.
public final class LazyPluginCurve: CurveProvider {
    public let name: String
    public let displayName: String
    public let plugin: LazyPlugin

    init(name: String, displayName: String, plugin: LazyPlugin) {
        self.name = name
        self.displayName = displayName
        self.plugin = plugin
    }

    private var loaded: CurveProvider? {
        guard case .success(let p) = plugin.load(trace: nil) else { return nil }
        return p.curves.first { $0.name == name }
    }

    public var source: String { plugin.path }
    /// None when the plugin no longer loads or offers the curve: a spec with parameters is
    /// then refused as naming unknown ones.
    public var parameters: [EffectParameter] { loaded?.parameters ?? [] }

    /// The plugin's curve; linear when the plugin no longer loads or offers it (its file
    /// changed since the scan), as the contract's fallback for a broken curve.
    public func makeCurve(parameters values: [Double]) -> TimingCurve {
        loaded?.makeCurve(parameters: values) ?? .linear
    }
}
