import CCairo
import Synchronization

/// Canvas-sized ARGB pictures kept between frames for the 3D drawing, so that each frame
/// does not map fresh memory (its page faults cost more than the drawing). A few of each
/// size, shared by every thread that renders.
final class ScratchSurfaces: Sendable {
    static let shared = ScratchSurfaces()
    /// At most this many are kept free; more are destroyed.
    static let kept = 4

    /// A cairo image surface, handed between threads whole: only one holds it at a time.
    private struct Surface: @unchecked Sendable {
        let width: Int, height: Int
        let pointer: OpaquePointer
    }
    private let free = Mutex<[Surface]>([])

    /// A picture of this size, its pixels as the last user left them.
    func take(width: Int, height: Int) -> OpaquePointer {
        let kept: Surface? = free.withLock { f in
            guard let i = f.firstIndex(where: { $0.width == width && $0.height == height }) else { return nil }
            return f.remove(at: i)
        }
        return kept?.pointer ?? cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
    }

    /// Hands a picture back; the oldest kept one goes when too many are.
    func give(_ surface: OpaquePointer) {
        let given = Surface(width: Int(cairo_image_surface_get_width(surface)), height: Int(cairo_image_surface_get_height(surface)),
                            pointer: surface)
        let dropped: Surface? = free.withLock { f in
            f.append(given)
            return f.count > Self.kept ? f.removeFirst() : nil
        }
        if let dropped { cairo_surface_destroy(dropped.pointer) }
    }
}
