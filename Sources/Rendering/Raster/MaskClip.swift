import CCairo
import LibC
import TransitionCore

/// CALayer.mask as a shape: cuts everything drawn after it on the context (the view's shadow,
/// background, picture, text, subviews and border) to the view's mask, a rounded rectangle or
/// an ellipse in the view's bounds coordinates. An empty shape leaves nothing to draw.
enum MaskClip {
    /// Clips `cr` to `layer`'s mask; the caller saved the context's state to undo it.
    static func apply(_ layer: SceneSnapshot.Layer, on cr: OpaquePointer) {
        let mask = layer.appearance.mask
        let t = layer.transform
        cairo_new_path(cr)
        guard mask.kind != .none, t.isValid else {
            cairo_clip(cr)
            return
        }
        var outer = cairo_matrix_t()
        cairo_get_matrix(cr, &outer)
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_transform(cr, &matrix)
        // The layer's own coordinates start at its bounds' origin.
        let origin = layer.appearance.bounds.origin
        let r = mask.rect.offsetBy(dx: -origin.x, dy: -origin.y)
        if mask.kind == .path {
            // CGPath's elements, in the bounds coordinates, filled by the non-zero winding rule.
            for element in mask.elements {
                let p = element.points.map { (x: $0.x - origin.x, y: $0.y - origin.y) }
                switch element.kind {
                case .moveTo: cairo_move_to(cr, p[0].x, p[0].y)
                case .lineTo: cairo_line_to(cr, p[0].x, p[0].y)
                case .curveTo: cairo_curve_to(cr, p[0].x, p[0].y, p[1].x, p[1].y, p[2].x, p[2].y)
                case .close: cairo_close_path(cr)
                }
            }
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        } else if r.size.width > 0, r.size.height > 0 {
            switch mask.kind {
            case .ellipse:
                cairo_save(cr)
                cairo_translate(cr, r.midX, r.midY)
                cairo_scale(cr, r.size.width / 2, r.size.height / 2)
                cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
                cairo_restore(cr)
            case .roundedRect:
                SceneRasterizer.roundedRectangle(cr, x: r.minX, y: r.minY, width: r.size.width, height: r.size.height,
                                                 radius: mask.cornerRadius)
            case .none, .path:
                break
            }
        }
        cairo_clip(cr)
        cairo_set_matrix(cr, &outer)
    }
}
