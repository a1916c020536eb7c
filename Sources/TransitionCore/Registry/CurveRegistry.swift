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
        let values = try provider.parameters.values(applying: assignments, effect: "curve \(provider.name)")
        return provider.makeCurve(parameters: values)
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
