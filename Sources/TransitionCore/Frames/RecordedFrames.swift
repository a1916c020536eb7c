/// The frames of a run, kept as what changed: a frame is stored whole only now and then, and
/// the others as the views that differ from that whole frame. A scene of 10,000 views of which
/// a few move costs a few samples per frame instead of 10,000 (24 MB for a run of 43 frames).
///
/// Read as a collection of whole frames, each rebuilt on access from its whole frame and its
/// changes, the same values bit for bit as were appended.
extension TransitionRun {
    public struct RecordedFrames: RandomAccessCollection, Hashable, Sendable {
        /// One view that differs from the whole frame: its position there, and its values now.
        private struct Change: Hashable, Sendable {
            let index: Int
            let frame: Rect
            let alpha: Double
        }

        private struct Stored: Hashable, Sendable {
            let time: Double
            /// The whole frame this one is rebuilt from (an index into `wholes`).
            let base: Int
            let changes: [Change]
        }

        private var wholes: [[ViewSample]] = []
        private var stored: [Stored] = []

        public init() {}

        public init(_ frames: some Sequence<Frame>) {
            for frame in frames { append(frame) }
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { stored.count }

        public subscript(position: Int) -> Frame {
            let frame = stored[position]
            var views = wholes[frame.base]
            for change in frame.changes {
                views[change.index] = ViewSample(name: views[change.index].name, frame: change.frame, alpha: change.alpha)
            }
            return Frame(time: frame.time, views: views)
        }

        /// Adds `frame` as its changes from the latest whole frame, or whole when the same views
        /// are not on screen in the same order, or when more than an eighth of them changed
        /// (the changes would cost more than they save).
        public mutating func append(_ frame: Frame) {
            if let base = stored.last?.base, let changes = Self.changes(from: wholes[base], to: frame.views) {
                stored.append(Stored(time: frame.time, base: base, changes: changes))
            } else {
                wholes.append(frame.views)
                stored.append(Stored(time: frame.time, base: wholes.count - 1, changes: []))
            }
        }

        public mutating func removeLast() {
            let last = stored.removeLast()
            if last.base == wholes.count - 1 && stored.last?.base != last.base { wholes.removeLast() }
        }

        private static func changes(from whole: [ViewSample], to views: [ViewSample]) -> [Change]? {
            guard whole.count == views.count else { return nil }
            let limit = views.count / 8
            var changes: [Change] = []
            for (i, (was, now)) in zip(whole, views).enumerated() where !sameBits(was, now) {
                guard was.name == now.name, changes.count < limit else { return nil }
                changes.append(Change(index: i, frame: now.frame, alpha: now.alpha))
            }
            return changes
        }

        /// Compared bit for bit, not as numbers: -0 and 0 are printed differently.
        private static func sameBits(_ a: ViewSample, _ b: ViewSample) -> Bool {
            a.alpha.bitPattern == b.alpha.bitPattern
                && a.frame.origin.x.bitPattern == b.frame.origin.x.bitPattern
                && a.frame.origin.y.bitPattern == b.frame.origin.y.bitPattern
                && a.frame.size.width.bitPattern == b.frame.size.width.bitPattern
                && a.frame.size.height.bitPattern == b.frame.size.height.bitPattern
                && a.name == b.name
        }

        /// Equal when they hold the same frames, however they were stored.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            for frame in stored { hasher.combine(frame.time) }
        }
    }
}
