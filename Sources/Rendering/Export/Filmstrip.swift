import CCairo
import TransitionCore

/// A contact sheet: evenly spaced frames of a run side by side, each with its time and the
/// transition under way, under a title. One picture that shows a whole transition, for a bug
/// report or a design review.
public struct Filmstrip {
    public var frameCount = 12
    public var columns = 6
    /// Of the window's size, for each frame.
    public var frameScale = 0.4

    public init() {}

    static let margin = 20.0
    static let gap = 14.0
    static let titleHeight = 44.0
    static let captionHeight = 30.0
    static let paper = Color(red: 0.97, green: 0.97, blue: 0.98)
    static let ink = Color(red: 0.1, green: 0.1, blue: 0.12)

    /// The frames shown: `frameCount` instants evenly spaced from the first frame to the last,
    /// each the nearest frame of the run.
    func chosenFrames(of snapshots: [SceneSnapshot]) -> [Int] {
        guard let last = snapshots.last else { return [] }
        let count = min(frameCount, snapshots.count)
        guard count > 1 else { return [0] }
        return (0..<count).map { k in
            let t = last.time * Double(k) / Double(count - 1)
            return snapshots.indices.min { abs(snapshots[$0].time - t) < abs(snapshots[$1].time - t) }!
        }
    }

    public func render(_ report: TransitionRun.Report) throws -> CairoImage {
        let snapshots = report.snapshots
        guard let first = snapshots.first else { throw ExportError.nothingToDraw }
        let chosen = chosenFrames(of: snapshots)
        let tileWidth = (first.windowSize.width * frameScale).rounded()
        let tileHeight = (first.windowSize.height * frameScale).rounded()
        let columnCount = min(columns, chosen.count)
        let rowCount = (chosen.count + columnCount - 1) / columnCount
        let width = Self.margin * 2 + Double(columnCount) * tileWidth + Double(columnCount - 1) * Self.gap
        let height = Self.margin * 2 + Self.titleHeight
            + Double(rowCount) * (tileHeight + Self.captionHeight) + Double(rowCount - 1) * Self.gap
        let image = CairoImage(width: Int(width), height: Int(height))
        image.draw { cr in
            SceneRasterizer.fill(cr, with: Self.paper)
            cairo_select_font_face(cr, SceneRasterizer.fontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
            cairo_set_font_size(cr, 18)
            SceneRasterizer.setColor(cr, Self.ink)
            cairo_move_to(cr, Self.margin, Self.margin + 22)
            cairo_show_text(cr, Self.title(of: report))

            for (position, index) in chosen.enumerated() {
                let snapshot = snapshots[index]
                let x = Self.margin + Double(position % columnCount) * (tileWidth + Self.gap)
                let y = Self.margin + Self.titleHeight + Double(position / columnCount) * (tileHeight + Self.captionHeight + Self.gap)
                SceneRasterizer.draw(snapshot, on: cr, placement: Placement(scale: frameScale, originX: x, originY: y))
                cairo_set_line_width(cr, 1)
                SceneRasterizer.setColor(cr, Color(red: 0.75, green: 0.75, blue: 0.78))
                cairo_rectangle(cr, x - 0.5, y - 0.5, tileWidth + 1, tileHeight + 1)
                cairo_stroke(cr)

                let caption = "\(fixed(snapshot.time, decimals: 3)) s · \(Self.phase(of: report, at: snapshot.time))"
                cairo_select_font_face(cr, SceneRasterizer.fontFamily, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
                cairo_set_font_size(cr, 13)
                var extents = cairo_text_extents_t()
                cairo_text_extents(cr, caption, &extents)
                SceneRasterizer.setColor(cr, Self.ink)
                cairo_move_to(cr, x + (tileWidth - extents.x_advance) / 2, y + tileHeight + 20)
                cairo_show_text(cr, caption)
            }
        }
        return image
    }

    static func title(of report: TransitionRun.Report) -> String {
        var title = report.effect.qualifiedName
        if let p = report.presentation { title += " with \(p.qualifiedName)" }
        return title + " — \(report.outcomes.map(\.kind.name).joined(separator: ", then ")) at \(report.framesPerSecond) fps"
    }

    /// The transition under way at `time`: the last one that had started.
    static func phase(of report: TransitionRun.Report, at time: Double) -> String {
        report.outcomes.last { $0.startTime <= time + 1e-9 }?.kind.name ?? "-"
    }
}
