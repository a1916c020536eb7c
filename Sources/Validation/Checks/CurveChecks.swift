import PluginHost
import TransitionCore

/// The timing-curve tests: f(0) = 0, f(1) = 1 and finite values on [0, 1], with the default
/// parameters and at every combination of their ends. The host itself checks only the
/// defaults when it loads a curve; a curve that breaks at the end of a declared range breaks
/// the first user who sets it there.
enum CurveChecks {
    static let endpointTolerance = 1e-6
    static let samples = 1000
    /// At most this many parameter combinations are tried.
    static let maxCombinations = 81

    static func run(_ check: ConformanceTest.CurveCheck, curveID: String, subject: Subject) -> Verdict {
        let name = "\(subject.plugin.id).\(curveID)"
        let all = subject.plugin.curves.compactMap { $0 as? PluginCurve } + subject.plugin.refusedCurves
        guard let curve = all.first(where: { $0.name == name }) else { return .fail("the loaded plugin has no curve '\(curveID)'") }
        let combinations = self.combinations(curve.parameters)
        for values in combinations {
            let label = values.isEmpty ? "" : " with " + zip(curve.parameters, values).map { "\($0.id)=\(number($1))" }.joined(separator: ", ")
            ChildProgress.step("evaluating \(name)\(label)")
            let call = CurveCall(function: curve.function, interface: curve.interface, parameters: values)
            switch check {
            case .endpoints:
                let start = call.evaluate(0), end = call.evaluate(1)
                if !(abs(start) <= endpointTolerance) { return .fail("f(0) = \(start), not 0\(label)") }
                if !(abs(end - 1) <= endpointTolerance) { return .fail("f(1) = \(end), not 1\(label)") }
            case .finite:
                for i in 0...samples {
                    let t = Double(i) / Double(samples)
                    let v = call.evaluate(t)
                    if !v.isFinite { return .fail("f(\(t)) = \(v)\(label): a curve must be finite everywhere on [0, 1]") }
                }
            }
        }
        let tried = combinations.count == 1 ? "with its default parameters" : "at \(combinations.count) combinations of its parameters' defaults and range ends"
        switch check {
        case .endpoints: return .pass("f(0) = 0 and f(1) = 1 \(tried)")
        case .finite: return .pass("finite at \(samples + 1) points of [0, 1] \(tried)")
        }
    }

    /// The defaults first, then each parameter at its minimum, default and maximum, in every
    /// combination (ints whole), up to maxCombinations.
    static func combinations(_ parameters: [EffectParameter]) -> [[Double]] {
        let defaults = parameters.map(\.defaultValue)
        var all: [[Double]] = [[]]
        for p in parameters {
            var points = [p.minimum, p.defaultValue, p.maximum]
            if p.type == .int || p.type == .choice || p.type == .bool { points = points.map { $0.rounded() } }
            var unique: [Double] = []
            for x in points where !unique.contains(x) { unique.append(x) }
            all = all.flatMap { prefix in unique.map { prefix + [$0] } }
        }
        return [defaults] + all.filter { $0 != defaults }.prefix(maxCombinations - 1)
    }
}
