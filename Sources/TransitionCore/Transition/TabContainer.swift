/// A custom container, as the source documents' tab-like one: child view controllers, one
/// shown at a time, and a transition between them with a context the container supplies. The
/// same animators that present and push work here: they see a container, a from and a to
/// view controller, and frames.
public protocol TabContainerDelegate: AnyObject {
    /// The animator for switching from one child to another; `forward` is true when the new
    /// index is higher.
    func animationController(from: ViewController, to: ViewController, forward: Bool) -> TransitionAnimator?
    func interactionController(for animator: TransitionAnimator, forward: Bool) -> InteractiveTransitioning?
}

extension TabContainerDelegate {
    public func interactionController(for animator: TransitionAnimator, forward: Bool) -> InteractiveTransitioning? { nil }
}

public final class TabContainer {
    public let view: View
    public let children: [ViewController]
    /// Changes only when a switch completes: a cancelled switch keeps the old index.
    public private(set) var selectedIndex: Int
    public var delegate: TabContainerDelegate?
    public let driver: TransitionDriver

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case noSuchChild(Int, count: Int)
        case alreadySelected(Int)
        public var description: String {
            switch self {
            case .noSuchChild(let i, let count): return "there is no child \(i); the container has \(count)"
            case .alreadySelected(let i): return "child \(i) is already selected"
            }
        }
    }

    public init(view: View, children: [ViewController], selectedIndex: Int = 0, driver: TransitionDriver) {
        precondition(children.indices.contains(selectedIndex), "the selected index must name a child")
        self.view = view
        self.children = children
        self.selectedIndex = selectedIndex
        self.driver = driver
        let shown = children[selectedIndex].view
        shown.frame = view.bounds
        view.addSubview(shown)
    }

    public var selectedViewController: ViewController { children[selectedIndex] }

    public func select(_ index: Int, completion: (() -> Void)? = nil) throws -> ActiveTransition {
        guard children.indices.contains(index) else { throw Failure.noSuchChild(index, count: children.count) }
        guard index != selectedIndex else { throw Failure.alreadySelected(index) }
        let trace = driver.trace
        let from = selectedViewController, to = children[index]
        let forward = index > selectedIndex
        trace.call("containerDelegate.animationController(\(forward ? "forward" : "backward"))")
        let animator = delegate?.animationController(from: from, to: to, forward: forward)
            ?? driver.standardAnimator(.crossDissolve)
        trace.call("containerDelegate.interactionController")
        let interaction = delegate?.interactionController(for: animator, forward: forward)
        let snapshot = HierarchySnapshot(root: view.scene.window, extra: [to.view])
        let context = TransitionContext(
            id: driver.nextID(), kind: .tabSwitch, container: view, from: from, to: to,
            fromView: from.view, toView: to.view, style: .fullScreen, animated: true,
            frames: [(from, from.view.frame, .zero), (to, .zero, view.bounds)], trace: trace)
        let transition = ActiveTransition(
            context: context, animator: animator, presentationController: nil, snapshot: snapshot,
            startTime: driver.engine.now)
        context.onComplete = { [weak self, weak transition] ok in
            guard let self, let transition else { return }
            driver.engine.runSoon { self.finish(transition, to: index, ok, completion: completion) }
        }
        driver.begin(transition, interaction: interaction) { _, _ in }
        return transition
    }

    private func finish(_ transition: ActiveTransition, to index: Int, _ ok: Bool, completion: (() -> Void)?) {
        let context = transition.context
        let from = context.fromViewController, to = context.toViewController
        driver.withOwner(context.id) {
            context.runAlongsideCompletions()
            var violations: [String] = []
            if ok {
                from.view.removeFromSuperview()
                violations += EndState.problems(in: view, shown: to.view, after: "the switch")
                selectedIndex = index
            } else {
                if !transition.wasCutOff {
                    violations += transition.snapshot.differences().map { "after the cancelled switch, \($0)" }
                }
                transition.snapshot.restore()
                driver.trace.info("switch cancelled; the selected index stays \(selectedIndex)")
            }
            driver.end(transition, ok, violations: violations, completion: completion, completionName: "switch.completion")
        }
    }
}
