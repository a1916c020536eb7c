/// A cubic Bézier timing function from (0,0) to (1,1) with two control points, as
/// CAMediaTimingFunction. Solving x(t) = time uses Newton's method with a bisection fallback,
/// so the same input always gives the same output bit for bit.
public struct CubicBezier: Hashable, Sendable {
    public let x1, y1, x2, y2: Double

    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    // Core Animation's published control points.
    public static let linear = CubicBezier(0, 0, 1, 1)
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    public static let easeInEaseOut = CubicBezier(0.42, 0, 0.58, 1)
    public static let caDefault = CubicBezier(0.25, 0.1, 0.25, 1)

    /// How far a control point's y (progress) may lie from 0 either way: enough for any
    /// overshoot a designer writes, small enough that no frame lands a view off in space.
    public static let progressLimit = 10.0

    // Polynomial coefficients of x(t) and y(t): a·t³ + b·t² + c·t.
    private var cx: Double { 3 * x1 }
    private var bx: Double { 3 * (x2 - x1) - cx }
    private var ax: Double { 1 - cx - bx }
    private var cy: Double { 3 * y1 }
    private var by: Double { 3 * (y2 - y1) - cy }
    private var ay: Double { 1 - cy - by }

    private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func slopeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve's parameter t where x(t) = x, for x in [0, 1].
    func solveT(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            if abs(error) < 1e-12 { return t }
            let slope = slopeX(t)
            if abs(slope) < 1e-9 { break }
            t -= error / slope
        }
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<64 {
            let value = sampleX(t)
            if abs(value - x) < 1e-12 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    /// Progress (y) at normalised time `x`, clamped to the curve's domain [0, 1].
    public func progress(at x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return sampleY(solveT(forX: x))
    }
}
