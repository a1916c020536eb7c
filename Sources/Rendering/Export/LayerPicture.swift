import CCairo
import LibC
import TransitionCore

/// What a view draws of its own besides its background, border and shadow (its picture,
/// CALayer.contents, and its label's text), as the renderer draws them, for outputs that
/// draw the rest themselves (the web page): a PNG of the view's bounds at some pixels per
/// point, transparent where it draws nothing.
struct LayerPicture {
    let contents: LayerContents?
    let text: ViewText?
    let size: Size

    /// What is drawn, whatever the size.
    struct Key: Hashable {
        let contents: LayerContents?
        let text: ViewText?
    }

    var key: Key { Key(contents: contents, text: text) }

    /// The picture of `layer`, or nil when it draws nothing of its own beyond its background.
    init?(_ layer: SceneSnapshot.Layer) {
        let text = layer.text.flatMap { $0.string.isEmpty ? nil : $0 }
        guard layer.contents != nil || text != nil, layer.size.width > 0, layer.size.height > 0 else { return nil }
        (contents, self.text, size) = (layer.contents, text, layer.size)
    }

    /// The PNG's bytes at `scale` pixels per point.
    func png(scale: Double) throws -> [UInt8] {
        let image = CairoImage(width: max(1, Int((size.width * scale).rounded(.up))), height: max(1, Int((size.height * scale).rounded(.up))))
        image.draw { cr in
            SceneRasterizer.configureText(cr)
            cairo_scale(cr, scale, scale)
            if let contents {
                LayerContentsDrawing.draw(contents, width: size.width, height: size.height, opacity: 1, on: cr)
            }
            if let text {
                SceneRasterizer.draw(text, in: size, on: cr, opacity: 1)
            }
        }
        return try image.pngBytes()
    }
}

extension CairoImage {
    /// The image as a PNG file's bytes.
    func pngBytes() throws -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        cairo_surface_flush(surface)
        let status = cairo_surface_write_to_png_stream(surface, { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes += UnsafeBufferPointer(start: data, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw ExportError.cannotWrite(path: "a picture", reason: String(cString: cairo_status_to_string(status)))
        }
        return sink.bytes
    }
}

/// Base64 (RFC 4648, with padding), for pictures inside a page's data: URLs.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var i = 0
        while i + 2 < bytes.count {
            let n = UInt32(bytes[i]) << 16 | UInt32(bytes[i + 1]) << 8 | UInt32(bytes[i + 2])
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)], alphabet[Int(n >> 6 & 63)], alphabet[Int(n & 63)]]
            i += 3
        }
        let left = bytes.count - i
        if left > 0 {
            let n = UInt32(bytes[i]) << 16 | (left == 2 ? UInt32(bytes[i + 1]) << 8 : 0)
            out += [alphabet[Int(n >> 18 & 63)], alphabet[Int(n >> 12 & 63)]]
            out += left == 2 ? [alphabet[Int(n >> 6 & 63)], UInt8(ascii: "=")] : [UInt8(ascii: "="), UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
