import Testing
import TransitionCore
@testable import Rendering

/// The bytes that draw frames on a terminal: half blocks, colours only when they change, and
/// with diffing only the cells that changed.
@Suite("Terminal frames")
struct TerminalEncoderTests {
    /// A 4×2-cell picture (4×4 pixels): the top half red, the bottom half blue, and one
    /// pixel that can be changed.
    func picture(changed: Bool = false) -> CairoImage {
        let image = CairoImage(width: 4, height: 4)
        image.draw { cr in
            SceneRasterizer.fill(cr, with: Color(red: 1, green: 0, blue: 0))
        }
        image.draw { cr in
            SceneRasterizer.setColor(cr, Color(red: 0, green: 0, blue: 1))
            cairo_rectangle_fill(cr, 0, 2, 4, 2)
            if changed {
                SceneRasterizer.setColor(cr, .white)
                cairo_rectangle_fill(cr, 3, 3, 1, 1)
            }
        }
        return image
    }

    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test("the first frame draws every cell in 24-bit colour with half blocks, as one synchronized update")
    func firstFrameWhole() {
        var encoder = TerminalFrameEncoder(columns: 4, rows: 2, originRow: 3, originColumn: 5, colorMode: .trueColor)
        var out: [UInt8] = []
        encoder.encode(picture(), into: &out)
        let s = text(out)
        #expect(s.hasPrefix("\u{1B}[?2026h\u{1B}[3;5H"), "starts the update at the picture's corner: \(s.debugDescription)")
        #expect(s.hasSuffix("\u{1B}[?2026l"))
        #expect(s.contains("\u{1B}[4;5H"), "moves to the second row")
        // Uniform red cells are spaces on a red background; the colour is sent once per run.
        #expect(s.contains("48;2;255;0;0m    "), "\(s.debugDescription)")
        #expect(s.contains("48;2;0;0;255m    "), "\(s.debugDescription)")
    }

    @Test("with diffing, an unchanged frame writes nothing and a changed pixel rewrites one cell")
    func diffing() {
        var encoder = TerminalFrameEncoder(columns: 4, rows: 2, colorMode: .trueColor)
        var out: [UInt8] = []
        encoder.encode(picture(), into: &out)
        out.removeAll()
        encoder.encode(picture(), into: &out)
        #expect(out.isEmpty)
        encoder.encode(picture(changed: true), into: &out)
        let s = text(out)
        // Bottom-right cell: blue over white. The background is still blue from the last
        // frame, so only the foreground changes, with the lower half block.
        #expect(s == "\u{1B}[?2026h\u{1B}[2;4H\u{1B}[38;2;255;255;255m▄\u{1B}[?2026l", "\(s.debugDescription)")
    }

    @Test("without diffing, every frame is drawn whole")
    func noDiffing() {
        var encoder = TerminalFrameEncoder(columns: 4, rows: 2, colorMode: .trueColor, diffing: false)
        var first: [UInt8] = [], second: [UInt8] = []
        encoder.encode(picture(), into: &first)
        encoder.encode(picture(), into: &second)
        #expect(!second.isEmpty)
        #expect(text(second).contains("    "))
    }

    @Test("without truecolour, the xterm 256-colour palette")
    func palette() {
        var encoder = TerminalFrameEncoder(columns: 4, rows: 2, colorMode: .palette256)
        var out: [UInt8] = []
        encoder.encode(picture(), into: &out)
        let s = text(out)
        #expect(s.contains("48;5;196m") && s.contains("48;5;21m"), "\(s.debugDescription)")
        #expect(!s.contains(";2;"))
        #expect(TerminalColorMode.paletteIndex(0xFFFFFF) == 231)
        #expect(TerminalColorMode.paletteIndex(0x000000) == 16)
        #expect(TerminalColorMode.paletteIndex(0x808080) == 244)
    }

    @Test("COLORTERM decides truecolour")
    func detection() {
        #expect(TerminalColorMode.detect(environment: ["COLORTERM": "truecolor"]) == .trueColor)
        #expect(TerminalColorMode.detect(environment: ["COLORTERM": "24bit"]) == .trueColor)
        #expect(TerminalColorMode.detect(environment: ["TERM": "xterm-256color"]) == .palette256)
    }

    @Test("the window fits the terminal above the status line, aspect kept, centred", arguments: [(160, 48), (80, 24), (300, 20)])
    func layout(columns: Int, rows: Int) {
        let layout = TerminalLayout(terminalColumns: columns, terminalRows: rows, window: DemoScene.windowSize)
        #expect(layout.rows <= rows - 1 && layout.columns <= columns)
        #expect(layout.originRow >= 1 && layout.originRow + layout.rows - 1 <= rows - 1)
        #expect(layout.statusRow == rows)
        // Two pixels per cell vertically: width / (2·rows) is the window's aspect, within a cell.
        let aspect = Double(layout.columns) / Double(2 * layout.rows)
        #expect(abs(aspect - 390.0 / 844) < 1.5 / Double(layout.rows), "\(layout)")
        #expect(abs((layout.originColumn - 1) - (columns - layout.columns - (layout.originColumn - 1))) <= 1, "centred")
    }
}

import CCairo

private func cairo_rectangle_fill(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double) {
    cairo_rectangle(cr, x, y, w, h)
    cairo_fill(cr)
}
