import TransitionCore

/// The transitioning delegate of a test: vends the effect under test (an animator, or a
/// presentation controller beside the host's standard animator) with the parameters the test
/// chose, and the host's percent-driven interaction controller for the transitions the test
/// drives by gesture. Like RegistryTransitioningDelegate, but it also sets a presentation
/// controller's parameters and records when the effect declined to make an animator.
final class TestDelegate: TransitioningDelegate, NavigationControllerDelegate, TabContainerDelegate {
    let animatorEffect: EffectProvider?
    let animatorParameters: [Double]
    let presentationEffect: EffectProvider?
    let presentationParameters: [Double]
    let trace: TransitionTrace
    /// The transitions (0: there, 1: back) to drive interactively.
    var interactive: Set<Int> = []
    /// The interaction controller effect under test (ABI 1.1), instead of the host's
    /// percent-driven controller.
    var interactionEffect: EffectProvider?
    /// Kinds the effect claims but for which its create returned NULL.
    private(set) var declined: [TransitionKind] = []
    /// The presentation controller's create returned NULL.
    private(set) var declinedPresentation = false

    init(animator: EffectProvider?, animatorParameters: [Double]? = nil,
         presentation: EffectProvider? = nil, presentationParameters: [Double]? = nil, trace: TransitionTrace) {
        animatorEffect = animator
        self.animatorParameters = animatorParameters ?? animator?.info.defaultParameterValues ?? []
        presentationEffect = presentation
        self.presentationParameters = presentationParameters ?? presentation?.info.defaultParameterValues ?? []
        self.trace = trace
    }

    private func animator(for kind: TransitionKind) -> TransitionAnimator? {
        guard let effect = animatorEffect, effect.info.transitions.contains(kind) else { return nil }
        let made = effect.makeAnimator(for: kind, parameters: animatorParameters, trace: trace)
        if made == nil { declined.append(kind) }
        return made
    }

    private func interaction(_ direction: Int, _ kind: TransitionKind) -> InteractiveTransitioning? {
        guard interactive.contains(direction) else { return nil }
        if let effect = interactionEffect,
           let controller = effect.makeInteractionController(for: kind, parameters: effect.info.defaultParameterValues, trace: trace) {
            return GestureDrivenInteraction(controller: controller)
        }
        return PercentDrivenInteraction()
    }

    // Modal.
    func animationController(forPresented presented: ViewController, presenting: ViewController) -> TransitionAnimator? {
        animator(for: .present)
    }
    func animationController(forDismissed dismissed: ViewController) -> TransitionAnimator? { animator(for: .dismiss) }
    func interactionControllerForPresentation(using animator: TransitionAnimator) -> InteractiveTransitioning? { interaction(0, .present) }
    func interactionControllerForDismissal(using animator: TransitionAnimator) -> InteractiveTransitioning? { interaction(1, .dismiss) }
    func presentationController(forPresented presented: ViewController, presenting: ViewController) -> PresentationController? {
        guard let effect = presentationEffect else { return nil }
        let made = effect.makePresentationController(parameters: presentationParameters, trace: trace)
        if made == nil { declinedPresentation = true }
        return made
    }

    // Navigation.
    func animationController(for operation: NavigationOperation, from: ViewController, to: ViewController) -> TransitionAnimator? {
        animator(for: operation == .push ? .push : .pop)
    }
    func interactionController(for animator: TransitionAnimator, operation: NavigationOperation) -> InteractiveTransitioning? {
        interaction(operation == .push ? 0 : 1, operation == .push ? .push : .pop)
    }

    // A tab container: a tab switch when the effect claims one, else a push or a pop, as the
    // host's own delegate does.
    func animationController(from: ViewController, to: ViewController, forward: Bool) -> TransitionAnimator? {
        guard let effect = animatorEffect else { return nil }
        if effect.info.transitions.contains(.tabSwitch) { return animator(for: .tabSwitch) }
        return animator(for: forward ? .push : .pop)
    }
    func interactionController(for animator: TransitionAnimator, forward: Bool) -> InteractiveTransitioning? {
        interaction(forward ? 0 : 1, .tabSwitch)
    }
}
