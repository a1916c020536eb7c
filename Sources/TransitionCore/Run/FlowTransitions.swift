/// The screens a flow goes between: the demo scene's home and detail screens, or a scene
/// file's segue (from and to). One definition for `host run` (TransitionRun) and
/// `host validate` (its DemoStage), so both play a transition on the same stage.
public struct FlowScreens {
    public let scene: Scene
    public let from: ViewController
    public let to: ViewController
    public let labels: [String: ViewText]

    /// The demo scene.
    public init(demoAt framesPerSecond: Int) {
        let demo = DemoScene(framesPerSecond: framesPerSecond)
        (scene, from, to, labels) = (demo.scene, demo.home, demo.detail, demo.labels)
    }

    /// A scene file's segue, already found in `description`.
    public init(_ description: SceneDescription, segue: SceneDescription.Segue, framesPerSecond: Int) {
        let built = BuiltScene(description, framesPerSecond: framesPerSecond)
        (scene, labels) = (built.scene, built.labels)
        from = built.controllers[segue.from]!
        to = built.controllers[segue.to]!
        if from !== built.start {
            // The segue starts elsewhere: its screen is shown first, as if navigated to.
            built.start.view.removeFromSuperview()
            scene.window.addSubview(from.view)
        }
    }
}

/// A delegate that can serve every flow: a presented screen's, a navigation stack's and a tab
/// container's.
public typealias FlowDelegate = TransitioningDelegate & NavigationControllerDelegate & TabContainerDelegate

/// The transitions of one flow, set up on its screens and ready to begin, and the one way they
/// are run: each after the first only once the one before it completed. `host run` and
/// `host validate` both go through it, so they stage and play transitions alike.
public struct FlowTransitions {
    public let flow: TransitionRun.Flow
    /// What the trace says when the first transition did not complete.
    private let incomplete: String
    private let steps: [() throws -> ActiveTransition]
    /// A modal flow's presenter and presented screen: a gesture that would dismiss asks first.
    private var modal: (presenter: ModalPresenter, presented: ViewController)?
    /// A drag of the presented sheet between its detents, after the presentation and before
    /// the dismissal (a modal flow's).
    public var sheetDrag: GestureScript?
    /// A new size for the window, taken after the presentation (and the drag) and before the
    /// dismissal (a modal flow's; `--resize`).
    public var windowResize: Size?

    /// The flow's containers on `screens` (a navigation view or a tab container that fills the
    /// window, for those flows), with `delegate` as their delegate. `customPresentation`: the
    /// presented screen uses a presentation controller (UIModalPresentationCustom).
    public init(_ flow: TransitionRun.Flow, on screens: FlowScreens, delegate: FlowDelegate,
                customPresentation: Bool, driver: TransitionDriver) {
        self.flow = flow
        let scene = screens.scene, from = screens.from, to = screens.to
        switch flow {
        case .modal:
            to.transitioningDelegate = delegate
            if customPresentation { to.modalPresentationStyle = .custom }
            let presenter = ModalPresenter(driver: driver)
            modal = (presenter, to)
            incomplete = "the presentation did not complete, so there is nothing to dismiss"
            steps = [{ try presenter.present(to, from: from) {} }, { try presenter.dismiss(to) {} }]
        case .push, .pop:
            let navigation = NavigationController(view: Self.fill(scene, replacing: from, name: "navigation"), root: from, driver: driver)
            navigation.delegate = delegate
            if flow == .push {
                incomplete = "the push did not complete, so there is nothing to go back from"
                steps = [{ try navigation.push(to) {} }, { try navigation.pop {} }]
            } else {
                // An interactive-style pop: the stack holds both screens from the start.
                navigation.setViewControllers([from, to])
                incomplete = ""
                steps = [{ try navigation.pop {} }]
            }
        case .tabs:
            let view = Self.fill(scene, replacing: from, name: "tabs")
            let tabs = TabContainer(view: view, children: [from, to], driver: driver)
            tabs.delegate = delegate
            incomplete = "the switch did not complete, so there is nothing to go back from"
            steps = [{ try tabs.select(1) {} }, { try tabs.select(0) {} }]
        }
    }

    /// Whether a transition's motion is the effect's to answer for. Not when it was cut off or
    /// finished by the fallback (not clean already); not when its animator said it takes no
    /// time (a cut, by its own account); not while a person drives it live (keys, a pointer),
    /// whose hand moves as it will.
    static func judgesMotion(of outcome: TransitionOutcome, drivenBy source: InteractionSource?) -> Bool {
        guard !outcome.cutOff, outcome.failure == nil, outcome.duration > 0 else { return false }
        switch source {
        case .live?, .liveGesture?: return false
        case .gesture?, .grab?, nil: return true
        }
    }

    /// Pops as errors in the trace: the first few in full, then how many more.
    private static func report(_ pops: [MotionPop], to trace: TransitionTrace) {
        let shown = 8
        for pop in pops.prefix(shown) { trace.error(pop.description) }
        if pops.count > shown { trace.error("motion: \(pops.count - shown) more pops in this transition (the JSON report lists them all)") }
    }

    /// The sudden steps of an effect that declares it cuts, as notes: seen, and meant.
    private static func note(_ pops: [MotionPop], of animator: String, to trace: TransitionTrace) {
        guard !pops.isEmpty else { return }
        trace.info("motion: \(pops.count) sudden step\(pops.count == 1 ? "" : "s"), which \(animator) declares it means (TH_EFFECT_CUTS): not pops")
        for pop in pops.prefix(3) { trace.info("  \(pop.description)") }
    }

    /// How many transitions the flow has: two (there and back), or one (a pop).
    public var count: Int { steps.count }

    /// Runs the first `limit` transitions (all by default), each after the first only when
    /// the one before completed. `interaction(i)` drives transition i; `onFrame` is called
    /// after every frame; `beforeNext` just before every transition after the first (whose
    /// first frame is the same instant as the last one's end); `ended(i, outcome)` once
    /// transition i has ended and its animator has been released (so its destroy has run),
    /// before the next begins (which may throw: a container's refusal).
    /// With `motion`, every transition's frames are judged as a person sees them, from the scene
    /// at rest before it to its last frame (judgesMotion says which): the pops go into its
    /// outcome and, as errors, into the trace.
    public func run(limit: Int? = nil, driver: TransitionDriver, interaction: (Int) -> InteractionSource?,
                    onFrame: () -> Void, beforeNext: () -> Void = {},
                    ended: (Int, TransitionOutcome) -> Void = { _, _ in },
                    motion: MotionCheck? = nil) throws -> [TransitionOutcome] {
        var outcomes: [TransitionOutcome] = []
        for i in 0..<min(limit ?? steps.count, steps.count) {
            if i > 0 {
                guard outcomes[i - 1].completed else {
                    driver.trace.info(incomplete)
                    break
                }
                beforeNext()
                if i == 1, let modal, let sheetDrag {
                    // Its first frame is the presentation's last instant, its last the dismissal's first.
                    modal.presenter.dragSheet(modal.presented, gesture: sheetDrag, onFrame: onFrame)
                    beforeNext()
                }
                if i == 1, let modal, let windowResize {
                    modal.presenter.resizeWindow(of: modal.presented, to: windowResize, onFrame: onFrame)
                    beforeNext()
                }
            }
            let source = interaction(i)
            motion?.begin()
            let frame = {
                onFrame()
                motion?.frame()
            }
            var outcome: TransitionOutcome
            if i == 1, let modal, case .gesture(let gesture)? = source,
               let refused = modal.presenter.refusedDismissal(of: modal.presented, gesture: gesture, onFrame: frame) {
                outcome = refused
            } else {
                outcome = try runOne(steps[i], driver: driver, interaction: source, onFrame: frame)
            }
            if let pops = motion?.end(), Self.judgesMotion(of: outcome, drivenBy: source) {
                if outcome.animatorCuts {
                    Self.note(pops, of: outcome.animator, to: driver.trace)
                } else {
                    outcome.motion = pops
                    Self.report(pops, to: driver.trace)
                }
            }
            outcomes.append(outcome)
            ended(i, outcomes[i])
        }
        return outcomes
    }

    /// A function of its own, so that the transition (and with it the plugin's animator) is
    /// released, and destroyed, before the caller looks at what it left.
    private func runOne(_ begin: () throws -> ActiveTransition, driver: TransitionDriver, interaction: InteractionSource?,
                        onFrame: () -> Void) throws -> TransitionOutcome {
        driver.run(try begin(), interaction: interaction, onFrame: onFrame)
    }

    /// A view named `name` that fills the window, in place of the first screen's view.
    private static func fill(_ scene: Scene, replacing first: ViewController, name: String) -> View {
        let window = scene.window!
        first.view.removeFromSuperview()
        let view = scene.makeView(name: name, frame: window.bounds)
        window.addSubview(view)
        return view
    }
}
