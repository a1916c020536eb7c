/// How a transition ended, as the host saw it.
public struct TransitionOutcome: Sendable, Equatable {
    public let kind: TransitionKind
    /// The animator's display name.
    public let animator: String
    /// The value passed to completeTransition (false when cancelled or cut off).
    public let completed: Bool
    /// The animator never called completeTransition; the host cancelled it.
    public let cutOff: Bool
    /// The interaction cancelled it (a gesture released short of half way): an outcome the
    /// user asked for, not a failure.
    public let cancelledByInteraction: Bool
    /// The duration the animator reported.
    public let duration: Double
    public let startTime: Double
    public let endTime: Double
    /// Ways in which the end state broke the contract; empty when it was verified.
    public let violations: [String]
    /// Why the animator failed (its process crashed, hung or sent garbage) and the host
    /// finished the transition with the standard cross-dissolve; nil when it did not fail.
    public var failure: String? = nil
    /// The steps a person sees as pops (MotionCheck), when the run checked its motion; not
    /// judged for a transition cut off or finished by the fallback, already not clean.
    public var motion: [MotionPop] = []
    /// Whether its animator declared that it cuts (TH_EFFECT_CUTS): its pops are notes.
    public var animatorCuts = false
    /// A dismissal its presentation controller refused (should_dismiss, isModalInPresentation):
    /// the gesture pulled at the screen and let go, and the screen stayed. An outcome the user
    /// and the app asked for, not a failure; no animator ran.
    public var refused = false

    /// Ended as asked, by the animator the delegate vended, the end state was verified, and
    /// nothing popped on the way.
    public var isClean: Bool {
        (completed || cancelledByInteraction || refused) && !cutOff && failure == nil && violations.isEmpty && motion.isEmpty
    }
}

/// One presentation or dismissal in flight, from the delegate's first call to animationEnded.
public final class ActiveTransition {
    public let context: TransitionContext
    public let animator: TransitionAnimator
    public let presentationController: PresentationController?
    let snapshot: HierarchySnapshot
    let startTime: Double
    /// When the host cuts the transition off if it has not completed.
    var deadline: Double = .infinity
    /// The driver's grace period, for those that move the deadline.
    var grace: Double = 2
    var wasCutOff = false
    /// The scene just before animateTransition, recorded only for an animator that can fail
    /// (FailableTransitionAnimator): what the fallback starts from.
    var sceneBeforeAnimator: HierarchySnapshot?
    /// Set when the animator reported that it failed; the driver falls back at the next frame.
    var failure: String?
    var fellBack = false
    /// The standard animator that took over after a failure, kept alive until the end.
    var fallbackAnimator: TransitionAnimator?
    /// The interaction controller driving it, when interactive.
    public internal(set) var interaction: InteractiveTransitioning?
    /// A gesture grabbed it mid-flight through its interruptible animator.
    var wasGrabbed = false
    public internal(set) var outcome: TransitionOutcome?

    init(context: TransitionContext, animator: TransitionAnimator, presentationController: PresentationController?,
         snapshot: HierarchySnapshot, startTime: Double) {
        self.context = context
        self.animator = animator
        self.presentationController = presentationController
        self.snapshot = snapshot
        self.startTime = startTime
    }
}
