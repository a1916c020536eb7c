/// A running transition seen as an interruptible property animator, as what
/// UIViewControllerAnimatedTransitioning.interruptibleAnimator hands back: it can be paused,
/// scrubbed (fractionComplete), reversed and continued with a new curve and a duration
/// factor, mid-flight. Grabbing a transition gives it a clock of its own, continuous with the
/// host's, so nothing jumps.
///
/// Reversing means the transition will end where it began: the context's
/// transitionWasCancelled is true while it is reversed, so a well-behaved animator completes
/// with false and cleans up, and the host checks the hierarchy is as before.
public final class TransitionPropertyAnimator: InteractiveTransitioning {
    public let transition: ActiveTransition
    private let timeline: TransitionTimeline
    private var engine: AnimationEngine { transition.context.containerView.scene.engine }

    /// Grabs `transition`. Fails (nil) once it has ended.
    public init?(grabbing transition: ActiveTransition) {
        let context = transition.context
        guard context.isRunning else { return nil }
        self.transition = transition
        let engine = context.containerView.scene.engine
        if let existing = engine.timeline(of: context.id) {
            timeline = existing
        } else {
            // Local time equal to the host's: the animations already running keep their times.
            timeline = TransitionTimeline(startingAt: 0)
            engine.attach(timeline, to: context.id)
            context.timeline = timeline
        }
        if transition.interaction == nil { transition.interaction = self }
        context.trace.call("interruptibleAnimator.grabbed(at: \(format(fractionComplete)))")
    }

    public func startInteractiveTransition(_ context: TransitionContext) {}

    private var start: Double { transition.startTime }
    private var length: Double { max(transition.context.playedDuration, 1e-9) }

    /// How far the transition has got, in [0, 1]; setting it pauses there (a scrub).
    public var fractionComplete: Double {
        get { min(1, max(0, (timeline.localTime(at: engine.now) - start) / length)) }
        set {
            let f = newValue.isFinite ? min(1, max(0, newValue)) : fractionComplete
            timeline.scrub(to: start + f * length, at: engine.now)
            engine.settle()
        }
    }

    public var isRunning: Bool { !timeline.isPaused }

    /// Running backwards towards the start; the transition then ends cancelled.
    public private(set) var isReversed = false

    /// Holds the transition where it is; the host still cuts it off if it stays held past
    /// its duration plus the grace period.
    public func pauseAnimation() {
        timeline.pause(at: engine.now)
        transition.deadline = engine.now + length + transition.grace
        engine.settle()
    }

    /// Reverses (or un-reverses) the direction; takes effect at the next continue.
    public func setReversed(_ reversed: Bool) {
        isReversed = reversed
        transition.context.transitionWasCancelled = reversed
        transition.context.trace.call("interruptibleAnimator.reversed(\(reversed))")
    }

    /// Plays on from here, in the current direction, to the end (or the start when
    /// reversed), over the remaining share of the duration times `durationFactor`, along
    /// `curve`.
    public func continueAnimation(curve: TimingCurve = .linear, durationFactor: Double = 1) {
        let factor = durationFactor.isFinite && durationFactor > 0 ? durationFactor : 1
        let f = fractionComplete
        let remaining = (isReversed ? f : 1 - f) * length * factor
        timeline.ramp(to: isReversed ? start : start + length, duration: remaining, curve: curve,
                      thenSpeed: (isReversed ? -1 : 1) / factor, at: engine.now)
        transition.context.trace.call("interruptibleAnimator.continue(from: \(format(f)), factor: \(format(factor)))")
        transition.deadline = engine.now + remaining + transition.grace
    }
}
