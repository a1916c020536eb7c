import CTransitionABI
import TransitionCore

/// Every function a plugin offers the host (the fields of its four interface structs),
/// described once: its C name, its interface, the ABI minor version that added it, the
/// isolation protocol's request that calls it in an isolated plugin's process, and, for an
/// instance's functions, its C type: HostFunctions' counterpart, for the other side of the ABI.
///
/// An instance's functions (all but create, destroy and the delegate's) cross to an isolated
/// plugin by their C type alone: the host's proxies send the arguments by it
/// (IsolatedPluginProcess.call(_:instance:during:_:)), and the child reads them by it and calls
/// the field through libffi (IsolatedPluginChild.serveInstanceCall), so adding one takes its
/// declaration in the header, its entry here (a request and a type), the proxy's method that
/// gives it meaning, and the in-process bridge's. The making and ending of instances and the
/// delegate's questions cross by code of their own. The tests hold the list to the header's
/// structs and to the requests (PluginFunctionsTests), and every instance function to its C
/// type and its NULL answer in process and isolated alike.
public enum PluginFunctions {
    public struct Function: Sendable {
        public let kind: EffectKind
        public let name: String
        /// ABI 1.x that added it: a plugin built from an older header has no such field.
        public let sinceMinor: Int
        public let request: IsolationOp
        /// How an isolated child calls it, for an instance's function; nil for the others.
        public let instanceCall: InstanceCall?

        package init(kind: EffectKind, name: String, sinceMinor: Int, request: IsolationOp, calls: InstanceCall? = nil) {
            self.kind = kind
            self.name = name
            self.sinceMinor = sinceMinor
            self.request = request
            instanceCall = calls
        }
    }

    /// An instance's function as the isolated child calls it.
    public struct InstanceCall: Sendable {
        /// Its C type in the header's signature letters, the instance first (`p`). A handle
        /// (th_context, th_view: a struct of one uint64_t) passes and returns as `L`, as the
        /// C calling conventions of x86-64 and AArch64 pass such a struct.
        public let signature: String
        /// What each `p` after the instance points at.
        public let pointers: [Pointer]
        /// What the host gets when the field is NULL or lies past the plugin's struct (a
        /// plugin built from an older header): UIKit's default for an optional method.
        public let absent: CallValue
        /// `signature`, parsed once (the list is the code's own: a typo fails every test).
        public let parsed: Signature

        package init(_ signature: String, pointers: [Pointer] = [], absent: CallValue = .void) {
            self.signature = signature
            self.pointers = pointers
            self.absent = absent
            parsed = try! Signature(parsing: signature)
        }
    }

    /// A pointer an instance's function takes.
    public enum Pointer: Sendable {
        /// `const th_gesture_event *`: the host sends the event; the child points at its copy.
        case gestureEvent
        /// `th_rect *` the plugin may write: set to the rect argument before it, and sent back
        /// after the result.
        case outRect
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
        Function(kind: .animator, name: "transition_duration", sinceMinor: 0, request: .animatorDuration, calls: .init("d(pL)", absent: .double(.nan))),
        Function(kind: .animator, name: "animate_transition", sinceMinor: 0, request: .animateTransition, calls: .init("v(pL)")),
        Function(kind: .animator, name: "animation_ended", sinceMinor: 0, request: .animationEnded, calls: .init("v(pb)")),
        Function(kind: .animator, name: "interruptible_animator", sinceMinor: 1, request: .interruptibleAnimator, calls: .init("L(pL)", absent: .uint(0))),

        Function(kind: .presentationController, name: "create", sinceMinor: 0, request: .createPresentation),
        Function(kind: .presentationController, name: "destroy", sinceMinor: 0, request: .destroyPresentation),
        Function(kind: .presentationController, name: "frame_of_presented_view", sinceMinor: 0, request: .frameOfPresentedView,
                 calls: .init("b(pRp)", pointers: [.outRect], absent: .bool(false))),
        Function(kind: .presentationController, name: "presentation_will_begin", sinceMinor: 0, request: .presentationWillBegin, calls: .init("v(pL)")),
        Function(kind: .presentationController, name: "presentation_did_end", sinceMinor: 0, request: .presentationDidEnd, calls: .init("v(pb)")),
        Function(kind: .presentationController, name: "dismissal_will_begin", sinceMinor: 0, request: .dismissalWillBegin, calls: .init("v(pL)")),
        Function(kind: .presentationController, name: "dismissal_did_end", sinceMinor: 0, request: .dismissalDidEnd, calls: .init("v(pb)")),
        Function(kind: .presentationController, name: "container_will_layout", sinceMinor: 0, request: .containerWillLayout, calls: .init("v(pL)")),
        Function(kind: .presentationController, name: "should_remove_presenters_view", sinceMinor: 0, request: .shouldRemovePresenters,
                 calls: .init("b(p)", absent: .bool(true))),
        Function(kind: .presentationController, name: "presented_view", sinceMinor: 1, request: .presentedView, calls: .init("L(pL)", absent: .uint(0))),
        Function(kind: .presentationController, name: "should_dismiss", sinceMinor: 2, request: .shouldDismiss, calls: .init("b(p)", absent: .bool(true))),
        Function(kind: .presentationController, name: "did_attempt_to_dismiss", sinceMinor: 2, request: .didAttemptToDismiss, calls: .init("v(p)")),
        Function(kind: .presentationController, name: "detent_count", sinceMinor: 2, request: .detentCount, calls: .init("I(p)", absent: .uint(0))),
        Function(kind: .presentationController, name: "detent_height", sinceMinor: 2, request: .detentHeight, calls: .init("d(pIR)", absent: .double(.nan))),
        Function(kind: .presentationController, name: "detent_did_change", sinceMinor: 2, request: .detentDidChange, calls: .init("v(pI)")),
        Function(kind: .presentationController, name: "view_will_transition_to_size", sinceMinor: 2, request: .viewWillTransitionToSize,
                 calls: .init("v(pZ)")),
        Function(kind: .presentationController, name: "container_did_layout", sinceMinor: 2, request: .containerDidLayout, calls: .init("v(pL)")),

        Function(kind: .interactionController, name: "create", sinceMinor: 1, request: .createInteraction),
        Function(kind: .interactionController, name: "destroy", sinceMinor: 1, request: .destroyInteraction),
        Function(kind: .interactionController, name: "start_interactive_transition", sinceMinor: 1, request: .startInteractive, calls: .init("v(pL)")),
        Function(kind: .interactionController, name: "gesture", sinceMinor: 1, request: .gestureEvent, calls: .init("v(pLp)", pointers: [.gestureEvent])),
        Function(kind: .interactionController, name: "completion_speed", sinceMinor: 1, request: .completionSpeed, calls: .init("d(p)", absent: .double(1))),
        Function(kind: .interactionController, name: "completion_curve", sinceMinor: 1, request: .completionCurve,
                 calls: .init("I(p)", absent: .uint(UInt64(TH_CURVE_EASE_IN_OUT)))),

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
        byRequest[request]
    }

    /// The function `request` calls; only for a request that calls one (never .loadPlugin,
    /// .runCallback or .ping).
    public static subscript(_ request: IsolationOp) -> Function {
        guard let function = byRequest[request] else { preconditionFailure("request \(request) calls no plugin function") }
        return function
    }

    private static let byRequest: [IsolationOp: Function] = Dictionary(uniqueKeysWithValues: all.map { ($0.request, $0) })

    /// Where a function's pointer lies in its interface struct: after struct_size, padded to
    /// a pointer's alignment, the fields in the header's order (PluginFunctionsTests checks
    /// the layout against the header).
    public static func offset(of function: Function) -> Int {
        let position = all.filter { $0.kind == function.kind }.firstIndex { $0.name == function.name } ?? 0
        return MemoryLayout<UnsafeRawPointer>.size * (1 + position)
    }
}
