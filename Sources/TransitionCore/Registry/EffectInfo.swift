/// What a descriptor says an effect is; the registry's view of one effect.
public enum EffectKind: UInt32, CaseIterable, Sendable {
    case animator = 1
    case presentationController = 2
    case interactionController = 3
    case transitioningDelegate = 4

    public var name: String {
        switch self {
        case .animator: return "animator"
        case .presentationController: return "presentation"
        case .interactionController: return "interaction"
        case .transitioningDelegate: return "delegate"
        }
    }

    /// The name with its article: "an animator", "a presentation".
    public var withArticle: String { (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name }
}

/// A typed parameter of an effect: its range, default, unit and, for enums, its choices.
public struct EffectParameter: Hashable, Sendable {
    public enum ValueType: UInt32, Sendable {
        case double = 0, int = 1, bool = 2, choice = 3
        public var name: String {
            switch self {
            case .double: return "double"
            case .int: return "int"
            case .bool: return "bool"
            case .choice: return "enum"
            }
        }
    }

    public let id: String
    public let name: String
    public let type: ValueType
    public let unit: String
    public let minimum: Double
    public let maximum: Double
    public let defaultValue: Double
    public let choices: [String]

    public init(id: String, name: String, type: ValueType, unit: String, minimum: Double, maximum: Double,
                defaultValue: Double, choices: [String]) {
        self.id = id; self.name = name; self.type = type; self.unit = unit
        self.minimum = minimum; self.maximum = maximum; self.defaultValue = defaultValue; self.choices = choices
    }
}

public struct EffectInfo: Hashable, Sendable {
    /// The providing plugin's id ("builtin" for the host's own).
    public let pluginID: String
    /// The effect's id, unique within its plugin.
    public let effectID: String
    public let displayName: String
    public let summary: String
    public let kind: EffectKind
    public let transitions: TransitionSet
    public let defaultDuration: Double
    public let parameters: [EffectParameter]
    /// ABI 1.2, TH_EFFECT_CUTS: its sudden steps are meant (a flash), so the motion check
    /// notes them rather than failing the run.
    public let cuts: Bool
    /// ABI 1.2, TH_EFFECT_NON_INTERACTIVE_START, for an interaction controller: the
    /// transition starts animating, and its gesture grabs it when it begins
    /// (wantsInteractiveStart = false).
    public let startsNonInteractive: Bool
    /// ABI 1.2: the id of the effect of its plugin to play instead under Reduce Motion; nil for
    /// none (a cross-dissolve is played).
    public let reducedMotion: String?

    public init(pluginID: String, effectID: String, displayName: String, summary: String, kind: EffectKind,
                transitions: TransitionSet, defaultDuration: Double, parameters: [EffectParameter] = [],
                cuts: Bool = false, reducedMotion: String? = nil, startsNonInteractive: Bool = false) {
        self.pluginID = pluginID; self.effectID = effectID; self.displayName = displayName
        self.summary = summary; self.kind = kind; self.transitions = transitions
        self.defaultDuration = defaultDuration; self.parameters = parameters
        self.cuts = cuts; self.reducedMotion = reducedMotion
        self.startsNonInteractive = startsNonInteractive && kind == .interactionController
    }

    /// "plugin:effect", unique among all effects.
    public var qualifiedName: String { "\(pluginID):\(effectID)" }

    /// Each parameter's default, in declaration order.
    public var defaultParameterValues: [Double] { parameters.map(\.defaultValue) }
}

/// Something that makes the objects of one effect: the registry's entry for it. PluginHost
/// implements it over a plugin's C interfaces; the host's standard styles implement it too.
public protocol EffectProvider: AnyObject {
    var info: EffectInfo { get }
    /// An animator for one transition, or nil when the effect cannot make one.
    func makeAnimator(for transition: TransitionKind, parameters: [Double], trace: TransitionTrace) -> TransitionAnimator?
    func makePresentationController(parameters: [Double], trace: TransitionTrace) -> PresentationController?
    /// For delegate effects: the effect name to use as the animator of a transition.
    func delegateAnimatorChoice(for transition: TransitionKind) -> String?
    /// For delegate effects: the effect name of the presentation controller.
    func delegatePresentationChoice() -> String?
    /// For interaction-controller effects (ABI 1.1): a controller for one transition.
    func makeInteractionController(for transition: TransitionKind, parameters: [Double], trace: TransitionTrace) -> GestureInteractionController?
    /// For delegate effects (ABI 1.1): the interaction-controller effect for a transition run
    /// by `animator` (the animator effect's id, nil for the standard style), or nil for none.
    func delegateInteractionChoice(for transition: TransitionKind, animator: String?) -> String?
    /// For delegate effects (ABI 1.1): the animator for a transition between these screens.
    func delegateAnimatorChoice(for screens: TransitionScreens) -> ScreenChoice
}

extension EffectProvider {
    public func makeAnimator(for transition: TransitionKind, parameters: [Double], trace: TransitionTrace) -> TransitionAnimator? { nil }
    public func makePresentationController(parameters: [Double], trace: TransitionTrace) -> PresentationController? { nil }
    public func delegateAnimatorChoice(for transition: TransitionKind) -> String? { nil }
    public func delegatePresentationChoice() -> String? { nil }
    public func makeInteractionController(for transition: TransitionKind, parameters: [Double], trace: TransitionTrace) -> GestureInteractionController? { nil }
    public func delegateInteractionChoice(for transition: TransitionKind, animator: String?) -> String? { nil }
    public func delegateAnimatorChoice(for screens: TransitionScreens) -> ScreenChoice { .notOffered }
}
