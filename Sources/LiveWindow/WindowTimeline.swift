import CCairo
import Rendering

/// The studio's timeline: a bar over the bottom of the window spanning the run's frames, the
/// one shown marked, its time written beside it. Once the run has ended, a press on the bar,
/// or a drag along it, shows the frame at that point of the run (WindowPlayer scrubs
/// `history`); nothing runs again.
struct WindowTimeline {
    /// The run's first and last frame times, and the time of the frame shown.
    let start: Double, end: Double, shown: Double

    static let height = 24.0, margin = 8.0

    /// Where the bar lies in a window of `size` points.
    static func track(in size: (width: Double, height: Double)) -> (x: Double, y: Double, width: Double) {
        (margin + 6, size.height - margin - height / 2, size.width - 2 * (margin + 6))
    }

    /// Whether (x, y), in points, is on the bar of a window of `size`.
    static func contains(_ x: Double, _ y: Double, in size: (width: Double, height: Double)) -> Bool {
        y >= size.height - margin - height && y <= size.height - margin && x >= margin && x <= size.width - margin
    }

    /// The time at `x` along the bar of a window of `size`: the run's start at its left end,
    /// its end at its right, clamped.
    static func time(at x: Double, in size: (width: Double, height: Double), start: Double, end: Double) -> Double {
        let track = track(in: size)
        let share = min(max((x - track.x) / track.width, 0), 1)
        return start + share * (end - start)
    }

    func draw(on image: CairoImage, scale: Double) {
        image.draw { cr in
            cairo_scale(cr, scale, scale)
            let size = (width: Double(image.width) / scale, height: Double(image.height) / scale)
            let track = Self.track(in: size)
            cairo_set_source_rgba(cr, 0, 0, 0, 0.72)
            cairo_rectangle(cr, Self.margin, size.height - Self.margin - Self.height, size.width - 2 * Self.margin, Self.height)
            cairo_fill(cr)
            cairo_set_source_rgba(cr, 1, 1, 1, 0.35)
            cairo_rectangle(cr, track.x, track.y - 1, track.width, 2)
            cairo_fill(cr)
            let share = end > start ? min(max((shown - start) / (end - start), 0), 1) : 1
            cairo_set_source_rgba(cr, 1, 1, 1, 1)
            cairo_rectangle(cr, track.x + share * track.width - 1.5, track.y - 8, 3, 16)
            cairo_fill(cr)
        }
    }
}
