/// Everything about a view that can be seen and animated, as UIView and its CALayer store it:
/// a centre and bounds (the frame is derived), a transform, alpha, hidden, colour, corner
/// radius and the corners it rounds, clipping, a border and a shadow. The defaults are
/// UIKit's, so a view looks the same here as there until its author changes them.
public struct ViewAppearance: Hashable, Sendable {
    public var center: Point
    public var bounds: Rect
    public var transform: AffineTransform = .identity
    public var alpha: Double = 1
    public var isHidden: Bool = false
    public var backgroundColor: Color = .clear
    public var cornerRadius: Double = 0
    /// Which corners `cornerRadius` rounds (CALayer.maskedCorners); not animatable.
    public var maskedCorners: CornerMask = .all
    /// How the corners bend (CALayer.cornerCurve): a quarter circle, or Apple's continuous
    /// curve, which starts further along each edge and meets it without a kink. Not animatable.
    public var cornerCurve: CornerCurve = .circular
    /// Subviews are cut to the view's (rounded) bounds; not animatable, as in UIKit.
    public var clipsToBounds: Bool = false
    /// A border drawn inside the bounds, over the view's content and subviews, as CALayer's.
    public var borderWidth: Double = 0
    public var borderColor: Color = .black
    /// A shadow of the view's (rounded) shape, beneath it, blurred by `shadowRadius` points and
    /// moved by `shadowOffset` (in the view's own coordinates); seen when its opacity is above 0.
    public var shadowColor: Color = .black
    public var shadowOpacity: Double = 0
    public var shadowRadius: Double = 3
    public var shadowOffset: Size = Size(width: 0, height: -3)
    /// The layer's 3D transform (CATransform3D), about the view's centre, applied before the
    /// 2D `transform`; the view's subviews lie flat in its plane (no preserves-3D).
    public var transform3D: Transform3D = .identity
    /// Whether the view is drawn when its 3D transform turns its back to the eye
    /// (CALayer.isDoubleSided); not animatable. A view that is not double-sided is hidden, with
    /// its subviews, while it faces away.
    public var isDoubleSided: Bool = true
    /// Where the view is drawn among its siblings (CALayer.zPosition): a higher one over a lower
    /// one whatever their order as subviews; equal ones in that order. Not animatable here.
    public var zPosition: Double = 0
    /// The point of the bounds that lies at `center` and about which the transforms turn and
    /// scale (CALayer.anchorPoint), in unit coordinates of the bounds: (0.5, 0.5), the middle,
    /// by default. `center` is the layer's position, as UIView.center is. Not animatable here.
    public var anchorPoint = Point(x: 0.5, y: 0.5)

    /// The shape that cuts the view and everything it draws (CALayer.mask with a shape); none by
    /// default. Its rectangle and radius animate (AnimatableProperty.mask); its kind does not.
    public var mask: MaskShape {
        get { maskBox?.shape ?? .none }
        set { maskBox = newValue.kind == .none ? nil : MaskShape.Box(newValue) }
    }
    /// Out of line: few views have a mask, and every view's appearance is copied several times
    /// a frame (model, presentation, the walk), so it costs a pointer, not 48 bytes.
    private var maskBox: MaskShape.Box?
    /// Whether it has a mask, asked without copying the shape out (its path's arrays).
    public var hasMask: Bool { maskBox != nil }
    /// A 3D transform of the subviews about the anchor point (CALayer.sublayerTransform), not
    /// animatable; the identity by default. Out of line: few views have one, and it is 128 bytes.
    public var sublayerTransform: Transform3D {
        get { sublayerBox?.transform ?? .identity }
        set { sublayerBox = newValue.isIdentity ? nil : SublayerBox(newValue) }
    }
    private var sublayerBox: SublayerBox?
    /// Whether the sublayer transform is other than the identity (it is then held out of line).
    public var hasSublayerTransform: Bool { sublayerBox != nil }

    /// The shape the shadow is cast by (CALayer.shadowPath), in the view's bounds coordinates;
    /// none by default, when the rounded bounds cast it. Not animatable. Out of line, as the
    /// mask is: few views have one.
    public var shadowPath: MaskShape {
        get { shadowPathBox?.shape ?? .none }
        set { shadowPathBox = newValue.kind == .none ? nil : MaskShape.Box(newValue) }
    }
    private var shadowPathBox: MaskShape.Box?
    /// A blur of what lies behind the view, or of the view itself; none by default. Its radius
    /// animates (AnimatableProperty.blurRadius); its kind does not.
    public var blur: BlurEffect = .none

    /// From the anchor point to the bounds' top left, in the view's own coordinates (before
    /// its transforms).
    public var anchorOffset: Point { Point(x: -anchorPoint.x * bounds.size.width, y: -anchorPoint.y * bounds.size.height) }

    /// Its own 3D transform shows its back: the transform's action on the view's plane reverses
    /// the plane's orientation (for every point in front of the eye, the sign of that map's
    /// determinant says so).
    public var facesAway: Bool {
        guard !transform3D.isIdentity else { return false }
        let m = transform3D.planeHomography
        let det = m.a * (m.e * m.i - m.f * m.h) - m.b * (m.d * m.i - m.f * m.g) + m.c * (m.d * m.h - m.e * m.g)
        return det < 0
    }

    /// True when the view casts a shadow that can be seen. As in UIKit, a view that clips to
    /// its bounds casts none (its layer's masksToBounds cuts the shadow off too): apps put the
    /// shadow on a superview that does not clip.
    public var hasShadow: Bool { shadowOpacity > 0 && shadowColor.alpha > 0 && !clipsToBounds }

    public init(frame: Rect) {
        center = frame.center
        bounds = Rect(origin: .zero, size: frame.size)
    }

    /// The frame in the superview: the bounds' size placed so that its anchor point lies at
    /// the centre (the position), through the transform.
    public var frame: Rect {
        get {
            let offset = anchorOffset
            let local = Rect(x: offset.x, y: offset.y, width: bounds.size.width, height: bounds.size.height)
            return transform.apply(to: local).offsetBy(dx: center.x, dy: center.y)
        }
        set {
            // As UIKit: setting the frame sets the centre (the position) and the bounds' size;
            // with a non-identity transform the result follows the untransformed size.
            center = Point(x: newValue.minX + anchorPoint.x * newValue.size.width,
                           y: newValue.minY + anchorPoint.y * newValue.size.height)
            bounds.size = newValue.size
        }
    }
}

/// Which corners a corner radius rounds, as CACornerMask: the bits are the header's
/// TH_CORNER_* values.
public struct CornerMask: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let topLeft = CornerMask(rawValue: 1)
    public static let topRight = CornerMask(rawValue: 2)
    public static let bottomLeft = CornerMask(rawValue: 4)
    public static let bottomRight = CornerMask(rawValue: 8)
    public static let all: CornerMask = [.topLeft, .topRight, .bottomLeft, .bottomRight]
    public static let top: CornerMask = [.topLeft, .topRight]
}

/// The properties an animation can carry, each stored as up to eight doubles so that
/// interpolation is the same arithmetic for all of them. At most 32 (View.animationSlots).
/// The shape of a view's mask (CALayer.mask, a CAShapeLayer's path): a rounded rectangle or an
/// ellipse, in the view's bounds coordinates. Only what lies inside it is drawn, of the view
/// and of everything it holds. The kinds are the header's TH_MASK_* values.
public struct MaskShape: Hashable, Sendable {
    public enum Kind: UInt32, Hashable, Sendable { case none = 0, roundedRect = 1, ellipse = 2, path = 3 }
    public var kind: Kind
    /// The rectangle of a rounded rectangle or an ellipse; a path's bounding box (its points,
    /// control points included).
    public var rect: Rect
    /// The corners' radius of a rounded rectangle, at most half its shorter side when drawn.
    public var cornerRadius: Double
    /// The path set (set_mask_path); empty for the other kinds.
    private var target: [PathElement] = []
    /// Where a morph started (CAShapeLayer's path animation): the path on screen when one of
    /// the same shape was set inside an animation block; nil when the path was set at once.
    public private(set) var morphFrom: [PathElement]?
    /// How far the morph has gone: 0 at `morphFrom`, 1 at the path set. It is the animated
    /// lane (AnimatableProperty.mask's sixth), and a spring may take it past either end.
    public private(set) var morph = 1.0

    public init(kind: Kind, rect: Rect, cornerRadius: Double = 0) {
        self.kind = kind
        self.rect = rect
        self.cornerRadius = cornerRadius
    }

    /// A mask of a path of its own (set_mask_path). The caller checked it (PathElement.problem).
    /// With `from` (a path of the same shape, canMorph), it is `morph` of the way from that path.
    public init(path elements: [PathElement], morphingFrom from: [PathElement]? = nil, morph: Double = 1) {
        kind = .path
        target = elements
        cornerRadius = 0
        rect = .zero
        if let from, Self.canMorph(from, elements) { morphFrom = from }
        setMorph(morph)
    }

    /// The path set, where a morph ends.
    public var path: [PathElement] { target }

    /// A path mask's elements (CGPath's) as shown: filled by the non-zero winding rule; empty
    /// for the other kinds.
    public var elements: [PathElement] {
        guard let from = morphFrom, morph != 1 else { return target }
        let f = morph
        return zip(from, target).map { a, b in
            PathElement(a.kind, zip(a.points, b.points).map { p, q in Point(x: p.x + (q.x - p.x) * f, y: p.y + (q.y - p.y) * f) })
        }
    }

    /// Whether a path can morph into another: the same elements' kinds in the same order, so
    /// that each point has a partner.
    public static func canMorph(_ a: [PathElement], _ b: [PathElement]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.kind == $1.kind }
    }

    /// Moves a morphing path to `value` of the way, its box with it.
    mutating func setMorph(_ value: Double) {
        morph = morphFrom == nil ? 1 : value
        let points = elements.flatMap(\.points)
        let xs = points.map(\.x), ys = points.map(\.y)
        rect = points.isEmpty ? .zero
            : Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The path flattened to polygons, one per subpath (a curve in 16 straight pieces).
    public var polygons: [[Point]] {
        var polygons: [[Point]] = [], current: [Point] = []
        for element in elements {
            switch element.kind {
            case .moveTo:
                if current.count > 1 { polygons.append(current) }
                current = [element.points[0]]
            case .lineTo:
                current.append(element.points[0])
            case .curveTo:
                guard let start = current.last else { continue }
                let (c1, c2, end) = (element.points[0], element.points[1], element.points[2])
                for k in 1...16 {
                    let t = Double(k) / 16, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    current.append(Point(x: a * start.x + b * c1.x + c * c2.x + d * end.x, y: a * start.y + b * c1.y + c * c2.y + d * end.y))
                }
            case .close:
                if current.count > 1 { polygons.append(current) }
                current = current.first.map { [$0] } ?? []
            }
        }
        if current.count > 1 { polygons.append(current) }
        return polygons
    }

    /// Whether `p` is inside the path, by the non-zero winding rule over its polygons.
    func pathContains(_ p: Point) -> Bool {
        var winding = 0
        for polygon in polygons {
            for i in polygon.indices {
                let a = polygon[i], b = polygon[(i + 1) % polygon.count]
                let cross = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
                if a.y <= p.y {
                    if b.y > p.y && cross > 0 { winding += 1 }
                } else if b.y <= p.y && cross < 0 {
                    winding -= 1
                }
            }
        }
        return winding != 0
    }

    public static let none = MaskShape(kind: .none, rect: .zero)

    /// Whether the shape leaves all of `bounds` (the view's own) drawn: no mask, or one that
    /// holds every point of it. A mask left on a screen after its transition must.
    public func covers(_ bounds: Rect) -> Bool {
        let w = rect.size.width, h = rect.size.height
        switch kind {
        case .none: return true
        case .roundedRect:
            guard rect.minX <= bounds.minX, rect.minY <= bounds.minY, rect.maxX >= bounds.maxX, rect.maxY >= bounds.maxY else { return false }
            // A rounded corner cuts the bounds' corner unless the bounds stay clear of it.
            let r = min(cornerRadius, w / 2, h / 2)
            let inset = r * (1 - 1 / 2.0.squareRoot())
            return r == 0 || (bounds.minX - rect.minX >= inset && bounds.minY - rect.minY >= inset
                && rect.maxX - bounds.maxX >= inset && rect.maxY - bounds.maxY >= inset)
        case .ellipse:
            guard w > 0, h > 0 else { return false }
            let corners = [Point(x: bounds.minX, y: bounds.minY), Point(x: bounds.maxX, y: bounds.minY),
                           Point(x: bounds.minX, y: bounds.maxY), Point(x: bounds.maxX, y: bounds.maxY)]
            return corners.allSatisfy {
                let dx = ($0.x - rect.midX) / (w / 2), dy = ($0.y - rect.midY) / (h / 2)
                return dx * dx + dy * dy <= 1 + 1e-9
            }
        case .path:
            // Its box around the bounds and the bounds' corners and middle inside it: a path
            // that leaves a notch between them is not caught (a rare mask to leave on a screen).
            guard rect.minX <= bounds.minX, rect.minY <= bounds.minY, rect.maxX >= bounds.maxX, rect.maxY >= bounds.maxY else { return false }
            let inset = 1e-6
            return [Point(x: bounds.minX + inset, y: bounds.minY + inset), Point(x: bounds.maxX - inset, y: bounds.minY + inset),
                    Point(x: bounds.minX + inset, y: bounds.maxY - inset), Point(x: bounds.maxX - inset, y: bounds.maxY - inset),
                    Point(x: bounds.midX, y: bounds.midY)].allSatisfy(pathContains)
        }
    }

    /// A mask held by reference in a ViewAppearance, compared and hashed by value.
    final class Box: Hashable, Sendable {
        let shape: MaskShape
        init(_ shape: MaskShape) { self.shape = shape }
        static func == (a: Box, b: Box) -> Bool { a.shape == b.shape }
        func hash(into hasher: inout Hasher) { hasher.combine(shape) }
    }
}

/// A blur (UIVisualEffectView's, or a CALayer filter's): of what lies behind the view, shown
/// within its rounded bounds under its own background and subviews, or of the view itself with
/// everything it draws. The kinds are the header's TH_BLUR_* values; the radius is the
/// Gaussian's standard deviation in points, as CSS's blur() takes it.
public struct BlurEffect: Hashable, Sendable {
    public enum Kind: UInt32, Hashable, Sendable { case none = 0, backdrop = 1, layer = 2 }
    public var kind: Kind
    public var radius: Double

    public init(kind: Kind, radius: Double) {
        self.kind = kind
        self.radius = radius
    }

    public static let none = BlurEffect(kind: .none, radius: 0)
    /// The largest radius, in points (TH_MAX_BLUR_RADIUS).
    public static let maxRadius = 100.0

    /// Whether it changes what is drawn: a kind, and a radius above 0.
    public var isVisible: Bool { kind != .none && radius > 0 }
}

/// A sublayer transform held by reference in a ViewAppearance, compared and hashed by value.
final class SublayerBox: Hashable, Sendable {
    let transform: Transform3D
    init(_ transform: Transform3D) { self.transform = transform }
    static func == (a: SublayerBox, b: SublayerBox) -> Bool { a.transform == b.transform }
    func hash(into hasher: inout Hasher) { hasher.combine(transform) }
}

/// One element of a path (CGPath's; the header's th_path_element): a move, a line, a cubic
/// curve (two control points, then its end) or a close.
public struct PathElement: Hashable, Sendable {
    public enum Kind: UInt32, Hashable, Sendable { case moveTo = 0, lineTo = 1, curveTo = 2, close = 3 }
    public let kind: Kind
    /// As many as the kind uses: 1, 1, 3 or 0.
    public let points: [Point]

    public init(_ kind: Kind, _ points: [Point] = []) {
        self.kind = kind
        self.points = points
    }

    /// How many points a kind uses.
    public static func pointCount(_ kind: Kind) -> Int {
        switch kind {
        case .moveTo, .lineTo: 1
        case .curveTo: 3
        case .close: 0
        }
    }

    /// What is wrong with `elements` as a path, or nil: it must start with a move, and every
    /// point must be finite.
    public static func problem(_ elements: [PathElement]) -> String? {
        guard elements.first?.kind == .moveTo else { return "a path starts with TH_PATH_MOVE_TO" }
        guard elements.allSatisfy({ $0.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } }) else { return "every point of a path is finite" }
        return nil
    }
}

/// CALayerCornerCurve, with the header's TH_CORNER_CURVE_* values.
public enum CornerCurve: UInt32, Hashable, Sendable {
    case circular = 0
    case continuous = 1
}

public enum AnimatableProperty: Int, CaseIterable, Sendable {
    case center, bounds, transform, alpha, backgroundColor, cornerRadius
    case borderWidth, borderColor, shadowColor, shadowOpacity, shadowRadius, shadowOffset
    /// The 3D transform, animated by its parts (Transform3DParts) in three lanes of eight:
    /// translation, scale and two skews; the last skew and the perspective; the rotation.
    case transform3DA, transform3DB, rotation3D
    /// The mask's rectangle and corner radius (its kind does not animate).
    case mask
    /// The blur's radius (its kind does not animate).
    case blurRadius

    public var name: String {
        switch self {
        case .center: return "center"
        case .bounds: return "bounds"
        case .transform: return "transform"
        case .alpha: return "alpha"
        case .backgroundColor: return "backgroundColor"
        case .cornerRadius: return "cornerRadius"
        case .borderWidth: return "borderWidth"
        case .borderColor: return "borderColor"
        case .shadowColor: return "shadowColor"
        case .shadowOpacity: return "shadowOpacity"
        case .shadowRadius: return "shadowRadius"
        case .shadowOffset: return "shadowOffset"
        case .transform3DA, .transform3DB: return "transform3D"
        case .rotation3D: return "transform3D.rotation"
        case .mask: return "mask"
        case .blurRadius: return "blur.radius"
        }
    }
}

/// A value of an animatable property packed into a vector: lanes unused by a property are 0.
public typealias AnimatableValue = SIMD8<Double>

extension ViewAppearance {
    public func value(of property: AnimatableProperty) -> AnimatableValue {
        switch property {
        case .center: return AnimatableValue(center.x, center.y, 0, 0, 0, 0, 0, 0)
        case .bounds:
            return AnimatableValue(
                bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height, 0, 0, 0, 0)
        case .transform:
            let t = transform
            return AnimatableValue(t.a, t.b, t.c, t.d, t.tx, t.ty, 0, 0)
        case .alpha: return AnimatableValue(alpha, 0, 0, 0, 0, 0, 0, 0)
        case .backgroundColor:
            let c = backgroundColor
            return AnimatableValue(c.red, c.green, c.blue, c.alpha, 0, 0, 0, 0)
        case .cornerRadius: return AnimatableValue(cornerRadius, 0, 0, 0, 0, 0, 0, 0)
        case .borderWidth: return AnimatableValue(borderWidth, 0, 0, 0, 0, 0, 0, 0)
        case .borderColor: return Self.packed(borderColor)
        case .shadowColor: return Self.packed(shadowColor)
        case .shadowOpacity: return AnimatableValue(shadowOpacity, 0, 0, 0, 0, 0, 0, 0)
        case .shadowRadius: return AnimatableValue(shadowRadius, 0, 0, 0, 0, 0, 0, 0)
        case .shadowOffset: return AnimatableValue(shadowOffset.width, shadowOffset.height, 0, 0, 0, 0, 0, 0)
        case .transform3DA, .transform3DB, .rotation3D: return Self.lanes(of: parts3D, property)
        case .mask:
            let r = mask.rect
            return AnimatableValue(r.origin.x, r.origin.y, r.size.width, r.size.height, mask.cornerRadius, mask.morph, 0, 0)
        case .blurRadius: return AnimatableValue(blur.radius, 0, 0, 0, 0, 0, 0, 0)
        }
    }

    public mutating func setValue(_ v: AnimatableValue, of property: AnimatableProperty) {
        switch property {
        case .center: center = Point(x: v[0], y: v[1])
        case .bounds: bounds = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .transform: transform = AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
        // Springs overshoot; a colour or an alpha beyond [0, 1] means nothing, so clamp.
        case .alpha: alpha = min(1, max(0, v[0]))
        case .backgroundColor: backgroundColor = Self.color(v)
        case .cornerRadius: cornerRadius = max(0, v[0])
        // A spring may overshoot below 0 too: a width or radius below 0 means nothing.
        case .borderWidth: borderWidth = max(0, v[0])
        case .borderColor: borderColor = Self.color(v)
        case .shadowColor: shadowColor = Self.color(v)
        case .shadowOpacity: shadowOpacity = min(1, max(0, v[0]))
        case .shadowRadius: shadowRadius = max(0, v[0])
        case .shadowOffset: shadowOffset = Size(width: v[0], height: v[1])
        case .transform3DA, .transform3DB, .rotation3D:
            var parts = parts3D
            Self.setLanes(v, of: property, in: &parts)
            transform3D = parts.matrix
        // A spring may overshoot below 0: a size or radius below 0 means nothing.
        case .mask:
            // A path animates by its morph alone; its box follows its points.
            guard mask.kind != .path else {
                if mask.morphFrom != nil { mask.setMorph(v[5]) }
                return
            }
            mask.rect = Rect(x: v[0], y: v[1], width: max(0, v[2]), height: max(0, v[3]))
            mask.cornerRadius = max(0, v[4])
        // A spring may overshoot past either end: a blur is between none and the largest.
        case .blurRadius: blur.radius = min(BlurEffect.maxRadius, max(0, v[0]))
        }
    }

    /// Puts one lane of the 3D transform (transform3DA, transform3DB or rotation3D) into its
    /// parts; the three lanes together set every part.
    static func setLanes(_ v: AnimatableValue, of property: AnimatableProperty, in parts: inout Transform3DParts) {
        switch property {
        case .transform3DA:
            parts.translation = [v[0], v[1], v[2]]
            parts.scale = [v[3], v[4], v[5]]
            parts.skew[0] = v[6]
            parts.skew[1] = v[7]
        case .transform3DB:
            parts.skew[2] = v[0]
            parts.perspective = [v[1], v[2], v[3], v[4]]
        default: parts.quaternion = [v[0], v[1], v[2], v[3]]
        }
    }

    /// The 3D transform's parts; those of the identity for one that cannot be taken apart (a
    /// W of 0), which then jumps rather than animates.
    var parts3D: Transform3DParts { transform3D.isIdentity ? Transform3DParts() : Transform3DParts(transform3D) ?? Transform3DParts() }

    static func lanes(of parts: Transform3DParts, _ property: AnimatableProperty) -> AnimatableValue {
        switch property {
        case .transform3DA:
            let (t, s, k) = (parts.translation, parts.scale, parts.skew)
            return AnimatableValue(t[0], t[1], t[2], s[0], s[1], s[2], k[0], k[1])
        case .transform3DB:
            let p = parts.perspective
            return AnimatableValue(parts.skew[2], p[0], p[1], p[2], p[3], 0, 0, 0)
        default:
            let q = parts.quaternion
            return AnimatableValue(q[0], q[1], q[2], q[3], 0, 0, 0, 0)
        }
    }

    private static func packed(_ c: Color) -> AnimatableValue { AnimatableValue(c.red, c.green, c.blue, c.alpha, 0, 0, 0, 0) }

    private static func color(_ v: AnimatableValue) -> Color {
        let c = v.clamped(lowerBound: AnimatableValue(repeating: 0), upperBound: AnimatableValue(repeating: 1))
        return Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])
    }
}
