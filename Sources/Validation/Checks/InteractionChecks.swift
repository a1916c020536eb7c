import TransitionCore

/// The conformance tests of an interaction controller (ABI 1.1) for one transition kind it
/// claims. The host's standard animator runs the transition, so that only the controller is
/// judged; it is given, one run each, the gestures an app's recognisers produce — a pinch, an
/// edge pan from the left, pans down and right — meant to finish, then meant to cancel. A
/// controller reads the recogniser it was written for and ignores the others, so each test
/// asks of the gestures it answered.
enum InteractionChecks {
    /// Gestures meant to finish: closing, or far and fast along their way.
    static let finishing = [
        "pinch: 0s 1, 0.1s 0.7, 0.2s 0.4, release -2/s",
        "edge-pan(left): 0s 0pt, 0.1s 150pt, 0.2s 300pt, release 1200pt/s",
        "pan(down): 0s 0pt, 0.1s 300pt, 0.2s 600pt, release 1500pt/s",
        "pan(right): 0s 0pt, 0.1s 150pt, 0.2s 300pt, release 1200pt/s",
    ]
    /// Gestures meant to cancel: opening, or short and flicked back.
    static let cancelling = [
        "pinch: 0s 1, 0.1s 0.9, 0.2s 1.1, release 2/s",
        "edge-pan(left): 0s 0pt, 0.1s 60pt, 0.2s 20pt, release -1200pt/s",
        "pan(down): 0s 0pt, 0.1s 60pt, 0.2s 20pt, release -1500pt/s",
        "pan(right): 0s 0pt, 0.1s 60pt, 0.2s 20pt, release -1200pt/s",
    ]

    /// One run: the gesture, the outcome of the controlled transition (nil when it was not
    /// reached) and its warnings.
    struct Run {
        let gesture: String
        let outcome: TransitionOutcome?
        let warnings: [String]
        /// The controller called finish_interactive_transition or cancel_interactive_transition.
        let endedInteraction: Bool
        var recogniser: String { String(gesture.prefix { $0 != ":" }) }
        /// The controller ended the interaction itself (a scrub to 100% alone does not) and the
        /// transition then ended, not cut off.
        var answered: Bool { endedInteraction && (outcome.map { !$0.cutOff } ?? false) }
    }

    static func run(_ check: ConformanceTest.InteractionCheck, kind: TransitionKind, effectID: String, subject: Subject) -> Verdict {
        guard let effect = subject.effect(effectID) else { return .fail("the loaded plugin has no effect '\(effectID)'") }
        do {
            switch check {
            case .ends: return try ends(effect, kind, subject)
            case .cancelRestores: return try cancelRestores(effect, kind, subject)
            case .callOrder: return try callOrder(effect, kind, subject)
            }
        } catch {
            return .fail("the host could not run the \(kind.name): \(error)")
        }
    }

    /// The flow of `kind`, with the controller driving transition `kind` by `gesture`.
    static func play(_ effect: EffectProvider, _ kind: TransitionKind, _ gesture: String, _ subject: Subject) throws -> Run {
        let index = DemoStage.Flow.of(kind).index
        let stage = DemoStage(flow: DemoStage.Flow.of(kind).flow, scene: subject.scene, curves: subject.curves)
        let delegate = TestDelegate(animator: nil, trace: stage.trace)
        delegate.interactionEffect = effect
        var gestures: [GestureScript?] = [nil, nil]
        gestures[index] = try GestureScript(parsing: gesture, container: stage.demo.scene.window.bounds.size)
        ChildProgress.step("the \(kind.name) driven by \(effect.info.qualifiedName) with '\(gesture)'")
        try stage.run(delegate, transitions: index + 1, gestures: gestures)
        let events = index < stage.events.count ? stage.events[index] : []
        return Run(gesture: gesture, outcome: index < stage.outcomes.count ? stage.outcomes[index] : nil,
                   warnings: stage.problems(of: index),
                   endedInteraction: events.contains { $0.name.hasPrefix("interaction.finish(") || $0.name.hasPrefix("interaction.cancel(") })
    }

    static func ends(_ effect: EffectProvider, _ kind: TransitionKind, _ subject: Subject) throws -> Verdict {
        let runs = try (finishing + cancelling).map { try play(effect, kind, $0, subject) }
        let answered = runs.filter(\.answered)
        guard !answered.isEmpty else {
            return .fail("it called neither finish_interactive_transition nor cancel_interactive_transition for any of the gestures (pinch, edge pan, pans), so the host cut each \(kind.name) off (or it ended by a scrub to 100% alone); call one of them when the gesture ends")
        }
        let recognisers = Array(Set(answered.map(\.recogniser))).sorted().joined(separator: ", ")
        let finished = runs.prefix(finishing.count).filter { $0.outcome?.completed == true }.count
        return .pass("ended the interaction itself for \(recognisers) (\(finished) of those meant to finish finished)")
    }

    static func cancelRestores(_ effect: EffectProvider, _ kind: TransitionKind, _ subject: Subject) throws -> Verdict {
        let runs = try cancelling.map { try play(effect, kind, $0, subject) }
        let cancelled = runs.filter { $0.endedInteraction && ($0.outcome.map { !$0.completed && !$0.cutOff } ?? false) }
        guard !cancelled.isEmpty else { return .skip("it cancelled for none of the gestures meant to cancel, so there was no cancel to look at") }
        let problems = cancelled.flatMap { run in run.outcome!.violations.map { "after '\(run.gesture)': \($0)" } }
        return Verdict.from(problems: problems, passing: "cancelled by \(Array(Set(cancelled.map(\.recogniser))).sorted().joined(separator: ", ")): the scene ended as it was before")
    }

    static func callOrder(_ effect: EffectProvider, _ kind: TransitionKind, _ subject: Subject) throws -> Verdict {
        let runs = try (finishing + cancelling).map { try play(effect, kind, $0, subject) }
        let late = runs.flatMap { run in run.warnings.filter(isLateCall).map { "after '\(run.gesture)': \($0)" } }
        let problems = late.isEmpty ? [] : [late[0] + (late.count > 1 ? " (and \(late.count - 1) more)" : "")]
        return Verdict.from(problems: problems, passing: "no update, finish, cancel or pause once the interaction had ended, in \(runs.count) runs")
    }

    /// A warning the host gives when an interactive function is called after the interaction
    /// ended (or before it was interactive).
    static func isLateCall(_ warning: String) -> Bool {
        warning.contains("for a transition that is not interactive") || warning.contains("after the interaction had ended")
    }
}
