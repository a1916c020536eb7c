import CCairo
import TransitionCore

/// Draws a SceneSnapshot with Cairo: each layer back to front, as a rounded rectangle of its
/// colour (and its label's text) through its window transform, faded as UIKit fades views.
/// The same code draws terminal frames, GIF and PNG frames, filmstrips and video.
public enum SceneRasterizer {
    /// Labels are drawn in this face, which Scripts/install-deps installs, so that pictures
    /// look the same on every machine.
    static let fontFamily = "DejaVu Sans"

    /// An image of `width`×`height` pixels showing the snapshot fitted and centred on
    /// `background`.
    public static func render(_ snapshot: SceneSnapshot, width: Int, height: Int, background: Color = .black) -> CairoImage {
        let image = CairoImage(width: width, height: height)
        render(snapshot, into: image, background: background)
        return image
    }

    /// Redraws `image` (of any size) with the snapshot fitted and centred on `background`:
    /// for playback, which reuses one image for every frame.
    public static func render(_ snapshot: SceneSnapshot, into image: CairoImage, background: Color = .black) {
        image.draw { cr in
            fill(cr, with: background)
            draw(snapshot, on: cr, placement: .fit(snapshot.windowSize, into: Double(image.width), Double(image.height)))
        }
    }

    /// Draws the snapshot on a Cairo context; the context's state is left as it was.
    public static func draw(_ snapshot: SceneSnapshot, on cr: OpaquePointer, placement: Placement) {
        cairo_save(cr)
        configureText(cr)
        cairo_translate(cr, placement.originX, placement.originY)
        cairo_scale(cr, placement.scale, placement.scale)
        // Nothing outside the window is seen, as on a phone.
        cairo_rectangle(cr, 0, 0, snapshot.windowSize.width, snapshot.windowSize.height)
        cairo_clip(cr)
        var index = 0
        while index < snapshot.layers.count {
            index = drawSubtree(snapshot.layers, from: index, opacity: 1, on: cr)
        }
        cairo_restore(cr)
    }

    /// Draws the layer at `index` and its descendants (the layers after it that are deeper);
    /// returns the index after them. A view with alpha below 1 and subviews is drawn as a
    /// group, as UIKit does (allowsGroupOpacity): its subtree is composed first, then faded
    /// as one, so that a fading screen does not show its own parts through each other.
    private static func drawSubtree(_ layers: [SceneSnapshot.Layer], from index: Int, opacity: Double, on cr: OpaquePointer) -> Int {
        let layer = layers[index]
        var end = index + 1
        while end < layers.count && layers[end].depth > layer.depth { end += 1 }
        let alpha = layer.appearance.alpha
        guard !layer.isHidden, alpha > 0, opacity > 0 else { return end }
        if alpha < 1 && end > index + 1 {
            cairo_push_group(cr)
            draw(layer, opacity: 1, on: cr)
            var child = index + 1
            while child < end { child = drawSubtree(layers, from: child, opacity: 1, on: cr) }
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity * alpha)
        } else {
            draw(layer, opacity: opacity * alpha, on: cr)
            var child = index + 1
            while child < end { child = drawSubtree(layers, from: child, opacity: opacity * alpha, on: cr) }
        }
        return end
    }

    private static func draw(_ layer: SceneSnapshot.Layer, opacity: Double, on cr: OpaquePointer) {
        let t = layer.transform
        guard t.isValid, layer.size.width > 0, layer.size.height > 0 else { return }
        cairo_save(cr)
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_transform(cr, &matrix)
        if layer.color.alpha > 0 {
            roundedRectangle(cr, width: layer.size.width, height: layer.size.height, radius: layer.cornerRadius)
            setColor(cr, layer.color, opacity: opacity)
            cairo_fill(cr)
        }
        if let text = layer.text, !text.string.isEmpty {
            draw(text, in: layer.size, on: cr, opacity: opacity)
        }
        cairo_restore(cr)
    }

    /// One line of text, centred vertically in the view, placed horizontally by its alignment.
    private static func draw(_ text: ViewText, in size: Size, on cr: OpaquePointer, opacity: Double) {
        cairo_select_font_face(cr, fontFamily, CAIRO_FONT_SLANT_NORMAL,
                               text.weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, text.size)
        var font = cairo_font_extents_t()
        cairo_font_extents(cr, &font)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text.string, &extents)
        let x: Double
        switch text.alignment {
        case .leading: x = 0
        case .center: x = (size.width - extents.x_advance) / 2
        case .trailing: x = size.width - extents.x_advance
        }
        let baseline = (size.height + font.ascent - font.descent) / 2
        cairo_move_to(cr, x, baseline)
        setColor(cr, text.color, opacity: opacity)
        cairo_show_text(cr, text.string)
    }

    /// The same glyph shapes on every machine: no hinting, grey anti-aliasing.
    private static func configureText(_ cr: OpaquePointer) {
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    /// A rectangle at the origin with corners of `radius`, at most half the shorter side,
    /// as CALayer clamps it.
    static func roundedRectangle(_ cr: OpaquePointer, x: Double = 0, y: Double = 0, width: Double, height: Double, radius: Double) {
        let r = max(0, min(radius, width / 2, height / 2))
        guard r > 0 else {
            cairo_rectangle(cr, x, y, width, height)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, x + width - r, y + r, r, -.pi / 2, 0)
        cairo_arc(cr, x + width - r, y + height - r, r, 0, .pi / 2)
        cairo_arc(cr, x + r, y + height - r, r, .pi / 2, .pi)
        cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    static func setColor(_ cr: OpaquePointer, _ color: Color, opacity: Double = 1) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha * opacity)
    }

    static func fill(_ cr: OpaquePointer, with color: Color) {
        cairo_save(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        setColor(cr, color)
        cairo_paint(cr)
        cairo_restore(cr)
    }
}
