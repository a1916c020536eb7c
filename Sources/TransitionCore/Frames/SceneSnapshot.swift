/// Everything a renderer needs to draw one frame of a scene, and a plot to explain it: each
/// view on screen, back to front, already placed in window coordinates, with what it looks
/// like; and the animations running at that instant.
///
/// A value, detached from the live scene, so that a run can be played or exported after it
/// has finished.
public struct SceneSnapshot: Hashable, Sendable {
    /// One view as drawn at this frame.
    public struct Layer: Hashable, Sendable {
        public let viewID: Int
        public let name: String
        /// Maps the view's own rectangle, (0, 0)–(width, height) of `appearance.bounds`, to
        /// window coordinates: every ancestor's centre, bounds origin and transform composed.
        public let transform: AffineTransform
        /// The presentation values (what is on screen), the view's own, not its ancestors'.
        public let appearance: ViewAppearance
        /// The product of the alphas of the view and all its ancestors.
        public let opacity: Double
        /// Hidden itself or below a hidden ancestor: not drawn.
        public let isHidden: Bool
        /// 0 for the window, 1 for its subviews, and so on.
        public let depth: Int
        public let text: ViewText?
        /// For a view with a 3D transform: where its flat drawing (its subtree drawn with
        /// `transform` as if it had none) goes in the window, a projective map of window
        /// coordinates. Nil for views without one (their ancestors' are applied to them already,
        /// since a 3D view's subviews lie flat in its plane).
        public var warp: Homography? = nil
        /// The view's picture (View.contents), drawn over its background; nil for none.
        public var contents: LayerContents? = nil

        public var size: Size { appearance.bounds.size }
        public var color: Color { appearance.backgroundColor }
        public var cornerRadius: Double { appearance.cornerRadius }
        /// The same layer at `depth`: for a renderer that compares what two frames draw while
        /// leaving out containers that draw nothing and shape nothing (KeptBackdrop).
        public func atDepth(_ depth: Int) -> Layer {
            var layer = Layer(viewID: viewID, name: name, transform: transform, appearance: appearance, opacity: opacity,
                              isHidden: isHidden, depth: depth, text: text)
            layer.warp = warp
            layer.contents = contents
            return layer
        }

        /// Worth drawing: shown, not fully transparent, with a background, a picture, a label,
        /// a border, a shadow or a backdrop blur.
        public var isVisible: Bool {
            Self.draws(isHidden: isHidden, opacity: opacity, appearance, hasContents: contents != nil) { text != nil }
                || (!isHidden && opacity > 0 && appearance.blur.kind == .backdrop && appearance.blur.radius > 0)
        }

        /// Whether a layer with these draws anything of its own; `hasText` is asked last, only
        /// when nothing else settles it (looking a label's text up costs more than the rest). A
        /// backdrop blur is not counted here: it shows what lies behind, and the motion check,
        /// which sees what views draw, judges that where it is drawn.
        static func draws(isHidden: Bool, opacity: Double, _ appearance: ViewAppearance, hasContents: Bool,
                          hasText: () -> Bool) -> Bool {
            guard !isHidden && opacity > 0 else { return false }
            return paints(appearance, hasContents: hasContents, hasText: hasText)
        }

        /// Whether a layer that is shown (not hidden, opacity above 0) draws anything.
        static func paints(_ appearance: borrowing ViewAppearance, hasContents: Bool, hasText: () -> Bool) -> Bool {
            appearance.backgroundColor.alpha > 0 || hasContents || appearance.hasShadow
                || (appearance.borderWidth > 0 && appearance.borderColor.alpha > 0) || hasText()
        }
    }

    /// One property animation in flight at this frame.
    public struct Animation: Hashable, Sendable {
        public let viewID: Int
        public let property: AnimatableProperty
        /// The animation block it belongs to: with the view and property, the same animation
        /// from frame to frame, though an interactive transition moves its `begin` as it scrubs.
        public let group: Int
        /// The timing curve's name ("ease-in-out", "spring(…)", a plugin curve's name).
        public let curve: String
        /// When it starts and ends, in the run's time (a delayed animation starts late).
        public let begin: Double
        public let duration: Double
        public let target: AnimatableValue

        public var end: Double { begin + duration }
    }

    public let time: Double
    public let windowSize: Size
    /// Back to front: drawing them in order paints the frame. With `chrome`, its status bar
    /// and home indicator come last, above every screen.
    public let layers: [Layer]
    public let animations: [Animation]
    /// The device's chrome, whose display corners the renderer cuts the frame to.
    public var chrome: DeviceChrome? = nil

    public init(time: Double, windowSize: Size, layers: [Layer], animations: [Animation] = []) {
        self.time = time
        self.windowSize = windowSize
        self.layers = layers
        self.animations = animations
    }

    /// What is on screen in `scene` now. `labels` gives the text of label views by name; a
    /// snapshot view ("snapshot of NAME") shows the text of the view it copies.
    public static func capture(_ scene: Scene, labels: [String: ViewText] = [:]) -> SceneSnapshot {
        let engine = scene.engine
        let layers = screens(of: scene, labels: labels)
        let animations = engine.runningAnimations.map { a in
            // An interactive transition's animations run on its own timeline; shift them onto
            // the run's clock as it stands now.
            let shift = engine.now - engine.localTime(of: a.group.owner)
            return Animation(viewID: a.view.id, property: a.property, group: a.group.id, curve: a.curve.name,
                             begin: a.begin + shift, duration: a.duration, target: a.to)
        }
        let size = scene.displaySize
        guard let chrome = scene.chrome else {
            return SceneSnapshot(time: engine.now, windowSize: size, layers: layers, animations: animations)
        }
        var shown = SceneSnapshot(time: engine.now, windowSize: size,
                                  layers: layers + chrome.layers(over: layers, in: size),
                                  animations: animations)
        shown.chrome = chrome
        return shown
    }

    /// The screens' layers alone, back to front, without the chrome above them and the
    /// animations: what the motion check judges (the chrome is the host's and never moves).
    public static func screens(of scene: Scene, labels: [String: ViewText] = [:]) -> [Layer] {
        // Window coordinates are the root's own, so the root is placed at its bounds origin.
        let root = scene.window!
        let origin = root.presentation.bounds.origin
        return tree(of: root, placed: .translation(origin.x, origin.y), labels: labels)
    }

    /// The layers of `top`'s subtree, back to front, `top` placed by `placed` at depth 0.
    /// `asDrawn`: as the last drawing showed them (View.drawnLook), for a snapshot taken
    /// before screen updates.
    static func tree(of top: View, placed: AffineTransform, labels: [String: ViewText], asDrawn: Bool = false) -> [Layer] {
        struct Collect: SceneLayerVisitor {
            let labels: [String: ViewText]
            var layers: [Layer] = []
            mutating func visit(_ layer: borrowing SceneLayerFacts, _ appearance: borrowing ViewAppearance) {
                var made = Layer(viewID: layer.viewID, name: layer.name, transform: layer.transform, appearance: copy appearance,
                                 opacity: layer.opacity, isHidden: layer.isHidden, depth: layer.depth,
                                 text: SceneSnapshot.text(of: layer.name, in: labels))
                made.warp = layer.warp
                made.contents = layer.contents
                layers.append(made)
            }
        }
        var collect = Collect(labels: labels)
        walk(top, placed: placed, asDrawn: asDrawn, into: &collect)
        return collect.layers
    }

    /// Walks `top`'s subtree as it is drawn, back to front, `top` placed by `placed` at depth
    /// 0, handing `visitor` each layer: the one place that says how a tree becomes layers, for
    /// snapshots and for the motion check (which keeps no Layer values, for speed). A snapshot
    /// view's picture (View.snapshotContent) comes right after it, drawn into its bounds:
    /// scaled from the size it was taken at to the size it has now, so that its pixels grow
    /// and shrink with its frame, as UIKit's snapshotView's do.
    static func walk<V: SceneLayerVisitor>(_ top: View, placed: AffineTransform, asDrawn: Bool = false, into visitor: inout V) {
        // `look`: the view's presentation (or drawn look), computed once by its parent, which
        // needs it to place it.
        // `sublayer`: the parent's sublayer transform in 3D, about window coordinates, which
        // carries this view after its own 3D transform (the depth that turn gives the view is
        // what the parent's perspective sees); nil for none.
        func visit(_ view: View, look: ViewAppearance, placed: AffineTransform, parentOpacity: Double, parentHidden: Bool, depth: Int,
                   sublayer: Transform3D? = nil) {
            let opacity = parentOpacity * look.alpha
            // A view that is not double-sided is not drawn, with what it carries, while it
            // shows its back.
            let hidden = parentHidden || look.isHidden || (!look.isDoubleSided && look.facesAway)
            let carried: Homography?
            if let sublayer {
                let own = look.transform3D.isIdentity ? nil : windowTurn(look.transform3D, look, placed: placed)
                carried = (own.map { $0.concatenating(sublayer) } ?? sublayer).planeHomography
            } else {
                carried = look.transform3D.isIdentity ? nil : warp(look, placed: placed)
            }
            visitor.visit(SceneLayerFacts(viewID: view.id, name: view.name, transform: placed, opacity: opacity, ownOpacity: look.alpha,
                                          isHidden: hidden, depth: depth, warp: carried, contents: view.contents), look)
            if let picture = view.snapshotContent, picture.size.width > 0, picture.size.height > 0 {
                let pieces = picture.pieces(in: look.bounds.size)
                // With cap insets, each of the nine parts is drawn in a clipping layer of its own.
                let clipped = picture.capInsets != .zero || picture.isPart
                var index = 0
                for piece in pieces where piece.source.size.width > 0 && piece.source.size.height > 0 {
                    let at = placed.composed(after: .translation(piece.destination.origin.x, piece.destination.origin.y))
                    if clipped {
                        var clip = ViewAppearance(frame: Rect(origin: .zero, size: piece.destination.size))
                        clip.backgroundColor = .clear
                        clip.clipsToBounds = true
                        visitor.visit(SceneLayerFacts(viewID: SnapshotContent.layerID(snapshot: view.id, index: index), name: "",
                                                      transform: at, opacity: opacity, ownOpacity: 1, isHidden: hidden,
                                                      depth: depth + 1, warp: nil, contents: nil), clip)
                        index += 1
                    }
                    let fitted = at.composed(after: AffineTransform(
                        a: piece.destination.size.width / piece.source.size.width, b: 0, c: 0,
                        d: piece.destination.size.height / piece.source.size.height,
                        tx: 0, ty: 0)).composed(after: .translation(-piece.source.origin.x, -piece.source.origin.y))
                    for p in picture.layers {
                        // A picture of a label shows the label's text, found by its name.
                        let transform = fitted.composed(after: p.transform)
                        visitor.visit(SceneLayerFacts(
                            viewID: SnapshotContent.layerID(snapshot: view.id, index: index), name: p.name,
                            transform: transform,
                            opacity: opacity * p.opacity, ownOpacity: p.opacity, isHidden: hidden || p.isHidden,
                            depth: depth + 1 + (clipped ? 1 : 0) + p.depth,
                            warp: p.appearance.transform3D.isIdentity ? nil : warp(p.appearance, placed: transform),
                            contents: p.contents), p.appearance)
                        index += 1
                    }
                }
            }
            let contents = SubviewPlacement.contents(of: placed, boundsOrigin: look.bounds.origin)
            let carries = look.hasSublayerTransform ? windowTurn(look.sublayerTransform, look, placed: placed) : nil
            // A subtree the visitor kept from the frame before, entered the same way and not
            // changed since, it may give again without a walk (MotionSample.Reuse); never one
            // carried by a sublayer transform, or as last drawn.
            let entering = !asDrawn && carries == nil
            let children = Self.inDrawingOrder(asDrawn ? view.drawnSubviews : view.subviews, asDrawn: asDrawn)
            let entry = SubtreeEntry(contents: contents, parentOpacity: opacity, parentHidden: hidden, depth: depth + 1)
            let taken = entering ? visitor.reusesLeading(children, entry) : 0
            for child in children[taken...] {
                if entering && visitor.reuses(child, entry) { continue }
                let c = asDrawn ? child.drawnLook : child.presentation
                let childPlaced = SubviewPlacement(c).placed(in: contents)
                visit(child, look: c, placed: childPlaced, parentOpacity: opacity, parentHidden: hidden, depth: depth + 1,
                      sublayer: carries)
                if entering { visitor.walked(child, entry) }
            }
        }
        visit(top, look: asDrawn ? top.drawnLook : top.presentation, placed: placed, parentOpacity: 1, parentHidden: false, depth: 0)
    }

    /// Siblings back to front: by zPosition, then in their order as subviews (a stable sort,
    /// and none at all while every zPosition is 0, as nearly always).
    static func inDrawingOrder(_ views: [View], asDrawn: Bool) -> [View] {
        // zPosition never animates: the base holds it, with no animation to compose for it.
        func z(_ v: View) -> Double { asDrawn ? v.drawnLook.zPosition : v.presentationBase.zPosition }
        guard Scene.hasZPositions.load(ordering: .relaxed), views.contains(where: { z($0) != 0 }) else { return views }
        return views.enumerated().sorted { (z($0.element), $0.offset) < (z($1.element), $1.offset) }.map(\.element)
    }

    /// `turn` (the view's 3D transform or its sublayer transform) about the view's anchor point,
    /// as a 3D map of window coordinates: back to the view's own coordinates (its flat placement
    /// is `placed`), turned, and out again. Kept in 3D, so that a subview's own turn gives it
    /// the depth its parent's perspective then sees. Nil when the placement cannot be inverted.
    private static func windowTurn(_ turn: Transform3D, _ look: ViewAppearance, placed: AffineTransform) -> Transform3D? {
        let w = -look.anchorOffset.x, h = -look.anchorOffset.y
        guard let back = Homography(placed).inverse else { return nil }
        return lifted(back).concatenating(lifted(Homography(.translation(-w, -h)))).concatenating(turn)
            .concatenating(lifted(Homography(.translation(w, h)))).concatenating(lifted(Homography(placed)))
    }

    /// A map of the plane as a 3D transform that leaves z alone.
    private static func lifted(_ m: Homography) -> Transform3D {
        Transform3D([[m.a, m.b, 0, m.c], [m.d, m.e, 0, m.f], [0, 0, 1, 0], [m.g, m.h, 0, m.i]])
    }

    /// The window-space map of a view whose flat placement is `placed` and whose 3D transform
    /// turns it about its anchor point: back to the view's own coordinates, through the
    /// transform's action on its plane, and out again. Nil when the placement cannot be
    /// inverted (then nothing of the view is seen anyway).
    private static func warp(_ look: ViewAppearance, placed: AffineTransform) -> Homography? {
        let w = -look.anchorOffset.x, h = -look.anchorOffset.y
        let local = Homography(.translation(-w, -h)).concatenating(look.transform3D.planeHomography)
            .concatenating(Homography(.translation(w, h)))
        guard let back = Homography(placed).inverse else { return nil }
        return back.concatenating(local).concatenating(Homography(placed))
    }

    /// The text a layer named `name` shows: a label's, or the label's a snapshot copies.
    static func text(of name: String, in labels: [String: ViewText]) -> ViewText? {
        if labels.isEmpty { return nil }
        if let text = labels[name] { return text }
        guard name.hasPrefix("snapshot of ") else { return nil }
        var name = Substring(name)
        while true {
            if let text = labels[String(name)] { return text }
            guard name.hasPrefix("snapshot of ") else { return nil }
            name = name.dropFirst("snapshot of ".count)
        }
    }
}

extension AffineTransform {
    /// `self` ∘ `inner`: a point goes through `inner` first, then through `self`. Written so
    /// that a chain reads from the window inwards, as the view tree is walked.
    fileprivate func composed(after inner: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * inner.a + c * inner.b, b: b * inner.a + d * inner.b,
            c: a * inner.c + c * inner.d, d: b * inner.c + d * inner.d,
            tx: a * inner.tx + c * inner.ty + tx, ty: b * inner.tx + d * inner.ty + ty)
    }
}

/// Where a subview lies: placed in its parent's contents by its centre, its transform and its
/// anchor point; and what its own subviews are placed in. Written once for the walk and for
/// MotionSample.Reuse, which places a moved subtree again from these pieces, kept of each view:
/// the same operations in the same order give the same bits.
struct SubviewPlacement {
    let center: Point
    let transform: AffineTransform
    let anchorOffset: Point
    let boundsOrigin: Point

    init(_ look: borrowing ViewAppearance) {
        center = look.center
        transform = look.transform
        anchorOffset = look.anchorOffset
        boundsOrigin = look.bounds.origin
    }

    /// The subview's placement in window coordinates, within its parent's `contents`.
    func placed(in contents: AffineTransform) -> AffineTransform {
        contents.composed(after: .translation(center.x, center.y)).composed(after: transform)
            .composed(after: .translation(anchorOffset.x, anchorOffset.y))
    }

    /// What the subviews of a view placed at `placed` are placed in: its bounds' coordinates.
    static func contents(of placed: AffineTransform, boundsOrigin: Point) -> AffineTransform {
        placed.composed(after: .translation(-boundsOrigin.x, -boundsOrigin.y))
    }
}

/// One layer as a walk of the view tree (SceneSnapshot.walk) finds it: what a Layer holds but
/// its text, which a visitor looks up by name when it needs it.
struct SceneLayerFacts: ~Copyable {
    let viewID: Int
    let name: String
    let transform: AffineTransform
    let opacity: Double
    /// What this layer multiplies the opacity it inherits by (its view's alpha; a picture
    /// part's own opacity; 1 for a part's clip): `opacity` is the inherited one times this.
    let ownOpacity: Double
    let isHidden: Bool
    let depth: Int
    let warp: Homography?
    let contents: LayerContents?
}

/// How a walk enters a subview's subtree: everything from above that decides what the
/// subtree's layers are, but the clipping and warp of the ancestors, which a visitor tracks
/// itself.
struct SubtreeEntry {
    /// The parent's content transform: the subview is placed in it.
    let contents: AffineTransform
    let parentOpacity: Double
    let parentHidden: Bool
    /// The subview's depth.
    let depth: Int
}

/// What SceneSnapshot.walk hands each layer to.
protocol SceneLayerVisitor {
    /// `appearance`: the layer's look, passed apart from the facts so that it is borrowed, not
    /// copied into them: a few hundred bytes per view per frame.
    mutating func visit(_ layer: borrowing SceneLayerFacts, _ appearance: borrowing ViewAppearance)
    /// Asked before the walk enters `child`'s subtree: true when the visitor took the layers
    /// it would give from a walk before, and the walk goes on to the next subview. Else the
    /// walk visits the subtree, then calls walked(_:_:).
    mutating func reuses(_ child: View, _ entry: SubtreeEntry) -> Bool
    /// Asked before the walk enters `children`, every subview of one view in drawing order, each
    /// entered by `entry`: how many of them, from the first, the visitor took at once from a
    /// walk before, as reuses(_:_:) would take them one by one. The walk enters the rest, asking
    /// reuses(_:_:) of each.
    mutating func reusesLeading(_ children: [View], _ entry: SubtreeEntry) -> Int
    mutating func walked(_ child: View, _ entry: SubtreeEntry)
}

extension SceneLayerVisitor {
    mutating func reuses(_ child: View, _ entry: SubtreeEntry) -> Bool { false }
    mutating func reusesLeading(_ children: [View], _ entry: SubtreeEntry) -> Int { 0 }
    mutating func walked(_ child: View, _ entry: SubtreeEntry) {}
}
