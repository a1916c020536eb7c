// The participants of a transition, with UIKit's meaning. The core talks to these protocols
// only; PluginHost bridges plugins' C interfaces to them, and tests use fakes.

/// UIViewControllerAnimatedTransitioning: one instance serves one transition.
public protocol TransitionAnimator: AnyObject {
    /// Shown in reports: which effect this is.
    var displayName: String { get }
    func transitionDuration(using context: TransitionContext) -> Double
    /// Sets up and starts the animations; calls context.completeTransition when done.
    func animateTransition(using context: TransitionContext)
    func animationEnded(_ transitionCompleted: Bool)
    /// interruptibleAnimator(using:): the property animator that runs the transition, the
    /// same one each time; nil when the animator offers none (it cannot be grabbed).
    func interruptibleAnimator(using context: TransitionContext) -> PropertyAnimator?
    /// Whether its effect declares that its sudden steps are meant (TH_EFFECT_CUTS, ABI 1.2):
    /// the motion check then names them as notes, not pops.
    var declaresCuts: Bool { get }
}

extension TransitionAnimator {
    public var declaresCuts: Bool { false }
    public func animationEnded(_ transitionCompleted: Bool) {}
    public func interruptibleAnimator(using context: TransitionContext) -> PropertyAnimator? { nil }
}

/// An animator whose code runs where it can fail without taking the host down (a plugin in a
/// child process). The driver records the scene before animateTransition; when the animator
/// calls `context.animatorFailed(_:)`, the host stops its animations, puts the scene back as
/// it was, and finishes the transition with the standard cross-dissolve.
public protocol FailableTransitionAnimator: TransitionAnimator {}

/// UIViewControllerInteractiveTransitioning. Vended by a delegate; driving it arrives with
/// interactive transitions. Until then, one that is vended is reported and not used.
public protocol InteractiveTransitioning: AnyObject {
    func startInteractiveTransition(_ context: TransitionContext)
}

/// UIPresentationController: manages a presented view controller from its presentation to
/// the end of its dismissal.
public protocol PresentationController: AnyObject {
    var displayName: String { get }
    /// The presented view's frame in the container, or nil for the container's bounds.
    func frameOfPresentedView(inContainerBounds bounds: Rect) -> Rect?
    func presentationTransitionWillBegin(_ context: TransitionContext)
    /// presentedView: the view the animator moves for the presented view controller (the
    /// context's view for its key), asked once, after presentationTransitionWillBegin; the same
    /// view serves the dismissal. nil for `presented`, the view controller's own view; any
    /// other view must hold `presented` (a wrapper that casts the shadow a clipped view cannot).
    func presentedView(for presented: View) -> View?
    func presentationTransitionDidEnd(_ completed: Bool)
    func dismissalTransitionWillBegin(_ context: TransitionContext)
    func dismissalTransitionDidEnd(_ completed: Bool)
    func containerViewWillLayoutSubviews(_ container: View)
    var shouldRemovePresentersView: Bool { get }
    /// presentationControllerShouldDismiss: asked when a gesture starts a dismissal; false
    /// keeps the screen presented (isModalInPresentation).
    var shouldDismiss: Bool { get }
    /// presentationControllerDidAttemptToDismiss: a gesture tried, and was refused.
    func didAttemptToDismiss()
    /// UISheetPresentationController.detents: how many heights the sheet may rest at (0: it
    /// cannot be dragged). ModalPresenter.detents asks for the heights only when there are
    /// no more than it allows.
    var detentCount: Int { get }
    /// The height of detent `index` (smallest first) for a container of `bounds`, as the
    /// controller answers it (ModalPresenter checks them).
    func detentHeight(at index: Int, inContainerBounds bounds: Rect) -> Double
    /// The sheet came to rest at detent `index` after a drag.
    func detentDidChange(_ index: Int)
    /// viewWillTransition(to:with:): the container is about to take `size`. Called inside the
    /// animation of the change, so what it sets moves with it.
    func viewWillTransition(to size: Size)
    /// containerViewDidLayoutSubviews: the container's subviews have been laid out.
    func containerViewDidLayoutSubviews(_ container: View)
}

extension PresentationController {
    public func frameOfPresentedView(inContainerBounds bounds: Rect) -> Rect? { nil }
    public func presentationTransitionWillBegin(_ context: TransitionContext) {}
    public func presentedView(for presented: View) -> View? { nil }
    public func presentationTransitionDidEnd(_ completed: Bool) {}
    public func dismissalTransitionWillBegin(_ context: TransitionContext) {}
    public func dismissalTransitionDidEnd(_ completed: Bool) {}
    public func containerViewWillLayoutSubviews(_ container: View) {}
    public var shouldRemovePresentersView: Bool { true }
    public var shouldDismiss: Bool { true }
    public func didAttemptToDismiss() {}
    public var detentCount: Int { 0 }
    public func detentHeight(at index: Int, inContainerBounds bounds: Rect) -> Double { .nan }
    public func detentDidChange(_ index: Int) {}
    public func viewWillTransition(to size: Size) {}
    public func containerViewDidLayoutSubviews(_ container: View) {}
}

/// UIViewControllerTransitioningDelegate: vends the objects of a presentation and a dismissal.
/// nil means "the standard behaviour".
public protocol TransitioningDelegate: AnyObject {
    func animationController(forPresented presented: ViewController, presenting: ViewController) -> TransitionAnimator?
    func animationController(forDismissed dismissed: ViewController) -> TransitionAnimator?
    func interactionControllerForPresentation(using animator: TransitionAnimator) -> InteractiveTransitioning?
    func interactionControllerForDismissal(using animator: TransitionAnimator) -> InteractiveTransitioning?
    func presentationController(forPresented presented: ViewController, presenting: ViewController) -> PresentationController?
}

extension TransitioningDelegate {
    public func animationController(forPresented presented: ViewController, presenting: ViewController) -> TransitionAnimator? { nil }
    public func animationController(forDismissed dismissed: ViewController) -> TransitionAnimator? { nil }
    public func interactionControllerForPresentation(using animator: TransitionAnimator) -> InteractiveTransitioning? { nil }
    public func interactionControllerForDismissal(using animator: TransitionAnimator) -> InteractiveTransitioning? { nil }
    public func presentationController(forPresented presented: ViewController, presenting: ViewController) -> PresentationController? { nil }
}
