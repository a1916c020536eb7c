/// A convex part of the screen, for the motion check: a rectangle where a view lies flat and
/// square (the common case, worked out without a polygon), else a convex polygon.
enum MotionRegion: Equatable, Sendable {
    case rect(Rect)
    case polygon([Point])

    static let empty = MotionRegion.rect(.zero)

    /// The part of `corners`, a convex quadrilateral, within `clip`.
    init(corners: [Point], within clip: Rect) {
        if let rect = Self.axisAligned(corners) {
            self = .rect(MotionSample.intersection(rect, clip))
        } else {
            self = .polygon(MotionSample.clipped(corners, to: clip))
        }
    }

    var area: Double {
        switch self {
        case .rect(let r): return r.size.width * r.size.height
        case .polygon(let p): return MotionSample.area(p)
        }
    }

    var box: Rect {
        switch self {
        case .rect(let r): return r
        case .polygon(let p): return p.isEmpty ? .zero : MotionSample.box(p)
        }
    }

    /// The area this region and `other` share.
    func overlap(with other: MotionRegion) -> Double {
        switch (self, other) {
        case (.rect(let a), .rect(let b)):
            let r = MotionSample.intersection(a, b)
            return r.size.width * r.size.height
        case (.polygon(let p), .rect(let r)), (.rect(let r), .polygon(let p)):
            return MotionSample.area(MotionSample.clipped(p, to: r))
        case (.polygon(let p), .polygon(let q)):
            return MotionSample.area(MotionSample.clipped(p, toConvex: q))
        }
    }

    /// The rectangle `corners` are, when they are one with sides along the axes.
    private static func axisAligned(_ c: [Point]) -> Rect? {
        guard c.count == 4, c[0].y == c[1].y, c[2].y == c[3].y, c[0].x == c[3].x, c[1].x == c[2].x else { return nil }
        let x1 = min(c[0].x, c[1].x), x2 = max(c[0].x, c[1].x), y1 = min(c[0].y, c[3].y), y2 = max(c[0].y, c[3].y)
        return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }
}
