import TransitionCore

/// The behaviour tests of one effect for one transition kind it claims, on the demo scene.
/// Each compares the run with a reference run of the same flow by the host's standard
/// animator, whose end state is right by construction: a view the effect leaves behind, or a
/// screen left looking different after the way back, shows up as a difference.
enum BehaviourChecks {
    /// Scrub to half way, then flick back: the percent-driven controller cancels.
    static let cancelGesture = "0=0, 0.05=0.25, 0.1=0.5, release=-2"
    /// Scrub through a quarter, a half and three quarters, then flick forward: it finishes.
    static let finishGesture = "0=0, 0.05=0.25, 0.1=0.5, 0.15=0.75, release=2"
    /// Time dilation of the zero-duration test: every animation takes a billionth of its time.
    static let zeroDilation = 1e-9
    /// Time dilation of the long-duration test: a 0.5 s transition lasts 10 s.
    static let longDilation = 20.0
    /// Duration parameters are set no higher than this in the long-duration test.
    static let longestParameterSeconds = 60.0

    static func run(_ check: ConformanceTest.BehaviourCheck, kind: TransitionKind, effectID: String, subject: Subject) -> Verdict {
        guard let effect = subject.effect(effectID) else { return .fail("the loaded plugin has no effect '\(effectID)'") }
        do {
            switch check {
            case .endState: return try endState(effect, kind, subject)
            case .cancel: return try cancel(effect, kind, subject)
            case .singleCompletion: return try singleCompletion(effect, kind, subject)
            case .zeroDuration: return try durations(effect, kind, subject, longest: false)
            case .longDuration: return try durations(effect, kind, subject, longest: true)
            case .deterministic: return try deterministic(effect, kind, subject)
            case .interactive: return try interactive(effect, kind, subject)
            case .interruptible: return try interruptible(effect, kind, subject)
            case .motion: return try motion(effect, kind, subject)
            case .reducedMotion: return try reducedMotion(effect, kind, subject)
            case .detents: return try detents(effect, subject)
            case .resize: return try resize(effect, subject)
            }
        } catch {
            return .fail("the host could not run the \(kind.name): \(error)")
        }
    }

    // MARK: Running

    /// The transitions of the flow a test looks at: the kind's own, and for a tab switch the
    /// switch back too (it is one as well).
    static func indices(_ kind: TransitionKind) -> [Int] {
        kind == .tabSwitch ? [0, 1] : [DemoStage.Flow.of(kind).index]
    }

    /// Runs the flow of `kind` with `effect` (its parameters `parameters`), as far as the
    /// kind's transition.
    static func stage(_ effect: EffectProvider, _ kind: TransitionKind, _ subject: Subject, parameters: [Double]? = nil,
                      dilation: Double = 1, gestures: [GestureScript?] = [], grabAt: Double? = nil,
                      recording: Bool = false, checkingMotion: Bool = false) throws -> (DemoStage, TestDelegate) {
        let stage = DemoStage(flow: DemoStage.Flow.of(kind).flow, scene: subject.scene, dilation: dilation, curves: subject.curves)
        let delegate = subject.delegate(for: effect, parameters: parameters, trace: stage.trace)
        ChildProgress.step("running the \(kind.name) flow with \(effect.info.qualifiedName)")
        try stage.run(delegate, transitions: indices(kind).max()! + 1, gestures: gestures, grabAt: grabAt, recordingFrames: recording,
                      checkingMotion: checkingMotion)
        return (stage, delegate)
    }

    /// The same flow, on the same scene, with the host's standard animator.
    static func reference(_ kind: TransitionKind, on scene: DemoStage.SceneFile?, dilation: Double = 1) throws -> DemoStage {
        let stage = DemoStage(flow: DemoStage.Flow.of(kind).flow, scene: scene, dilation: dilation)
        ChildProgress.step("running the \(kind.name) flow with the standard animator, for reference")
        try stage.run(Subject.referenceDelegate(trace: stage.trace), transitions: indices(kind).max()! + 1)
        return stage
    }

    /// The kind of transition `index` of the flow that exercises `kind`.
    static func kind(of index: Int, in kind: TransitionKind) -> TransitionKind {
        switch DemoStage.Flow.of(kind).flow {
        case .modal: return index == 0 ? .present : .dismiss
        case .navigation: return index == 0 ? .push : .pop
        case .tabs: return .tabSwitch
        }
    }

    /// Why transition `index` did not run: the one before it did not complete.
    static func notReached(_ index: Int, _ kind: TransitionKind, _ effect: EffectProvider) -> Verdict {
        let before = self.kind(of: index - 1, in: kind)
        return .skip("the \(before.name) before it did not complete, so there was nothing to \(kind.name); see behaviour.\(effect.info.effectID).\(before.name).end-state")
    }

    /// What went wrong with transition `index` as the host saw it: cut off, cancelled by
    /// itself, an animator the effect declined to make, the host's end-state violations.
    static func outcomeProblems(_ o: TransitionOutcome, _ kind: TransitionKind, _ delegate: TestDelegate, _ effect: EffectProvider) -> [String] {
        var problems: [String] = []
        if delegate.declined.contains(kind) {
            problems.append("create returned NULL for \(kind.name), which the descriptor claims: the host fell back to its standard animation")
        }
        if delegate.declinedPresentation {
            problems.append("create returned NULL: the host presented without the presentation controller")
        }
        if o.cutOff {
            problems.append("never called complete_transition: the host cut the \(kind.name) off after its duration (\(number(o.duration)) s) plus the grace period and restored the scene")
        } else if !o.completed && !o.cancelledByInteraction {
            problems.append("cancelled the \(kind.name) itself (complete_transition(false)) though nothing cancelled it")
        }
        problems += o.violations
        return problems
    }

    /// Trace warnings that no other test owns: the plugin's own warnings and errors, and the
    /// host's reports of misuse.
    static func otherWarnings(_ stage: DemoStage, _ index: Int) -> [String] {
        let violations = Set(stage.outcomes.flatMap(\.violations))
        return stage.problems(of: index).filter { w in
            !violations.contains(w) && !Misuse.isDoubleCompletion(w) && !Misuse.isStaleContext(w) && !Misuse.isCutOff(w)
        }
    }

    /// Compares the end of transition `index` with the reference: no view left behind and the
    /// destination looking as the standard animation leaves it, there; the scene exactly as
    /// the standard animation leaves it, back.
    static func endComparison(_ stage: DemoStage, _ reference: DemoStage, _ index: Int, _ effect: EffectProvider)
        -> (problems: [String], warnings: [String])
    {
        guard index < stage.ends.count, index < reference.ends.count, stage.outcomes[index].completed else { return ([], []) }
        let actual = stage.ends[index], expected = reference.ends[index]
        if index == 1 {
            return (SceneComparison.differences(actual, expected: expected).map { "after the way back, \($0)" }, [])
        }
        // A presentation controller's chrome belongs on screen while it presents.
        let stray = effect.info.kind == .presentationController ? [] : SceneComparison.strayAndMissing(actual, expected: expected)
        let destination = stage.demo.to.view.id
        var warnings: [String] = []
        if let a = actual.layers.first(where: { $0.viewID == destination }),
           let e = expected.layers.first(where: { $0.viewID == destination }) {
            warnings = SceneComparison.lookDifferences(a.appearance, e.appearance, name: a.name, versus: "the standard animation leaves",
                                                       frames: false)
                // Its colour and its layer's look (corners, clipping, border, shadow) are the
                // effect's to choose, as a sheet's rounded corners and shadow are.
                .filter { w in !["colour", "corner", "clips", "border", "shadow"].contains { w.contains($0) } }
        }
        return (stray, warnings)
    }

    // MARK: Tests

    static func endState(_ effect: EffectProvider, _ kind: TransitionKind, _ subject: Subject,
                         parameters: [Double]? = nil, dilation: Double = 1, passing: String? = nil) throws -> Verdict {
        let (stage, delegate) = try self.stage(effect, kind, subject, parameters: parameters, dilation: dilation)
        let reference = try self.reference(kind, on: subject.scene, dilation: dilation)
        var problems: [String] = [], warnings: [String] = []
        for i in indices(kind) {
            guard i < stage.outcomes.count else { return notReached(i, kind, effect) }
            let o = stage.outcomes[i]
            problems += outcomeProblems(o, self.kind(of: i, in: kind), delegate, effect)
            let ends = endComparison(stage, reference, i, effect)
            problems += ends.problems
            warnings += ends.warnings + otherWarnings(stage, i)
        }
        let times = indices(kind).map { stage.outcomes[$0] }.map { "\(number($0.endTime - $0.startTime)) s" }.joined(separator: " and ")
        return Verdict.from(problems: problems, warnings: warnings,
                            passing: passing ?? "completed in \(times) and left the scene as the standard animation does")
    }

    static func cancel(_ effect: EffectProvider, _ kind: TransitionKind, _ subject: Subject) throws -> Verdict {
        let gesture = try GestureScript(parsing: cancelGesture)
        let index = DemoStage.Flow.of(kind).index
        var gestures: [GestureScript?] = [nil, nil]
        gestures[index] = gesture
        let (stage, delegate) = try self.stage(effect, kind, subject, gestures: gestures)
        guard index < stage.outcomes.count else { return notReached(index, kind, effect) }
        let o = stage.outcomes[index]
        var problems = outcomeProblems(o, kind, delegate, effect).filter { !$0.hasPrefix("cancelled the") }
        if o.completed {
            problems.append("completed the \(kind.name) although the interaction cancelled it: in the completion, ask transition_was_cancelled and pass the opposite to complete_transition")
        }
        if o.cutOff {
            problems = ["after the interaction was cancelled at 50%, it never called complete_transition(false): the host cut it off and restored the scene itself"]
        }
        return Verdict.from(problems: problems, warnings: otherWarnings(stage, index),
                            passing: "cancelled at 50% by a gesture: it called complete_transition(false) and restored everything it had changed")
    }

    static func singleCompletion(_ effect: EffectProvider, _ kind: TransitionKind, _ subject: Subject) throws -> Verdict {
        let (stage, _) = try self.stage(effect, kind, subject)
        var problems: [String] = []
        for i in indices(kind) {
            guard i < stage.outcomes.count else { return notReached(i, kind, effect) }
            if stage.outcomes[i].cutOff { return .skip("it never called complete_transition at all; see behaviour.\(effect.info.effectID).\(kind.name).end-state") }
            let extra = stage.problems(of: i).filter(Misuse.isDoubleCompletion)
            if !extra.isEmpty {
                problems.append("called complete_transition \(extra.count + 1) times in the \(self.kind(of: i, in: kind).name); call it exactly once (the host ignored the others: \(extra[0]))")
            }
        }
        return Verdict.from(problems: problems, passing: "called complete_transition exactly once")
    }

    /// Zero: duration parameters at their minimum and every animation taking no time.
    /// Long: duration parameters at their maximum (up to a minute) and the clock slowed.
    static func durations(_ effect: EffectProvider, _ kind: TransitionKind, _ subject: Subject, longest: Bool) throws -> Verdict {
        let parameters = effect.info.parameters
        var values = effect.info.defaultParameterValues
        var set: [String] = []
        for (i, p) in parameters.enumerated() where p.isDuration {
            values[i] = longest ? min(p.maximum, max(p.minimum, longestParameterSeconds)) : p.minimum
            if p.type == .int { values[i] = values[i].rounded(longest ? .down : .up) }
            set.append("\(p.id)=\(number(values[i]))")
        }
        let dilation = longest ? longDilation : zeroDilation
        let how = "with " + (set.isEmpty ? "" : "\(set.joined(separator: ", ")) and ")
            + (longest ? "the clock slowed \(number(dilation))×" : "every animation taking no time")
        let verdict = try endState(effect, kind, subject, parameters: values, dilation: dilation, passing: "completed cleanly \(how)")
        guard verdict.status == .pass || verdict.status == .skip else { return Verdict(verdict.status, "\(how): \(verdict.reason)") }
        return verdict
    }

    /// Every frame as a person sees it, from the scene at rest to the end state, as `host run`
    /// judges it (MotionCheck, docs/ABI.md): no view may jump, appear or vanish in one frame.
    static func motion(_ effect: EffectProvider, _ kind: TransitionKind, _ subject: Subject) throws -> Verdict {
        let (stage, _) = try self.stage(effect, kind, subject, checkingMotion: true)
        var problems: [String] = []
        for i in indices(kind) {
            guard i < stage.outcomes.count else { return notReached(i, kind, effect) }
            let o = stage.outcomes[i]
            if o.cutOff || o.failure != nil {
                return .skip("the \(self.kind(of: i, in: kind).name) did not end as asked, so its motion was not judged; see behaviour.\(effect.info.effectID).\(kind.name).end-state")
            }
            if o.duration == 0 { return .skip("it reports a duration of 0 for the \(self.kind(of: i, in: kind).name): a cut, whose motion is not judged") }
            problems += o.motion.map { "\($0.description.dropFirst("motion: ".count))" }
        }
        guard problems.isEmpty else {
            return .fail(Verdict.said(problems) + ": a person sees that as a pop; move or fade it over several frames, or return 0 from transition_duration for a deliberate cut")
        }
        return .pass("no view jumped, appeared or vanished in one frame, from the scene at rest to the end state")
    }

    /// How far a view's corner may drift between two frames of a reduced variant: rounding,
    /// not motion.
    static let stillTolerance = 0.5

    /// Plays the effect's reduced variant (ABI 1.2) and checks that no view moves or resizes
    /// from frame to frame while it is on screen: what Reduce Motion promises a person. Views
    /// may come, go and change their opacity or colour.
    static func reducedMotion(_ effect: EffectProvider, _ kind: TransitionKind, _ subject: Subject) throws -> Verdict {
        guard let variantID = effect.info.reducedMotion else { return .skip("it declares no reduced variant") }
        guard let variant = subject.effect(variantID) else { return .fail("its reduced variant '\(variantID)' is not an effect of the plugin") }
        guard variant.info.transitions.contains(kind) else {
            return .fail("its reduced variant '\(variantID)' does not declare the \(kind.name), which '\(effect.info.effectID)' does: Reduce Motion would play the standard style instead")
        }
        let (stage, _) = try self.stage(variant, kind, subject, recording: true)
        for i in indices(kind) where i >= stage.outcomes.count || !stage.outcomes[i].completed {
            return .fail("its reduced variant '\(variantID)' did not complete the \(self.kind(of: i, in: kind).name); see behaviour.\(variantID).\(kind.name).end-state")
        }
        var previous: [Int: (String, [Point])] = [:]
        for frame in stage.frames {
            var now: [Int: (String, [Point])] = [:]
            for layer in frame.layers where !layer.isHidden && layer.opacity > 0 {
                let size = layer.appearance.bounds.size
                let corners = [Point(x: 0, y: 0), Point(x: size.width, y: 0), Point(x: size.width, y: size.height), Point(x: 0, y: size.height)]
                    .map { layer.transform.apply(to: $0) }
                now[layer.viewID] = (layer.name, corners)
                guard let (_, before) = previous[layer.viewID] else { continue }
                let moved = zip(before, corners).map { (($0.x - $1.x) * ($0.x - $1.x) + ($0.y - $1.y) * ($0.y - $1.y)).squareRoot() }.max() ?? 0
                if moved > stillTolerance {
                    return .fail("its reduced variant '\(variantID)' moved or resized '\(VisibleText.escape(layer.name))' by \(number(moved)) pt at \(number(frame.time)) s: under Reduce Motion views may fade or change colour, not move")
                }
            }
            previous = now
        }
        return .pass("its reduced variant '\(variantID)' moved and resized nothing in \(stage.frames.count) frames")
    }

    /// ABI 1.2's sheet detents: the heights a presentation controller declares for the demo
    /// scene's container keep its rule (at most TH_MAX_DETENTS, each above 0, within the
    /// container, increasing), and a sheet presented, dragged and flicked up to the largest,
    /// then dismissed, ends as the dismissal's end-state test asks, the controller told of the
    /// change once.
    static func detents(_ effect: EffectProvider, _ subject: Subject) throws -> Verdict {
        let probe = DemoStage(flow: .modal, scene: subject.scene, curves: subject.curves)
        let bounds = probe.demo.scene.window.bounds
        guard let controller = effect.makePresentationController(parameters: effect.info.defaultParameterValues, trace: probe.trace) else {
            return .skip("it made no presentation controller")
        }
        let heights: [Double]
        switch ModalPresenter.detents(of: controller, inContainerBounds: bounds) {
        case .success(let answered): heights = answered
        case .failure(let problem):
            return .fail("for a container of \(number(bounds.size.width)) × \(number(bounds.size.height)) pt, \(problem): a sheet rests within its container, at most \(ModalPresenter.maxDetents) detents, each taller than the one before")
        }
        guard !heights.isEmpty else { return .skip("it declares no detents") }
        let up = try GestureScript(parsing: "pan(up): 0s 0pt, 0.2s \(Int(bounds.size.height))pt, release 2000pt/s", container: bounds.size)
        let stage = DemoStage(flow: .modal, scene: subject.scene, curves: subject.curves)
        let delegate = subject.delegate(for: effect, trace: stage.trace)
        ChildProgress.step("presenting with \(effect.info.qualifiedName), dragging its sheet to its largest detent, dismissing")
        try stage.run(delegate, transitions: 2, sheetDrag: up)
        if let failed = modalFlowFailure(stage, delegate, effect, "after a drag to its largest detent") { return failed }
        let told = stage.trace.events.filter { $0.name.hasPrefix("presentationController.detentDidChange(") }.count
        return .pass("\(heights.count) detent\(heights.count == 1 ? "" : "s") (\(heights.map { number($0) }.joined(separator: ", ")) pt); dragged to the largest\(told == 1 ? ", the controller told once" : ""), then dismissed cleanly")
    }

    /// The verdict when a modal flow's presentation or dismissal did not end as the end-state
    /// test asks (`context` says what happened between them); nil when both did.
    private static func modalFlowFailure(_ stage: DemoStage, _ delegate: TestDelegate, _ effect: EffectProvider, _ context: String) -> Verdict? {
        for i in 0..<2 {
            guard i < stage.outcomes.count else { return notReached(i, .dismiss, effect) }
            let problems = outcomeProblems(stage.outcomes[i], i == 0 ? .present : .dismiss, delegate, effect)
            if !problems.isEmpty { return .fail("\(context), \(Verdict.said(problems))") }
        }
        return nil
    }

    /// ABI 1.2's size change: a presentation, the window resized under it to 80 % of the
    /// display's width and 85 % of its height (as a split view would), then the dismissal,
    /// each ending as the end-state test asks.
    static func resize(_ effect: EffectProvider, _ subject: Subject) throws -> Verdict {
        let stage = DemoStage(flow: .modal, scene: subject.scene, curves: subject.curves)
        let display = stage.demo.scene.displaySize
        let size = Size(width: (display.width * 0.8).rounded(), height: (display.height * 0.85).rounded())
        let said = "\(number(size.width)) × \(number(size.height)) pt"
        let delegate = subject.delegate(for: effect, trace: stage.trace)
        ChildProgress.step("presenting with \(effect.info.qualifiedName), resizing the window to \(said), dismissing")
        try stage.run(delegate, transitions: 2, windowResize: size)
        if let failed = modalFlowFailure(stage, delegate, effect, "with the window resized to \(said) under the presentation") { return failed }
        if let broken = stage.trace.events.first(where: { $0.level == .error }) {
            return .fail("with the window resized to \(said): \(VisibleText.escape(broken.name))")
        }
        return .pass("the window resized to \(said) under its presentation, the sheet laid out for it, then dismissed cleanly")
    }

    static func deterministic(_ effect: EffectProvider, _ kind: TransitionKind, _ subject: Subject) throws -> Verdict {
        let (first, _) = try stage(effect, kind, subject, recording: true)
        let (second, _) = try stage(effect, kind, subject, recording: true)
        if let difference = SceneComparison.firstDifference(first.frames, second.frames) {
            return .fail("the same inputs gave different frames: \(difference); depend on nothing but the host's calls (no clock, no random numbers, no state kept between transitions)")
        }
        if first.outcomes != second.outcomes { return .fail("the same inputs gave different outcomes: \(first.outcomes) and \(second.outcomes)") }
        return .pass("two runs gave the same \(first.frames.count) frames, bit for bit")
    }

    static func interactive(_ effect: EffectProvider, _ kind: TransitionKind, _ subject: Subject) throws -> Verdict {
        let gesture = try GestureScript(parsing: finishGesture)
        let index = DemoStage.Flow.of(kind).index
        var gestures: [GestureScript?] = [nil, nil]
        gestures[index] = gesture
        let (stage, delegate) = try self.stage(effect, kind, subject, gestures: gestures, recording: true)
        guard index < stage.outcomes.count else { return notReached(index, kind, effect) }
        let o = stage.outcomes[index]
        if o.refused {
            return .skip("it refuses a dismissal by gesture (should_dismiss, isModalInPresentation), as a modal sheet does: nothing to scrub")
        }
        var problems = outcomeProblems(o, kind, delegate, effect)
        let release = o.startTime + gesture.releaseTime
        if o.completed && o.endTime < release - 1e-9 {
            problems.append("completed the \(kind.name) at \(number(o.endTime - o.startTime)) s, while the gesture was still scrubbing it (released at \(number(gesture.releaseTime)) s): complete from the animation's completion, not at once")
        }
        let reference = try self.reference(kind, on: subject.scene)
        problems += endComparison(stage, reference, index, effect).problems
        // The scrubbed frames: a quarter, a half, three quarters.
        let scrubbed = gesture.samples.dropFirst().map { sample in
            stage.frames.first { abs($0.time - (o.startTime + sample.time)) < 1e-6 }.map(\.layers)
        }
        var warnings = otherWarnings(stage, index)
        if scrubbed.count == 3, let a = scrubbed[0], a == scrubbed[1], a == scrubbed[2] {
            warnings.append("scrubbing to 25%, 50% and 75% showed the same frame: the effect's animation does not follow the interaction (animate through host->animate so the host can scrub it)")
        }
        return Verdict.from(problems: problems, warnings: warnings,
                            passing: "scrubbed to 25%, 50% and 75%, then finished by a flick: completed and left the scene as the standard animation does")
    }
}

extension BehaviourChecks {
    /// Dragged a little further, then flicked: on, or back.
    static let grabOn = "0=0, 0.05=0.1, release=2"
    static let grabBack = "0=0, 0.05=0.1, release=-2"

    /// An animator that offers an interruptible animator (ABI 1.1) is grabbed a third of the
    /// way through, scrubbed, and let go twice: flicked on it must complete, thrown back it
    /// must cancel and leave the scene as it was, with no call its animator's state refuses.
    static func interruptible(_ effect: EffectProvider, _ kind: TransitionKind, _ subject: Subject) throws -> Verdict {
        let index = DemoStage.Flow.of(kind).index
        let duration = effect.info.defaultDuration
        var problems: [String] = []
        var warnings: [String] = []
        for (gesture, throwsBack) in [(grabOn, false), (grabBack, true)] {
            var gestures: [GestureScript?] = [nil, nil]
            gestures[index] = try GestureScript(parsing: gesture)
            let (stage, delegate) = try self.stage(effect, kind, subject, gestures: gestures, grabAt: duration / 3)
            guard index < stage.outcomes.count else { return notReached(index, kind, effect) }
            if stage.problems(of: index).contains(where: { $0.contains("offers no interruptible animator") }) {
                return .skip("it offers no interruptible animator (th_animator_interface.interruptible_animator, ABI 1.1), so it cannot be grabbed")
            }
            let o = stage.outcomes[index]
            let what = throwsBack ? "thrown back" : "flicked on"
            if throwsBack && o.completed {
                problems.append("grabbed and \(what), it completed the \(kind.name): its completion must pass !transition_was_cancelled to complete_transition")
            }
            if !throwsBack && !o.completed {
                problems.append("grabbed and \(what), it did not complete the \(kind.name)")
            }
            problems += outcomeProblems(o, kind, delegate, effect).filter { !$0.hasPrefix("cancelled the") }.map { "\(what): \($0)" }
            problems += stage.problems(of: index).filter { $0.contains("property animator") }.map { "\(what): \($0)" }
            warnings += otherWarnings(stage, index).filter { !$0.contains("property animator") }
        }
        return Verdict.from(problems: problems, warnings: warnings,
                            passing: "grabbed a third of the way: flicked on it completed, thrown back it cancelled and left the scene as it was")
    }
}

/// The host's words for the misuses that the tests tell apart in a run's trace
/// (TransitionContext and PluginHost's host table write them; the end-to-end tests of
/// `host validate` fail if the wording drifts away from these).
enum Misuse {
    static func isDoubleCompletion(_ warning: String) -> Bool {
        (warning.contains("completeTransition(") && warning.contains("called again"))
            || warning.contains("complete_transition with a stale or unknown context")
    }
    static func isStaleContext(_ warning: String) -> Bool { warning.contains("used a context after its transition had ended") }
    static func isCutOff(_ warning: String) -> Bool {
        warning.contains("did not call completeTransition within") || warning.contains("was left interactive")
            || warning.contains("were still running at the deadline")
    }
}

extension EffectParameter {
    /// A number of seconds: what the duration tests set to its extremes.
    var isDuration: Bool { (type == .double || type == .int) && (unit == "s" || id.contains("duration")) }
}
