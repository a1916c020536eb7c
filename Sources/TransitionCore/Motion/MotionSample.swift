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
        public internal(set) var shown: Double
        /// Its opacity: the product of its own and its ancestors' alphas.
        public internal(set) var opacity: Double
        /// Where it is drawn among the frame's layers, back to front.
        var index: Int
        /// Its part within the window and its clipping ancestors.
        let region: MotionRegion
        /// The radius of its corners as drawn on the screen, in points.
        public let cornerRadius: Double
        /// The radius of its blur (backdrop or layer) as drawn on the screen, in points; 0 for none.
        public let blur: Double
        /// Its Plane among the frame's, when it lies square in a 3D turn's plane; −1 for none.
        var plane: Int32 = -1

        /// Seen the same in both frames: nothing a step could measure differs. Read where
        /// they lie, field by field (the check asks it of every view, every frame).
        static func same(_ a: UnsafePointer<Look>, _ b: UnsafePointer<Look>) -> Bool {
            a.pointee.shown == b.pointee.shown && a.pointee.opacity == b.pointee.opacity
                && a.pointee.cornerRadius == b.pointee.cornerRadius && a.pointee.corners == b.pointee.corners
                && a.pointee.blur == b.pointee.blur
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
    /// The views with an opaque fill, which hide what lies behind them, and their boxes
    /// (Cover.boxes), made once: each view that comes or goes is measured against them.
    let covers: [Cover]
    let coverBoxes: [SIMD4<Double>]
    /// The planes of the looks and covers turned in 3D that have one (Look.plane, Cover.plane).
    let planes: [Plane]

    /// A view turned in 3D that lies square in its turn's plane: the rectangle its bounds make
    /// there, the turn that carries that plane to the screen, and the screen rectangle its
    /// region was clipped to (its region is the turn's map of `rect`, within `clip`). What two
    /// views on one plane share on the screen is the turn's map of what their rectangles
    /// share, within both clips: four points to carry and, mostly, nothing to clip (clipping
    /// one polygon by another was most of the sample of a cube's frame).
    struct Plane: Equatable {
        let rect: Rect
        let turn: Homography
        let clip: Rect

        /// The area on the screen of what `plane` and `other` share; nil when they lie in
        /// different planes (or a corner of it falls behind the eye). `whole`: the area of
        /// `plane`'s region, which is all they share when `other` holds it (a face's shade over
        /// each view on the face: nothing to carry). Both are read where they lie: the check
        /// asks it of a view and each cover in front of it, and a copy of the plane (136 bytes)
        /// per question cost about what its quick answers do.
        static func overlap(_ plane: UnsafePointer<Plane>, _ other: UnsafePointer<Plane>, whole: Double) -> Double? {
            guard plane.pointee.turn == other.pointee.turn else { return nil }
            let rect = plane.pointee.rect, ownClip = plane.pointee.clip
            if MotionRegion.encloses(other.pointee.rect, rect) && MotionRegion.encloses(other.pointee.clip, ownClip) { return whole }
            let shared = MotionSample.intersection(rect, other.pointee.rect)
            guard shared.size.width > 0 else { return 0 }
            let corners = MotionQuad(topLeft: Point(x: shared.minX, y: shared.minY), topRight: Point(x: shared.maxX, y: shared.minY),
                                     bottomRight: Point(x: shared.maxX, y: shared.maxY), bottomLeft: Point(x: shared.minX, y: shared.maxY))
            guard let quad = Builder.carry(corners, by: plane.pointee.turn) else { return nil }
            let clip = MotionSample.intersection(ownClip, other.pointee.clip)
            if MotionRegion.encloses(clip, quad.box) { return quad.area }
            return quad.withPoints { MotionSample.clippedArea($0, to: clip) }
        }
    }

    /// One view with an opaque fill: it hides what lies behind it within `region`, as much
    /// as its `opacity`.
    struct Cover: Equatable {
        let id: Int
        var index: Int
        let region: MotionRegion
        /// The view's corners on screen (its region may be all of them).
        let corners: MotionQuad
        let box: Rect
        /// The area of its region: it hides no more than that.
        let area: Double
        var opacity: Double
        /// Its Plane among the frame's (its look's); −1 for none.
        var plane: Int32 = -1

        /// Each cover's box as (minX, minY, −maxX, −maxY): a view's box (maxX, maxY, −minX,
        /// −minY) meets it only where every lane of the cover's is less, one comparison of four
        /// lanes (every view meets every cover in front of it). After them, for each run of
        /// `chunk` covers from the first, the least of its boxes in each lane: a view that
        /// meets none of them is passed by at once (covers in drawing order lie together, a
        /// screen's on one side, a cube's face on its own).
        static func boxes(_ covers: [Cover]) -> [SIMD4<Double>] {
            var boxes: [SIMD4<Double>] = []
            boxes.reserveCapacity(covers.count + covers.count / chunk)
            covers.withUnsafeBufferPointer { covers in
                for i in covers.indices {
                    let box = covers[i].box
                    boxes.append(SIMD4(box.minX, box.minY, -box.maxX, -box.maxY))
                }
            }
            for start in stride(from: 0, to: covers.count - chunk + 1, by: chunk) {
                var least = boxes[start]
                for i in (start + 1)..<(start + chunk) { least = pointwiseMin(least, boxes[i]) }
                boxes.append(least)
            }
            return boxes
        }

        /// How many covers a run of Cover.boxes holds.
        static let chunk = 8

        /// How much a view with an opaque fill over `size` square points counts as hiding what
        /// lies behind it (times its opacity): a small one is not worth the time; one growing
        /// past the size that counts is let in gradually, between half that size and all of
        /// it, so that nothing behind it seems to vanish the frame it crosses that size.
        static func weight(size: Double, coverArea: Double) -> Double {
            min(1, size / coverArea * 2 - 1)
        }
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
        self.init(&builder, time: scene.engine.now)
    }

    /// What the screens of `scene` show now, and the run's frame of it (each view's name, frame
    /// in its superview and alpha, as `TransitionRun.capture` records them), from one walk:
    /// a run that records frames and checks motion composes each view's presentation once.
    /// `expecting`: about how many layers the scene has (the last frame's), so that its arrays
    /// are made to size once rather than doubled to it (a third of the peak, at 10,000 views).
    /// `texts`: which layers show a label's text, remembered from frame to frame of one run.
    /// `reuse`: what the walks of one run's frames keep from frame to frame, so that a subtree
    /// entered as it was the frame before and not changed since is taken from that frame, not
    /// walked again (Reuse); nil walks every view.
    static func withFrame(_ scene: Scene, labels: [String: ViewText], expecting: Int = 0,
                          texts: TextLookups? = nil, reuse: Reuse? = nil) -> (MotionSample, TransitionRun.Frame) {
        let root = scene.window!
        let look = root.presentation
        var recorder = Recorder(builder: Builder(windowSize: scene.displaySize, labels: labels, expecting: expecting, texts: texts,
                                                 keepsOpacities: reuse != nil))
        recorder.views.reserveCapacity(expecting)
        reuse?.lend(to: &recorder, for: scene)
        SceneSnapshot.walk(root, placed: .translation(look.bounds.origin.x, look.bounds.origin.y), into: &recorder)
        let now = scene.engine.now
        let sample = MotionSample(&recorder.builder, time: now)
        reuse?.keep(&recorder, sample)
        return (sample, TransitionRun.Frame(time: now, views: recorder.views))
    }

    /// Hands every layer to the check's builder, and keeps each view's (not the parts of a
    /// snapshot's picture, whose ids are negative) as the run records it. With a Reuse lent to
    /// it, it takes unchanged subtrees from the frame before (MotionSample+Reuse.swift).
    struct Recorder: SceneLayerVisitor {
        var builder: Builder
        var views: [TransitionRun.ViewSample] = []
        /// Whether a Reuse lent it `lent` for this walk.
        var reusing = false
        var lent = Reuse.Lent()

        mutating func visit(_ layer: borrowing SceneLayerFacts, _ appearance: borrowing ViewAppearance) {
            if layer.viewID >= 0 {
                views.append(TransitionRun.ViewSample(name: layer.name, frame: appearance.frame, alpha: appearance.alpha))
            }
            builder.visit(layer, appearance)
        }
    }

    /// Whether each layer shows a label's text, by layer id, as one run's frames find it: the
    /// labels do not change during a run, so each layer's name is looked up among them once
    /// (a string's hash per drawn layer per frame was a tenth of the check on the demo scene).
    /// A layer whose name changed is looked up again.
    /// Views' (dense, positive) ids index an array; a picture's parts (negative ids) a
    /// dictionary.
    final class TextLookups {
        private var views: [(name: String, hasText: Bool)?] = []
        private var parts: [Int: (name: String, hasText: Bool)] = [:]

        init() {}

        func hasText(_ id: Int, named name: String, in labels: [String: ViewText]) -> Bool {
            if id >= 0, id < views.count, let seen = views[id], seen.name == name { return seen.hasText }
            if id < 0, let seen = parts[id], seen.name == name { return seen.hasText }
            let found = SceneSnapshot.text(of: name, in: labels) != nil
            if id >= 0 {
                if views.count <= id { views.append(contentsOf: repeatElement(nil, count: id + 1 - views.count)) }
                views[id] = (name, found)
            } else {
                parts[id] = (name, found)
            }
            return found
        }
    }

    /// What `snapshot` shows.
    public init(_ snapshot: SceneSnapshot) {
        var builder = Builder(windowSize: snapshot.windowSize, labels: [:])
        for layer in snapshot.layers {
            builder.visit(SceneLayerFacts(viewID: layer.viewID, name: layer.name, transform: layer.transform,
                                          opacity: layer.opacity, ownOpacity: layer.opacity, isHidden: layer.isHidden,
                                          depth: layer.depth, warp: layer.warp, contents: layer.contents),
                          layer.appearance, hasText: layer.text != nil)
        }
        self.init(&builder, time: snapshot.time)
    }

    /// Takes the builder's looks (inout, so that they are moved, not copied: at 10,000 views a
    /// copy was a tenth of the check).
    private init(_ b: inout Builder, time: Double) {
        self.time = time
        windowArea = b.windowArea
        var looks: [Look] = []
        swap(&looks, &b.looks)
        // Covers come in drawing order, as the looks do: those in front of a look are a tail.
        // Each look and cover is read in place: a copy of each (its region with it) per view
        // was a tenth of a 3D frame's sample.
        let boxes = Cover.boxes(b.covers)
        b.covers.withUnsafeBufferPointer { covers in
            b.planes.withUnsafeBufferPointer { planes in
                boxes.withUnsafeBufferPointer { boxes in
                    looks.withUnsafeMutableBufferPointer { looks in
                        var inFront = 0
                        for i in looks.indices {
                            let corners = looks[i].corners!, index = looks[i].index, area = looks[i].region.area(corners)
                            while inFront < covers.count && covers[inFront].index <= index { inFront += 1 }
                            guard area > 0 && inFront < covers.count else {
                                looks[i].shown = max(0, area) * looks[i].opacity
                                continue
                            }
                            let plane = looks[i].plane >= 0 ? planes.baseAddress! + Int(looks[i].plane) : nil
                            let hidden = Self.hidden(looks[i].region, corners, area: area, plane, by: covers, from: inFront, boxes, planes) { _ in true }
                            looks[i].shown = max(0, area - hidden) * looks[i].opacity
                        }
                    }
                }
            }
        }
        ids = b.ids
        self.looks = looks
        layerIDs = b.layerIDs
        layerParents = b.layerParents
        covers = b.covers
        coverBoxes = boxes
        planes = b.planes
    }

    /// Takes the layers back to front and keeps what the check needs of each drawn one. Only
    /// views that draw something are looked at (a clear container is seen through its
    /// subviews).
    struct Builder: SceneLayerVisitor {
        /// An ancestor's reach: the screen box its clipping leaves, and the projective map of
        /// the 3D-turned views above (their subtrees are drawn flat, then carried by it), by its
        /// place among `turns` (−1 for none): held small, as every layer reads its parent's.
        struct Reach { let id: Int; let depth: Int; let clip: Rect; let turn: Int32 }
        let window: Rect
        let windowArea: Double
        let labels: [String: ViewText]
        /// The size from which an opaque view counts fully as hiding what lies behind it.
        let coverArea: Double
        var stack: [Reach] = []
        /// The turns the walk met, each a layer's own composed with its ancestors'.
        var turns: [Homography] = []
        var index = 0
        var layerIDs: [Int] = [], layerParents: [Int] = []
        /// The drawn views, each with what shows of it still to be measured (0): that needs the
        /// covers in front of it, which come later.
        var ids: [Int] = [], looks: [Look] = []
        var covers: [Cover] = []
        /// With `keepsOpacities` (for a Reuse): each layer's opacity and where it comes from
        /// (KeptLayer), so that a subtree taken from the frame before under a parent whose
        /// opacity changed gets its opacities as a walk would make them.
        let keepsOpacities: Bool
        var kept: [KeptLayer] = []
        /// The last view's layer (not a picture part's) at each depth, and the last of all:
        /// a view inherits its parent's opacity, a picture part its snapshot view's.
        var viewLayers: [Int] = []
        var lastViewLayer = -1
        /// With `keepsOpacities`, the Geometry of each layer placed under a 3D turn or while
        /// keepsGeometries (KeptLayer.geometry says which is whose): the Reuse's, lent for the
        /// walk, which holds those of the walks before too.
        var geometries: [Geometry] = []
        /// How many of the subtrees being walked keep every layer's geometry, not only a turned
        /// one's: those that moved since the walk before, which the next walk may place again
        /// from them (Recorder.replace).
        var keepsGeometries = 0
        var planes: [Plane] = []

        let texts: TextLookups?

        init(windowSize: Size, labels: [String: ViewText], expecting: Int = 0, texts: TextLookups? = nil,
             keepsOpacities: Bool = false) {
            self.texts = texts
            self.keepsOpacities = keepsOpacities
            window = Rect(origin: .zero, size: windowSize)
            windowArea = windowSize.width * windowSize.height
            coverArea = windowArea / 100
            self.labels = labels
            stack.reserveCapacity(16)
            if expecting > 0 {
                layerIDs.reserveCapacity(expecting)
                layerParents.reserveCapacity(expecting)
                ids.reserveCapacity(expecting)
                looks.reserveCapacity(expecting)
                if keepsOpacities {
                    kept.reserveCapacity(expecting)
                }
            }
        }

        /// Forgets the ancestors' reaches at `depth` and deeper: what a layer at `depth` is
        /// clipped and carried by is then the last one left.
        mutating func leave(to depth: Int) {
            while !stack.isEmpty && stack[stack.count - 1].depth >= depth { stack.removeLast() }
        }

        /// What the layer being placed is under: its parent's id (−1 for the window), clip and
        /// turn (nil for none).
        var parentReach: (id: Int, clip: Rect, warp: Homography?) {
            guard let last = stack.last else { return (-1, window, nil) }
            return (last.id, last.clip, last.turn >= 0 ? turns[Int(last.turn)] : nil)
        }

        /// Keeps the opacity of the layer being placed and where it comes from.
        private mutating func keepOpacity(viewID: Int, depth: Int, opacity: Double, own: Double, geometry: Int32) {
            let parent: Int
            if viewID >= 0 {
                parent = depth > 0 && depth - 1 < viewLayers.count ? viewLayers[depth - 1] : -1
                if viewLayers.count <= depth { viewLayers.append(contentsOf: repeatElement(-1, count: depth + 1 - viewLayers.count)) }
                viewLayers[depth] = index
                lastViewLayer = index
            } else {
                parent = lastViewLayer
            }
            kept.append(KeptLayer(opacity: opacity, factor: own, opacityParent: Int32(parent), geometry: geometry))
        }

        mutating func visit(_ layer: borrowing SceneLayerFacts, _ appearance: borrowing ViewAppearance) {
            visit(layer, appearance, hasText: nil)
        }

        /// `hasText`: whether the layer shows a label's text, when known; else looked up.
        mutating func visit(_ layer: borrowing SceneLayerFacts, _ appearance: borrowing ViewAppearance, hasText: Bool?) {
            let name = layer.name, labels = self.labels, texts = self.texts, id = layer.viewID
            let paints = SceneSnapshot.Layer.paints(appearance, hasContents: layer.contents != nil,
                                                    hasText: { hasText ?? texts?.hasText(id, named: name, in: labels)
                                                        ?? (SceneSnapshot.text(of: name, in: labels) != nil) })
            place(Geometry(layer, appearance, paints: paints), opacity: layer.opacity)
        }

        /// Places one layer, as the walk found it (visit) or as a Reuse kept it. `keptAt`: where
        /// among `geometries` the Reuse put it already; nil to keep it there, if it is turned or
        /// its subtree keeps every geometry (keepsGeometries).
        mutating func place(_ g: borrowing Geometry, opacity: Double, keptAt: Int32? = nil) {
            defer { index += 1 }
            leave(to: g.depth)
            // The parent's reach, read in place (a copy of it per layer, three times, was a
            // tenth of placing a cube's layers).
            let top = stack.count - 1
            var clip = top >= 0 ? stack[top].clip : window
            var turn: Int32 = top >= 0 ? stack[top].turn : -1
            layerIDs.append(g.viewID)
            layerParents.append(top >= 0 ? stack[top].id : -1)
            if let own = g.warp {
                turns.append(turn >= 0 ? own.concatenating(turns[Int(turn)]) : own)
                turn = Int32(turns.count - 1)
            }
            let warp: Homography? = turn >= 0 ? turns[Int(turn)] : nil
            if keepsOpacities {
                // A turned layer's geometry is kept for a Reuse, which places it again under
                // another turn; so is one in a subtree that moved (keepsGeometries).
                var geometry: Int32 = -1
                if let keptAt {
                    geometry = keptAt
                } else if turn >= 0 || keepsGeometries > 0 {
                    geometry = Int32(geometries.count)
                    geometries.append(copy g)
                }
                keepOpacity(viewID: g.viewID, depth: g.depth, opacity: opacity, own: g.ownOpacity, geometry: geometry)
            }
            let flat = g.flat
            let corners: MotionQuad? = if let warp { Self.carry(flat, by: warp) } else { flat }
            let finite = corners?.isFinite ?? false
            // A mask cuts the view and its subviews to its shape's box on screen.
            if let mask = g.mask {
                clip = MotionSample.intersection(MotionSample.maskBox(mask, g.transform, warp) ?? .zero, clip)
            }
            // Subviews are clipped to this view's box when it clips (its box: exact for a view
            // that is not turned, the turned view's bounding box otherwise).
            var clips = clip
            if g.clipsToBounds {
                clips = finite ? MotionSample.intersection(corners!.axisAligned ?? corners!.box, clip) : .zero
            }
            stack.append(Reach(id: g.viewID, depth: g.depth, clip: clips, turn: turn))
            guard finite, let corners else { return }
            guard !g.isHidden && opacity > 0 && g.paints else { return }
            draw(id: g.viewID, name: g.name, size: g.size, opaqueFill: g.opaqueFill, cornerRadius: g.cornerRadius, blur: g.blurRadius,
                 flat: flat, corners: corners, clip: clip, warp: warp, opacity: opacity)
        }

        /// Places, for a Reuse, one layer of a subtree carried by `warp` alone and clipped by
        /// `clip` alone (none of its layers has a turn, a mask or clipping of its own): only
        /// what it draws is made, as `place` makes it; the subtree's layers, parents and
        /// opacities are the Reuse's to copy.
        /// `g` is read where it lies, field by field: a copy of each geometry (its name with it)
        /// was a tenth of taking a turned subtree.
        mutating func placeTurned(_ g: UnsafePointer<Geometry>, opacity: Double, clip: Rect, warp: Homography) {
            defer { index += 1 }
            // Nothing after it needs its corners unless it draws (a cube's face turned away
            // carries every one of its layers hidden).
            guard !g.pointee.isHidden && opacity > 0 && g.pointee.paints else { return }
            let flat = g.pointee.flat
            guard let corners = Self.carry(flat, by: warp), corners.isFinite else { return }
            draw(id: g.pointee.viewID, name: g.pointee.name, size: g.pointee.size, opaqueFill: g.pointee.opaqueFill,
                 cornerRadius: g.pointee.cornerRadius, blur: g.pointee.blurRadius, flat: flat, corners: corners, clip: clip, warp: warp,
                 opacity: opacity)
        }

        /// `flat` carried by `warp`; nil when a corner falls behind the eye.
        static func carry(_ flat: MotionQuad, by warp: Homography) -> MotionQuad? {
            guard let a = warp.apply(to: flat.topLeft), let b = warp.apply(to: flat.topRight),
                  let c = warp.apply(to: flat.bottomRight), let d = warp.apply(to: flat.bottomLeft) else { return nil }
            return MotionQuad(topLeft: a, topRight: b, bottomRight: c, bottomLeft: d)
        }

        /// Makes the look (and the cover, and the plane) of the layer being placed, which draws,
        /// from its geometry's fields (Geometry) and its corners on screen.
        private mutating func draw(id: Int, name: String, size: Size, opaqueFill: Bool, cornerRadius: Double, blur: Double,
                                   flat: MotionQuad, corners: MotionQuad, clip: Rect, warp: Homography?, opacity: Double) {
            let region = MotionRegion(corners, within: clip)
            let area = corners.area
            let bounds = size.width * size.height
            // How much it is drawn larger or smaller, for its radii (none: no root to take).
            let scale = bounds > 0 && (cornerRadius != 0 || blur != 0) ? (area / bounds).squareRoot() : 0
            // Turned and square in its plane: what it shares with another view on that plane is
            // worked out there (Plane).
            var plane: Int32 = -1
            if let warp, let rect = flat.axisAligned {
                plane = Int32(planes.count)
                planes.append(Plane(rect: rect, turn: warp, clip: clip))
            }
            ids.append(id)
            looks.append(Look(name: name, corners: corners, shown: 0, opacity: opacity, index: index, region: region,
                              cornerRadius: cornerRadius * scale, blur: blur * scale, plane: plane))
            // A view with an opaque fill hides what lies behind it, as much as its opacity
            // (and its size: Cover.weight).
            let coverSize = opaqueFill ? region.area(corners) : 0
            if coverSize >= coverArea / 2 {
                covers.append(Cover(id: id, index: index, region: region, corners: corners, box: region.box(corners), area: coverSize,
                                    opacity: opacity * Cover.weight(size: coverSize, coverArea: coverArea), plane: plane))
            }
        }
    }

    /// What a Reuse keeps of each layer (one array, not four: a frame of 10,000 views makes one).
    struct KeptLayer {
        /// Its opacity, what it multiplies the opacity it inherits by, and the layer it inherits it
        /// from (−1 for none).
        var opacity: Double
        var factor: Double
        var opacityParent: Int32
        /// Its Geometry among the Reuse's, when it was placed under a 3D turn or in a subtree
        /// that moved (Builder.keepsGeometries); −1 for none.
        var geometry: Int32
    }

    /// What placing a layer takes of its facts and its appearance, all but its opacity: a
    /// layer under a 3D turn, or in a subtree that moved, is kept so, and placed again from it
    /// while its subtree stays as it was and only the turn, or where it lies, changes (Reuse),
    /// with no walk of its views.
    struct Geometry {
        let viewID: Int
        let name: String
        let depth: Int
        /// Its placement; made again when a Reuse places its subtree again moved.
        var transform: AffineTransform
        /// The pieces its view's presentation placed it by, in its parent's contents, and its
        /// subviews in it (nil for a picture's part): a Reuse places a moved subtree from them.
        let placement: SubviewPlacement?
        /// Its own turn (SceneLayerFacts.warp), before the ancestors'.
        let warp: Homography?
        let ownOpacity: Double
        let isHidden: Bool
        /// It draws something, when shown (SceneSnapshot.Layer.paints).
        let paints: Bool
        let size: Size
        /// Its mask's rectangle, in coordinates whose origin is the bounds' top left.
        let mask: Rect?
        let clipsToBounds: Bool
        /// Its fill is opaque: it hides what lies behind it.
        let opaqueFill: Bool
        let cornerRadius: Double
        /// Its blur's radius; 0 for none.
        let blurRadius: Double

        /// Its bounds' corners where its placement puts them, before any turn.
        var flat: MotionQuad {
            MotionQuad(topLeft: transform.apply(to: Point(x: 0, y: 0)), topRight: transform.apply(to: Point(x: size.width, y: 0)),
                       bottomRight: transform.apply(to: Point(x: size.width, y: size.height)),
                       bottomLeft: transform.apply(to: Point(x: 0, y: size.height)))
        }

        init(_ layer: borrowing SceneLayerFacts, _ look: borrowing ViewAppearance, paints: Bool) {
            viewID = layer.viewID
            name = layer.name
            depth = layer.depth
            transform = layer.transform
            placement = layer.viewID >= 0 ? SubviewPlacement(look) : nil
            warp = layer.warp
            ownOpacity = layer.ownOpacity
            isHidden = layer.isHidden
            self.paints = paints
            size = look.bounds.size
            mask = look.hasMask ? look.mask.rect.offsetBy(dx: -look.bounds.origin.x, dy: -look.bounds.origin.y) : nil
            clipsToBounds = look.clipsToBounds
            opaqueFill = look.backgroundColor.alpha >= 0.999
            cornerRadius = look.cornerRadius
            blurRadius = look.blur.kind == .none ? 0 : look.blur.radius
        }
    }

    /// The box on screen of a mask's rectangle `r` (in coordinates whose origin is the view's
    /// bounds' top left), through the view's placement and its warp; nil when part of it falls
    /// behind the eye.
    static func maskBox(_ r: Rect, _ t: AffineTransform, _ warp: Homography?) -> Rect? {
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
    /// `plane`: the look's Plane, if it has one; `planes`: the covers' frame's.
    /// `inFront`: whether the cover of that id lies in front of the view.
    /// `area`: the area of `region`; once that much is hidden, nothing hides more.
    /// `covers`: the frame's, of which those from `start` on are asked; `boxes`: theirs, and
    /// their runs' (Cover.boxes).
    static func hidden(_ region: MotionRegion, _ corners: MotionQuad, area: Double, _ plane: UnsafePointer<Plane>?,
                       by covers: UnsafeBufferPointer<Cover>, from start: Int, _ boxes: UnsafeBufferPointer<SIMD4<Double>>,
                       _ planes: UnsafeBufferPointer<Plane>, inFront: (Int) -> Bool) -> Double {
        let box = region.box(corners)
        let minX = box.minX, minY = box.minY, maxX = box.maxX, maxY = box.maxY
        let reach = SIMD4(maxX, maxY, -minX, -minY)
        var hidden = 0.0
        // By index, each cover read in place: a copy of each (its region with it) per view was
        // a tenth of a 3D frame's sample. Every view meets every cover in front of it here, so
        // whether the boxes meet at all is one comparison, and what they share is worked out
        // inline.
        var next = start
        while next < covers.count {
            let i = next
            next += 1
            // A whole run whose boxes none meets this one's is passed by.
            if i % Cover.chunk == 0 && i + Cover.chunk <= covers.count && !all(boxes[covers.count + i / Cover.chunk] .< reach) {
                next = i + Cover.chunk
                continue
            }
            guard all(boxes[i] .< reach) else { continue }
            let b = covers[i].box
            let x1 = max(b.minX, minX), x2 = min(b.maxX, maxX)
            guard x2 > x1 else { continue }
            let y1 = max(b.minY, minY), y2 = min(b.maxY, maxY)
            guard y2 > y1 else { continue }
            // A cover hides no more than the boxes share, nor more than its own area: one that
            // could not hide more than another already does is not measured (a polygon's
            // clipping is the costly part of a 3D frame). The margin is far above rounding, far
            // below anything seen.
            let opacity = covers[i].opacity
            if min((x2 - x1) * (y2 - y1), covers[i].area) * opacity * (1 + 1e-9) < hidden { continue }
            guard inFront(covers[i].id) else { continue }
            var shared: Double?
            if let plane, covers[i].plane >= 0 { shared = Plane.overlap(plane, planes.baseAddress! + Int(covers[i].plane), whole: area) }
            hidden = max(hidden, (shared ?? region.overlap(corners, with: covers[i].region, covers[i].corners)) * opacity)
            // All of it hidden: what shows of it is nothing, whatever else lies in front.
            if hidden >= area { break }
        }
        return hidden
    }

    /// What would show of `look`, a view of `frame`, in this frame, had it stayed as it was: a
    /// view that goes where something now hides it, or comes where something hid it, is no
    /// change of its own.
    func wouldShow(_ look: Look, of frame: MotionSample) -> Double {
        guard let corners = look.corners else { return 0 }
        let area = look.region.area(corners)
        guard area > 0 else { return 0 }
        let hidden = covers.withUnsafeBufferPointer { covers in
            coverBoxes.withUnsafeBufferPointer { boxes in
                planes.withUnsafeBufferPointer { planes in
                    frame.planes.withUnsafeBufferPointer { its in
                        frame.covers.withUnsafeBufferPointer { before in
                            let plane = look.plane >= 0 ? its.baseAddress! + Int(look.plane) : nil
                            // Those in front of it are a tail (covers come in drawing order), and
                            // few: a scan is cheaper than a set of their ids.
                            let inFront = UnsafeBufferPointer(rebasing: before[(before.firstIndex { $0.index > look.index } ?? before.count)...])
                            return Self.hidden(look.region, corners, area: area, plane, by: covers, from: 0, boxes, planes) { id in
                                inFront.contains { $0.id == id }
                            }
                        }
                    }
                }
            }
        }
        return max(0, area - hidden) * look.opacity
    }

    // MARK: Plane geometry

    static func box(_ points: [Point]) -> Rect {
        points.withUnsafeBufferPointer { box($0) }
    }

    static func box(_ points: UnsafeBufferPointer<Point>) -> Rect {
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
        p.withUnsafeBufferPointer { area($0) }
    }

    static func area(_ p: UnsafeBufferPointer<Point>) -> Double {
        guard p.count >= 3 else { return 0 }
        // Each vertex with the one after it, the last with the first (no remainder per vertex:
        // an integer division cost more than the rest of a step).
        var twice = 0.0
        for i in p.indices {
            let a = p[i], b = p[i + 1 == p.count ? 0 : i + 1]
            twice += a.x * b.y - b.x * a.y
        }
        return abs(twice) / 2
    }

    /// Gives `body` the part of `quad` inside `rect`, on the stack (empty when `rect` is).
    static func withClipped<R>(_ quad: MotionQuad, to rect: Rect, _ body: (UnsafeBufferPointer<Point>) -> R) -> R {
        guard rect.size.width > 0, rect.size.height > 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        let uncut = edgesUncut(by: quad.box, of: rect)
        return quad.withPoints { p in withCorners(of: rect) { q in withClipped(p, toConvex: q, skipping: uncut, body) } }
    }

    /// Which edges of `rect` (as withCorners lists them: top, right, bottom, left; bit k for
    /// edge k) a polygon whose box is `box` lies wholly inside of: cutting by such an edge
    /// keeps every point as it is, so it is not done (a view crossing the window's edge
    /// crosses one or two of its four; cutting by all four was most of clipping it).
    private static func edgesUncut(by box: Rect, of rect: Rect) -> UInt8 {
        (box.minY >= rect.minY ? 1 : 0) | (box.maxX <= rect.maxX ? 2 : 0) | (box.maxY <= rect.maxY ? 4 : 0) | (box.minX >= rect.minX ? 8 : 0)
    }

    /// The area of the part of the convex polygon `p` inside `rect`, with no allocation (the
    /// check measures what covers hide of every view, every frame).
    static func clippedArea(_ p: UnsafeBufferPointer<Point>, to rect: Rect) -> Double {
        guard rect.size.width > 0, rect.size.height > 0 else { return 0 }
        let uncut = edgesUncut(by: box(p), of: rect)
        return withCorners(of: rect) { q in withClipped(p, toConvex: q, skipping: uncut) { area($0) } }
    }

    /// The area of the part of the convex polygon `p` inside the convex polygon `q`.
    static func clippedArea(_ p: UnsafeBufferPointer<Point>, toConvex q: UnsafeBufferPointer<Point>) -> Double {
        withClipped(p, toConvex: q) { area($0) }
    }

    /// `rect`'s corners, clockwise from its top left, for as long as `body` runs.
    private static func withCorners<R>(of rect: Rect, _ body: (UnsafeBufferPointer<Point>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: Point.self, capacity: 4) { q in
            q[0] = Point(x: rect.minX, y: rect.minY)
            q[1] = Point(x: rect.maxX, y: rect.minY)
            q[2] = Point(x: rect.maxX, y: rect.maxY)
            q[3] = Point(x: rect.minX, y: rect.maxY)
            return body(UnsafeBufferPointer(q))
        }
    }

    /// Gives `body` the part of the convex polygon `p` inside the convex polygon `q`, whichever
    /// way `q` winds (Sutherland–Hodgman, one edge of `q` at a time), in two buffers on the
    /// stack that take turns: each edge adds at most one vertex, so p.count + q.count suffice.
    /// `skipping`: the edges of `q` (bit k for edge k, from q[k] to the next) known to cut
    /// nothing of `p` (edgesUncut), passed by.
    private static func withClipped<R>(_ p: UnsafeBufferPointer<Point>, toConvex q: UnsafeBufferPointer<Point>, skipping: UInt8 = 0,
                                       _ body: (UnsafeBufferPointer<Point>) -> R) -> R {
        let empty = UnsafeBufferPointer<Point>(start: nil, count: 0)
        guard q.count >= 3 else { return body(empty) }
        // Which side of an edge is inside: the side the polygon's centre lies on.
        var sumX = 0.0, sumY = 0.0
        for v in q { sumX += v.x; sumY += v.y }
        let centre = Point(x: sumX / Double(q.count), y: sumY / Double(q.count))
        let capacity = p.count + q.count
        return withUnsafeTemporaryAllocation(of: Point.self, capacity: 2 * capacity) { buffer in
            var points = buffer.baseAddress!, kept = points + capacity
            var count = p.count
            for i in 0..<count { points[i] = p[i] }
            // Indices wrap by comparison, not by remainder: an integer division per vertex per
            // edge was most of the cost of clipping a quad.
            for k in q.indices where k >= 8 || skipping & (1 << k) == 0 {
                guard count > 0 else { return body(empty) }
                let e0 = q[k], e1 = q[k + 1 == q.count ? 0 : k + 1]
                func side(_ v: Point) -> Double { (e1.x - e0.x) * (v.y - e0.y) - (e1.y - e0.y) * (v.x - e0.x) }
                let sign: Double = side(centre) >= 0 ? 1 : -1
                if (e1.x - e0.x) == 0 && (e1.y - e0.y) == 0 { continue }
                var keptCount = 0
                var previous = points[count - 1]
                var sp = side(previous) * sign
                for i in 0..<count {
                    let current = points[i]
                    let sc = side(current) * sign
                    defer { previous = current; sp = sc }
                    if sc >= 0 {
                        if sp < 0 { kept[keptCount] = Self.crossing(previous, current, sp, sc); keptCount += 1 }
                        kept[keptCount] = current
                        keptCount += 1
                    } else if sp >= 0 {
                        kept[keptCount] = Self.crossing(previous, current, sp, sc)
                        keptCount += 1
                    }
                }
                swap(&points, &kept)
                count = keptCount
            }
            return body(UnsafeBufferPointer(start: points, count: count))
        }
    }

    /// Where the segment a–b crosses the line on whose sides a and b lie at signed distances
    /// `da` and `db`.
    private static func crossing(_ a: Point, _ b: Point, _ da: Double, _ db: Double) -> Point {
        let t = da / (da - db)
        return Point(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y))
    }
}
