import TransitionCore

/// Where a window lands in a picture: window point (x, y) is drawn at
/// (originX + x·scale, originY + y·scale). One scale for both axes, so shapes keep their
/// aspect.
public struct Placement: Hashable, Sendable {
    public var scale: Double
    public var originX: Double
    public var originY: Double

    public init(scale: Double, originX: Double = 0, originY: Double = 0) {
        self.scale = scale
        self.originX = originX
        self.originY = originY
    }

    /// The largest placement of a `window` that fits in `width`×`height`, centred.
    public static func fit(_ window: Size, into width: Double, _ height: Double) -> Placement {
        let scale = min(width / window.width, height / window.height)
        return Placement(scale: scale, originX: (width - window.width * scale) / 2, originY: (height - window.height * scale) / 2)
    }
}
