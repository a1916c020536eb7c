import LibC
import TransitionCore

/// Plays a finished run on the terminal in real time: each frame at its virtual time (a run
/// made with --slow is already stretched), drawn with half blocks, only changed cells redrawn, with a status line naming the
/// effect, the transition under way and the time. Frames are dropped, never delayed, when
/// the terminal cannot keep up, so the run takes as long as it should.
public struct TerminalPlayer {
    public let screen: TerminalScreen
    public let colorMode: TerminalColorMode
    /// How long the last frame stays before the terminal is handed back.
    public var hold: Double = 0.5

    public init(screen: TerminalScreen = TerminalScreen(), colorMode: TerminalColorMode) {
        self.screen = screen
        self.colorMode = colorMode
    }

    public func play(_ report: TransitionRun.Report) {
        let snapshots = report.snapshots
        guard !snapshots.isEmpty else { return }
        let view = TerminalLiveView(screen: screen, colorMode: colorMode)
        view.enter()
        defer { view.leave() }

        let start = Self.now()
        var index = 0
        while index < snapshots.count {
            // Drop frames whose successor is already due: keeps playback on time.
            let elapsed = Self.now() - start
            while index + 1 < snapshots.count && snapshots[index + 1].time <= elapsed { index += 1 }
            let snapshot = snapshots[index]
            Self.sleep(until: start + snapshot.time)
            view.draw(snapshot, status: status(of: report, at: snapshot.time))
            index += 1
        }
        Self.sleep(until: Self.now() + hold)
    }

    /// "diagonal:diagonal · present · 0.250 s · Ctrl-C stops".
    func status(of report: TransitionRun.Report, at time: Double) -> String {
        "\(report.effect.qualifiedName) · \(Filmstrip.phase(of: report, at: time)) · \(fixed(time, decimals: 3)) s · Ctrl-C stops"
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
