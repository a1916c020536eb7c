/// Turns pictures into the bytes that draw them on a terminal, two pixels per character cell:
/// the upper half block "▀" in the top pixel's colour over a background of the bottom one's.
///
/// With diffing on, only cells that differ from the previous frame are written, and colours
/// are sent only when they change, so a frame where little moves costs little. Each frame is
/// wrapped in a synchronized update (DEC mode 2026) so that terminals that know it show it
/// whole; others ignore the request.
public struct TerminalFrameEncoder {
    /// The picture's size in cells; it is `columns` × `2·rows` pixels.
    public let columns: Int
    public let rows: Int
    /// Where the picture's top-left cell is on the screen, 1-based as in CUP.
    public var originRow: Int
    public var originColumn: Int
    public let colorMode: TerminalColorMode
    public var diffing: Bool

    /// Per cell, the top colour code in the high word and the bottom one in the low word.
    private var previous: [UInt64] = []
    private var current: [UInt64]
    /// The colours the terminal draws with now; nil when unknown.
    private var foreground: UInt32?
    private var background: UInt32?

    public init(columns: Int, rows: Int, originRow: Int = 1, originColumn: Int = 1,
                colorMode: TerminalColorMode, diffing: Bool = true) {
        precondition(columns > 0 && rows > 0, "a terminal picture needs at least one cell")
        self.columns = columns
        self.rows = rows
        self.originRow = originRow
        self.originColumn = originColumn
        self.colorMode = colorMode
        self.diffing = diffing
        current = [UInt64](repeating: 0, count: columns * rows)
    }

    /// Forgets what is on screen (after the screen was cleared or resized, or other output
    /// changed the colours): the next frame is drawn whole.
    public mutating func invalidate() {
        previous = []
        foreground = nil
        background = nil
    }

    /// Forgets the colours the terminal draws with (after other output set its own), keeping
    /// what is on screen.
    public mutating func forgetColors() {
        foreground = nil
        background = nil
    }

    /// Appends to `out` the bytes that turn the previous frame into `image`, which must be
    /// `columns` × `2·rows` pixels. Appends nothing when nothing changed.
    public mutating func encode(_ image: CairoImage, into out: inout [UInt8]) {
        precondition(image.width == columns && image.height == 2 * rows,
                     "the image is \(image.width)×\(image.height), the encoder expects \(columns)×\(2 * rows)")
        let mode = colorMode
        image.withPixels { pixels in
            let wordsPerRow = image.stride / 4
            for row in 0..<rows {
                let top = pixels + 2 * row * wordsPerRow, bottom = top + wordsPerRow
                for column in 0..<columns {
                    let upper = UInt64(mode.code(for: top[column] & 0xFF_FFFF))
                    let lower = UInt64(mode.code(for: bottom[column] & 0xFF_FFFF))
                    current[row * columns + column] = upper << 32 | lower
                }
            }
        }
        let compare = diffing && previous.count == current.count
        var started = false
        // Where the cursor is, relative to the picture; nil when unknown.
        var cursor: (row: Int, column: Int)? = nil
        for row in 0..<rows {
            for column in 0..<columns {
                let index = row * columns + column
                let cell = current[index]
                if compare && previous[index] == cell { continue }
                if !started {
                    out.append(contentsOf: Self.beginUpdate)
                    started = true
                }
                if cursor == nil || cursor! != (row, column) {
                    moveCursor(to: row, column, into: &out)
                }
                draw(top: UInt32(cell >> 32), bottom: UInt32(cell & 0xFFFF_FFFF), into: &out)
                cursor = (row, column + 1)
            }
        }
        if started { out.append(contentsOf: Self.endUpdate) }
        swap(&previous, &current)
        if current.count != previous.count { current = [UInt64](repeating: 0, count: previous.count) }
    }

    private func moveCursor(to row: Int, _ column: Int, into out: inout [UInt8]) {
        out.append(0x1B); out.append(0x5B)  // ESC [
        appendDecimal(originRow + row, to: &out)
        out.append(0x3B)  // ;
        appendDecimal(originColumn + column, to: &out)
        out.append(0x48)  // H
    }

    /// One cell, choosing between "▀", "▄" and a space so as to change as few colours as
    /// possible.
    private mutating func draw(top: UInt32, bottom: UInt32, into out: inout [UInt8]) {
        if top == bottom {
            if foreground == top { out.append(contentsOf: Self.upperHalf); return }
            if background == top { out.append(0x20); return }
            setColors(foreground: nil, background: top, into: &out)
            out.append(0x20)
            return
        }
        // "▀" needs fg = top, bg = bottom; "▄" needs fg = bottom, bg = top.
        let upperCost = (foreground == top ? 0 : 1) + (background == bottom ? 0 : 1)
        let lowerCost = (foreground == bottom ? 0 : 1) + (background == top ? 0 : 1)
        if upperCost <= lowerCost {
            setColors(foreground: foreground == top ? nil : top, background: background == bottom ? nil : bottom, into: &out)
            out.append(contentsOf: Self.upperHalf)
        } else {
            setColors(foreground: foreground == bottom ? nil : bottom, background: background == top ? nil : top, into: &out)
            out.append(contentsOf: Self.lowerHalf)
        }
    }

    /// One SGR sequence setting the colours given (nil: leave as is).
    private mutating func setColors(foreground fg: UInt32?, background bg: UInt32?, into out: inout [UInt8]) {
        guard fg != nil || bg != nil else { return }
        out.append(0x1B); out.append(0x5B)
        if let fg {
            appendColor(fg, base: 38, to: &out)
            foreground = fg
        }
        if let bg {
            if fg != nil { out.append(0x3B) }
            appendColor(bg, base: 48, to: &out)
            background = bg
        }
        out.append(0x6D)  // m
    }

    /// "38;2;R;G;B" / "38;5;N" (and 48 for the background).
    private func appendColor(_ code: UInt32, base: Int, to out: inout [UInt8]) {
        appendDecimal(base, to: &out)
        switch colorMode {
        case .trueColor:
            out.append(contentsOf: [0x3B, 0x32, 0x3B])  // ;2;
            appendDecimal(Int(code >> 16 & 0xFF), to: &out)
            out.append(0x3B)
            appendDecimal(Int(code >> 8 & 0xFF), to: &out)
            out.append(0x3B)
            appendDecimal(Int(code & 0xFF), to: &out)
        case .palette256:
            out.append(contentsOf: [0x3B, 0x35, 0x3B])  // ;5;
            appendDecimal(Int(code), to: &out)
        }
    }

    static let upperHalf: [UInt8] = Array("▀".utf8)
    static let lowerHalf: [UInt8] = Array("▄".utf8)
    static let beginUpdate: [UInt8] = Array("\u{1B}[?2026h".utf8)
    static let endUpdate: [UInt8] = Array("\u{1B}[?2026l".utf8)
}

/// Appends `n` (not negative) in decimal, without going through String: this runs for every
/// changed cell.
@inline(__always)
func appendDecimal(_ n: Int, to out: inout [UInt8]) {
    if n < 10 { out.append(UInt8(48 + n)); return }
    if n < 100 { out.append(UInt8(48 + n / 10)); out.append(UInt8(48 + n % 10)); return }
    if n < 1000 {
        out.append(UInt8(48 + n / 100)); out.append(UInt8(48 + n / 10 % 10)); out.append(UInt8(48 + n % 10))
        return
    }
    appendDecimal(n / 10, to: &out)
    out.append(UInt8(48 + n % 10))
}
