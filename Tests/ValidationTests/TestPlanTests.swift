import Testing
import TransitionCore
@testable import Validation

@Suite("Test names and the test plan")
struct TestPlanTests {
    static let inventory = PluginInventory(
        pluginID: "fixture",
        effects: [
            .init(id: "fade", kind: .animator, transitions: [.present, .dismiss], parameterCount: 1),
            .init(id: "dim", kind: .presentationController, transitions: [.present, .dismiss], parameterCount: 0),
            .init(id: "pair", kind: .transitioningDelegate, transitions: [.present, .dismiss], parameterCount: 0),
            .init(id: "pinch", kind: .interactionController, transitions: [.dismiss, .pop], parameterCount: 0),
        ],
        curves: ["wobble"])

    @Test("every test's name parses back to the same test; anything else does not parse")
    func namesRoundTrip() {
        let tests = TestPlan.fixedTests + TestPlan.tests(for: Self.inventory)
            + [.behaviour(effect: "x-y_z", .tabSwitch, .interactive), .behaviour(effect: "a", .pop, .cancel)]
        for test in tests {
            #expect(ConformanceTest(name: test.name) == test, "\(test.name)")
        }
        #expect(Set(tests.map(\.name)).count == tests.count, "names must be unique")
        for bad in ["", "load", "load.nothing", "behaviour.fade.sideways.end-state", "behaviour.fade.present",
                    "curves.x", "robustness.fade.everything", "interaction.pinch.dismiss", "interaction.pinch.sideways.ends", "descriptors.ids.extra", "behaviour.fade.present.end-state.x"] {
            #expect(ConformanceTest(name: bad) == nil, "'\(bad)' should not parse")
        }
    }

    @Test("an animator gets every behaviour check per claimed kind; a presentation controller six per direction, its detents and a resize; a delegate its pairing; an interaction controller three per claimed kind; a curve two")
    func plan() {
        let names = TestPlan.tests(for: Self.inventory).map(\.name)
        let fade = ["end-state", "cancel", "single-completion", "zero-duration", "long-duration", "deterministic", "interactive",
                    "interruptible", "motion"]
        let expected = fade.map { "behaviour.fade.present.\($0)" } + fade.map { "behaviour.fade.dismiss.\($0)" }
            + ["robustness.fade.parameter-fuzzing", "robustness.fade.stale-handles"]
            + ["end-state", "cancel", "deterministic", "interactive", "interruptible", "motion"].map { "behaviour.dim.present.\($0)" }
            + ["end-state", "cancel", "deterministic", "interactive", "interruptible", "motion"].map { "behaviour.dim.dismiss.\($0)" }
            + ["behaviour.dim.present.detents", "behaviour.dim.present.resize"]
            + ["robustness.dim.parameter-fuzzing", "robustness.dim.stale-handles"]
            + ["behaviour.pair.pairing"]
            + ["ends", "cancel-restores", "call-order"].map { "interaction.pinch.dismiss.\($0)" }
            + ["ends", "cancel-restores", "call-order"].map { "interaction.pinch.pop.\($0)" }
            + ["curves.wobble.endpoints", "curves.wobble.finite"]
        #expect(names == expected)
        #expect(TestPlan.fixedTests.map(\.name) == [
            "load.entry", "load.abi-version", "load.immediate-binding", "load.accepted", "load.scan-time",
            "load.unknown-extension", "descriptors.ids", "descriptors.names", "descriptors.parameter-defaults",
            "descriptors.enum-defaults", "descriptors.structure",
        ])
    }

    @Test("--only keeps the tests whose name starts with one of the prefixes")
    func filter() {
        let all = TestPlan.fixedTests + TestPlan.tests(for: Self.inventory)
        #expect(TestPlan.filter(all, prefixes: []) == all)
        #expect(TestPlan.filter(all, prefixes: ["load."]).count == ConformanceTest.LoadCheck.allCases.count)
        #expect(TestPlan.filter(all, prefixes: ["curves.", "behaviour.pair"]).map(\.name)
                == ["behaviour.pair.pairing", "curves.wobble.endpoints", "curves.wobble.finite"])
    }
}
