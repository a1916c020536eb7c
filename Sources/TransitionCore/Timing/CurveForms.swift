import LibC

/// One timing curve written as each platform writes it, so that what was tuned here can be
/// pasted into an app: UIKit, Core Animation, SwiftUI and CSS. A spring in UIKit's terms (a
/// damping ratio over a duration) becomes the physical spring that moves the same way (mass 1,
/// stiffness ω², damping 2ζω) and SwiftUI's duration and bounce (its duration is the
/// spring's period 2π/ω; bounce 1 − ζ, or 1/ζ − 1 for an overdamped one); every curve also
/// becomes CSS `linear()`, sampled.
public enum CurveForms {
    /// How many intervals `linear()` samples a curve at: the stops are 1/40 of the duration apart.
    public static let cssSamples = 40

    /// (platform, text) pairs for `curve` played over `duration` seconds.
    public static func forms(of curve: TimingCurve, duration: Double) -> [(platform: String, text: String)] {
        let d = number(duration, 3)
        var forms: [(String, String)] = []
        switch curve {
        case .bezier(_, let b):
            let points = [b.x1, b.y1, b.x2, b.y2].map { number($0, 4) }
            forms.append(("UIKit", "UICubicTimingParameters(controlPoint1: CGPoint(x: \(points[0]), y: \(points[1])), controlPoint2: CGPoint(x: \(points[2]), y: \(points[3]))), duration \(d) s"))
            forms.append(("Core Animation", "CAMediaTimingFunction(controlPoints: \(points.joined(separator: ", "))), duration \(d) s"))
            forms.append(("SwiftUI", ".timingCurve(\(points.joined(separator: ", ")), duration: \(d))"))
            forms.append(("CSS", "cubic-bezier(\(points.joined(separator: ", "))) \(d)s"))
        case .spring(let s):
            // The spring as it moves over this duration (a duration-based spring's frequency
            // follows from its duration; a physical one keeps its own).
            let spring = s.physical == nil ? SpringCurve(dampingRatio: s.dampingRatio, initialVelocity: s.initialVelocity, duration: duration) : s
            let omega = spring.omega, zeta = spring.dampingRatio
            if s.physical == nil {
                forms.append(("UIKit", "UIView.animate(withDuration: \(d), delay: 0, usingSpringWithDamping: \(number(zeta, 3)), initialSpringVelocity: \(number(spring.initialVelocity, 3)))"))
            }
            let stiffness = omega * omega, damping = 2 * zeta * omega
            forms.append(("Core Animation", "CASpringAnimation: mass 1, stiffness \(number(stiffness, 2)), damping \(number(damping, 2)), initialVelocity \(number(spring.initialVelocity, 3)) (settles in \(number(spring.duration, 3)) s)"))
            let bounce = zeta <= 1 ? 1 - zeta : 1 / zeta - 1
            forms.append(("SwiftUI", ".spring(duration: \(number(2 * Double.pi / omega, 3)), bounce: \(number(bounce, 3)))"))
            forms.append(("CSS", linear(curve, spring.duration) + " \(number(spring.duration, 3))s"))
            return forms
        case .custom:
            break
        }
        if case .custom = curve { forms.append(("CSS", linear(curve, duration) + " \(d)s")) }
        return forms
    }

    /// CSS `linear()`: the curve's progress at `cssSamples` + 1 evenly spaced times, each stop
    /// with its place in percent (the first and the last without one).
    static func linear(_ curve: TimingCurve, _ duration: Double) -> String {
        var stops: [String] = []
        for i in 0...cssSamples {
            let u = Double(i) / Double(cssSamples)
            let value = number(curve.progress(at: u), 4)
            stops.append(i == 0 || i == cssSamples ? value : "\(value) \(number(u * 100, 2))%")
        }
        return "linear(\(stops.joined(separator: ", ")))"
    }

    /// `x` to at most `decimals` decimals, without a trailing zero: 0.5, 12, -0.0312.
    static func number(_ x: Double, _ decimals: Int) -> String {
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (x * scale).rounded() / scale
        return NumberText.exact(rounded == 0 ? 0 : rounded)
    }
}
