import TransitionCore

/// R: what the window showed, shown again. The frames come from the run as it made them (the
/// virtual clock makes the same frames every time), so no plugin is called again and the
/// trace is the run's; the captures due at those times are written again.
extension WindowPlayer {
    /// Plays history[first...] again on the real clock at the frames' virtual times: at the
    /// speed S set, paused and stepped with Space, ← and →, a late frame skipped as in the
    /// run. R again starts it over. `scene`: what to show afterwards (the scene waiting for
    /// the user, or the run's last frame); nil while a transition plays, which then goes on
    /// from its newest frame on the replay's clock.
    func replayFrames(from first: Int, waitingOn scene: SceneSnapshot?) {
        // While it replays, a click does not start the next transition and Space pauses.
        let (savedWaiting, savedPhase) = (waiting, phase)
        waiting = nil
        replaying = true
        phase = "replay"
        updateTitle()
        defer {
            (waiting, phase) = (savedWaiting, savedPhase)
            replaying = false
            updateTitle()
        }
        replayRequested = false
        clockOrigin = nil
        var index = first
        while index < history.count && !closed && !superseded && failure == nil {
            present(history[index], at: index)
            if replayRequested {
                replayRequested = false
                clockOrigin = nil
                index = first
                continue
            }
            index += 1
        }
        if let scene, let display, !closed, !superseded, failure == nil {
            draw(scene, on: display)
            clockOrigin = nil
        }
    }
}
