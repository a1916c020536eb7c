import TransitionCore

/// What a plugin offers, as the loading test found it: enough for the parent to plan the
/// tests of every effect, transition kind and curve without loading the plugin itself.
public struct PluginInventory: Codable, Sendable, Equatable {
    public struct Effect: Codable, Sendable, Equatable {
        public let id: String
        /// EffectKind's raw value.
        public let kind: UInt32
        /// A TH_TRANSITION_* mask.
        public let transitions: UInt32
        public let parameterCount: Int
        /// ABI 1.2: the effect it plays under Reduce Motion; nil for none.
        public let reducedMotion: String?

        public init(id: String, kind: EffectKind, transitions: TransitionSet, parameterCount: Int, reducedMotion: String? = nil) {
            self.id = id
            self.kind = kind.rawValue
            self.transitions = transitions.rawValue
            self.parameterCount = parameterCount
            self.reducedMotion = reducedMotion
        }

        public var effectKind: EffectKind? { EffectKind(rawValue: kind) }
        public var transitionKinds: [TransitionKind] { TransitionSet(rawValue: transitions).kinds }
    }

    public let pluginID: String
    public let effects: [Effect]
    /// Curve ids (without the plugin's prefix), the host's refused ones included: those are
    /// the ones whose tests say why.
    public let curves: [String]

    public init(pluginID: String, effects: [Effect], curves: [String]) {
        self.pluginID = pluginID
        self.effects = effects
        self.curves = curves
    }
}
