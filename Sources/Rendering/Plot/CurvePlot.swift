import CCairo
import LibC
import TransitionCore

/// `host plot`: every animated property of every view against time, one panel each, with
/// each transition's span, its declared duration (dashed) and its completion (solid) marked,
/// and under each panel the animations that moved it, named by their curve. A spring that
/// overshoots or a fade that starts late shows at a glance. PNG or SVG (Cairo draws both).
public struct CurvePlot {
    let report: TransitionRun.Report
    let data: PlotData

    public init(report: TransitionRun.Report) {
        self.report = report
        data = PlotData(report.snapshots)
    }

    static let width = 960.0
    static let left = 190.0
    static let right = 30.0
    static let top = 78.0
    static let panelHeight = 150.0
    static let gap = 26.0
    static let axisHeight = 40.0
    static let laneColors = [
        Color(red: 0.16, green: 0.42, blue: 0.86), Color(red: 0.93, green: 0.45, blue: 0.10),
        Color(red: 0.18, green: 0.62, blue: 0.30), Color(red: 0.45, green: 0.45, blue: 0.48),
    ]
    static let transitionTints = [Color(red: 0.2, green: 0.45, blue: 0.95, alpha: 0.06), Color(red: 0.95, green: 0.55, blue: 0.1, alpha: 0.07)]
    static let ink = Color(red: 0.12, green: 0.12, blue: 0.14)
    static let faint = Color(red: 0.55, green: 0.55, blue: 0.58)

    var height: Double {
        Self.top + Double(max(1, data.series.count)) * (Self.panelHeight + Self.gap) + Self.axisHeight
    }

    /// Writes the plot; `path` ends in .png or .svg. Returns a line saying what was written.
    public func write(to path: String) throws -> String {
        let lower = path.lowercased()
        if lower.hasSuffix(".svg") {
            guard let surface = cairo_svg_surface_create(path, Self.width, height) else {
                throw ExportError.cannotWrite(path: path, reason: "Cairo could not create an SVG surface")
            }
            let cr = cairo_create(surface)!
            draw(on: cr)
            cairo_destroy(cr)
            cairo_surface_finish(surface)
            let status = cairo_surface_status(surface)
            cairo_surface_destroy(surface)
            guard status == CAIRO_STATUS_SUCCESS else {
                throw ExportError.cannotWrite(path: path, reason: String(cString: cairo_status_to_string(status)))
            }
        } else if lower.hasSuffix(".png") {
            let image = CairoImage(width: Int(Self.width), height: Int(height.rounded(.up)))
            image.draw { draw(on: $0) }
            try image.writePNG(path)
        } else {
            throw ExportError.cannotWrite(path: path, reason: "a plot is written as .png or .svg")
        }
        let count = data.series.count == 1 ? "1 animated property" : "\(data.series.count) animated properties"
        return "wrote \(path): \(count) over \(fixed(data.times.last ?? 0, decimals: 3)) s"
    }

    /// One line per plotted property: when it moved, along which curve, and any overshoot
    /// or late start; for the terminal and for CI logs.
    public func summary() -> String {
        var lines: [String] = []
        for s in data.series {
            var parts: [String] = []
            for span in s.spans {
                var text = "\(fixed(span.begin, decimals: 3))–\(fixed(span.end, decimals: 3)) s \(span.curve)"
                if let start = transitionStart(before: span.begin), span.begin - start > 1e-6 {
                    text += " (starts \(fixed(span.begin - start, decimals: 3)) s late)"
                }
                parts.append(text)
            }
            let over = s.overshoot(times: data.times)
            var line = "  \(s.title.rightPadded(to: 34)) \(parts.joined(separator: "; "))"
            if over.fraction > 0.005 { line += "; overshoots by \(Int((over.fraction * 100).rounded()))% (\(over.lane))" }
            lines.append(line)
        }
        if lines.isEmpty { lines.append("  nothing was animated") }
        return lines.joined(separator: "\n")
    }

    private func transitionStart(before time: Double) -> Double? {
        report.outcomes.last { $0.startTime <= time + 1e-9 }?.startTime
    }

    // MARK: Drawing

    private var total: Double { max(data.times.last ?? 0, 1e-3) }
    private var plotWidth: Double { Self.width - Self.left - Self.right }
    private func x(_ t: Double) -> Double { Self.left + t / total * plotWidth }

    func draw(on cr: OpaquePointer) {
        SceneRasterizer.fill(cr, with: .white)
        font(cr, size: 18, bold: true)
        SceneRasterizer.setColor(cr, Self.ink)
        cairo_move_to(cr, 20, 32)
        cairo_show_text(cr, Filmstrip.title(of: report))
        font(cr, size: 12, bold: false)
        SceneRasterizer.setColor(cr, Self.faint)
        cairo_move_to(cr, 20, 54)
        cairo_show_text(cr, "shaded: each transition · dashed: its declared duration · solid: complete_transition · bars: animations and their curves")

        for (index, series) in data.series.enumerated() {
            drawPanel(series, top: Self.top + Double(index) * (Self.panelHeight + Self.gap), on: cr, showsMarkerNames: index == 0)
        }
        drawTimeAxis(on: cr, at: Self.top + Double(max(1, data.series.count)) * (Self.panelHeight + Self.gap) - Self.gap + 6)
    }

    /// Bar rows a panel has room for; animations past them are counted in the last row.
    static let maxBarRows = 3

    /// Where a panel's curves go: between the top and the bar rows under them, never less than
    /// most of the panel, however many animations it has.
    static func graphArea(top: Double, rows: [Int]) -> (top: Double, bottom: Double) {
        let shown = min(maxBarRows, (rows.max() ?? 0) + 1)
        return (top + 8, top + panelHeight - 16.0 * Double(max(1, shown)) - 6)
    }

    private func drawPanel(_ series: PlotData.Series, top: Double, on cr: OpaquePointer, showsMarkerNames: Bool) {
        let rows = Self.barRows(series.spans)
        let (graphTop, graphBottom) = Self.graphArea(top: top, rows: rows)
        // Transitions: shaded spans, declared duration dashed, completion solid.
        for (i, outcome) in report.outcomes.enumerated() {
            SceneRasterizer.setColor(cr, Self.transitionTints[i % 2])
            cairo_rectangle(cr, x(outcome.startTime), top, x(outcome.endTime) - x(outcome.startTime), Self.panelHeight)
            cairo_fill(cr)
            line(cr, x: x(outcome.startTime + outcome.duration), from: top, to: top + Self.panelHeight, dashed: true, color: Self.faint)
            line(cr, x: x(outcome.endTime), from: top, to: top + Self.panelHeight, dashed: false,
                 color: outcome.completed ? Color(red: 0.15, green: 0.55, blue: 0.25) : Color(red: 0.8, green: 0.15, blue: 0.15))
            if showsMarkerNames {
                font(cr, size: 10, bold: false)
                SceneRasterizer.setColor(cr, Self.ink)
                cairo_move_to(cr, x(outcome.startTime) + 4, top - 4)
                cairo_show_text(cr, "\(outcome.kind.name) (\(fixed(outcome.duration, decimals: 2)) s declared)")
            }
        }
        cairo_set_line_width(cr, 1)
        SceneRasterizer.setColor(cr, Color(red: 0.8, green: 0.8, blue: 0.82))
        cairo_rectangle(cr, Self.left, top, plotWidth, Self.panelHeight)
        cairo_stroke(cr)

        // Title, unit, lane legend: the title shortened to leave the value labels their room.
        font(cr, size: 13, bold: true)
        SceneRasterizer.setColor(cr, Self.ink)
        cairo_move_to(cr, 20, top + 18)
        cairo_show_text(cr, Self.fitted(series.viewName, width: Self.titleWidth) { text in
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, text, &extents)
            return extents.x_advance
        })
        font(cr, size: 12, bold: false)
        cairo_move_to(cr, 20, top + 36)
        cairo_show_text(cr, series.quantity.rawValue + (series.quantity.unit.isEmpty ? "" : " (\(series.quantity.unit))"))
        for (lane, name) in series.quantity.laneNames.enumerated() {
            SceneRasterizer.setColor(cr, Self.laneColors[lane % Self.laneColors.count])
            cairo_rectangle(cr, 20, top + 48 + Double(lane) * 16, 10, 10)
            cairo_fill(cr)
            SceneRasterizer.setColor(cr, Self.ink)
            cairo_move_to(cr, 36, top + 57 + Double(lane) * 16)
            cairo_show_text(cr, name)
        }

        // Value range over every lane and every target, padded.
        let values = series.lanes.flatMap { $0.compactMap { $0 } } + series.spans.flatMap(\.target)
        var low = values.min() ?? 0, high = values.max() ?? 1
        if high - low < 1e-9 { low -= 1; high += 1 }
        let pad = (high - low) * 0.08
        low -= pad
        high += pad
        let y = { (v: Double) in graphBottom - (v - low) / (high - low) * (graphBottom - graphTop) }
        font(cr, size: 10, bold: false)
        SceneRasterizer.setColor(cr, Self.faint)
        for v in [low + pad, high - pad] {
            let label = Self.shortNumber(v)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, label, &extents)
            cairo_move_to(cr, Self.left - 6 - extents.x_advance, y(v) + 3)
            cairo_show_text(cr, label)
        }

        // Targets (dotted), then the values.
        for span in series.spans {
            for (lane, target) in span.target.enumerated() {
                SceneRasterizer.setColor(cr, Self.laneColors[lane % Self.laneColors.count], opacity: 0.55)
                var dots: [Double] = [2, 3]
                cairo_set_dash(cr, &dots, 2, 0)
                cairo_move_to(cr, x(span.begin), y(target))
                cairo_line_to(cr, x(span.end), y(target))
                cairo_stroke(cr)
                cairo_set_dash(cr, nil, 0, 0)
            }
        }
        cairo_set_line_width(cr, 2)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        // Nothing drawn escapes its panel, whatever the values.
        cairo_save(cr)
        cairo_rectangle(cr, Self.left, top, plotWidth, Self.panelHeight)
        cairo_clip(cr)
        for (lane, values) in series.lanes.enumerated() {
            SceneRasterizer.setColor(cr, Self.laneColors[lane % Self.laneColors.count])
            var drawing = false
            for (i, value) in values.enumerated() {
                guard let value else {
                    if drawing { cairo_stroke(cr) }
                    drawing = false
                    continue
                }
                if drawing { cairo_line_to(cr, x(data.times[i]), y(value)) } else { cairo_move_to(cr, x(data.times[i]), y(value)) }
                drawing = true
            }
            if drawing { cairo_stroke(cr) }
        }
        cairo_restore(cr)

        // The animations that moved it: a bar from begin to end, named by its curve; those
        // beyond the rows there is room for are counted.
        var hidden = 0
        for (i, span) in series.spans.enumerated() {
            guard rows[i] < Self.maxBarRows else {
                hidden += 1
                continue
            }
            let barY = graphBottom + 8 + Double(rows[i]) * 16
            SceneRasterizer.setColor(cr, Self.ink, opacity: 0.75)
            cairo_rectangle(cr, x(span.begin), barY, max(2, x(span.end) - x(span.begin)), 4)
            cairo_fill(cr)
            font(cr, size: 10, bold: false)
            cairo_move_to(cr, x(span.begin) + 2, barY + 14)
            cairo_show_text(cr, span.interactive ? "\(span.curve), driven by the gesture" : "\(span.curve), \(fixed(span.end - span.begin, decimals: 2)) s")
        }
        if hidden > 0 {
            font(cr, size: 10, bold: false)
            SceneRasterizer.setColor(cr, Self.faint)
            cairo_move_to(cr, Self.left + plotWidth - 90, graphBottom + 8 + Double(Self.maxBarRows) * 16 - 2)
            cairo_show_text(cr, "and \(hidden) more")
        }
    }

    /// The room a panel's title has: the left margin less the value labels beside the panel.
    static let titleWidth = left - 20 - 56

    /// `text` shortened with an ellipsis in the middle to fit `width`, as `measure` measures it.
    static func fitted(_ text: String, width: Double, measure: (String) -> Double) -> String {
        guard measure(text) > width else { return text }
        var characters = Array(text)
        while characters.count > 2 {
            characters.remove(at: characters.count / 2)
            let half = characters.count / 2
            let candidate = String(characters[..<half]) + "…" + String(characters[half...])
            if measure(candidate) <= width { return candidate }
        }
        return "…"
    }

    /// A row for each animation's bar: the first row free by the time it begins, so that
    /// animations one after another share a row and overlapping ones stack.
    static func barRows(_ spans: [PlotData.Span]) -> [Int] {
        var rowEnds: [Double] = []
        return spans.map { span in
            if let row = rowEnds.firstIndex(where: { $0 <= span.begin + 1e-9 }) {
                rowEnds[row] = span.end
                return row
            }
            rowEnds.append(span.end)
            return rowEnds.count - 1
        }
    }

    private func drawTimeAxis(on cr: OpaquePointer, at top: Double) {
        let step = [0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10].first { total / $0 <= 12 } ?? 30
        font(cr, size: 11, bold: false)
        SceneRasterizer.setColor(cr, Self.ink)
        var t = 0.0
        while t <= total + 1e-9 {
            cairo_move_to(cr, x(t), top)
            cairo_line_to(cr, x(t), top + 5)
            cairo_set_line_width(cr, 1)
            cairo_stroke(cr)
            let label = Self.shortNumber(t)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cr, label, &extents)
            cairo_move_to(cr, x(t) - extents.x_advance / 2, top + 18)
            cairo_show_text(cr, label)
            t += step
        }
        cairo_move_to(cr, Self.left + plotWidth / 2 - 30, top + 34)
        cairo_show_text(cr, "time (s)")
    }

    private func line(_ cr: OpaquePointer, x: Double, from top: Double, to bottom: Double, dashed: Bool, color: Color) {
        SceneRasterizer.setColor(cr, color)
        cairo_set_line_width(cr, 1.5)
        if dashed {
            var dashes: [Double] = [5, 4]
            cairo_set_dash(cr, &dashes, 2, 0)
        }
        cairo_move_to(cr, x, top)
        cairo_line_to(cr, x, bottom)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    private func font(_ cr: OpaquePointer, size: Double, bold: Bool) {
        cairo_select_font_face(cr, SceneRasterizer.fontFamily, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
    }

    /// A value label: whole from 100 up, two decimals below, and two significant digits
    /// below a hundredth (a perspective's m34 is -0.0005), which two decimals would call 0.
    static func shortNumber(_ v: Double) -> String {
        let size = abs(v)
        if size >= 100 { return AnimatedSVG.number(v, decimals: 0) }
        if size >= 0.01 || size == 0 || !size.isFinite { return AnimatedSVG.number(v, decimals: 2) }
        return AnimatedSVG.number(v, decimals: min(12, 1 - Int(log10(size).rounded(.down))))
    }
}
