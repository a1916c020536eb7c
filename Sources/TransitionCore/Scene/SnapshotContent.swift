/// The picture a snapshot view shows (UIView.snapshotView): the look of a view and its
/// subviews at the moment the snapshot was taken, in that view's own coordinates, and the
/// size it had. The renderer draws it into the snapshot's bounds, scaled, so a snapshot that
/// grows shows its picture larger, text and all, rather than moving copies of the subviews
/// about as a copied view tree would. Kept as layers rather than pixels, so that it is drawn
/// sharp at any scale and TransitionCore stays free of images.
public struct SnapshotContent: Hashable, Sendable {
    /// The snapshotted view's bounds size when taken.
    public let size: Size
    /// The view (depth 0, placed at the origin) and its subtree, back to front; their text is
    /// found by name when a frame is captured.
    public let layers: [SceneSnapshot.Layer]

    /// `view` and its subviews as they are on screen now.
    init(of view: View) {
        size = view.presentation.bounds.size
        layers = SceneSnapshot.tree(of: view, placed: .identity, labels: [:])
    }

    /// The id a frame gives the picture's layer `index` of the snapshot view `snapshot`: below 0,
    /// so that it is never taken for a view of the scene (the view it shows may be on screen
    /// too, usually hidden).
    static func layerID(snapshot: Int, index: Int) -> Int { -(snapshot * 65_536 + index + 1) }
}
