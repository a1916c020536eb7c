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
        guard let first = snapshots.first else { return }
        screen.enter()
        defer { screen.leave() }

        var size = screen.size ?? (80, 24)
        var layout = TerminalLayout(terminalColumns: size.columns, terminalRows: size.rows, window: first.windowSize)
        var image = CairoImage(width: layout.columns, height: 2 * layout.rows)
        var encoder = makeEncoder(layout)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1 << 16)

        let start = Self.now()
        var index = 0
        while index < snapshots.count {
            // Drop frames whose successor is already due: keeps playback on time.
            let elapsed = Self.now() - start
            while index + 1 < snapshots.count && snapshots[index + 1].time <= elapsed { index += 1 }
            let snapshot = snapshots[index]
            Self.sleep(until: start + snapshot.time)

            if let now = screen.size, now != size {
                size = now
                layout = TerminalLayout(terminalColumns: size.columns, terminalRows: size.rows, window: first.windowSize)
                image = CairoImage(width: layout.columns, height: 2 * layout.rows)
                encoder = makeEncoder(layout)
                bytes.append(contentsOf: Array("\u{1B}[0m\u{1B}[2J".utf8))
            }
            SceneRasterizer.render(snapshot, into: image, background: .black)
            encoder.encode(image, into: &bytes)
            appendStatus(status(of: report, at: snapshot.time), layout: layout, to: &bytes)
            encoder.forgetColors()
            screen.write(bytes)
            bytes.removeAll(keepingCapacity: true)
            index += 1
        }
        Self.sleep(until: Self.now() + hold)
    }

    private func makeEncoder(_ layout: TerminalLayout) -> TerminalFrameEncoder {
        TerminalFrameEncoder(columns: layout.columns, rows: layout.rows, originRow: layout.originRow,
                             originColumn: layout.originColumn, colorMode: colorMode)
    }

    /// "diagonal:diagonal · present · 0.250 s · Ctrl-C stops".
    func status(of report: TransitionRun.Report, at time: Double) -> String {
        "\(report.effect.qualifiedName) · \(Filmstrip.phase(of: report, at: time)) · \(fixed(time, decimals: 3)) s · Ctrl-C stops"
    }

    private func appendStatus(_ text: String, layout: TerminalLayout, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: Array("\u{1B}[\(layout.statusRow);1H\u{1B}[0m\u{1B}[2K".utf8))
        bytes.append(contentsOf: Array(String(text.prefix(layout.terminalColumns)).utf8))
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
