/// The host's percent-driven interaction controller, as UIPercentDrivenInteractiveTransition:
/// it starts the animator with the transition's clock paused, and maps progress to time.
///
/// While interacting, progress p shows the frames of time p · duration (linear in p). On
/// finish the rest plays in (1 − p) · duration / completionSpeed seconds along
/// completionCurve; on cancel the animations run back to their start in p · duration /
/// completionSpeed seconds, and end with every animated property at its start value.
/// Bad input never breaks the transition: NaN or out-of-range progress is clamped and
/// reported, and calls after the interaction ended are ignored and reported.
public final class PercentDrivenInteraction: InteractiveTransitioning {
    /// > 0; 1 plays the tail at the transition's own pace, 2 twice as fast.
    public var completionSpeed: Double = 1 {
        didSet {
            if !(completionSpeed.isFinite && completionSpeed > 0) {
                context?.trace.warning("completionSpeed \(completionSpeed) is not a positive number; using 1")
                completionSpeed = 1
            }
        }
    }
    public var completionCurve: TimingCurve = .easeInOut
    public private(set) var percentComplete = 0.0

    public private(set) weak var context: TransitionContext?
    /// The animator's interruptible animator (ABI 1.1), when it offers one: UIKit drives it
    /// instead of the layers' clock, so it is scrubbed, continued and reversed here too.
    public private(set) var propertyAnimator: PropertyAnimator?

    public init() {}

    private var engine: AnimationEngine? { context?.containerView.scene.engine }

    public func startInteractiveTransition(_ context: TransitionContext) {
        self.context = context
        if context.interactiveDriver == nil { context.interactiveDriver = self }
        guard let animator = context.animator else { return }
        context.trace.call("animator.animateTransition")
        animator.animateTransition(using: context)
        if let driven = animator.interruptibleAnimator(using: context), (try? driven.pause()) != nil {
            try? driven.setFractionComplete(percentComplete)
            propertyAnimator = driven
        }
    }

    /// Whether the interaction can still be driven; reports the misuse when not.
    private func live(_ action: String) -> (TransitionContext, TransitionTimeline, AnimationEngine)? {
        guard let context else { return nil }
        guard context.isInteractive, context.isRunning, let timeline = context.timeline, let engine else {
            context.trace.warning("\(action) after the interaction had ended; ignored")
            return nil
        }
        return (context, timeline, engine)
    }

    /// Shows the transition at `percent` of its duration.
    public func update(_ percent: Double) {
        guard let (context, timeline, engine) = live("update(\(percent))") else { return }
        var p = percent
        if !p.isFinite {
            context.trace.warning("update(\(percent)): not a number; kept at \(percentComplete)")
            p = percentComplete
        } else if p < 0 || p > 1 {
            p = min(1, max(0, p))
            context.trace.warning("update(\(percent)) is outside [0, 1]; clamped to \(p)")
        }
        percentComplete = p
        timeline.isDrivenByHand = true
        timeline.scrub(to: p * context.playedDuration, at: engine.now)
        if let driven = propertyAnimator {
            driven.markDrivenByHand()
            try? driven.pause()
            try? driven.setFractionComplete(p)
        }
        context.updateInteractiveTransition(p)
    }

    /// Holds the transition where it is.
    public func pause() {
        guard let (context, timeline, engine) = live("pause()") else { return }
        timeline.pause(at: engine.now)
        try? propertyAnimator?.pause()
        context.updateInteractiveTransition(percentComplete)
    }

    public func finish() {
        guard let (context, timeline, engine) = live("finish()") else { return }
        let duration = context.playedDuration
        let tail = (1 - percentComplete) * duration / completionSpeed
        context.trace.call("interaction.finish(at: \(format(percentComplete)))")
        timeline.ramp(to: duration, duration: tail, curve: completionCurve, thenSpeed: completionSpeed, at: engine.now)
        context.endInteraction(cancelled: false, tail: tail, speed: completionSpeed, curve: completionCurve)
        try? propertyAnimator?.continueAnimation(curve: completionCurve, durationFactor: 1 / completionSpeed)
    }

    public func cancel() {
        guard let (context, timeline, engine) = live("cancel()") else { return }
        let tail = percentComplete * context.playedDuration / completionSpeed
        context.trace.call("interaction.cancel(at: \(format(percentComplete)))")
        timeline.ramp(to: 0, duration: tail, curve: completionCurve, thenSpeed: -completionSpeed, at: engine.now)
        context.endInteraction(cancelled: true, tail: tail, speed: completionSpeed, curve: completionCurve)
        if let driven = propertyAnimator {
            try? driven.setReversed(true)
            try? driven.continueAnimation(curve: completionCurve, durationFactor: 1 / completionSpeed)
        }
    }
}
