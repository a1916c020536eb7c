import CCairo
import TransitionCore

/// Draws a view with a 3D transform, as Core Animation flattens one: the view and its subviews
/// are drawn flat into a picture the size of the canvas, and the picture is then carried onto
/// the canvas through the projective map of the view's plane (SceneSnapshot.Layer.warp), each
/// canvas pixel taking the bilinear blend of the picture's pixels it comes from.
///
/// Cairo draws only through affine maps. pixman, beneath it, takes projective ones, but in
/// 16.16 fixed point: a perspective term of −1/500 per point keeps three significant digits
/// there, which moves the far edge of a phone-wide card by several pixels; this map works in
/// doubles. Every shape is still drawn by Cairo; only the finished picture is resampled.
enum ProjectedLayer {
    /// Draws the subtree `layers[index..<end]` through `warp`; `drawFlat` draws it flat on the
    /// context it is given. False when the canvas is not an image (the caller then draws flat).
    static func draw(
        _ layers: [SceneSnapshot.Layer], from index: Int, to end: Int, warp: Homography, on cr: OpaquePointer,
        drawFlat: (OpaquePointer) -> Void
    ) -> Bool {
        guard let target = cairo_get_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE else { return false }
        let width = Int(cairo_image_surface_get_width(target)), height = Int(cairo_image_surface_get_height(target))
        guard width > 0, height > 0 else { return true }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let device = Homography(AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0))
        guard let toWindow = device.inverse else { return true }
        // Canvas pixel → picture pixel: the warp, read backwards.
        guard let inverse = toWindow.concatenating(warp).concatenating(device).inverse else { return true }

        // The flat picture.
        let flat = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(flat) }
        let flatContext = cairo_create(flat)!
        cairo_set_matrix(flatContext, &m)
        SceneRasterizer.configureText(flatContext)
        drawFlat(flatContext)
        cairo_destroy(flatContext)
        cairo_surface_flush(flat)

        // Where the warped picture can land: the subtree's flat box carried through the warp,
        // within the canvas (all of it when a corner goes behind the eye).
        let forward = toWindow.concatenating(warp).concatenating(device)
        var box = (x1: 0.0, y1: 0.0, x2: Double(width), y2: Double(height))
        var corners: [Point] = []
        for layer in layers[index..<end] where layer.size.width > 0 && layer.size.height > 0 {
            let r = layer.transform.apply(to: Rect(x: 0, y: 0, width: layer.size.width, height: layer.size.height))
            for p in [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)] {
                corners.append(device.apply(to: p)!)
            }
        }
        let landed = corners.map { forward.apply(to: $0) }
        if !landed.isEmpty, landed.allSatisfy({ $0 != nil }) {
            let xs = landed.map { $0!.x }, ys = landed.map { $0!.y }
            box = (max(0, xs.min()!.rounded(.down) - 1), max(0, ys.min()!.rounded(.down) - 1),
                   min(Double(width), xs.max()!.rounded(.up) + 1), min(Double(height), ys.max()!.rounded(.up) + 1))
        }
        guard box.x2 > box.x1, box.y2 > box.y1 else { return true }
        let outWidth = Int(box.x2 - box.x1), outHeight = Int(box.y2 - box.y1)

        let out = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(outWidth), Int32(outHeight))!
        defer { cairo_surface_destroy(out) }
        resample(from: flat, width: width, height: height, into: out, originX: Int(box.x1), originY: Int(box.y1),
                 width: outWidth, height: outHeight, inverse: inverse)

        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, out, box.x1, box.y1)
        cairo_paint(cr)
        cairo_restore(cr)
        return true
    }

    /// Fills `out` (whose pixel (0, 0) is canvas pixel (originX, originY)) with the bilinear
    /// samples of `source` at the canvas pixels' centres mapped through `inverse`; transparent
    /// where they fall outside it or behind the eye. Premultiplied pixels blend as they are.
    private static func resample(
        from source: OpaquePointer, width: Int, height: Int, into out: OpaquePointer,
        originX: Int, originY: Int, width outWidth: Int, height outHeight: Int, inverse h: Homography
    ) {
        let sourceStride = Int(cairo_image_surface_get_stride(source)) / 4
        let outStride = Int(cairo_image_surface_get_stride(out)) / 4
        let src = UnsafeMutableRawPointer(cairo_image_surface_get_data(source)!).assumingMemoryBound(to: UInt32.self)
        let dst = UnsafeMutableRawPointer(cairo_image_surface_get_data(out)!).assumingMemoryBound(to: UInt32.self)
        cairo_surface_flush(out)
        for row in 0..<outHeight {
            let y = Double(originY + row) + 0.5
            let x0 = Double(originX) + 0.5
            // Along a row the three sums grow by a constant each pixel.
            var u = h.a * x0 + h.d * y + h.g, v = h.b * x0 + h.e * y + h.h, w = h.c * x0 + h.f * y + h.i
            let line = dst + row * outStride
            for column in 0..<outWidth {
                var pixel: UInt32 = 0
                if w > 1e-12 {
                    // Source pixel centres sit at half-integers.
                    let sx = u / w - 0.5, sy = v / w - 0.5
                    if sx > -1, sy > -1, sx < Double(width), sy < Double(height) {
                        pixel = bilinear(src, stride: sourceStride, width: width, height: height, x: sx, y: sy)
                    }
                }
                line[column] = pixel
                u += h.a
                v += h.b
                w += h.c
            }
        }
        cairo_surface_mark_dirty(out)
    }

    /// The four pixels around (x, y) blended by their areas, in 8-bit fixed point per
    /// channel (premultiplied pixels blend as they are); outside the picture counts as clear.
    @inline(__always)
    private static func bilinear(_ p: UnsafeMutablePointer<UInt32>, stride rowWords: Int, width: Int, height: Int, x: Double, y: Double) -> UInt32 {
        let fx0 = x.rounded(.down), fy0 = y.rounded(.down)
        let x0 = Int(fx0), y0 = Int(fy0)
        let fx = UInt32((x - fx0) * 256), fy = UInt32((y - fy0) * 256)
        @inline(__always) func at(_ i: Int, _ j: Int) -> UInt32 {
            i >= 0 && j >= 0 && i < width && j < height ? p[j * rowWords + i] : 0
        }
        let c00 = at(x0, y0), c10 = at(x0 + 1, y0), c01 = at(x0, y0 + 1), c11 = at(x0 + 1, y0 + 1)
        let w00 = (256 - fx) * (256 - fy), w10 = fx * (256 - fy), w01 = (256 - fx) * fy, w11 = fx * fy
        // Each channel: weights in 1/65536ths that sum to 65536, rounded back to 8 bits.
        @inline(__always) func blend(_ shift: UInt32) -> UInt32 {
            let sum = ((c00 >> shift) & 0xFF) * w00 + ((c10 >> shift) & 0xFF) * w10
                + ((c01 >> shift) & 0xFF) * w01 + ((c11 >> shift) & 0xFF) * w11
            return ((sum + 32768) >> 16) << shift
        }
        return blend(0) | blend(8) | blend(16) | blend(24)
    }
}
