import PluginHost
import TransitionCore

/// The plugin as a behaviour or robustness test sees it: loaded as `host run` loads it, with
/// the registry of its effects and the host's standard ones.
struct Subject {
    let plugin: LoadedPlugin
    let registry: EffectRegistry
    /// The plugin's own curves, reachable through the host's curve extension as in a run.
    let curves: CurveRegistry
    /// The scene file's segue the tests play on (`host validate --scene`); nil for the demo scene.
    let scene: DemoStage.SceneFile?

    /// Loads the plugin, or says why the test cannot run.
    static func load(_ path: String, scene: DemoStage.SceneFile?) -> Result<Subject, Verdict> {
        ChildProgress.step("loading \(path)")
        let catalog = PluginCatalog.load(file: path)
        guard case .loaded(let plugin)? = catalog.records.first?.status else {
            return .failure(.skip("the host refuses the plugin; see load.accepted"))
        }
        let registries = catalog.makeRegistries()
        return .success(Subject(plugin: plugin, registry: registries.effects, curves: registries.curves,
                                scene: scene))
    }

    func effect(_ id: String) -> EffectProvider? {
        plugin.effects.first { $0.info.effectID == id }
    }

    /// A test delegate for `effect` with `parameters` (its defaults when nil): an animator
    /// vended as itself; a presentation controller beside the host's standard animator.
    func delegate(for effect: EffectProvider, parameters: [Double]? = nil, trace: TransitionTrace) -> TestDelegate {
        if effect.info.kind == .presentationController {
            return TestDelegate(animator: nil, presentation: effect, presentationParameters: parameters, trace: trace)
        }
        return TestDelegate(animator: effect, animatorParameters: parameters, trace: trace)
    }

    /// The delegate of the reference run: the host's standard animator and nothing else.
    static func referenceDelegate(trace: TransitionTrace) -> TestDelegate {
        TestDelegate(animator: nil, trace: trace)
    }
}
