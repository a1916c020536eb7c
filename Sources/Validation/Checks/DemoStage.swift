import TransitionCore

/// One run on the demo scene (or a scene file's segue) for a test: the flow that exercises a transition kind (present
/// and dismiss; push and pop; a tab switch and back), driven by a registry delegate, with the
/// scene recorded before the first transition, at every frame, and at the end of each.
///
/// It is `host run`'s flow (PresentDismissRun) taken apart, because a test needs what the run
/// report does not keep: the scene at the exact end of the first transition, before the
/// second one begins, and which trace events belong to which transition.
final class DemoStage {
    enum Flow {
        case modal, navigation, tabs

        /// The flow for a transition kind, and the index of that kind's transition in it.
        static func of(_ kind: TransitionKind) -> (flow: Flow, index: Int) {
            switch kind {
            case .present: return (.modal, 0)
            case .dismiss: return (.modal, 1)
            case .push: return (.navigation, 0)
            case .pop: return (.navigation, 1)
            case .tabSwitch: return (.tabs, 0)
            }
        }
    }

    /// The scene every stage of this process plays on instead of the demo scene: a scene
    /// file's segue (`host validate --scene`). Set once by the test process, before any stage.
    nonisolated(unsafe) static var sceneFile: (description: SceneDescription, segue: SceneDescription.Segue)?

    /// The scene and the two screens a flow goes between: the demo scene's home and detail
    /// screens, or a segue's from and to.
    struct Screens {
        let scene: Scene
        let home: ViewController
        let detail: ViewController

        init(framesPerSecond: Int) {
            guard let (description, segue) = DemoStage.sceneFile else {
                let demo = DemoScene(framesPerSecond: framesPerSecond)
                (scene, home, detail) = (demo.scene, demo.home, demo.detail)
                return
            }
            let built = BuiltScene(description, framesPerSecond: framesPerSecond)
            (scene, home, detail) = (built.scene, built.controllers[segue.from]!, built.controllers[segue.to]!)
            if home !== built.start {
                // The segue starts elsewhere: its screen is shown first, as `host run` does.
                built.start.view.removeFromSuperview()
                scene.window.addSubview(home.view)
            }
        }
    }

    let flow: Flow
    let demo: Screens
    let trace: TransitionTrace
    let driver: TransitionDriver
    /// Every frame, when recording.
    private(set) var frames: [SceneSnapshot] = []
    /// The scene before the first transition.
    private(set) var start: SceneSnapshot?
    /// The scene at the end of each transition that ran.
    private(set) var ends: [SceneSnapshot] = []
    private(set) var outcomes: [TransitionOutcome] = []
    /// The trace events of each transition, from its first call to the release of its
    /// animator (whose destroy may still call the host).
    private(set) var events: [[TransitionTrace.Event]] = []

    init(flow: Flow, framesPerSecond: Int = 60, grace: Double = 2, dilation: Double = 1) {
        self.flow = flow
        demo = Screens(framesPerSecond: framesPerSecond)
        let engine = demo.scene.engine
        engine.timeDilation = dilation
        trace = TransitionTrace { engine.now }
        driver = TransitionDriver(scene: demo.scene, trace: trace, grace: grace)
    }

    /// Runs the flow's first transition and, when it completed and `transitions` is 2, the
    /// one back. `gestures[i]` drives transition i interactively (the delegate must vend an
    /// interaction controller for it). A refusal by a container (nothing to pop, ...) throws.
    func run(_ delegate: TestDelegate, transitions: Int = 2, gestures: [GestureScript?] = [nil, nil],
             recordingFrames: Bool = false) throws {
        let scene = demo.scene, home = demo.home, detail = demo.detail
        delegate.interactive = Set(gestures.indices.filter { gestures[$0] != nil })
        let there: () throws -> ActiveTransition
        let back: () throws -> ActiveTransition
        switch flow {
        case .modal:
            detail.transitioningDelegate = delegate
            if delegate.presentationEffect != nil { detail.modalPresentationStyle = .custom }
            let presenter = ModalPresenter(driver: driver)
            there = { try presenter.present(detail, from: home) {} }
            back = { try presenter.dismiss(detail) {} }
        case .navigation:
            // As `host run --push`: the home screen inside a navigation view that fills the window.
            home.view.removeFromSuperview()
            let view = scene.makeView(name: "navigation", frame: scene.window.bounds)
            scene.window.addSubview(view)
            let navigation = NavigationController(view: view, root: home, driver: driver)
            navigation.delegate = delegate
            there = { try navigation.push(detail) {} }
            back = { try navigation.pop {} }
        case .tabs:
            home.view.removeFromSuperview()
            let view = scene.makeView(name: "tabs", frame: scene.window.bounds)
            scene.window.addSubview(view)
            let tabs = TabContainer(view: view, children: [home, detail], driver: driver)
            tabs.delegate = delegate
            there = { try tabs.select(1) {} }
            back = { try tabs.select(0) {} }
        }
        start = SceneSnapshot.capture(scene)
        let record = { [unowned self] in if recordingFrames { frames.append(SceneSnapshot.capture(scene)) } }
        for (i, begin) in [there, back].prefix(transitions).enumerated() {
            if i > 0 && outcomes.last?.completed != true { break }
            if i > 0 && recordingFrames { frames.removeLast() }  // the next transition starts at the same instant
            let first = trace.events.count
            try runOne(begin, gesture: i < gestures.count ? gestures[i] : nil, onFrame: record)
            ends.append(SceneSnapshot.capture(scene))
            events.append(Array(trace.events[first...]))
        }
    }

    /// A function of its own, so that the transition (and with it the plugin's animator) is
    /// released, and destroyed, before the caller reads the trace.
    private func runOne(_ begin: () throws -> ActiveTransition, gesture: GestureScript?, onFrame: () -> Void) throws {
        let transition = try begin()
        outcomes.append(driver.run(transition, gesture: gesture, onFrame: onFrame))
    }

    /// Warnings and errors of transition `index`.
    func problems(of index: Int) -> [String] {
        guard index < events.count else { return [] }
        return events[index].filter { $0.level == .warning || $0.level == .error }.map(\.name)
    }

    /// Warnings and errors of every transition that ran.
    var allProblems: [String] { events.indices.flatMap { problems(of: $0) } }
}
