/// A transitioning delegate that vends the objects of registry effects: an animator effect
/// for both directions and, optionally, a presentation-controller effect. A delegate effect
/// from a plugin is turned into one of these by `init(delegate:)`.
public final class RegistryTransitioningDelegate: TransitioningDelegate {
    public let animatorEffect: EffectProvider?
    public let presentationEffect: EffectProvider?
    private let parameters: [Double]
    private let presentationParameters: [Double]
    private let trace: TransitionTrace

    /// `parameters` and `presentationParameters`: each effect's values in declaration order,
    /// already checked; each effect's defaults when nil.
    public init(animator: EffectProvider?, presentation: EffectProvider?, parameters: [Double]? = nil,
                presentationParameters: [Double]? = nil, trace: TransitionTrace) {
        self.animatorEffect = animator
        self.presentationEffect = presentation
        self.parameters = parameters ?? animator?.info.defaultParameterValues ?? []
        self.presentationParameters = presentationParameters ?? presentation?.info.defaultParameterValues ?? []
        self.trace = trace
    }

    /// Resolves a delegate effect's choices against the registry (its own plugin first).
    public convenience init(delegate: EffectProvider, registry: EffectRegistry, trace: TransitionTrace) throws {
        let plugin = delegate.info.pluginID
        // The animator it vends for the first transition it serves (present, push, a tab
        // switch, then the way back), so that a delegate for navigation is asked for a push.
        let order: [TransitionKind] = [.present, .push, .tabSwitch, .dismiss, .pop]
        let animatorName = order.lazy.filter { delegate.info.transitions.contains($0) }
            .compactMap { delegate.delegateAnimatorChoice(for: $0) }.first
        let animator = try animatorName.map { try registry.resolve($0, kind: .animator, preferPlugin: plugin) }
        let presentation = try delegate.delegatePresentationChoice()
            .map { try registry.resolve($0, kind: .presentationController, preferPlugin: plugin) }
        self.init(animator: animator, presentation: presentation, trace: trace)
        stand(for: delegate, registry: registry)
    }

    /// Asks `delegate` (a plugin's delegate effect) for interaction controllers from now on.
    public func stand(for delegate: EffectProvider, registry: EffectRegistry) {
        sourceDelegate = delegate
        self.registry = registry
    }

    /// The plugin delegate this one stands for (ABI 1.1): asked, at each interactive
    /// transition, for the interaction controller, as UIKit asks
    /// interactionControllerForPresentation.
    public private(set) var sourceDelegate: EffectProvider?
    private var registry: EffectRegistry?

    /// Interaction-controller effects (ABI 1.1) named for the presentation (push, first
    /// switch) and the dismissal (pop, switch back): they drive those transitions, when
    /// interactive, instead of the host's percent-driven controller.
    public var presentationInteractionEffect: EffectProvider?
    public var dismissalInteractionEffect: EffectProvider?
    /// Whether each direction's gesture comes as a recogniser's events (written in points),
    /// which a controller that reads gestures needs: only then is the plugin delegate asked.
    public var gestureEvents = (presentation: false, dismissal: false)

    public func animationController(forPresented presented: ViewController, presenting: ViewController) -> TransitionAnimator? {
        animator(for: .present, screens: TransitionScreens(.present, from: presenting, to: presented, forward: true))
    }

    public func animationController(forDismissed dismissed: ViewController) -> TransitionAnimator? {
        animator(for: .dismiss, screens: dismissed.presentingViewController.map {
            TransitionScreens(.dismiss, from: dismissed, to: $0, forward: false)
        })
    }

    /// Vend the host's percent-driven interaction controller for these directions.
    public var interactivePresentation = false
    public var interactiveDismissal = false
    /// completionSpeed of the interaction controllers vended.
    public var completionSpeed = 1.0

    public func interactionControllerForPresentation(using animator: TransitionAnimator) -> InteractiveTransitioning? {
        interaction(forward: true, .present)
    }

    public func interactionControllerForDismissal(using animator: TransitionAnimator) -> InteractiveTransitioning? {
        interaction(forward: false, .dismiss)
    }

    /// The interaction controller of an interactive direction: the named controller effect's,
    /// else the plugin delegate's choice, else the host's percent-driven one. A controller
    /// effect that cannot make one (create returned NULL) leaves the transition to the host's.
    func interaction(forward: Bool, _ kind: TransitionKind) -> InteractiveTransitioning? {
        guard forward ? interactivePresentation : interactiveDismissal else { return nil }
        if let effect = (forward ? presentationInteractionEffect : dismissalInteractionEffect) ?? delegateInteraction(kind, forward: forward) {
            guard effect.info.transitions.contains(kind) else {
                trace.warning("\(effect.info.qualifiedName) does not drive \(kind.name); the host's percent-driven controller does")
                return makeInteraction()
            }
            if let controller = effect.makeInteractionController(for: kind, parameters: effect.info.defaultParameterValues, trace: trace) {
                return GestureDrivenInteraction(controller: controller)
            }
            trace.warning("\(effect.info.qualifiedName) made no interaction controller for \(kind.name); the host's percent-driven controller drives it")
        }
        return makeInteraction()
    }

    /// The plugin delegate's interaction controller for `kind`, resolved (its own plugin
    /// first); nil when it names none or one that is not there (said in the trace).
    private func delegateInteraction(_ kind: TransitionKind, forward: Bool) -> EffectProvider? {
        guard forward ? gestureEvents.presentation : gestureEvents.dismissal,
              let delegate = sourceDelegate, let registry,
              let name = delegate.delegateInteractionChoice(for: kind, animator: animatorEffect?.info.effectID)
        else { return nil }
        do {
            return try registry.resolve(name, kind: .interactionController, preferPlugin: delegate.info.pluginID)
        } catch {
            trace.warning("\(delegate.info.qualifiedName) named the interaction controller '\(VisibleText.escape(name))': \(error)")
            return nil
        }
    }

    func makeInteraction() -> PercentDrivenInteraction {
        let interaction = PercentDrivenInteraction()
        interaction.completionSpeed = completionSpeed
        return interaction
    }

    public func presentationController(forPresented presented: ViewController, presenting: ViewController) -> PresentationController? {
        guard let presentationEffect else { return nil }
        return presentationEffect.makePresentationController(parameters: presentationParameters, trace: trace)
    }

    /// Reduce Motion switched during a run (a window's M): while `reducesMotion`, each
    /// transition plays `reducedAnimator` (the variant, or the cross-dissolve) with its own
    /// defaults, and a plugin delegate is not asked to choose.
    public var reducesMotion = false
    public var reducedAnimator: EffectProvider?

    func animator(for kind: TransitionKind, screens: TransitionScreens? = nil) -> TransitionAnimator? {
        if reducesMotion, let reduced = reducedAnimator {
            guard reduced.info.transitions.contains(kind) else { return nil }
            return reduced.makeAnimator(for: kind, parameters: reduced.info.defaultParameterValues, trace: trace)
        }
        // ABI 1.1: a plugin delegate that picks by screen is asked at each transition.
        if let screens, let delegate = sourceDelegate, let registry {
            switch delegate.delegateAnimatorChoice(for: screens) {
            case .notOffered:
                break
            case .standard:
                trace.info("\(delegate.info.qualifiedName) chose the standard style for \(screens.source.name) to \(kind == .dismiss || kind == .pop ? screens.presenting.name : screens.presented.name)")
                return nil
            case .effect(let name):
                do {
                    let chosen = try registry.resolve(name, kind: .animator, preferPlugin: delegate.info.pluginID)
                    guard chosen.info.transitions.contains(kind) else {
                        trace.info("'\(chosen.info.effectID)' does not support \(kind.name); using the standard style")
                        return nil
                    }
                    let values = chosen === animatorEffect ? parameters : chosen.info.defaultParameterValues
                    return chosen.makeAnimator(for: kind, parameters: values, trace: trace)
                } catch {
                    trace.warning("\(delegate.info.qualifiedName) chose the animator '\(VisibleText.escape(name))': \(error); using the standard style")
                    return nil
                }
            }
        }
        guard let effect = animatorEffect else { return nil }
        guard effect.info.transitions.contains(kind) else {
            trace.info("'\(effect.info.effectID)' does not support \(kind.name); using the standard style")
            return nil
        }
        return effect.makeAnimator(for: kind, parameters: parameters, trace: trace)
    }
}

/// The same registry effects drive navigation: push and pop ask the effect for those
/// transitions; the interactive flags mean push (presentation) and pop (dismissal).
extension RegistryTransitioningDelegate: NavigationControllerDelegate {
    public func animationController(for operation: NavigationOperation, from: ViewController, to: ViewController) -> TransitionAnimator? {
        animator(for: operation.transition, screens: TransitionScreens(operation.transition, from: from, to: to, forward: operation == .push))
    }

    public func interactionController(for animator: TransitionAnimator, operation: NavigationOperation) -> InteractiveTransitioning? {
        interaction(forward: operation == .push, operation.transition)
    }
}

/// And a custom container: an effect that declares tab switches is asked for one; otherwise
/// one that pushes and pops is asked for a push (to a higher index) or a pop, so the same
/// animator plugins work unchanged.
extension RegistryTransitioningDelegate: TabContainerDelegate {
    public func animationController(from: ViewController, to: ViewController, forward: Bool) -> TransitionAnimator? {
        guard let effect = animatorEffect else { return nil }
        if effect.info.transitions.contains(.tabSwitch) {
            return animator(for: .tabSwitch, screens: TransitionScreens(.tabSwitch, from: from, to: to, forward: true))
        }
        let stand: TransitionKind = forward ? .push : .pop
        guard effect.info.transitions.contains(stand) else {
            trace.info("'\(effect.info.effectID)' supports neither tab-switch nor \(stand.name), which a tab switch falls back to; using the standard style")
            return nil
        }
        return animator(for: stand)
    }

    public func interactionController(for animator: TransitionAnimator, forward: Bool) -> InteractiveTransitioning? {
        interaction(forward: forward, .tabSwitch)
    }
}

extension EffectRegistry {
    /// What a delegate effect vends, as `host inspect` shows it: for each animator it names, the
    /// transitions it is vended for; its presentation controller; and (ABI 1.1) for each
    /// interaction controller it names, the transitions it drives (given a gesture); each by
    /// qualified name, or as named with "(not found)" when the registry has no such effect.
    public func vended(by delegate: EffectProvider) -> (
        animators: [(name: String, transitions: [TransitionKind])], presentation: String?,
        interactions: [(name: String, transitions: [TransitionKind])]
    ) {
        let plugin = delegate.info.pluginID
        func qualified(_ name: String, _ kind: EffectKind) -> String {
            (try? resolve(name, kind: kind, preferPlugin: plugin).info.qualifiedName) ?? "\(name) (not found)"
        }
        func add(_ name: String, _ kind: TransitionKind, to list: inout [(name: String, transitions: [TransitionKind])]) {
            if let i = list.firstIndex(where: { $0.name == name }) { list[i].transitions.append(kind) } else { list.append((name, [kind])) }
        }
        var animators: [(name: String, transitions: [TransitionKind])] = []
        var interactions: [(name: String, transitions: [TransitionKind])] = []
        for kind in delegate.info.transitions.kinds {
            let choice = delegate.delegateAnimatorChoice(for: kind)
            if let choice { add(qualified(choice, .animator), kind, to: &animators) }
            let animatorID = choice.flatMap { try? resolve($0, kind: .animator, preferPlugin: plugin).info.effectID }
            if let interaction = delegate.delegateInteractionChoice(for: kind, animator: animatorID) {
                add(qualified(interaction, .interactionController), kind, to: &interactions)
            }
        }
        return (animators, delegate.delegatePresentationChoice().map { qualified($0, .presentationController) }, interactions)
    }
}
