import Testing
import TransitionCore
@testable import Validation

@Suite("Parameter fuzzing")
struct ParameterFuzzerTests {
    static let parameters = [
        EffectParameter(id: "duration", name: "Duration", type: .double, unit: "s", minimum: 0.05, maximum: 5,
                        defaultValue: 0.5, choices: []),
        EffectParameter(id: "count", name: "Count", type: .int, unit: "", minimum: -3, maximum: 8, defaultValue: 2, choices: []),
        EffectParameter(id: "loud", name: "Loud", type: .bool, unit: "", minimum: 0, maximum: 1, defaultValue: 0, choices: []),
        EffectParameter(id: "corner", name: "Corner", type: .choice, unit: "", minimum: 0, maximum: 2, defaultValue: 0,
                        choices: ["top", "middle", "bottom"]),
    ]

    @Test("every trial the fuzzer calls in range is accepted by the host's checks, and every other one refused")
    func trialsMatchTheHostsRules() throws {
        var fuzzer = ParameterFuzzer(seed: 42)
        let trials = fuzzer.trials(for: Self.parameters)
        #expect(trials.filter(\.inRange).count == 12)
        #expect(trials.filter { !$0.inRange }.count >= 12, "several bad values per parameter")
        for trial in trials {
            let accepted = (try? Self.parameters.values(applying: trial.assignments, effect: "fx")) != nil
            #expect(accepted == trial.inRange, "\(trial.assignments)")
        }
        // The first two trials sit on the ends of every range.
        let low = try Self.parameters.values(applying: trials[0].assignments, effect: "fx")
        let high = try Self.parameters.values(applying: trials[1].assignments, effect: "fx")
        #expect(low == [0.05, -3, 0, 0])
        #expect(high == [5, 8, 1, 2])
    }

    @Test("the same seed gives the same trials; another seed, others")
    func deterministic() {
        var a = ParameterFuzzer(seed: 7), b = ParameterFuzzer(seed: 7), c = ParameterFuzzer(seed: 8)
        let first = a.trials(for: Self.parameters)
        #expect(first == b.trials(for: Self.parameters))
        #expect(first != c.trials(for: Self.parameters))
    }

    @Test("no parameters, no trials")
    func none() {
        var fuzzer = ParameterFuzzer(seed: 1)
        #expect(fuzzer.trials(for: []).isEmpty)
    }

    @Test("duration parameters are those in seconds or named for a duration")
    func durationParameters() {
        #expect(Self.parameters.map(\.isDuration) == [true, false, false, false])
        let named = EffectParameter(id: "fade-duration", name: "", type: .int, unit: "ms", minimum: 0, maximum: 9,
                                    defaultValue: 1, choices: [])
        #expect(named.isDuration)
    }
}
