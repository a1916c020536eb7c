/// How an animation's progress follows time: a cubic Bézier curve or a damped spring.
public enum TimingCurve: Hashable, Sendable {
    case bezier(name: String, CubicBezier)
    case spring(SpringCurve)
    /// A curve evaluated by a function, such as a plugin's easing curve.
    case custom(CurveFunction)

    public static let linear = TimingCurve.bezier(name: "linear", .linear)
    public static let easeIn = TimingCurve.bezier(name: "ease-in", .easeIn)
    public static let easeOut = TimingCurve.bezier(name: "ease-out", .easeOut)
    public static let easeInOut = TimingCurve.bezier(name: "ease-in-out", .easeInEaseOut)
    /// Core Animation's kCAMediaTimingFunctionDefault.
    public static let caDefault = TimingCurve.bezier(name: "default", .caDefault)

    /// A curve through any two control points, named as CSS writes it:
    /// "cubic-bezier(0.2, 0.8, 0.2, 1)".
    public static func cubicBezier(_ b: CubicBezier) -> TimingCurve {
        let points = [b.x1, b.y1, b.x2, b.y2].map { NumberText.exact($0) }
        return .bezier(name: "cubic-bezier(\(points.joined(separator: ", ")))", b)
    }

    /// Progress at normalised time u (elapsed / duration), 0 at u ≤ 0 and 1 at u ≥ 1.
    public func progress(at u: Double) -> Double {
        switch self {
        case .bezier(_, let curve): return curve.progress(at: u)
        case .spring(let spring): return spring.progress(at: u)
        case .custom(let f):
            if u <= 0 { return 0 }
            if u >= 1 { return 1 }
            return f.checkedValue(at: u)
        }
    }

    public var name: String {
        switch self {
        case .bezier(let name, _): return name
        case .spring(let s):
            if let p = s.physical {
                return "spring(mass: \(p.mass), stiffness: \(p.stiffness), damping: \(p.damping), velocity: \(s.initialVelocity))"
            }
            return "spring(damping: \(s.dampingRatio), velocity: \(s.initialVelocity))"
        case .custom(let f): return f.name
        }
    }
}

/// A named progress function, compared by identity. Evaluated only for t strictly inside
/// (0, 1): the ends are pinned to 0 and 1 so that every animation lands on its target.
public final class CurveFunction: Hashable, @unchecked Sendable {
    public let name: String
    public let evaluate: (Double) -> Double

    /// Set the first time `evaluate` returned NaN or an infinity: a broken contract. From
    /// then on the curve is linear, so that no frame ever holds a non-number.
    public private(set) var violation: String?
    /// Told about the violation once, when it happens (the run puts it in its trace).
    public var onViolation: ((String) -> Void)?

    public init(name: String, evaluate: @escaping (Double) -> Double) {
        self.name = name
        self.evaluate = evaluate
    }

    /// `evaluate(u)` when it is finite; otherwise reports the violation once and gives u
    /// (linear), as it does for every later call.
    public func checkedValue(at u: Double) -> Double {
        if violation != nil { return u }
        let value = evaluate(u)
        if value.isFinite { return value }
        let why = "curve '\(name)' returned \(value) at t = \(u); a curve must return a finite number, so the host uses linear for it for the rest of the run"
        violation = why
        onViolation?(why)
        return u
    }

    /// Reports a broken contract found by whoever evaluates the curve (one value took far too
    /// long), once; from then on the curve is linear, as after a non-finite value.
    public func breach(_ why: String) {
        guard violation == nil else { return }
        violation = why
        onViolation?(why)
    }

    public static func == (a: CurveFunction, b: CurveFunction) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
