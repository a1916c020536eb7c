import TransitionCore

/// One run on the demo scene (or a scene file's segue) for a test: the flow that exercises a transition kind (present
/// and dismiss; push and pop; a tab switch and back), driven by a registry delegate, with the
/// scene recorded before the first transition, at every frame, and at the end of each.
///
/// The stage and the transitions are `host run`'s own (FlowScreens, FlowTransitions); what a
/// test adds is what the run report does not keep: the scene at the exact end of each
/// transition, before the next begins, and which trace events belong to which transition.
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

    /// A scene file's segue, played instead of the demo scene (`host validate --scene`).
    typealias SceneFile = (description: SceneDescription, segue: SceneDescription.Segue)

    /// The screens a stage plays on: the demo scene's, or the scene file's segue.
    static func screens(_ scene: SceneFile?, framesPerSecond: Int) -> FlowScreens {
        guard let (description, segue) = scene else { return FlowScreens(demoAt: framesPerSecond) }
        return FlowScreens(description, segue: segue, framesPerSecond: framesPerSecond)
    }

    let flow: Flow
    let demo: FlowScreens
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

    /// `scene`: the scene file's segue to play on (the subject's), nil for the demo scene.
    /// `curves`: those the plugin may name through the host's curve extension (the subject's).
    init(flow: Flow, scene: SceneFile?, framesPerSecond: Int = 60, grace: Double = 2, dilation: Double = 1,
         curves: CurveRegistry = CurveRegistry()) {
        self.flow = flow
        demo = Self.screens(scene, framesPerSecond: framesPerSecond)
        let engine = demo.scene.engine
        engine.curves = curves
        engine.timeDilation = dilation
        trace = TransitionTrace { engine.now }
        driver = TransitionDriver(scene: demo.scene, trace: trace, grace: grace)
    }

    /// Runs the flow's first transition and, when it completed and `transitions` is 2, the
    /// one back. `gestures[i]` drives transition i interactively (the delegate must vend an
    /// interaction controller for it). A refusal by a container (nothing to pop, ...) throws.
    /// With `grabAt`, each gesture grabs its transition that many seconds in, through the
    /// animator's interruptible animator, instead of driving it from the start.
    /// `checkingMotion`: every transition's frames are judged as `host run` judges them
    /// (MotionCheck), its pops in its outcome.
    func run(_ delegate: TestDelegate, transitions: Int = 2, gestures: [GestureScript?] = [nil, nil], grabAt: Double? = nil,
             recordingFrames: Bool = false, checkingMotion: Bool = false, sheetDrag: GestureScript? = nil,
             windowResize: Size? = nil) throws {
        let scene = demo.scene
        delegate.interactive = grabAt != nil ? [] : Set(gestures.indices.filter { gestures[$0] != nil })
        let shape: TransitionRun.Flow
        switch flow {
        case .modal: shape = .modal
        case .navigation: shape = .push  // as `host run --push`
        case .tabs: shape = .tabs
        }
        var flowTransitions = FlowTransitions(shape, on: demo, delegate: delegate,
                                              customPresentation: delegate.presentationEffect != nil, driver: driver)
        flowTransitions.sheetDrag = sheetDrag
        flowTransitions.windowResize = windowResize
        start = SceneSnapshot.capture(scene)
        let record = { [unowned self] in if recordingFrames { frames.append(SceneSnapshot.capture(scene)) } }
        var first = trace.events.count
        _ = try flowTransitions.run(
            limit: transitions, driver: driver,
            interaction: { i in
                guard i < gestures.count, let gesture = gestures[i] else { return nil }
                return grabAt.map { .grab(at: $0, gesture, controller: nil) } ?? .gesture(gesture)
            },
            onFrame: record,
            beforeNext: { [unowned self] in
                if recordingFrames { frames.removeLast() }  // the next transition starts at the same instant
                first = trace.events.count
            },
            ended: { [unowned self] _, outcome in
                outcomes.append(outcome)
                ends.append(SceneSnapshot.capture(scene))
                events.append(Array(trace.events[first...]))
            },
            motion: checkingMotion ? MotionCheck { [labels = demo.labels] in MotionSample(scene, labels: labels) } : nil)
    }

    /// Warnings and errors of transition `index`.
    func problems(of index: Int) -> [String] {
        guard index < events.count else { return [] }
        return events[index].filter { $0.level == .warning || $0.level == .error }.map(\.name)
    }

    /// Warnings and errors of every transition that ran.
    var allProblems: [String] { events.indices.flatMap { problems(of: $0) } }
}
