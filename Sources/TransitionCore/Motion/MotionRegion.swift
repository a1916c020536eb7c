/// A convex part of the screen, for the motion check: a rectangle where a view lies flat and
/// square (the common case, worked out without a polygon); the whole of a turned view's four
/// corners where its clip leaves them whole; else its four corners cut by its clip. Every case
/// is its owner's corners (a look's or a cover's, given to each question) and at most a
/// rectangle and a number, so a region holds no points of its own: looks and covers are plain
/// values, copied and freed with no reference counted (a polygon held in an array made every
/// copy of a look or a cover a call through its value witness).
enum MotionRegion: Equatable, Sendable {
    case rect(Rect)
    /// The corners whole, kept with their box and area, made once (each is asked of every
    /// turned view several times a frame).
    case whole(box: Rect, area: Double)
    /// The corners cut by a clip, kept as the box of what the clip leaves and its area. The
    /// corners cut by that box are what the clip left (the box lies within the clip and holds
    /// all of it): its points are made again from them when asked, on the stack.
    case clipped(box: Rect, area: Double)

    /// The part of `quad`, convex, within `clip`.
    init(_ quad: MotionQuad, within clip: Rect) {
        if let rect = quad.axisAligned {
            self = .rect(MotionSample.intersection(rect, clip))
        } else if case let box = quad.box, Self.encloses(clip, box) {
            self = .whole(box: box, area: quad.withPoints { MotionSample.area($0) })
        } else {
            self = MotionSample.withClipped(quad, to: clip) { p in
                p.isEmpty ? .clipped(box: .zero, area: 0) : .clipped(box: MotionSample.box(p), area: MotionSample.area(p))
            }
        }
    }

    /// Its area; `quad`: its owner's corners.
    func area(_ quad: MotionQuad) -> Double {
        switch self {
        case .rect(let r): return r.size.width * r.size.height
        case .whole(_, let area), .clipped(_, let area): return area
        }
    }

    func box(_ quad: MotionQuad) -> Rect {
        switch self {
        case .rect(let r): return r
        case .whole(let box, _), .clipped(let box, _): return box
        }
    }

    /// Whether `inner` lies within `outer` (then clipping to `outer` changes nothing).
    static func encloses(_ outer: Rect, _ inner: Rect) -> Bool {
        inner.minX >= outer.minX && inner.minY >= outer.minY && inner.maxX <= outer.maxX && inner.maxY <= outer.maxY
    }

    /// Gives `body` the region's corners, for one that is not a rectangle.
    private func withPoints<R>(_ quad: MotionQuad, _ body: (UnsafeBufferPointer<Point>) -> R) -> R {
        switch self {
        case .rect: preconditionFailure("a rectangle is worked out without its corners")
        case .whole: return quad.withPoints(body)
        case .clipped(let box, _): return MotionSample.withClipped(quad, to: box, body)
        }
    }

    /// The area this region (of the owner whose corners are `quad`) and `other` (of the owner
    /// whose corners are `otherQuad`) share.
    func overlap(_ quad: MotionQuad, with other: MotionRegion, _ otherQuad: MotionQuad) -> Double {
        switch (self, other) {
        case (.rect(let a), .rect(let b)):
            let r = MotionSample.intersection(a, b)
            return r.size.width * r.size.height
        case (_, .rect(let r)), (.rect(let r), _):
            let (shaped, corners) = if case .rect = self { (other, otherQuad) } else { (self, quad) }
            return shaped.withPoints(corners) { p in
                guard !p.isEmpty else { return 0 }
                let box = shaped.box(corners)
                if Self.encloses(r, box) { return MotionSample.area(p) }
                return MotionSample.intersection(box, r).size.width > 0 ? MotionSample.clippedArea(p, to: r) : 0
            }
        default:
            guard MotionSample.intersection(box(quad), other.box(otherQuad)).size.width > 0 else { return 0 }
            return withPoints(quad) { p in
                other.withPoints(otherQuad) { q in p.isEmpty || q.isEmpty ? 0 : MotionSample.clippedArea(p, toConvex: q) }
            }
        }
    }
}

/// A view's four corners on screen, clockwise from its top left: held inline, so that a frame
/// of 10,000 views allocates nothing for them.
public struct MotionQuad: Equatable, Sendable {
    public var topLeft, topRight, bottomRight, bottomLeft: Point

    var points: [Point] { [topLeft, topRight, bottomRight, bottomLeft] }

    /// Gives `body` the four corners, on the stack.
    func withPoints<R>(_ body: (UnsafeBufferPointer<Point>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Point.self, capacity: 4) { p in
            p[0] = topLeft
            p[1] = topRight
            p[2] = bottomRight
            p[3] = bottomLeft
            return body(UnsafeBufferPointer(p))
        }
    }

    /// How far the corner that moved farthest moved from `self` to `other`.
    func farthest(_ other: MotionQuad) -> Double {
        func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
        return max(distance(topLeft, other.topLeft), distance(topRight, other.topRight),
                   distance(bottomRight, other.bottomRight), distance(bottomLeft, other.bottomLeft))
    }

    /// Each corner within `tolerance` points of `other`'s, along both axes.
    func isClose(to other: MotionQuad, within tolerance: Double) -> Bool {
        func close(_ a: Point, _ b: Point) -> Bool { abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance }
        return close(topLeft, other.topLeft) && close(topRight, other.topRight)
            && close(bottomRight, other.bottomRight) && close(bottomLeft, other.bottomLeft)
    }

    var isFinite: Bool {
        topLeft.x.isFinite && topLeft.y.isFinite && topRight.x.isFinite && topRight.y.isFinite
            && bottomRight.x.isFinite && bottomRight.y.isFinite && bottomLeft.x.isFinite && bottomLeft.y.isFinite
    }

    /// The smallest rectangle along the axes that holds it.
    var box: Rect {
        let minX = min(topLeft.x, topRight.x, bottomRight.x, bottomLeft.x), maxX = max(topLeft.x, topRight.x, bottomRight.x, bottomLeft.x)
        let minY = min(topLeft.y, topRight.y, bottomRight.y, bottomLeft.y), maxY = max(topLeft.y, topRight.y, bottomRight.y, bottomLeft.y)
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The rectangle it is, when its sides lie along the axes.
    var axisAligned: Rect? {
        guard topLeft.y == topRight.y, bottomLeft.y == bottomRight.y, topLeft.x == bottomLeft.x, topRight.x == bottomRight.x
        else { return nil }
        let x1 = min(topLeft.x, topRight.x), x2 = max(topLeft.x, topRight.x)
        let y1 = min(topLeft.y, bottomLeft.y), y2 = max(topLeft.y, bottomLeft.y)
        return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// Its area, whichever way it winds.
    var area: Double {
        var twice = topLeft.x * topRight.y - topRight.x * topLeft.y
        twice += topRight.x * bottomRight.y - bottomRight.x * topRight.y
        twice += bottomRight.x * bottomLeft.y - bottomLeft.x * bottomRight.y
        twice += bottomLeft.x * topLeft.y - topLeft.x * bottomLeft.y
        return abs(twice) / 2
    }
}
