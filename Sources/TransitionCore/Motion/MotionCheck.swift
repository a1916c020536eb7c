/// The motion check: judges every frame of a transition as a person sees it, and names the
/// steps that pop. A pop is a step of one view, between two consecutive frames, that is
///
/// - at least a floor a person notices (Rule: 8 pt of a corner's travel, 8 pt of corner
///   radius, 4 pt of blur radius, or 1% of the window's area appearing, vanishing or
///   flashing), and
/// - more than four times every step of the same view and quantity within two frames of it.
///
/// The frames judged are the scene at rest just before the transition began, every frame of
/// the transition, and its last frame, after completion, once its animations stopped: so a
/// first frame that differs from the scene at rest, and a jump into the end state at
/// completion, are steps like any other.
///
/// Only what shows counts. A view moved while hidden, transparent, off screen or under an
/// opaque view is not seen to move. What shows of a view is its opacity times its area on
/// screen, less what opaque views in front of it hide; but for a view on screen in both frames
/// only its change of opacity counts as showing more or less, and no more than what shows of
/// it changed (moving across the window's edge is motion, judged as such, and something in
/// front changing is that view's step, not its).
/// A view that takes the place of another in one frame (a snapshot where the view was, the view
/// again where its snapshot was) changes nothing a person sees.
///
/// Deterministic, and fed by the host's own frames (SceneSnapshot), so the same in process and
/// isolated. `host run` and `host validate` both use it through FlowTransitions.
public final class MotionCheck {
    /// The thresholds, written down once: docs/ABI.md quotes them.
    public enum Rule {
        /// A step must be more than this many times every step around it.
        public static let ratio = 4.0
        /// "Around": this many frames before and after.
        public static let reach = 2
        /// Floors below which no step is a pop, however sudden: points.
        public static let position = 8.0
        public static let cornerRadius = 8.0
        public static let blur = 4.0
        /// Of the window's area.
        public static let shownFraction = 0.01
        /// A view takes another's place when each corner is within this many points.
        public static let samePlace = 1.0
    }

    /// How the next frame is seen: the scene's screens, as the renderer draws them.
    private let capture: () -> MotionSample

    /// The transition so far, kept as it streams by: the latest frame and each frame's time;
    /// the steps of the last few frames (each view that changed, by id), and which of them
    /// reach a floor and so could pop; each frame's layers and their parents until the steps
    /// it ends are judged (a pop's ancestors are looked up there); and the pops found. A step
    /// is judged as soon as the two after it are known, so only a handful of frames is ever
    /// held: a scene of 10,000 views costs two frames of looks and five frames of steps.
    private var previous: MotionSample?
    private var times: [Double] = []
    private var windowArea = 0.0
    private var steps = ByFrame<FrameSteps>()
    private var candidates = ByFrame<[Candidate]>()
    private var frames = ByFrame<MotionSample>()
    /// The steps of the frames around the one being judged (judge), held from call to call.
    private var around: [FrameSteps] = []
    private var judgedThrough = 0
    private var found: [MotionPop] = []
    /// Where each look of the latest frame has its step among that frame's (−1: it did not
    /// change); nil before the second frame.
    private var latestSteps: [Int32]?
    /// Whether a step steady against the one before it is left out of judging (`add`).
    private var skipsSteady = true

    public init(capture: @escaping () -> MotionSample) {
        self.capture = capture
    }

    /// A sample of the coming frame() made by the caller's own walk of the scene (a run
    /// records its frame from the same walk): frame() takes it instead of capturing.
    private var offered: MotionSample?

    /// Starts a transition: the scene as it is now is the scene at rest.
    public func begin() {
        offered = nil
        start(capture())
    }

    /// `sample` is the scene as it is now: the next frame() judges it.
    func offer(_ sample: MotionSample) {
        offered = sample
    }

    /// One frame of the transition, as it is now.
    public func frame() {
        let given = offered
        offered = nil
        guard previous != nil else { return }
        add(given ?? capture())
    }

    /// Judges the frames since begin() and forgets them.
    public func end() -> [MotionPop] {
        offered = nil
        defer { start(nil) }
        return finish()
    }

    /// The pops of a transition seen as `frames` (the scene at rest first), in time order.
    /// `skippingSteady`: false judges every step that reaches a floor, steady or not (tests
    /// compare the two).
    public static func pops(in frames: [MotionSample]) -> [MotionPop] { pops(in: frames, skippingSteady: true) }

    static func pops(in frames: [MotionSample], skippingSteady: Bool) -> [MotionPop] {
        let check = MotionCheck { MotionSample(SceneSnapshot(time: 0, windowSize: .zero, layers: [])) }
        check.skipsSteady = skippingSteady
        check.start(frames.first)
        for frame in frames.dropFirst() { check.add(frame) }
        return check.finish()
    }

    private func start(_ rest: MotionSample?) {
        previous = rest
        times = rest.map { [$0.time] } ?? []
        windowArea = rest?.windowArea ?? 0
        steps = ByFrame()
        candidates = ByFrame()
        frames = ByFrame()
        judgedThrough = 0
        found = []
        latestSteps = nil
    }

    /// The step from the latest frame to `sample`, for every view that changed in it; then the
    /// step two before it is judged.
    private func add(_ sample: MotionSample) {
        guard let before = previous else { return }
        let k = times.count
        let sameViews = before.ids == sample.ids
        var changed = ChangedSteps(capacity: sameViews ? sample.looks.count : before.looks.count + sample.looks.count)
        // The steps that reach a floor, and so could pop, with their view's name for the report.
        let floors = Floors(windowArea: max(windowArea, sample.windowArea))
        var reaching: [Candidate] = []
        // A step no more than Rule.ratio times the same view's step just before it, in each
        // quantity that reaches a floor, is steady: judging it could find no pop (that step is
        // one it is judged against), so it is no candidate. In a cube every view was one, every
        // frame, and judging them was half the check's own time.
        let prior = k >= 2 && skipsSteady ? latestSteps.flatMap { $0.count == before.looks.count ? $0 : nil } : nil
        let priorSteps = prior != nil ? steps[k - 1] : nil
        var stepOf = [Int32](repeating: -1, count: sample.looks.count)
        if sameViews {
            // The same views in the same order: compared index by index, each look in place
            // (a copy of each, twice per view per frame, was a fifth of the check at 10,000 views).
            before.looks.withUnsafeBufferPointer { was in
                sample.looks.withUnsafeBufferPointer { now in
                    for i in now.indices where !MotionSample.Look.same(was.baseAddress! + i, now.baseAddress! + i) {
                        let step = Step(from: was.baseAddress! + i, to: now.baseAddress! + i)
                        changed.append(sample.ids[i], step)
                        stepOf[i] = Int32(changed.ids.count - 1)
                        guard floors.reached(by: step) else { continue }
                        if let prior, let priorSteps, prior[i] >= 0, floors.steady(step, after: priorSteps.steps[Int(prior[i])]) { continue }
                        reaching.append(Candidate(id: sample.ids[i], at: changed.ids.count - 1, look: i))
                    }
                }
            }
        } else {
            // Each view's place in either frame (the first, should an id be drawn twice).
            let was = Positions(before.ids), now = Positions(sample.ids)
            var went: Set<Int> = [], came: Set<Int> = []
            // Each look read in place, as above.
            before.looks.withUnsafeBufferPointer { older in
                sample.looks.withUnsafeBufferPointer { newer in
                    for (id, i) in was.firsts {
                        if let n = now[id] {
                            guard !MotionSample.Look.same(older.baseAddress! + i, newer.baseAddress! + n) else { continue }
                            changed.append(id, Step(from: older.baseAddress! + i, to: newer.baseAddress! + n))
                        } else {
                            let step = Step(went: older[i], after: sample, of: before)
                            changed.append(id, step)
                            if step.shown != 0 { went.insert(id) }
                        }
                    }
                    for (id, i) in now.firsts where was[id] == nil {
                        let step = Step(came: newer[i], before: before, of: sample)
                        changed.append(id, step)
                        if step.shown != 0 { came.insert(id) }
                    }
                }
            }
            if !went.isEmpty || !came.isEmpty {
                Self.forgiveReplacements(&changed, went: went, came: came, before: before, was, after: sample, now)
            }
            for (at, (id, step)) in zip(changed.ids, changed.steps).enumerated() {
                if let n = now[id] { stepOf[n] = Int32(at) }
                guard floors.reached(by: step) else { continue }
                if let prior, let priorSteps, let w = was[id], prior[w] >= 0, floors.steady(step, after: priorSteps.steps[Int(prior[w])]) {
                    continue
                }
                reaching.append(Candidate(id: id, at: at, look: now[id] ?? -1 - was[id]!))
            }
        }
        latestSteps = stepOf
        steps[k] = FrameSteps(changed)
        candidates[k] = reaching
        frames[k] = sample
        if k == 1 { frames[0] = before }
        times.append(sample.time)
        windowArea = max(windowArea, sample.windowArea)
        previous = sample
        if k - Rule.reach >= 1 { judge(step: k - Rule.reach, last: nil) }
    }

    /// Where each id first stands in a frame's ids: a view's (dense, not negative) in an array
    /// by id, a picture part's (negative) in a dictionary (two dictionaries of every view were
    /// most of a frame whose views changed).
    private struct Positions {
        /// Each id once, at its first place, in the frame's order.
        private(set) var firsts: [(id: Int, index: Int)] = []
        private var views: [Int32]
        private var parts: [Int: Int] = [:]

        init(_ ids: [Int]) {
            views = [Int32](repeating: -1, count: (ids.max() ?? -1) + 1)
            firsts.reserveCapacity(ids.count)
            for (i, id) in ids.enumerated() {
                if id >= 0 {
                    guard views[id] < 0 else { continue }
                    views[id] = Int32(i)
                } else {
                    guard parts[id] == nil else { continue }
                    parts[id] = i
                }
                firsts.append((id, i))
            }
        }

        subscript(id: Int) -> Int? {
            if id >= 0 { return id < views.count && views[id] >= 0 ? Int(views[id]) : nil }
            return parts[id]
        }
    }

    /// The floors below which a step of each quantity is no pop, for a window of `windowArea`,
    /// in the order a step's pop is looked for.
    private struct Floors {
        static let quantities: [MotionPop.Quantity] = [.position, .shown, .cornerRadius, .blur]
        /// In the order of `quantities`; inline, as every frame makes one.
        let values: SIMD4<Double>

        init(windowArea: Double) {
            values = SIMD4(Rule.position, Rule.shownFraction * windowArea, Rule.cornerRadius, Rule.blur)
        }

        /// Whether `step` reaches any floor, and so could pop. Written out rather than looped
        /// over the quantities: every step that changed asks it.
        func reached(by step: Step) -> Bool {
            guard step.seen else { return false }
            func reaches(_ value: Double, _ floor: Double) -> Bool { floor > 0 && abs(value) >= floor }
            return reaches(step.position, values[0]) || reaches(step.shown, values[1]) || reaches(step.radius, values[2])
                || reaches(step.blur, values[3])
        }

        /// Whether `step`, in every quantity that reaches its floor, is at most Rule.ratio times
        /// `other` (what shows of it: times `other`'s shownChange, as `judge` compares them): a
        /// step around it that makes it no pop.
        func steady(_ step: Step, after other: Step) -> Bool {
            func steady(_ value: Double, _ floor: Double, _ around: Double) -> Bool {
                !(floor > 0 && abs(value) >= floor) || abs(value) <= Rule.ratio * abs(around)
            }
            return steady(step.position, values[0], other.position) && steady(step.shown, values[1], other.shownChange)
                && steady(step.radius, values[2], other.radius) && steady(step.blur, values[3], other.blur)
        }
    }

    /// The steps of one frame as `add` finds them: each view that changed, in the order found.
    private struct ChangedSteps {
        var ids: [Int] = []
        var steps: [Step] = []

        /// `capacity`: the frame's views, as many as can change while the views stay the same.
        init(capacity: Int) {
            ids.reserveCapacity(capacity)
            steps.reserveCapacity(capacity)
        }

        mutating func append(_ id: Int, _ step: Step) {
            ids.append(id)
            steps.append(step)
        }

        /// Forgets what showed more or less of view `id` in its step.
        mutating func clearShown(of id: Int) {
            guard let i = ids.firstIndex(of: id) else { return }
            steps[i].shown = 0
        }
    }

    /// The steps of one frame, as `judge` looks them up. By id only when a step near them
    /// could pop, so the index is made then, if ever (a frame of 10,000 fading views would
    /// otherwise fill a dictionary no one asks). A class, so that a lookup fills the index in
    /// place, with no copy through the dictionary of frames; the steps are constants, which
    /// are read with no exclusivity check (a check per read was a fifth of judging a 3D frame).
    private final class FrameSteps {
        let ids: [Int]
        let steps: [Step]
        private var index: [Int: Int]?

        init(_ changed: ChangedSteps) {
            ids = changed.ids
            steps = changed.steps
        }

        /// The step of view `id`, nil when it did not change; looked for at `near` first.
        func step(of id: Int, near: Int) -> Step? {
            if near < ids.count && ids[near] == id { return steps[near] }
            if index == nil {
                var made: [Int: Int] = [:]
                made.reserveCapacity(ids.count)
                for (i, id) in ids.enumerated() { made[id] = i }
                index = made
            }
            return index![id].map { steps[$0] }
        }
    }

    /// Judges the steps not judged yet, the last ones among them, and gives every pop found.
    private func finish() -> [MotionPop] {
        let last = times.count - 1
        if last >= 1 {
            for j in (judgedThrough + 1)...last where j >= 1 { judge(step: j, last: last) }
        }
        return found.sorted { ($0.time, $0.view) < ($1.time, $1.view) }
    }

    /// Judges step `j` of every view that changed in it, against its steps within Rule.reach;
    /// `last`, the transition's last step when known (the step into its end state). Only a
    /// step that reaches a floor can pop, so only those are looked at.
    private func judge(step j: Int, last: Int?) {
        judgedThrough = j
        let known = times.count - 1
        let floors = Floors(windowArea: windowArea)
        var popsHere: [(id: Int, pop: MotionPop)] = []
        // The frames around this one: a view's steps there (where it changed) are looked up in
        // them, at the same place in each frame's steps first, where the same views changed.
        around.removeAll(keepingCapacity: true)
        for n in max(1, j - Rule.reach)...min(known, j + Rule.reach) where n != j {
            if let frame = steps[n] { around.append(frame) }
        }
        let neighbours = around
        let here = steps[j]
        for candidate in candidates[j] ?? [] {
            let id = candidate.id, at = candidate.at
            guard let step = here?.step(of: id, near: at) else { continue }
            // At most one pop per view and step: the first of position, shown, radius, blur.
            for (k, quantity) in Floors.quantities.enumerated() {
                let floor = floors.values[k]
                let value = step[quantity]
                guard abs(value) >= floor, floor > 0 else { continue }
                // What shows of a view grows and shrinks with its motion too: those steps are
                // the steps around one it shows more or less by appearing or fading.
                // The first step around that is a quarter of this one settles it (in steady
                // motion, the first looked at): only a pop needs the largest.
                var around = 0.0, steady = false
                for frame in neighbours {
                    if let other = frame.step(of: id, near: at) {
                        around = max(around, abs(quantity == .shown ? other.shownChange : other[quantity]))
                        if abs(value) <= Rule.ratio * around { steady = true; break }
                    }
                }
                guard !steady else { continue }
                let moment: MotionPop.Moment = j == 1 ? .firstFrame : j == last ? .lastFrame : .during
                let name = candidate.look >= 0 ? frames[j]!.looks[candidate.look].name : frames[j - 1]!.looks[-1 - candidate.look].name
                popsHere.append((id, MotionPop(time: times[j], view: name, quantity: quantity, moment: moment,
                                               size: quantity == .shown ? value : abs(value), around: around)))
                break
            }
        }
        // A view that pops with one of its ancestors, in the same step and the same way, is
        // part of that pop: a screen that jumps is one pop, not one per label on it.
        if !popsHere.isEmpty {
            let popped = Set(popsHere.map { PopKey(id: $0.id, quantity: $0.pop.quantity) })
            let after = frames[j]?.parents ?? [:], before = frames[j - 1]?.parents ?? [:]
            for (id, pop) in popsHere
            where !Self.chain(of: id, in: after[id] != nil ? after : before).contains(where: { popped.contains(PopKey(id: $0, quantity: pop.quantity)) }) {
                found.append(pop)
            }
        }
        frames[j - 1] = nil
        // Steps older than the next one's reach are needed no more.
        steps[j - Rule.reach] = nil
        candidates[j] = nil
    }

    /// The ancestors of `id` in a frame's `parents`, nearest first.
    private static func chain(of id: Int, in parents: [Int: Int]) -> [Int] {
        var chain: [Int] = [], current = id
        while let parent = parents[current], !chain.contains(parent) {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    /// Values by frame number, as a dictionary would hold them, in an array: frames come in
    /// order, and hashing their numbers was a tenth of judging a frame.
    private struct ByFrame<Value> {
        private var values: [Value?] = []

        subscript(k: Int) -> Value? {
            get { k >= 0 && k < values.count ? values[k] : nil }
            set {
                guard k >= 0 else { return }
                if k >= values.count {
                    guard newValue != nil else { return }
                    values.append(contentsOf: repeatElement(nil, count: k + 1 - values.count))
                }
                values[k] = newValue
            }
        }
    }

    /// A step that reaches a floor, and so could pop: its view, where it stands among its
    /// frame's steps, and its look, for the report's name (the index in that frame's looks, or
    /// −1 − the index in the frame before's, for a view that went).
    private struct Candidate {
        let id: Int
        let at: Int
        let look: Int
    }

    private struct PopKey: Hashable {
        let id: Int
        let quantity: MotionPop.Quantity
    }

    /// One step of one view, between the frames `before` and `after`.
    private struct Step {
        /// How far its farthest corner moved, points.
        var position = 0.0
        /// How much more of it showed, square points (negative: less), by appearing, vanishing
        /// or a change of opacity.
        var shown = 0.0
        /// How much more of it showed for any reason, its motion and what is in front of it too.
        var shownChange = 0.0
        /// How much its corner radius on screen changed, points.
        var radius = 0.0
        /// How much its blur's radius on screen changed, points.
        var blur = 0.0
        /// Whether it showed in either frame: only such a step can pop. Every other step still
        /// counts as a step around one that can (a view sliding off screen keeps its pace there).
        var seen = false

        var isNothing: Bool { position == 0 && shown == 0 && shownChange == 0 && radius == 0 && blur == 0 }

        subscript(quantity: MotionPop.Quantity) -> Double {
            switch quantity {
            case .position: return position
            case .shown: return shown
            case .cornerRadius: return radius
            case .blur: return blur
            }
        }

        /// On screen in both frames. The looks are read where they lie, field by field: a
        /// frame of 10,000 fading views takes this step for each of them, and a copy of each
        /// look (its name and region with it) was most of the step.
        init(from a: UnsafePointer<MotionSample.Look>, to b: UnsafePointer<MotionSample.Look>) {
            let was = a.pointee.shown, now = b.pointee.shown
            seen = was > 0 || now > 0
            shownChange = now - was
            // It shows more or less only as its opacity changes, and no more than it does show
            // more or less (something may hide it meanwhile).
            let area = max(a.pointee.opacity > 0 ? was / a.pointee.opacity : 0, b.pointee.opacity > 0 ? now / b.pointee.opacity : 0)
            let fading = (b.pointee.opacity - a.pointee.opacity) * area
            shown = fading * shownChange > 0 ? (fading > 0 ? min(fading, shownChange) : max(fading, shownChange)) : 0
            if let from = a.pointee.corners, let to = b.pointee.corners { position = from.farthest(to) }
            radius = abs(b.pointee.cornerRadius - a.pointee.cornerRadius)
            blur = abs(b.pointee.blur - a.pointee.blur)
        }

        /// A view drawn in `before` and not in `after`: it takes away what would have shown
        /// of it, were it still there.
        init(went a: borrowing MotionSample.Look, after: MotionSample, of before: MotionSample) {
            self.init(showing: a.shown, then: 0)
            shown = -min(a.shown, after.wouldShow(a, of: before))
        }

        /// A view drawn in `after` and not in `before`: it adds what shows of it, less what
        /// would have been hidden anyway.
        init(came b: borrowing MotionSample.Look, before: MotionSample, of after: MotionSample) {
            self.init(showing: 0, then: b.shown)
            shown = min(b.shown, before.wouldShow(b, of: after))
        }

        private init(showing was: Double, then now: Double) {
            seen = was > 0 || now > 0
            shownChange = now - was
        }
    }

    /// Forgives the step of a view that came (or went) in one frame in the place of another:
    /// where, in the frame before (after), a view that went (came) in the same frame, or a view
    /// of the same name or of the name its snapshot has ("snapshot of NAME"), had its corners
    /// to within Rule.samePlace points and about as much of it showing (within 10%). A person
    /// sees the same picture.
    private static func forgiveReplacements(_ steps: inout ChangedSteps, went: Set<Int>, came: Set<Int>,
                                            before: MotionSample, _ was: Positions, after: MotionSample, _ now: Positions) {
        func related(_ a: String, _ b: String) -> Bool { a == b || a == "snapshot of " + b || b == "snapshot of " + a }
        func samePlace(_ p: MotionSample.Look, _ q: MotionSample.Look) -> Bool {
            guard let c1 = p.corners, let c2 = q.corners else { return false }
            return c1.isClose(to: c2, within: Rule.samePlace) && abs(p.shown - q.shown) <= 0.1 * max(p.shown, q.shown)
        }
        /// Whether `look` has a stand-in among the views `others` draws (each id once, at
        /// `positions`): one in `changed`, or of a related name. The place is compared first: it
        /// costs no string.
        func standIn(for look: MotionSample.Look, among others: MotionSample, _ positions: Positions, changed: Set<Int>) -> Bool {
            positions.firsts.contains { id, i in
                let other = others.looks[i]
                return samePlace(other, look) && (changed.contains(id) || related(other.name, look.name))
            }
        }
        for id in came where standIn(for: after.looks[now[id]!], among: before, was, changed: went) { steps.clearShown(of: id) }
        for id in went where standIn(for: before.looks[was[id]!], among: after, now, changed: came) { steps.clearShown(of: id) }
    }
}
