/// Runs UIView-style animations on a virtual clock.
///
/// Property changes made inside `animate`'s block become animations from the value on screen
/// to the new model value. `step()` advances the clock one frame: it retires animations that
/// have ended, runs due completions in a fixed order, then computes what is on screen. Work
/// that must not run inside a plugin's call (the cascade after complete_transition) is queued
/// with `runSoon` and runs right after the call returns.
public final class AnimationEngine {
    public private(set) var clock: VirtualClock
    /// The transition on whose behalf code is running now; groups started now belong to it.
    public var currentOwner: Int?
    /// When set, every animation started uses this curve instead of its own (`--curve`).
    public var curveOverride: TimingCurve?
    /// Slows every animation by this factor (`--slow`), as Flutter's timeDilation: durations
    /// and delays are multiplied by it. Transitions scale their deadlines and interaction
    /// mapping the same way, so a slowed run is the same run, longer.
    public var timeDilation: Double = 1 {
        didSet { if !(timeDilation.isFinite && timeDilation > 0) { timeDilation = 1 } }
    }

    private var active: [PropertyAnimation] = []
    /// The clocks of transitions that have their own (interactive ones), by owner.
    private var timelines: [Int: TransitionTimeline] = [:]
    private var waiting: [AnimationGroup] = []
    private var recording: [(AnimationGroup, AnimationOptions)] = []
    private var soon: [() -> Void] = []
    /// Recorders of animateKeyframes calls in progress, and the recording depth at which
    /// changes go to the innermost one (0 when none).
    private var keyframeRecorders: [KeyframeRecorder] = []
    private var keyframeDepth = 0
    private var nextGroupID = 0

    public init(clock: VirtualClock = VirtualClock()) { self.clock = clock }

    public var now: Double { clock.now }

    /// Nothing is running, waiting or queued: stepping further would change nothing.
    public var isIdle: Bool { active.isEmpty && waiting.isEmpty && soon.isEmpty }

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

    /// The time animations of `owner` see now: its timeline's local time, or the host's.
    public func localTime(of owner: Int?) -> Double {
        guard let owner, let timeline = timelines[owner] else { return now }
        return timeline.localTime(at: now)
    }

    private func direction(of owner: Int?) -> Int {
        guard let owner, let timeline = timelines[owner] else { return 1 }
        return timeline.direction(at: now)
    }

    // MARK: Starting

    /// Calls `animations` at once; the changes it makes animate with `options`. `completion`
    /// runs once, when every animation it started has ended (`true`) or was stopped (`false`).
    public func animate(
        _ options: AnimationOptions, animations: () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        nextGroupID += 1
        let group = AnimationGroup(id: nextGroupID, owner: currentOwner, due: localTime(of: currentOwner), completion: completion)
        var options = options
        if let curveOverride { options.curve = curveOverride }
        if timeDilation != 1 { options = options.dilated(by: timeDilation) }
        recording.append((group, options))
        let recorder = keyframeRecorders.count > keyframeDepth ? keyframeRecorders.last : nil
        if recorder != nil { keyframeDepth = recording.count }
        animations()
        if let recorder {
            keyframeDepth = 0
            startKeyframes(recorder, group: group, options: options)
        }
        recording.removeLast()
        // A group that changed nothing completes on the next frame, as UIKit's does.
        waiting.append(group)
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
            view.presentation.setValue(new, of: property)
            return
        }
        if old == new { return }
        let start = view.presentation.value(of: property)
        removeAnimations(of: view, property: property)
        let begin = localTime(of: group.owner) + options.delay
        let animation = PropertyAnimation(
            view: view, property: property, from: start, to: new, begin: begin,
            duration: options.duration, curve: options.curve, group: group)
        group.running += 1
        group.due = max(group.due, animation.end)
        active.append(animation)
        if options.duration <= 0 && options.delay <= 0 {
            view.presentation.setValue(new, of: property)
        }
    }

    /// Turns recorded keyframe tracks into one animation per property.
    private func startKeyframes(_ recorder: KeyframeRecorder, group: AnimationGroup, options: AnimationOptions) {
        let begin = localTime(of: group.owner) + options.delay
        for key in recorder.order {
            guard let (view, track) = recorder.tracks[key], let from = track.values.first, let to = track.values.last else { continue }
            removeAnimations(of: view, property: key.property)
            var animation = PropertyAnimation(
                view: view, property: key.property, from: from, to: to, begin: begin,
                duration: options.duration, curve: options.curve, group: group)
            animation.keyframes = track
            group.running += 1
            group.due = max(group.due, animation.end)
            active.append(animation)
        }
    }

    /// Stops the animations of one property of a view; their groups report `finished: false`.
    func removeAnimations(of view: View, property: AnimatableProperty) {
        active.removeAll { a in
            guard a.view === view && a.property == property else { return false }
            a.group.running -= 1
            a.group.interrupted = true
            return true
        }
    }

    /// Stops every animation of a transition and runs their completions with `finished:
    /// false` now, in the order they were started. What is on screen snaps to the model.
    public func stopAnimations(ownedBy owner: Int) {
        var touched: [View] = []
        active.removeAll { a in
            guard a.group.owner == owner else { return false }
            a.group.running -= 1
            a.group.interrupted = true
            touched.append(a.view)
            return true
        }
        for view in touched { view.presentation = view.model }
        refreshPresentation()
        let stopped = waiting.filter { $0.owner == owner }
        waiting.removeAll { $0.owner == owner }
        for group in stopped.sorted(by: { $0.id < $1.id }) {
            group.interrupted = true
            run(group)
        }
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
    }

    /// Retires what has ended by now and runs what is due, until nothing more is; then
    /// computes the presentation. Safe to call without advancing the clock.
    public func settle() {
        drainSoon()
        while true {
            retireEndedAnimations()
            guard let next = nextDueGroup() else { break }
            waiting.removeAll { $0 === next }
            run(next)
            drainSoon()
        }
        refreshPresentation()
    }

    /// Removes animations that have reached their end, or, on a timeline running backwards,
    /// their start. One that ran back to its start leaves its property at the start value,
    /// in the model too: a cancelled interactive transition ends where it began.
    private func retireEndedAnimations() {
        var ended: [PropertyAnimation] = []
        active.removeAll { a in
            let t = localTime(of: a.group.owner)
            if direction(of: a.group.owner) < 0 {
                guard t <= a.begin + VirtualClock.tolerance else { return false }
                a.view.model.setValue(a.from, of: a.property)
                a.group.endedInReverse = true
            } else {
                guard a.end <= t + VirtualClock.tolerance else { return false }
            }
            ended.append(a)
            a.group.running -= 1
            return true
        }
        for a in ended where !active.contains(where: { $0.view === a.view && $0.property == a.property }) {
            a.view.presentation.setValue(a.view.model.value(of: a.property), of: a.property)
        }
    }

    /// The group whose completion runs next: all its animations have ended, and its end time
    /// has come on its owner's clock (or it ran back to its start). Earliest first, then in
    /// the order started.
    private func nextDueGroup() -> AnimationGroup? {
        waiting
            .filter { $0.running == 0 && ($0.endedInReverse || $0.due <= localTime(of: $0.owner) + VirtualClock.tolerance) }
            .min { ($0.due, $0.id) < ($1.due, $1.id) }
    }

    private func run(_ group: AnimationGroup) {
        guard !group.completed else { return }
        group.completed = true
        let saved = currentOwner
        currentOwner = group.owner
        group.completion?(!group.interrupted)
        currentOwner = saved
    }

    private func refreshPresentation() {
        for a in active {
            a.view.presentation.setValue(a.value(at: localTime(of: a.group.owner)), of: a.property)
        }
    }
}
