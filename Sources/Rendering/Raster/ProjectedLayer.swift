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
            for column in 0..<outWidth {
                let x = Double(originX + column) + 0.5
                let w = h.c * x + h.f * y + h.i
                var pixel: UInt32 = 0
                if w > 1e-12 {
                    // Source pixel centres sit at half-integers.
                    let sx = (h.a * x + h.d * y + h.g) / w - 0.5, sy = (h.b * x + h.e * y + h.h) / w - 0.5
                    if sx > -1, sy > -1, sx < Double(width), sy < Double(height) {
                        pixel = bilinear(src, stride: sourceStride, width: width, height: height, x: sx, y: sy)
                    }
                }
                dst[row * outStride + column] = pixel
            }
        }
        cairo_surface_mark_dirty(out)
    }

    @inline(__always)
    private static func bilinear(_ p: UnsafeMutablePointer<UInt32>, stride rowWords: Int, width: Int, height: Int, x: Double, y: Double) -> UInt32 {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = x - Double(x0), fy = y - Double(y0)
        func at(_ i: Int, _ j: Int) -> UInt32 { i >= 0 && j >= 0 && i < width && j < height ? p[j * rowWords + i] : 0 }
        let c00 = at(x0, y0), c10 = at(x0 + 1, y0), c01 = at(x0, y0 + 1), c11 = at(x0 + 1, y0 + 1)
        let w00 = (1 - fx) * (1 - fy), w10 = fx * (1 - fy), w01 = (1 - fx) * fy, w11 = fx * fy
        var result: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let a = Double((c00 >> shift) & 0xFF) * w00
            let b = Double((c10 >> shift) & 0xFF) * w10
            let c = Double((c01 >> shift) & 0xFF) * w01
            let d = Double((c11 >> shift) & 0xFF) * w11
            let v: Double = a + b + c + d + 0.5
            result |= UInt32(min(255.0, max(0.0, v))) << shift
        }
        return result
    }
}
