/// Push and pop, as UINavigationController with a delegate that vends animators.
public enum NavigationOperation: String, Sendable {
    case push, pop
    var transition: TransitionKind { self == .push ? .push : .pop }
}

/// UINavigationControllerDelegate's transition half: an animator for an operation between
/// two view controllers, and an interaction controller for it (a screen-edge pop).
public protocol NavigationControllerDelegate: AnyObject {
    func animationController(for operation: NavigationOperation, from: ViewController, to: ViewController) -> TransitionAnimator?
    func interactionController(for animator: TransitionAnimator, operation: NavigationOperation) -> InteractiveTransitioning?
}

extension NavigationControllerDelegate {
    public func interactionController(for animator: TransitionAnimator, operation: NavigationOperation) -> InteractiveTransitioning? { nil }
}

/// A stack of view controllers whose top one's view fills the navigation view. Pushing and
/// popping run through the same context, call order and end-state checks as modal
/// transitions; the stack changes only when the transition completes.
public final class NavigationController {
    public let viewController: ViewController
    public private(set) var viewControllers: [ViewController]
    public var delegate: NavigationControllerDelegate?
    public let driver: TransitionDriver

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case alreadyInStack(String)
        case nothingToPop
        case busy
        public var description: String {
            switch self {
            case .alreadyInStack(let name): return "'\(name)' is already on the navigation stack"
            case .nothingToPop: return "the navigation stack has only its root view controller"
            case .busy: return "a navigation transition is already running"
            }
        }
    }

    private var running: ActiveTransition?
    private var trace: TransitionTrace { driver.trace }
    private var view: View { viewController.view }

    /// `view` becomes the navigation's view; `root` fills it.
    public init(view: View, root: ViewController, driver: TransitionDriver) {
        viewController = ViewController(name: view.name, view: view)
        viewControllers = [root]
        self.driver = driver
        root.view.frame = view.bounds
        view.addSubview(root.view)
    }

    public var topViewController: ViewController { viewControllers[viewControllers.count - 1] }

    /// Puts `stack` in place at once, without a transition (setViewControllers(animated: false)).
    public func setViewControllers(_ stack: [ViewController]) {
        precondition(!stack.isEmpty, "a navigation stack needs a root")
        topViewController.view.removeFromSuperview()
        viewControllers = stack
        topViewController.view.frame = view.bounds
        view.addSubview(topViewController.view)
    }

    public func push(_ vc: ViewController, completion: (() -> Void)? = nil) throws -> ActiveTransition {
        if let running, running.outcome == nil { throw Failure.busy }
        guard !viewControllers.contains(where: { $0 === vc }) else { throw Failure.alreadyInStack(vc.name) }
        return begin(.push, from: topViewController, to: vc, completion: completion)
    }

    public func pop(completion: (() -> Void)? = nil) throws -> ActiveTransition {
        if let running, running.outcome == nil { throw Failure.busy }
        guard viewControllers.count > 1 else { throw Failure.nothingToPop }
        return begin(.pop, from: topViewController, to: viewControllers[viewControllers.count - 2], completion: completion)
    }

    private func begin(_ operation: NavigationOperation, from: ViewController, to: ViewController,
                       completion: (() -> Void)?) -> ActiveTransition {
        trace.call("navigationDelegate.animationController(\(operation.rawValue))")
        let animator = delegate?.animationController(for: operation, from: from, to: to)
            ?? standardAnimator(operation)
        trace.call("navigationDelegate.interactionController")
        let interaction = delegate?.interactionController(for: animator, operation: operation)

        let window = view.scene.window!
        let snapshot = HierarchySnapshot(root: window, extra: [to.view])
        let bounds = view.bounds
        let context = TransitionContext(
            id: driver.nextID(), kind: operation.transition, container: view, from: from, to: to,
            fromView: from.view, toView: to.view, style: .fullScreen, animated: true,
            frames: [(from, from.view.frame, operation == .push ? from.view.frame : .zero), (to, .zero, bounds)],
            trace: trace)
        let transition = ActiveTransition(
            context: context, animator: animator, presentationController: nil, snapshot: snapshot,
            startTime: driver.engine.now)
        running = transition
        context.onComplete = { [weak self, weak transition] ok in
            guard let self, let transition else { return }
            driver.engine.runSoon { self.finish(transition, operation, ok, completion: completion) }
        }
        driver.begin(transition, interaction: interaction) { _, _ in }
        return transition
    }

    private func finish(_ transition: ActiveTransition, _ operation: NavigationOperation, _ ok: Bool, completion: (() -> Void)?) {
        let context = transition.context
        let from = context.fromViewController, to = context.toViewController
        driver.withOwner(context.id) {
            context.runAlongsideCompletions()
            var violations: [String] = []
            if ok {
                if operation == .pop && from.view.isDescendant(of: view.scene.window) {
                    violations.append("the popped view '\(from.view.name)' is still in the hierarchy after the pop")
                }
                // As UIKit does, the covered or popped view leaves the hierarchy; then only
                // the shown view may be left in the navigation view.
                from.view.removeFromSuperview()
                violations += EndState.problems(in: view, shown: to.view, after: "the \(operation.rawValue)")
                if operation == .push { viewControllers.append(to) } else { viewControllers.removeLast() }
            } else {
                if !transition.wasCutOff {
                    violations += transition.snapshot.differences().map { "after the cancelled \(operation.rawValue), \($0)" }
                }
                transition.snapshot.restore()
            }
            driver.end(transition, ok, violations: violations, completion: completion, completionName: "\(operation.rawValue).completion")
        }
    }

    private func standardAnimator(_ operation: NavigationOperation) -> TransitionAnimator {
        trace.info("no custom animator; using the standard 'push-slide'")
        return PushSlideAnimator()
    }
}

/// UIKit's default push and pop: the incoming view slides in from the right while the one
/// below moves a third of the way left; a pop reverses it.
final class PushSlideAnimator: TransitionAnimator {
    var displayName: String { "push-slide" }
    func transitionDuration(using context: TransitionContext) -> Double { 0.35 }

    func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        let width = container.bounds.size.width
        guard let from = context.fromView, let to = context.toView else { context.completeTransition(false); return }
        let pushing = context.kind != .pop
        let final = context.finalFrame(for: context.toViewController)
        let fromStart = from.frame
        if pushing {
            container.addSubview(to)
            to.frame = final.offsetBy(dx: width, dy: 0)
        } else {
            container.insertSubview(to, below: from)
            to.frame = final.offsetBy(dx: -width / 3, dy: 0)
        }
        container.scene.engine.animate(
            AnimationOptions(duration: transitionDuration(using: context), curve: .easeInOut),
            animations: {
                to.frame = final
                from.frame = fromStart.offsetBy(dx: pushing ? -width / 3 : width, dy: 0)
            },
            completion: { _ in
                let success = !context.transitionWasCancelled
                if success {
                    from.removeFromSuperview()
                    from.frame = fromStart  // where it belongs when it comes back
                } else {
                    to.removeFromSuperview()
                }
                context.completeTransition(success)
            })
    }
}
