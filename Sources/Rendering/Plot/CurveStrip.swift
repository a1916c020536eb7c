import CCairo
import TransitionCore

/// The studio's graph (G): what `host plot` draws, small, over the bottom of the live window.
/// A row per animated property (the first `maxRows`, the busiest first when there are more),
/// each lane scaled to its own range over the run, a line at the frame shown. From the same
/// PlotData as the plot, so the two never disagree.
public struct CurveStrip {
    let data: PlotData

    public init(snapshots: [SceneSnapshot]) { data = PlotData(snapshots) }

    public static let maxRows = 5
    static let rowHeight = 34.0, labelHeight = 12.0, margin = 8.0, padding = 6.0

    /// The rows it draws, most animations first.
    var rows: [PlotData.Series] {
        Array(data.series.enumerated().sorted { ($0.element.spans.count, -$0.offset) > ($1.element.spans.count, -$1.offset) }
            .prefix(Self.maxRows).map(\.element))
    }

    /// Its height in points, over the timeline (`above` points from the bottom).
    public var height: Double { Double(max(rows.count, 1)) * Self.rowHeight + 2 * Self.padding }

    /// The property titles it shows, in order: "detail · position".
    public var titles: [String] { rows.map(\.title) }

    /// Draws the strip on `image` (`scale` pixels per point), its bottom `above` points over
    /// the window's bottom, a line at `time`.
    public func draw(on image: CairoImage, scale: Double, above: Double, at time: Double) {
        let times = data.times
        guard let first = times.first, let last = times.last, last > first else { return }
        let rows = self.rows
        image.draw { cr in
            cairo_scale(cr, scale, scale)
            let wide = Double(image.width) / scale, high = Double(image.height) / scale
            let top = high - above - height, left = Self.margin + Self.padding, width = wide - 2 * (Self.margin + Self.padding)
            cairo_set_source_rgba(cr, 0, 0, 0, 0.72)
            cairo_rectangle(cr, Self.margin, top, wide - 2 * Self.margin, height)
            cairo_fill(cr)
            func x(_ t: Double) -> Double { left + (t - first) / (last - first) * width }
            cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, 9)
            if rows.isEmpty {
                cairo_set_source_rgba(cr, 1, 1, 1, 0.8)
                cairo_move_to(cr, left, top + Self.padding + Self.labelHeight)
                cairo_show_text(cr, "nothing was animated")
            }
            for (r, series) in rows.enumerated() {
                let rowTop = top + Self.padding + Double(r) * Self.rowHeight
                cairo_set_source_rgba(cr, 1, 1, 1, 0.8)
                cairo_move_to(cr, left, rowTop + 9)
                cairo_show_text(cr, series.title)
                let graphTop = rowTop + Self.labelHeight, graphHeight = Self.rowHeight - Self.labelHeight - 4
                for (l, lane) in series.lanes.enumerated() {
                    let values = lane.compactMap { $0 }
                    guard let low = values.min(), let highest = values.max() else { continue }
                    let span = highest - low
                    let color = CurvePlot.laneColors[l % CurvePlot.laneColors.count]
                    cairo_set_source_rgba(cr, min(color.red + 0.3, 1), min(color.green + 0.3, 1), min(color.blue + 0.3, 1), 1)
                    cairo_set_line_width(cr, 1.2)
                    var drawing = false
                    for (i, value) in lane.enumerated() {
                        guard let value else { drawing = false; continue }
                        let y = graphTop + graphHeight - (span > 1e-12 ? (value - low) / span : 0.5) * graphHeight
                        if drawing { cairo_line_to(cr, x(times[i]), y) } else { cairo_move_to(cr, x(times[i]), y) }
                        drawing = true
                    }
                    cairo_stroke(cr)
                }
            }
            cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
            cairo_rectangle(cr, x(min(max(time, first), last)) - 0.75, top + 2, 1.5, height - 4)
            cairo_fill(cr)
        }
    }
}
