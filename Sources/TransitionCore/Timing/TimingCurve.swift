/// How an animation's progress follows time: a cubic Bézier curve or a damped spring.
public enum TimingCurve: Hashable, Sendable {
    case bezier(name: String, CubicBezier)
    case spring(SpringCurve)

    public static let linear = TimingCurve.bezier(name: "linear", .linear)
    public static let easeIn = TimingCurve.bezier(name: "ease-in", .easeIn)
    public static let easeOut = TimingCurve.bezier(name: "ease-out", .easeOut)
    public static let easeInOut = TimingCurve.bezier(name: "ease-in-out", .easeInEaseOut)
    /// Core Animation's kCAMediaTimingFunctionDefault.
    public static let caDefault = TimingCurve.bezier(name: "default", .caDefault)

    /// Progress at normalised time u (elapsed / duration), 0 at u ≤ 0 and 1 at u ≥ 1.
    public func progress(at u: Double) -> Double {
        switch self {
        case .bezier(_, let curve): return curve.progress(at: u)
        case .spring(let spring): return spring.progress(at: u)
        }
    }

    public var name: String {
        switch self {
        case .bezier(let name, _): return name
        case .spring(let s): return "spring(damping: \(s.dampingRatio), velocity: \(s.initialVelocity))"
        }
    }
}
