/// The animations started by one animate call, and the completion that runs when all of them
/// have ended.
final class AnimationGroup {
    let id: Int
    /// The transition that started it (nil outside transitions), so that cutting a transition
    /// off stops exactly its animations.
    let owner: Int?
    let completion: ((Bool) -> Void)?
    /// Animations of this group still running.
    var running = 0
    /// Earliest time the completion may run: the end of the group's last animation, on its
    /// owner's clock.
    var due: Double
    /// Set when one of its animations was removed before its end: the completion is told
    /// `finished: false`.
    var interrupted = false
    var completed = false
    /// Its animations ran back to their start (a cancelled interactive transition).
    var endedInReverse = false

    init(id: Int, owner: Int?, due: Double, completion: ((Bool) -> Void)?) {
        self.id = id
        self.owner = owner
        self.due = due
        self.completion = completion
    }
}

/// One property of one view moving from a value to another over time.
struct PropertyAnimation {
    unowned let view: View
    let property: AnimatableProperty
    let from: AnimatableValue
    let to: AnimatableValue
    let begin: Double
    let duration: Double
    let curve: TimingCurve
    let group: AnimationGroup
    /// Set for a keyframe animation: the values it passes through.
    var keyframes: KeyframeTrack? = nil

    var end: Double { begin + duration }

    /// The value at `time` on the animation's clock (its owner's timeline, or the host's).
    func value(at time: Double) -> AnimatableValue {
        if time < begin { return from }  // a delayed animation shows its start value
        if duration <= 0 || time >= end - VirtualClock.tolerance { return to }
        let p = curve.progress(at: (time - begin) / duration)
        if let keyframes { return keyframes.value(at: p) }
        return from + (to - from) * p
    }
}
