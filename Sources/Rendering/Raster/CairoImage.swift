import CCairo

/// An image in memory that Cairo draws on: 32-bit pixels, premultiplied alpha, one native-
/// endian word per pixel (0xAARRGGBB), rows `stride` bytes apart. Owns its Cairo surface.
public final class CairoImage {
    public let width: Int
    public let height: Int
    let surface: OpaquePointer

    public enum Failure: Error, CustomStringConvertible {
        case cairo(String)
        public var description: String {
            switch self { case .cairo(let message): return message }
        }
    }

    /// A new image, every pixel transparent black.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "an image needs a positive size, not \(width)×\(height)")
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        self.width = width
        self.height = height
    }

    private init(adopting surface: OpaquePointer) {
        self.surface = surface
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
    }

    deinit { cairo_surface_destroy(surface) }

    /// Reads a PNG file (any PNG Cairo can read; converted to this layout).
    public static func readPNG(_ path: String) throws -> CairoImage {
        let loaded = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(loaded)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(loaded)
            throw Failure.cairo("cannot read \(path): \(String(cString: cairo_status_to_string(status)))")
        }
        if cairo_image_surface_get_format(loaded) == CAIRO_FORMAT_ARGB32 { return CairoImage(adopting: loaded) }
        // RGB24 and the like: paint onto an ARGB32 image so that pixels() means one thing.
        let image = CairoImage(width: Int(cairo_image_surface_get_width(loaded)), height: Int(cairo_image_surface_get_height(loaded)))
        image.draw { cr in
            cairo_set_source_surface(cr, loaded, 0, 0)
            cairo_paint(cr)
        }
        cairo_surface_destroy(loaded)
        return image
    }

    public func writePNG(_ path: String) throws {
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png(surface, path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw ExportError.cannotWrite(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
    }

    /// Runs `body` with a fresh Cairo context on this image.
    public func draw(_ body: (OpaquePointer) -> Void) {
        let cr = cairo_create(surface)!
        body(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
    }

    public var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// The pixels, row after row (`stride / 4` words per row), for reading.
    public func withPixels<T>(_ body: (UnsafePointer<UInt32>) throws -> T) rethrows -> T {
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        return try data.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * height) { try body(UnsafePointer($0)) }
    }

    /// The pixels, for writing (a picture read back from a window): Cairo is told they changed.
    public func withMutablePixels<T>(_ body: (UnsafeMutablePointer<UInt32>) throws -> T) rethrows -> T {
        cairo_surface_flush(surface)
        defer { cairo_surface_mark_dirty(surface) }
        let data = cairo_image_surface_get_data(surface)!
        return try data.withMemoryRebound(to: UInt32.self, capacity: stride / 4 * height) { try body($0) }
    }

    /// One pixel as straight (not premultiplied) 8-bit red, green, blue and alpha.
    public func rgba(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "(\(x), \(y)) is outside \(width)×\(height)")
        let word = withPixels { $0[y * stride / 4 + x] }
        return Self.unpremultiplied(word)
    }

    static func unpremultiplied(_ word: UInt32) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let a = UInt32(word >> 24)
        func channel(_ shift: UInt32) -> UInt8 {
            let v = (word >> shift) & 0xFF
            if a == 0 { return 0 }
            return UInt8(min(255, (v * 255 + a / 2) / a))
        }
        return (channel(16), channel(8), channel(0), UInt8(a))
    }
}
