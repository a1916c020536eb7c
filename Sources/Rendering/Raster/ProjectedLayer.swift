import CCairo
import CResample
import Dispatch
import TransitionCore

/// Draws a view with a 3D transform, as Core Animation flattens one: the view and its subviews
/// are drawn flat into a picture the size of the canvas (only the part the turned view can
/// show, ProjectedBounds), and the picture is then carried onto
/// the canvas through the projective map of the view's plane (SceneSnapshot.Layer.warp), each
/// canvas pixel taking the bilinear blend of the picture's pixels it comes from.
///
/// Cairo draws only through affine maps. pixman, beneath it, takes projective ones, but in
/// 16.16 fixed point: a perspective term of −1/500 per point keeps three significant digits
/// there, which moves the far edge of a phone-wide card by several pixels; this map works in
/// doubles (single precision, SIMD, in the last step). Every shape is still drawn by Cairo;
/// only the finished picture is resampled, in C (CResample), on two threads, into pictures kept from frame to frame (ScratchSurfaces): a
/// fresh canvas-sized picture cost more in page faults than its drawing.
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

        // Where the warped picture can land: the subtree's flat box carried through the warp,
        // within the canvas (all of it when a corner goes behind the eye).
        let forward = toWindow.concatenating(warp).concatenating(device)
        var corners: [Point] = []
        for layer in layers[index..<end] where layer.size.width > 0 && layer.size.height > 0 {
            let r = layer.transform.apply(to: Rect(x: 0, y: 0, width: layer.size.width, height: layer.size.height))
            for p in [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.minX, y: r.maxY), Point(x: r.maxX, y: r.maxY)] {
                corners.append(device.apply(to: p)!)
            }
        }
        let box = ProjectedBounds.landing(of: corners, through: forward, width: width, height: height)
        // The part of the flat picture those pixels read: only that is cleared and drawn (a
        // view that reaches past the canvas, or is turned narrow, needs less than all of it).
        // What the subtree draws past its bounds (a shadow, a blur) is drawn flat too.
        var reach = 0.0
        for layer in layers[index..<end] {
            let look = layer.appearance
            if look.hasShadow {
                reach = max(reach, 3 * look.shadowRadius + max(abs(look.shadowOffset.width), abs(look.shadowOffset.height)))
            }
            if look.blur.kind == .layer { reach = max(reach, 3 * look.blur.radius) }
        }
        let pad = reach * LayerBlur.scale(of: m)
        var subtree = ProjectedBounds.around(corners)
        if pad > 0, pad.isFinite {
            let grow = Int(min(pad, 1e6).rounded(.up))
            subtree = .init(x: subtree.x - grow, y: subtree.y - grow, width: subtree.width + 2 * grow, height: subtree.height + 2 * grow)
        }
        let region = ProjectedBounds.flatRegion(read: box, through: inverse, subtree: subtree, width: width, height: height)
        guard !box.isEmpty, !region.isEmpty else { return true }

        // The flat picture, in canvas pixels: canvas-sized, so that the one kept is used again
        // whatever part the turned view needs, but only `region` of it cleared and drawn; larger,
        // its origin moved, when the region reaches past the canvas.
        let (originX, originY) = (min(0, region.x), min(0, region.y))
        let flatWidth = max(width, region.x + region.width) - originX, flatHeight = max(height, region.y + region.height) - originY
        let flat = ScratchSurfaces.shared.take(width: flatWidth, height: flatHeight)
        defer { ScratchSurfaces.shared.give(flat) }
        let flatContext = cairo_create(flat)!
        cairo_rectangle(flatContext, Double(region.x - originX), Double(region.y - originY), Double(region.width), Double(region.height))
        cairo_clip(flatContext)
        cairo_set_operator(flatContext, CAIRO_OPERATOR_CLEAR)
        cairo_paint(flatContext)
        cairo_set_operator(flatContext, CAIRO_OPERATOR_OVER)
        var shifted = m
        shifted.x0 -= Double(originX)
        shifted.y0 -= Double(originY)
        cairo_set_matrix(flatContext, &shifted)
        SceneRasterizer.configureText(flatContext)
        drawFlat(flatContext)
        cairo_destroy(flatContext)
        cairo_surface_flush(flat)

        // Canvas-sized, its top-left part used, kept for the same reason. Every pixel of that
        // part is written below: no need to clear it.
        let out = ScratchSurfaces.shared.take(width: width, height: height)
        defer { ScratchSurfaces.shared.give(out) }
        // The sampler sees only the region, its pixel (0, 0) at the region's corner: the
        // rest of the surface holds an older frame's drawing.
        let inRegion = inverse.concatenating(Homography(1, 0, 0, 0, 1, 0, -Double(region.x), -Double(region.y), 1))
        let inSurface = ProjectedBounds.Pixels(x: region.x - originX, y: region.y - originY, width: region.width, height: region.height)
        resample(from: flat, region: inSurface, into: out, box: box, inverse: inRegion)

        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, out, Double(box.x), Double(box.y))
        cairo_rectangle(cr, Double(box.x), Double(box.y), Double(box.width), Double(box.height))
        cairo_fill(cr)
        cairo_restore(cr)
        return true
    }

    /// Fills `out`'s top-left box.width × box.height pixels (its pixel (0, 0) being canvas
    /// pixel (box.x, box.y)) with the bilinear samples of `source`'s `region` (its pixels in
    /// `source`) at the canvas
    /// pixels' centres mapped through `inverse` (canvas → region); transparent where they fall
    /// outside it or behind the eye. Two threads take half the rows each.
    private static func resample(
        from source: OpaquePointer, region: ProjectedBounds.Pixels, into out: OpaquePointer, box: ProjectedBounds.Pixels,
        inverse h: Homography
    ) {
        cairo_surface_flush(out)
        let sourceStride = cairo_image_surface_get_stride(source) / 4, outStride = cairo_image_surface_get_stride(out) / 4
        // The threads write rows of their own and read what neither writes.
        nonisolated(unsafe) let src = UnsafeRawPointer(cairo_image_surface_get_data(source)!).assumingMemoryBound(to: UInt32.self)
            + Int(sourceStride) * region.y + region.x
        nonisolated(unsafe) let dst = UnsafeMutableRawPointer(cairo_image_surface_get_data(out)!).assumingMemoryBound(to: UInt32.self)
        let matrix = [h.a, h.b, h.c, h.d, h.e, h.f, h.g, h.h, h.i]
        let parts = box.height >= 64 ? 2 : 1
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            projective_resample(src, Int32(region.width), Int32(region.height), sourceStride,
                                dst, Int32(box.width), Int32(box.height * part / parts), Int32(box.height * (part + 1) / parts),
                                outStride, Int32(box.x), Int32(box.y), matrix)
        }
        cairo_surface_mark_dirty(out)
    }
}
