import CResample
import Testing

/// The per-pixel loop of 3D-transformed views (CResample): what it must do exactly, whatever
/// the speed-ups inside it (SSE2 or AVX2 four or eight pixels at a time, the plain-C loop for
/// pictures too large for them).
@Suite("Projective resampling")
struct ProjectiveResampleTests {
    /// A `width` × `height` picture of premultiplied pixels, different everywhere.
    func picture(_ width: Int, _ height: Int) -> [UInt32] {
        (0..<(width * height)).map { i in
            let alpha = UInt32(128 + i % 128), c = UInt32(i * 37 % Int(alpha + 1))
            return alpha << 24 | c << 16 | (alpha - c) << 8 | UInt32(i % Int(alpha + 1))
        }
    }

    func resample(_ source: [UInt32], _ width: Int, _ height: Int, into outWidth: Int, _ outHeight: Int,
                  origin: (Int, Int) = (0, 0), matrix: [Double]) -> [UInt32] {
        var out = [UInt32](repeating: 0xDEADBEEF, count: outWidth * outHeight)
        source.withUnsafeBufferPointer { s in
            out.withUnsafeMutableBufferPointer { o in
                projective_resample(s.baseAddress, Int32(width), Int32(height), Int32(width), o.baseAddress, Int32(outWidth),
                                    0, Int32(outHeight), Int32(outWidth), Int32(origin.0), Int32(origin.1), matrix)
            }
        }
        return out
    }

    @Test("the identity map copies every pixel exactly, and leaves the canvas past the picture clear")
    func identity() {
        let source = picture(70, 40)
        let out = resample(source, 70, 40, into: 72, 41, matrix: [1, 0, 0, 0, 1, 0, 0, 0, 1])
        for y in 0..<40 { #expect(Array(out[(y * 72)..<(y * 72 + 70)]) == Array(source[(y * 70)..<(y * 70 + 70)]), "row \(y)") }
        // Beyond the last column and row the blend reaches only half a pixel in, then nothing.
        #expect(out[71] == 0 && out[40 * 72 + 5] == 0)
    }

    @Test("a shift by half a pixel gives each pair of neighbours' average, rounded, in every channel")
    func halfPixel() {
        let source = picture(40, 3)
        let out = resample(source, 40, 3, into: 40, 3, matrix: [1, 0, 0, 0, 1, 0, 0.5, 0, 1])
        for x in 0..<39 {
            let a = source[40 + x], b = source[40 + x + 1]
            let expected = (0..<4).reduce(UInt32(0)) { r, k in
                let shift = UInt32(k * 8)
                return r | (((a >> shift & 0xFF) * 128 + (b >> shift & 0xFF) * 128 + 128) >> 8) << shift
            }
            #expect(out[40 + x] == expected, "pixel \(x)")
        }
    }

    @Test("in perspective, every pixel is near the map computed exactly at its own centre (single-precision positions, weights in 1/256ths); behind the eye, clear")
    func perspective() {
        let (width, height) = (120, 90)
        let source = picture(width, height)
        // A turn about the vertical axis with perspective, read backwards: w falls to 0 at x = 250.
        let m = [1.0, 0.0, -0.004, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0]
        let out = resample(source, width, height, into: 300, 90, matrix: m)
        func exact(_ column: Int, _ row: Int) -> UInt32? {
            let x = Double(column) + 0.5, y = Double(row) + 0.5, w = m[2] * x + m[5] * y + m[8]
            guard w > 0 else { return nil }
            let sx = (m[0] * x + m[3] * y + m[6]) / w - 0.5, sy = (m[1] * x + m[4] * y + m[7]) / w - 0.5
            let i = Int(sx.rounded(.down)), j = Int(sy.rounded(.down))
            guard i >= 0, j >= 0, i + 1 < width, j + 1 < height else { return nil }
            let fx = sx - Double(i), fy = sy - Double(j)
            return (0..<4).reduce(UInt32(0)) { r, k in
                let shift = UInt32(k * 8)
                func c(_ p: UInt32) -> Double { Double(p >> shift & 0xFF) }
                let v = c(source[j * width + i]) * (1 - fx) * (1 - fy) + c(source[j * width + i + 1]) * fx * (1 - fy)
                    + c(source[(j + 1) * width + i]) * (1 - fx) * fy + c(source[(j + 1) * width + i + 1]) * fx * fy
                return r | UInt32(v.rounded()) << shift
            }
        }
        var compared = 0, total = 0, worst = 0
        for row in 0..<90 {
            for column in 0..<300 {
                let got = out[row * 300 + column]
                if column >= 250 { #expect(got == 0, "behind the eye at \(column)"); continue }
                guard let want = exact(column, row) else { continue }
                for k in 0..<4 {
                    let d = abs(Int(got >> UInt32(k * 8) & 0xFF) - Int(want >> UInt32(k * 8) & 0xFF))
                    total += d
                    worst = max(worst, d)
                }
                compared += 1
            }
        }
        #expect(compared > 5000)
        // This picture changes by up to 255 from one pixel to the next: the positions' 1/256ths
        // of a pixel (truncated) and the weights' rounding are up to 2 levels there, the
        // single-precision division a fraction of one more.
        #expect(worst <= 3, "at worst \(worst) levels off")
        #expect(Double(total) / Double(compared * 4) < 0.5, "on average \(Double(total) / Double(compared * 4)) levels off")
    }

    @Test("a picture too wide for the SIMD loops' 16-bit offsets takes the plain-C loop, which draws within a level of them")
    func plainLoopAgrees() {
        let (width, height) = (120, 90), wide = 32800
        let source = picture(width, height)
        // The same pixels at the left of a picture 32800 pixels wide, clear past them.
        var wideSource = [UInt32](repeating: 0, count: wide * height)
        for y in 0..<height { for x in 0..<width { wideSource[y * wide + x] = source[y * width + x] } }
        let m = [0.9, 0.05, -0.003, -0.04, 1.1, 0.0002, 3.3, -2.1, 1.0]
        func run(_ s: [UInt32], _ w: Int) -> [UInt32] {
            var out = [UInt32](repeating: 0xDEADBEEF, count: 160 * 100)
            s.withUnsafeBufferPointer { sp in
                out.withUnsafeMutableBufferPointer { o in
                    projective_resample(sp.baseAddress, Int32(w), Int32(height), Int32(w), o.baseAddress, 160, 0, 100, 160, 0, 0, m)
                }
            }
            return out
        }
        let simd = run(source, width), plain = run(wideSource, wide)
        var worst = 0, drawn = 0
        for (a, b) in zip(simd, plain) {
            if a != 0 { drawn += 1 }
            for k in 0..<4 { worst = max(worst, abs(Int(a >> UInt32(k * 8) & 0xFF) - Int(b >> UInt32(k * 8) & 0xFF))) }
        }
        #expect(drawn > 5000)
        #expect(worst <= 1, "at worst \(worst) levels apart")
    }
}
