import CCairo
import TransitionCore

/// What later opaque views hide of a frame, so that the renderer does not paint pixels that a
/// view drawn after them covers entirely: a full-screen background under a screen, a sheet's
/// frosted glass under the sheet, a card's shadow under the card. At scale 3 a full-screen
/// fill is a twelfth of a 120 Hz frame, and a backdrop blur's picture scaled up over the
/// whole screen a third of one.
///
/// The frame drawn is the same to the last bit (OcclusionTests). A pixel is left out only
/// where an occluder, a view drawn later at full opacity with an opaque background, covers it
/// whole (the band between its top corners and its bottom ones, the whole width across, cut by
/// its clipping ancestors and the window, rounded inward to whole device pixels), so that
/// whatever was painted there would be painted over exactly. Cairo draws anti-aliased edges
/// through a clip of several boxes otherwise than through one, a few levels apart, so what is
/// drawn as paths is cut by one box (`visible`: rows covered from the top or to the bottom);
/// only what is painted from an image placed to whole pixels, a backdrop's picture and a
/// shadow's mask, is cut around each occluder (`hiding`).
///
/// Three things read pixels already drawn, and so stop it: a backdrop blur reads what lies
/// under it, so an occluder after one hides nothing drawn before it; a layer blur spreads what
/// its group holds beyond where it is covered, so a frame with one is drawn whole; and a 3D
/// view is drawn flat elsewhere first, so no view in or under one occludes.
struct Occlusion {
    /// The occluders in drawing order: the index of each one's layer and the pixels it covers.
    private(set) var occluders: [(index: Int, box: PixelBox)] = []
    /// The image's pixels, and the window's on it (whole pixels).
    let canvas: PixelBox, window: PixelBox
    /// The first backdrop blur after each layer: occluders from there on hide nothing of it.
    private var nextBackdrop: [Int] = []
    /// An occluder must cover at least this many device pixels to be worth a clip.
    static let minimumArea = 64.0 * 64.0

    /// The occluders of `layers` drawn through `matrix` (device from window coordinates) with
    /// the window clipped to `window` on `canvas` (device pixels); nil when nothing can be left
    /// out (a layer blur, or no view opaque and large enough).
    ///
    /// `keptOpaque`: the layers whose backdrop blur is a picture kept from the frame before
    /// (KeptBackdrop) with every pixel opaque. Such a layer reads nothing this frame, and at
    /// full opacity its picture covers what lies under it as an opaque background would.
    init?(_ layers: [SceneSnapshot.Layer], matrix m: cairo_matrix_t, window: PixelBox, canvas: PixelBox, keptOpaque: Set<Int> = []) {
        self.canvas = canvas
        self.window = window
        guard !layers.contains(where: { $0.appearance.blur.kind == .layer && $0.appearance.blur.radius > 0 }) else { return nil }
        // The ancestors of the layer being looked at: each one's depth, whether a view under it
        // can occlude at all, and the pixels its clip leaves (the window's for none).
        var ancestors: [(depth: Int, allows: Bool, clip: PixelBox)] = []
        for (index, layer) in layers.enumerated() {
            while let last = ancestors.last, last.depth >= layer.depth { ancestors.removeLast() }
            let inherited = ancestors.last ?? (depth: -1, allows: true, clip: window)
            let look = layer.appearance
            let inner = Self.innerBox(of: layer, through: m)
            // A view under this one can occlude only when this one is shown whole and flat.
            let allows = inherited.allows && !layer.isHidden && layer.opacity >= 1 && layer.warp == nil
                && look.mask.kind == .none && layer.transform.isValid
            var clip = inherited.clip
            if look.clipsToBounds { clip = inner.map { clip.intersection($0) } ?? PixelBox(minX: 0, minY: 0, maxX: 0, maxY: 0) }
            ancestors.append((layer.depth, allows, clip))
            guard allows, look.backgroundColor.alpha >= 1 || keptOpaque.contains(index), let inner else { continue }
            let covered = inner.intersection(inherited.clip)
            guard !covered.isEmpty, (covered.maxX - covered.minX) * (covered.maxY - covered.minY) >= Self.minimumArea else { continue }
            occluders.append((index, covered))
        }
        guard !occluders.isEmpty else { return nil }
        nextBackdrop = [Int](repeating: layers.count, count: layers.count + 1)
        var next = layers.count
        for index in stride(from: layers.count - 1, through: 0, by: -1) {
            nextBackdrop[index + 1] = next
            let blur = layers[index].appearance.blur
            if blur.kind == .backdrop && blur.radius > 0 && !keptOpaque.contains(index) { next = index }
        }
        nextBackdrop[0] = next
    }

    /// The pixels of `canvas` the layer at `index` (-1 for the canvas beneath every layer) may
    /// still be seen in, painting within `reach`: one box, the canvas less the rows that
    /// occluders drawn after it (and before the next backdrop blur reads what it drew) cover
    /// across the whole width it paints in, from its top or to its bottom. Nil when nothing is
    /// hidden.
    func visible(_ reach: PixelBox, at index: Int) -> PixelBox? {
        let end = nextBackdrop[index + 1]
        // A layer is drawn within the window only; the canvas is filled beyond it too, where
        // the window is letterboxed.
        let seen = index < 0 ? reach : reach.intersection(window)
        guard !seen.isEmpty else { return nil }
        var cut = canvas
        for occluder in occluders where occluder.index > index && occluder.index < end {
            let o = occluder.box
            guard o.minX <= seen.minX, o.maxX >= seen.maxX, o.maxY > seen.minY, o.minY < seen.maxY else { continue }
            if o.maxY >= seen.maxY { cut.maxY = min(cut.maxY, o.minY) }
            if o.minY <= seen.minY { cut.minY = max(cut.minY, o.maxY) }
        }
        return cut.minY == canvas.minY && cut.maxY == canvas.maxY ? nil : cut
    }

    /// The occluders that hide part of `reach` painted by the layer at `index`: those drawn
    /// after it (or from it on, with `includingItself`: a shadow lies under its own view) and
    /// before the next backdrop blur. For what is painted from an image placed to whole pixels,
    /// the same through any clip: a backdrop blur's picture (LayerBlur.paint) and a shadow's
    /// mask (LayerShadow).
    func hiding(_ reach: PixelBox, at index: Int, includingItself: Bool = false) -> [PixelBox] {
        let end = nextBackdrop[index + 1], first = includingItself ? index : index + 1
        return occluders.filter { $0.index >= first && $0.index < end && $0.box.intersects(reach) }.map(\.box)
    }

    /// Cuts `cr`'s clip to leave `holes` (device pixels) out; the caller saved the state to undo
    /// it: the canvas with each hole cut from it by the even-odd rule, one hole at a time.
    func exclude(_ holes: [PixelBox], on cr: OpaquePointer) {
        guard !holes.isEmpty else { return }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_identity_matrix(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        for hole in holes {
            cairo_new_path(cr)
            cairo_rectangle(cr, canvas.minX, canvas.minY, canvas.maxX - canvas.minX, canvas.maxY - canvas.minY)
            cairo_rectangle(cr, hole.minX, hole.minY, hole.maxX - hole.minX, hole.maxY - hole.minY)
            cairo_clip(cr)
        }
        // The renderer fills by the non-zero rule but where it sets the even-odd one itself.
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_set_matrix(cr, &matrix)
    }

    /// Cuts `cr`'s clip to `box` (device pixels); the caller saved the state to undo it.
    static func clip(to box: PixelBox, on cr: OpaquePointer) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, box.minX, box.minY, max(0, box.maxX - box.minX), max(0, box.maxY - box.minY))
        cairo_clip(cr)
        cairo_set_matrix(cr, &matrix)
    }

    /// The device pixels `layer` may paint in (its rectangle and `margin` points around it,
    /// through `m`), or nil when it cannot be placed.
    static func reach(of layer: SceneSnapshot.Layer, through m: cairo_matrix_t, margin: Double) -> PixelBox? {
        let t = layer.transform
        guard t.isValid else { return nil }
        var placed = cairo_matrix_t(), m = m
        var own = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
        cairo_matrix_multiply(&placed, &own, &m)
        return LayerBlur.deviceBox(of: layer.size, placed, margin: margin)
    }

    /// The device pixels `layer`'s background covers whole, when it lies square on the device:
    /// the band between its top corners and its bottom ones (where its sides are straight), the
    /// whole width across; nil when it does not lie square.
    static func innerBox(of layer: SceneSnapshot.Layer, through m: cairo_matrix_t) -> PixelBox? {
        let t = layer.transform, size = layer.size
        guard t.isValid, size.width > 0, size.height > 0 else { return nil }
        // Device from the layer's own coordinates.
        let xx = m.xx * t.a + m.xy * t.b, yx = m.yx * t.a + m.yy * t.b
        let xy = m.xx * t.c + m.xy * t.d, yy = m.yx * t.c + m.yy * t.d
        let x0 = m.xx * t.tx + m.xy * t.ty + m.x0, y0 = m.yx * t.tx + m.yy * t.ty + m.y0
        guard yx == 0, xy == 0, xx != 0, yy != 0 else { return nil }
        let look = layer.appearance
        var r = look.maskedCorners.isEmpty ? 0 : max(0, min(look.cornerRadius, size.width / 2, size.height / 2))
        if look.cornerCurve == .continuous { r *= ContinuousCorner.reach }
        let top = min(r, size.height / 2)
        let ax = x0, bx = x0 + xx * size.width
        let ay = y0 + yy * top, by = y0 + yy * (size.height - top)
        let box = PixelBox(minX: min(ax, bx).rounded(.up), minY: min(ay, by).rounded(.up),
                      maxX: max(ax, bx).rounded(.down), maxY: max(ay, by).rounded(.down))
        guard [box.minX, box.minY, box.maxX, box.maxY].allSatisfy(\.isFinite), !box.isEmpty else { return nil }
        return box
    }
}
