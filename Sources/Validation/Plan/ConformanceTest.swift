import TransitionCore
import PluginHost

/// A named conformance test. Its name is all a child process needs to run it
/// ("behaviour.fade.present.cancel"); ids of effects and curves never contain a dot, so the
/// name parses back unambiguously.
public enum ConformanceTest: Hashable, Sendable {
    public enum LoadCheck: String, CaseIterable, Sendable {
        case entry, abiVersion = "abi-version", immediateBinding = "immediate-binding", accepted,
             scanTime = "scan-time", unknownExtension = "unknown-extension"
    }

    /// The loader's own descriptor rules (DescriptorReader), one test each.
    public typealias DescriptorRule = DescriptorFindings.Rule

    public enum BehaviourCheck: String, CaseIterable, Sendable {
        case endState = "end-state", cancel, singleCompletion = "single-completion",
             zeroDuration = "zero-duration", longDuration = "long-duration", deterministic, interactive,
             interruptible, motion
        /// ABI 1.2, for an effect that declares a reduced variant: the variant moves and
        /// resizes nothing. Planned only for such effects.
        case reducedMotion = "reduced-motion"
        /// ABI 1.2, for a presentation controller's presentation: its detents are heights a
        /// sheet may rest at, and a drag to the largest ends clean. Skipped without detents.
        case detents
        /// ABI 1.2, for a presentation controller: presented, the window resized under it
        /// (viewWillTransition(to:with:)), dismissed; both end clean.
        case resize

        /// The checks every animator gets.
        static let everyAnimator = allCases.filter { $0 != .reducedMotion && $0 != .detents && $0 != .resize }
    }

    public enum RobustnessCheck: String, CaseIterable, Sendable {
        case parameterFuzzing = "parameter-fuzzing", staleHandles = "stale-handles"
    }

    /// An interaction controller's (ABI 1.1), for one transition kind it claims.
    public enum InteractionCheck: String, CaseIterable, Sendable {
        case ends, cancelRestores = "cancel-restores", callOrder = "call-order"
    }

    public enum CurveCheck: String, CaseIterable, Sendable {
        case endpoints, finite
    }

    case load(LoadCheck)
    case descriptors(DescriptorRule)
    /// An animator or presentation controller, for one transition kind it claims.
    case behaviour(effect: String, TransitionKind, BehaviourCheck)
    /// A transitioning delegate: its choices resolve and run.
    case pairing(effect: String)
    case robustness(effect: String, RobustnessCheck)
    case interaction(effect: String, TransitionKind, InteractionCheck)
    case curve(id: String, CurveCheck)

    public var name: String {
        switch self {
        case .load(let c): return "load.\(c.rawValue)"
        case .descriptors(let r): return "descriptors.\(r.rawValue)"
        case .behaviour(let e, let k, let c): return "behaviour.\(e).\(k.name).\(c.rawValue)"
        case .pairing(let e): return "behaviour.\(e).pairing"
        case .robustness(let e, let c): return "robustness.\(e).\(c.rawValue)"
        case .interaction(let e, let k, let c): return "interaction.\(e).\(k.name).\(c.rawValue)"
        case .curve(let id, let c): return "curves.\(id).\(c.rawValue)"
        }
    }

    public init?(name: String) {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("load", 2): guard let c = LoadCheck(rawValue: parts[1]) else { return nil }; self = .load(c)
        case ("descriptors", 2): guard let r = DescriptorRule(rawValue: parts[1]) else { return nil }; self = .descriptors(r)
        case ("behaviour", 3) where parts[2] == "pairing": self = .pairing(effect: parts[1])
        case ("behaviour", 4):
            guard let k = TransitionKind.allCases.first(where: { $0.name == parts[2] }),
                  let c = BehaviourCheck(rawValue: parts[3]) else { return nil }
            self = .behaviour(effect: parts[1], k, c)
        case ("robustness", 3): guard let c = RobustnessCheck(rawValue: parts[2]) else { return nil }; self = .robustness(effect: parts[1], c)
        case ("interaction", 4):
            guard let k = TransitionKind.allCases.first(where: { $0.name == parts[2] }),
                  let c = InteractionCheck(rawValue: parts[3]) else { return nil }
            self = .interaction(effect: parts[1], k, c)
        case ("curves", 3): guard let c = CurveCheck(rawValue: parts[2]) else { return nil }; self = .curve(id: parts[1], c)
        default: return nil
        }
    }
}
