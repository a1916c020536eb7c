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

    /// Where the children are shown and the switches take place (the transition's
    /// container), below the tab bar, as UITabBarController's transition view is.
    public let contentView: View
    /// The bar along the bottom, over the children: one item per child, the selected one
    /// tinted. It changes when a switch completes, never during one.
    public let tabBar: View
    private let items: [View]

    /// The bar's height, as a phone's with a home indicator.
    public static let barHeight = 83.0
    public static let selectedTint = Color(red: 0.0, green: 0.478, blue: 1.0)
    public static let unselectedTint = Color(red: 0.6, green: 0.6, blue: 0.62)

    public init(view: View, children: [ViewController], selectedIndex: Int = 0, driver: TransitionDriver) {
        precondition(children.indices.contains(selectedIndex), "the selected index must name a child")
        self.view = view
        self.children = children
        self.selectedIndex = selectedIndex
        self.driver = driver
        let scene = view.scene
        let bounds = view.bounds
        contentView = scene.makeView(name: "\(view.name).content", frame: bounds)
        view.addSubview(contentView)
        tabBar = scene.makeView(
            name: "\(view.name).tabBar",
            frame: Rect(x: 0, y: bounds.size.height - Self.barHeight, width: bounds.size.width, height: Self.barHeight))
        tabBar.backgroundColor = Color(red: 0.97, green: 0.97, blue: 0.97, alpha: 0.94)
        let separator = scene.makeView(name: "\(view.name).tabBar.separator", frame: Rect(x: 0, y: 0, width: bounds.size.width, height: 0.5))
        separator.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.3)
        tabBar.addSubview(separator)
        let slot = bounds.size.width / Double(children.count)
        items = children.indices.map { i in
            let item = scene.makeView(name: "\(view.name).tabBar.item\(i + 1)", frame: Rect(x: slot * (Double(i) + 0.5) - 14, y: 10, width: 28, height: 28))
            item.cornerRadius = 8
            return item
        }
        for item in items { tabBar.addSubview(item) }
        view.addSubview(tabBar)
        tintItems()
        let shown = children[selectedIndex].view
        shown.frame = contentView.bounds
        contentView.addSubview(shown)
    }

    /// Item `index` (the selected one unless told) in the tint colour, the others grey.
    private func tintItems(_ index: Int? = nil) {
        let tinted = index ?? selectedIndex
        for (i, item) in items.enumerated() { item.backgroundColor = i == tinted ? Self.selectedTint : Self.unselectedTint }
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
            id: driver.nextID(), kind: .tabSwitch, container: contentView, from: from, to: to,
            fromView: from.view, toView: to.view, style: .fullScreen, animated: true,
            frames: [(from, from.view.frame, .zero), (to, .zero, contentView.bounds)], trace: trace)
        let transition = ActiveTransition(
            context: context, animator: animator, presentationController: nil, snapshot: snapshot,
            startTime: driver.engine.now)
        context.onComplete = { [weak self, weak transition] ok in
            guard let self, let transition else { return }
            driver.engine.runSoon { self.finish(transition, to: index, ok, completion: completion) }
        }
        // As UITabBarController: the tapped item shows selected at the tap, not at the end.
        tintItems(index)
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
                violations += EndState.problems(in: contentView, shown: to.view, after: "the switch")
                selectedIndex = index
            } else {
                // The tap is undone: the bar shows the selection that stays.
                tintItems()
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
