import CGif
import Testing

/// A GIF read back with giflib's decoder, independently of how it was written: its size, its
/// frames' delays, whether it loops, and each frame composited as a viewer shows it.
struct DecodedGIF {
    let width: Int
    let height: Int
    /// Hundredths of a second per frame.
    let delays: [Int]
    let loops: Bool
    /// Per frame, the picture shown: 0xRRGGBB per pixel, row after row.
    let frames: [[UInt32]]

    init(path: String) throws {
        var error: Int32 = 0
        let file = try #require(DGifOpenFileName(path, &error), "giflib cannot open \(path): error \(error)")
        defer { DGifCloseFile(file, &error) }
        try #require(DGifSlurp(file) == GIF_OK, "giflib cannot read \(path): error \(file.pointee.Error)")
        let gif = file.pointee
        width = Int(gif.SWidth)
        height = Int(gif.SHeight)
        var delays: [Int] = []
        var frames: [[UInt32]] = []
        var canvas = [UInt32](repeating: 0, count: width * height)
        var loops = false
        for i in 0..<Int(gif.ImageCount) {
            let image = gif.SavedImages[i]
            var control = GraphicsControlBlock()
            if DGifSavedExtensionToGCB(file, Int32(i), &control) == GIF_OK { delays.append(Int(control.DelayTime)) }
            for e in 0..<Int(image.ExtensionBlockCount) {
                let block = image.ExtensionBlocks[e]
                if block.Function == APPLICATION_EXT_FUNC_CODE, block.ByteCount == 11,
                   String(decoding: UnsafeBufferPointer(start: block.Bytes, count: 11), as: UTF8.self) == "NETSCAPE2.0" {
                    loops = true
                }
            }
            let d = image.ImageDesc
            let map = try #require(d.ColorMap ?? gif.SColorMap, "frame \(i) has no colour map")
            for y in 0..<Int(d.Height) {
                for x in 0..<Int(d.Width) {
                    let c = map.pointee.Colors[Int(image.RasterBits[y * Int(d.Width) + x])]
                    canvas[(Int(d.Top) + y) * width + Int(d.Left) + x] = UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue)
                }
            }
            frames.append(canvas)
        }
        self.delays = delays
        self.frames = frames
        self.loops = loops
    }

    func pixel(frame: Int, x: Int, y: Int) -> (red: Int, green: Int, blue: Int) {
        let p = frames[frame][y * width + x]
        return (Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF))
    }
}
