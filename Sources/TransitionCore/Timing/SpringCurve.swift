import LibC

/// A damped spring in UIKit's terms: a damping ratio and an initial velocity, played over a
/// given duration (UIView.animate(withDuration:delay:usingSpringWithDamping:
/// initialSpringVelocity:)).
///
/// UIKit does not publish how it picks the spring's stiffness. We pick the natural frequency
/// so that the motion has decayed to within 0.1 % of the distance when the duration ends (at
/// zero initial velocity); the animation then lands on its target without a visible jump. So a
/// spring of damping 1 glides in without overshoot, and one of damping 0.55 (the source
/// documents' image zoom) overshoots by about 12.6 % and settles within the duration.
///
/// Or a physical spring (CASpringAnimation, UISpringTimingParameters(mass:stiffness:damping:
/// initialVelocity:)): its natural frequency and damping ratio follow from mass, stiffness and
/// damping, any ratio (above 1 it creeps in without oscillating), and its duration is the time
/// it takes to settle within 0.1 % of the distance.
public struct SpringCurve: Hashable, Sendable {
    /// In (0, 1] for a spring given by its duration (values above 1 behave as 1, values at or
    /// below 0 as 0.05); any ratio above 0 for a physical one.
    public let dampingRatio: Double
    /// In units of the whole distance per second: 1 covers the distance in one second.
    public let initialVelocity: Double
    public let duration: Double
    /// A physical spring's mass, stiffness and damping; nil for one given by its duration.
    public let physical: Physical?

    public struct Physical: Hashable, Sendable {
        public let mass, stiffness, damping: Double
    }

    public init(dampingRatio: Double, initialVelocity: Double, duration: Double) {
        self.dampingRatio = min(1, max(0.05, dampingRatio))
        self.initialVelocity = initialVelocity
        self.duration = duration
        physical = nil
    }

    /// A physical spring; every value finite and above 0 (the caller checks).
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        physical = Physical(mass: mass, stiffness: stiffness, damping: damping)
        dampingRatio = damping / (2 * (stiffness * mass).squareRoot())
        self.initialVelocity = initialVelocity
        duration = Self.settling(omega: (stiffness / mass).squareRoot(), zeta: dampingRatio, velocity: initialVelocity)
    }

    /// The same physical spring played for `duration` (at least as long as it takes to
    /// settle): a spring moving two axes at two velocities settles when the slower one does.
    public func lasting(_ duration: Double) -> SpringCurve {
        guard let physical, duration > self.duration else { return self }
        return SpringCurve(physical: physical, dampingRatio: dampingRatio, initialVelocity: initialVelocity, duration: duration)
    }

    private init(physical: Physical, dampingRatio: Double, initialVelocity: Double, duration: Double) {
        self.physical = physical
        self.dampingRatio = dampingRatio
        self.initialVelocity = initialVelocity
        self.duration = duration
    }

    /// The longest a physical spring may take to settle, in seconds.
    public static let longestSettling = 60.0

    /// When the motion of a spring of natural frequency `omega` and damping ratio `zeta`,
    /// started at `velocity`, stays within the residual of its end: a bound on its envelope,
    /// found by halving between 0 and a little past the longest settling time.
    static func settling(omega: Double, zeta: Double, velocity: Double) -> Double {
        func envelope(_ t: Double) -> Double {
            if zeta < 1 {
                let wd = omega * (1 - zeta * zeta).squareRoot()
                let b = (velocity - zeta * omega) / wd
                return exp(-zeta * omega * t) * (1 + b * b).squareRoot()
            }
            if zeta == 1 { return exp(-omega * t) * (1 + abs(velocity - omega) * t) }
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
            let a = (velocity + r2) / (r1 - r2)
            return exp(r1 * t) * (abs(a) + abs(-1 - a))
        }
        var low = 0.0, high = longestSettling * 2
        guard envelope(high) <= residual else { return .infinity }
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if envelope(middle) <= residual { high = middle } else { low = middle }
        }
        return high
    }

    /// The residual the envelope decays to by the end of the duration.
    static let residual = 0.001

    /// Natural angular frequency, in radians per second.
    public var omega: Double {
        if let physical { return (physical.stiffness / physical.mass).squareRoot() }
        let d = max(duration, 1e-6)
        if dampingRatio >= 1 {
            // Critically damped: (1 + ωt)·e^(−ωt) = residual at ωt ≈ 9.2335.
            return 9.233_5 / d
        }
        // Underdamped, at zero initial velocity: |x − 1| ≤ e^(−ζωt)·A with A = 1/√(1−ζ²) (the
        // oscillation's amplitude), and also ≤ e^(−ζωt)·(1 + ζωt). Pick ζω·d so that the
        // smaller bound equals the residual at the end; the second keeps ω continuous as ζ → 1.
        let amplitude = 1 / (1 - dampingRatio * dampingRatio).squareRoot()
        let decay = min(9.233_5, log(amplitude) - log(Self.residual))
        return decay / (dampingRatio * d)
    }

    /// Progress at normalised time u in [0, 1] (elapsed / duration). May exceed 1 (overshoot).
    public func progress(at u: Double) -> Double {
        if u <= 0 { return 0 }
        if u >= 1 { return 1 }
        let t = u * duration
        let w = omega
        let zeta = dampingRatio
        let v = initialVelocity
        // y = x − 1 solves y'' + 2ζω y' + ω² y = 0 with y(0) = −1, y'(0) = v.
        if zeta > 1 {
            // Overdamped (a physical spring only): y = A e^(r1 t) + B e^(r2 t), A + B = −1.
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w * (zeta - root), r2 = -w * (zeta + root)
            let a = (v + r2) / (r1 - r2)
            return 1 + a * exp(r1 * t) + (-1 - a) * exp(r2 * t)
        }
        if zeta == 1 {
            let b = v - w
            return 1 + exp(-w * t) * (-1 + b * t)
        }
        let wd = w * (1 - zeta * zeta).squareRoot()
        let b = (v - zeta * w) / wd
        return 1 + exp(-zeta * w * t) * (-cos(wd * t) + b * sin(wd * t))
    }
}
