/// The kinds of transition, with the bit values of the C ABI's TH_TRANSITION_*.
public enum TransitionKind: UInt32, CaseIterable, Sendable {
    case present = 1, dismiss = 2, push = 4, pop = 8, tabSwitch = 16

    public var name: String {
        switch self {
        case .present: return "present"
        case .dismiss: return "dismiss"
        case .push: return "push"
        case .pop: return "pop"
        case .tabSwitch: return "tab-switch"
        }
    }
}

/// A set of transition kinds, as a descriptor's `transitions` mask.
public struct TransitionSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public init(_ kind: TransitionKind) { rawValue = kind.rawValue }
    public static let present = TransitionSet(.present)
    public static let dismiss = TransitionSet(.dismiss)
    public static let push = TransitionSet(.push)
    public static let pop = TransitionSet(.pop)
    public static let tabSwitch = TransitionSet(.tabSwitch)
    public static let all = TransitionSet(rawValue: 0x1f)

    public func contains(_ kind: TransitionKind) -> Bool { contains(TransitionSet(kind)) }
    public var kinds: [TransitionKind] { TransitionKind.allCases.filter { contains($0) } }
    public var names: String { kinds.map(\.name).joined(separator: ",") }
}
