/// What a person sees of each view at one frame, as the motion check needs it: where the
/// view's corners land on the screen, how much of it shows, and how round its corners look.
/// Made from the layers a SceneSnapshot is made of, so it sees exactly what the renderer
/// draws: 3D turns, clipping ancestors and opacity included.
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
        /// The radius of its blur (backdrop or layer) as drawn on the screen, in points; 0 for none.
        public let blur: Double

        /// Seen the same in both frames: nothing a step could measure differs.
        func sameAs(_ other: Look) -> Bool {
            shown == other.shown && opacity == other.opacity && cornerRadius == other.cornerRadius && corners == other.corners
                && blur == other.blur
        }
    }

    public let time: Double
    /// The drawn views' ids (SceneSnapshot.Layer.viewID: the same view from frame to frame),
    /// back to front, and what each looks like. Arrays rather than a dictionary: a frame
    /// whose views are those of the frame before, in the same order (nearly every frame),
    /// is compared with it index by index, with no hashing.
    public let ids: [Int]
    public let looks: [Look]
    /// Every layer's id, drawn or not, and its superview's (or the snapshot view a part of its
    /// picture belongs to; −1 for the window): a pop is named once, for the outermost view
    /// that popped.
    let layerIDs: [Int]
    let layerParents: [Int]
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

    /// The look of view `id` at this frame, nil when it is not drawn.
    public func look(of id: Int) -> Look? {
        ids.firstIndex(of: id).map { looks[$0] }
    }

    /// Each layer's superview, by id.
    var parents: [Int: Int] {
        var parents: [Int: Int] = [:]
        parents.reserveCapacity(layerIDs.count)
        for (id, parent) in zip(layerIDs, layerParents) where parent >= 0 { parents[id] = parent }
        return parents
    }

    /// What the screens of `scene` show now (the host's chrome above them never moves, so it
    /// is left out), walked straight from the view tree.
    public init(_ scene: Scene, labels: [String: ViewText] = [:]) {
        let root = scene.window!
        let look = root.presentation
        var builder = Builder(windowSize: scene.displaySize, labels: labels)
        SceneSnapshot.walk(root, placed: .translation(look.bounds.origin.x, look.bounds.origin.y), into: &builder)
        self.init(builder, time: scene.engine.now)
    }

    /// What the screens of `scene` show now, and the run's frame of it (each view's name, frame
    /// in its superview and alpha, as `TransitionRun.capture` records them), from one walk:
    /// a run that records frames and checks motion composes each view's presentation once.
    /// `expecting`: about how many layers the scene has (the last frame's), so that its arrays
    /// are made to size once rather than doubled to it (a third of the peak, at 10,000 views).
    static func withFrame(_ scene: Scene, labels: [String: ViewText], expecting: Int = 0) -> (MotionSample, TransitionRun.Frame) {
        let root = scene.window!
        let look = root.presentation
        var recorder = Recorder(builder: Builder(windowSize: scene.displaySize, labels: labels, expecting: expecting))
        recorder.views.reserveCapacity(expecting)
        SceneSnapshot.walk(root, placed: .translation(look.bounds.origin.x, look.bounds.origin.y), into: &recorder)
        let now = scene.engine.now
        return (MotionSample(recorder.builder, time: now), TransitionRun.Frame(time: now, views: recorder.views))
    }

    /// Hands every layer to the check's builder, and keeps each view's (not the parts of a
    /// snapshot's picture, whose ids are negative) as the run records it.
    private struct Recorder: SceneLayerVisitor {
        var builder: Builder
        var views: [TransitionRun.ViewSample] = []

        mutating func visit(_ layer: borrowing SceneLayerFacts) {
            if layer.viewID >= 0 {
                views.append(TransitionRun.ViewSample(name: layer.name, frame: layer.appearance.frame, alpha: layer.appearance.alpha))
            }
            builder.visit(layer)
        }
    }

    /// What `snapshot` shows.
    public init(_ snapshot: SceneSnapshot) {
        var builder = Builder(windowSize: snapshot.windowSize, labels: [:])
        for layer in snapshot.layers {
            builder.visit(SceneLayerFacts(viewID: layer.viewID, name: layer.name, transform: layer.transform,
                                          appearance: layer.appearance, opacity: layer.opacity, isHidden: layer.isHidden,
                                          depth: layer.depth, warp: layer.warp, contents: layer.contents),
                          hasText: layer.text != nil)
        }
        self.init(builder, time: snapshot.time)
    }

    private init(_ b: Builder, time: Double) {
        self.time = time
        windowArea = b.windowArea
        var looks: [Look] = []
        looks.reserveCapacity(b.ids.count)
        // Covers come in drawing order, as the looks do: those in front of a look are a tail.
        var inFront = 0
        for i in b.ids.indices {
            let region = b.regions[i], index = b.indices[i], area = region.area
            while inFront < b.covers.count && b.covers[inFront].index <= index { inFront += 1 }
            let hidden = area > 0 && inFront < b.covers.count ? Self.hidden(region, by: b.covers[inFront...]) { _ in true } : 0
            looks.append(Look(name: b.names[i], corners: b.quads[i], shown: max(0, area - hidden) * b.opacities[i],
                              opacity: b.opacities[i], index: index, region: region, cornerRadius: b.radii[i], blur: b.blurs[i]))
        }
        ids = b.ids
        self.looks = looks
        layerIDs = b.layerIDs
        layerParents = b.layerParents
        covers = b.covers
    }

    /// Takes the layers back to front and keeps what the check needs of each drawn one. Only
    /// views that draw something are looked at (a clear container is seen through its
    /// subviews).
    private struct Builder: SceneLayerVisitor {
        /// An ancestor's reach: the screen box its clipping leaves, and the projective map of
        /// the 3D-turned views above (their subtrees are drawn flat, then carried by it).
        struct Reach { let id: Int; let depth: Int; let clip: Rect; let warp: Homography? }
        let window: Rect
        let windowArea: Double
        let labels: [String: ViewText]
        /// The size from which an opaque view counts fully as hiding what lies behind it.
        let coverArea: Double
        var stack: [Reach] = []
        var index = 0
        var layerIDs: [Int] = [], layerParents: [Int] = []
        var ids: [Int] = [], names: [String] = [], regions: [MotionRegion] = [], quads: [MotionQuad] = []
        var indices: [Int] = [], opacities: [Double] = [], radii: [Double] = [], blurs: [Double] = []
        var covers: [Cover] = []

        init(windowSize: Size, labels: [String: ViewText], expecting: Int = 0) {
            window = Rect(origin: .zero, size: windowSize)
            windowArea = windowSize.width * windowSize.height
            coverArea = windowArea / 100
            self.labels = labels
            if expecting > 0 {
                layerIDs.reserveCapacity(expecting)
                layerParents.reserveCapacity(expecting)
                ids.reserveCapacity(expecting)
                names.reserveCapacity(expecting)
                regions.reserveCapacity(expecting)
                quads.reserveCapacity(expecting)
                indices.reserveCapacity(expecting)
                opacities.reserveCapacity(expecting)
                radii.reserveCapacity(expecting)
                blurs.reserveCapacity(expecting)
            }
        }

        mutating func visit(_ layer: borrowing SceneLayerFacts) {
            visit(layer, hasText: nil)
        }

        /// `hasText`: whether the layer shows a label's text, when known; else looked up.
        mutating func visit(_ layer: borrowing SceneLayerFacts, hasText: Bool?) {
            defer { index += 1 }
            while let last = stack.last, last.depth >= layer.depth { stack.removeLast() }
            var clip = stack.last?.clip ?? window
            layerIDs.append(layer.viewID)
            layerParents.append(stack.last?.id ?? -1)
            let warp: Homography? = switch (layer.warp, stack.last?.warp) {
            case (nil, let outer): outer
            case (let own?, nil): own
            case (let own?, let outer?): own.concatenating(outer)
            }
            let size = layer.appearance.bounds.size
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
            // A mask cuts the view and its subviews to its shape's box on screen.
            if layer.appearance.mask.kind != .none {
                clip = MotionSample.intersection(MotionSample.maskBox(layer.appearance, t, warp) ?? .zero, clip)
            }
            // Subviews are clipped to this view's box when it clips (its box: exact for a view
            // that is not turned, the turned view's bounding box otherwise).
            var clips = clip
            if layer.appearance.clipsToBounds {
                clips = finite ? MotionSample.intersection(corners!.axisAligned ?? MotionSample.box(corners!.points), clip) : .zero
            }
            stack.append(Reach(id: layer.viewID, depth: layer.depth, clip: clips, warp: warp))
            guard finite, let corners else { return }
            let name = layer.name, labels = self.labels
            guard SceneSnapshot.Layer.draws(isHidden: layer.isHidden, opacity: layer.opacity, layer.appearance,
                                            hasContents: layer.contents != nil,
                                            hasText: { hasText ?? (SceneSnapshot.text(of: name, in: labels) != nil) })
            else { return }
            let region = MotionRegion(corners, within: clip)
            let area = corners.area
            let bounds = size.width * size.height
            let scale = bounds > 0 ? (area / bounds).squareRoot() : 0
            ids.append(layer.viewID)
            names.append(layer.name)
            regions.append(region)
            quads.append(corners)
            indices.append(index)
            opacities.append(layer.opacity)
            radii.append(layer.appearance.cornerRadius * scale)
            blurs.append(layer.appearance.blur.kind == .none ? 0 : layer.appearance.blur.radius * scale)
            // A view with an opaque fill hides what lies behind it, as much as its opacity. A
            // small one is not worth the time; one growing past the size that counts is let
            // in gradually, between half that size and all of it, so that nothing behind it
            // seems to vanish the frame it crosses that size.
            let coverSize = layer.appearance.backgroundColor.alpha >= 0.999 ? region.area : 0
            if coverSize >= coverArea / 2 {
                let weight = min(1, coverSize / coverArea * 2 - 1)
                covers.append(Cover(id: layer.viewID, index: index, region: region, box: region.box, opacity: layer.opacity * weight))
            }
        }
    }

    /// The box on screen of the mask's rectangle (in the view's bounds coordinates), through
    /// the view's placement and its warp; nil when part of it falls behind the eye.
    static func maskBox(_ look: ViewAppearance, _ t: AffineTransform, _ warp: Homography?) -> Rect? {
        let r = look.mask.rect.offsetBy(dx: -look.bounds.origin.x, dy: -look.bounds.origin.y)
        var points: [Point] = []
        for p in [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)] {
            let flat = t.apply(to: p)
            guard let seen = warp.map({ $0.apply(to: flat) }) ?? flat else { return nil }
            points.append(seen)
        }
        return MotionSample.box(points)
    }

    /// How much of `region` the cover (among those `inFront` picks) that hides the most of it
    /// hides: its overlap times its opacity. As an opaque view slides over a view or fades in
    /// above it, what shows of that view shrinks frame by frame, as a person sees it.
    static func hidden(_ region: MotionRegion, by covers: ArraySlice<Cover>, inFront: (Cover) -> Bool) -> Double {
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
        return max(0, area - Self.hidden(look.region, by: covers[...]) { inFront.contains($0.id) }) * look.opacity
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
    /// winds (Sutherland–Hodgman, one edge of `q` at a time). Two buffers take turns, so a
    /// clip allocates twice whatever the number of edges (a 3D scene clips every frame).
    static func clipped(_ p: [Point], toConvex q: [Point]) -> [Point] {
        guard q.count >= 3 else { return [] }
        // Which side of an edge is inside: the side the polygon's centre lies on.
        var sumX = 0.0, sumY = 0.0
        for v in q { sumX += v.x; sumY += v.y }
        let centre = Point(x: sumX / Double(q.count), y: sumY / Double(q.count))
        var points = p, kept: [Point] = []
        points.reserveCapacity(p.count + q.count)
        kept.reserveCapacity(p.count + q.count)
        for k in q.indices {
            guard !points.isEmpty else { return [] }
            let e0 = q[k], e1 = q[(k + 1) % q.count]
            func side(_ v: Point) -> Double { (e1.x - e0.x) * (v.y - e0.y) - (e1.y - e0.y) * (v.x - e0.x) }
            let sign: Double = side(centre) >= 0 ? 1 : -1
            if (e1.x - e0.x) == 0 && (e1.y - e0.y) == 0 { continue }
            kept.removeAll(keepingCapacity: true)
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
            swap(&points, &kept)
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
