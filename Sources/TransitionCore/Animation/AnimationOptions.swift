/// The options of one UIView-style animation.
public struct AnimationOptions: Hashable, Sendable {
    public var duration: Double
    public var delay: Double
    public var curve: TimingCurve
    /// How many times it plays (CAMediaTiming.repeatCount): 0 means once, as 1 does; a
    /// fraction stops part way through the last time.
    public var repeatCount: Double = 0
    /// Each time it plays forwards, then back (CAMediaTiming.autoreverses), taking twice as long.
    public var autoreverses = false
    /// The curve a change of a view's centre follows along y, when it is not `curve`: a spring
    /// with a 2D initial velocity (UISpringTimingParameters(initialVelocity: CGVector)), whose
    /// y part starts the y axis. Every other property follows `curve`.
    public var verticalCurve: TimingCurve?

    /// How long it runs, every repeat and reversal included.
    public var activeDuration: Double { duration * (repeatCount > 0 ? repeatCount : 1) * (autoreverses ? 2 : 1) }
    /// Whether it plays more than once forwards.
    var repeats: Bool { autoreverses || (repeatCount > 0 && repeatCount != 1) }

    public init(duration: Double, delay: Double = 0, curve: TimingCurve = .easeInOut) {
        self.duration = duration
        self.delay = delay
        self.curve = curve
    }

    /// A damped spring over `duration`, as UIView.animate(withDuration:delay:
    /// usingSpringWithDamping:initialSpringVelocity:).
    public static func spring(
        duration: Double, delay: Double = 0, dampingRatio: Double, initialVelocity: Double = 0
    ) -> AnimationOptions {
        AnimationOptions(
            duration: duration, delay: delay,
            curve: .spring(SpringCurve(dampingRatio: dampingRatio, initialVelocity: initialVelocity, duration: duration)))
    }
}

extension AnimationOptions {
    /// The same animation `factor` times slower: duration and delay scaled, a spring keeping
    /// its damping over the longer duration.
    func dilated(by factor: Double) -> AnimationOptions {
        var result = self
        result.duration = duration * factor
        result.delay = delay * factor
        result.curve = Self.dilated(curve, by: factor)
        result.verticalCurve = verticalCurve.map { Self.dilated($0, by: factor) }
        return result
    }

    private static func dilated(_ curve: TimingCurve, by factor: Double) -> TimingCurve {
        guard case .spring(let s) = curve else { return curve }
        if let p = s.physical {
            // The same motion, slower: the frequency over `factor`, the damping ratio kept.
            return .spring(SpringCurve(mass: p.mass, stiffness: p.stiffness / (factor * factor), damping: p.damping / factor,
                                       initialVelocity: s.initialVelocity / factor).lasting(s.duration * factor))
        }
        return .spring(SpringCurve(dampingRatio: s.dampingRatio, initialVelocity: s.initialVelocity / factor, duration: s.duration * factor))
    }
}
