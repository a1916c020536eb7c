/// Presents and dismisses view controllers modally in a scene's window, calling the
/// participants in the order of Apple's guide:
///
///   delegate.animationController → delegate.interactionController →
///   [custom style: delegate.presentationController → presentationController.willBegin →
///   containerViewWillLayoutSubviews] → animator.transitionDuration → animator.animateTransition
///   → … context.completeTransition(ok) → presentationController.didEnd(ok) → alongside
///   completions → the host's end-state check → the caller's completion → animator.animationEnded(ok)
///
/// After every transition it checks the end state and records what broke the contract.
public final class ModalPresenter {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case alreadyPresenting(String)
        case notPresented(String)

        public var description: String {
            switch self {
            case .alreadyPresenting(let name): return "'\(name)' is already presenting a view controller"
            case .notPresented(let name): return "'\(name)' is not presented"
            }
        }
    }

    public let scene: Scene
    public let trace: TransitionTrace
    /// Virtual seconds a transition may run past its duration before the host cuts it off.
    public var grace: Double

    private var engine: AnimationEngine { scene.engine }
    private var nextTransitionID = 0
    /// Where each presented view controller's presenter view lived before the presentation,
    /// so that a dismissal can put it back; and the container of that presentation.
    private var presentations: [ObjectIdentifier: PresentationRecord] = [:]

    struct PresentationRecord {
        let container: View
        let presenterParent: View?
        let presenterIndex: Int
        let presenterFrame: Rect
        let removedPresenter: Bool
    }

    public init(scene: Scene, trace: TransitionTrace, grace: Double = 2) {
        self.scene = scene
        self.trace = trace
        self.grace = grace
    }

    // MARK: Presenting

    public func present(
        _ presented: ViewController, from presenter: ViewController, completion: (() -> Void)? = nil
    ) throws -> ActiveTransition {
        guard presenter.presentedViewController == nil else { throw Failure.alreadyPresenting(presenter.name) }
        let delegate = presented.transitioningDelegate
        trace.call("delegate.animationControllerForPresented")
        let animator = delegate?.animationController(forPresented: presented, presenting: presenter)
            ?? standardAnimator(for: presented)
        trace.call("delegate.interactionControllerForPresentation")
        if delegate?.interactionControllerForPresentation(using: animator) != nil {
            trace.warning("an interaction controller was vended; interactive transitions are not supported yet, so it runs non-interactively")
        }
        var controller: PresentationController?
        if presented.modalPresentationStyle == .custom {
            trace.call("delegate.presentationControllerForPresented")
            controller = delegate?.presentationController(forPresented: presented, presenting: presenter)
            if controller == nil {
                trace.warning("custom presentation style but no presentation controller; presenting full screen")
            }
        }

        let window = scene.window!
        let snapshot = HierarchySnapshot(root: window, extra: [presented.view])
        let container = scene.makeView(name: "container", frame: window.bounds)
        window.addSubview(container)

        var finalFrame = container.bounds
        if let controller {
            trace.call("presentationController.frameOfPresentedViewInContainerView")
            if let frame = controller.frameOfPresentedView(inContainerBounds: container.bounds) {
                if frame.isValid { finalFrame = frame } else {
                    trace.warning("'\(controller.displayName)' gave an invalid frame for the presented view \(describe(frame)); using the container's bounds")
                }
            }
        }
        let removesPresenter = controller.map(\.shouldRemovePresentersView)
            ?? (presented.modalPresentationStyle != .overFullScreen)
        let presenterView = presenter.view
        presentations[ObjectIdentifier(presented)] = PresentationRecord(
            container: container, presenterParent: presenterView.superview,
            presenterIndex: presenterView.superview?.subviews.firstIndex { $0 === presenterView } ?? 0,
            presenterFrame: presenterView.frame, removedPresenter: removesPresenter)

        nextTransitionID += 1
        let context = TransitionContext(
            id: nextTransitionID, kind: .present, container: container, from: presenter, to: presented,
            fromView: removesPresenter ? presenterView : nil, toView: presented.view,
            style: controller == nil ? .fullScreen : .custom, animated: true,
            frames: [(presenter, presenterView.frame, presenterView.frame), (presented, .zero, finalFrame)],
            trace: trace)
        let transition = ActiveTransition(
            context: context, animator: animator, presentationController: controller, snapshot: snapshot,
            startTime: engine.now)
        context.onComplete = { [unowned self, unowned transition] ok in
            engine.runSoon { self.finishPresentation(transition, ok, completion: completion) }
        }
        begin(transition) { controller, context in
            trace.call("presentationController.presentationTransitionWillBegin")
            controller.presentationTransitionWillBegin(context)
        }
        return transition
    }

    private func finishPresentation(_ transition: ActiveTransition, _ ok: Bool, completion: (() -> Void)?) {
        let context = transition.context
        let presented = context.toViewController, presenter = context.fromViewController
        withOwner(context.id) {
            if let controller = transition.presentationController {
                trace.call("presentationController.presentationTransitionDidEnd(\(ok))")
                controller.presentationTransitionDidEnd(ok)
            }
            context.runAlongsideCompletions()
            var violations: [String] = []
            if ok {
                let view = presented.view
                if view.superview !== context.containerView {
                    violations.append("the presented view '\(view.name)' is not in the container after the presentation")
                }
                let expected = context.finalFrame(for: presented)
                if !view.frame.isClose(to: expected, tolerance: 0.01) {
                    violations.append("the presented view '\(view.name)' ends at \(describe(view.frame)), not at its final frame \(describe(expected))")
                }
                if presentations[ObjectIdentifier(presented)]?.removedPresenter == true {
                    presenter.view.removeFromSuperview()
                }
                presenter.presentedViewController = presented
                presented.presentingViewController = presenter
                presented.presentationController = transition.presentationController
            } else {
                if !transition.wasCutOff {
                    violations += transition.snapshot.differences(ignoring: [context.containerView])
                        .map { "after the cancelled presentation, \($0)" }
                }
                transition.snapshot.restore()
                presentations[ObjectIdentifier(presented)] = nil
            }
            end(transition, ok, violations: violations, completion: completion, completionName: "presentation.completion")
        }
    }

    // MARK: Dismissing

    public func dismiss(_ presented: ViewController, completion: (() -> Void)? = nil) throws -> ActiveTransition {
        guard let presenter = presented.presentingViewController,
              let record = presentations[ObjectIdentifier(presented)]
        else { throw Failure.notPresented(presented.name) }
        let delegate = presented.transitioningDelegate
        trace.call("delegate.animationControllerForDismissed")
        let animator = delegate?.animationController(forDismissed: presented) ?? standardAnimator(for: presented)
        trace.call("delegate.interactionControllerForDismissal")
        if delegate?.interactionControllerForDismissal(using: animator) != nil {
            trace.warning("an interaction controller was vended; interactive transitions are not supported yet, so it runs non-interactively")
        }
        let controller = presented.presentationController
        let window = scene.window!
        let snapshot = HierarchySnapshot(root: window, extra: [presenter.view])

        nextTransitionID += 1
        let context = TransitionContext(
            id: nextTransitionID, kind: .dismiss, container: record.container, from: presented, to: presenter,
            fromView: presented.view, toView: record.removedPresenter ? presenter.view : nil,
            style: controller == nil ? .fullScreen : .custom, animated: true,
            frames: [(presented, presented.view.frame, .zero), (presenter, record.presenterFrame, record.presenterFrame)],
            trace: trace)
        let transition = ActiveTransition(
            context: context, animator: animator, presentationController: controller, snapshot: snapshot,
            startTime: engine.now)
        context.onComplete = { [unowned self, unowned transition] ok in
            engine.runSoon { self.finishDismissal(transition, ok, record: record, completion: completion) }
        }
        begin(transition) { controller, context in
            trace.call("presentationController.dismissalTransitionWillBegin")
            controller.dismissalTransitionWillBegin(context)
        }
        return transition
    }

    private func finishDismissal(
        _ transition: ActiveTransition, _ ok: Bool, record: PresentationRecord, completion: (() -> Void)?
    ) {
        let context = transition.context
        let presented = context.fromViewController, presenter = context.toViewController
        withOwner(context.id) {
            if let controller = transition.presentationController {
                trace.call("presentationController.dismissalTransitionDidEnd(\(ok))")
                controller.dismissalTransitionDidEnd(ok)
            }
            context.runAlongsideCompletions()
            var violations: [String] = []
            if ok {
                if presented.view.isDescendant(of: scene.window) {
                    violations.append("the dismissed view '\(presented.view.name)' is still in the hierarchy after the dismissal")
                }
                // As UIKit does, the host puts the presenter's view back where it was.
                let view = presenter.view
                if let parent = record.presenterParent,
                   view.superview !== parent || parent.subviews.firstIndex(where: { $0 === view }) != record.presenterIndex {
                    parent.insertSubview(view, at: record.presenterIndex)
                }
                if !view.frame.isClose(to: record.presenterFrame, tolerance: 0.01) {
                    violations.append("the presenter's view '\(view.name)' ends at \(describe(view.frame)), not where it was \(describe(record.presenterFrame))")
                }
                record.container.removeFromSuperview()
                presented.view.removeFromSuperview()
                presenter.presentedViewController = nil
                presented.presentingViewController = nil
                presented.presentationController = nil
                presentations[ObjectIdentifier(presented)] = nil
            } else {
                if !transition.wasCutOff {
                    violations += transition.snapshot.differences()
                        .map { "after the cancelled dismissal, \($0)" }
                }
                transition.snapshot.restore()
            }
            end(transition, ok, violations: violations, completion: completion, completionName: "dismissal.completion")
        }
    }

    // MARK: Shared steps

    /// will-begin, layout, duration, animateTransition, then the alongside animations.
    private func begin(
        _ transition: ActiveTransition, willBegin: (PresentationController, TransitionContext) -> Void
    ) {
        let context = transition.context
        withOwner(context.id) {
            if let controller = transition.presentationController {
                willBegin(controller, context)
                trace.call("presentationController.containerViewWillLayoutSubviews")
                controller.containerViewWillLayoutSubviews(context.containerView)
            }
            trace.call("animator.transitionDuration")
            var duration = transition.animator.transitionDuration(using: context)
            if !duration.isFinite || duration < 0 {
                trace.warning("'\(transition.animator.displayName)' returned an invalid duration (\(duration)); using 0")
                duration = 0
            }
            context.transitionDuration = duration
            transition.deadline = engine.now + duration + grace
            trace.call("animator.animateTransition")
            transition.animator.animateTransition(using: context)
            context.startAlongsideAnimations(in: engine)
        }
        engine.drainSoon()
    }

    private func end(
        _ transition: ActiveTransition, _ ok: Bool, violations: [String], completion: (() -> Void)?,
        completionName: String
    ) {
        for v in violations { trace.warning(v) }
        if let completion {
            trace.call(completionName)
            completion()
        }
        trace.call("animator.animationEnded(\(ok))")
        transition.animator.animationEnded(ok)
        transition.context.state = .ended(ok)
        transition.outcome = TransitionOutcome(
            kind: transition.context.kind, animator: transition.animator.displayName, completed: ok,
            cutOff: transition.wasCutOff, duration: transition.context.transitionDuration,
            startTime: transition.startTime, endTime: engine.now, violations: violations)
    }

    private func withOwner(_ owner: Int, _ body: () -> Void) {
        let saved = engine.currentOwner
        engine.currentOwner = owner
        body()
        engine.currentOwner = saved
    }

    private func standardAnimator(for presented: ViewController) -> TransitionAnimator {
        trace.info("no custom animator; using the standard '\(presented.modalTransitionStyle.rawValue)'")
        return StandardAnimators.make(presented.modalTransitionStyle)
    }

    // MARK: Running

    /// Steps the clock until the transition has ended and its animations have stopped,
    /// calling `onFrame` after the first state and after every step. A transition still
    /// running at its deadline is cut off: cancelled and restored.
    @discardableResult
    public func run(_ transition: ActiveTransition, onFrame: () -> Void = {}) -> TransitionOutcome {
        engine.settle()
        onFrame()
        while transition.outcome == nil || !engine.isIdle {
            if engine.now >= transition.deadline - VirtualClock.tolerance {
                if transition.outcome == nil {
                    cutOff(transition)
                } else {
                    trace.warning("animations of '\(transition.animator.displayName)' were still running at the deadline; stopped")
                    engine.stopAnimations(ownedBy: transition.context.id)
                    engine.settle()
                    onFrame()
                    break
                }
                engine.settle()
                onFrame()
                continue
            }
            engine.step()
            onFrame()
        }
        return transition.outcome!
    }

    private func cutOff(_ transition: ActiveTransition) {
        let context = transition.context
        trace.warning("'\(transition.animator.displayName)' did not call completeTransition within its duration (\(format(context.transitionDuration)) s) plus \(format(grace)) s grace; the host cancelled the \(context.kind.name) and restored the scene")
        transition.wasCutOff = true
        context.cutOff()
        engine.stopAnimations(ownedBy: context.id)
        engine.drainSoon()
    }
}
