/// Owns every view of one run and the animation engine that moves them. A window is the root
/// of what is on screen.
public final class Scene {
    public let engine: AnimationEngine
    public private(set) var views: [View] = []
    public private(set) var window: View!

    public init(windowSize: Size, clock: VirtualClock = VirtualClock()) {
        engine = AnimationEngine(clock: clock)
        window = makeView(name: "window", frame: Rect(origin: .zero, size: windowSize))
        window.backgroundColor = .black
    }

    /// A new view, not yet in any superview.
    public func makeView(name: String, frame: Rect) -> View {
        let view = View(id: views.count + 1, name: name, frame: frame, scene: self)
        views.append(view)
        return view
    }

    /// A view that looks like `view` does on screen now, with copies of its subviews: what
    /// UIView.snapshotView gives, an image of the view that does not change with it.
    /// A new view showing a picture of `view` and its subviews as they are on screen now
    /// (UIView.snapshotView), at the frame `view` has on screen, with no subviews: its picture
    /// scales with its bounds. The snapshot itself is a plain view (clear, square, no shadow);
    /// the look is in the picture, which a corner radius clips once clipsToBounds is set, as in
    /// UIKit.
    public func snapshot(of view: View) -> View {
        let copy = makeView(name: "snapshot of \(view.name)", frame: view.presentation.frame)
        copy.snapshotContent = SnapshotContent(of: view)
        return copy
    }

    public func view(withID id: Int) -> View? {
        guard id >= 1 && id <= views.count else { return nil }
        return views[id - 1]
    }

    /// Views on screen now: the window's subtree, back to front.
    public var visibleViews: [View] { window.subtree() }
}
