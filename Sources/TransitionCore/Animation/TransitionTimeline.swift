/// A transition's own clock, in Core Animation's media-timing terms: its local time follows
/// the host's clock through a begin time, a speed and a time offset,
///
///     local = (parent − beginTime) · speed + timeOffset,
///
/// so that pausing is speed 0 with the offset at the current local time, scrubbing is setting
/// the offset, and running backwards is a negative speed. Every animation a transition starts
/// (the animator's, the alongside ones) reads its time from here, so they all follow a scrub.
///
/// After an interaction ends, the timeline ramps from where it was to its end (finish) or to 0
/// (cancel) along a curve: the tail of a percent-driven interaction.
public final class TransitionTimeline {
    enum Mode {
        case linear(beginTime: Double, speed: Double, timeOffset: Double)
        /// From local `from` to local `to` over `duration` parent seconds starting at `start`,
        /// then on at `thenSpeed` (so that an animation running past the transition's
        /// duration still reaches its end).
        case ramp(from: Double, to: Double, start: Double, duration: Double, curve: TimingCurve, thenSpeed: Double)
    }

    private(set) var mode: Mode
    /// Set once the host's percent-driven interaction scrubs it: a finger drives it
    /// (AnimationEngine.followsFinger).
    public var isDrivenByHand = false

    /// A running timeline whose local time starts at 0 at `parentTime`.
    public init(startingAt parentTime: Double) {
        mode = .linear(beginTime: parentTime, speed: 1, timeOffset: 0)
    }

    /// Local time at the host's time `parent`.
    public func localTime(at parent: Double) -> Double {
        switch mode {
        case .linear(let begin, let speed, let offset):
            return (parent - begin) * speed + offset
        case .ramp(let from, let to, let start, let duration, let curve, let thenSpeed):
            let end = start + duration
            if parent >= end { return to + (parent - end) * thenSpeed }
            let u = (parent - start) / duration
            return from + (to - from) * curve.progress(at: max(0, u))
        }
    }

    /// +1 when local time moves forwards, −1 backwards, 0 when it stands still.
    public func direction(at parent: Double) -> Int {
        switch mode {
        case .linear(_, let speed, _): return speed > 0 ? 1 : speed < 0 ? -1 : 0
        case .ramp(let from, let to, let start, let duration, _, let thenSpeed):
            // Past the ramp, or on one that goes nowhere (a cancel at 0), the way it goes on.
            if parent >= start + duration || to == from { return thenSpeed > 0 ? 1 : thenSpeed < 0 ? -1 : 0 }
            return to > from ? 1 : -1
        }
    }

    /// Stops local time where it is (speed 0).
    public func pause(at parent: Double) { set(speed: 0, at: parent) }

    /// Sets local time to `local` and holds it there: a scrub.
    public func scrub(to local: Double, at parent: Double) {
        mode = .linear(beginTime: parent, speed: 0, timeOffset: local)
    }

    /// Changes speed without a jump: local time carries on from where it is.
    public func set(speed: Double, at parent: Double) {
        mode = .linear(beginTime: parent, speed: speed, timeOffset: localTime(at: parent))
    }

    /// Moves local time from where it is to `target` over `duration` parent seconds, along
    /// `curve`; then on in the same direction at `speed`. A ramp to where local time already
    /// is (a cancel at 0, a finish at the end) goes on the way `speed`'s sign says.
    public func ramp(to target: Double, duration: Double, curve: TimingCurve, thenSpeed speed: Double, at parent: Double) {
        let from = localTime(at: parent)
        mode = .ramp(from: from, to: target, start: parent, duration: max(0, duration), curve: curve,
                     thenSpeed: target > from ? abs(speed) : target < from ? -abs(speed) : speed)
    }

    /// True while local time stands still (paused).
    public var isPaused: Bool {
        if case .linear(_, let speed, _) = mode { return speed == 0 }
        return false
    }
}
