import CCairo
import Synchronization
import TransitionCore

/// The last backdrop blur's picture, kept for the next frame: a sheet of frosted glass that
/// slides over a screen standing still would otherwise blur the same screen every frame, a
/// tenth of a 120 Hz frame at scale 3.
///
/// A picture is the blur of the whole image as it was when the view with the blur came to be
/// drawn (LayerBlur.backdrop), so it is the same picture while what was drawn before that view
/// is: the same layers (those that draw, clip, mask, turn in 3D or blur; a container that only
/// moves the views in it does not count, its views' places do), on the same canvas filled the
/// same way, through the same matrix, blurred as wide. One is kept (`shared`, by every thread
/// that renders, unless a caller brings its own); its pixels are only read.
final class KeptBackdrop: Sendable {
    static let shared = KeptBackdrop()

    deinit { removeAll() }

    /// What a frame drawn into an image of its own has drawn before a view with a backdrop
    /// blur: the layers, and the canvas they were drawn on.
    struct Beneath: Equatable {
        let layers: [SceneSnapshot.Layer]
        let background: Color
        let windowSize: Size
        let displayCornerRadius: Double

        /// The layers before `index` that put or shape pixels: those that draw, clip, mask,
        /// turn in 3D, blur, or fade what they hold as one (a group). A container that does none
        /// of these only moves and hides the views in it, and their own layers carry that; it
        /// is left out, and each layer's depth counts only the ancestors kept, so that views
        /// moved into a new container (as a transition ends) are still what was drawn before.
        init(_ layers: [SceneSnapshot.Layer], before index: Int, background: Color, windowSize: Size, displayCornerRadius: Double) {
            var kept: [SceneSnapshot.Layer] = []
            // The kept ancestors of the layer looked at, by their depth in the frame.
            var ancestors: [Int] = []
            for i in 0..<index {
                let layer = layers[i], look = layer.appearance
                while let last = ancestors.last, last >= layer.depth { ancestors.removeLast() }
                let holds = i + 1 < layers.count && layers[i + 1].depth > layer.depth
                let shapes = layer.isVisible || look.clipsToBounds || look.mask.kind != .none || layer.warp != nil
                    || look.blur.kind != .none || (look.alpha < 1 && holds)
                guard shapes else { continue }
                kept.append(layer.atDepth(ancestors.count))
                ancestors.append(layer.depth)
            }
            self.layers = kept
            self.background = background
            self.windowSize = windowSize
            self.displayCornerRadius = displayCornerRadius
        }
    }

    struct Key: Equatable {
        let beneath: Beneath
        let matrix: [Double]
        let sigma: Double
        let width, height: Int

        init(beneath: Beneath, matrix m: cairo_matrix_t, sigma: Double, width: Int, height: Int) {
            self.beneath = beneath
            matrix = [m.xx, m.yx, m.xy, m.yy, m.x0, m.y0]
            self.sigma = sigma
            self.width = width
            self.height = height
        }
    }

    /// The kept picture's surface, handed between threads: only read once kept.
    private struct Entry: @unchecked Sendable {
        let key: Key
        let picture: LayerBlur.Picture
    }
    private let entry = Mutex<Entry?>(nil)

    /// The picture kept for `key`, with a reference the caller destroys; nil when none is.
    func picture(for key: Key) -> LayerBlur.Picture? {
        entry.withLock { kept in
            guard let kept, kept.key == key else { return nil }
            cairo_surface_reference(kept.picture.surface)
            return kept.picture
        }
    }

    /// Keeps `picture` (taking a reference of its own) for `key`, in place of the one before.
    func keep(_ picture: LayerBlur.Picture, for key: Key) {
        cairo_surface_reference(picture.surface)
        let dropped = entry.withLock { kept -> Entry? in
            defer { kept = Entry(key: key, picture: picture) }
            return kept
        }
        if let dropped { cairo_surface_destroy(dropped.picture.surface) }
    }

    /// Lets the kept picture go: for benchmarks that measure a frame drawn from nothing.
    func removeAll() {
        let dropped = entry.withLock { kept -> Entry? in
            defer { kept = nil }
            return kept
        }
        if let dropped { cairo_surface_destroy(dropped.picture.surface) }
    }
}
