import Synchronization

/// Owns every view of one run and the animation engine that moves them. A window is the root
/// of what is on screen.
public final class Scene {
    public let engine: AnimationEngine
    public private(set) var views: [View] = []
    public private(set) var window: View!
    /// The status bar, home indicator and display corners the host draws above every screen
    /// (SceneSnapshot adds them); nil for a bare window.
    public var chrome: DeviceChrome?
    /// Whether any view in this process was ever given a zPosition other than 0. Until one is,
    /// siblings are drawn in their order as subviews without a look at each one's zPosition (a
    /// walk of 10,000 siblings looked 10,000 times per frame). Process-wide, not per scene: a
    /// walk may draw views whose scene is gone (a snapshot's), and a view holds its scene
    /// unowned.
    static let hasZPositions = Atomic<Bool>(false)
    /// The display's size: the window's size at the start, which every frame is drawn at. A
    /// window resized later (`ModalPresenter.resizeWindow`) shows in part of it.
    public let displaySize: Size

    /// Counts the changes of its views a walk could see (View.touch): a view's subtreeStamp
    /// is the count at its subtree's last change.
    private(set) var changeStamp: UInt64 = 0
    /// The count when a walk last began that keeps what it saw (MotionSample.Reuse).
    private(set) var walkStamp: UInt64 = 0

    func nextChangeStamp() -> UInt64 {
        changeStamp &+= 1
        return changeStamp
    }

    /// A walk that keeps what it sees begins: changes from now on are changes since it.
    func beginWalk() -> UInt64 {
        walkStamp = changeStamp
        return walkStamp
    }

    public init(windowSize: Size, clock: VirtualClock = VirtualClock()) {
        engine = AnimationEngine(clock: clock)
        displaySize = windowSize
        window = makeView(name: "window", frame: Rect(origin: .zero, size: windowSize))
        window.backgroundColor = .black
    }

    /// A new view, not yet in any superview.
    public func makeView(name: String, frame: Rect) -> View {
        let view = View(id: views.count + 1, name: name, frame: frame, scene: self)
        views.append(view)
        return view
    }

    /// A new view showing a picture of `view` and its subviews (UIView.snapshotView), at the
    /// frame `view` has on screen, with no subviews: its picture scales with its bounds. The
    /// snapshot itself is a plain view (clear, square, no shadow); the look is in the picture,
    /// which a corner radius clips once clipsToBounds is set, as in UIKit. The picture shows
    /// the view as it is now (afterScreenUpdates true), or as the last drawing showed it: then
    /// changes made since do not show, and a view not on screen then gives a blank picture, as
    /// UIKit's does for a view never rendered.
    public func snapshot(of view: View, afterScreenUpdates: Bool = true) -> View {
        let copy = makeView(name: "snapshot of \(view.name)", frame: afterScreenUpdates ? view.presentation.frame : view.drawnLook.frame)
        copy.snapshotContent = SnapshotContent(of: view, asDrawn: !afterScreenUpdates)
        return copy
    }

    /// UIView.resizableSnapshotView(from:afterScreenUpdates:withCapInsets:): a snapshot of the
    /// part `rect` of `view` (in its bounds coordinates), framed where that part is in
    /// `view`'s superview, cut to it. When its frame changes size, `capInsets` keep their size
    /// and only the part between them stretches.
    public func resizableSnapshot(of view: View, rect: Rect, afterScreenUpdates: Bool, capInsets: EdgeInsets) -> View {
        let look = afterScreenUpdates ? view.presentation : view.drawnLook
        let frame = look.frame
        let copy = makeView(name: "snapshot of \(view.name)", frame: Rect(
            x: frame.origin.x + rect.origin.x - look.bounds.origin.x, y: frame.origin.y + rect.origin.y - look.bounds.origin.y,
            width: rect.size.width, height: rect.size.height))
        copy.snapshotContent = SnapshotContent(of: view, rect: rect, capInsets: capInsets, asDrawn: !afterScreenUpdates)
        return copy
    }

    public func view(withID id: Int) -> View? {
        guard id >= 1 && id <= views.count else { return nil }
        return views[id - 1]
    }

    /// Views on screen now: the window's subtree, back to front.
    public var visibleViews: [View] { window.subtree() }
}
