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
public struct SpringCurve: Hashable, Sendable {
    /// In (0, 1]; values above 1 behave as 1, values at or below 0 as 0.05.
    public let dampingRatio: Double
    /// In units of the whole distance per second: 1 covers the distance in one second.
    public let initialVelocity: Double
    public let duration: Double

    public init(dampingRatio: Double, initialVelocity: Double, duration: Double) {
        self.dampingRatio = min(1, max(0.05, dampingRatio))
        self.initialVelocity = initialVelocity
        self.duration = duration
    }

    /// The residual the envelope decays to by the end of the duration.
    static let residual = 0.001

    /// Natural angular frequency, in radians per second.
    public var omega: Double {
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
        if zeta >= 1 {
            let b = v - w
            return 1 + exp(-w * t) * (-1 + b * t)
        }
        let wd = w * (1 - zeta * zeta).squareRoot()
        let b = (v - zeta * w) / wd
        return 1 + exp(-zeta * w * t) * (-cos(wd * t) + b * sin(wd * t))
    }
}
