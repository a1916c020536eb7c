/// The screens of one transition, as a delegate that picks its effect by screen sees them
/// (ABI 1.1's th_transition_screens): each by name and the scene's tag.
public struct TransitionScreens: Equatable, Sendable {
    public struct Screen: Equatable, Sendable {
        public let name: String
        public let tag: String?

        public init(_ controller: ViewController) {
            name = controller.name
            tag = controller.tag
        }

        public init(name: String, tag: String?) {
            self.name = name
            self.tag = tag
        }
    }

    public let transition: TransitionKind
    /// The screen that comes or goes on top.
    public let presented: Screen
    /// The screen under it.
    public let presenting: Screen
    /// Where the user acted: the screen being left.
    public let source: Screen

    /// As received from another process: presented, presenting and source, by name and tag.
    public init(_ transition: TransitionKind, _ screens: [(name: String, tag: String?)]) {
        self.transition = transition
        presented = Screen(name: screens[0].name, tag: screens[0].tag)
        presenting = Screen(name: screens[1].name, tag: screens[1].tag)
        source = Screen(name: screens[2].name, tag: screens[2].tag)
    }

    /// `from` is left for `to`; `forward` says which of them is on top (the one arriving).
    public init(_ transition: TransitionKind, from: ViewController, to: ViewController, forward: Bool) {
        self.transition = transition
        presented = Screen(forward ? to : from)
        presenting = Screen(forward ? from : to)
        source = Screen(from)
    }
}

/// A delegate's answer when asked with the screens: none offered (ask as before), the host's
/// standard style, or an effect by name.
public enum ScreenChoice: Equatable, Sendable {
    case notOffered
    case standard
    case effect(String)
}
