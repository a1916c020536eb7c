import TransitionCore

/// Which tests a plugin gets: the loading and descriptor tests always; then, once the loading
/// test has said what the plugin offers, the behaviour and robustness tests of each effect for
/// each transition kind it claims, and the tests of each curve.
public enum TestPlan {
    /// Run first and alone: its child also reports the inventory the rest is planned from.
    public static let inventoryTest = ConformanceTest.load(.accepted)

    public static let fixedTests: [ConformanceTest] =
        ConformanceTest.LoadCheck.allCases.map { .load($0) } + ConformanceTest.DescriptorRule.allCases.map { .descriptors($0) }

    /// The checks that make sense for a presentation controller, which is driven by the
    /// host's standard animator: the duration and double-completion checks are the animator's.
    /// The standard animator can be grabbed, so the controller's alongside animations are
    /// grabbed and thrown back with it (interruptible).
    static let presentationChecks: [ConformanceTest.BehaviourCheck] = [.endState, .cancel, .deterministic, .interactive, .interruptible, .motion]

    public static func tests(for inventory: PluginInventory) -> [ConformanceTest] {
        var tests: [ConformanceTest] = []
        for effect in inventory.effects {
            switch effect.effectKind {
            case .animator?:
                for kind in effect.transitionKinds {
                    tests += ConformanceTest.BehaviourCheck.everyAnimator.map { .behaviour(effect: effect.id, kind, $0) }
                    if effect.reducedMotion != nil { tests.append(.behaviour(effect: effect.id, kind, .reducedMotion)) }
                }
                tests += ConformanceTest.RobustnessCheck.allCases.map { .robustness(effect: effect.id, $0) }
            case .presentationController?:
                // A presentation controller serves presentations and their dismissals only.
                for kind in [TransitionKind.present, .dismiss] {
                    tests += presentationChecks.map { .behaviour(effect: effect.id, kind, $0) }
                }
                tests.append(.behaviour(effect: effect.id, .present, .detents))
                tests.append(.behaviour(effect: effect.id, .present, .resize))
                tests += ConformanceTest.RobustnessCheck.allCases.map { .robustness(effect: effect.id, $0) }
            case .transitioningDelegate?:
                tests.append(.pairing(effect: effect.id))
            case .interactionController?:
                for kind in effect.transitionKinds {
                    tests += ConformanceTest.InteractionCheck.allCases.map { .interaction(effect: effect.id, kind, $0) }
                }
            case nil:
                break
            }
        }
        for curve in inventory.curves {
            tests += ConformanceTest.CurveCheck.allCases.map { .curve(id: curve, $0) }
        }
        return tests
    }

    /// Tests whose name starts with one of `prefixes` (all of them when there are none).
    public static func filter(_ tests: [ConformanceTest], prefixes: [String]) -> [ConformanceTest] {
        guard !prefixes.isEmpty else { return tests }
        return tests.filter { test in prefixes.contains { test.name.hasPrefix($0) } }
    }
}
