/// A step in a transition that a person sees as a pop: far larger than the steps around it.
public struct MotionPop: Hashable, Sendable {
    /// What jumped.
    public enum Quantity: String, Sendable {
        /// A corner of the view moved this many points in one frame.
        case position
        /// What shows of the view (its opacity times its visible area) changed by this many
        /// square points in one frame: it appeared, vanished or flashed.
        case shown
        /// The radius of its corners changed by this many points in one frame.
        case cornerRadius
        /// The radius of its blur (of its backdrop or of itself) changed by this many points in
        /// one frame: frosted glass snapping on, a blurred view coming sharp at once.
        case blur

        var unit: String { self == .shown ? "pt²" : "pt" }
    }

    /// Where in the transition the step lies.
    public enum Moment: String, Sendable {
        /// Between the scene at rest and the transition's first frame.
        case firstFrame
        /// Into the transition's last frame: the end state it settles in.
        case lastFrame
        case during
    }

    /// The frame the step lands on, in the run's time.
    public let time: Double
    public let view: String
    public let quantity: Quantity
    public let moment: Moment
    /// The size of the step (points, or square points for `shown`, negative when less shows).
    public let size: Double
    /// The largest step of the same view and quantity within two frames of it.
    public let around: Double

    public init(time: Double, view: String, quantity: Quantity, moment: Moment, size: Double, around: Double) {
        self.time = time
        self.view = view
        self.quantity = quantity
        self.moment = moment
        self.size = size
        self.around = around
    }

    /// One line for the trace and the validator: when, which view, what and how far.
    public var description: String {
        let name = view.isEmpty ? "a part of a snapshot" : "'\(view)'"
        let what: String
        switch quantity {
        case .position: what = "moved \(Self.rounded(size)) pt in one frame"
        case .shown:
            what = size >= 0 ? "appeared: \(Self.rounded(size)) pt² more of it showed in one frame"
                : "vanished: \(Self.rounded(-size)) pt² less of it showed in one frame"
        case .cornerRadius: what = "changed its corner radius by \(Self.rounded(size)) pt in one frame"
        case .blur: what = "changed its blur by \(Self.rounded(size)) pt in one frame"
        }
        let when: String
        switch moment {
        case .firstFrame: when = " on the transition's first frame, from the scene at rest"
        case .lastFrame: when = " into the end state, on the last frame"
        case .during: when = ""
        }
        return "motion: at \(NumberText.readable(time)) s \(name) \(what)\(when) (the steps around it: at most \(Self.rounded(around)) \(quantity.unit))"
    }

    /// To a tenth: the sizes are measurements, not exact values.
    private static func rounded(_ x: Double) -> String { NumberText.exact((x * 10).rounded() / 10) }
}
