/// The flows `host run` can show on the demo scene, each a transition there and one back:
/// present and dismiss (`modal`), push and pop on a navigation stack (`push`), an
/// interactive-style pop from a two-screen stack (`pop`), and a switch between the children
/// of a tab container and back (`tabs`).
extension PresentDismissRun {
    public enum Flow: String, CaseIterable, Sendable {
        case modal, push, pop, tabs
    }

    /// What the flows need from the run: the scene and its two screens, the delegate, the
    /// gestures, and how to record frames.
    struct FlowSetup {
        let scene: Scene
        /// The screen on screen at the start, and the one the flow goes to.
        let from: ViewController
        let to: ViewController
        let delegate: RegistryTransitioningDelegate
        let driver: TransitionDriver
        let forward: InteractionSource?
        let back: InteractionSource?
        let record: () -> Void
        /// Drops the last recorded frame: the next transition's first frame is the same instant.
        let dropLastFrame: () -> Void
    }

    static func runFlow(_ flow: Flow, _ setup: FlowSetup) throws -> [TransitionOutcome] {
        let driver = setup.driver, from = setup.from, to = setup.to
        var outcomes: [TransitionOutcome] = []
        /// Runs `there`, then, when it completed, `back`.
        func thereAndBack(_ there: () throws -> ActiveTransition, _ back: () throws -> ActiveTransition, what: String) throws {
            outcomes.append(driver.run(try there(), interaction: setup.forward, onFrame: setup.record))
            guard outcomes[0].completed else {
                driver.trace.info("the \(what) did not complete, so there is nothing to \(what == "presentation" ? "dismiss" : "go back from")")
                return
            }
            setup.dropLastFrame()
            outcomes.append(driver.run(try back(), interaction: setup.back, onFrame: setup.record))
        }

        switch flow {
        case .modal:
            to.transitioningDelegate = setup.delegate
            if setup.delegate.presentationEffect != nil { to.modalPresentationStyle = .custom }
            let presenter = ModalPresenter(driver: driver)
            try thereAndBack({ try presenter.present(to, from: from) {} },
                             { try presenter.dismiss(to) {} }, what: "presentation")
        case .push, .pop:
            let navigation = makeNavigation(setup.scene, root: from, driver)
            navigation.delegate = setup.delegate
            if flow == .push {
                try thereAndBack({ try navigation.push(to) {} }, { try navigation.pop {} }, what: "push")
            } else {
                navigation.setViewControllers([from, to])
                outcomes.append(driver.run(try navigation.pop {}, interaction: setup.forward ?? setup.back,
                                           onFrame: setup.record))
            }
        case .tabs:
            let tabs = makeTabs(setup.scene, from, to, driver)
            tabs.delegate = setup.delegate
            try thereAndBack({ try tabs.select(1) {} }, { try tabs.select(0) {} }, what: "switch")
        }
        return outcomes
    }

    /// The first screen inside a navigation view that fills the window.
    private static func makeNavigation(_ scene: Scene, root: ViewController, _ driver: TransitionDriver) -> NavigationController {
        let window = scene.window!
        root.view.removeFromSuperview()
        let view = scene.makeView(name: "navigation", frame: window.bounds)
        window.addSubview(view)
        return NavigationController(view: view, root: root, driver: driver)
    }

    /// The two screens as the children of a tab container that fills the window.
    private static func makeTabs(_ scene: Scene, _ first: ViewController, _ second: ViewController,
                                 _ driver: TransitionDriver) -> TabContainer {
        let window = scene.window!
        first.view.removeFromSuperview()
        let view = scene.makeView(name: "tabs", frame: window.bounds)
        window.addSubview(view)
        return TabContainer(view: view, children: [first, second], driver: driver)
    }

    /// Whether the outcomes of `flow` make a clean run: every transition ended as asked, and
    /// both ran unless the first was cancelled by its gesture (a pop is one transition).
    static func isClean(_ outcomes: [TransitionOutcome], flow: Flow) -> Bool {
        let expected = flow == .pop ? 1 : 2
        return outcomes.allSatisfy(\.isClean)
            && (outcomes.count == expected || outcomes.first?.cancelledByInteraction == true)
    }
}
