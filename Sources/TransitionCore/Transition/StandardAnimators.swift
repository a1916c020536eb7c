/// The host's own animations for when the delegate vends none, as UIKit's
/// modalTransitionStyle: cover vertical (the default) and cross dissolve.
public enum StandardAnimators {
    public static func make(_ style: ModalTransitionStyle) -> TransitionAnimator {
        switch style {
        case .coverVertical: return CoverVerticalAnimator()
        case .crossDissolve: return CrossDissolveAnimator()
        }
    }

    static let coverVerticalDuration = 0.5
    static let crossDissolveDuration = 0.35
}

/// The presented view rises from below the container; on dismissal it falls back down. Run on
/// a property animator it offers as its interruptible animator, as UIKit's own transitions can
/// be grabbed: with a presentation controller's alongside animations inside it.
final class CoverVerticalAnimator: TransitionAnimator {
    var displayName: String { "cover-vertical" }
    private var running: PropertyAnimator?

    func transitionDuration(using context: TransitionContext) -> Double { StandardAnimators.coverVerticalDuration }

    func animateTransition(using context: TransitionContext) {
        guard let animator = interruptibleAnimator(using: context) else { return }
        try? animator.start()
    }

    func interruptibleAnimator(using context: TransitionContext) -> PropertyAnimator? {
        if let running { return running }
        let container = context.containerView
        let height = container.bounds.size.height
        let presenting = context.kind == .present || context.kind == .push
        guard let moving = presenting ? context.toView : context.fromView else {
            context.completeTransition(false)
            return nil
        }
        let added = addDestination(context, presenting: presenting)
        let vc = context.viewController(forKey: presenting ? .to : .from)
        let onScreen = presenting ? context.finalFrame(for: vc) : moving.frame
        let below = onScreen.offsetBy(dx: 0, dy: height - onScreen.minY)
        if presenting { moving.frame = below }
        running = standardAnimator(context, duration: transitionDuration(using: context),
                                   animations: { moving.frame = presenting ? onScreen : below },
                                   completion: { finishStandard(context, presenting: presenting, added: added) })
        return running
    }
}

/// The presented view fades in over the presenter; on dismissal it fades out. On a property
/// animator, as cover vertical.
final class CrossDissolveAnimator: TransitionAnimator {
    var displayName: String { "cross-dissolve" }
    private var running: PropertyAnimator?

    func transitionDuration(using context: TransitionContext) -> Double { StandardAnimators.crossDissolveDuration }

    func animateTransition(using context: TransitionContext) {
        guard let animator = interruptibleAnimator(using: context) else { return }
        try? animator.start()
    }

    func interruptibleAnimator(using context: TransitionContext) -> PropertyAnimator? {
        if let running { return running }
        let presenting = context.kind == .present || context.kind == .push
        guard let fading = presenting ? context.toView : context.fromView else {
            context.completeTransition(false)
            return nil
        }
        let added = addDestination(context, presenting: presenting)
        if presenting {
            fading.frame = context.finalFrame(for: context.toViewController)
            fading.alpha = 0
        }
        running = standardAnimator(context, duration: transitionDuration(using: context),
                                   animations: { fading.alpha = presenting ? 1 : 0 },
                                   completion: {
                                       // A dismissed view leaves at full opacity, so that it looks right if shown again.
                                       if !presenting { fading.alpha = 1 }
                                       finishStandard(context, presenting: presenting, added: added)
                                   })
        return running
    }
}

/// A property animator of `duration` on ease-in-out with `animations`, whose completion (at
/// either end) runs `completion`; not started.
private func standardAnimator(_ context: TransitionContext, duration: Double, animations: () -> Void,
                              completion: @escaping () -> Void) -> PropertyAnimator {
    let animator = PropertyAnimator(engine: context.containerView.scene.engine,
                                    timing: AnimationOptions(duration: duration, curve: .easeInOut))
    try? animator.addAnimations(animations)
    try? animator.addCompletion { _ in completion() }
    return animator
}

/// Puts the "to" view in the container when it is not there: on top when presenting, below
/// the leaving view on the way back. Whether it did, so that a cancel takes it out again.
private func addDestination(_ context: TransitionContext, presenting: Bool) -> Bool {
    let container = context.containerView
    guard let to = context.toView, to.superview !== container else { return false }
    if let from = context.fromView, from.superview === container, !presenting {
        container.insertSubview(to, below: from)
    } else {
        container.addSubview(to)
    }
    return true
}

/// The end of every standard animation, as in the guide: remove the view that leaves (on a
/// cancel, the one that came, when this animation added it), then complete with the
/// context's verdict.
private func finishStandard(_ context: TransitionContext, presenting: Bool, added: Bool) {
    let success = !context.transitionWasCancelled
    if presenting && !success { context.toView?.removeFromSuperview() }
    if !presenting && success { context.fromView?.removeFromSuperview() }
    if !presenting && !success && added { context.toView?.removeFromSuperview() }
    context.completeTransition(success)
}
