/// The requests of the isolation protocol. From 1 to 999: the plugin calls a host function,
/// request N being HostFunctions.all[N − 1] (HostFunctions.request(for:)); from 1000: the
/// host calls the plugin (its interfaces and the callbacks it handed to the host). Both ends
/// are the same binary, so the numbers only have to agree with themselves; they are spelled
/// out so that a trace of the socket can be read.
public enum IsolationOp: UInt16, Sendable, CaseIterable {
    case loadPlugin = 1000
    case createAnimator, animatorDuration, animateTransition, animationEnded, destroyAnimator, interruptibleAnimator
    /// Runs a callback the plugin handed to a host function: its token, its place among that
    /// function's callbacks, then what the callback's kind takes (HostCallWire).
    case runCallback = 1020
    case createPresentation = 1030, frameOfPresentedView, presentationWillBegin, presentationDidEnd
    case dismissalWillBegin, dismissalDidEnd, containerWillLayout, shouldRemovePresenters, destroyPresentation
    /// ABI 1.1: presented_view.
    case presentedView
    /// ABI 1.2: a modal sheet and its detents.
    case shouldDismiss = 1045, didAttemptToDismiss, detentCount, detentHeight, detentDidChange
    /// ABI 1.2: a size change.
    case viewWillTransitionToSize = 1070, containerDidLayout
    case delegateAnimatorFor = 1050, delegatePresentation, delegateInteractionFor, delegateAnimatorForScreens
    // ABI 1.1: interaction controllers.
    case createInteraction = 1060, startInteractive, gestureEvent, completionSpeed, completionCurve, destroyInteraction
    /// Answers at once: the benchmark's measure of one round trip.
    case ping = 1099

    /// The first request number that is the host calling the plugin.
    static let firstPluginCall: UInt16 = 1000
}
