/// Animations still running when a transition ended. The driver steps on until every one of
/// them has stopped, so a stray animation longer than the transition holds back whatever
/// comes next; this names them for the trace, so that the delay is never silent.
struct AnimationOverrun {
    /// "'container'.alpha", one per running property animation, in the engine's order.
    let animations: [String]
    /// When the transition ended (its outcome).
    let transitionEnd: Double

    /// What runs now, at the end of `kind`; nil when nothing does.
    init?(_ engine: AnimationEngine, transitionEnd: Double) {
        let running = engine.runningAnimations
        guard !running.isEmpty else { return nil }
        var seen = Set<String>()
        animations = running.map { "'\($0.view.name)'.\($0.property.name)" }.filter { seen.insert($0).inserted }
        self.transitionEnd = transitionEnd
    }

    /// The warning once the animations have stopped at `now`; nil when they ended with the
    /// transition (within one tick of the clock).
    func warning(kind: TransitionKind, animator: String, now: Double) -> String? {
        let past = now - transitionEnd
        guard past > VirtualClock.tolerance else { return nil }
        let shown = animations.prefix(8).joined(separator: ", ") + (animations.count > 8 ? " and \(animations.count - 8) more" : "")
        return "animations still running when the \(kind.name) by '\(animator)' ended at \(format(transitionEnd)) s ran "
            + "\(format(past)) s past it, holding back what follows: \(shown)"
    }
}
