import CCairo
import LibC
import Rendering

/// The studio's optional device frame (`host studio --device-frame`): a phone's body drawn
/// around the screen, as the iOS Simulator's bezel is. The window is that much larger; the
/// screen inside it keeps its own size, points and pixels, so that the scene, the pointer
/// (WindowDisplay takes the bezel off each event) and captures are the same with or without it.
public struct DeviceFrame: Equatable, Sendable {
    /// The body's width around the screen, in points.
    public var bezel: Double
    /// The radius of the screen's corners (DeviceChrome's display corners): the body's
    /// corners run `bezel` outside them.
    public var screenCornerRadius: Double

    public init(bezel: Double = 14, screenCornerRadius: Double = 47.33) {
        self.bezel = bezel
        self.screenCornerRadius = screenCornerRadius
    }

    /// The body filling `image`, the screen to go `bezel` points inside its edges, at `scale`
    /// pixels per point: the desk beyond the body's rounded corners, the body black as a phone's
    /// glass is around its display (so that the screen's own black corners, DeviceChrome's, go
    /// unseen), and a metal rim along its edge.
    func draw(on image: CairoImage, scale: Double) {
        image.draw { cr in
            let (wide, high) = (Double(image.width), Double(image.height))
            let outer = (screenCornerRadius + bezel) * scale
            cairo_set_source_rgba(cr, 0.16, 0.16, 0.18, 1)
            cairo_paint(cr)
            Self.roundedRect(cr, 0, 0, wide, high, outer)
            cairo_set_source_rgba(cr, 0, 0, 0, 1)
            cairo_fill(cr)
            let rim = max(1, 3 * scale)
            Self.roundedRect(cr, rim / 2, rim / 2, wide - rim, high - rim, outer - rim / 2)
            cairo_set_source_rgba(cr, 0.36, 0.36, 0.39, 1)
            cairo_set_line_width(cr, rim)
            cairo_stroke(cr)
        }
    }

    private static func roundedRect(_ cr: OpaquePointer, _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ r: Double) {
        let r = min(r, w / 2, h / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + w - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(cr, x + w - r, y + h - r, r, 0, Double.pi / 2)
        cairo_arc(cr, x + r, y + h - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}
