import TransitionCore

/// Where a 3D-transformed view's drawing can matter, in canvas pixels: the part of the canvas
/// the turned view can cover (what is resampled), within the canvas, and the part of the flat
/// picture those pixels read (what is drawn flat), which may reach past it. Whole pixels.
enum ProjectedBounds {
    /// A rectangle of whole pixels.
    struct Pixels: Equatable {
        var x: Int, y: Int, width: Int, height: Int
        var isEmpty: Bool { width <= 0 || height <= 0 }
    }

    /// The canvas pixels that the flat points `corners` (device pixels) can land on through
    /// `forward`, a pixel wider each way, within the canvas; all of it when a corner lands
    /// behind the eye (the turned picture then reaches past every edge).
    static func landing(of corners: [Point], through forward: Homography, width: Int, height: Int) -> Pixels {
        let landed = corners.map { forward.apply(to: $0) }
        guard !landed.isEmpty, landed.allSatisfy({ $0 != nil }) else { return Pixels(x: 0, y: 0, width: width, height: height) }
        let xs = landed.map { $0!.x }, ys = landed.map { $0!.y }
        return clipped(x1: xs.min()!.rounded(.down) - 1, y1: ys.min()!.rounded(.down) - 1,
                       x2: xs.max()!.rounded(.up) + 1, y2: ys.max()!.rounded(.up) + 1, width: width, height: height)
    }

    /// The flat picture's pixels that the samples of the canvas pixels `box` read through
    /// `inverse` (canvas → picture), within the flat subtree's own pixels `subtree` (device
    /// pixels, unclipped): the flat drawing needs no more. It may reach past the canvas: a
    /// view shrunk by its 3D transform shows on the canvas parts of it that lie off the canvas
    /// when drawn flat (a card flying in, at full size below the screen). At most the canvas's
    /// own size past each of its edges.
    ///
    /// The box's corners carried back bound every sample (a projective map keeps straight
    /// lines, so the box comes back as the four-sided figure of its corners while all of it
    /// is in front of the eye: w is linear, positive at four corners, positive within). A
    /// sample at x blends pixels x − ½ rounded down and the one after: two pixels of margin
    /// each way hold them with room for rounding. When a corner comes back behind the eye,
    /// all of the subtree.
    static func flatRegion(read box: Pixels, through inverse: Homography, subtree: Pixels, width: Int, height: Int) -> Pixels {
        guard !box.isEmpty else { return box }
        let x1 = Double(box.x), y1 = Double(box.y), x2 = Double(box.x + box.width), y2 = Double(box.y + box.height)
        let back = [Point(x: x1, y: y1), Point(x: x2, y: y1), Point(x: x1, y: y2), Point(x: x2, y: y2)].map { inverse.apply(to: $0) }
        var read = (x1: Double(subtree.x), y1: Double(subtree.y),
                    x2: Double(subtree.x + subtree.width), y2: Double(subtree.y + subtree.height))
        if back.allSatisfy({ $0 != nil }) {
            let xs = back.map { $0!.x }, ys = back.map { $0!.y }
            read = (max(read.x1, xs.min()!.rounded(.down) - 2), max(read.y1, ys.min()!.rounded(.down) - 2),
                    min(read.x2, xs.max()!.rounded(.up) + 2), min(read.y2, ys.max()!.rounded(.up) + 2))
        }
        guard read.x1.isFinite, read.y1.isFinite, read.x2.isFinite, read.y2.isFinite else { return Pixels(x: 0, y: 0, width: width, height: height) }
        let (w, h) = (Double(width), Double(height))
        let left = min(max(-w, read.x1), 2 * w), top = min(max(-h, read.y1), 2 * h)
        let right = max(left, min(2 * w, read.x2)), bottom = max(top, min(2 * h, read.y2))
        return Pixels(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
    }

    /// The whole pixels around device points `points`, two more each way; empty for none.
    static func around(_ points: [Point]) -> Pixels {
        guard !points.isEmpty else { return Pixels(x: 0, y: 0, width: 0, height: 0) }
        let xs = points.map(\.x), ys = points.map(\.y)
        let x1 = xs.min()!.rounded(.down) - 2, y1 = ys.min()!.rounded(.down) - 2
        let x2 = xs.max()!.rounded(.up) + 2, y2 = ys.max()!.rounded(.up) + 2
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite, abs(x1) < 1e7, abs(y1) < 1e7, abs(x2) < 1e7, abs(y2) < 1e7 else {
            return Pixels(x: -(1 << 20), y: -(1 << 20), width: 1 << 21, height: 1 << 21)
        }
        return Pixels(x: Int(x1), y: Int(y1), width: Int(x2 - x1), height: Int(y2 - y1))
    }

    /// The rectangle's part within the canvas (empty when they do not meet); the whole canvas
    /// when a bound is not finite.
    private static func clipped(x1: Double, y1: Double, x2: Double, y2: Double, width: Int, height: Int) -> Pixels {
        guard x1.isFinite, y1.isFinite, x2.isFinite, y2.isFinite else { return Pixels(x: 0, y: 0, width: width, height: height) }
        let left = max(0, min(Double(width), x1)), top = max(0, min(Double(height), y1))
        let right = max(left, min(Double(width), x2)), bottom = max(top, min(Double(height), y2))
        return Pixels(x: Int(left), y: Int(top), width: Int(right - left), height: Int(bottom - top))
    }
}
