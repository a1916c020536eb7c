/// Reduce Motion, as UIKit apps honour UIAccessibility.isReduceMotionEnabled: an animator
/// plays its effect's reduced variant (ABI 1.2's reduced_motion) when it declares one, and a
/// cross-dissolve otherwise, as the system's own transitions do.
public enum ReducedMotion {
    /// What plays instead of `animator` (nil: the standard style). The variant is looked up in
    /// the animator's own plugin.
    public static func variant(of animator: EffectProvider?, registry: EffectRegistry, trace: TransitionTrace) throws -> EffectProvider {
        if let animator, let variant = animator.info.reducedMotion {
            let found = try registry.resolve("\(animator.info.pluginID):\(variant)", kind: animator.info.kind)
            trace.info("Reduce Motion: playing '\(variant)', the reduced variant '\(animator.info.effectID)' declares")
            return found
        }
        let what = animator.map { "'\($0.info.effectID)' declares no reduced variant" } ?? "the standard style"
        trace.info("Reduce Motion: \(what); playing a cross-dissolve, as the system does")
        return Dissolve()
    }

    /// The system's calm transition for every kind: the incoming screen fades in, or the
    /// outgoing one out, where it stands.
    final class Dissolve: EffectProvider {
        let info = EffectInfo(
            pluginID: "builtin", effectID: ModalTransitionStyle.crossDissolve.rawValue, displayName: "Cross dissolve",
            summary: "The incoming screen fades in where it stands, or the outgoing one out (Reduce Motion).",
            kind: .animator, transitions: .all, defaultDuration: StandardAnimators.crossDissolveDuration)

        func makeAnimator(for transition: TransitionKind, parameters: [Double], trace: TransitionTrace) -> TransitionAnimator? {
            StandardAnimators.make(.crossDissolve)
        }
    }
}
