import CBlur
import CCairo
import Synchronization
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
///
/// The blurred masks are kept (ShadowMasks): a mask depends only on the shape, the blur and
/// where the shape falls within a pixel, so the eight same-sized thumbnails of a list share
/// one, and a view that stands still, or moves by whole pixels, costs one blur in a run.
enum LayerShadow {
    /// Draws `layer`'s shadow on `cr`, whose matrix places the layer's own coordinates.
    /// `opacity` is the layer's inherited opacity.
    static func draw(_ layer: SceneSnapshot.Layer, opacity: Double, on cr: OpaquePointer) {
        let look = layer.appearance
        let alpha = look.shadowOpacity * look.shadowColor.alpha * opacity
        guard alpha > 0, layer.size.width > 0, layer.size.height > 0 else { return }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        guard [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0].allSatisfy(\.isFinite) else { return }
        // The whole pixels of the translation move the mask; only the fraction shapes it. A
        // wide shadow is placed to the nearest whole pixel (half a pixel is nothing in a blur
        // that wide), so that a card sliding across the screen keeps one mask.
        let wide = look.shadowRadius / 2 * abs(m.xx * m.yy - m.xy * m.yx).squareRoot() >= wideSigma
        let wholeX = wide ? m.x0.rounded() : m.x0.rounded(.down), wholeY = wide ? m.y0.rounded() : m.y0.rounded(.down)
        let key = ShadowMasks.Key(
            xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, fractionX: wide ? 0 : m.x0 - wholeX, fractionY: wide ? 0 : m.y0 - wholeY,
            width: layer.size.width, height: layer.size.height, cornerRadius: look.cornerRadius,
            corners: look.maskedCorners.rawValue, continuous: look.cornerCurve == .continuous,
            offsetX: look.shadowOffset.width, offsetY: look.shadowOffset.height, radius: look.shadowRadius,
            path: ShadowMasks.Key.Path(look.shadowPath, boundsOrigin: look.bounds.origin))
        guard let mask = ShadowMasks.shared.mask(for: key) else { return }
        defer { cairo_surface_destroy(mask.surface) }

        cairo_save(cr)
        cairo_identity_matrix(cr)
        let c = look.shadowColor
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, alpha)
        cairo_mask_surface(cr, mask.surface, wholeX + mask.originX, wholeY + mask.originY)
        cairo_restore(cr)
    }

    /// Draws and blurs the mask `key` describes: its shape in device pixels, with its
    /// translation's whole pixels taken out. Nil when it would be empty or absurdly large
    /// (a transform gone wild).
    static func makeMask(_ key: ShadowMasks.Key) -> ShadowMasks.Mask? {
        // How many device pixels a point is, along the layer's axes on average.
        let scale = abs(key.xx * key.yy - key.xy * key.yx).squareRoot()
        guard scale.isFinite, scale > 0 else { return nil }
        // CALayer's radius reads as a Gaussian's standard deviation of half of it. A wide one
        // (a card's shadow at scale 3) is made on a picture `factor` times smaller each way,
        // as LayerBlur does: its pixels blur into each other anyway, and the exact blur of a
        // screen-sized mask would cost more than the rest of the frame. Below that width the
        // mask is made at full size, as before.
        let sigma = key.radius / 2 * scale
        let factor = sigma >= wideSigma ? Int(sigma / 4) : 1
        let half = boxHalfWidth(sigma: sigma / Double(factor))
        let pad = Double(3 * half * factor + 2 * factor)
        let dx = key.offsetX, dy = key.offsetY
        // The shape: the rounded bounds, or the shadow path's rectangle (in the layer's own
        // coordinates).
        let shape = key.path.kind == MaskShape.Kind.none.rawValue
            ? (x: 0.0, y: 0.0, width: key.width, height: key.height) : (x: key.path.x, y: key.path.y, width: key.path.width, height: key.path.height)
        guard shape.width > 0, shape.height > 0 else { return nil }
        let corners = [(shape.x, shape.y), (shape.x + shape.width, shape.y), (shape.x, shape.y + shape.height),
                       (shape.x + shape.width, shape.y + shape.height)].map { (x, y) in
            (key.xx * (x + dx) + key.xy * (y + dy) + key.fractionX, key.yx * (x + dx) + key.yy * (y + dy) + key.fractionY)
        }
        let x1 = (corners.map(\.0).min()! - pad).rounded(.down), y1 = (corners.map(\.1).min()! - pad).rounded(.down)
        let x2 = (corners.map(\.0).max()! + pad).rounded(.up), y2 = (corners.map(\.1).max()! + pad).rounded(.up)
        guard x2 > x1, y2 > y1, (x2 - x1) * (y2 - y1) < 16_000_000 else { return nil }
        let width = (Int(x2 - x1) + factor - 1) / factor, height = (Int(y2 - y1) + factor - 1) / factor

        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        var placed = cairo_matrix_t(xx: key.xx, yx: key.yx, xy: key.xy, yy: key.yy, x0: key.fractionX - x1, y0: key.fractionY - y1)
        cairo_scale(cr, 1 / Double(factor), 1 / Double(factor))
        cairo_transform(cr, &placed)
        switch MaskShape.Kind(rawValue: key.path.kind) ?? .none {
        case .none, .path:  // set_shadow_path takes no path of its own
            SceneRasterizer.roundedRectangle(
                cr, x: dx, y: dy, width: key.width, height: key.height,
                radius: key.cornerRadius, corners: CornerMask(rawValue: key.corners), continuous: key.continuous)
        case .roundedRect:
            SceneRasterizer.roundedRectangle(cr, x: dx + shape.x, y: dy + shape.y, width: shape.width, height: shape.height,
                                             radius: key.path.cornerRadius)
        case .ellipse:
            cairo_save(cr)
            cairo_translate(cr, dx + shape.x + shape.width / 2, dy + shape.y + shape.height / 2)
            cairo_scale(cr, shape.width / 2, shape.height / 2)
            cairo_arc(cr, 0, 0, 1, 0, 2 * Double.pi)
            cairo_restore(cr)
        }
        cairo_set_source_rgba(cr, 0, 0, 0, 1)
        cairo_fill(cr)
        cairo_destroy(cr)

        if half > 0 {
            cairo_surface_flush(surface)
            let stride = Int(cairo_image_surface_get_stride(surface))
            if let data = cairo_image_surface_get_data(surface) {
                blur(data, width: width, height: height, stride: stride, half: half)
            }
            cairo_surface_mark_dirty(surface)
        }
        guard factor > 1 else {
            return ShadowMasks.Mask(surface: surface, originX: x1, originY: y1, bytes: height * Int(cairo_image_surface_get_stride(surface)))
        }
        // Scaled up once (bilinear) to a mask at full size: painted every frame, a full-size
        // mask goes through pixman's fast path, a scaled one does not.
        defer { cairo_surface_destroy(surface) }
        let fullWidth = Int(x2 - x1), fullHeight = Int(y2 - y1)
        guard let full = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(fullWidth), Int32(fullHeight)) else { return nil }
        guard cairo_surface_status(full) == CAIRO_STATUS_SUCCESS, let up = cairo_create(full) else {
            cairo_surface_destroy(full)
            return nil
        }
        cairo_scale(up, Double(factor), Double(factor))
        cairo_set_source_surface(up, surface, 0, 0)
        cairo_pattern_set_extend(cairo_get_source(up), CAIRO_EXTEND_PAD)
        cairo_set_operator(up, CAIRO_OPERATOR_SOURCE)
        cairo_paint(up)
        cairo_destroy(up)
        return ShadowMasks.Mask(surface: full, originX: x1, originY: y1, bytes: fullHeight * Int(cairo_image_surface_get_stride(full)))
    }

    /// The deviation, in device pixels, from which a shadow's mask is made smaller.
    static let wideSigma = 12.0

    /// The half-width of the box that, applied three times, blurs like a Gaussian of `sigma`
    /// pixels: three boxes of width w have the variance 3(w² − 1)/12.
    static func boxHalfWidth(sigma: Double) -> Int {
        guard sigma > 0.5 else { return 0 }
        return max(1, Int(((4 * sigma * sigma + 1).squareRoot() - 1) / 2 + 0.5))
    }

    /// Three box blurs of half-width `half` across the rows, then three down the columns, in
    /// place on an 8-bit alpha image, each pass rounding to the nearest level. Pixels beyond
    /// the edges count as transparent. (CBlur: in C, fast in a debug build too.)
    static func blur(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, half: Int) {
        box_blur_a8(data, Int32(width), Int32(height), Int32(stride), Int32(half))
    }
}

/// The blurred shadow masks made recently, shared by every thread that draws (PNG frames are
/// drawn on several). Bounded by total size; the least recently used go first.
final class ShadowMasks: Sendable {
    static let shared = ShadowMasks()

    /// Everything a mask's pixels depend on.
    struct Key: Hashable, Sendable {
        var xx, yx, xy, yy: Double
        var fractionX, fractionY: Double
        var width, height, cornerRadius: Double
        var corners: UInt32
        var continuous: Bool
        var offsetX, offsetY, radius: Double
        var path: Path

        /// The shadow path (CALayer.shadowPath) in the layer's own coordinates: its kind
        /// (TH_MASK_*; none for the rounded bounds), rectangle and corner radius.
        struct Path: Hashable, Sendable {
            var kind: UInt32
            var x, y, width, height, cornerRadius: Double

            init(_ shape: MaskShape, boundsOrigin: Point) {
                kind = shape.kind.rawValue
                x = shape.rect.minX - boundsOrigin.x
                y = shape.rect.minY - boundsOrigin.y
                width = shape.rect.size.width
                height = shape.rect.size.height
                cornerRadius = shape.cornerRadius
            }
        }
    }

    /// An A8 image and where its top-left pixel goes, relative to the whole pixels of the
    /// layer's translation. `surface` is a reference the receiver owns and must destroy.
    struct Mask: @unchecked Sendable {
        let surface: OpaquePointer
        let originX, originY: Double
        let bytes: Int
    }

    /// Up to this many bytes of masks are kept.
    static let budget = 32 << 20

    private struct State: ~Copyable {
        var masks: [Key: Mask] = [:]
        var lastUse: [Key: Int] = [:]
        var clock = 0
        var bytes = 0
    }
    private let state = Mutex(State())

    /// Lets go of every mask kept.
    func removeAll() {
        state.withLock { s in
            for mask in s.masks.values { cairo_surface_destroy(mask.surface) }
            s = State()
        }
    }

    /// The mask for `key`, made now if it is not kept; with a reference of the caller's own.
    func mask(for key: Key) -> Mask? {
        let kept: Mask? = state.withLock { s in
            guard let mask = s.masks[key] else { return nil }
            s.clock += 1
            s.lastUse[key] = s.clock
            cairo_surface_reference(mask.surface)
            return mask
        }
        if let kept { return kept }
        guard let made = LayerShadow.makeMask(key) else { return nil }
        state.withLock { s in
            if s.masks[key] == nil && made.bytes <= Self.budget {
                while s.bytes + made.bytes > Self.budget, let oldest = s.lastUse.min(by: { $0.value < $1.value })?.key {
                    let evicted = s.masks.removeValue(forKey: oldest)!
                    s.lastUse[oldest] = nil
                    s.bytes -= evicted.bytes
                    cairo_surface_destroy(evicted.surface)
                }
                cairo_surface_reference(made.surface)
                s.masks[key] = made
                s.clock += 1
                s.lastUse[key] = s.clock
                s.bytes += made.bytes
            }
        }
        return made
    }
}
