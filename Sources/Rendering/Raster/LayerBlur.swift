import CBlur
import CCairo
import TransitionCore

/// A view's blur (ABI 1.2's set_blur): of what lies behind it (UIVisualEffectView, CSS
/// backdrop-filter), or of the view itself with all it draws (a CALayer filter, CSS filter).
///
/// Both read device pixels: the backdrop from what the context's target holds so far, the
/// layer's own from the group it was drawn into. A large blur is worked out on a smaller
/// picture (each block of `factor` × `factor` pixels averaged into one), blurred there by three
/// box blurs, and painted back scaled up with bilinear filtering, as GPUs blur: a blur that
/// wide shows nothing the blocks could, and a frame at scale 3 stays within its budget. A
/// target that is not an image (the SVG filmstrip) gets no blur: there are no pixels to read.
enum LayerBlur {
    /// A blurred picture ready to paint: `surface`, an ARGB image the holder destroys, covers
    /// the device pixels from (`x`, `y`), each of its pixels `factor` of them across.
    struct Picture {
        let surface: OpaquePointer
        let x, y: Double
        let factor: Int
        /// Every pixel of it opaque: painted at full opacity it hides whatever lies under it.
        var isOpaque = false
    }

    /// The blurred picture of what `cr`'s target holds under `layer`'s rounded bounds (and a
    /// margin of three deviations, so that its edges blur with what lies around them), taken
    /// before `layer` draws. Nil when nothing is to be blurred.
    ///
    /// On the frame's own image (not a group's) the whole image is blurred, in blocks counted
    /// from its corner, so that the picture is the same wherever the view lies; and with
    /// `beneath` (the frame has the image to itself, SceneRasterizer.render(into:)) it is kept
    /// (in `beneath`'s KeptBackdrop) and used again while what was drawn before the view is the same: a sheet
    /// of frosted glass sliding over a screen that stands still blurs it once.
    static func backdrop(of layer: SceneSnapshot.Layer, on cr: OpaquePointer, beneath: (KeptBackdrop.Beneath, KeptBackdrop)? = nil) -> Picture? {
        guard let target = cairo_get_group_target(cr) else { return nil }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard let sigma = sigma(of: layer, through: m) else { return nil }
        guard target == cairo_get_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else {
            let t = layer.transform
            var placed = cairo_matrix_t()
            var own = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
            cairo_matrix_multiply(&placed, &own, &m)
            guard let box = deviceBox(of: layer.size, placed) else { return nil }
            return blurred(target, box: box.insetBy(-3 * sigma), sigma: sigma, clampEdges: true)
        }
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        let width = Double(cairo_image_surface_get_width(target)), height = Double(cairo_image_surface_get_height(target))
        let whole = PixelBox(minX: -offsetX, minY: -offsetY, maxX: width - offsetX, maxY: height - offsetY)
        guard let (beneath, keeper) = beneath else { return blurred(target, box: whole, sigma: sigma, clampEdges: true) }
        let key = KeptBackdrop.Key(beneath: beneath, matrix: m, sigma: sigma, width: Int(width), height: Int(height))
        if let kept = keeper.picture(for: key) { return kept }
        let made = blurred(target, box: whole, sigma: sigma, clampEdges: true)
        if let made { keeper.keep(made, for: key) }
        return made
    }

    /// Paints `picture` within `layer`'s rounded bounds (cut by whatever clip `cr` has: its
    /// mask, its clipping ancestors, what views drawn later cover), faded by `opacity`. The
    /// picture is scaled up by CBlur into a scratch image the target's size, only where the
    /// fill can touch, and the rounded bounds are filled from it pixel for pixel. Each of its pixels
    /// depends on where it is alone, so that the backdrop drawn through any clip is the same
    /// where it is seen (Cairo's own scaling places its samples from the middle of what it
    /// composites, a clip moving them by a rounding); and scaling in C is the faster.
    /// `leavingOut`: where views drawn later cover it (Occlusion), neither scaled nor painted.
    static func paint(_ picture: Picture, within layer: SceneSnapshot.Layer, opacity: Double, on cr: OpaquePointer,
                      leavingOut holes: (occlusion: Occlusion, boxes: [PixelBox])? = nil) {
        let t = layer.transform, look = layer.appearance
        guard let target = cairo_get_group_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        if let holes { holes.occlusion.exclude(holes.boxes, on: cr) }
        var own = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_transform(cr, &own)
        SceneRasterizer.roundedRectangle(cr, width: layer.size.width, height: layer.size.height, radius: look.cornerRadius,
                                         corners: look.maskedCorners, continuous: look.cornerCurve == .continuous)
        cairo_identity_matrix(cr)
        // The device pixels the fill can touch: its path's box within the clip's, on the target.
        var fill = (0.0, 0.0, 0.0, 0.0), clip = (0.0, 0.0, 0.0, 0.0)
        cairo_fill_extents(cr, &fill.0, &fill.1, &fill.2, &fill.3)
        cairo_clip_extents(cr, &clip.0, &clip.1, &clip.2, &clip.3)
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(target, &offsetX, &offsetY)
        let width = Int(cairo_image_surface_get_width(target)), height = Int(cairo_image_surface_get_height(target))
        let x0 = max(0, Int((max(fill.0, clip.0) + offsetX).rounded(.down))), y0 = max(0, Int((max(fill.1, clip.1) + offsetY).rounded(.down)))
        let x1 = min(width, Int((min(fill.2, clip.2) + offsetX).rounded(.up))), y1 = min(height, Int((min(fill.3, clip.3) + offsetY).rounded(.up)))
        guard x1 > x0, y1 > y0 else {
            cairo_new_path(cr)
            return
        }
        let scratch = ScratchSurfaces.shared.take(width: width, height: height)
        cairo_surface_flush(scratch)
        // The rows a hole covers from side to side are neither scaled nor read.
        var rows = [(y0, y1)]
        for hole in holes?.boxes ?? [] where hole.minX + offsetX <= Double(x0) && hole.maxX + offsetX >= Double(x1) {
            let top = Int(hole.minY + offsetY), bottom = Int(hole.maxY + offsetY)
            rows = rows.flatMap { band in
                [(band.0, min(band.1, top)), (max(band.0, bottom), band.1)].filter { $0.0 < $0.1 }
            }
        }
        if let out = cairo_image_surface_get_data(scratch), let source = cairo_image_surface_get_data(picture.surface) {
            for (top, bottom) in rows {
                box_blur_upscale_argb(source, cairo_image_surface_get_stride(picture.surface), cairo_image_surface_get_width(picture.surface),
                                      cairo_image_surface_get_height(picture.surface), Int32(picture.factor),
                                      Int32((picture.x + offsetX).rounded()), Int32((picture.y + offsetY).rounded()),
                                      Float(max(0, min(1, opacity))), out, cairo_image_surface_get_stride(scratch), Int32(x0), Int32(top), Int32(x1), Int32(bottom))
            }
        }
        cairo_surface_mark_dirty(scratch)
        cairo_set_source_surface(cr, scratch, -offsetX, -offsetY)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
        cairo_fill(cr)
        // The source lets go of the scratch image when the state is restored.
        cairo_set_source_rgba(cr, 0, 0, 0, 0)
        ScratchSurfaces.shared.give(scratch)
    }

    /// Paints `picture` where it came from, faded by `opacity`, within `cr`'s clip.
    static func paint(_ picture: Picture, opacity: Double, on cr: OpaquePointer) {
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_translate(cr, picture.x, picture.y)
        cairo_scale(cr, Double(picture.factor), Double(picture.factor))
        cairo_set_source_surface(cr, picture.surface, 0, 0)
        // The picture's edge pixels continue rather than fade out where it ends.
        cairo_pattern_set_extend(cairo_get_source(cr), CAIRO_EXTEND_PAD)
        cairo_paint_with_alpha(cr, opacity)
        cairo_restore(cr)
    }

    /// Where a layer's subtree, drawn into a group, lies on the device: its layers' boxes
    /// through `cr`'s matrix, with a margin for the blur to spread into. Nil when none has a
    /// box that can be drawn.
    static func subtreeBox(_ layers: ArraySlice<SceneSnapshot.Layer>, sigma: Double, on cr: OpaquePointer) -> PixelBox? {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        var union: PixelBox?
        for layer in layers where layer.transform.isValid {
            let t = layer.transform
            var placed = cairo_matrix_t()
            var own = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
            cairo_matrix_multiply(&placed, &own, &m)
            // A shadow reaches past the bounds: the box takes its radius and offset in.
            let look = layer.appearance
            let reach = look.hasShadow ? SceneRasterizer.shadowReach(look) : 0
            guard let box = deviceBox(of: layer.size, placed, margin: reach) else { continue }
            union = union.map { $0.union(box) } ?? box
        }
        // Whole pixels: a clip off the pixel grid would cost a mask of its own.
        return union.map { box in
            let wide = box.insetBy(-3 * sigma)
            return PixelBox(minX: wide.minX.rounded(.down), minY: wide.minY.rounded(.down), maxX: wide.maxX.rounded(.up), maxY: wide.maxY.rounded(.up))
        }
    }

    /// How wide `layer`'s backdrop blur is in device pixels (its radius through `m` and its own
    /// transform), or nil when it has none to draw.
    static func sigma(of layer: SceneSnapshot.Layer, through m: cairo_matrix_t) -> Double? {
        let blur = layer.appearance.blur, t = layer.transform
        guard blur.kind == .backdrop, blur.radius > 0, t.isValid else { return nil }
        var placed = cairo_matrix_t(), m = m
        var own = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_matrix_multiply(&placed, &own, &m)
        guard deviceBox(of: layer.size, placed) != nil else { return nil }
        return blur.radius * scale(of: placed)
    }

    /// The device's scale along the layer's axes, on average.
    static func scale(of m: cairo_matrix_t) -> Double { abs(m.xx * m.yy - m.xy * m.yx).squareRoot() }

    /// The box on the device of a layer of `size` placed by `m`, `margin` points around it.
    static func deviceBox(of size: Size, _ m: cairo_matrix_t, margin: Double = 0) -> PixelBox? {
        let x0 = -margin, y0 = -margin, x1 = size.width + margin, y1 = size.height + margin
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (x, y) in [(x0, y0), (x1, y0), (x0, y1), (x1, y1)] {
            let dx = m.xx * x + m.xy * y + m.x0, dy = m.yx * x + m.yy * y + m.y0
            minX = min(minX, dx); maxX = max(maxX, dx)
            minY = min(minY, dy); maxY = max(maxY, dy)
        }
        guard [minX, minY, maxX, maxY].allSatisfy(\.isFinite), maxX > minX, maxY > minY else { return nil }
        return PixelBox(minX: minX, minY: minY, maxX: maxX, maxY: maxY)
    }

    /// The part `box` (device coordinates) of the image `surface`, downsampled and blurred by a
    /// Gaussian of `sigma` device pixels. `clampEdges`: beyond the surface its edge pixels
    /// continue (a backdrop: the window's edge is no dark frame); else it is transparent there
    /// (a layer's own blur fades out at its edges).
    static func blurred(_ surface: OpaquePointer, box: PixelBox, sigma: Double, clampEdges: Bool) -> Picture? {
        guard cairo_surface_get_type(surface) == CAIRO_SURFACE_TYPE_IMAGE,
              cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32,
              sigma.isFinite, sigma > 0 else { return nil }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return nil }
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        // A group's surface starts where its device offset says, in the device's coordinates.
        var offsetX = 0.0, offsetY = 0.0
        cairo_surface_get_device_offset(surface, &offsetX, &offsetY)
        // Blocks of `factor` pixels: the blur on the small picture is then about 4 of its pixels.
        let factor = max(1, Int(sigma / 4))
        let x0 = max(0, Int((box.minX + offsetX).rounded(.down))), y0 = max(0, Int((box.minY + offsetY).rounded(.down)))
        let x1 = min(width, Int((box.maxX + offsetX).rounded(.up))), y1 = min(height, Int((box.maxY + offsetY).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return nil }
        let small = Downsampled(data, stride: stride, x0: x0, y0: y0, x1: x1, y1: y1, factor: factor)
        small.blur(sigma: sigma / Double(factor), clampEdges: clampEdges)
        guard let out = small.surface() else { return nil }
        return Picture(surface: out, x: Double(x0) - offsetX, y: Double(y0) - offsetY, factor: factor, isOpaque: small.isOpaque)
    }
}

/// A box on the device, in pixels (fractional).
struct PixelBox {
    var minX, minY, maxX, maxY: Double

    var isEmpty: Bool { maxX <= minX || maxY <= minY }

    func intersection(_ o: PixelBox) -> PixelBox {
        PixelBox(minX: max(minX, o.minX), minY: max(minY, o.minY), maxX: min(maxX, o.maxX), maxY: min(maxY, o.maxY))
    }

    func intersects(_ o: PixelBox) -> Bool { !intersection(o).isEmpty }

    func insetBy(_ d: Double) -> PixelBox { PixelBox(minX: minX + d, minY: minY + d, maxX: maxX - d, maxY: maxY - d) }

    func union(_ o: PixelBox) -> PixelBox {
        PixelBox(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }
}

/// A part of an ARGB32 image averaged down by blocks of `factor` × `factor` pixels, its four
/// (premultiplied) channels kept as floats while they are blurred (CBlur's loops).
private final class Downsampled {
    let width, height: Int
    var channels: [Float]

    /// Each block's mean, from every `step`-th pixel of every `step`-th row of it: a large
    /// block's mean is as good from a grid of its pixels, and reading all of a scale-3 screen
    /// every frame would cost more than the rest of the blur.
    init(_ data: UnsafeMutablePointer<UInt8>, stride: Int, x0: Int, y0: Int, x1: Int, y1: Int, factor: Int) {
        width = (x1 - x0 + factor - 1) / factor
        height = (y1 - y0 + factor - 1) / factor
        channels = [Float](repeating: 0, count: width * height * 4)
        let (w, h) = (width, height)
        channels.withUnsafeMutableBufferPointer { out in
            box_blur_downsample_argb(data, Int32(stride), Int32(x0), Int32(y0), Int32(x1), Int32(y1), Int32(factor),
                                     Int32(max(1, factor / 4)), out.baseAddress, Int32(w), Int32(h))
        }
    }

    /// Three box blurs across the rows, then three down the columns: together within a few
    /// percent of a Gaussian of `sigma` pixels.
    func blur(sigma: Double, clampEdges: Bool) {
        let half = LayerShadow.boxHalfWidth(sigma: sigma)
        guard half > 0 else { return }
        let (w, h) = (width, height)
        channels.withUnsafeMutableBufferPointer { px in
            box_blur_rgba_float(px.baseAddress, Int32(w), Int32(h), Int32(half), clampEdges ? 1 : 0)
        }
    }

    /// Whether every pixel is opaque (its alpha rounds to 255).
    var isOpaque: Bool {
        channels.withUnsafeBufferPointer { px in stride(from: 3, to: px.count, by: 4).allSatisfy { px[$0] + 0.5 >= 255 } }
    }

    /// An ARGB32 image of the blurred picture, or nil when cairo cannot make one.
    func surface() -> OpaquePointer? {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_surface_flush(surface)
        let (w, h) = (width, height)
        channels.withUnsafeBufferPointer { px in
            box_blur_store_argb(px.baseAddress, Int32(w), Int32(h), data, cairo_image_surface_get_stride(surface))
        }
        cairo_surface_mark_dirty(surface)
        return surface
    }
}
