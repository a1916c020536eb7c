/// UIViewControllerContextTransitioning and UIViewControllerTransitionCoordinator in one
/// object, shared by every participant of one transition. It is valid from the first call
/// that hands it out until the animator's animationEnded; after that it is `ended` and every
/// query from a plugin fails (PluginHost turns that into a stale-handle error).
public final class TransitionContext {
    public enum Key: UInt32, Sendable { case from = 0, to = 1 }
    public enum State: Equatable, Sendable {
        case running
        /// complete_transition was called (or the host cut the transition off); the cascade
        /// of completions runs next.
        case completing(Bool)
        /// Everything has run; the context is stale.
        case ended(Bool)
    }

    public let id: Int
    public let kind: TransitionKind
    public let containerView: View
    public let fromViewController: ViewController
    public let toViewController: ViewController
    public let fromView: View?
    /// The presented view controller's view, or the presentation controller's presentedView
    /// that wraps it (set once, after presentationTransitionWillBegin).
    public internal(set) var toView: View?
    public let presentationStyle: PresentationStyle
    public let isAnimated: Bool
    /// True from startInteractiveTransition until the interaction finishes or cancels.
    public internal(set) var isInteractive = false
    public internal(set) var transitionWasCancelled = false
    /// The animator of this transition; an interaction controller starts it.
    public internal(set) weak var animator: TransitionAnimator?
    /// The transition's own clock while it is interactive (nil otherwise).
    public internal(set) var timeline: TransitionTimeline?
    /// How far the interaction had got, in [0, 1].
    public internal(set) var percentComplete = 0.0
    /// The duration the animator reported; 0 until it has been asked.
    public internal(set) var transitionDuration: Double = 0
    /// The duration as it plays: transitionDuration times the engine's time dilation.
    public var playedDuration: Double { transitionDuration * containerView.scene.engine.timeDilation }
    public internal(set) var state: State = .running

    private let frames: [ObjectIdentifier: (initial: Rect, final: Rect)]
    public let trace: TransitionTrace
    /// Called once, with the outcome, when complete_transition is first called.
    var onComplete: ((Bool) -> Void)?

    typealias Alongside = (animation: ((TransitionContext) -> Void)?, completion: ((TransitionContext) -> Void)?)
    private(set) var alongside: [Alongside] = []
    private var alongsideStarted = false
    private var interactionHandlers: [(TransitionContext) -> Void] = []
    /// Told when the interaction ends, with the seconds the tail will take.
    var onInteractionEnded: ((Double) -> Void)?
    /// Told on every update of an interaction (the host pushes its cut-off back).
    var onInteractionActivity: (() -> Void)?

    init(
        id: Int, kind: TransitionKind, container: View, from: ViewController, to: ViewController,
        fromView: View?, toView: View?, style: PresentationStyle, animated: Bool,
        frames: [(ViewController, initial: Rect, final: Rect)], trace: TransitionTrace
    ) {
        self.id = id
        self.kind = kind
        self.containerView = container
        self.fromViewController = from
        self.toViewController = to
        self.fromView = fromView
        self.toView = toView
        self.presentationStyle = style
        self.isAnimated = animated
        self.trace = trace
        var table: [ObjectIdentifier: (initial: Rect, final: Rect)] = [:]
        for (vc, initial, final) in frames { table[ObjectIdentifier(vc)] = (initial, final) }
        self.frames = table
    }

    public var isEnded: Bool { if case .ended = state { return true } else { return false } }
    public var isRunning: Bool { state == .running }

    public func viewController(forKey key: Key) -> ViewController {
        key == .from ? fromViewController : toViewController
    }

    public func view(forKey key: Key) -> View? { key == .from ? fromView : toView }

    /// The frame at the start, in the container's coordinates; zero when unknown.
    public func initialFrame(for vc: ViewController) -> Rect { frames[ObjectIdentifier(vc)]?.initial ?? .zero }
    /// The frame at the end, in the container's coordinates; zero when unknown.
    public func finalFrame(for vc: ViewController) -> Rect { frames[ObjectIdentifier(vc)]?.final ?? .zero }

    /// Ends the transition. Only the first call counts; a later one is reported and ignored.
    /// The completion cascade runs after the caller returns, never inside its call.
    @discardableResult
    public func completeTransition(_ didComplete: Bool) -> Bool {
        guard state == .running else {
            trace.warning("completeTransition(\(didComplete)) called again after the transition had already \(isEnded ? "ended" : "been completed"); ignored")
            return false
        }
        state = .completing(didComplete)
        if !didComplete { transitionWasCancelled = true }
        trace.call("context.completeTransition(\(didComplete))")
        onComplete?(didComplete)
        return true
    }

    /// Told when the animator reports that it failed (see FailableTransitionAnimator).
    var onAnimatorFailure: ((String) -> Void)?

    /// The animator's code is gone (its process crashed, hung or sent garbage): the host
    /// takes over at the next frame. Only the first report counts. Safe to call from inside
    /// any call into the animator or any of its callbacks.
    public func animatorFailed(_ reason: String) {
        onAnimatorFailure?(reason)
        onAnimatorFailure = nil
    }

    /// The host ends a transition whose animator never completed it.
    func cutOff() {
        guard state == .running else { return }
        state = .completing(false)
        transitionWasCancelled = true
        onComplete?(false)
    }

    // MARK: Interaction (UIViewControllerContextTransitioning's interactive half)

    /// Calls `handler` when the transition stops being interactive (finish or cancel), as
    /// UIViewControllerTransitionCoordinator.notifyWhenInteractionChanges; `isCancelled` is
    /// `transitionWasCancelled` then.
    public func notifyWhenInteractionChanges(_ handler: @escaping (TransitionContext) -> Void) {
        interactionHandlers.append(handler)
    }

    /// What the interactive functions a plugin calls through the context move (ABI 1.1's
    /// update_interactive_transition and the rest): the transition's percent-driven engine,
    /// set when the transition starts interactive; nil for one that is not.
    public internal(set) weak var interactiveDriver: InteractiveDriving?

    /// Records progress; the interaction controller moves the timeline.
    func updateInteractiveTransition(_ percent: Double) {
        percentComplete = percent
        onInteractionActivity?()
    }

    /// The interaction is over: it finishes (`cancelled` false) or cancels, with a tail of
    /// `tail` seconds.
    /// UIViewControllerTransitionCoordinatorContext's completionVelocity and completionCurve:
    /// the speed and curve the tail plays at once the interaction has ended (the interaction
    /// controller's completion speed and curve); 1 and ease-in-out before, and for a
    /// transition that is not interactive.
    public private(set) var completionVelocity = 1.0
    public private(set) var completionCurve = TimingCurve.easeInOut

    func endInteraction(cancelled: Bool, tail: Double, speed: Double = 1, curve: TimingCurve = .easeInOut) {
        isInteractive = false
        completionVelocity = speed
        completionCurve = curve
        if cancelled { transitionWasCancelled = true }
        trace.call("coordinator.interactionChanged(cancelled: \(cancelled))")
        for handler in interactionHandlers { handler(self) }
        onInteractionEnded?(tail)
    }

    /// Registers blocks to run alongside the transition's animation. Accepted until the
    /// animation has started. `view` is accepted for UIKit's animateAlongsideTransition(in:):
    /// the block may animate views outside the container too, which every alongside block
    /// here may.
    @discardableResult
    public func animateAlongside(
        _ animation: ((TransitionContext) -> Void)?, completion: ((TransitionContext) -> Void)? = nil
    ) -> Bool {
        guard state == .running, !alongsideStarted else {
            trace.warning("animateAlongside called after the transition's animation had started; ignored")
            return false
        }
        alongside.append((animation, completion))
        return true
    }

    /// Whether blocks are waiting to run alongside the transition's animation.
    var hasAlongsideAnimations: Bool { alongside.contains { $0.animation != nil } }

    /// Runs the registered alongside animations in one animation with the animator's own
    /// timing (`animatorTiming`: its longest animation's duration, delay and curve, a spring
    /// included), as UIKit runs them inside the animator's animation; with the transition's
    /// duration on ease-in-out when the animator started none. Given the animator's
    /// interruptible animator, they are added to it instead, as UIKit adds them: paused,
    /// scrubbed, reversed and finished with it when a gesture grabs it.
    func startAlongsideAnimations(in engine: AnimationEngine, following animatorTiming: AnimationOptions?,
                                  inside interruptible: PropertyAnimator? = nil) {
        alongsideStarted = true
        let blocks = alongside.compactMap(\.animation)
        guard !blocks.isEmpty else { return }
        trace.call("coordinator.alongsideAnimations")
        let run = { for block in blocks { block(self) } }
        if let interruptible, (try? interruptible.addAnimations(run)) != nil { return }
        engine.animate(animatorTiming ?? AnimationOptions(duration: transitionDuration, curve: .easeInOut), animations: run)
    }

    func runAlongsideCompletions() {
        for completion in alongside.compactMap(\.completion) {
            trace.call("coordinator.alongsideCompletion")
            completion(self)
        }
    }
}
