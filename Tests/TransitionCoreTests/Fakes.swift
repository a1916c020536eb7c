@testable import TransitionCore

// Fake participants for the transition tests. Every fake writes what the host made it do into
// one shared CallLog, so a test can check the interleaving across participants independently
// of the host's own trace (which the host writes before it calls).

/// An ordered record of the calls the host made into the fakes of one test.
final class CallLog {
    private(set) var entries: [String] = []
    func record(_ entry: String) { entries.append(entry) }
}

/// How a FakeAnimator ends its transition.
enum AnimatorEnding: Sendable, CustomStringConvertible {
    /// Animates, then calls completeTransition(true) from the animation's completion.
    case complete
    /// Animates, cleans up, then calls completeTransition(false).
    case cancel
    /// Animates and never calls completeTransition.
    case never
    /// Calls completeTransition(true), then again with `secondVerdict`, from the animation's
    /// completion.
    case twice
    /// Puts the views in their end state and calls completeTransition(true) inside
    /// animateTransition, before returning.
    case synchronously

    var description: String {
        switch self {
        case .complete: return "complete"
        case .cancel: return "cancel"
        case .never: return "never"
        case .twice: return "twice"
        case .synchronously: return "synchronously"
        }
    }
}

/// A UIViewControllerAnimatedTransitioning that slides the moving view in from the right
/// (presentation) or out to the right (dismissal), over the duration the host settled on.
final class FakeAnimator: TransitionAnimator {
    let displayName: String
    let log: CallLog
    /// What transitionDuration returns (may be NaN or negative, to test the host).
    var duration: Double
    var ending: AnimatorEnding
    /// On cancel, adds a view named "stray" to the window and leaves it there.
    var leavesStrayViewOnCancel = false
    /// The verdict of the second call, for `.twice`.
    var secondVerdict = true
    /// How long the animator's own animation runs; nil for the duration the host settled on.
    var animationDuration: Double?

    private(set) var context: TransitionContext?
    /// The finished flag of each completion of the animator's own animation.
    private(set) var animationFinishedFlags: [Bool] = []
    /// What each completeTransition call returned.
    private(set) var completeResults: [Bool] = []
    private(set) var animationEndedCalls: [Bool] = []
    /// Whether animationEnded had already been called when animateTransition returned.
    private(set) var endedBeforeAnimateTransitionReturned: Bool?
    private(set) var strayView: View?
    private var dismissStartFrame: Rect?
    private var insertedToView = false

    init(_ displayName: String = "fake-slide", log: CallLog, duration: Double = 0.5, ending: AnimatorEnding = .complete) {
        self.displayName = displayName
        self.log = log
        self.duration = duration
        self.ending = ending
    }

    func transitionDuration(using context: TransitionContext) -> Double {
        log.record("animator.transitionDuration")
        return duration
    }

    func animateTransition(using context: TransitionContext) {
        log.record("animator.animateTransition")
        self.context = context
        let container = context.containerView
        let engine = container.scene.engine
        let offset = container.bounds.size.width
        // By default the host's sanitised duration, so a NaN from transitionDuration does not
        // reach the engine.
        let options = AnimationOptions(duration: animationDuration ?? context.transitionDuration, curve: .easeInOut)

        if context.kind == .present {
            guard let to = context.toView else { complete(false); return }
            container.addSubview(to)
            let final = context.finalFrame(for: context.toViewController)
            if ending == .synchronously {
                to.frame = final
                complete(true)
            } else {
                to.frame = final.offsetBy(dx: offset, dy: 0)
                engine.animate(options, animations: { to.frame = final }, completion: { [self] finished in
                    animationDidFinish(finished, context)
                })
            }
        } else {
            guard let from = context.fromView else { complete(false); return }
            // Back under everything the presentation put in the container (a dimming view), so
            // that it shows only as what covers it goes.
            if let to = context.toView, to.superview !== container {
                container.insertSubview(to, at: 0)
                insertedToView = true
            }
            let start = from.frame
            dismissStartFrame = start
            if ending == .synchronously {
                from.removeFromSuperview()
                complete(true)
            } else {
                engine.animate(options, animations: { from.frame = start.offsetBy(dx: offset, dy: 0) },
                               completion: { [self] finished in animationDidFinish(finished, context) })
            }
        }
        endedBeforeAnimateTransitionReturned = !animationEndedCalls.isEmpty
        log.record("animator.animateTransition returns")
    }

    private func animationDidFinish(_ finished: Bool, _ context: TransitionContext) {
        animationFinishedFlags.append(finished)
        log.record("animator.animationCompletion(\(finished))")
        let presenting = context.kind == .present
        switch ending {
        case .complete, .synchronously:
            if !presenting { context.fromView?.removeFromSuperview() }
            complete(true)
        case .twice:
            if !presenting { context.fromView?.removeFromSuperview() }
            complete(true)
            complete(secondVerdict)
        case .cancel:
            if presenting {
                context.toView?.removeFromSuperview()
            } else {
                if let start = dismissStartFrame { context.fromView?.frame = start }
                if insertedToView { context.toView?.removeFromSuperview() }
            }
            if leavesStrayViewOnCancel {
                let window = context.containerView.root
                let stray = window.scene.makeView(name: "stray", frame: Rect(x: 10, y: 10, width: 20, height: 20))
                window.addSubview(stray)
                strayView = stray
            }
            complete(false)
        case .never:
            break
        }
    }

    private func complete(_ ok: Bool) {
        completeResults.append(context!.completeTransition(ok))
    }

    /// completeTransition from this animator at a later time, after the host has moved on.
    @discardableResult
    func completeLate(_ ok: Bool) -> Bool {
        let result = context!.completeTransition(ok)
        completeResults.append(result)
        return result
    }

    func animationEnded(_ transitionCompleted: Bool) {
        log.record("animator.animationEnded(\(transitionCompleted))")
        animationEndedCalls.append(transitionCompleted)
    }
}

/// A UIPresentationController that adds a dimming view behind the presented view and fades it
/// with alongside animations; optionally gives the presented view a frame and keeps the
/// presenter's view on screen.
final class FakePresentationController: PresentationController {
    let displayName = "fake-dimming"
    let log: CallLog
    var presentedFrame: Rect?
    var removesPresentersView = true
    /// On a cancelled presentation, removes the dimming view (as the contract asks).
    var removesDimmingOnCancel = true
    private(set) var dimmingView: View?
    /// presentedView: when set, presentationTransitionWillBegin wraps the presented view in a
    /// view of this name at the presented frame (the presented view filling it), and
    /// presentedView gives that wrapper.
    var wrapperName: String?
    private(set) var wrapper: View?
    /// presentedView gives this view instead: one that does not hold the presented view.
    var strayPresentedView: View?

    init(log: CallLog, presentedFrame: Rect? = nil) {
        self.log = log
        self.presentedFrame = presentedFrame
    }

    func frameOfPresentedView(inContainerBounds bounds: Rect) -> Rect? {
        log.record("presentationController.frameOfPresentedViewInContainerView")
        return presentedFrame
    }

    func presentationTransitionWillBegin(_ context: TransitionContext) {
        log.record("presentationController.presentationTransitionWillBegin")
        let container = context.containerView
        let dimming = container.scene.makeView(name: "dimming", frame: container.bounds)
        dimming.backgroundColor = .black
        dimming.alpha = 0
        container.insertSubview(dimming, at: 0)
        dimmingView = dimming
        if let wrapperName {
            let frame = presentedFrame ?? container.bounds
            let wrapper = container.scene.makeView(name: wrapperName, frame: frame)
            let presented = context.viewController(forKey: .to).view
            presented.frame = Rect(origin: .zero, size: frame.size)
            wrapper.addSubview(presented)
            self.wrapper = wrapper
        }
        context.animateAlongside({ [log] _ in
            log.record("alongside.animation")
            dimming.alpha = 1
        }, completion: { [log] _ in
            log.record("alongside.completion")
        })
    }

    func presentedView(for presented: View) -> View? {
        log.record("presentationController.presentedView")
        return strayPresentedView ?? wrapper
    }

    func presentationTransitionDidEnd(_ completed: Bool) {
        log.record("presentationController.presentationTransitionDidEnd(\(completed))")
        if !completed && removesDimmingOnCancel { dimmingView?.removeFromSuperview() }
    }

    func dismissalTransitionWillBegin(_ context: TransitionContext) {
        log.record("presentationController.dismissalTransitionWillBegin")
        guard let dimming = dimmingView else { return }
        context.animateAlongside({ [log] _ in
            log.record("alongside.animation")
            dimming.alpha = 0
        }, completion: { [log] _ in
            log.record("alongside.completion")
        })
    }

    func dismissalTransitionDidEnd(_ completed: Bool) {
        log.record("presentationController.dismissalTransitionDidEnd(\(completed))")
        if completed { dimmingView?.removeFromSuperview() }
    }

    func containerViewWillLayoutSubviews(_ container: View) {
        log.record("presentationController.containerViewWillLayoutSubviews")
        dimmingView?.frame = container.bounds
    }

    func containerViewDidLayoutSubviews(_ container: View) {
        log.record("presentationController.containerViewDidLayoutSubviews")
    }

    func viewWillTransition(to size: Size) {
        log.record("presentationController.viewWillTransition(to: \(size.width) × \(size.height))")
    }

    var shouldRemovePresentersView: Bool { removesPresentersView }
}

/// An interaction controller the host is expected to report and not use.
final class FakeInteractionController: InteractiveTransitioning {
    private(set) var started = 0
    func startInteractiveTransition(_ context: TransitionContext) { started += 1 }
}

/// A UIViewControllerTransitioningDelegate vending fixed objects; nil means "the standard".
final class FakeDelegate: TransitioningDelegate {
    let log: CallLog
    var presentAnimator: TransitionAnimator?
    var dismissAnimator: TransitionAnimator?
    var presentationControllerToVend: PresentationController?
    var interactionController: InteractiveTransitioning?

    init(log: CallLog, present: TransitionAnimator? = nil, dismiss: TransitionAnimator? = nil,
         presentationController: PresentationController? = nil) {
        self.log = log
        self.presentAnimator = present
        self.dismissAnimator = dismiss
        self.presentationControllerToVend = presentationController
    }

    func animationController(forPresented presented: ViewController, presenting: ViewController) -> TransitionAnimator? {
        log.record("delegate.animationControllerForPresented")
        return presentAnimator
    }

    func animationController(forDismissed dismissed: ViewController) -> TransitionAnimator? {
        log.record("delegate.animationControllerForDismissed")
        return dismissAnimator
    }

    func interactionControllerForPresentation(using animator: TransitionAnimator) -> InteractiveTransitioning? {
        log.record("delegate.interactionControllerForPresentation")
        return interactionController
    }

    func interactionControllerForDismissal(using animator: TransitionAnimator) -> InteractiveTransitioning? {
        log.record("delegate.interactionControllerForDismissal")
        return interactionController
    }

    func presentationController(forPresented presented: ViewController, presenting: ViewController) -> PresentationController? {
        log.record("delegate.presentationControllerForPresented")
        return presentationControllerToVend
    }
}

/// A registry entry whose objects are fakes.
final class FakeEffectProvider: EffectProvider {
    let info: EffectInfo
    let log: CallLog
    var ending: AnimatorEnding = .complete
    var animatorChoice: String?
    var presentationChoice: String?
    private(set) var madeAnimators: [(TransitionKind, [Double])] = []
    private(set) var madePresentationControllers = 0

    init(plugin: String, effect: String, kind: EffectKind = .animator, transitions: TransitionSet = [.present, .dismiss],
         defaultDuration: Double = 0.4, parameters: [EffectParameter] = [], log: CallLog = CallLog()) {
        info = EffectInfo(
            pluginID: plugin, effectID: effect, displayName: effect, summary: "A fake \(kind.name).", kind: kind,
            transitions: transitions, defaultDuration: defaultDuration, parameters: parameters)
        self.log = log
    }

    func makeAnimator(for transition: TransitionKind, parameters: [Double], trace: TransitionTrace) -> TransitionAnimator? {
        guard info.kind == .animator else { return nil }
        madeAnimators.append((transition, parameters))
        return FakeAnimator(info.qualifiedName, log: log, duration: info.defaultDuration, ending: ending)
    }

    func makePresentationController(parameters: [Double], trace: TransitionTrace) -> PresentationController? {
        guard info.kind == .presentationController else { return nil }
        madePresentationControllers += 1
        return FakePresentationController(log: log, presentedFrame: Rect(x: 20, y: 200, width: 350, height: 600))
    }

    func delegateAnimatorChoice(for transition: TransitionKind) -> String? { animatorChoice }
    func delegatePresentationChoice() -> String? { presentationChoice }
}

/// A window with a presenter ("home", with a header) and a screen to present ("detail", with
/// a body), a trace on the scene's clock and a modal presenter.
struct Stage {
    static let windowSize = Size(width: 400, height: 800)
    static let bounds = Rect(origin: .zero, size: windowSize)
    static let detailInitialFrame = Rect(x: 0, y: 0, width: 320, height: 480)

    let scene: Scene
    let trace: TransitionTrace
    let presenter: ModalPresenter
    let home: ViewController
    let detail: ViewController
    let log = CallLog()

    init(framesPerSecond: Int = 60, grace: Double = 2) {
        scene = Scene(windowSize: Self.windowSize, clock: VirtualClock(framesPerSecond: framesPerSecond))
        let engine = scene.engine
        trace = TransitionTrace { engine.now }
        presenter = ModalPresenter(scene: scene, trace: trace, grace: grace)

        let homeView = scene.makeView(name: "home", frame: Self.bounds)
        homeView.addSubview(scene.makeView(name: "home.header", frame: Rect(x: 0, y: 0, width: 400, height: 100)))
        scene.window.addSubview(homeView)
        home = ViewController(name: "home", view: homeView)

        // Not yet laid out: the presentation gives it its final frame.
        let detailView = scene.makeView(name: "detail", frame: Self.detailInitialFrame)
        detailView.addSubview(scene.makeView(name: "detail.body", frame: Rect(x: 0, y: 100, width: 400, height: 700)))
        detail = ViewController(name: "detail", view: detailView)
    }

    var window: View { scene.window }
    var engine: AnimationEngine { scene.engine }

    /// A snapshot of the window and the detail view, before anything happens.
    func record() -> HierarchySnapshot { HierarchySnapshot(root: window, extra: [detail.view]) }

    /// Presents `detail` from `home` and runs the transition to its end.
    @discardableResult
    func present(onFrame: () -> Void = {}) throws -> (ActiveTransition, TransitionOutcome) {
        let transition = try presenter.present(detail, from: home) { [log] in log.record("presentation.completion") }
        let outcome = presenter.run(transition, onFrame: onFrame)
        return (transition, outcome)
    }

    /// Dismisses `detail` and runs the transition to its end.
    @discardableResult
    func dismiss(onFrame: () -> Void = {}) throws -> (ActiveTransition, TransitionOutcome) {
        let transition = try presenter.dismiss(detail) { [log] in log.record("dismissal.completion") }
        let outcome = presenter.run(transition, onFrame: onFrame)
        return (transition, outcome)
    }
}
