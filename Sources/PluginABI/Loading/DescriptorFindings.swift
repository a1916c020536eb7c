/// What checking a plugin's descriptors found, each finding filed under the rule of
/// transition_host.h it breaks. DescriptorReader is the one place those rules are written:
/// the loader refuses a plugin with any problem among its findings; `host validate` reports
/// each rule as a test of its own (descriptors.ids, descriptors.names, ...), so the two never
/// judge a descriptor differently.
public struct DescriptorFindings: Sendable {
    /// The rules, as `host validate` names its descriptor tests.
    public enum Rule: String, CaseIterable, Sendable {
        /// Ids well formed and unique where they must be.
        case ids
        /// Every name the host shows present and readable.
        case names
        /// Ranges finite and holding their defaults.
        case parameterDefaults = "parameter-defaults"
        /// Enums of 1 to TH_MAX_CHOICES choices, defaulting to one of them.
        case enumDefaults = "enum-defaults"
        /// Struct sizes, kinds, masks, durations, interfaces and counts.
        case structure
    }

    public struct Finding: Sendable, Equatable {
        public let rule: Rule
        /// A warning is reported but refuses nothing.
        public let isWarning: Bool
        public let message: String
    }

    public private(set) var all: [Finding] = []
    /// How many findings are problems (kept, not counted each time: the reader asks after
    /// every descriptor).
    public private(set) var problemCount = 0
    /// What was read, for the passing message of each rule.
    public internal(set) var effects = 0, parameters = 0, choices = 0, curves = 0

    public init() {}

    /// A problem: the loader refuses the plugin.
    public mutating func fail(_ rule: Rule, _ message: String) {
        all.append(Finding(rule: rule, isWarning: false, message: message))
        problemCount += 1
    }
    /// A warning: said, refusing nothing.
    public mutating func warn(_ rule: Rule, _ message: String) { all.append(Finding(rule: rule, isWarning: true, message: message)) }

    /// Every finding that refuses the plugin, in the order found.
    public var problems: [String] { all.filter { !$0.isWarning }.map(\.message) }

    public func findings(for rule: Rule) -> [Finding] { all.filter { $0.rule == rule } }
}
