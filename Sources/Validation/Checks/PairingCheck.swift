import FoundationEssentials
import PluginHost
import TransitionCore

/// A transitioning delegate's test: the effects it names resolve — in its own plugin first,
/// then among the host's built-in effects and the plugins bundled with the host — and a
/// presentation and a dismissal with them run cleanly.
enum PairingCheck {
    static func run(effectID: String, subject: Subject) -> Verdict {
        guard let effect = subject.effect(effectID) else { return .fail("the loaded plugin has no effect '\(effectID)'") }
        let registry = registryWithBundledPlugins(subject)
        let plugin = effect.info.pluginID
        var problems: [String] = [], warnings: [String] = []

        /// The effect `name` of `kind`, or nil with the reason noted.
        func resolve(_ name: String?, _ kind: EffectKind, _ role: String) -> EffectProvider? {
            guard let name else { return nil }
            do {
                return try registry.resolve(name, kind: kind, preferPlugin: plugin)
            } catch EffectRegistry.LookupError.unknown {
                warnings.append("its \(role) '\(name)' is neither in this plugin nor offered by the host or its bundled plugins: it works only where a plugin offering '\(name)' is installed")
            } catch {
                problems.append("its \(role) '\(name)' does not resolve: \(error)")
            }
            return nil
        }
        ChildProgress.step("asking \(effect.info.qualifiedName) for its animator and presentation controller")
        // A delegate for navigation only (push and pop, no present) is played pushing and popping.
        let navigation = !effect.info.transitions.contains(.present) && effect.info.transitions.contains(.push)
        let (there, back): (TransitionKind, TransitionKind) = navigation ? (.push, .pop) : (.present, .dismiss)
        let animator = resolve(effect.delegateAnimatorChoice(for: there), .animator, "animator")
        let presentation = resolve(effect.delegatePresentationChoice(), .presentationController, "presentation controller")
        guard problems.isEmpty else { return .fail(problems.joined(separator: "; ")) }

        let stage = DemoStage(flow: navigation ? .navigation : .modal, scene: subject.scene, curves: subject.curves)
        let delegate = TestDelegate(animator: animator, presentation: presentation, trace: stage.trace)
        do {
            ChildProgress.step("\(navigation ? "pushing and popping" : "presenting and dismissing") with what \(effect.info.qualifiedName) vends")
            try stage.run(delegate)
        } catch {
            return .fail("the host could not run it: \(error)")
        }
        for (i, o) in stage.outcomes.enumerated() {
            let kind = i == 0 ? there : back
            if let animator { problems += BehaviourChecks.outcomeProblems(o, kind, delegate, animator) } else { problems += o.violations }
        }
        if stage.outcomes.count < 2 && problems.isEmpty { problems.append("the presentation did not complete") }
        let what = "vends " + (animator.map { "'\($0.info.qualifiedName)'" } ?? "the standard animator")
            + (presentation.map { " with presentation controller '\($0.info.qualifiedName)'" } ?? "")
        if animator == nil && presentation == nil && warnings.isEmpty { warnings.append("\(what) and nothing else: it changes nothing") }
        let others = stage.allProblems.filter { w in !stage.outcomes.flatMap(\.violations).contains(w) && !Misuse.isCutOff(w) }
        return Verdict.from(problems: problems, warnings: warnings + others,
                            passing: "\(what); \(navigation ? "pushed and popped" : "presented and dismissed") cleanly")
    }

    /// The host's standard effects, the plugin's, and those of the plugins bundled with the
    /// host (the `plugins` folder next to it), but for another copy of this plugin.
    static func registryWithBundledPlugins(_ subject: Subject) -> EffectRegistry {
        let registry = EffectRegistry()
        for effect in StandardEffect.all() { registry.register(effect) }
        for effect in subject.plugin.effects { registry.register(effect) }
        guard let executable = PluginSearchPath.currentExecutablePath() else { return registry }
        let folder = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("plugins").path
        let me = URL(fileURLWithPath: subject.plugin.path).resolvingSymlinksInPath().path
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".so") }.sorted()
        for name in names {
            let path = "\(folder)/\(name)"
            guard URL(fileURLWithPath: path).resolvingSymlinksInPath().path != me else { continue }
            ChildProgress.step("loading the bundled plugin \(path)")
            guard case .loaded(let other)? = PluginCatalog.load(file: path).records.first?.status,
                  other.id != subject.plugin.id else { continue }
            for effect in other.effects { registry.register(effect) }
        }
        return registry
    }
}
