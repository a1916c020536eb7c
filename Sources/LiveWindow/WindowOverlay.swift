import CCairo
import Rendering
import TransitionCore

/// The small panel H shows over the window's top-left corner: what runs, the phase, the
/// virtual time, the frame rate and the worst frame time. Drawn over the frame, in the
/// window's pixels, after the scene; the names it shows go through VisibleText first.
struct WindowOverlay {
    var lines: [String]

    /// Draws the panel on `image`, `scale` pixels per point.
    func draw(on image: CairoImage, scale: Double) {
        image.draw { cr in
            cairo_scale(cr, scale, scale)
            cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, 12)
            let lineHeight = 16.0, padding = 8.0
            cairo_set_source_rgba(cr, 0, 0, 0, 0.72)
            cairo_rectangle(cr, 8, 8, 220, padding * 2 + lineHeight * Double(lines.count))
            cairo_fill(cr)
            cairo_set_source_rgba(cr, 1, 1, 1, 1)
            for (i, line) in lines.enumerated() {
                cairo_move_to(cr, 8 + padding, 8 + padding + 12 + lineHeight * Double(i))
                cairo_show_text(cr, line)
            }
        }
    }
}
