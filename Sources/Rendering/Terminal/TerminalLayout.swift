import TransitionCore

/// Where playback draws on a terminal of a given size: the window scaled to the largest
/// picture that fits above the status line, aspect kept (a cell is two square pixels high,
/// one wide), centred.
public struct TerminalLayout: Hashable, Sendable {
    /// The picture in cells; it is `columns` × `2·rows` pixels.
    public let columns: Int
    public let rows: Int
    /// Its top-left cell, 1-based.
    public let originRow: Int
    public let originColumn: Int
    /// The status line's row, 1-based: the terminal's last.
    public let statusRow: Int
    public let terminalColumns: Int

    public init(terminalColumns: Int, terminalRows: Int, window: Size) {
        let available = (columns: max(1, terminalColumns), pixelRows: max(2, 2 * (terminalRows - 1)))
        let scale = min(Double(available.columns) / window.width, Double(available.pixelRows) / window.height)
        columns = max(1, min(available.columns, Int((window.width * scale).rounded())))
        rows = max(1, min(available.pixelRows / 2, Int((window.height * scale / 2).rounded(.up))))
        originColumn = 1 + (available.columns - columns) / 2
        originRow = 1 + (available.pixelRows / 2 - rows) / 2
        statusRow = max(1, terminalRows)
        self.terminalColumns = max(1, terminalColumns)
    }
}
