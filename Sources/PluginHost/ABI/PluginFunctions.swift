import TransitionCore

/// Every function a plugin offers the host (the fields of its four interface structs),
/// described once: its C name, its interface, the ABI minor version that added it, and the
/// isolation protocol's request that calls it in an isolated plugin's process: HostFunctions'
/// counterpart, for the other side of the ABI.
///
/// The in-process bridge, the isolated side's proxies (IsolatedEffect) and the child's
/// dispatch (IsolatedPluginChild.serve) are still written per function; the tests hold them
/// to this list (PluginFunctionsTests): every field of each interface struct is listed, in the
/// header's order, each with a request of its own (and the child's switch over the requests
/// is exhaustive), so that a function added to the header without its isolated path fails.
public enum PluginFunctions {
    public struct Function: Sendable {
        public let kind: EffectKind
        public let name: String
        /// ABI 1.x that added it: a plugin built from an older header has no such field.
        public let sinceMinor: Int
        public let request: IsolationOp
    }

    /// The interface struct of each kind of effect, as the header names it.
    public static func structName(_ kind: EffectKind) -> String {
        switch kind {
        case .animator: "th_animator_interface"
        case .presentationController: "th_presentation_interface"
        case .interactionController: "th_interaction_interface"
        case .transitioningDelegate: "th_delegate_interface"
        }
    }

    public static let all: [Function] = [
        Function(kind: .animator, name: "create", sinceMinor: 0, request: .createAnimator),
        Function(kind: .animator, name: "destroy", sinceMinor: 0, request: .destroyAnimator),
        Function(kind: .animator, name: "transition_duration", sinceMinor: 0, request: .animatorDuration),
        Function(kind: .animator, name: "animate_transition", sinceMinor: 0, request: .animateTransition),
        Function(kind: .animator, name: "animation_ended", sinceMinor: 0, request: .animationEnded),
        Function(kind: .animator, name: "interruptible_animator", sinceMinor: 1, request: .interruptibleAnimator),

        Function(kind: .presentationController, name: "create", sinceMinor: 0, request: .createPresentation),
        Function(kind: .presentationController, name: "destroy", sinceMinor: 0, request: .destroyPresentation),
        Function(kind: .presentationController, name: "frame_of_presented_view", sinceMinor: 0, request: .frameOfPresentedView),
        Function(kind: .presentationController, name: "presentation_will_begin", sinceMinor: 0, request: .presentationWillBegin),
        Function(kind: .presentationController, name: "presentation_did_end", sinceMinor: 0, request: .presentationDidEnd),
        Function(kind: .presentationController, name: "dismissal_will_begin", sinceMinor: 0, request: .dismissalWillBegin),
        Function(kind: .presentationController, name: "dismissal_did_end", sinceMinor: 0, request: .dismissalDidEnd),
        Function(kind: .presentationController, name: "container_will_layout", sinceMinor: 0, request: .containerWillLayout),
        Function(kind: .presentationController, name: "should_remove_presenters_view", sinceMinor: 0, request: .shouldRemovePresenters),
        Function(kind: .presentationController, name: "presented_view", sinceMinor: 1, request: .presentedView),

        Function(kind: .interactionController, name: "create", sinceMinor: 1, request: .createInteraction),
        Function(kind: .interactionController, name: "destroy", sinceMinor: 1, request: .destroyInteraction),
        Function(kind: .interactionController, name: "start_interactive_transition", sinceMinor: 1, request: .startInteractive),
        Function(kind: .interactionController, name: "gesture", sinceMinor: 1, request: .gestureEvent),
        Function(kind: .interactionController, name: "completion_speed", sinceMinor: 1, request: .completionSpeed),
        Function(kind: .interactionController, name: "completion_curve", sinceMinor: 1, request: .completionCurve),

        Function(kind: .transitioningDelegate, name: "animator_for", sinceMinor: 0, request: .delegateAnimatorFor),
        Function(kind: .transitioningDelegate, name: "presentation_controller", sinceMinor: 0, request: .delegatePresentation),
        Function(kind: .transitioningDelegate, name: "interaction_controller_for", sinceMinor: 1, request: .delegateInteractionFor),
        Function(kind: .transitioningDelegate, name: "animator_for_screens", sinceMinor: 1, request: .delegateAnimatorForScreens),
    ]

    /// The requests that call no plugin function: the plugin's loading, a callback it handed to
    /// a host function (HostCallWire), and the benchmark's round trip.
    public static let otherRequests: Set<IsolationOp> = [.loadPlugin, .runCallback, .ping]

    /// The function a request calls, named as the header names it (for reports).
    public static func function(calledBy request: IsolationOp) -> Function? {
        all.first { $0.request == request }
    }
}
