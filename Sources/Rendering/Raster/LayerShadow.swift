import CCairo
import TransitionCore

/// A layer's shadow, as CALayer draws one: the layer's (rounded) shape moved by the shadow
/// offset, blurred by the shadow radius, in the shadow colour at the shadow opacity, beneath
/// the layer. The shape is the bounds with the layer's corner radius and masked corners (as
/// if the layer's shadowPath were set to them, which is how apps give sheets and cards their
/// shadows), not the alpha of whatever the layer contains.
///
/// Cairo has no blur, so the shape is drawn in device pixels into an alpha-only image, blurred
/// there by three box blurs (which together come within a few percent of a Gaussian, the way
/// browsers blur box-shadows), and painted through as a mask. Drawing in device pixels keeps
/// the blur as wide on a scale-2 picture as it looks on a phone.
enum LayerShadow {
    /// Draws `layer`'s shadow on `cr`, whose matrix places the layer's own coordinates.
    /// `opacity` is the layer's inherited opacity.
    static func draw(_ layer: SceneSnapshot.Layer, opacity: Double, on cr: OpaquePointer) {
        let look = layer.appearance
        let alpha = look.shadowOpacity * look.shadowColor.alpha * opacity
        guard alpha > 0, layer.size.width > 0, layer.size.height > 0 else { return }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        // How many device pixels a point is, along the layer's axes on average.
        let scale = (abs(m.xx * m.yy - m.xy * m.yx)).squareRoot()
        guard scale.isFinite, scale > 0 else { return }
        // CALayer's radius reads as a Gaussian's standard deviation of half of it.
        let sigma = look.shadowRadius / 2 * scale
        let half = boxHalfWidth(sigma: sigma)
        let pad = Double(3 * half + 2)

        // The shape's box in device pixels, grown by how far the blur spreads, cut to the clip.
        let dx = look.shadowOffset.width, dy = look.shadowOffset.height
        let corners = [(0.0, 0.0), (layer.size.width, 0.0), (0.0, layer.size.height), (layer.size.width, layer.size.height)]
            .map { (x, y) in (m.xx * (x + dx) + m.xy * (y + dy) + m.x0, m.yx * (x + dx) + m.yy * (y + dy) + m.y0) }
        var clipX1 = 0.0, clipY1 = 0.0, clipX2 = 0.0, clipY2 = 0.0
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &clipX1, &clipY1, &clipX2, &clipY2)
        cairo_restore(cr)
        let x1 = max((corners.map(\.0).min()! - pad).rounded(.down), clipX1.rounded(.down))
        let y1 = max((corners.map(\.1).min()! - pad).rounded(.down), clipY1.rounded(.down))
        let x2 = min((corners.map(\.0).max()! + pad).rounded(.up), clipX2.rounded(.up))
        let y2 = min((corners.map(\.1).max()! + pad).rounded(.up), clipY2.rounded(.up))
        // Off the picture altogether, or absurdly large (a transform gone wild): nothing to see.
        guard x2 > x1, y2 > y1, (x2 - x1) * (y2 - y1) < 64_000_000 else { return }
        let width = Int(x2 - x1), height = Int(y2 - y1)

        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return }
        defer { cairo_surface_destroy(mask) }
        guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS, let shape = cairo_create(mask) else { return }
        var placed = m
        placed.x0 -= x1
        placed.y0 -= y1
        cairo_set_matrix(shape, &placed)
        SceneRasterizer.roundedRectangle(
            shape, x: dx, y: dy, width: layer.size.width, height: layer.size.height,
            radius: look.cornerRadius, corners: look.maskedCorners)
        cairo_set_source_rgba(shape, 0, 0, 0, 1)
        cairo_fill(shape)
        cairo_destroy(shape)

        if half > 0 {
            cairo_surface_flush(mask)
            let stride = Int(cairo_image_surface_get_stride(mask))
            if let data = cairo_image_surface_get_data(mask) {
                blur(data, width: width, height: height, stride: stride, half: half)
            }
            cairo_surface_mark_dirty(mask)
        }

        cairo_save(cr)
        cairo_identity_matrix(cr)
        let c = look.shadowColor
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, alpha)
        cairo_mask_surface(cr, mask, x1, y1)
        cairo_restore(cr)
    }

    /// The half-width of the box that, applied three times, blurs like a Gaussian of `sigma`
    /// pixels: three boxes of width w have the variance 3(w² − 1)/12.
    static func boxHalfWidth(sigma: Double) -> Int {
        guard sigma > 0.5 else { return 0 }
        return max(1, Int(((4 * sigma * sigma + 1).squareRoot() - 1) / 2 + 0.5))
    }

    /// Three box blurs of half-width `half` across the rows, then three down the columns, in
    /// place on an 8-bit alpha image. Pixels beyond the edges count as transparent.
    static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, half: Int) {
        var line = [UInt8](repeating: 0, count: max(width, height))
        var out = [UInt8](repeating: 0, count: max(width, height))
        for y in 0..<height {
            for x in 0..<width { line[x] = data[y * stride + x] }
            for _ in 0..<3 { boxPass(&line, &out, count: width, half: half) }
            for x in 0..<width { data[y * stride + x] = line[x] }
        }
        for x in 0..<width {
            for y in 0..<height { line[y] = data[y * stride + x] }
            for _ in 0..<3 { boxPass(&line, &out, count: height, half: half) }
            for y in 0..<height { data[y * stride + x] = line[y] }
        }
    }

    /// One box blur of `values[0..<count]` with a running sum; the result goes back in `values`.
    private static func boxPass(_ values: inout [UInt8], _ scratch: inout [UInt8], count: Int, half: Int) {
        let window = 2 * half + 1
        var sum = 0
        // The window around index 0: indices −half…half, those below 0 being transparent.
        for i in 0...min(half, count - 1) { sum += Int(values[i]) }
        for i in 0..<count {
            scratch[i] = UInt8((sum + window / 2) / window)
            let entering = i + half + 1, leaving = i - half
            if entering < count { sum += Int(values[entering]) }
            if leaving >= 0 { sum -= Int(values[leaving]) }
        }
        for i in 0..<count { values[i] = scratch[i] }
    }
}
