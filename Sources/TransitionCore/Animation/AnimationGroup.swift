/// When animations run and along which curve: shared by every animation started with the
/// same options at the same moment (one animate call, or many calls in one frame with the
/// same options), so the curve is evaluated once per frame for all of them.
final class AnimationTiming {
    let owner: Int?
    /// When they start (after the delay) and how long they run once, on the owner's clock.
    let begin: Double
    let duration: Double
    let curve: TimingCurve
    /// Repeats and reversal (AnimationOptions), and a centre's own curve along y.
    let repeatCount: Double
    let autoreverses: Bool
    let verticalCurve: TimingCurve?
    /// How long they run, every repeat and reversal included.
    let activeDuration: Double
    /// The options it was made from (with the duration and curve above), for its key.
    let options: AnimationOptions

    // Computed once per engine pass (see prepare).
    private(set) var stamp = -1
    private(set) var time = 0.0
    private(set) var direction = 1
    private(set) var progress = 0.0
    /// A centre's progress along y: `progress` unless there is a vertical curve.
    private(set) var progressY = 0.0

    /// Its place in the engine's list of timings; −1 once the engine has let it go.
    var index: Int

    init(owner: Int?, begin: Double, options: AnimationOptions, index: Int) {
        self.index = index
        self.owner = owner
        self.begin = begin
        duration = options.duration
        curve = options.curve
        repeatCount = options.repeatCount
        autoreverses = options.autoreverses
        verticalCurve = options.verticalCurve
        activeDuration = options.activeDuration
        self.options = options
    }

    var end: Double { begin + activeDuration }

    /// Computes time, direction and progress for the pass `stamp`; `linear`: the progress
    /// is the time's fraction, without the curve (AnimationEngine.followsFinger).
    @inline(__always)
    func prepare(stamp: Int, time: Double, direction: Int, linear: Bool) {
        self.stamp = stamp
        self.time = time
        self.direction = direction
        if time < begin {
            progress = 0  // a delayed animation shows its start value
            progressY = 0
            return
        }
        let fraction: Double
        if duration <= 0 || time >= end - VirtualClock.tolerance {
            fraction = finalFraction
        } else if repeatCount == 0 && !autoreverses {
            fraction = (time - begin) / duration
        } else {
            fraction = self.fraction(after: time - begin)
        }
        progress = linear || fraction >= 1 || fraction <= 0 ? min(1, max(0, fraction)) : curve.progress(at: fraction)
        if let verticalCurve {
            progressY = linear || fraction >= 1 || fraction <= 0 ? progress : verticalCurve.progress(at: fraction)
        } else {
            progressY = progress
        }
    }

    /// Where in one play `elapsed` falls, as a fraction of it: each play runs 0 to 1, and
    /// with autoreverses every second one back from 1 to 0.
    private func fraction(after elapsed: Double) -> Double {
        let plays = elapsed / duration
        let whole = plays.rounded(.down)
        let within = plays - whole
        return autoreverses && Int(whole) % 2 == 1 ? 1 - within : within
    }

    /// The fraction where it stops: 1 after a plain play, 0 after a reversed one, part way
    /// after a fractional repeat count.
    private var finalFraction: Double {
        guard duration > 0 else { return 1 }
        let plays = (repeatCount > 0 ? repeatCount : 1) * (autoreverses ? 2 : 1)
        let whole = plays.rounded(.down)
        if plays == whole { return autoreverses && Int(whole - 1) % 2 == 1 ? 0 : 1 }
        return fraction(after: plays * duration)
    }

    /// What makes two timings the same.
    struct Key: Hashable {
        let owner: Int?
        let begin: Double
        let options: AnimationOptions
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
