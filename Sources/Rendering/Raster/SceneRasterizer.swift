import CCairo
import TransitionCore

/// Draws a SceneSnapshot with Cairo: each layer back to front, as a rounded rectangle of its
/// colour (its picture, and its label's text) through its window transform, faded as UIKit fades views.
/// The same code draws terminal frames, GIF and PNG frames, filmstrips and video. Into an image
/// of its own (render(into:)), a frame leaves out what opaque views drawn later cover
/// (Occlusion) and keeps a backdrop blur for the next frame (KeptBackdrop); the pixels are
/// the same as drawn whole.
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
        render(snapshot, into: image, background: background, keeping: .shared)
    }

    /// The same, keeping backdrop blurs for the next frame in `backdrops` (a test's own).
    static func render(_ snapshot: SceneSnapshot, into image: CairoImage, background: Color, keeping backdrops: KeptBackdrop) {
        image.draw { cr in
            draw(snapshot, on: cr, placement: .fit(snapshot.windowSize, into: Double(image.width), Double(image.height)),
                 background: background, fillsCanvas: PixelBox(minX: 0, minY: 0, maxX: Double(image.width), maxY: Double(image.height)),
                 keeping: backdrops)
        }
    }

    /// Forgets what drawing keeps from frame to frame (the blurred shadow masks and the
    /// backdrop blur): for benchmarks that measure a frame drawn from nothing.
    public static func forgetKeptDrawings() {
        ShadowMasks.shared.removeAll()
        forgetKeptBackdrop()
    }

    /// Forgets the backdrop blur kept from the frame before (KeptBackdrop): for benchmarks that
    /// measure a frame whose backdrop is blurred afresh, as a transition's first is.
    public static func forgetKeptBackdrop() { KeptBackdrop.shared.removeAll() }

    /// What a frame drawn into an image of its own lends each layer: what views drawn later
    /// cover (nil when none do), and the canvas, so that a backdrop blur can be kept for the
    /// next frame (KeptBackdrop).
    struct OwnCanvas {
        let occlusion: Occlusion?
        let background: Color
        let windowSize: Size
        let displayCornerRadius: Double
        /// The backdrop blurs kept from the frame before that this frame uses, by layer: taken
        /// before drawing, as what they let the frame leave out depends on them.
        let kept: [Int: LayerBlur.Picture]
        /// Where this frame keeps its backdrop blurs for the next.
        let backdrops: KeptBackdrop
    }

    /// The backdrop blurs of `snapshot`'s layers at full opacity that `backdrops` has kept for
    /// what is drawn before them, each with a reference the caller destroys.
    private static func keptBackdrops(_ snapshot: SceneSnapshot, matrix m: cairo_matrix_t, canvas: PixelBox,
                                      background: Color, in backdrops: KeptBackdrop) -> [Int: LayerBlur.Picture] {
        var kept: [Int: LayerBlur.Picture] = [:]
        for (index, layer) in snapshot.layers.enumerated() where layer.appearance.blur.kind == .backdrop && layer.opacity >= 1 {
            guard let sigma = LayerBlur.sigma(of: layer, through: m) else { continue }
            let beneath = KeptBackdrop.Beneath(snapshot.layers, before: index, background: background, windowSize: snapshot.windowSize,
                                               displayCornerRadius: snapshot.chrome?.displayCornerRadius ?? 0)
            let key = KeptBackdrop.Key(beneath: beneath, matrix: m, sigma: sigma, width: Int(canvas.maxX), height: Int(canvas.maxY))
            if let picture = backdrops.picture(for: key) { kept[index] = picture }
        }
        return kept
    }

    /// Draws the snapshot on a Cairo context; the context's state is left as it was.
    /// `background`: the colour the canvas was filled with, when it was, so that the display's
    /// rounded corners can be painted over in it at the end rather than clipped to throughout
    /// (a clip that is not a rectangle makes every fill beneath it build a mask first).
    public static func draw(_ snapshot: SceneSnapshot, on cr: OpaquePointer, placement: Placement, background: Color? = nil) {
        draw(snapshot, on: cr, placement: placement, background: background, fillsCanvas: nil, keeping: .shared)
    }

    /// `fillsCanvas`: the image's pixels, filled with `background` first (but where views
    /// drawn later hide it).
    static func draw(_ snapshot: SceneSnapshot, on cr: OpaquePointer, placement: Placement, background: Color?,
                     fillsCanvas canvas: PixelBox?, keeping backdrops: KeptBackdrop) {
        cairo_save(cr)
        configureText(cr)
        cairo_translate(cr, placement.originX, placement.originY)
        cairo_scale(cr, placement.scale, placement.scale)
        // Nothing outside the window is seen, as on a phone, nor outside its display's rounded
        // corners when it has them.
        let size = snapshot.windowSize, corners = snapshot.chrome?.displayCornerRadius ?? 0
        let paintsCorners = background != nil && corners > 0
        // Only an image is worth sparing pixels, and only under a window cut square (a clip to
        // its rounded corners covers their pixels in part).
        var occlusion: Occlusion?, kept: [Int: LayerBlur.Picture] = [:]
        if let canvas, corners == 0 || paintsCorners {
            var m = cairo_matrix_t()
            cairo_get_matrix(cr, &m)
            let window = PixelBox(minX: placement.originX.rounded(.up), minY: placement.originY.rounded(.up),
                                       maxX: (placement.originX + size.width * placement.scale).rounded(.down),
                                       maxY: (placement.originY + size.height * placement.scale).rounded(.down))
            kept = keptBackdrops(snapshot, matrix: m, canvas: canvas, background: background ?? .black, in: backdrops)
            occlusion = Occlusion(snapshot.layers, matrix: m, window: window, canvas: canvas,
                                  keptOpaque: Set(kept.filter { $0.value.isOpaque }.keys))
        }
        defer { for picture in kept.values { cairo_surface_destroy(picture.surface) } }
        let own = canvas.map { _ in
            OwnCanvas(occlusion: occlusion, background: background ?? .black, windowSize: size, displayCornerRadius: corners, kept: kept,
                      backdrops: backdrops)
        }
        if let canvas, let background {
            cairo_save(cr)
            if let visible = occlusion?.visible(canvas, at: -1) { Occlusion.clip(to: visible, on: cr) }
            fill(cr, with: background)
            cairo_restore(cr)
        }
        if paintsCorners {
            cairo_rectangle(cr, 0, 0, size.width, size.height)
        } else {
            roundedRectangle(cr, width: size.width, height: size.height, radius: corners)
        }
        cairo_clip(cr)
        var index = 0
        while index < snapshot.layers.count {
            index = drawSubtree(snapshot.layers, from: index, opacity: 1, on: cr, canvas: own)
        }
        if let background, paintsCorners {
            // Between the window's rectangle and its rounded one: the four corners.
            cairo_rectangle(cr, 0, 0, size.width, size.height)
            roundedRectangle(cr, width: size.width, height: size.height, radius: corners)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            setColor(cr, background)
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }

    /// Draws the layer at `index` and its descendants (the layers after it that are deeper);
    /// returns the index after them. A view with alpha below 1 and subviews is drawn as a
    /// group, as UIKit does (allowsGroupOpacity): its subtree is composed first, then faded
    /// as one, so that a fading screen does not show its own parts through each other.
    /// The order is CALayer's: shadow, background and text, subviews (cut to the rounded
    /// bounds when the view clips), border.
    /// `canvas`: the frame's own image, with what views drawn later hide on it (nil on a
    /// picture drawn flat for a 3D view, whose pixels lie elsewhere, and on a canvas shared).
    private static func drawSubtree(_ layers: [SceneSnapshot.Layer], from index: Int, opacity: Double, on cr: OpaquePointer,
                                    flat: Bool = false, canvas: OwnCanvas? = nil) -> Int {
        let layer = layers[index]
        var end = index + 1
        while end < layers.count && layers[end].depth > layer.depth { end += 1 }
        let alpha = layer.appearance.alpha
        guard !layer.isHidden, alpha > 0, opacity > 0 else { return end }
        // A 3D transform: drawn flat, then carried through it (a canvas that is not an image,
        // the SVG filmstrip, gets the flat drawing).
        if !flat, let warp = layer.warp,
           ProjectedLayer.draw(layers, from: index, to: end, warp: warp, on: cr, drawFlat: { c in
               _ = drawSubtree(layers, from: index, opacity: opacity, on: c, flat: true)
           }) {
            return end
        }
        // A mask cuts the view and all it holds, its shadow too, as Core Animation's does.
        let masked = layer.appearance.mask.kind != .none
        if masked {
            cairo_save(cr)
            MaskClip.apply(layer, on: cr)
        }
        defer { if masked { cairo_restore(cr) } }
        // A backdrop blur shows what was drawn before the view: taken now, before a group of
        // the view's own starts empty.
        let backdrop: LayerBlur.Picture?
        if let picture = canvas?.kept[index] {
            cairo_surface_reference(picture.surface)
            backdrop = picture
        } else {
            backdrop = LayerBlur.backdrop(of: layer, on: cr, beneath: layer.appearance.blur.kind != .backdrop ? nil : canvas.map {
                (KeptBackdrop.Beneath(layers, before: index, background: $0.background, windowSize: $0.windowSize,
                                      displayCornerRadius: $0.displayCornerRadius), $0.backdrops)
            })
        }
        defer { if let backdrop { cairo_surface_destroy(backdrop.surface) } }
        // A blur of the view itself: the view and all it draws go into a group, cut to where
        // they lie (and the blur's reach), and the group is painted blurred.
        let blurred = layer.appearance.blur.kind == .layer && layer.appearance.blur.radius > 0
            ? beginLayerBlur(layers[index..<end], radius: layer.appearance.blur.radius, on: cr) : nil
        let grouped = alpha < 1 && end > index + 1
        let own = grouped ? 1 : opacity * alpha
        if grouped { cairo_push_group(cr) }
        let clips = layer.appearance.clipsToBounds && end > index + 1
        if clips { cairo_save(cr) }
        draw(layer, opacity: own, on: cr, backdrop: backdrop, clippingAfter: clips, hidden: canvas?.occlusion.map { ($0, index) })
        var child = index + 1
        while child < end { child = drawSubtree(layers, from: child, opacity: own, on: cr, canvas: canvas) }
        if clips { cairo_restore(cr) }
        drawBorder(layer, opacity: own, on: cr)
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity * alpha)
        }
        if let blurred { endLayerBlur(blurred, on: cr) }
        return end
    }

    /// Where a layer blur's group lies on the device and how wide the blur is there.
    private struct LayerBlurGroup {
        let box: PixelBox
        let sigma: Double
    }

    /// Cuts `cr` to where `subtree` draws, widened by the blur's reach, and starts the group
    /// it is drawn into; nil (and nothing started) when it draws nowhere.
    private static func beginLayerBlur(_ subtree: ArraySlice<SceneSnapshot.Layer>, radius: Double, on cr: OpaquePointer) -> LayerBlurGroup? {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let sigma = radius * LayerBlur.scale(of: m)
        guard sigma.isFinite, let box = LayerBlur.subtreeBox(subtree, sigma: sigma, on: cr) else { return nil }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_rectangle(cr, box.minX, box.minY, box.maxX - box.minX, box.maxY - box.minY)
        cairo_clip(cr)
        cairo_set_matrix(cr, &m)
        cairo_push_group(cr)
        return LayerBlurGroup(box: box, sigma: sigma)
    }

    /// Ends the group beginLayerBlur started and paints it blurred (as it is, on a canvas
    /// with no pixels to read).
    private static func endLayerBlur(_ group: LayerBlurGroup, on cr: OpaquePointer) {
        let pattern = cairo_pop_group(cr)
        var surface: OpaquePointer?
        if let pattern, cairo_pattern_get_surface(pattern, &surface) == CAIRO_STATUS_SUCCESS, let surface,
           let picture = LayerBlur.blurred(surface, box: group.box, sigma: group.sigma, clampEdges: false) {
            LayerBlur.paint(picture, opacity: 1, on: cr)
            cairo_surface_destroy(picture.surface)
        } else if let pattern {
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
        }
        if let pattern { cairo_pattern_destroy(pattern) }
        cairo_restore(cr)
    }

    /// The layer's shadow, backdrop, background, picture and text; with `clippingAfter`, leaves the context cut
    /// to the layer's rounded bounds for its subviews (the caller saved the state to undo it).
    /// `hidden`: what views drawn later hide, and the layer's index among them: its pixels
    /// there are left out.
    private static func draw(_ layer: SceneSnapshot.Layer, opacity: Double, on cr: OpaquePointer, backdrop: LayerBlur.Picture? = nil,
                             clippingAfter: Bool = false, hidden: (occlusion: Occlusion, index: Int)? = nil) {
        let t = layer.transform
        guard t.isValid, layer.size.width > 0, layer.size.height > 0 else {
            if clippingAfter { cairo_rectangle(cr, 0, 0, 0, 0); cairo_clip(cr) }
            return
        }
        let look = layer.appearance
        var outer = cairo_matrix_t()
        cairo_get_matrix(cr, &outer)
        // Beneath views drawn later that cover it whole, nothing of the layer is seen.
        var visible: PixelBox?, shadowHoles: [PixelBox] = [], backdropHoles: (Occlusion, [PixelBox])?
        if let (occlusion, index) = hidden, let reach = Occlusion.reach(of: layer, through: outer, margin: look.hasShadow ? shadowReach(look) : 0) {
            visible = occlusion.visible(reach, at: index)
            if backdrop != nil { backdropHoles = (occlusion, occlusion.hiding(reach, at: index)) }
            if look.hasShadow { shadowHoles = occlusion.hiding(reach, at: index, includingItself: true) }
        }
        if let visible { cairo_save(cr); Occlusion.clip(to: visible, on: cr) }
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_transform(cr, &matrix)
        if look.hasShadow {
            // The shadow lies under the layer itself too.
            if let (occlusion, _) = hidden, !shadowHoles.isEmpty {
                cairo_save(cr)
                occlusion.exclude(shadowHoles, on: cr)
                LayerShadow.draw(layer, opacity: opacity, on: cr)
                cairo_restore(cr)
            } else {
                LayerShadow.draw(layer, opacity: opacity, on: cr)
            }
        }
        if let backdrop {
            cairo_set_matrix(cr, &outer)
            LayerBlur.paint(backdrop, within: layer, opacity: opacity, on: cr, leavingOut: backdropHoles)
            cairo_transform(cr, &matrix)
        }
        if layer.color.alpha > 0 {
            roundedRectangle(cr, width: layer.size.width, height: layer.size.height, radius: look.cornerRadius, corners: look.maskedCorners,
                             continuous: look.cornerCurve == .continuous)
            setColor(cr, layer.color, opacity: opacity)
            cairo_fill(cr)
        }
        // The picture (CALayer.contents) lies over the background, cut by the same corners.
        if let contents = layer.contents {
            cairo_save(cr)
            roundedRectangle(cr, width: layer.size.width, height: layer.size.height, radius: look.cornerRadius, corners: look.maskedCorners,
                             continuous: look.cornerCurve == .continuous)
            cairo_clip(cr)
            LayerContentsDrawing.draw(contents, width: layer.size.width, height: layer.size.height, opacity: opacity, on: cr)
            cairo_restore(cr)
        }
        if let text = layer.text, !text.string.isEmpty {
            cairo_save(cr)
            draw(text, in: layer.size, on: cr, opacity: opacity)
            cairo_restore(cr)
        }
        if visible != nil {
            cairo_restore(cr)
            cairo_transform(cr, &matrix)
        }
        if clippingAfter {
            roundedRectangle(cr, width: layer.size.width, height: layer.size.height, radius: look.cornerRadius, corners: look.maskedCorners,
                             continuous: look.cornerCurve == .continuous)
            cairo_clip(cr)
        }
        cairo_set_matrix(cr, &outer)
    }

    /// How far past its bounds a layer's shadow reaches, in points.
    static func shadowReach(_ look: ViewAppearance) -> Double {
        look.shadowRadius * 2 + max(abs(look.shadowOffset.width), abs(look.shadowOffset.height))
    }

    /// CALayer's border: inside the bounds, following the rounded corners, over everything
    /// the view holds.
    private static func drawBorder(_ layer: SceneSnapshot.Layer, opacity: Double, on cr: OpaquePointer) {
        let look = layer.appearance, t = layer.transform
        let width = min(look.borderWidth, layer.size.width / 2, layer.size.height / 2)
        guard width > 0, look.borderColor.alpha > 0, t.isValid else { return }
        cairo_save(cr)
        var matrix = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_transform(cr, &matrix)
        // The outer edge is the rounded bounds; the inner edge the bounds inset by the width,
        // its corners rounded by what is left of the radius. Filled between them (even-odd).
        let radius = min(look.cornerRadius, layer.size.width / 2, layer.size.height / 2)
        let continuous = look.cornerCurve == .continuous
        roundedRectangle(cr, width: layer.size.width, height: layer.size.height, radius: radius, corners: look.maskedCorners,
                         continuous: continuous)
        roundedRectangle(cr, x: width, y: width, width: layer.size.width - 2 * width, height: layer.size.height - 2 * width,
                         radius: max(0, radius - width), corners: look.maskedCorners, continuous: continuous)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        setColor(cr, look.borderColor, opacity: opacity)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// One line of text, centred vertically in the view, placed horizontally by its alignment.
    static func draw(_ text: ViewText, in size: Size, on cr: OpaquePointer, opacity: Double) {
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
    static func configureText(_ cr: OpaquePointer) {
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
    }

    /// A rectangle with the `corners` rounded by `radius`, at most half the shorter side, as
    /// CALayer clamps it; the other corners square. `continuous`: each corner is Apple's
    /// continuous curve (CALayer.cornerCurve), which begins 1.528 radii along each edge; a
    /// radius too large for that is made smaller, so that the curves of one side still meet.
    static func roundedRectangle(
        _ cr: OpaquePointer, x: Double = 0, y: Double = 0, width: Double, height: Double, radius: Double,
        corners: CornerMask = .all, continuous: Bool = false
    ) {
        var r = max(0, min(radius, width / 2, height / 2))
        if continuous { r = min(r, min(width, height) / 2 / ContinuousCorner.reach) }
        guard r > 0, !corners.isEmpty else {
            cairo_rectangle(cr, x, y, width, height)
            return
        }
        guard !continuous else {
            ContinuousCorner.path(cr, x: x, y: y, width: width, height: height, radius: r, corners: corners)
            return
        }
        func corner(_ c: CornerMask) -> Double { corners.contains(c) ? r : 0 }
        let topRight = corner(.topRight), bottomRight = corner(.bottomRight)
        let bottomLeft = corner(.bottomLeft), topLeft = corner(.topLeft)
        cairo_new_sub_path(cr)
        cairo_move_to(cr, x + topLeft, y)
        if topRight > 0 { cairo_arc(cr, x + width - r, y + r, r, -.pi / 2, 0) } else { cairo_line_to(cr, x + width, y) }
        if bottomRight > 0 { cairo_arc(cr, x + width - r, y + height - r, r, 0, .pi / 2) } else { cairo_line_to(cr, x + width, y + height) }
        if bottomLeft > 0 { cairo_arc(cr, x + r, y + height - r, r, .pi / 2, .pi) } else { cairo_line_to(cr, x, y + height) }
        if topLeft > 0 { cairo_arc(cr, x + r, y + r, r, .pi, 3 * .pi / 2) } else { cairo_line_to(cr, x, y) }
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
