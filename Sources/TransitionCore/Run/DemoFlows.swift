/// The flows `host run` can show on the demo scene, each a transition there and one back:
/// present and dismiss (`modal`), push and pop on a navigation stack (`push`), an
/// interactive-style pop from a two-screen stack (`pop`), and a switch between the children
/// of a tab container and back (`tabs`).
extension TransitionRun {
    public enum Flow: String, CaseIterable, Sendable {
        case modal, push, pop, tabs

        /// The kind of the flow's first transition (a pop flow's only one).
        public var firstKind: TransitionKind {
            switch self {
            case .modal: return .present
            case .push: return .push
            case .pop: return .pop
            case .tabs: return .tabSwitch
            }
        }
    }

    /// Plays `flow` on the run's screens (FlowTransitions, as `host validate` does), with
    /// `forward` driving the first transition and `back` the second (a pop's one transition
    /// takes whichever is given), recording every frame.
    static func runFlow(_ flow: Flow, screens: FlowScreens, delegate: RegistryTransitioningDelegate, driver: TransitionDriver,
                        forward: InteractionSource?, back: InteractionSource?,
                        start: ((Int, InteractionSource?) -> InteractionSource?)? = nil,
                        record: () -> Void, sheetDrag: GestureScript? = nil, windowResize: Size? = nil, dropLastFrame: () -> Void,
                        motion: MotionCheck? = nil) throws -> [TransitionOutcome] {
        var transitions = FlowTransitions(flow, on: screens, delegate: delegate,
                                          customPresentation: delegate.presentationEffect != nil, driver: driver)
        transitions.sheetDrag = sheetDrag
        transitions.windowResize = windowResize
        let sources = flow == .pop ? [forward ?? back] : [forward, back]
        return try transitions.run(driver: driver, interaction: { start?($0, sources[$0]) ?? sources[$0] }, onFrame: record,
                                   beforeNext: dropLastFrame, motion: motion)
    }

    /// Whether the outcomes of `flow` make a clean run: every transition ended as asked, and
    /// both ran unless the first was cancelled by its gesture (a pop is one transition).
    static func isClean(_ outcomes: [TransitionOutcome], flow: Flow) -> Bool {
        let expected = flow == .pop ? 1 : 2
        return outcomes.allSatisfy(\.isClean)
            && (outcomes.count == expected || outcomes.first?.cancelledByInteraction == true)
    }
}
