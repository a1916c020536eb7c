import TransitionCore

/// Draws scene snapshots on the terminal one at a time, as they come: half blocks, only the
/// changed cells redrawn, a status line at the bottom, the picture laid out again when the
/// terminal is resized. TerminalPlayer draws a finished run with it; `host run --interactive
/// keys` draws each frame while the user scrubs.
public final class TerminalLiveView {
    public let screen: TerminalScreen
    private let colorMode: TerminalColorMode
    /// What the picture is laid out for: the terminal's size and the window's; redone when
    /// either changes (a resized terminal, the first snapshot).
    private var laidOutFor: (columns: Int, rows: Int, window: Size)?
    private var layout = TerminalLayout(terminalColumns: 80, terminalRows: 24, window: Size(width: 1, height: 1))
    private var image = CairoImage(width: 1, height: 2)
    private var encoder: TerminalFrameEncoder?
    private var bytes: [UInt8] = []

    public init(screen: TerminalScreen = TerminalScreen(), colorMode: TerminalColorMode) {
        self.screen = screen
        self.colorMode = colorMode
        bytes.reserveCapacity(1 << 16)
    }

    /// The alternate screen, until `leave()` (see TerminalScreen.enter).
    public func enter() { screen.enter() }
    public func leave() { screen.leave() }

    /// Draws `snapshot` with `status` (cut to the terminal's width) on the last row.
    public func draw(_ snapshot: SceneSnapshot, status: String) {
        let size = screen.size ?? (80, 24)
        if laidOutFor == nil || laidOutFor!.columns != size.columns || laidOutFor!.rows != size.rows
            || laidOutFor!.window != snapshot.windowSize {
            if laidOutFor != nil { bytes.append(contentsOf: Array("\u{1B}[0m\u{1B}[2J".utf8)) }
            laidOutFor = (size.columns, size.rows, snapshot.windowSize)
            layout = TerminalLayout(terminalColumns: size.columns, terminalRows: size.rows, window: snapshot.windowSize)
            image = CairoImage(width: layout.columns, height: 2 * layout.rows)
            encoder = TerminalFrameEncoder(columns: layout.columns, rows: layout.rows, originRow: layout.originRow,
                                           originColumn: layout.originColumn, colorMode: colorMode)
        }
        SceneRasterizer.render(snapshot, into: image, background: .black)
        encoder!.encode(image, into: &bytes)
        bytes.append(contentsOf: Array("\u{1B}[\(layout.statusRow);1H\u{1B}[0m\u{1B}[2K".utf8))
        bytes.append(contentsOf: Array(String(status.prefix(layout.terminalColumns)).utf8))
        encoder!.forgetColors()
        screen.write(bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}
