import Testing
@testable import TransitionCore

// Navigation push and pop, and a tab-like custom container, with the same animators and
// the same context as modal transitions.

/// A navigation delegate and container delegate vending the guide animator (and the
/// percent-driven controller when asked).
final class FlowDelegate: NavigationControllerDelegate, TabContainerDelegate {
    let animator = PushAwareAnimator()
    var interactive = false
    let interaction = PercentDrivenInteraction()
    func animationController(for operation: NavigationOperation, from: ViewController, to: ViewController) -> TransitionAnimator? { animator }
    func interactionController(for animator: TransitionAnimator, operation: NavigationOperation) -> InteractiveTransitioning? {
        interactive ? interaction : nil
    }
    func animationController(from: ViewController, to: ViewController, forward: Bool) -> TransitionAnimator? { animator }
    func interactionController(for animator: TransitionAnimator, forward: Bool) -> InteractiveTransitioning? {
        interactive ? interaction : nil
    }
}

/// Slides the incoming view in from the right over the outgoing one (push, forward switch),
/// or the outgoing one off to the right over the returning one (pop); cleans up as the guide
/// says, including the returning view after a cancelled pop.
final class PushAwareAnimator: TransitionAnimator {
    var displayName: String { "push-aware" }
    func transitionDuration(using context: TransitionContext) -> Double { 0.4 }
    func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        guard let from = context.fromView, let to = context.toView else { context.completeTransition(false); return }
        let width = container.bounds.size.width
        let final = context.finalFrame(for: context.toViewController)
        let backwards = context.kind == .pop
        let fromStart = from.frame
        if backwards { container.insertSubview(to, below: from); to.frame = final } else {
            container.addSubview(to)
            to.frame = final.offsetBy(dx: width, dy: 0)
        }
        container.scene.engine.animate(AnimationOptions(duration: 0.4, curve: .linear), animations: {
            if backwards { from.frame = fromStart.offsetBy(dx: width, dy: 0) } else { to.frame = final }
        }, completion: { _ in
            let success = !context.transitionWasCancelled
            if success { if backwards { from.removeFromSuperview() } } else { to.removeFromSuperview() }
            context.completeTransition(success)
        })
    }
}

struct NavigationStage {
    let stage = Stage()
    let navigation: NavigationController
    let driver: TransitionDriver
    let delegate = FlowDelegate()

    init() {
        driver = TransitionDriver(scene: stage.scene, trace: stage.trace)
        stage.home.view.removeFromSuperview()
        let view = stage.scene.makeView(name: "navigation", frame: Stage.bounds)
        stage.window.addSubview(view)
        navigation = NavigationController(view: view, root: stage.home, driver: driver)
        navigation.delegate = delegate
    }
}

@Suite("Navigation") struct NavigationTests {
    @Test("push then pop keeps the stack right, in the guide's call order")
    func pushThenPop() throws {
        let n = NavigationStage()
        let pushOutcome = n.driver.run(try n.navigation.push(n.stage.detail))
        #expect(pushOutcome.isClean)
        #expect(n.navigation.viewControllers.map(\.name) == ["home", "detail"])
        #expect(n.stage.detail.view.superview === n.navigation.viewController.view)
        #expect(n.stage.home.view.superview == nil, "the covered view leaves the hierarchy")
        let popOutcome = n.driver.run(try n.navigation.pop())
        #expect(popOutcome.isClean)
        #expect(n.navigation.viewControllers.map(\.name) == ["home"])
        #expect(n.stage.home.view.superview === n.navigation.viewController.view)
        #expect(n.stage.detail.view.superview == nil)
        #expect(n.stage.trace.calls == [
            "navigationDelegate.animationController(push)", "navigationDelegate.interactionController",
            "animator.transitionDuration", "animator.animateTransition", "context.completeTransition(true)",
            "animator.animationEnded(true)",
            "navigationDelegate.animationController(pop)", "navigationDelegate.interactionController",
            "animator.transitionDuration", "animator.animateTransition", "context.completeTransition(true)",
            "animator.animationEnded(true)",
        ])
    }

    @Test("a cancelled interactive pop keeps the stack and the hierarchy as they were")
    func cancelledInteractivePop() throws {
        let n = NavigationStage()
        n.navigation.setViewControllers([n.stage.home, n.stage.detail])
        let before = HierarchySnapshot(root: n.stage.window, extra: [n.stage.home.view])
        n.delegate.interactive = true
        let outcome = n.driver.run(try n.navigation.pop(), gesture: try GestureScript(parsing: "0=0, 0.1=0.3, release=0"))
        #expect(outcome.cancelledByInteraction && outcome.isClean, "\(outcome)")
        #expect(n.navigation.viewControllers.map(\.name) == ["home", "detail"])
        #expect(before.differences().isEmpty, "\(before.differences())")
    }

    @Test("a finished interactive pop pops")
    func finishedInteractivePop() throws {
        let n = NavigationStage()
        n.navigation.setViewControllers([n.stage.home, n.stage.detail])
        n.delegate.interactive = true
        let outcome = n.driver.run(try n.navigation.pop(), gesture: try GestureScript(parsing: "0=0, 0.1=0.2, release=2"))
        #expect(outcome.completed && outcome.isClean)
        #expect(n.navigation.viewControllers.map(\.name) == ["home"])
    }

    @Test("pushing what is on the stack, popping the root, and pushing during a push fail")
    func misuse() throws {
        let n = NavigationStage()
        #expect(throws: NavigationController.Failure.nothingToPop) { try n.navigation.pop() }
        #expect(throws: NavigationController.Failure.alreadyInStack("home")) { try n.navigation.push(n.stage.home) }
        let push = try n.navigation.push(n.stage.detail)
        #expect(throws: NavigationController.Failure.busy) { try n.navigation.pop() }
        n.driver.run(push)
        #expect(n.navigation.viewControllers.count == 2)
    }
}

@Suite("Tab container") struct TabContainerTests {
    func makeTabs() -> (Stage, TabContainer, TransitionDriver, FlowDelegate) {
        let stage = Stage()
        let driver = TransitionDriver(scene: stage.scene, trace: stage.trace)
        stage.home.view.removeFromSuperview()
        let view = stage.scene.makeView(name: "tabs", frame: Stage.bounds)
        stage.window.addSubview(view)
        let tabs = TabContainer(view: view, children: [stage.home, stage.detail], driver: driver)
        let delegate = FlowDelegate()
        tabs.delegate = delegate
        return (stage, tabs, driver, delegate)
    }

    @Test("a switch shows the new child and updates the index")
    func switchUpdatesIndex() throws {
        let (stage, tabs, driver, _) = makeTabs()
        let outcome = driver.run(try tabs.select(1))
        #expect(outcome.isClean)
        #expect(tabs.selectedIndex == 1)
        #expect(stage.detail.view.superview === tabs.contentView && stage.home.view.superview == nil)
        #expect(stage.trace.calls.first == "containerDelegate.animationController(forward)")
    }

    @Test("a tab bar is drawn over the children, as UITabBarController's: one item per child, the tapped one tinted at the tap, back on a cancel")
    func tabBar() throws {
        let (_, tabs, driver, delegate) = makeTabs()
        #expect(tabs.view.subviews.map(\.name) == ["tabs.content", "tabs.tabBar"], "the bar above the transitions' container")
        #expect(tabs.tabBar.frame.maxY == Stage.bounds.maxY && tabs.tabBar.frame.size.width == Stage.bounds.size.width)
        let items = tabs.tabBar.subviews.filter { $0.name.hasPrefix("tabs.tabBar.item") }
        #expect(items.count == 2)
        #expect(items[0].backgroundColor == TabContainer.selectedTint && items[1].backgroundColor == TabContainer.unselectedTint)
        // UIKit moves the selection at the tap: on every frame of the switch, its first too,
        // the tapped item is the tinted one (while the selected index changes at completion).
        var tints: [(Color, Color, Int)] = []
        let outcome = driver.run(try tabs.select(1)) { tints.append((items[0].presentation.backgroundColor, items[1].presentation.backgroundColor, tabs.selectedIndex)) }
        #expect(outcome.isClean, "\(outcome)")
        #expect(tints.count > 3)
        #expect(tints.allSatisfy { $0.0 == TabContainer.unselectedTint && $0.1 == TabContainer.selectedTint }, "\(tints)")
        #expect(tints.first?.2 == 0 && tabs.selectedIndex == 1)
        // A cancelled switch back tints the tapped item while it runs, then the bar is as it was.
        delegate.interactive = true
        var during: [Color] = []
        let cancelled = driver.run(try tabs.select(0), gesture: try GestureScript(parsing: "0=0, 0.2=0.4, release=-3")) {
            during.append(items[0].presentation.backgroundColor)
        }
        #expect(!cancelled.completed && cancelled.violations.isEmpty, "\(cancelled)")
        #expect(during.first == TabContainer.selectedTint, "\(during)")
        #expect(tabs.selectedIndex == 1 && items[1].backgroundColor == TabContainer.selectedTint
                && items[0].backgroundColor == TabContainer.unselectedTint)
    }

    @Test("a live pointer held still for longer than the duration plus the grace is not cut off; released past the middle, the switch finishes")
    func livePointerHeldStill() throws {
        let (_, tabs, driver, delegate) = makeTabs()
        delegate.interactive = true
        let width = Stage.bounds.size.width
        func event(_ state: GestureEvent.State, x: Double, at time: Double) -> GestureEvent {
            GestureEvent(kind: .pan, state: state, time: time, location: Point(x: x, y: 400), translation: Point(x: x - 10, y: 0))
        }
        // Down and moved at once, then held still for 6 s (the guard is 0.35 s + 2 s), then released.
        let outcome = driver.run(try tabs.select(1), interaction: .liveGesture { elapsed in
            if elapsed == 0 { return [event(.began, x: 10, at: 0), event(.changed, x: 10 + width * 0.7, at: 0)] }
            if elapsed >= 6 && elapsed < 6 + 1.0 / 120 { return [event(.ended, x: 10 + width * 0.7, at: elapsed)] }
            return []
        })
        #expect(!outcome.cutOff && outcome.completed, "\(outcome)")
        #expect(tabs.selectedIndex == 1)
    }

    @Test("a cancelled interactive switch restores the selected index and the hierarchy")
    func cancelledSwitchRestores() throws {
        let (stage, tabs, driver, delegate) = makeTabs()
        let before = HierarchySnapshot(root: stage.window, extra: [stage.detail.view])
        delegate.interactive = true
        let outcome = driver.run(try tabs.select(1), gesture: try GestureScript(parsing: "0=0, 0.2=0.4, release=-3"))
        #expect(outcome.cancelledByInteraction && outcome.isClean)
        #expect(tabs.selectedIndex == 0)
        #expect(before.differences().isEmpty, "\(before.differences())")
        #expect(throws: TabContainer.Failure.alreadySelected(0)) { try tabs.select(0) }
        #expect(throws: TabContainer.Failure.noSuchChild(5, count: 2)) { try tabs.select(5) }
    }
}

@Suite("Demo flows") struct DemoFlowTests {
    @Test(arguments: [TransitionRun.Flow.modal, .push, .pop, .tabs])
    func eachFlowRunsCleanWithTheStandardAnimators(flow: TransitionRun.Flow) throws {
        let registry = EffectRegistry()
        for e in StandardEffect.all() { registry.register(e) }
        let report = try TransitionRun.run(registry: registry, options: .init(effect: "cross-dissolve", flow: flow))
        #expect(report.isClean, "\(report.outcomes)")
        #expect(report.outcomes.count == (flow == .pop ? 1 : 2))
        let again = try TransitionRun.run(registry: registry, options: .init(effect: "cross-dissolve", flow: flow))
        #expect(again.frames == report.frames, "deterministic")
    }
}
