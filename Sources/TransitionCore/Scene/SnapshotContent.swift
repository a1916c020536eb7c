/// The picture a snapshot view shows (UIView.snapshotView, resizableSnapshotView): the look of
/// a view and its subviews at the moment the snapshot was taken, in that view's own
/// coordinates, and the size it had. The renderer draws it into the snapshot's bounds, scaled,
/// so a snapshot that grows shows its picture larger, text and all, rather than moving copies
/// of the subviews about as a copied view tree would. Kept as layers rather than pixels, so
/// that it is drawn sharp at any scale and TransitionCore stays free of images.
public struct SnapshotContent: Hashable, Sendable {
    /// The picture's size: the snapshotted view's bounds size when taken, or the part of it
    /// a resizable snapshot took.
    public let size: Size
    /// The view (depth 0) and its subtree, back to front, placed so that the part taken
    /// starts at the origin; their text is found by name when a frame is captured. Empty
    /// for a view that was not on screen (a snapshot before screen updates of a view never
    /// drawn is blank, as UIKit's is).
    public let layers: [SceneSnapshot.Layer]
    /// The edges that keep their size when the picture is stretched (cap insets): only the
    /// part between them stretches. Zero for a plain snapshot, which scales as a whole.
    public let capInsets: EdgeInsets
    /// Taken from a part of the view: the layers reach past the picture, which is cut to it.
    public let isPart: Bool

    /// `view` and its subviews: `rect` of them (in the view's bounds coordinates; all of the
    /// view when nil), as they are on screen now or, `asDrawn`, as the last drawing showed
    /// them (AnimationEngine.drawGeneration), which leaves out what was set or added since.
    init(of view: View, rect: Rect? = nil, capInsets: EdgeInsets = .zero, asDrawn: Bool = false) {
        let look = asDrawn ? view.drawnLook : view.presentation
        let part = rect ?? Rect(origin: look.bounds.origin, size: look.bounds.size)
        size = part.size
        self.capInsets = capInsets
        isPart = part != Rect(origin: look.bounds.origin, size: look.bounds.size)
        if asDrawn && !view.wasDrawn {
            layers = []
        } else {
            let origin = AffineTransform.translation(look.bounds.origin.x - part.origin.x, look.bounds.origin.y - part.origin.y)
            layers = SceneSnapshot.tree(of: view, placed: origin, labels: [:], asDrawn: asDrawn)
        }
    }

    /// The id a frame gives the picture's layer `index` of the snapshot view `snapshot`: below 0,
    /// so that it is never taken for a view of the scene (the view it shows may be on screen
    /// too, usually hidden).
    static func layerID(snapshot: Int, index: Int) -> Int { -(snapshot * 65_536 + index + 1) }

    /// Where each part of the picture goes in a snapshot of `bounds` size: the whole picture
    /// onto the whole bounds without cap insets; with them, nine parts, the corners at their
    /// own size, the edges stretched along them and the middle both ways (parts of no size
    /// left out). Caps wider than the bounds shrink in proportion, as they must to fit.
    func pieces(in bounds: Size) -> [(source: Rect, destination: Rect)] {
        guard capInsets != .zero else {
            return [(Rect(x: 0, y: 0, width: size.width, height: size.height), Rect(x: 0, y: 0, width: bounds.width, height: bounds.height))]
        }
        func spans(_ low: Double, _ high: Double, from source: Double, to target: Double) -> [(Double, Double, Double, Double)] {
            let low = min(max(low, 0), source), high = min(max(high, 0), source - low)
            let fit = low + high > target && low + high > 0 ? target / (low + high) : 1
            let ends = (low * fit, high * fit)
            return [(0, low, 0, ends.0), (low, source - high, ends.0, target - ends.1), (source - high, source, target - ends.1, target)]
                .filter { $0.1 > $0.0 && $0.3 > $0.2 }
        }
        var result: [(source: Rect, destination: Rect)] = []
        for row in spans(capInsets.top, capInsets.bottom, from: size.height, to: bounds.height) {
            for column in spans(capInsets.left, capInsets.right, from: size.width, to: bounds.width) {
                result.append((Rect(x: column.0, y: row.0, width: column.1 - column.0, height: row.1 - row.0),
                               Rect(x: column.2, y: row.2, width: column.3 - column.2, height: row.3 - row.2)))
            }
        }
        return result
    }
}

/// Distances in from each edge of a rectangle, in points (UIEdgeInsets).
public struct EdgeInsets: Hashable, Sendable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        (self.top, self.left, self.bottom, self.right) = (top, left, bottom, right)
    }
    public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
}
