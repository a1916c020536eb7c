import LibC
import TransitionCore

/// Plays a run on the terminal in real time: each frame at its virtual time (a run
/// made with --slow is already stretched), drawn with half blocks, only changed cells redrawn, with a status line naming the
/// effect, the transition under way and the time. Frames are dropped, never delayed, when
/// the terminal cannot keep up, so the run takes as long as it should.
///
/// The first frame can be drawn as the run makes it (`showFirst`), the rest once the run is
/// done (`finish`), timed from the first: a replay after an edit (`--watch`) then shows
/// without waiting for the whole run to be made.
public final class TerminalPlayer {
    public let screen: TerminalScreen
    public let colorMode: TerminalColorMode
    /// How long the last frame stays before the terminal is handed back.
    public var hold: Double = 0.5
    /// The view on the alternate screen, from the first frame drawn until `finish`/`leave`.
    private var view: TerminalLiveView?
    /// When the first frame was drawn, on the monotonic clock.
    private var start = 0.0

    public init(screen: TerminalScreen = TerminalScreen(), colorMode: TerminalColorMode) {
        self.screen = screen
        self.colorMode = colorMode
    }

    /// Whether the first frame has been drawn (and the terminal is on the alternate screen).
    public var hasStarted: Bool { view != nil }

    /// Draws the run's first frame now, as the run makes it: `effect` and `flow` are what
    /// the run's onBegin named, which the report will name too.
    public func showFirst(_ snapshot: SceneSnapshot, effect: String, flow: TransitionRun.Flow) {
        guard view == nil else { return }
        let view = TerminalLiveView(screen: screen, colorMode: colorMode)
        view.enter()
        self.view = view
        start = Self.now()
        view.draw(snapshot, status: Self.status(effect: effect, phase: flow.firstKind.name, time: snapshot.time))
    }

    /// Plays `report`'s frames (those after the first when `showFirst` drew it; all of them,
    /// from now, when it did not), then hands the terminal back.
    public func finish(_ report: TransitionRun.Report) {
        let snapshots = report.snapshots
        defer { leave() }
        guard !snapshots.isEmpty else { return }
        var index = 0
        if view != nil {
            index = 1
        } else {
            let view = TerminalLiveView(screen: screen, colorMode: colorMode)
            view.enter()
            self.view = view
            start = Self.now()
        }
        while index < snapshots.count {
            // Drop frames whose successor is already due: keeps playback on time.
            let elapsed = Self.now() - start
            while index + 1 < snapshots.count && snapshots[index + 1].time <= elapsed { index += 1 }
            let snapshot = snapshots[index]
            Self.sleep(until: start + snapshot.time)
            view!.draw(snapshot, status: status(of: report, at: snapshot.time))
            index += 1
        }
        Self.sleep(until: Self.now() + hold)
    }

    /// Back to the normal screen, if a frame was drawn (a run that failed after its first).
    public func leave() {
        view?.leave()
        view = nil
    }

    /// "diagonal:diagonal · present · 0.250 s · Ctrl-C stops".
    func status(of report: TransitionRun.Report, at time: Double) -> String {
        Self.status(effect: report.effect.qualifiedName, phase: Filmstrip.phase(of: report, at: time), time: time)
    }

    static func status(effect: String, phase: String, time: Double) -> String {
        "\(effect) · \(phase) · \(fixed(time, decimals: 3)) s · Ctrl-C stops"
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double { monotonicSeconds() }

    static func sleep(until deadline: Double) {
        let wait = deadline - now()
        guard wait > 0 else { return }
        var request = timespec(tv_sec: Int(wait), tv_nsec: Int((wait - Double(Int(wait))) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
