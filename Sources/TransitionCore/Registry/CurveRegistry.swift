/// An easing curve the registry can make: its name, its parameters, and a function per set
/// of parameter values.
public protocol CurveProvider: AnyObject {
    /// "plugin.curve", or a standard name such as "ease-in".
    var name: String { get }
    var displayName: String { get }
    var parameters: [EffectParameter] { get }
    /// Where it comes from: a plugin file, or "built in".
    var source: String { get }
    func makeCurve(parameters: [Double]) -> TimingCurve
}

/// Every named curve: the standard ones and those plugins export. Resolves specs such as
/// "easing.elastic(amplitude=1.2,period=0.3)".
public final class CurveRegistry {
    public private(set) var providers: [CurveProvider] = []

    public init() {
        for (name, curve) in [("linear", TimingCurve.linear), ("ease-in", .easeIn), ("ease-out", .easeOut),
                              ("ease-in-out", .easeInOut), ("default", .caDefault)] {
            providers.append(StandardCurve(name: name, curve: curve))
        }
        providers.append(CubicBezierCurve())
        providers.append(DampedSpringCurve())
    }

    public func register(_ provider: CurveProvider) { providers.append(provider) }

    /// Said after "no curve named ...": why some curves may be missing (their plugin runs
    /// isolated, so its curve functions are not here).
    public var missingCurveNote: String?

    /// The curve a spec names, with its parameters checked against their declared ranges.
    /// A short name ("elastic") works when only one provider ends with it.
    public func resolve(_ spec: String) throws -> TimingCurve {
        let (name, assignments) = try Self.split(spec)
        var matches = providers.filter { $0.name == name }
        if matches.isEmpty { matches = providers.filter { $0.name.hasSuffix(".\(name)") } }
        guard let provider = matches.first else {
            let close = providers.map(\.name).filter { editDistance($0, name) <= max(2, name.count / 3) || $0.hasSuffix(name) }
            let hint = close.isEmpty ? "known curves: \(providers.map(\.name).joined(separator: ", "))"
                : "did you mean \(close.map { "'\($0)'" }.joined(separator: " or "))?"
            throw ParameterError(description: "no curve named '\(name)'; \(hint)" + (missingCurveNote.map { " (\($0))" } ?? ""))
        }
        guard matches.count == 1 else {
            throw ParameterError(description: "'\(name)' names more than one curve: \(matches.map(\.name).joined(separator: ", "))")
        }
        let named = try Self.naming(assignments, of: provider)
        let values = try provider.parameters.values(applying: named, effect: "curve \(provider.name)")
        return provider.makeCurve(parameters: values)
    }

    /// Values given in order, as CSS writes "cubic-bezier(0.2, 0.8, 0.2, 1)", named by the
    /// provider's parameters; "name=value" assignments as they are. Not both in one spec.
    static func naming(_ assignments: [String], of provider: CurveProvider) throws -> [String] {
        let positional = assignments.filter { !$0.contains("=") }
        guard !positional.isEmpty else { return assignments }
        let ids = provider.parameters.map(\.id)
        guard positional.count == assignments.count else {
            throw ParameterError(description: "curve \(provider.name): give its values in order or as name=value, not both")
        }
        guard assignments.count <= ids.count else {
            let takes = ids.isEmpty ? "takes no values" : "takes at most \(ids.count): \(ids.joined(separator: ", "))"
            throw ParameterError(description: "curve \(provider.name) \(takes); \(assignments.count) given")
        }
        return zip(ids, assignments).map { "\($0)=\($1)" }
    }

    /// "name(a=1,b=2)" → ("name", ["a=1", "b=2"]); "name" → ("name", []).
    static func split(_ spec: String) throws -> (String, [String]) {
        let text = spec.trimmingSpaces
        guard let open = text.firstIndex(of: "(") else {
            guard !text.isEmpty else { throw ParameterError(description: "empty curve name") }
            return (text, [])
        }
        guard text.last == ")" else { throw ParameterError(description: "curve '\(spec)': missing ')' at the end") }
        let name = String(text[..<open]).trimmingSpaces
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        let assignments = inner.split(separator: ",").map { String($0) }.filter { !$0.trimmingSpaces.isEmpty }
        return (name, assignments)
    }
}

/// A built-in curve with no parameters.
final class StandardCurve: CurveProvider {
    let name: String
    let curve: TimingCurve
    init(name: String, curve: TimingCurve) { self.name = name; self.curve = curve }
    var displayName: String { name }
    var parameters: [EffectParameter] { [] }
    var source: String { "built in" }
    func makeCurve(parameters: [Double]) -> TimingCurve { curve }
}

/// CSS's cubic-bezier(x1, y1, x2, y2) (CAMediaTimingFunction's control points): any easing a
/// designer draws, from the command line or a plugin's named curve. Its defaults are CSS's
/// `ease`, Core Animation's default curve.
final class CubicBezierCurve: CurveProvider {
    var name: String { "cubic-bezier" }
    var displayName: String { "Cubic Bézier through two control points" }
    var source: String { "built in" }
    let parameters: [EffectParameter] = {
        let limit = CubicBezier.progressLimit
        func time(_ id: String, _ which: String, _ value: Double) -> EffectParameter {
            EffectParameter(id: id, name: "The \(which) control point's time", type: .double, unit: "",
                            minimum: 0, maximum: 1, defaultValue: value, choices: [])
        }
        func progress(_ id: String, _ which: String, _ value: Double) -> EffectParameter {
            EffectParameter(id: id, name: "The \(which) control point's progress (beyond 0 or 1: under- or overshoot)",
                            type: .double, unit: "", minimum: -limit, maximum: limit, defaultValue: value, choices: [])
        }
        let ease = CubicBezier.caDefault
        return [time("x1", "first", ease.x1), progress("y1", "first", ease.y1),
                time("x2", "second", ease.x2), progress("y2", "second", ease.y2)]
    }()
    func makeCurve(parameters: [Double]) -> TimingCurve {
        .cubicBezier(CubicBezier(parameters[0], parameters[1], parameters[2], parameters[3]))
    }
}

/// A spring in UIKit's terms, its damping ratio given: `spring(0.6)` overshoots a little and
/// settles within the animation's duration, as usingSpringWithDamping does; `spring(1)` glides
/// in without overshoot.
final class DampedSpringCurve: CurveProvider {
    var name: String { "spring" }
    var displayName: String { "Spring, by its damping ratio" }
    var source: String { "built in" }
    let parameters = [EffectParameter(id: "damping", name: "The damping ratio: 1 glides in, lower overshoots and rings", type: .double,
                                      unit: "", minimum: 0.05, maximum: 1, defaultValue: 0.7, choices: [])]
    func makeCurve(parameters: [Double]) -> TimingCurve {
        // Its shape over the animation's time is the same at any duration: 1 s stands for it.
        let spring = SpringCurve(dampingRatio: parameters[0], initialVelocity: 0, duration: 1)
        return .spring(spring)
    }
}
