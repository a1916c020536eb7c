/// The job of `host run EFFECT` (and of `host plot`): on the demo scene or a scene file's
/// segue, one flow with an effect (present and dismiss, push and pop, a pop, a tab switch and
/// back: FlowTransitions, which `host validate` plays too), recording every callback and every
/// frame. Once PresentDismissRun, from when presenting and dismissing was all it did.
public enum TransitionRun {
    public struct Options {
        /// The effect: an animator or a transitioning delegate, by short or qualified name.
        public var effect: String
        /// A presentation-controller effect; selects the custom presentation style.
        public var presentation: String?
        public var framesPerSecond: Int
        public var grace: Double
        /// "name=value" for the animator's declared parameters; the rest keep their defaults.
        public var parameters: [String]
        /// A curve spec that replaces the curve of every animation of the run.
        public var curve: String?
        /// Gestures (GestureScript text) that make the presentation or the dismissal
        /// interactive, driven by the host's percent-driven interaction controller.
        public var presentGesture: String?
        public var dismissGesture: String?
        /// A pan written in points that drags the presented sheet between its presentation
        /// controller's detents after the presentation, before the dismissal (`--drag-sheet`).
        public var sheetDrag: String?
        /// A new size for the window in points, taken after the presentation (and the drag)
        /// and before the dismissal, as a split view resizes an app (`--resize`).
        public var windowResize: Size?
        /// Interaction-controller effects (ABI 1.1) that read those gestures instead of the
        /// host's percent-driven controller: by name, as `--interactive NAME --gesture G`.
        public var presentInteraction: String?
        public var dismissInteraction: String?
        /// Seconds into the transition at which the gesture grabs it through its animator's
        /// interruptible animator, instead of driving it from the start (`--grab-at`).
        public var grabAt: Double?
        /// completionSpeed of the interaction controller.
        public var completionSpeed: Double = 1
        /// A transition the host's percent-driven interaction drives shows progress p as p of
        /// the way, whatever its curves (AnimationEngine.followsFinger, `--follow-finger`).
        public var followsFinger = false
        /// A live source (keys on a terminal) for the first transition, instead of a gesture;
        /// and what to do with each frame as it is made (show it).
        public var liveInteraction: ((Double) -> LiveInput)?
        public var onFrame: ((Frame) -> Void)?
        /// The scene as it looks at each frame, as it is made (the live view of `--interactive
        /// keys`); captured for it whether or not the report keeps snapshots.
        public var onSnapshot: ((SceneSnapshot) -> Void)?
        /// Called just before each transition of the flow begins, with whether it goes back
        /// (dismiss, pop, switch back) and the scene as it looks: a live window waits here
        /// for the user to start it, and says how (a transition a gesture option already
        /// drives stays driven by it).
        public var beforeTransition: ((_ goesBack: Bool, SceneSnapshot) -> TransitionStart)?
        /// Called once the effect is resolved, before the first frame: the effect the report
        /// will name and the flow that plays (a scene file's containment decides it), so a
        /// player can label the first frame as it is made, before the report exists.
        public var onBegin: ((_ effect: EffectInfo, _ flow: Flow) -> Void)?
        /// Gestures come live from a window's pointer (beforeTransition's `.gesture`): an
        /// interaction controller named here then needs no gesture written in points.
        public var liveGestures = false
        /// Which transitions to show: present/dismiss, push/pop, pop, or a tab switch.
        public var flow: Flow = .modal
        /// Whether `flow` was asked for (a flag), not left at its default: with a scene file,
        /// whose containment decides the flow, one that does not fit it is refused.
        public var flowIsGiven = false
        /// Slows every animation by this factor (> 0), for looking closely.
        public var slow: Double = 1
        /// A scene from a file instead of the demo scene; the run performs one of its segues
        /// (`segue`, or the first), there and back. An empty `effect` then means the segue's.
        public var scene: SceneDescription?
        public var segue: String?
        /// Whether the report keeps a SceneSnapshot of every frame (`snapshots`): what the
        /// renderer, the exports and the plots draw from. A run that only prints its trace or
        /// its JSON leaves them out: for a scene of 10,000 views they are most of its memory.
        public var recordsSnapshots = true
        /// Whether each transition's frames are judged as a person sees them (MotionCheck): a
        /// pop makes the run not clean. On unless asked off (`--no-motion-check`).
        public var checksMotion = true
        /// Given each frame's sample as the check takes it, with the scene and labels it is
        /// of (tests compare it with a whole walk's).
        var onMotionSample: ((MotionSample, Scene, [String: ViewText]) -> Void)?
        /// Reduce Motion, as the system's setting: each transition plays the animator's reduced
        /// variant (ABI 1.2), or a cross-dissolve where it declares none.
        public var reducesMotion = false
        /// Asked as each transition starts, when set (a window's Reduce Motion switch, M): then
        /// that transition plays the reduced variant, or not, as it answers, and
        /// `reducesMotion` is only where the switch starts.
        public var reducesMotionNow: (() -> Bool)?

        public init(effect: String, presentation: String? = nil, framesPerSecond: Int = 60, grace: Double = 2,
                    parameters: [String] = [], curve: String? = nil, presentGesture: String? = nil,
                    dismissGesture: String? = nil, completionSpeed: Double = 1, flow: Flow = .modal, slow: Double = 1,
                    scene: SceneDescription? = nil, segue: String? = nil) {
            self.scene = scene
            self.segue = segue
            self.flow = flow
            self.slow = slow
            self.presentGesture = presentGesture
            self.dismissGesture = dismissGesture
            self.completionSpeed = completionSpeed
            self.effect = effect
            self.presentation = presentation
            self.framesPerSecond = framesPerSecond
            self.grace = grace
            self.parameters = parameters
            self.curve = curve
        }
    }

    /// How the user started a transition: as an animation, or as an interaction driven live
    /// (a drag), asked each frame what the user does.
    public enum TransitionStart {
        case animated
        case live((Double) -> LiveInput)
        /// Driven by a recogniser's events as they come (InteractionSource.liveGesture): the
        /// interaction controller named for that direction reads them, else the host's.
        case gesture((Double) -> [GestureEvent])
    }

    /// One view as it was on screen at one frame.
    public struct ViewSample: Hashable, Sendable {
        public let name: String
        public let frame: Rect
        public let alpha: Double
    }

    public struct Frame: Hashable, Sendable {
        public let time: Double
        public let views: [ViewSample]
    }

    public struct Report: Sendable {
        public let effect: EffectInfo
        public let presentation: EffectInfo?
        public let framesPerSecond: Int
        public var flow: Flow = .modal
        /// What it played on: "the demo scene", or "segue 'open' of a scene file".
        public var stageName = "the demo scene"
        public let events: [TransitionTrace.Event]
        public let frames: RecordedFrames
        public let outcomes: [TransitionOutcome]
        /// Broken contracts of the run as a whole (TransitionTrace.violation), also in `events`.
        public var contractViolations: [String] = []
        /// What a renderer draws, one per frame (same times as `frames`); not in the JSON.
        /// Empty when the run was asked not to record them (Options.recordsSnapshots).
        public var snapshots: [SceneSnapshot] = []

        /// Every transition ended as asked (completed, or cancelled by its gesture), none was
        /// cut off, every end state was verified, and nothing else broke the contract.
        public var isClean: Bool { TransitionRun.isClean(outcomes, flow: flow) && contractViolations.isEmpty }
        public var duration: Double { frames.last?.time ?? 0 }
    }

    public enum Failure: Error, CustomStringConvertible {
        case notAnAnimator(String, EffectKind)
        /// An interaction controller was named without a gesture written in points.
        case controllerNeedsPoints(String)
        case noSuchSegue(String, known: [String])
        case sceneHasNoSegue
        /// A timing curve named where an effect goes.
        case isACurve(String)
        /// A flow asked for that the scene file's containment does not play.
        case flowNotInScene(Flow, SceneDescription.Containment)
        /// --drag-sheet given something other than a pan in points, or a flow without a sheet.
        case sheetDragNeedsAPan
        case sheetDragNeedsModal(Flow)
        /// --resize in a flow without a presentation, or to a size the display cannot hold.
        case resizeNeedsModal(Flow)
        case badWindowSize(Size, String)
        public var description: String {
            switch self {
            case .resizeNeedsModal(let flow):
                return "--resize changes the window's size while a screen is presented; the \(flow.rawValue) flow presents none"
            case .badWindowSize(let size, let why):
                return "--resize \(NumberText.exact(size.width))x\(NumberText.exact(size.height)): \(why)"
            case .sheetDragNeedsAPan:
                return "--drag-sheet takes a pan written in points, such as 'pan(up): 0s 0pt, 0.3s 250pt, release 600pt/s'"
            case .sheetDragNeedsModal(let flow):
                return "--drag-sheet drags a presented sheet; the \(flow.rawValue) flow presents none"
            case .flowNotInScene(let flow, let containment):
                let plays: String
                switch containment {
                case .modal: plays = "present and dismiss"
                case .navigation: plays = "push and pop, or a pop"
                case .tabs: plays = "a tab switch and back"
                }
                return "the \(flow.rawValue) flow does not fit the scene: its containment is \(containment.rawValue), which plays \(plays)"
            case .isACurve(let name):
                return "'\(name)' is a timing curve, not an effect"
            case .noSuchSegue(let name, let known):
                return "the scene has no segue named '\(name)'; it has: \(known.isEmpty ? "none" : known.joined(separator: ", "))"
            case .controllerNeedsPoints(let name):
                return "'\(name)' reads a gesture's events: give the gesture in points, such as 'pinch: 0s 1, 0.3s 0.6, release -2/s' or 'edge-pan(left): 0s 0pt, 0.3s 200pt, release 900pt/s'"
            case .sceneHasNoSegue:
                return "the scene declares no segue to perform; add one under \"segues\" (see docs/SCENES.md)"

            case .notAnAnimator(let name, let kind):
                return "'\(name)' is \(kind.withArticle) effect, not an animator or a delegate"
            }
        }
    }

    /// Runs the job. Throws before anything runs when the effect, a parameter or the curve
    /// cannot be used (EffectRegistry.LookupError, ParameterError, Failure).
    public static func run(registry: EffectRegistry, curves: CurveRegistry = CurveRegistry(), options: Options) throws -> Report {
        let stage = try Stage(options)
        let engine = stage.scene.engine
        let trace = TransitionTrace { engine.now }
        engine.curves = curves
        if let spec = options.curve { engine.curveOverride = try curves.resolve(spec) }
        if case .custom(let function)? = engine.curveOverride { function.onViolation = { trace.violation($0) } }
        engine.timeDilation = options.slow
        engine.followsFinger = options.followsFinger
        // A gesture in points is measured against the window the transitions run in.
        let window = stage.scene.window.bounds.size
        let presentGesture = try options.presentGesture.map { try GestureScript(parsing: $0, container: window) }
        let dismissGesture = try options.dismissGesture.map { try GestureScript(parsing: $0, container: window) }
        let sheetDrag = try options.sheetDrag.map { try GestureScript(parsing: $0, container: window) }
        if let sheetDrag {
            guard sheetDrag.events?.first?.kind == .pan else { throw Failure.sheetDragNeedsAPan }
            guard stage.flow == .modal else { throw Failure.sheetDragNeedsModal(stage.flow) }
        }
        if let size = options.windowResize {
            guard stage.flow == .modal else { throw Failure.resizeNeedsModal(stage.flow) }
            if let why = ModalPresenter.resizeProblem(size, display: window) { throw Failure.badWindowSize(size, why) }
        }
        // Interaction controllers: named ones, or (ABI 1.1) the plugin delegate's choice, asked
        // at each transition a gesture in points drives.
        func controller(_ name: String?, _ gesture: GestureScript?) throws -> EffectProvider? {
            guard let name else { return nil }
            let found = try registry.resolve(name, kind: .interactionController)
            guard gesture?.events != nil || (gesture == nil && options.liveGestures) else {
                throw Failure.controllerNeedsPoints(found.info.qualifiedName)
            }
            return found
        }
        let presentController = try controller(options.presentInteraction, presentGesture)
        let dismissController = try controller(options.dismissInteraction, dismissGesture)
        /// A gesture's source: it drives the transition from the start, or grabs it (--grab-at),
        /// with the named controller, when there is one, reading its events from the grab on.
        /// A controller that declares TH_EFFECT_NON_INTERACTIVE_START (wantsInteractiveStart =
        /// false) grabs the running transition when its gesture begins, the gesture's times then
        /// counted from the grab, as --grab-at's are.
        func source(_ gesture: GestureScript?, _ named: EffectProvider?) -> InteractionSource? {
            gesture.map { g in
                var g = g
                var grabAt = options.grabAt
                if grabAt == nil, named?.info.startsNonInteractive == true, let begins = g.events?.first?.time {
                    grabAt = begins
                    g = g.shifted(by: -begins)
                }
                return grabAt.map { at in
                    InteractionSource.grab(at: at, g, controller: named.map { effect in
                        { [trace] kind in effect.makeInteractionController(for: kind, parameters: effect.info.defaultParameterValues, trace: trace) }
                    })
                } ?? .gesture(g)
            }
        }
        func grabs(_ source: InteractionSource?) -> Bool {
            if case .grab? = source { return true }
            return false
        }
        let forwardSource: InteractionSource? = options.liveInteraction.map(InteractionSource.live) ?? source(presentGesture, presentController)

        let effect: EffectProvider
        do { effect = try registry.resolve(stage.effect) } catch EffectRegistry.LookupError.unknown where (try? curves.resolve(stage.effect)) != nil {
            throw Failure.isACurve(stage.effect)
        }
        var presentation = try options.presentation.map { try registry.resolve($0, kind: .presentationController) }
        var animator: EffectProvider?
        switch effect.info.kind {
        case .animator:
            animator = effect
        case .transitioningDelegate:
            let vended = try RegistryTransitioningDelegate(delegate: effect, registry: registry, trace: trace)
            animator = vended.animatorEffect
            presentation = presentation ?? vended.presentationEffect
        case .presentationController, .interactionController:
            throw Failure.notAnAnimator(stage.effect, effect.info.kind)
        }
        let switchesMotion = options.reducesMotionNow != nil
        let fullMotion = animator
        if options.reducesMotion && !switchesMotion { animator = try ReducedMotion.variant(of: animator, registry: registry, trace: trace) }
        // "name=value" is the animator's; "controller.name=value" the presentation controller's.
        let assignments = try ParameterAssignments(stage.parameters, presentation: presentation?.info)
        let values = try (animator?.info.parameters ?? [])
            .values(applying: assignments.animator, effect: animator?.info.qualifiedName ?? effect.info.qualifiedName)
        let presentationValues = try presentation.map {
            try $0.info.parameters.values(applying: assignments.presentation, effect: $0.info.qualifiedName)
        }
        let delegate = RegistryTransitioningDelegate(
            animator: animator, presentation: presentation, parameters: values, presentationParameters: presentationValues,
            trace: trace)
        // A grab starts the transition on its own: no interaction controller is vended.
        let backSource = source(dismissGesture, stage.flow == .pop ? dismissController ?? presentController : dismissController)
        delegate.interactivePresentation = forwardSource != nil && !grabs(forwardSource)
        delegate.interactiveDismissal = dismissGesture != nil && !grabs(backSource)
        if stage.flow == .pop && forwardSource != nil && !grabs(forwardSource) { delegate.interactiveDismissal = true }
        delegate.completionSpeed = options.completionSpeed
        delegate.presentationInteractionEffect = presentController
        delegate.dismissalInteractionEffect = dismissController
        if stage.flow == .pop { delegate.dismissalInteractionEffect = delegate.dismissalInteractionEffect ?? delegate.presentationInteractionEffect }
        // Under Reduce Motion the delegate's own choice of animator by screen is not asked.
        if effect.info.kind == .transitioningDelegate && (!options.reducesMotion || switchesMotion) { delegate.stand(for: effect, registry: registry) }
        delegate.gestureEvents = (presentGesture?.events != nil && options.liveInteraction == nil, dismissGesture?.events != nil)
        if stage.flow == .pop { delegate.gestureEvents.dismissal = delegate.gestureEvents.presentation }

        options.onBegin?(effect.info, stage.flow)
        var frames = RecordedFrames()
        var snapshots: [SceneSnapshot] = []
        var layers = 0
        let texts = MotionSample.TextLookups()
        // Each frame takes what did not change from the frame before (MotionSample.Reuse).
        let reuse = MotionSample.Reuse()
        // The motion check sees the screens as the renderer draws them (with the labels' text,
        // which a label draws). The scene at rest it sees through the frames' Reuse too: the
        // first frame then takes from it what did not move (a whole walk of the scene at the
        // start of each transition was a sixth of what the check cost a cube).
        let motion = options.checksMotion ? MotionCheck {
            MotionSample.withFrame(stage.scene, labels: stage.labels, expecting: layers, texts: texts, reuse: reuse).0
        } : nil
        let record = {
            let frame: Frame
            if let motion {
                let (sample, walked) = MotionSample.withFrame(stage.scene, labels: stage.labels, expecting: layers, texts: texts,
                                                              reuse: reuse)
                options.onMotionSample?(sample, stage.scene, stage.labels)
                layers = sample.layerIDs.count
                motion.offer(sample)
                frame = walked
            } else {
                frame = Self.capture(stage.scene)
            }
            frames.append(frame)
            options.onFrame?(frame)
            if options.recordsSnapshots || options.onSnapshot != nil {
                let snapshot = SceneSnapshot.capture(stage.scene, labels: stage.labels)
                options.onSnapshot?(snapshot)
                if options.recordsSnapshots { snapshots.append(snapshot) }
            }
        }

        // A live start (a drag in a window) makes that transition interactive, unless a gesture
        // option drives it already.
        let start: ((Int, InteractionSource?) -> InteractionSource?)? = options.beforeTransition.map { ask in
            { index, given in
                let goesBack = index == 1 || stage.flow == .pop
                let how = ask(goesBack, SceneSnapshot.capture(stage.scene, labels: stage.labels))
                // The switch as it stands when the user starts the transition.
                if let reduces = options.reducesMotionNow?() {
                    if reduces && delegate.reducedAnimator == nil {
                        do {
                            delegate.reducedAnimator = try ReducedMotion.variant(of: fullMotion, registry: registry, trace: trace)
                        } catch {
                            trace.warning("Reduce Motion: \(error); the effect plays in full")
                        }
                    }
                    delegate.reducesMotion = reduces
                }
                guard given == nil else { return given }
                switch how {
                case .animated:
                    return nil
                case .live(let input):
                    if goesBack { delegate.interactiveDismissal = true } else { delegate.interactivePresentation = true }
                    return .live(input)
                case .gesture(let events):
                    // Events: a controller that reads them (named, or the delegate's choice) may drive it.
                    if goesBack {
                        (delegate.interactiveDismissal, delegate.gestureEvents.dismissal) = (true, true)
                    } else {
                        (delegate.interactivePresentation, delegate.gestureEvents.presentation) = (true, true)
                    }
                    return .liveGesture(events)
                }
            }
        }
        let outcomes = try runFlow(
            stage.flow, screens: stage.screens, delegate: delegate,
            driver: TransitionDriver(scene: stage.scene, trace: trace, grace: options.grace),
            forward: forwardSource, back: backSource,
            start: start, record: record, sheetDrag: sheetDrag, windowResize: options.windowResize,
            dropLastFrame: {
                frames.removeLast()
                if options.recordsSnapshots { snapshots.removeLast() }
            }, motion: motion)
        return Report(
            effect: effect.info, presentation: delegate.presentationEffect?.info,
            framesPerSecond: options.framesPerSecond, flow: stage.flow, stageName: stage.name, events: trace.eventsWithNotes, frames: frames, outcomes: outcomes,
            contractViolations: trace.contractViolations, snapshots: snapshots)
    }

    /// What is on screen: every visible view, back to front, with its frame in its
    /// superview and its alpha.
    static func capture(_ scene: Scene) -> Frame {
        let views = scene.visibleViews.map { v in
            let look = v.presentation  // composed once: it overlays the running animations
            return ViewSample(name: v.name, frame: look.frame, alpha: look.alpha)
        }
        return Frame(time: scene.engine.now, views: views)
    }

    /// The scene a run plays on and the two screens it goes between: the demo scene, or a
    /// scene file's segue.
    struct Stage {
        let screens: FlowScreens
        var scene: Scene { screens.scene }
        var labels: [String: ViewText] { screens.labels }
        let flow: Flow
        let effect: String
        let parameters: [String]
        let name: String

        init(_ options: Options) throws {
            guard let description = options.scene else {
                name = "the demo scene"
                screens = FlowScreens(demoAt: options.framesPerSecond)
                (flow, effect, parameters) = (options.flow, options.effect, options.parameters)
                return
            }
            let segue: SceneDescription.Segue
            if let name = options.segue {
                guard let found = description.segues.first(where: { $0.name == name }) else {
                    throw Failure.noSuchSegue(name, known: description.segues.map(\.name))
                }
                segue = found
            } else {
                guard let first = description.segues.first else { throw Failure.sceneHasNoSegue }
                segue = first
            }
            name = "segue '\(segue.name)' (\(segue.from) to \(segue.to)) of the scene"
            screens = FlowScreens(description, segue: segue, framesPerSecond: options.framesPerSecond)
            switch description.containment {
            case .modal: flow = .modal
            case .navigation: flow = options.flow == .pop ? .pop : .push
            case .tabs: flow = .tabs
            }
            // The containment decides; a flow flag may only choose within it (push or pop).
            if options.flowIsGiven && flow != options.flow {
                throw Failure.flowNotInScene(options.flow, description.containment)
            }
            effect = options.effect.isEmpty ? (segue.effect ?? "cover-vertical") : options.effect
            // The segue's parameters belong to the segue's effect: another effect named on the
            // command line gets its own defaults. The command line's parameters win over them.
            let segueParameters = effect == segue.effect ? segue.parameters : []
            let given = Set(options.parameters.compactMap { $0.split(separator: "=").first.map(String.init) })
            parameters = segueParameters.filter { !given.contains(String($0.split(separator: "=")[0])) } + options.parameters
        }
    }
}
