import TransitionCore

/// Robustness: the effect under random parameters, and a plugin that keeps a context past
/// the end of its transition.
enum RobustnessChecks {
    static func run(_ check: ConformanceTest.RobustnessCheck, effectID: String, subject: Subject) -> Verdict {
        guard let effect = subject.effect(effectID) else { return .fail("the loaded plugin has no effect '\(effectID)'") }
        do {
            switch check {
            case .parameterFuzzing: return try fuzz(effect, subject)
            case .staleHandles: return try staleHandles(effect, subject)
            }
        } catch {
            return .fail("the host could not run it: \(error)")
        }
    }

    /// The kinds a robustness test runs: one per flow the effect takes part in.
    static func kinds(of effect: EffectProvider) -> [TransitionKind] {
        if effect.info.kind == .presentationController { return [.dismiss] }
        var seen = Set<String>()
        return effect.info.transitions.kinds.filter { kind in
            let flow = DemoStage.Flow.of(kind)
            return seen.insert("\(flow.flow)").inserted
        }.map { kind in
            // The whole flow, there and back, when the effect serves the way back too.
            let back = BehaviourChecks.kind(of: 1, in: kind)
            return effect.info.transitions.contains(back) ? back : kind
        }
    }

    static func fuzz(_ effect: EffectProvider, _ subject: Subject) throws -> Verdict {
        let parameters = effect.info.parameters
        guard !parameters.isEmpty else { return .skip("it declares no parameters") }
        var fuzzer = ParameterFuzzer(seed: stableHash(effect.info.qualifiedName))
        let kind = kinds(of: effect)[0]
        var problems: [String] = []
        var ran = 0, refused = 0
        for (n, trial) in fuzzer.trials(for: parameters).enumerated() {
            let given = trial.assignments.joined(separator: " ")
            ChildProgress.step("fuzzing trial \(n + 1): \(given)")
            let values: [Double]
            do {
                values = try parameters.values(applying: trial.assignments, effect: effect.info.qualifiedName)
            } catch {
                if trial.inRange { problems.append("the host refused \(given), which the descriptor allows: \(error)") } else { refused += 1 }
                continue
            }
            if !trial.inRange {
                problems.append("the host accepted \(given), outside what the descriptor declares")
                continue
            }
            let (stage, delegate) = try BehaviourChecks.stage(effect, kind, subject, parameters: values)
            ran += 1
            let found = stage.outcomes.enumerated().flatMap { i, o in
                BehaviourChecks.outcomeProblems(o, BehaviourChecks.kind(of: i, in: kind), delegate, effect)
            }
            if let first = found.first { problems.append("with \(given): \(first)") }
        }
        return Verdict.from(problems: Array(problems.prefix(3)) + (problems.count > 3 ? ["and \(problems.count - 3) more"] : []),
                            passing: "\(ran) runs with random values inside the declared ranges all completed cleanly; the host refused all \(refused) values outside them")
    }

    static func staleHandles(_ effect: EffectProvider, _ subject: Subject) throws -> Verdict {
        var uses: [String] = []
        var runs: [String] = []
        for kind in kinds(of: effect) {
            let (stage, _) = try BehaviourChecks.stage(effect, kind, subject)
            runs.append(DemoStage.Flow.of(kind).index == 1 || kind == .tabSwitch
                        ? "\(BehaviourChecks.kind(of: 0, in: kind).name) and \(BehaviourChecks.kind(of: 1, in: kind).name)" : kind.name)
            uses += stage.allProblems.filter { Misuse.isStaleContext($0) || $0.contains("complete_transition with a stale") }
        }
        guard uses.isEmpty else {
            return .fail("\(uses[0]) — a context is valid only until animation_ended: do not keep it for destroy, a later transition or a late callback")
        }
        return .pass("no call with a context after its transition ended (\(runs.joined(separator: "; ")))")
    }
}
