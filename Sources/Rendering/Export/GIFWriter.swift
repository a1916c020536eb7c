import LibC
import CGif

/// Writes an animated GIF with giflib, one frame at a time: each frame quantised to its own
/// 256-colour palette (giflib's median cut), only the rectangle that changed since the last
/// frame stored, looping forever.
final class GIFWriter {
    let path: String
    let width: Int
    let height: Int
    private var file: UnsafeMutablePointer<GifFileType>?
    /// The last frame's pixels, to find what changed.
    private var previous: [UInt32] = []

    init(path: String, width: Int, height: Int) throws {
        self.path = path
        self.width = width
        self.height = height
        // Opened here rather than by giflib, which would make the file readable by its owner only.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw ExportError.cannotWrite(path: path, reason: String(cString: strerror(errno))) }
        var error: Int32 = 0
        guard let file = EGifOpenFileHandle(descriptor, &error) else {
            close(descriptor)
            throw Self.failure(path, error)
        }
        self.file = file
        EGifSetGifVersion(file, true)
        try check(EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, nil))
        // NETSCAPE2.0 application extension: loop count 0, forever.
        try check(EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE))
        var application = Array("NETSCAPE2.0".utf8)
        try check(EGifPutExtensionBlock(file, 11, &application))
        var loop: [UInt8] = [1, 0, 0]
        try check(EGifPutExtensionBlock(file, 3, &loop))
        try check(EGifPutExtensionTrailer(file))
    }

    deinit {
        if let file {
            var error: Int32 = 0
            EGifCloseFile(file, &error)
        }
    }

    /// Adds `image` (of the GIF's size), shown for `delay` hundredths of a second.
    func add(_ image: CairoImage, delay: Int) throws {
        precondition(image.width == width && image.height == height, "every GIF frame has the GIF's size")
        guard let file else { throw ExportError.cannotWrite(path: path, reason: "the GIF is already finished") }
        var control = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay), TransparentColor: NO_TRANSPARENT_COLOR)
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, 4, &extensionBytes))

        let pixels = image.withPixels { Array(UnsafeBufferPointer(start: $0, count: image.stride / 4 * height)) }
        let wordsPerRow = image.stride / 4
        if let box = changedRectangle(pixels, wordsPerRow: wordsPerRow) {
            try putQuantised(pixels, wordsPerRow: wordsPerRow, box: box)
        } else {
            // Nothing moved: one pixel, unchanged, keeps the frame and its delay.
            try putSinglePixel(pixels[0])
        }
        previous = pixels
    }

    func finish() throws {
        guard let file else { return }
        self.file = nil
        var error: Int32 = 0
        guard EGifCloseFile(file, &error) == GIF_OK else { throw Self.failure(path, error) }
    }

    // MARK: Frames

    private struct Box { var minX, minY, maxX, maxY: Int }

    /// The smallest rectangle holding every pixel that differs from the previous frame; the
    /// whole frame for the first; nil when nothing changed.
    private func changedRectangle(_ pixels: [UInt32], wordsPerRow: Int) -> Box? {
        guard previous.count == pixels.count else { return Box(minX: 0, minY: 0, maxX: width - 1, maxY: height - 1) }
        var box: Box?
        for y in 0..<height {
            let row = y * wordsPerRow
            var x = 0
            while x < width {
                if pixels[row + x] != previous[row + x] {
                    if box == nil { box = Box(minX: x, minY: y, maxX: x, maxY: y) }
                    box!.minX = min(box!.minX, x)
                    box!.maxY = y
                    // Only the rightmost change in this row matters now.
                    var right = width - 1
                    while right > x && pixels[row + right] == previous[row + right] { right -= 1 }
                    box!.maxX = max(box!.maxX, right)
                    break
                }
                x += 1
            }
        }
        return box
    }

    private func putQuantised(_ pixels: [UInt32], wordsPerRow: Int, box: Box) throws {
        let w = box.maxX - box.minX + 1, h = box.maxY - box.minY + 1
        var red = [GifByteType](repeating: 0, count: w * h)
        var green = red, blue = red, indices = red
        var i = 0
        for y in box.minY...box.maxY {
            let row = y * wordsPerRow
            for x in box.minX...box.maxX {
                // Frames are opaque, so premultiplied equals straight colour.
                let p = pixels[row + x]
                red[i] = GifByteType(truncatingIfNeeded: p >> 16)
                green[i] = GifByteType(truncatingIfNeeded: p >> 8)
                blue[i] = GifByteType(truncatingIfNeeded: p)
                i += 1
            }
        }
        var colors = [GifColorType](repeating: GifColorType(), count: 256)
        var count: Int32 = 256
        guard GifQuantizeBuffer(UInt32(w), UInt32(h), &count, &red, &green, &blue, &indices, &colors) == GIF_OK else {
            throw ExportError.cannotWrite(path: path, reason: "giflib could not reduce a frame to 256 colours")
        }
        try putImage(left: box.minX, top: box.minY, width: w, height: h, colors: colors, indices: &indices)
    }

    private func putSinglePixel(_ pixel: UInt32) throws {
        let color = GifColorType(Red: GifByteType(truncatingIfNeeded: pixel >> 16),
                                 Green: GifByteType(truncatingIfNeeded: pixel >> 8), Blue: GifByteType(truncatingIfNeeded: pixel))
        var indices: [GifByteType] = [0]
        try putImage(left: 0, top: 0, width: 1, height: 1, colors: [color, color], indices: &indices)
    }

    private func putImage(left: Int, top: Int, width w: Int, height h: Int, colors: [GifColorType], indices: inout [GifByteType]) throws {
        guard let file else { return }
        let map = GifMakeMapObject(Int32(colors.count), colors)
        defer { GifFreeMapObject(map) }
        try check(EGifPutImageDesc(file, Int32(left), Int32(top), Int32(w), Int32(h), false, map))
        try check(EGifPutLine(file, &indices, Int32(w * h)))
    }

    private func check(_ result: Int32) throws {
        guard result == GIF_OK else { throw Self.failure(path, file?.pointee.Error ?? 0) }
    }

    private static func failure(_ path: String, _ code: Int32) -> ExportError {
        let reason = GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
        return .cannotWrite(path: path, reason: reason)
    }
}
