/// UIViewPropertyAnimator: animations that can be started, paused, scrubbed, reversed,
/// continued with new timing, stopped and finished, with UIKit's states and rules. An
/// interruptible animator's transition is one of these (interruptibleAnimator(using:)), so
/// that the host can grab it mid-flight.
///
/// It runs on a clock of its own (a TransitionTimeline under a detached owner of the engine):
/// its animations start at 0 on that clock, paused until `start`; pausing is speed 0,
/// scrubbing is setting local time, reversing is running it backwards, continuing is a ramp
/// to the end (or the start). It ends, running its completions with the position, when every
/// animation reached the end (`.end`) or, reversed, the start (`.start`), or when finished
/// after a stop.
public final class PropertyAnimator {
    /// UIViewAnimatingState's raw values.
    public enum State: UInt32, Sendable { case inactive = 0, active = 1, stopped = 2 }
    /// UIViewAnimatingPosition's raw values.
    public enum Position: UInt32, Sendable { case end = 0, start = 1, current = 2 }

    /// Why a call was refused: UIKit raises an exception; here the caller gets an error.
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    public let engine: AnimationEngine
    /// The owner its animations run under, with its own timeline.
    public let owner: Int
    public let timing: AnimationOptions
    public private(set) var state = State.inactive
    public private(set) var isReversed = false
    /// The trace of the transition it was made in, for its calls; nil outside one.
    public var trace: TransitionTrace?

    private let timeline: TransitionTimeline
    /// Animation groups started and not yet ended; their completions count down to the end.
    private var liveGroups = 0
    private var completions: [(Position) -> Void] = []
    /// What stop(withoutFinishing: false) left, for finish(at:).
    private var stopped: [AnimationEngine.StoppedAnimation] = []
    /// Set once the natural end's completions are queued, so they run once.
    private var ending = false

    /// The transition it was made in (the engine's current owner then), which stops it
    /// without finishing when it is cut off or falls back; nil outside one.
    public let transitionOwner: Int?

    public init(engine: AnimationEngine, timing: AnimationOptions) {
        self.engine = engine
        self.timing = timing
        transitionOwner = engine.currentOwner
        owner = engine.makeDetachedOwner()
        timeline = TransitionTimeline(startingAt: engine.now)
        timeline.pause(at: engine.now)
        engine.attach(timeline, to: owner)
        engine.track(self)
    }

    /// Its duration on the engine's clock (slowed with the rest by time dilation).
    public var duration: Double { timing.duration * engine.timeDilation }

    /// True while its clock moves.
    public var isRunning: Bool { state == .active && !timeline.isPaused }

    public var fractionComplete: Double {
        guard duration > 0 else { return state == .inactive ? 0 : 1 }
        return min(1, max(0, timeline.localTime(at: engine.now) / duration))
    }

    /// addAnimations(_:delayFactor:): the changes `animations` makes animate with the
    /// animator's timing, from where the clock stands (over the remaining time when running).
    public func addAnimations(_ animations: () -> Void) throws {
        guard state != .stopped else { throw Refusal(description: "add_animations on a stopped property animator") }
        let saved = engine.currentOwner
        engine.currentOwner = owner
        defer { engine.currentOwner = saved }
        var options = timing
        if state == .active {
            // Added to a running animator: over the time it has left.
            options.duration = timing.duration * (isReversed ? fractionComplete : 1 - fractionComplete)
        }
        liveGroups += 1
        engine.animate(options, animations: animations) { [weak self] _ in self?.groupEnded() }
    }

    /// addCompletion(_:): runs once, with the position the animations ended at.
    public func addCompletion(_ completion: @escaping (Position) -> Void) throws {
        guard state != .stopped else { throw Refusal(description: "add_completion on a stopped property animator") }
        completions.append(completion)
    }

    /// startAnimation: runs from where it is, the way it points.
    public func start() throws {
        guard state != .stopped else { throw Refusal(description: "start on a stopped property animator: finish it first") }
        state = .active
        timeline.set(speed: isReversed ? -1 : 1, at: engine.now)
        trace?.call("propertyAnimator.start(at: \(format(fractionComplete)))")
        if liveGroups == 0 { endSoon(isReversed ? .start : .end) }
    }

    /// pauseAnimation: holds where it is (an inactive animator becomes active, paused).
    public func pause() throws {
        guard state != .stopped else { throw Refusal(description: "pause on a stopped property animator") }
        state = .active
        timeline.pause(at: engine.now)
        trace?.call("propertyAnimator.pause(at: \(format(fractionComplete)))")
    }

    /// A finger drives it from now on, through the host's percent-driven interaction: with
    /// AnimationEngine.followsFinger its animations go linearly in its fraction.
    func markDrivenByHand() { timeline.isDrivenByHand = true }

    /// fractionComplete = f: only while paused (or inactive, which it leaves paused).
    public func setFractionComplete(_ fraction: Double) throws {
        guard state != .stopped else { throw Refusal(description: "set_fraction_complete on a stopped property animator") }
        guard !isRunning else { throw Refusal(description: "set_fraction_complete while running: pause it first") }
        state = .active
        timeline.scrub(to: min(1, max(0, fraction)) * duration, at: engine.now)
        engine.settle()
    }

    /// isReversed: a running animator turns around now; a paused one at the next start or
    /// continue.
    public func setReversed(_ reversed: Bool) throws {
        guard state != .stopped else { throw Refusal(description: "set_reversed on a stopped property animator") }
        isReversed = reversed
        if isRunning { timeline.set(speed: reversed ? -1 : 1, at: engine.now) }
        trace?.call("propertyAnimator.reversed(\(reversed))")
    }

    /// continueAnimation(withTimingParameters:durationFactor:): plays on from here to the end
    /// (the start when reversed) over the remaining share of the duration times `factor`,
    /// along `curve` (the animator's own when nil).
    public func continueAnimation(curve: TimingCurve?, durationFactor factor: Double) throws {
        guard state == .active else { throw Refusal(description: "continue_animation on a property animator that is not active") }
        guard factor.isFinite, factor > 0 else { throw Refusal(description: "continue_animation with a duration factor of \(factor): it must be above 0") }
        let f = fractionComplete
        let remaining = (isReversed ? f : 1 - f) * duration * factor
        timeline.ramp(to: isReversed ? 0 : duration, duration: remaining, curve: curve ?? .linear,
                      thenSpeed: (isReversed ? -1 : 1) / factor, at: engine.now)
        trace?.call("propertyAnimator.continue(from: \(format(f)), factor: \(format(factor)), \(isReversed ? "reversed" : "forward"))")
        if liveGroups == 0 { endSoon(isReversed ? .start : .end) }
    }

    /// stopAnimation(_:): the animations stop where they are, the properties keeping those
    /// values. Without finishing, it is inactive at once and no completion runs; otherwise it
    /// is stopped until finish(at:).
    public func stop(withoutFinishing: Bool) throws {
        guard state == .active else { throw Refusal(description: "stop on a property animator that is not active") }
        stopped = engine.stopAnimationsWhereTheyAre(ownedBy: owner)
        liveGroups = 0
        timeline.pause(at: engine.now)
        trace?.call("propertyAnimator.stop(withoutFinishing: \(withoutFinishing))")
        if withoutFinishing {
            stopped = []
            completions = []
            state = .inactive
        } else {
            state = .stopped
        }
    }

    /// finishAnimation(at:): only when stopped; the stopped properties take their end values,
    /// their start values or stay, and the completions run with the position.
    public func finish(at position: Position) throws {
        guard state == .stopped else { throw Refusal(description: "finish on a property animator that is not stopped: stop it first") }
        for s in stopped where position != .current {
            let value = position == .end ? s.to : s.from
            s.view.model.setValue(value, of: s.property)
            s.view.presentationBase.setValue(value, of: s.property)
        }
        stopped = []
        end(position)
    }

    /// One of its animation groups ended (at the end, or run back to its start).
    private func groupEnded() {
        liveGroups -= 1
        guard liveGroups == 0, state == .active else { return }
        end(isReversed ? .start : .end)
    }

    private func endSoon(_ position: Position) {
        engine.runSoon { [weak self] in
            guard let self, self.state == .active, self.liveGroups == 0 else { return }
            self.end(position)
        }
    }

    /// Inactive again; the completions run once, in the order added.
    private func end(_ position: Position) {
        guard !ending else { return }
        ending = true
        state = .inactive
        timeline.pause(at: engine.now)
        trace?.call("propertyAnimator.completed(at: \(position == .end ? "end" : position == .start ? "start" : "current"))")
        let run = completions
        completions = []
        for completion in run { completion(position) }
        ending = false
    }
}
