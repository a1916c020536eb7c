/// The host's standard styles as registry entries, so that `host list` shows them and
/// `host run cross-dissolve` works without any plugin.
public final class StandardEffect: EffectProvider {
    public let style: ModalTransitionStyle
    public let info: EffectInfo

    public init(_ style: ModalTransitionStyle) {
        self.style = style
        switch style {
        case .coverVertical:
            info = EffectInfo(
                pluginID: "builtin", effectID: style.rawValue, displayName: "Cover vertical",
                summary: "The presented screen slides up from the bottom (UIKit's default).",
                kind: .animator, transitions: [.present, .dismiss],
                defaultDuration: StandardAnimators.coverVerticalDuration)
        case .crossDissolve:
            info = EffectInfo(
                pluginID: "builtin", effectID: style.rawValue, displayName: "Cross dissolve",
                summary: "The presented screen fades in over the presenter.",
                kind: .animator, transitions: [.present, .dismiss],
                defaultDuration: StandardAnimators.crossDissolveDuration)
        }
    }

    public func makeAnimator(for transition: TransitionKind, parameters: [Double], trace: TransitionTrace) -> TransitionAnimator? {
        StandardAnimators.make(style)
    }

    public static func all() -> [StandardEffect] { ModalTransitionStyle.allCases.map(StandardEffect.init) }
}
