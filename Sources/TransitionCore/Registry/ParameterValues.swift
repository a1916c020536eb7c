/// Turning "name=value" text into checked parameter values, in declaration order. A plugin is
/// never given a value outside what its descriptor declares.
public struct ParameterError: Error, Equatable, CustomStringConvertible {
    public let description: String
    /// A presentation controller's parameter was given to a run that has none: the fix is to
    /// name one, which only the caller can say how (the command line's flag).
    public var lacksPresentationController = false

    public init(description: String, lacksPresentationController: Bool = false) {
        self.description = description
        self.lacksPresentationController = lacksPresentationController
    }
}

extension EffectParameter {
    /// What the parameter accepts, in words: "double in [0.05, 5] s", "enum: a, b, c".
    public var accepted: String {
        switch type {
        case .choice: return "enum: \(choices.joined(separator: ", "))"
        case .bool: return "bool: true or false"
        case .int, .double:
            let unitText = unit.isEmpty ? "" : " \(unit)"
            return "\(type.name) in [\(NumberText.exact(minimum)), \(NumberText.exact(maximum))]\(unitText)"
        }
    }

    /// The value of `text` for this parameter, or an error naming the parameter, its type and
    /// its range.
    public func value(from text: String, effect: String) throws -> Double {
        func refuse(_ why: String) -> ParameterError {
            ParameterError(description: "parameter '\(id)' of \(effect) (\(accepted)): \(why)")
        }
        let trimmed = text.trimmingSpaces
        switch type {
        case .choice:
            if let index = choices.firstIndex(of: trimmed) { return Double(index) }
            if let index = Int(trimmed), choices.indices.contains(index) { return Double(index) }
            throw refuse("'\(text)' is not one of the choices")
        case .bool:
            switch trimmed.lowercased() {
            case "true", "yes", "on", "1": return 1
            case "false", "no", "off", "0": return 0
            default: throw refuse("'\(text)' is not true or false")
            }
        case .int:
            guard let n = Int(trimmed) else { throw refuse("'\(text)' is not a whole number") }
            let v = Double(n)
            guard v >= minimum && v <= maximum else { throw refuse("\(n) is out of range") }
            return v
        case .double:
            guard let v = Double(trimmed) else { throw refuse("'\(text)' is not a number") }
            guard v.isFinite else { throw refuse("\(trimmed) is not a finite number") }
            guard v >= minimum && v <= maximum else { throw refuse("\(trimmed) is out of range") }
            return v
        }
    }
}

extension Array where Element == EffectParameter {
    /// Values for every parameter: the defaults, overridden by `assignments` ("name=value").
    public func values(applying assignments: [String], effect: String) throws -> [Double] {
        var values = map(\.defaultValue)
        var seen = Set<String>()
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else {
                throw ParameterError(description: "'\(assignment)' is not name=value")
            }
            let name = String(assignment[..<equals]).trimmingSpaces
            let text = String(assignment[assignment.index(after: equals)...])
            guard let index = firstIndex(where: { $0.id == name }) else {
                let known = isEmpty ? "it has none" : "it has: " + map(\.id).joined(separator: ", ")
                throw ParameterError(description: "\(effect) has no parameter '\(name)'; \(known)")
            }
            guard seen.insert(name).inserted else {
                throw ParameterError(description: "parameter '\(name)' of \(effect) is given twice")
            }
            values[index] = try self[index].value(from: text, effect: effect)
        }
        return values
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
