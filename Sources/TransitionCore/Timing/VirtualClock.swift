/// The host's clock: time advances only when the host steps it, one frame at a time, so a run
/// is the same bit for bit whatever the machine is doing. Time is computed from the frame
/// number rather than accumulated, so it never drifts.
public struct VirtualClock: Sendable {
    public let framesPerSecond: Int
    public private(set) var frame: Int = 0

    public init(framesPerSecond: Int = 60) {
        precondition(framesPerSecond > 0, "a clock needs a positive frame rate")
        self.framesPerSecond = framesPerSecond
    }

    public var now: Double { Double(frame) / Double(framesPerSecond) }
    public var frameDuration: Double { 1 / Double(framesPerSecond) }

    public mutating func advance() { frame += 1 }

    /// Comparisons of virtual times allow this much slack, so that an animation due at
    /// 0.1 + 0.2 s ends on the frame at 0.3 s rather than one frame late.
    public static let tolerance = 1e-9
}
