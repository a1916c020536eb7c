import LibC

/// Runs UIView-style animations on a virtual clock.
///
/// Property changes made inside `animate`'s block become animations from the value on screen
/// to the new model value. `step()` advances the clock one frame: it retires animations that
/// have ended, runs due completions in a fixed order, then computes what is on screen. Work
/// that must not run inside a plugin's call (the cascade after complete_transition) is queued
/// with `runSoon` and runs right after the call returns.
///
/// The frame path is kept lean: the animations of one animate call share their timing, so a
/// curve is evaluated once per group per frame; a view knows where its animations are, so
/// replacing one is O(1); and a steady frame allocates nothing.
public final class AnimationEngine {
    public private(set) var clock: VirtualClock
    /// The transition on whose behalf code is running now; groups started now belong to it.
    public var currentOwner: Int?
    /// When set, every animation started uses this curve instead of its own (`--curve`).
    public var curveOverride: TimingCurve?
    /// While set (by the driver, around an animator's animateTransition), the longest
    /// animation that owner starts is kept in `longestWatched`: the timing its transition's
    /// alongside animations follow, as UIKit's run in the animator's own animation.
    var watchedOwner: Int? { didSet { longestWatched = nil } }
    private(set) var longestWatched: AnimationOptions?
    /// The curves the run's plugins may name (the host's curve extension): the run's own,
    /// set by whoever builds the run, never a process-wide setting.
    public var curves = CurveRegistry()
    /// Slows every animation by this factor (`--slow`), as Flutter's timeDilation: durations
    /// and delays are multiplied by it. Transitions scale their deadlines and interaction
    /// mapping the same way, so a slowed run is the same run, longer.
    public var timeDilation: Double = 1 {
        didSet { if !(timeDilation.isFinite && timeDilation > 0) { timeDilation = 1 } }
    }

    /// Running animations, dense; removal swaps the last one in (see View.animationSlots).
    /// `active` holds the bookkeeping; the frame loop reads only the parallel arrays below,
    /// so that it streams through plain numbers.
    private var active: [PropertyAnimation] = []
    private var froms: [AnimatableValue] = []
    private var deltas: [AnimatableValue] = []
    private var currents: [AnimatableValue] = []
    /// For each running animation, its timing's index in `timingList`.
    private var timingIndices: [Int32] = []
    /// Every timing in use since the engine was last idle, and its progress this frame.
    private var timingList: [AnimationTiming] = []
    private var progresses: [Double] = []
    /// Running keyframe animations' indices are found through their keyframes key; few.
    /// Groups with running animations, dense (see AnimationGroup.liveIndex); they keep their
    /// animations' groups alive.
    private var liveGroups: [AnimationGroup] = []
    /// Timings shared by groups started with the same options at the same moment.
    private var timings: [AnimationTiming.Key: AnimationTiming] = [:]
    /// Key values of keyframe animations, by PropertyAnimation.keyframes.
    private var keyframeTracks: [Int: KeyframeTrack] = [:]
    private var nextKeyframeKey = 1
    /// Groups none of whose animations is running any more, waiting for their due time.
    private var ready: [AnimationGroup] = []
    /// The clocks of transitions that have their own (interactive ones), by owner.
    private var timelines: [Int: TransitionTimeline] = [:]
    private var recording: [(AnimationGroup, AnimationOptions)] = []
    private var soon: [() -> Void] = []
    /// Recorders of animateKeyframes calls in progress, and the recording depth at which
    /// changes go to the innermost one (0 when none).
    private var keyframeRecorders: [KeyframeRecorder] = []
    private var keyframeDepth = 0
    private var nextGroupID = 0
    /// Numbers the passes over the animations; a group computes its timing once per pass.
    private var pass = 0
    /// Scratch space reused every pass, so that steady frames allocate nothing.
    private var due: [AnimationGroup] = []

    public init(clock: VirtualClock = VirtualClock()) { self.clock = clock }

    public var now: Double { clock.now }

    /// Nothing is running, waiting or queued: stepping further would change nothing.
    public var isIdle: Bool { active.isEmpty && ready.isEmpty && soon.isEmpty }

    /// Number of property animations running now.
    public var runningAnimationCount: Int { active.count }

    /// The property animations running now, read by SceneSnapshot (the plot names their curves).
    var runningAnimations: [PropertyAnimation] { active }

    // MARK: Timelines

    /// Gives a transition its own clock: from now on its animations read their time from it.
    public func attach(_ timeline: TransitionTimeline, to owner: Int) { timelines[owner] = timeline }

    /// The transition goes back to the host's clock (its animations must have ended).
    public func detachTimeline(of owner: Int) { timelines[owner] = nil }

    public func timeline(of owner: Int) -> TransitionTimeline? { timelines[owner] }

    /// Shows a transition the host's percent-driven interaction drives at its progress p,
    /// not at its curves' value at time p · duration (`--follow-finger`): what slides stays
    /// under the finger, as UIKit's property animators scrub (scrubsLinearly). From the first
    /// scrub to the end, the tail after the release included, each animation of that
    /// transition goes linearly in its time; the tail's own curve (the interaction's
    /// completion curve) eases it.
    public var followsFinger = false

    /// The time animations of `owner` see now: its timeline's local time, or the host's.
    public func localTime(of owner: Int?) -> Double {
        guard let owner, let timeline = timelines[owner] else { return now }
        return timeline.localTime(at: now)
    }

    private func direction(of owner: Int?) -> Int {
        guard let owner, let timeline = timelines[owner] else { return 1 }
        return timeline.direction(at: now)
    }

    /// Computes a timing's time and progress for the current pass (once).
    @inline(__always)
    private func prepare(_ timing: AnimationTiming) {
        guard timing.stamp != pass else { return }
        guard let owner = timing.owner, let timeline = timelines[owner] else {
            timing.prepare(stamp: pass, time: now, direction: 1, linear: false)
            return
        }
        timing.prepare(stamp: pass, time: timeline.localTime(at: now), direction: timeline.direction(at: now),
                       linear: followsFinger && timeline.isDrivenByHand)
    }

    /// The shared timing for these options, started now.
    private func timing(owner: Int?, begin: Double, options: AnimationOptions) -> AnimationTiming {
        var options = options
        options.delay = 0
        let key = AnimationTiming.Key(owner: owner, begin: begin, options: options)
        if let shared = timings[key] { return shared }
        let made = AnimationTiming(owner: owner, begin: begin, options: options, index: -1)
        register(made)
        return made
    }

    /// Puts a timing (back) in the list the frame loop reads.
    private func register(_ timing: AnimationTiming) {
        timing.index = timingList.count
        timingList.append(timing)
        progresses.append(0)
        timings[AnimationTiming.Key(owner: timing.owner, begin: timing.begin, options: timing.options)] = timing
    }

    // MARK: Starting

    /// Calls `animations` at once; the changes it makes animate with `options`. `completion`
    /// runs once, when every animation it started has ended (`true`) or was stopped (`false`).
    public func animate(
        _ options: AnimationOptions, animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        var options = options
        if let curveOverride {
            options.curve = curveOverride
            options.verticalCurve = nil
        }
        if let watched = watchedOwner, watched == currentOwner,
           options.delay + options.duration > (longestWatched.map { $0.delay + $0.duration } ?? -1) {
            // Its duration, delay and curve: alongside animations play once, on one axis.
            longestWatched = AnimationOptions(duration: options.duration, delay: options.delay, curve: options.curve)
        }
        if timeDilation != 1 { options = options.dilated(by: timeDilation) }
        nextGroupID += 1
        let created = localTime(of: currentOwner)
        let group = AnimationGroup(
            id: nextGroupID, owner: currentOwner, created: created,
            timing: timing(owner: currentOwner, begin: created + options.delay, options: options),
            completion: completion)
        recording.append((group, options))
        let recorder = keyframeRecorders.count > keyframeDepth ? keyframeRecorders.last : nil
        if recorder != nil { keyframeDepth = recording.count }
        animations()
        if let recorder {
            keyframeDepth = 0
            startKeyframes(recorder, group: group)
        }
        recording.removeLast()
        // A group that changed nothing completes at the next settle (the end of this frame,
        // never inside this call), as UIKit's completes on the next run-loop turn.
        if group.running == 0 { ready.append(group) }
    }

    /// Counts the drawings of the scene: one at each frame (step) and one when a transition
    /// begins, whose screens the app has shown until then. Views keep their look as of the
    /// last one for snapshots taken before screen updates (View.drawnLook).
    public private(set) var drawGeneration = 0
    /// The scene as it is now counts as drawn: called when a transition begins.
    public func markDrawn() { drawGeneration += 1 }

    /// Makes `changes` apply at once even inside an animations block, as
    /// UIView.performWithoutAnimation: for set-up that must not animate with its caller.
    public func performWithoutAnimation(_ changes: () -> Void) {
        let saved = (recording, keyframeRecorders, keyframeDepth)
        (recording, keyframeRecorders, keyframeDepth) = ([], [], 0)
        changes()
        (recording, keyframeRecorders, keyframeDepth) = saved
    }

    /// Calls `animations` at once with a recorder; the changes made inside its keyframes
    /// animate through their key values over `options.duration`, as
    /// UIView.animateKeyframes. The options' curve shapes the whole animation's time.
    public func animateKeyframes(
        _ options: AnimationOptions, mode: KeyframeMode = .linear, animations: (KeyframeRecorder) -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        let recorder = KeyframeRecorder(mode: mode)
        keyframeRecorders.append(recorder)
        animate(options, animations: { animations(recorder) }, completion: completion)
        keyframeRecorders.removeLast()
    }

    /// Called by View for every model change.
    func propertyDidChange(_ view: View, _ property: AnimatableProperty, from old: AnimatableValue, to new: AnimatableValue) {
        if let recorder = keyframeRecorders.last, recording.count == keyframeDepth {
            let start = recorder.tracks[KeyframeRecorder.Key(view: ObjectIdentifier(view), property: property)] == nil
                ? view.presentation.value(of: property) : old
            recorder.record(view, property, old: start, new: new)
            return
        }
        guard let (group, options) = recording.last else {
            removeAnimations(of: view, property: property)
            view.showModel(property, value: new)
            return
        }
        if old == new { return }
        let slot = Int(view.animationSlots[property.rawValue])
        if slot >= 0 && active[slot].group === group {
            // Set again in the same block: one animation, from where it started to the last value.
            active[slot] = PropertyAnimation(view: view, property: property, from: active[slot].from, to: new, group: group)
            return
        }
        let start = view.presentation.value(of: property)
        // q and −q are the same rotation: go to the one nearer the start, the shorter arc.
        var new = new
        if property == .rotation3D && (start * new).sum() < 0 { new = -new }
        removeAnimations(of: view, property: property)
        add(PropertyAnimation(view: view, property: property, from: start, to: new, group: group))
        if options.duration <= 0 && options.delay <= 0 {
            view.showModel(property, value: new)
            currents[currents.count - 1] = new
        }
    }

    private func add(_ animation: PropertyAnimation) {
        let group = animation.group
        if group.running == 0 { group.due = group.end }
        group.running += 1
        if group.liveIndex < 0 {
            group.liveIndex = liveGroups.count
            liveGroups.append(group)
        }
        group.members.append((animation.view, animation.property))
        if group.timing.index < 0 { register(group.timing) }
        animation.view.animationSlots[animation.property.rawValue] = Int32(active.count)
        active.append(animation)
        froms.append(animation.from)
        deltas.append(animation.to - animation.from)
        currents.append(animation.view.presentationBase.value(of: animation.property))
        timingIndices.append(Int32(group.timing.index))
        if animation.property == .center && group.timing.verticalCurve != nil { verticalCount += 1 }
        if animation.property == .rotation3D { turnCount += 1 }
    }

    /// Running animations of a centre whose y has a curve of its own: the frame loop looks
    /// for them only while there are some.
    private var verticalCount = 0
    /// Running animations of a 3D rotation, turned along their arc (slerp): likewise.
    private var turnCount = 0

    /// The unit quaternion (lanes 0 to 3; x, y, z, w) `t` of the way along the great arc from
    /// `a` to `b`, which are on the same side (the engine picks the shorter arc when the
    /// animation starts); `t` outside [0, 1] goes on along the arc (a spring's overshoot). Two
    /// rotations closer than a tenth of a degree are interpolated straight, which is then
    /// the same to the last bit that shows.
    static func slerp(_ a: AnimatableValue, _ b: AnimatableValue, _ t: Double) -> AnimatableValue {
        let dot = min(1, max(-1, a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]))
        let theta = acos(dot)
        guard theta > 1e-3 else { return a + (b - a) * t }
        let s = sin(theta)
        return a * (sin((1 - t) * theta) / s) + b * (sin(t * theta) / s)
    }

    /// The current value of the running animation at `slot` (see View.presentation).
    func currentValue(at slot: Int) -> AnimatableValue { currents[slot] }

    /// Turns recorded keyframe tracks into one animation per property.
    private func startKeyframes(_ recorder: KeyframeRecorder, group: AnimationGroup) {
        for key in recorder.order {
            guard let (view, recorded) = recorder.tracks[key], let from = recorded.values.first, let to = recorded.values.last else { continue }
            var track = recorded
            if track.mode == .paced { track.pace() }
            removeAnimations(of: view, property: key.property)
            var animation = PropertyAnimation(view: view, property: key.property, from: from, to: to, group: group)
            animation.keyframes = nextKeyframeKey
            keyframeTracks[nextKeyframeKey] = track
            nextKeyframeKey += 1
            add(animation)
        }
    }

    /// Removes the animation at `index`, moving the last one into its place.
    /// What is on screen for it stays what it showed last, until the caller says otherwise.
    @discardableResult
    private func remove(at index: Int) -> PropertyAnimation {
        let removed = active[index]
        if removed.property == .center && removed.group.timing.verticalCurve != nil { verticalCount -= 1 }
        if removed.property == .rotation3D { turnCount -= 1 }
        removed.view.animationSlots[removed.property.rawValue] = -1
        removed.view.presentationBase.setValue(currents[index], of: removed.property)
        let last = active.count - 1
        if index != last {
            let moved = active[last]
            active[index] = moved
            froms[index] = froms[last]
            deltas[index] = deltas[last]
            currents[index] = currents[last]
            timingIndices[index] = timingIndices[last]
            moved.view.animationSlots[moved.property.rawValue] = Int32(index)
        }
        active.removeLast()
        froms.removeLast()
        deltas.removeLast()
        currents.removeLast()
        timingIndices.removeLast()
        if removed.keyframes != 0 { keyframeTracks[removed.keyframes] = nil }
        let group = removed.group
        group.running -= 1
        if group.running == 0 {
            ready.append(group)
            let lastGroup = liveGroups.count - 1
            if group.liveIndex != lastGroup {
                liveGroups[group.liveIndex] = liveGroups[lastGroup]
                liveGroups[group.liveIndex].liveIndex = group.liveIndex
            }
            liveGroups.removeLast()
            group.liveIndex = -1
            group.members = []
            // Nothing runs: shared timings can go (groups still recording keep theirs).
            if liveGroups.isEmpty {
                timings.removeAll(keepingCapacity: true)
                for timing in timingList { timing.index = -1 }
                timingList.removeAll(keepingCapacity: true)
                progresses.removeAll(keepingCapacity: true)
            }
        }
        return removed
    }

    /// Stops the animation of one property of a view; its group reports `finished: false`,
    /// as soon as it has nothing left running (not at its planned end), as UIKit does.
    func removeAnimations(of view: View, property: AnimatableProperty) {
        let slot = Int(view.animationSlots[property.rawValue])
        guard slot >= 0 else { return }
        let group = active[slot].group
        group.interrupted = true
        remove(at: slot)
        if group.running == 0 { group.due = min(group.due, localTime(of: group.owner)) }
    }

    /// Stops every animation of a transition and runs their completions with `finished:
    /// false` now, in the order they were started. What is on screen snaps to the model.
    public func stopAnimations(ownedBy owner: Int) {
        // Its property animators first, without finishing: no completion of theirs may reach
        // a participant the host is letting go of.
        for case let animator? in propertyAnimators.map(\.animator) where animator.transitionOwner == owner && animator.state == .active {
            try? animator.stop(withoutFinishing: true)
        }
        var index = active.count - 1
        while index >= 0 {
            if active[index].group.owner == owner {
                let removed = remove(at: index)
                removed.group.interrupted = true
                removed.view.showModel(removed.property)
            }
            index = min(index, active.count) - 1
        }
        pass += 1
        refreshPresentation()
        let stopped = ready.filter { $0.owner == owner && !$0.completed }.sorted { $0.id < $1.id }
        ready.removeAll { $0.owner == owner }
        for group in stopped {
            group.interrupted = true
            run(group)
        }
    }

    /// One animation a property animator stopped (stopAnimation): where it went from and to,
    /// for finishAnimation(at:). The property keeps the value it had, in the model too.
    public struct StoppedAnimation {
        public let view: View
        public let property: AnimatableProperty
        public let from: AnimatableValue
        public let to: AnimatableValue
    }

    /// Stops every animation of `owner` where it is, as UIViewPropertyAnimator.stopAnimation:
    /// each property keeps its current value (the model becomes it), and no completion runs:
    /// the groups are dropped. Returns what was stopped, for a later finish.
    public func stopAnimationsWhereTheyAre(ownedBy owner: Int) -> [StoppedAnimation] {
        pass += 1
        refreshPresentation()
        var stopped: [StoppedAnimation] = []
        var index = active.count - 1
        while index >= 0 {
            if active[index].group.owner == owner {
                let current = currents[index]
                let removed = remove(at: index)
                removed.group.completed = true
                removed.view.model.setValue(current, of: removed.property)
                removed.view.presentationBase.setValue(current, of: removed.property)
                stopped.append(StoppedAnimation(view: removed.view, property: removed.property, from: removed.from, to: removed.to))
            }
            index = min(index, active.count) - 1
        }
        ready.removeAll { $0.owner == owner }
        return stopped.reversed()
    }

    /// A fresh owner for animations that follow a clock of their own outside any transition
    /// (a property animator's): negative, so never a transition's.
    public func makeDetachedOwner() -> Int {
        nextDetachedOwner -= 1
        return nextDetachedOwner
    }
    private var nextDetachedOwner = 0

    /// Property animators made during transitions, weakly: stopped with their transition.
    private var propertyAnimators: [WeakPropertyAnimator] = []
    private struct WeakPropertyAnimator { weak var animator: PropertyAnimator? }

    func track(_ animator: PropertyAnimator) {
        guard animator.transitionOwner != nil else { return }
        propertyAnimators.removeAll { $0.animator == nil }
        propertyAnimators.append(WeakPropertyAnimator(animator: animator))
    }

    /// Queues work to run after the current call into a participant has returned, at the
    /// same virtual time.
    public func runSoon(_ work: @escaping () -> Void) { soon.append(work) }

    /// Runs queued work, including work that it queues in turn.
    public func drainSoon() {
        while !soon.isEmpty {
            let work = soon.removeFirst()
            work()
        }
    }

    // MARK: Time

    /// Advances one frame: retires ended animations, runs due completions, updates the
    /// presentation.
    public func step() {
        clock.advance()
        settle()
        // What is on screen now is this frame's drawing.
        drawGeneration += 1
    }

    /// Retires what has ended by now and runs what is due, until nothing more is; then
    /// computes the presentation. Safe to call without advancing the clock.
    public func settle() {
        drainSoon()
        while true {
            pass += 1
            retireEndedAnimations()
            collectDueGroups()
            if due.isEmpty { break }
            // Earliest due first, then in the order started; completions may start more.
            due.sort { ($0.due, $0.id) < ($1.due, $1.id) }
            for group in due {
                run(group)
                drainSoon()
            }
            due.removeAll(keepingCapacity: true)
        }
        refreshPresentation()
    }

    /// Removes animations that have reached their end, or, on a timeline running backwards,
    /// their start. One that ran back to its start leaves its property at the start value,
    /// in the model too: a cancelled interactive transition ends where it began. Nothing ends
    /// on a paused timeline: an interaction held (or scrubbed) at 100% has not finished, as
    /// in UIKit, where the completion waits for finishInteractiveTransition.
    private func retireEndedAnimations() {
        var index = liveGroups.count - 1
        while index >= 0 {
            let group = liveGroups[index]
            let timing = group.timing
            if let owner = group.owner, let timeline = timelines[owner], timeline.isPaused {
                index -= 1
                continue
            }
            prepare(timing)
            let reversed = timing.direction < 0
            let ended = reversed
                ? timing.time <= timing.begin + VirtualClock.tolerance
                : timing.end <= timing.time + VirtualClock.tolerance
            if ended {
                if reversed { group.endedInReverse = true }
                for (view, property) in group.members {
                    let slot = Int(view.animationSlots[property.rawValue])
                    guard slot >= 0, active[slot].group === group else { continue }
                    let a = remove(at: slot)
                    if reversed { view.model.setValue(a.from, of: property) }
                    view.showModel(property)
                }
            }
            index = min(index, liveGroups.count) - 1
        }
    }

    /// Moves the groups whose completion is due now from `ready` to `due`: all their
    /// animations have ended, and their end time has come on their owner's clock (or they ran
    /// back to their start).
    private func collectDueGroups() {
        var i = 0
        while i < ready.count {
            let group = ready[i]
            // Completed, or running again (its last animation was replaced within its own
            // block): not waiting; it comes back when its animations end.
            if group.completed || group.running > 0 {
                ready.swapAt(i, ready.count - 1)
                ready.removeLast()
                continue
            }
            if (group.endedInReverse || group.due <= localTime(of: group.owner) + VirtualClock.tolerance) {
                due.append(group)
                ready.swapAt(i, ready.count - 1)
                ready.removeLast()
                continue
            }
            i += 1
        }
    }

    private func run(_ group: AnimationGroup) {
        guard !group.completed else { return }
        group.completed = true
        let saved = currentOwner
        currentOwner = group.owner
        group.completion?(!group.interrupted)
        currentOwner = saved
    }

    /// Computes every running animation's current value: each timing's progress once, then
    /// from + (to − from) · progress over plain arrays.
    private func refreshPresentation() {
        pass += 1
        for k in timingList.indices {
            prepare(timingList[k])
            progresses[k] = timingList[k].progress
        }
        let n = currents.count
        froms.withUnsafeBufferPointer { from in
            deltas.withUnsafeBufferPointer { delta in
                timingIndices.withUnsafeBufferPointer { timing in
                    progresses.withUnsafeBufferPointer { progress in
                        currents.withUnsafeMutableBufferPointer { current in
                            for i in 0..<n {
                                current[i] = from[i] + delta[i] * progress[Int(timing[i])]
                            }
                        }
                    }
                }
            }
        }
        if verticalCount > 0 {
            // A centre whose y follows a curve of its own (a spring's 2D velocity).
            for i in 0..<n where active[i].property == .center {
                let timing = timingList[Int(timingIndices[i])]
                if timing.verticalCurve != nil { currents[i][1] = froms[i][1] + deltas[i][1] * timing.progressY }
            }
        }
        if turnCount > 0 {
            // A 3D rotation turns along the great arc at an even speed, as Core Animation
            // turns it (slerp); the quaternion's lanes along a straight line, normalised when
            // composed, turn unevenly (0.9° off a quarter into a 90° turn).
            for i in 0..<n where active[i].property == .rotation3D && active[i].keyframes == 0 {
                currents[i] = Self.slerp(froms[i], froms[i] + deltas[i], progresses[Int(timingIndices[i])])
            }
        }
        guard !keyframeTracks.isEmpty else { return }
        for i in 0..<n where active[i].keyframes != 0 {
            currents[i] = keyframeTracks[active[i].keyframes]!.value(at: progresses[Int(timingIndices[i])])
        }
    }
}
