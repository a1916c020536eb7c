import Rendering

/// How far two images are apart: the mean difference per channel, and the share of pixels
/// that differ clearly (more than `clearly` in some channel). Shared by every test that
/// compares a frame with a reference image (Tests/RenderingTests/References): the rendering
/// tests and the end-to-end tests of bundled effects.
public struct ImageDifference: CustomStringConvertible {
    public var sameSize = true
    public var meanDifference = 0.0
    public var clearlyDifferent = 0.0

    public static let clearly = 48
    public static let maxMean = 1.0
    public static let maxClearlyDifferent = 0.002

    public init(_ a: CairoImage, _ b: CairoImage) {
        guard a.width == b.width, a.height == b.height else {
            sameSize = false
            return
        }
        var total = 0, clear = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                let p = a.rgba(x: x, y: y), q = b.rgba(x: x, y: y)
                let d = [abs(Int(p.red) - Int(q.red)), abs(Int(p.green) - Int(q.green)), abs(Int(p.blue) - Int(q.blue)),
                         abs(Int(p.alpha) - Int(q.alpha))]
                total += d.reduce(0, +)
                if d.max()! > Self.clearly { clear += 1 }
            }
        }
        let pixels = Double(a.width * a.height)
        meanDifference = Double(total) / (pixels * 4)
        clearlyDifferent = Double(clear) / pixels
    }

    public var isWithinTolerance: Bool { isWithin(clearlyDifferent: Self.maxClearlyDifferent) }

    /// With a share of clearly different pixels of its own: a plot is mostly text, whose
    /// antialiasing varies by a shade from run to run more than a scene's frames do.
    public func isWithin(clearlyDifferent share: Double) -> Bool {
        sameSize && meanDifference <= Self.maxMean && clearlyDifferent <= share
    }

    public var description: String {
        sameSize ? "mean difference \(meanDifference) per channel (at most \(Self.maxMean)), "
            + "\(clearlyDifferent * 100)% of pixels clearly different (at most \(Self.maxClearlyDifferent * 100)%)"
            : "the sizes differ"
    }
}
