/// When animations run and along which curve: shared by every animation started with the
/// same options at the same moment (one animate call, or many calls in one frame with the
/// same options), so the curve is evaluated once per frame for all of them.
final class AnimationTiming {
    let owner: Int?
    /// When they start (after the delay) and how long they run, on the owner's clock.
    let begin: Double
    let duration: Double
    let curve: TimingCurve

    // Computed once per engine pass (see prepare).
    private(set) var stamp = -1
    private(set) var time = 0.0
    private(set) var direction = 1
    private(set) var progress = 0.0

    /// Its place in the engine's list of timings; −1 once the engine has let it go.
    var index: Int

    init(owner: Int?, begin: Double, duration: Double, curve: TimingCurve, index: Int) {
        self.index = index
        self.owner = owner
        self.begin = begin
        self.duration = duration
        self.curve = curve
    }

    var end: Double { begin + duration }

    /// Computes time, direction and progress for the pass `stamp`; `linear`: the progress
    /// is the time's fraction, without the curve (AnimationEngine.followsFinger).
    @inline(__always)
    func prepare(stamp: Int, time: Double, direction: Int, linear: Bool) {
        self.stamp = stamp
        self.time = time
        self.direction = direction
        if time < begin {
            progress = 0  // a delayed animation shows its start value
        } else if duration <= 0 || time >= end - VirtualClock.tolerance {
            progress = 1
        } else {
            let fraction = (time - begin) / duration
            progress = linear ? fraction : curve.progress(at: fraction)
        }
    }

    /// What makes two timings the same.
    struct Key: Hashable {
        let owner: Int?
        let begin: Double
        let duration: Double
        let curve: TimingCurve
    }
}

/// The animations started by one animate call, and the completion that runs when all of them
/// have ended.
final class AnimationGroup {
    let id: Int
    /// The transition that started it (nil outside transitions), so that cutting a transition
    /// off stops exactly its animations.
    let owner: Int?
    let completion: ((Bool) -> Void)?
    let timing: AnimationTiming
    /// Animations of this group still running.
    var running = 0
    /// Earliest time the completion may run: the creation time, or once it has animations,
    /// their end; on its owner's clock.
    var due: Double
    /// Set when one of its animations was removed before its end: the completion is told
    /// `finished: false`.
    var interrupted = false
    var completed = false
    /// Its animations ran back to their start (a cancelled interactive transition).
    var endedInReverse = false
    /// Its place in the engine's list of groups with running animations; −1 when not there.
    var liveIndex = -1
    /// The properties it animates, to retire them without searching.
    var members: [(view: View, property: AnimatableProperty)] = []

    init(id: Int, owner: Int?, created: Double, timing: AnimationTiming, completion: ((Bool) -> Void)?) {
        self.id = id
        self.owner = owner
        self.due = created
        self.timing = timing
        self.completion = completion
    }

    var begin: Double { timing.begin }
    var end: Double { timing.end }
}

/// One property of one view moving from a value to another over its group's time.
struct PropertyAnimation {
    // unowned(unsafe): a view lives as long as its scene, which owns the engine, and a group
    // lives in the engine's list of live groups while any of its animations runs; skipping
    // reference counting keeps the frame loop free of retain/release traffic.
    unowned(unsafe) let view: View
    let property: AnimatableProperty
    let from: AnimatableValue
    let to: AnimatableValue
    unowned(unsafe) let group: AnimationGroup
    /// For a keyframe animation, the key of its track in the engine's keyframe table; 0 for
    /// none (a table rather than a field, so copying an animation copies no array).
    var keyframes: Int = 0

    var begin: Double { group.timing.begin }
    var duration: Double { group.timing.duration }
    var curve: TimingCurve { group.timing.curve }
    var end: Double { group.timing.end }
}
