/// The options of one UIView-style animation.
public struct AnimationOptions: Hashable, Sendable {
    public var duration: Double
    public var delay: Double
    public var curve: TimingCurve

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
        if case .spring(let s) = curve {
            if let p = s.physical {
                // The same motion, slower: the frequency over `factor`, the damping ratio kept.
                result.curve = .spring(SpringCurve(mass: p.mass, stiffness: p.stiffness / (factor * factor), damping: p.damping / factor,
                                                   initialVelocity: s.initialVelocity / factor))
            } else {
                result.curve = .spring(SpringCurve(dampingRatio: s.dampingRatio, initialVelocity: s.initialVelocity / factor,
                                                   duration: s.duration * factor))
            }
        }
        return result
    }
}
