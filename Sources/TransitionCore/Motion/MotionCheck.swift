/// The motion check: judges every frame of a transition as a person sees it, and names the
/// steps that pop. A pop is a step of one view, between two consecutive frames, that is
///
/// - at least a floor a person notices (Rule: 8 pt of a corner's travel, 8 pt of corner
///   radius, or 1% of the window's area appearing, vanishing or flashing), and
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
        /// Of the window's area.
        public static let shownFraction = 0.01
        /// A view takes another's place when each corner is within this many points.
        public static let samePlace = 1.0
    }

    private var frames: [MotionSample] = []
    /// How the next frame is seen: a SceneSnapshot of the scene, made as the renderer's are.
    public var capture: () -> SceneSnapshot

    public init(capture: @escaping () -> SceneSnapshot) {
        self.capture = capture
    }

    /// Starts a transition: the scene as it is now is the scene at rest.
    public func begin() {
        frames = [MotionSample(capture())]
    }

    /// One frame of the transition, as it is now.
    public func frame() {
        guard !frames.isEmpty else { return }
        frames.append(MotionSample(capture()))
    }

    /// Judges the frames since begin() and forgets them.
    public func end() -> [MotionPop] {
        defer { frames = [] }
        return Self.pops(in: frames)
    }

    /// The pops of a transition seen as `frames` (the scene at rest first), in time order.
    public static func pops(in frames: [MotionSample]) -> [MotionPop] {
        let n = frames.count
        guard n >= 2 else { return [] }
        var ids = Set<Int>()
        for f in frames { ids.formUnion(f.looks.keys) }
        var steps: [Int: Steps] = [:]
        for id in ids {
            if let s = Steps(of: id, in: frames) { steps[id] = s }
        }
        forgiveReplacements(&steps, frames)

        let floors: [(MotionPop.Quantity, Double)] = [
            (.position, Rule.position),
            (.shown, Rule.shownFraction * (frames.map(\.windowArea).max() ?? 0)),
            (.cornerRadius, Rule.cornerRadius),
        ]
        var pops: [(id: Int, step: Int, pop: MotionPop)] = []
        for id in steps.keys.sorted() {
            let s = steps[id]!
            // At most one pop per view and step: the first of position, shown, radius.
            var flagged = Set<Int>()
            for (quantity, floor) in floors {
                let values = s[quantity]
                // What shows of a view grows and shrinks with its motion too: those steps are
                // the steps around one it shows more or less by appearing or fading.
                let context = quantity == .shown ? s.shownChange : values
                for i in 1..<n where s.seen[i] && !flagged.contains(i) && abs(values[i]) >= floor && floor > 0 {
                    let around = (max(1, i - Rule.reach)...min(n - 1, i + Rule.reach)).filter { $0 != i }
                        .map { abs(context[$0]) }.max() ?? 0
                    guard abs(values[i]) > Rule.ratio * around else { continue }
                    flagged.insert(i)
                    let moment: MotionPop.Moment = i == 1 ? .firstFrame : i == n - 1 ? .lastFrame : .during
                    pops.append((id, i, MotionPop(time: frames[i].time, view: s.name, quantity: quantity, moment: moment,
                                                  size: quantity == .shown ? values[i] : abs(values[i]), around: around)))
                }
            }
        }
        // A view that pops with one of its ancestors, in the same step and the same way, is
        // part of that pop: a screen that jumps is one pop, not one per label on it.
        let popped = Set(pops.map { PopKey(id: $0.id, step: $0.step, quantity: $0.pop.quantity) })
        let outermost = pops.filter { candidate in
            var id = candidate.id
            var seen = Set<Int>()
            while let parent = frames[candidate.step].parents[id] ?? frames[candidate.step - 1].parents[id], seen.insert(parent).inserted {
                if popped.contains(PopKey(id: parent, step: candidate.step, quantity: candidate.pop.quantity)) { return false }
                id = parent
            }
            return true
        }
        return outermost.map(\.pop).sorted { ($0.time, $0.view) < ($1.time, $1.view) }
    }

    private struct PopKey: Hashable {
        let id: Int
        let step: Int
        let quantity: MotionPop.Quantity
    }

    /// One view's steps through a transition: index i is the step from frame i - 1 to i.
    private struct Steps {
        var name = ""
        /// How far its farthest corner moved, points.
        var position: [Double]
        /// How much more of it showed, square points (negative: less), by appearing, vanishing
        /// or a change of opacity.
        var shown: [Double]
        /// How much more of it showed for any reason, its motion and what is in front of it too.
        var shownChange: [Double]
        /// How much its corner radius on screen changed, points.
        var radius: [Double]
        /// Whether it showed in either frame of the step: only such a step can pop. Every
        /// other step still counts as a step around one that can (a view sliding off screen
        /// keeps its pace there).
        var seen: [Bool]

        subscript(quantity: MotionPop.Quantity) -> [Double] {
            switch quantity {
            case .position: return position
            case .shown: return shown
            case .cornerRadius: return radius
            }
        }

        /// Nil for a view that never changed.
        init?(of id: Int, in frames: [MotionSample]) {
            let n = frames.count
            position = .init(repeating: 0, count: n)
            shown = position
            shownChange = position
            radius = position
            seen = .init(repeating: false, count: n)
            var changed = false
            for i in 1..<n {
                let a = frames[i - 1].looks[id], b = frames[i].looks[id]
                if let look = b ?? a { name = look.name }
                let before = a?.shown ?? 0, after = b?.shown ?? 0
                seen[i] = before > 0 || after > 0
                shownChange[i] = after - before
                if let a, let b {
                    // On screen in both: it shows more or less only as its opacity changes, and
                    // no more than it does show more or less (something may hide it meanwhile).
                    let area = max(a.opacity > 0 ? before / a.opacity : 0, b.opacity > 0 ? after / b.opacity : 0)
                    let fading = (b.opacity - a.opacity) * area, change = after - before
                    shown[i] = fading * change > 0 ? (fading > 0 ? min(fading, change) : max(fading, change)) : 0
                    if let from = a.corners, let to = b.corners { position[i] = Self.farthest(from, to) }
                    radius[i] = abs(b.cornerRadius - a.cornerRadius)
                } else if let a {
                    // Gone: it takes away what would have shown of it, were it still there.
                    shown[i] = -min(before, frames[i].wouldShow(a, of: frames[i - 1]))
                } else if let b {
                    // Come: it adds what shows of it, less what would have been hidden anyway.
                    shown[i] = min(after, frames[i - 1].wouldShow(b, of: frames[i]))
                }
                changed = changed || shown[i] != 0 || position[i] != 0 || radius[i] != 0
            }
            if !changed { return nil }
        }

        static func farthest(_ from: [Point], _ to: [Point]) -> Double {
            zip(from, to).map { (($0.x - $1.x) * ($0.x - $1.x) + ($0.y - $1.y) * ($0.y - $1.y)).squareRoot() }.max() ?? 0
        }
    }

    /// Forgives the step of a view that came (or went) in one frame in the place of another:
    /// where, in the frame before (after), a view that went (came) in the same frame, or a view
    /// of the same name or of the name its snapshot has ("snapshot of NAME"), had its corners
    /// to within Rule.samePlace points and about as much of it showing (within 10%). A person
    /// sees the same picture.
    private static func forgiveReplacements(_ steps: inout [Int: Steps], _ frames: [MotionSample]) {
        func related(_ a: String, _ b: String) -> Bool { a == b || a == "snapshot of " + b || b == "snapshot of " + a }
        func samePlace(_ p: MotionSample.Look, _ q: MotionSample.Look) -> Bool {
            guard let c1 = p.corners, let c2 = q.corners else { return false }
            return zip(c1, c2).allSatisfy { abs($0.x - $1.x) <= Rule.samePlace && abs($0.y - $1.y) <= Rule.samePlace }
                && abs(p.shown - q.shown) <= 0.1 * max(p.shown, q.shown)
        }
        /// Whether `look` has a stand-in among `others`: a view in `changed`, or of a related name.
        func standIn(for look: MotionSample.Look, among others: [Int: MotionSample.Look], changed: Set<Int>) -> Bool {
            others.contains { (changed.contains($0.key) || related($0.value.name, look.name)) && samePlace($0.value, look) }
        }
        for i in 1..<frames.count {
            let before = frames[i - 1].looks, after = frames[i].looks
            var went = Set<Int>(), came = Set<Int>()
            for (id, s) in steps where s.shown[i] != 0 {
                if before[id] != nil && after[id] == nil { went.insert(id) }
                if before[id] == nil && after[id] != nil { came.insert(id) }
            }
            for id in came where standIn(for: after[id]!, among: before, changed: went) { steps[id]!.shown[i] = 0 }
            for id in went where standIn(for: before[id]!, among: after, changed: came) { steps[id]!.shown[i] = 0 }
        }
    }
}
