import CCairo
import Rendering
import TransitionCore

/// A panel of text drawn over the frame, in the window's pixels, after the scene: the one H
/// shows over the top-left corner (what runs, the phase, the virtual time, the frame rate and
/// the worst frame time), or a notice across the bottom (a plugin version that was refused,
/// under --watch), its lines wrapped to the window's width. Whoever makes one passes text from
/// a plugin or a file through VisibleText first.
struct WindowOverlay {
    enum Placement {
        /// 220 points wide over the top-left corner, on black: the H panel.
        case topLeft
        /// The window's width, over the bottom, on dark red: a notice.
        case bottom
        /// 250 points wide over the top-right corner, on black, its lines wrapped: the studio's.
        case topRight
    }

    var lines: [String]
    var placement = Placement.topLeft
    /// Sliders: for a line's index, how far along its range its value lies (0 to 1), drawn as
    /// a bar under the line's text (the studio's parameters).
    var bars: [Int: Double] = [:]

    static let lineHeight = 16.0, padding = 8.0, margin = 8.0

    /// Where line `index` of a top-right panel lies in a window `wide` points across, in
    /// points: the text's left edge and width (the bar's too), and the line's top.
    static func topRightLine(_ index: Int, wide: Double) -> (x: Double, width: Double, top: Double) {
        let width = min(250, wide - 2 * margin)
        return (wide - margin - width + padding, width - 2 * padding, margin + padding + lineHeight * Double(index))
    }

    /// Draws the panel on `image`, `scale` pixels per point.
    func draw(on image: CairoImage, scale: Double) {
        let (lineHeight, padding, margin) = (Self.lineHeight, Self.padding, Self.margin)
        image.draw { cr in
            cairo_scale(cr, scale, scale)
            cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, 12)
            let (wide, high) = (Double(image.width) / scale, Double(image.height) / scale)
            let width = placement == .topLeft ? 220 : placement == .topRight ? min(250, wide - 2 * margin) : wide - 2 * margin
            // A top-right panel's lines keep their places (its sliders are hit by line): cut, not wrapped.
            let shown = placement == .topLeft ? lines
                : placement == .topRight ? lines.map { Self.cut($0, width: width - 2 * padding, cr) }
                : lines.flatMap { Self.wrap($0, width: width - 2 * padding, cr) }
            let height = padding * 2 + lineHeight * Double(shown.count)
            let top = placement == .bottom ? high - margin - height : margin
            let left = placement == .topRight ? wide - margin - width : margin
            if placement == .bottom { cairo_set_source_rgba(cr, 0.45, 0.05, 0.05, 0.9) } else { cairo_set_source_rgba(cr, 0, 0, 0, 0.72) }
            cairo_rectangle(cr, left, top, width, height)
            cairo_fill(cr)
            for (i, share) in bars where i < shown.count {
                let y = top + padding + lineHeight * Double(i + 1) - 2
                cairo_set_source_rgba(cr, 1, 1, 1, 0.25)
                cairo_rectangle(cr, left + padding, y, width - 2 * padding, 2)
                cairo_fill(cr)
                cairo_set_source_rgba(cr, 0.35, 0.65, 1, 1)
                cairo_rectangle(cr, left + padding, y, (width - 2 * padding) * min(max(share, 0), 1), 2)
                cairo_fill(cr)
            }
            cairo_set_source_rgba(cr, 1, 1, 1, 1)
            for (i, line) in shown.enumerated() {
                cairo_move_to(cr, left + padding, top + padding + 12 + lineHeight * Double(i))
                cairo_show_text(cr, line)
            }
        }
    }

    /// `text` cut to `width` points, an ellipsis marking the cut.
    static func cut(_ text: String, width: Double, _ cr: OpaquePointer) -> String {
        func fits(_ s: String) -> Bool {
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, s, &extents)
            return extents.x_advance <= width
        }
        guard !fits(text) else { return text }
        var kept = text
        while !kept.isEmpty && !fits(kept + "…") { kept.removeLast() }
        return kept + "…"
    }

    /// `text` in lines no wider than `width` points: broken between words, and inside a word
    /// (a long path) when the word alone is wider.
    static func wrap(_ text: String, width: Double, _ cr: OpaquePointer) -> [String] {
        func fits(_ s: String) -> Bool {
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, s, &extents)
            return extents.x_advance <= width
        }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ").map(String.init) {
            let joined = line.isEmpty ? word : line + " " + word
            if fits(joined) {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            for character in word {
                if !line.isEmpty && !fits(line + String(character)) {
                    lines.append(line)
                    line = ""
                }
                line.append(character)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
