/// Every effect the host knows (animators, delegates, presentation and interaction
/// controllers), by name: where a run, and a delegate made from the registry, find an effect.
/// An effect is reached by its short name when only one plugin offers it, or by
/// "plugin:effect" always.
public final class EffectRegistry {
    public enum LookupError: Error, Equatable, CustomStringConvertible {
        /// `refused`: plugins refused before anything in them was read (EffectRegistry.refusedPlugins).
        case unknown(name: String, suggestions: [String], refused: [String] = [])
        case ambiguous(name: String, candidates: [String])
        case wrongKind(name: String, expected: EffectKind, actual: EffectKind)

        public var description: String { text(listing: nil) }

        /// The description, with `listing` (a command that lists every effect, such as the
        /// command line's `host list`) offered where it helps: when no name comes close, and
        /// for refused plugins past the three shown.
        public func text(listing: String?) -> String {
            switch self {
            case .unknown(let name, let suggestions, let refused):
                let hint = suggestions.isEmpty ? listing.map { "run '\($0)' to see every effect" }
                    : "did you mean \(suggestions.map { "'\($0)'" }.joined(separator: " or "))?"
                guard !refused.isEmpty else { return "no effect named '\(name)'" + (hint.map { "; \($0)" } ?? "") }
                let shown = refused.prefix(3).map { "\n  \($0)" }.joined()
                let more = refused.count > 3 ? "\n  and \(refused.count - 3) more" + (listing.map { " ('\($0)' shows them)" } ?? "") : ""
                let who = refused.count == 1 ? "a plugin that may offer it was refused for its" : "plugins that may offer it were refused for their"
                return "no effect named '\(name)', but \(who) permissions, before the host read what \(refused.count == 1 ? "it offers" : "they offer"):"
                    + "\(shown)\(more)" + (hint.map { "\n\($0)" } ?? "")
            case .ambiguous(let name, let candidates):
                return "'\(name)' is offered by more than one plugin; name one of: \(candidates.joined(separator: ", "))"
            case .wrongKind(let name, let expected, let actual):
                return "'\(name)' is \(actual.withArticle) effect, not \(expected.withArticle)"
            }
        }
    }

    public private(set) var providers: [EffectProvider] = []
    /// Plugin files and folders refused before anything in them was read (their permissions):
    /// what they offer is unknown, so a name that is not found may be theirs. Each is one line,
    /// "what: why (fix: ...)", told with an unknown name (LookupError.unknown).
    public var refusedPlugins: [String] = []
    /// How many providers offer each effect id: a listing asks once per effect whether its
    /// id is ambiguous, which must not cost a pass over every provider (hundreds of plugins).
    private var offers: [String: Int] = [:]

    public init() {}

    public func register(_ provider: EffectProvider) {
        providers.append(provider)
        offers[provider.info.effectID, default: 0] += 1
    }

    /// Finds an effect by "plugin:effect" or by a short name that only one plugin offers.
    /// With `preferPlugin`, a short name offered by that plugin wins (a delegate's choice).
    public func resolve(_ name: String, kind: EffectKind? = nil, preferPlugin: String? = nil) throws -> EffectProvider {
        let matches: [EffectProvider]
        if name.contains(":") {
            matches = providers.filter { $0.info.qualifiedName == name }
        } else {
            let all = providers.filter { $0.info.effectID == name }
            let own = all.filter { $0.info.pluginID == preferPlugin }
            matches = own.count == 1 ? own : all
        }
        guard let found = matches.first else {
            throw LookupError.unknown(name: name, suggestions: suggestions(for: name), refused: refusals(mentioning: name))
        }
        guard matches.count == 1 else {
            throw LookupError.ambiguous(name: name, candidates: matches.map(\.info.qualifiedName).sorted())
        }
        if let kind, found.info.kind != kind {
            throw LookupError.wrongKind(name: name, expected: kind, actual: found.info.kind)
        }
        return found
    }

    /// The refused plugins, those whose text names `name` (a file `name.so`) first.
    private func refusals(mentioning name: String) -> [String] {
        let effectID = name.split(separator: ":").last.map(String.init) ?? name
        let naming = refusedPlugins.filter { $0.contains("/\(effectID).so") }
        return naming + refusedPlugins.filter { !$0.contains("/\(effectID).so") }
    }

    /// Names whose spelling is close to `name`: at most three, closest first.
    public func suggestions(for name: String) -> [String] {
        let names = Set(providers.flatMap { [$0.info.effectID, $0.info.qualifiedName] })
        let limit = max(2, name.count / 3)
        return names
            .map { ($0, editDistance($0, name)) }
            .filter { $0.1 <= limit || $0.0.hasPrefix(name) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .prefix(3)
            .map(\.0)
    }

    /// True when more than one plugin offers an effect with this id: the listing then shows
    /// the qualified name.
    public func isAmbiguous(_ effectID: String) -> Bool {
        offers[effectID, default: 0] > 1
    }
}

/// Levenshtein distance between two strings, over their characters.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
