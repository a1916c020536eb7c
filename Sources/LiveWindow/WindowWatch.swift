import Dispatch
import Synchronization

/// `host run --window --watch`: one window for every version of the plugins. A thread of its
/// own waits for the plugin files to change and wakes the window (WindowDisplay.wake), so the
/// window notices a rebuilt plugin at once without polling. The run being shown then goes on
/// unseen to its end; the new versions load on the window's thread, between runs, never while
/// a plugin's code runs (a version that retires gets its deinit: nothing of it may still be in
/// a transition); and the run plays again in the same window, its first transition at once. A
/// version that was refused is shown as a notice over the bottom of the window while the
/// version before it plays again.
public final class WindowWatch {
    public enum Reloaded {
        /// Play again, with these lines over the window (none: no notice).
        case replay(notices: [String])
        /// The watch is over (Ctrl-C, or it cannot wait any more).
        case end
    }

    private enum State { case waiting, changed, ended }

    /// What the waiting thread and the window's thread share.
    private final class Shared: Sendable {
        let state = Mutex(State.waiting)
        /// Given by the window's thread once it has reloaded: the thread may wait again.
        let reloaded = DispatchSemaphore(value: 0)
        let threadEnded = DispatchSemaphore(value: 0)
    }

    private let player: WindowPlayer
    private let waitForChanges: @Sendable () -> Bool
    private let stopWaiting: () -> Void

    /// `waitForChanges` blocks until the plugin files changed (true) or the watch can wait no
    /// more (false); it runs on the thread of its own, never at the same time as `reload`.
    /// `stopWaiting` makes a wait in progress (or the next) return false.
    public init(player: WindowPlayer, waitForChanges: @escaping @Sendable () -> Bool, stopWaiting: @escaping () -> Void) {
        self.player = player
        self.waitForChanges = waitForChanges
        self.stopWaiting = stopWaiting
    }

    /// Plays `play` (one run shown in the window: TransitionRun with the player, then its
    /// report), then again after each change, once `reload` has loaded the new versions (on
    /// this thread) and said what to show, until the window is closed or the watch is over.
    public func run(play: () -> Void, reload: () -> Reloaded) {
        let shared = Shared()
        let wait = waitForChanges
        DispatchQueue(label: "window-watch").async {
            while true {
                let changed = wait()
                shared.state.withLock { $0 = changed ? .changed : .ended }
                WindowDisplay.wake()
                if !changed { break }
                shared.reloaded.wait()
            }
            shared.threadEnded.signal()
        }
        player.isSuperseded = { shared.state.withLock { $0 != .waiting } }
        defer {
            // The thread ends: its wait returns false at once, or has already.
            stopWaiting()
            shared.reloaded.signal()
            shared.threadEnded.wait()
        }
        play()
        while !player.closed && player.failure == nil && shared.state.withLock({ $0 }) != .waiting {
            guard case .replay(let notices) = reload() else { return }
            guard shared.state.withLock({ state in
                defer { if state == .changed { state = .waiting } }
                return state == .changed
            }) else { return }
            shared.reloaded.signal()
            player.beginReplay(notices: notices)
            play()
        }
    }
}
