/// What a person sees of each view at one frame, as the motion check needs it: where the
/// view's corners land on the screen, how much of it shows, and how round its corners look.
/// Made from a SceneSnapshot, so it sees exactly what the renderer draws: 3D turns, clipping
/// ancestors and opacity included.
public struct MotionSample: Sendable {
    /// One drawn view (or one part of a snapshot's picture) at this frame.
    public struct Look: Sendable, Equatable {
        public let name: String
        /// The four corners of its bounds on the screen, clockwise from the top left; nil when
        /// a corner lies behind the eye (nothing sensible to compare).
        public let corners: MotionQuad?
        /// Its opacity times the area, in square points, of what shows of it: within the
        /// window and its clipping ancestors, less what the view with an opaque fill in front
        /// of it that hides the most of it hides (that view's overlap times its opacity).
        public let shown: Double
        /// Its opacity: the product of its own and its ancestors' alphas.
        public let opacity: Double
        /// Where it is drawn among the frame's views, back to front.
        let index: Int
        /// Its part within the window and its clipping ancestors.
        let region: MotionRegion
        /// The radius of its corners as drawn on the screen, in points.
        public let cornerRadius: Double

        /// Seen the same in both frames: nothing a step could measure differs.
        func sameAs(_ other: Look) -> Bool {
            shown == other.shown && opacity == other.opacity && cornerRadius == other.cornerRadius && corners == other.corners
        }
    }

    public let time: Double
    /// By view id (SceneSnapshot.Layer.viewID): the same view from frame to frame.
    public let looks: [Int: Look]
    /// Each view's superview (or the snapshot view a part of its picture belongs to), drawn or
    /// not: a pop is named once, for the outermost view that popped.
    public let parents: [Int: Int]
    public let windowArea: Double
    /// The views with an opaque fill, which hide what lies behind them.
    let covers: [Cover]

    /// One view with an opaque fill: it hides what lies behind it within `region`, as much
    /// as its `opacity`.
    struct Cover {
        let id: Int
        let index: Int
        let region: MotionRegion
        let box: Rect
        let opacity: Double
    }

    /// What `snapshot` shows. Only views that draw something are looked at (a clear container
    /// is seen through its subviews).
    public init(_ snapshot: SceneSnapshot) {
        let window = Rect(origin: .zero, size: snapshot.windowSize)
        windowArea = window.size.width * window.size.height
        time = snapshot.time
        /// An ancestor's reach: the screen box its clipping leaves, and the projective map of
        /// the 3D-turned views above (their subtrees are drawn flat, then carried by it).
        struct Reach { let id: Int; let depth: Int; let clip: Rect; let warp: Homography? }
        struct Candidate { let index: Int; let id: Int; let name: String; let region: MotionRegion; let corners: MotionQuad?
                           let opacity: Double; let radius: Double }
        var covers: [Cover] = []
        var stack: [Reach] = []
        var parents: [Int: Int] = [:]
        var candidates: [Candidate] = []
        // The size from which an opaque view counts fully as hiding what lies behind it.
        let coverArea = windowArea / 100

        for (index, layer) in snapshot.layers.enumerated() {
            while let last = stack.last, last.depth >= layer.depth { stack.removeLast() }
            let clip = stack.last?.clip ?? window
            if let parent = stack.last { parents[layer.viewID] = parent.id }
            let warp: Homography? = switch (layer.warp, stack.last?.warp) {
            case (nil, let outer): outer
            case (let own?, nil): own
            case (let own?, let outer?): own.concatenating(outer)
            }
            let size = layer.size
            let t = layer.transform
            let flat = MotionQuad(topLeft: t.apply(to: Point(x: 0, y: 0)), topRight: t.apply(to: Point(x: size.width, y: 0)),
                                  bottomRight: t.apply(to: Point(x: size.width, y: size.height)),
                                  bottomLeft: t.apply(to: Point(x: 0, y: size.height)))
            var corners: MotionQuad? = flat
            if let warp {
                if let a = warp.apply(to: flat.topLeft), let b = warp.apply(to: flat.topRight),
                   let c = warp.apply(to: flat.bottomRight), let d = warp.apply(to: flat.bottomLeft) {
                    corners = MotionQuad(topLeft: a, topRight: b, bottomRight: c, bottomLeft: d)
                } else {
                    corners = nil
                }
            }
            let finite = corners?.isFinite ?? false
            let box = finite ? (corners!.axisAligned ?? Self.box(corners!.points)) : nil
            // Subviews are clipped to this view's box when it clips (its box: exact for a view
            // that is not turned, the turned view's bounding box otherwise).
            stack.append(Reach(id: layer.viewID, depth: layer.depth, clip: layer.appearance.clipsToBounds ? (box.map { Self.intersection($0, clip) } ?? .zero) : clip,
                               warp: warp))
            guard layer.isVisible, let corners, finite else { continue }
            let region = MotionRegion(corners, within: clip)
            let area = corners.area
            let bounds = size.width * size.height
            let scale = bounds > 0 ? (area / bounds).squareRoot() : 0
            candidates.append(Candidate(index: index, id: layer.viewID, name: layer.name, region: region, corners: corners,
                                        opacity: layer.opacity, radius: layer.cornerRadius * scale))
            // A view with an opaque fill hides what lies behind it, as much as its opacity. A
            // small one is not worth the time; one growing past the size that counts is let
            // in gradually, between half that size and all of it, so that nothing behind it
            // seems to vanish the frame it crosses that size.
            let coverSize = layer.color.alpha >= 0.999 ? region.area : 0
            if coverSize >= coverArea / 2 {
                let weight = min(1, coverSize / coverArea * 2 - 1)
                covers.append(Cover(id: layer.viewID, index: index, region: region, box: region.box, opacity: layer.opacity * weight))
            }
        }

        var looks: [Int: Look] = [:]
        looks.reserveCapacity(candidates.count)
        for c in candidates {
            let area = c.region.area
            let hidden = area > 0 ? Self.hidden(c.region, by: covers) { $0.index > c.index } : 0
            looks[c.id] = Look(name: c.name, corners: c.corners, shown: max(0, area - hidden) * c.opacity, opacity: c.opacity,
                               index: c.index, region: c.region, cornerRadius: c.radius)
        }
        self.looks = looks
        self.parents = parents
        self.covers = covers
    }

    /// How much of `region` the cover (among those `inFront` picks) that hides the most of it
    /// hides: its overlap times its opacity. As an opaque view slides over a view or fades in
    /// above it, what shows of that view shrinks frame by frame, as a person sees it.
    static func hidden(_ region: MotionRegion, by covers: [Cover], inFront: (Cover) -> Bool) -> Double {
        let box = region.box
        var hidden = 0.0
        for cover in covers where inFront(cover) && Self.intersection(cover.box, box).size.width > 0 {
            hidden = max(hidden, region.overlap(with: cover.region) * cover.opacity)
        }
        return hidden
    }

    /// What would show of `look`, a view of `frame`, in this frame, had it stayed as it was: a
    /// view that goes where something now hides it, or comes where something hid it, is no
    /// change of its own.
    func wouldShow(_ look: Look, of frame: MotionSample) -> Double {
        let area = look.region.area
        guard area > 0 else { return 0 }
        let inFront = Set(frame.covers.filter { $0.index > look.index }.map(\.id))
        return max(0, area - Self.hidden(look.region, by: covers) { inFront.contains($0.id) }) * look.opacity
    }

    // MARK: Plane geometry

    static func box(_ points: [Point]) -> Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for p in points {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    static func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let x1 = max(a.minX, b.minX), y1 = max(a.minY, b.minY)
        let x2 = min(a.maxX, b.maxX), y2 = min(a.maxY, b.maxY)
        return x2 > x1 && y2 > y1 ? Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1) : .zero
    }

    /// The area of a simple polygon (the shoelace formula), whichever way it winds.
    static func area(_ p: [Point]) -> Double {
        guard p.count >= 3 else { return 0 }
        var twice = 0.0
        for i in p.indices {
            let a = p[i], b = p[(i + 1) % p.count]
            twice += a.x * b.y - b.x * a.y
        }
        return abs(twice) / 2
    }

    /// The part of the convex polygon `p` inside `rect`.
    static func clipped(_ p: [Point], to rect: Rect) -> [Point] {
        guard rect.size.width > 0, rect.size.height > 0 else { return [] }
        return clipped(p, toConvex: [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                                     Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)])
    }

    /// The part of the convex polygon `p` inside the convex polygon `q`, whichever way `q`
    /// winds (Sutherland–Hodgman, one edge of `q` at a time).
    static func clipped(_ p: [Point], toConvex q: [Point]) -> [Point] {
        guard q.count >= 3 else { return [] }
        // Which side of an edge is inside: the side the polygon's centre lies on.
        let centre = Point(x: q.map(\.x).reduce(0, +) / Double(q.count), y: q.map(\.y).reduce(0, +) / Double(q.count))
        var points = p
        for k in q.indices {
            guard !points.isEmpty else { return [] }
            let e0 = q[k], e1 = q[(k + 1) % q.count]
            func side(_ v: Point) -> Double { (e1.x - e0.x) * (v.y - e0.y) - (e1.y - e0.y) * (v.x - e0.x) }
            let sign: Double = side(centre) >= 0 ? 1 : -1
            if (e1.x - e0.x) == 0 && (e1.y - e0.y) == 0 { continue }
            var kept: [Point] = []
            for i in points.indices {
                let current = points[i], previous = points[(i + points.count - 1) % points.count]
                let sc = side(current) * sign, sp = side(previous) * sign
                if sc >= 0 {
                    if sp < 0 { kept.append(Self.crossing(previous, current, sp, sc)) }
                    kept.append(current)
                } else if sp >= 0 {
                    kept.append(Self.crossing(previous, current, sp, sc))
                }
            }
            points = kept
        }
        return points
    }

    /// Where the segment a–b crosses the line on whose sides a and b lie at signed distances
    /// `da` and `db`.
    private static func crossing(_ a: Point, _ b: Point, _ da: Double, _ db: Double) -> Point {
        let t = da / (da - db)
        return Point(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
    }
}
