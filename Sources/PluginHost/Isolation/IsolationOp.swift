/// The requests of the isolation protocol. Below 100: the plugin calls the host table (and
/// the host's extensions); from 100: the host calls the plugin (its interfaces and the
/// callbacks it handed to the host). Both ends are the same binary, so the numbers only have
/// to agree with themselves; they are spelled out so that a trace of the socket can be read.
public enum IsolationOp: UInt16, Sendable, CaseIterable {
    // th_host_api: transition context and coordinator.
    case containerView = 1, viewController, view, initialFrame, finalFrame
    case isAnimated, isInteractive, transitionWasCancelled, presentationStyle, transitionKind
    case completeTransition, animateAlongside, transitionDuration
    // th_host_api: views.
    case viewOfController = 20, createView, snapshotView, addSubview, insertSubviewBelow
    case removeFromSuperview, superview, convertRect
    // th_host_api: properties.
    case getFrame = 40, setFrame, getBounds, setBounds, getCenter, setCenter, getAlpha, setAlpha
    case getHidden, setHidden, getTransform, setTransform, getBackgroundColor, setBackgroundColor
    case getCornerRadius, setCornerRadius
    // th_host_api: animation and logging; the host's extensions.
    case animate = 70, log, animateWithCurve, animateKeyframes, addKeyframe, sharedViews, matchingView

    // The host calls the plugin.
    case loadPlugin = 100
    case createAnimator, animatorDuration, animateTransition, animationEnded, destroyAnimator
    case runAnimations = 120, runCompletion, runAlongside
    case createPresentation = 130, frameOfPresentedView, presentationWillBegin, presentationDidEnd
    case dismissalWillBegin, dismissalDidEnd, containerWillLayout, shouldRemovePresenters, destroyPresentation
    case delegateAnimatorFor = 150, delegatePresentation
    /// Answers at once: the benchmark's measure of one round trip.
    case ping = 199
}
