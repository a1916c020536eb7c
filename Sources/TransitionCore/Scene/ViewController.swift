/// How a presented view controller's view is shown, as UIModalPresentationStyle.
public enum PresentationStyle: UInt32, Sendable {
    case fullScreen = 0
    case custom = 4
    case overFullScreen = 5
}

/// The host's own animation when the delegate vends none, as UIModalTransitionStyle.
public enum ModalTransitionStyle: String, CaseIterable, Sendable {
    case coverVertical = "cover-vertical"
    case crossDissolve = "cross-dissolve"
}

/// A screen: a view controller with its root view and modal relationships, as
/// UIViewController.
public final class ViewController {
    public let name: String
    public let view: View
    /// The scene file's tag for this screen, if it gives one.
    public var tag: String?
    public var modalPresentationStyle: PresentationStyle = .fullScreen
    public var modalTransitionStyle: ModalTransitionStyle = .coverVertical
    /// Who vends the objects for presenting and dismissing this view controller.
    public var transitioningDelegate: TransitioningDelegate?
    public internal(set) weak var presentingViewController: ViewController?
    public internal(set) var presentedViewController: ViewController?
    /// The presentation controller that manages this view controller while it is presented.
    public internal(set) var presentationController: PresentationController?

    public init(name: String, view: View) {
        self.name = name
        self.view = view
    }
}
