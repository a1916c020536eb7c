/// Everything about a view that can be seen and animated, as UIView stores it: a centre and
/// bounds (the frame is derived), a transform, alpha, hidden, colour and corner radius.
public struct ViewAppearance: Hashable, Sendable {
    public var center: Point
    public var bounds: Rect
    public var transform: AffineTransform = .identity
    public var alpha: Double = 1
    public var isHidden: Bool = false
    public var backgroundColor: Color = .clear
    public var cornerRadius: Double = 0

    public init(frame: Rect) {
        center = frame.center
        bounds = Rect(origin: .zero, size: frame.size)
    }

    /// The frame in the superview: the bounds' size around the centre, through the transform.
    public var frame: Rect {
        get {
            let local = Rect(
                x: -bounds.size.width / 2, y: -bounds.size.height / 2,
                width: bounds.size.width, height: bounds.size.height)
            return transform.apply(to: local).offsetBy(dx: center.x, dy: center.y)
        }
        set {
            // As UIKit: setting the frame sets the centre and the bounds' size; with a
            // non-identity transform the result follows the untransformed size.
            center = newValue.center
            bounds.size = newValue.size
        }
    }
}

/// The properties an animation can carry, each stored as up to six doubles so that
/// interpolation is the same arithmetic for all of them.
public enum AnimatableProperty: Int, CaseIterable, Sendable {
    case center, bounds, transform, alpha, backgroundColor, cornerRadius

    public var name: String {
        switch self {
        case .center: return "center"
        case .bounds: return "bounds"
        case .transform: return "transform"
        case .alpha: return "alpha"
        case .backgroundColor: return "backgroundColor"
        case .cornerRadius: return "cornerRadius"
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
        }
    }

    public mutating func setValue(_ v: AnimatableValue, of property: AnimatableProperty) {
        switch property {
        case .center: center = Point(x: v[0], y: v[1])
        case .bounds: bounds = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
        case .transform: transform = AffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
        // Springs overshoot; a colour or an alpha beyond [0, 1] means nothing, so clamp.
        case .alpha: alpha = min(1, max(0, v[0]))
        case .backgroundColor:
            let c = v.clamped(lowerBound: AnimatableValue(repeating: 0), upperBound: AnimatableValue(repeating: 1))
            backgroundColor = Color(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        case .cornerRadius: cornerRadius = max(0, v[0])
        }
    }
}
