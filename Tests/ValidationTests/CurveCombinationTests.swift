import Testing
import TransitionCore
@testable import Validation

@Suite("Curve parameter combinations")
struct CurveCombinationTests {
    @Test("the defaults come first, then every combination of minimum, default and maximum, ints whole")
    func combinations() {
        let parameters = [
            EffectParameter(id: "a", name: "", type: .double, unit: "", minimum: 1, maximum: 3, defaultValue: 1, choices: []),
            EffectParameter(id: "n", name: "", type: .int, unit: "", minimum: 1, maximum: 8, defaultValue: 3, choices: []),
        ]
        let all = CurveChecks.combinations(parameters)
        #expect(all.first == [1, 3])
        // a: {1, 3} (the default is the minimum), n: {1, 3, 8}: six, the defaults once.
        #expect(all.count == 6)
        #expect(Set(all.map { "\($0)" }).count == 6)
        #expect(all.contains([3, 8]) && all.contains([1, 1]))
    }

    @Test("a curve without parameters is tried once; many parameters are capped")
    func caps() {
        #expect(CurveChecks.combinations([]) == [[]])
        let many = (0..<6).map {
            EffectParameter(id: "p\($0)", name: "", type: .double, unit: "", minimum: 0, maximum: 2, defaultValue: 1, choices: [])
        }
        let all = CurveChecks.combinations(many)
        #expect(all.count == CurveChecks.maxCombinations)
        #expect(all.first == Array(repeating: 1, count: 6))
    }
}
