/// A view in the scene, as UIView: a name, a place in a tree, and an appearance.
///
/// `model` is what was last set (what getters return, as in UIKit); `presentation` is what is
/// on screen at the current frame, which differs from the model while an animation runs.
/// Every change goes through the scene's animation engine, so that changes made inside an
/// animation block animate.
public final class View {
    /// Unique within the scene, never reused; the order of creation.
    public let id: Int
    public var name: String { didSet { touch() } }
    /// Views on two screens with the same shared id are one element to effects that move it
    /// from one screen to the other (a thumbnail and the header it zooms into).
    public var sharedID: String?
    /// Per-view modifiers for effects, as Hero's ("fade scale(0.8) delay(0.1)"): text whose
    /// syntax a scene file's loader checked (ViewModifiers) and whose meaning belongs to the
    /// effect that reads it. nil for none.
    public var modifiers: String?
    public unowned let scene: Scene
    public private(set) weak var superview: View?
    public private(set) var subviews: [View] = [] { didSet { touch() } }
    /// How its frame follows its superview's size (UIView.autoresizingMask); none by default.
    /// Not animatable: it says how a later change of the superview lays this view out, and
    /// that layout animates with the change that caused it.
    public var autoresizingMask: AutoresizingMask = []
    public internal(set) var model: ViewAppearance
    /// A picture the view shows over its background (CALayer.contents): a gradient or a
    /// generated landscape; nil for none. Not animatable: applies at once.
    public var contents: LayerContents? { didSet { touch() } }
    /// For a snapshot view (Scene.snapshot(of:)), the picture it shows; nil for others.
    public internal(set) var snapshotContent: SnapshotContent? { didSet { touch() } }
    /// What is on screen for the properties not animating now; the engine keeps the values of
    /// running animations itself (see `presentation`).
    var presentationBase: ViewAppearance { didSet { touch() } }
    /// What is on screen at the current frame: the base, with the current value of every
    /// property that is animating. Computed on demand, so that a frame costs nothing for
    /// views nobody looks at.
    /// The lanes of a running 3D animation are gathered into the transform's parts and composed
    /// once (not taken apart and put together again per lane); with all three running, every
    /// part comes from them and the base's transform is not taken apart at all.
    public var presentation: ViewAppearance {
        guard animationSlots != Self.noSlots else { return presentationBase }
        var look = presentationBase
        var turn: Transform3DParts?
        for property in AnimatableProperty.allCases {
            let slot = animationSlots[property.rawValue]
            guard slot >= 0 else { continue }
            let value = scene.engine.currentValue(at: Int(slot))
            switch property {
            case .transform3DA, .transform3DB, .rotation3D:
                if turn == nil { turn = allThreeLanesRun ? Transform3DParts() : look.parts3D }
                ViewAppearance.setLanes(value, of: property, in: &turn!)
            default:
                look.setValue(value, of: property)
            }
        }
        if let turn { look.transform3D = turn.matrix }
        return look
    }

    private var allThreeLanesRun: Bool {
        animationSlots[AnimatableProperty.transform3DA.rawValue] >= 0 && animationSlots[AnimatableProperty.transform3DB.rawValue] >= 0
            && animationSlots[AnimatableProperty.rotation3D.rawValue] >= 0
    }

    /// Where each property's running animation is in the engine's list, by
    /// AnimatableProperty.rawValue; −1 for none. Lets the engine find and replace an
    /// animation without searching.
    var animationSlots = noSlots { didSet { touch() } }
    static let noSlots = SIMD32<Int32>(repeating: -1)

    /// The scene's change stamp (Scene.changeStamp) when this view or a view in its subtree
    /// last changed in a way a walk of the tree could see: its presentation's base, its
    /// animations, its subviews, name, contents or picture. A view whose animations run
    /// changes every frame; MotionSample.Reuse touches those before each walk. A walk that
    /// kept what a subtree gave at some stamp may give it again while this is no later.
    private(set) var subtreeStamp: UInt64 = 0

    /// Marks this view and its ancestors changed, at a new stamp. An ancestor marked since the
    /// scene's last walk (Scene.walkStamp) ends the climb: its own ancestors were marked with
    /// it, and were changed since that walk already.
    func touch() {
        let scene = self.scene
        let stamp = scene.nextChangeStamp(), walked = scene.walkStamp
        var view: View? = self
        while let v = view {
            let marked = v.subtreeStamp > walked
            v.subtreeStamp = stamp
            if marked { break }
            view = v.superview
        }
    }

    init(id: Int, name: String, frame: Rect, scene: Scene) {
        self.id = id
        self.name = name
        self.scene = scene
        self.model = ViewAppearance(frame: frame)
        self.presentationBase = model
    }

    // MARK: Properties (model values; setters may animate)

    public var frame: Rect {
        get { model.frame }
        set {
            var next = model
            next.frame = newValue
            change(.center, and: .bounds, to: next)
        }
    }
    public var bounds: Rect {
        get { model.bounds }
        set { var next = model; next.bounds = newValue; change(.bounds, to: next) }
    }
    public var center: Point {
        get { model.center }
        set { var next = model; next.center = newValue; change(.center, to: next) }
    }
    public var transform: AffineTransform {
        get { model.transform }
        set { var next = model; next.transform = newValue; change(.transform, to: next) }
    }
    public var alpha: Double {
        get { model.alpha }
        set { var next = model; next.alpha = min(1, max(0, newValue)); change(.alpha, to: next) }
    }
    public var backgroundColor: Color {
        get { model.backgroundColor }
        set { var next = model; next.backgroundColor = newValue; change(.backgroundColor, to: next) }
    }
    public var cornerRadius: Double {
        get { model.cornerRadius }
        set { var next = model; next.cornerRadius = max(0, newValue); change(.cornerRadius, to: next) }
    }
    /// Not animatable, as in UIKit: applies at once.
    public var isHidden: Bool {
        get { model.isHidden }
        set { model.isHidden = newValue; presentationBase.isHidden = newValue }
    }

    // Layer properties (CALayer's, reached through view.layer in UIKit).

    /// Not animatable: applies at once.
    public var clipsToBounds: Bool {
        get { model.clipsToBounds }
        set { model.clipsToBounds = newValue; presentationBase.clipsToBounds = newValue }
    }
    /// Not animatable: applies at once (CALayer.cornerCurve).
    public var cornerCurve: CornerCurve {
        get { model.cornerCurve }
        set { model.cornerCurve = newValue; presentationBase.cornerCurve = newValue }
    }
    /// Not animatable here: applies at once (CALayer.zPosition).
    public var zPosition: Double {
        get { model.zPosition }
        set {
            model.zPosition = newValue
            presentationBase.zPosition = newValue
            if newValue != 0 { Scene.hasZPositions.store(true, ordering: .relaxed) }
        }
    }
    /// CALayer.mask as a shape. The rectangle and radius animate inside an animation block
    /// while the kind stays; a new kind applies at once, with its rectangle and radius.
    public var mask: MaskShape {
        get { model.mask }
        set {
            // A shape animates its rectangle and radius; a path only a morph from the path on
            // screen (CAShapeLayer's path animation); anything else applies at once.
            guard newValue.kind == model.mask.kind, newValue.kind != .path || newValue.morphFrom != nil else {
                model.mask = newValue
                presentationBase.mask = newValue
                return
            }
            if let from = newValue.morphFrom {
                // The morph runs from its start: the shape on screen, and the model it changes
                // from, become the new one at 0, which looks the same as the path shown.
                scene.engine.removeAnimations(of: self, property: .mask)
                let start = MaskShape(path: newValue.path, morphingFrom: from, morph: 0)
                presentationBase.mask = start
                model.mask = start
            }
            var next = model
            next.mask = newValue
            change(.mask, to: next)
        }
    }
    /// CALayer.sublayerTransform; not animatable here: applies at once.
    public var sublayerTransform: Transform3D {
        get { model.sublayerTransform }
        set { model.sublayerTransform = newValue; presentationBase.sublayerTransform = newValue }
    }
    /// CALayer.shadowPath as a shape; not animatable here: applies at once.
    public var shadowPath: MaskShape {
        get { model.shadowPath }
        set { model.shadowPath = newValue; presentationBase.shadowPath = newValue }
    }
    /// A blur of the view's backdrop or of the view. The radius animates inside an animation
    /// block while the kind stays; a new kind applies at once, with its radius.
    public var blur: BlurEffect {
        get { model.blur }
        set {
            guard newValue.kind == model.blur.kind else {
                model.blur = newValue
                presentationBase.blur = newValue
                return
            }
            var next = model
            next.blur = newValue
            change(.blurRadius, to: next)
        }
    }
    /// Not animatable here: applies at once (CALayer.anchorPoint). The centre (the position)
    /// stays where it is, so the frame moves, as in Core Animation.
    public var anchorPoint: Point {
        get { model.anchorPoint }
        set { model.anchorPoint = newValue; presentationBase.anchorPoint = newValue }
    }
    /// Not animatable: applies at once (CALayer.isDoubleSided).
    public var isDoubleSided: Bool {
        get { model.isDoubleSided }
        set { model.isDoubleSided = newValue; presentationBase.isDoubleSided = newValue }
    }
    /// Not animatable: applies at once.
    public var maskedCorners: CornerMask {
        get { model.maskedCorners }
        set { model.maskedCorners = newValue.intersection(.all); presentationBase.maskedCorners = model.maskedCorners }
    }
    public var borderWidth: Double {
        get { model.borderWidth }
        set { var next = model; next.borderWidth = max(0, newValue); change(.borderWidth, to: next) }
    }
    public var borderColor: Color {
        get { model.borderColor }
        set { var next = model; next.borderColor = newValue; change(.borderColor, to: next) }
    }
    public var shadowColor: Color {
        get { model.shadowColor }
        set { var next = model; next.shadowColor = newValue; change(.shadowColor, to: next) }
    }
    public var shadowOpacity: Double {
        get { model.shadowOpacity }
        set { var next = model; next.shadowOpacity = min(1, max(0, newValue)); change(.shadowOpacity, to: next) }
    }
    public var shadowRadius: Double {
        get { model.shadowRadius }
        set { var next = model; next.shadowRadius = max(0, newValue); change(.shadowRadius, to: next) }
    }
    /// CATransform3D. Animates by its parts (see AnimatableProperty.transform3DA), the rotation
    /// along the shorter arc.
    public var transform3D: Transform3D {
        get { model.transform3D }
        set {
            var next = model
            next.transform3D = newValue
            change([.transform3DA, .transform3DB, .rotation3D], to: next)
        }
    }
    public var shadowOffset: Size {
        get { model.shadowOffset }
        set { var next = model; next.shadowOffset = newValue; change(.shadowOffset, to: next) }
    }

    /// Moves the model to `next`, which differs from it in `property` (and `second`), and
    /// tells the engine, which animates the change inside an animation block.
    private func change(
        _ property: AnimatableProperty, and second: AnimatableProperty? = nil, to next: ViewAppearance
    ) {
        keepDrawnState()
        let old = model
        model = next
        scene.engine.propertyDidChange(
            self, property, from: old.value(of: property), to: next.value(of: property))
        if let second {
            scene.engine.propertyDidChange(
                self, second, from: old.value(of: second), to: next.value(of: second))
        }
        if old.bounds.size != next.bounds.size { layoutSubviews(from: old.bounds.size) }
    }

    /// The view's size changed from `old`: its subviews with an autoresizing mask are laid
    /// out again (UIView's autoresizesSubviews), inside the same animation block when there is
    /// one, so they move with it.
    private func layoutSubviews(from old: Size) {
        let new = model.bounds.size
        for child in subviews where !child.autoresizingMask.isEmpty {
            let frame = child.autoresizingMask.resized(child.frame, from: old, to: new)
            if frame != child.frame { child.frame = frame }
        }
    }

    /// As change(_:and:to:) for several properties that one value feeds.
    private func change(_ properties: [AnimatableProperty], to next: ViewAppearance) {
        keepDrawnState()
        let old = model
        model = next
        for property in properties {
            scene.engine.propertyDidChange(self, property, from: old.value(of: property), to: next.value(of: property))
        }
    }

    /// Puts `property`'s model value on screen (`value`, when given, is that value packed): the
    /// end of an animation, or a change outside one. A 3D transform's lanes are its parts,
    /// and putting parts back together is exact only to the last bits, so the model's matrix
    /// itself is taken once the one on screen is that close to it.
    func showModel(_ property: AnimatableProperty, value: AnimatableValue? = nil) {
        let packed = value ?? model.value(of: property)
        presentationBase.setValue(packed, of: property)
        switch property {
        case .transform3DA, .transform3DB, .rotation3D:
            let shown = zip(presentationBase.transform3D.values, model.transform3D.values).allSatisfy { abs($0 - $1) < 1e-9 }
            if shown { presentationBase.transform3D = model.transform3D }
        default: break
        }
    }

    /// Sets the whole model at once, without animation; used to restore a saved state.
    func restore(_ appearance: ViewAppearance) {
        keepDrawnState()
        for property in AnimatableProperty.allCases {
            scene.engine.removeAnimations(of: self, property: property)
        }
        model = appearance
        presentationBase = appearance
        if appearance.zPosition != 0 { Scene.hasZPositions.store(true, ordering: .relaxed) }
    }

    // MARK: As last drawn

    /// The view as the last drawing showed it (AnimationEngine.drawGeneration), kept at its
    /// first change since then, so that a snapshot taken before screen updates
    /// (afterScreenUpdates false) shows what is on screen rather than what was just set.
    /// Stale once another drawing has happened; nil until the first change.
    private struct DrawnState {
        let generation: Int
        let look: ViewAppearance
        let subviews: [View]
        weak var superview: View?
    }
    private var drawnState: DrawnState?

    private func keepDrawnState() {
        let generation = scene.engine.drawGeneration
        if drawnState?.generation != generation {
            drawnState = DrawnState(generation: generation, look: presentation, subviews: subviews, superview: superview)
        }
    }

    /// The kept state, when it is of the last drawing.
    private var drawn: DrawnState? {
        drawnState.flatMap { $0.generation == scene.engine.drawGeneration ? $0 : nil }
    }
    var drawnLook: ViewAppearance { drawn?.look ?? presentation }
    var drawnSubviews: [View] { drawn?.subviews ?? subviews }
    var drawnSuperview: View? { drawn.map { $0.superview } ?? superview }
    /// Whether the last drawing showed this view: it and its ancestors were in the window.
    var wasDrawn: Bool {
        var view = self
        while let up = view.drawnSuperview { view = up }
        return view === scene.window
    }

    // MARK: Hierarchy

    /// True when `view` is this view or one of its ancestors.
    public func isDescendant(of view: View) -> Bool {
        var current: View? = self
        while let v = current {
            if v === view { return true }
            current = v.superview
        }
        return false
    }

    /// Adds `child` on top of the subviews, moving it from its old superview. Refuses to make
    /// a view its own ancestor.
    @discardableResult
    public func addSubview(_ child: View) -> Bool {
        insertSubview(child, at: nil)
    }

    /// Inserts `child` just below `sibling`, which must be a subview of this view.
    @discardableResult
    public func insertSubview(_ child: View, below sibling: View) -> Bool {
        guard sibling.superview === self, sibling !== child else { return false }
        guard !isDescendant(of: child) else { return false }
        child.removeFromSuperview()
        guard let index = subviews.firstIndex(where: { $0 === sibling }) else { return false }
        return insertSubview(child, at: index)
    }

    @discardableResult
    public func insertSubview(_ child: View, at index: Int?) -> Bool {
        guard child.scene === scene, !isDescendant(of: child) else { return false }
        keepDrawnState()
        child.removeFromSuperview()
        child.keepDrawnState()
        let position = min(index ?? subviews.count, subviews.count)
        subviews.insert(child, at: position)
        child.superview = self
        return true
    }

    public func removeFromSuperview() {
        guard let parent = superview else { return }
        keepDrawnState()
        parent.keepDrawnState()
        parent.subviews.removeAll { $0 === self }
        superview = nil
    }

    /// Every view in this subtree, depth first, parents before children, back to front.
    public func subtree() -> [View] {
        var result: [View] = []
        var stack: [View] = [self]
        while let v = stack.popLast() {
            result.append(v)
            stack.append(contentsOf: v.subviews.reversed())
        }
        return result
    }

    // MARK: Coordinates

    /// The transform from this view's coordinates to its superview's, as UIKit composes it:
    /// bounds origin, then the transform about the anchor point, then the centre (position).
    private func pointToSuperview(_ p: Point) -> Point {
        let offset = model.anchorOffset
        let local = Point(x: p.x - model.bounds.origin.x + offset.x, y: p.y - model.bounds.origin.y + offset.y)
        let t = model.transform.apply(to: local)
        return Point(x: t.x + model.center.x, y: t.y + model.center.y)
    }

    /// The point in the root's coordinates (the window's, when the view is in the window).
    public func convertToRoot(_ p: Point) -> Point {
        var point = p
        var current: View? = self
        while let v = current, let parent = v.superview {
            point = v.pointToSuperview(point)
            current = parent
        }
        return point
    }

    /// The root of this view's tree.
    public var root: View {
        var v = self
        while let parent = v.superview { v = parent }
        return v
    }

    /// Converts a rectangle from this view's coordinates to `other`'s; both must share a root.
    /// Rotations are reduced to the bounding box, as UIKit's convertRect does.
    public func convert(_ rect: Rect, to other: View) -> Rect? {
        guard root === other.root else { return nil }
        let corners = [
            Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
            Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY),
        ].map { convertToRoot($0) }
        guard let inverse = other.rootToLocal() else { return nil }
        let local = corners.map { inverse($0) }
        let xs = local.map(\.x), ys = local.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// A function mapping root coordinates to this view's, or nil when a transform on the way
    /// cannot be inverted.
    private func rootToLocal() -> ((Point) -> Point)? {
        var chain: [View] = []
        var current: View? = self
        while let v = current, v.superview != nil { chain.append(v); current = v.superview }
        var steps: [(Point) -> Point] = []
        for v in chain.reversed() {
            let m = v.model
            let t = m.transform
            let det = t.a * t.d - t.b * t.c
            guard det != 0, det.isFinite else { return nil }
            steps.append { p in
                let x = p.x - m.center.x - t.tx, y = p.y - m.center.y - t.ty
                let lx = (t.d * x - t.c * y) / det
                let ly = (-t.b * x + t.a * y) / det
                let offset = m.anchorOffset
                return Point(x: lx - offset.x + m.bounds.origin.x, y: ly - offset.y + m.bounds.origin.y)
            }
        }
        return { p in steps.reduce(p) { $1($0) } }
    }
}
