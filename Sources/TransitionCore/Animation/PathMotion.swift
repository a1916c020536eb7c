import LibC

/// How a view moving along a path turns with it, as CAKeyframeAnimation.rotationMode.
public enum PathRotation: UInt32, CaseIterable, Sendable {
    /// The view keeps its own transform.
    case none = 0
    /// The view turns to the path's tangent (kCAAnimationRotateAuto): level while the path
    /// heads right.
    case auto = 1
    /// As `auto`, half a turn further (kCAAnimationRotateAutoReverse): level while it heads left.
    case autoReverse = 2
}

/// A path that a view's centre follows (CAKeyframeAnimation.path on a layer's position),
/// flattened once into points with their tangents, so that each frame is a look-up.
///
/// Time along it is shared one of two ways, as Core Animation's calculation modes: every
/// drawn element (a line, a curve, a closing line) an equal share, moving uniformly in each
/// curve's parameter (linear and cubic modes); or one speed over its whole length (paced).
/// Discrete mode holds each element's start point and jumps to the next.
public struct PathMotion: Sendable {
    /// Points along the path, from its first move to its end.
    private(set) var points: [Point] = []
    /// The direction of travel (radians) where each chord, from points[i] to points[i + 1],
    /// begins and ends: a line's own, a curve's tangent at its samples. Unwrapped along the
    /// path, so a heading never jumps by a whole turn.
    private(set) var headings: [(start: Double, end: Double)] = []
    /// Tangents found while sampling, by chord; nil where the chord's own direction serves.
    private var tangents: [(start: Double?, end: Double?)] = []
    /// Length of the path up to each point.
    private(set) var lengths: [Double] = []
    /// For each drawn element (a line, a curve, a closing line), the indices of the point it
    /// starts from and of its last point. A move is no element: as in Core Animation, a path's
    /// moves take no time, so the view jumps to a new subpath's start.
    private(set) var elements: [(from: Int, to: Int)] = []

    /// Samples per curve: enough that a quarter circle drawn by one curve strays less than
    /// a thousandth of its radius from the chords between them.
    static let curveSamples = 32

    /// The path of `elements`, which PathElement.problem accepts (it starts with a move).
    public init(_ elements: [PathElement]) {
        var subpathStart = Point.zero
        var pen = Point.zero
        for element in elements {
            switch element.kind {
            case .moveTo:
                let p = element.points[0]
                subpathStart = p
                if points.isEmpty || p != pen { append(p, jump: !points.isEmpty) }
                pen = p
            case .lineTo:
                addElement(to: [element.points[0]])
                pen = element.points[0]
            case .curveTo:
                let (samples, headings) = curve(from: pen, element.points[0], element.points[1], element.points[2])
                addElement(to: samples, headings: headings)
                pen = element.points[2]
            case .close:
                if pen != subpathStart { addElement(to: [subpathStart]) }
                pen = subpathStart
            }
        }
        fillAngles()
    }

    /// Where the path ends: the view's centre once the motion is over.
    public var end: Point { points.last ?? .zero }
    public var start: Point { points.first ?? .zero }
    public var length: Double { lengths.last ?? 0 }
    /// Number of elements that take time.
    public var elementCount: Int { elements.count }

    /// Where the view is, and which way it heads, a fraction `s` in [0, 1] of the way through
    /// the motion, in `mode`.
    public func place(at s: Double, mode: KeyframeMode) -> (point: Point, angle: Double) {
        guard points.count > 1 else { return (start, 0) }
        let s = min(1, max(0, s))
        switch mode {
        case .paced:
            return place(atLength: s * length)
        case .linear, .cubic, .discrete:
            guard !elements.isEmpty else { return (start, headings[0].start) }
            let n = elements.count
            let k = min(n - 1, Int(s * Double(n)))
            let (from, last) = elements[k]
            if mode == .discrete {
                return s >= 1 ? (end, headings[headings.count - 1].end) : (points[from], headings[from].start)
            }
            let local = (s * Double(n) - Double(k)) * Double(last - from)
            let i = min(last - 1, from + Int(local))
            return interpolate(i, local - Double(i - from))
        }
    }

    private func place(atLength target: Double) -> (point: Point, angle: Double) {
        // The last point whose length is at most the target.
        var low = 0, high = lengths.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lengths[mid] <= target { low = mid } else { high = mid - 1 }
        }
        guard low < points.count - 1 else { return (end, headings[headings.count - 1].end) }
        let span = lengths[low + 1] - lengths[low]
        return interpolate(low, span > 0 ? (target - lengths[low]) / span : 0)
    }

    private func interpolate(_ i: Int, _ f: Double) -> (point: Point, angle: Double) {
        let a = points[i], b = points[i + 1]
        let f = min(1, max(0, f))
        let h = headings[i]
        return (Point(x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f), h.start + (h.end - h.start) * f)
    }

    // MARK: Building

    /// Adds a point, and the chord to it from the last; a jump (a move to a new subpath) adds
    /// no length.
    private mutating func append(_ p: Point, jump: Bool = false, tangents chord: (Double?, Double?) = (nil, nil)) {
        if !points.isEmpty { tangents.append(chord) }
        if let last = points.last {
            lengths.append(lengths[lengths.count - 1] + (jump ? 0 : hypot(p.x - last.x, p.y - last.y)))
        } else {
            lengths.append(0)
        }
        points.append(p)
    }

    /// Adds one element drawn from the last point through `samples`, with the tangent's
    /// heading at each sample when it is a curve's (the point before them first).
    private mutating func addElement(to samples: [Point], headings curve: [Double?]? = nil) {
        let from = points.count - 1
        for (k, p) in samples.enumerated() {
            append(p, tangents: curve.map { ($0[k], $0[k + 1]) } ?? (nil, nil))
        }
        elements.append((from, points.count - 1))
    }

    /// A cubic curve's points after `p0`, at equal steps of its parameter, and its tangent's
    /// heading at `p0` and at each of them (nil where the derivative vanishes, at a control
    /// point on its end point).
    private func curve(from p0: Point, _ c1: Point, _ c2: Point, _ p3: Point) -> ([Point], [Double?]) {
        var samples: [Point] = [], headings: [Double?] = []
        for step in 0...Self.curveSamples {
            let t = Double(step) / Double(Self.curveSamples), u = 1 - t
            let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
            if step > 0 {
                samples.append(Point(x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y))
            }
            // B'(t) / 3 = u²(c1 − p0) + 2ut(c2 − c1) + t²(p3 − c2)
            let dx = u * u * (c1.x - p0.x) + 2 * u * t * (c2.x - c1.x) + t * t * (p3.x - c2.x)
            let dy = u * u * (c1.y - p0.y) + 2 * u * t * (c2.y - c1.y) + t * t * (p3.y - c2.y)
            headings.append(dx * dx + dy * dy > 1e-18 ? atan2(dy, dx) : nil)
        }
        return (samples, headings)
    }

    /// Each chord's heading where it begins and ends: a curve's tangents, else the chord's
    /// own direction; a chord without length (a jump, a repeated point) takes the heading it
    /// comes from (the first one with length, at the start). Then unwrapped along the path.
    private mutating func fillAngles() {
        var raw: [(start: Double, end: Double)?] = []
        for i in 0..<max(0, points.count - 1) {
            guard lengths[i + 1] > lengths[i] else { raw.append(nil); continue }
            let own = atan2(points[i + 1].y - points[i].y, points[i + 1].x - points[i].x)
            raw.append((tangents[i].start ?? own, tangents[i].end ?? own))
        }
        var last = raw.compactMap { $0 }.first?.start ?? 0
        headings = raw.map { chord in
            if let chord { last = chord.end; return chord }
            return (last, last)
        }
        var previous = headings.first?.start ?? 0
        func unwrap(_ angle: Double) -> Double {
            var d = angle - previous
            d -= 2 * .pi * (d / (2 * .pi)).rounded()
            previous += d
            return previous
        }
        for i in headings.indices { headings[i] = (unwrap(headings[i].start), unwrap(headings[i].end)) }
        tangents = []
    }
}

extension AffineTransform {
    /// This transform after a turn by `angle` radians (CGAffineTransform.rotated(by:)): the
    /// view turns about its anchor point, then this transform applies.
    public func rotated(by angle: Double) -> AffineTransform {
        let (s, c) = (sin(angle), cos(angle))
        return AffineTransform(
            a: c * a + s * self.c, b: c * b + s * d, c: -s * a + c * self.c, d: -s * b + c * d, tx: tx, ty: ty)
    }
}
