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
