import CBlur
import Foundation
import Testing
import TransitionCore
@testable import Rendering

/// The blurs the renderer makes: the shadow's exact box blur, a wide shadow made on a smaller
/// mask, and the backdrop and layer blurs (LayerBlur), each measured against the Gaussian it
/// stands for: across a straight edge a Gaussian of deviation σ leaves Φ(−d/σ) of the colour
/// at d from the edge (0.5 at the edge, 0.159 at σ, 0.023 at 2σ).
@Suite("Wide blurs")
struct WideBlurTests {
    /// Φ(−x), the share of a Gaussian beyond x deviations.
    static func beyond(_ x: Double) -> Double { 0.5 * erfc(x / 2.0.squareRoot()) }

    @Test("the shadow's box blur, columns a row at a time, gives the bytes of a column-by-column blur")
    func boxBlurExact() {
        let width = 37, height = 23, stride = 40, half = 3
        var generator = SystemRandomNumberGenerator()
        var pixels = (0..<(stride * height)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var expected = pixels
        // Three passes of a running-sum box, rounding to the nearest level, transparent past the
        // edges: across each row, then down each column.
        func pass(_ values: [Int]) -> [Int] {
            let window = 2 * half + 1
            return values.indices.map { i in
                let sum = (i - half...i + half).reduce(0) { $0 + ($1 >= 0 && $1 < values.count ? values[$1] : 0) }
                return (sum + window / 2) / window
            }
        }
        for y in 0..<height {
            var row = (0..<width).map { Int(expected[y * stride + $0]) }
            for _ in 0..<3 { row = pass(row) }
            for x in 0..<width { expected[y * stride + x] = UInt8(row[x]) }
        }
        for x in 0..<width {
            var column = (0..<height).map { Int(expected[$0 * stride + x]) }
            for _ in 0..<3 { column = pass(column) }
            for y in 0..<height { expected[y * stride + x] = UInt8(column[y]) }
        }
        pixels.withUnsafeMutableBufferPointer { LayerShadow.blur($0.baseAddress!, width: width, height: height, stride: stride, half: half) }
        #expect(pixels == expected)
    }

    /// A backdrop's picture scaled up (CBlur's box_blur_upscale_argb): a transparent pixel
    /// and a white one, each 4 output pixels across, give the bilinear ramp between the two
    /// pixels' centres (output centres at 1/8, 3/8, 5/8 and 7/8 of the way), the edge pixels
    /// continuing past them; and any part painted alone is that part of the whole.
    @Test("a picture scaled up by 4 ramps between its pixels' centres, and a part painted alone is that part of the whole")
    func upscale() {
        let source: [UInt8] = [0, 0, 0, 0, 255, 255, 255, 255]
        func paint(_ x0: Int, _ x1: Int, rows: (Int, Int) = (0, 2)) -> [UInt8] {
            var out = [UInt8](repeating: 7, count: 8 * 4 * 2)
            source.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer { dst in
                    box_blur_upscale_argb(src.baseAddress, 8, 2, 1, 4, 0, 0, 1, dst.baseAddress, 32, Int32(x0), Int32(rows.0), Int32(x1), Int32(rows.1))
                }
            }
            return out
        }
        let whole = paint(0, 8)
        let ramp = (0..<8).map { whole[4 * $0] }
        #expect(ramp == [0, 0, 32, 96, 159, 223, 255, 255], "\(ramp)")
        #expect(Array(whole[32..<64]) == Array(whole[0..<32]), "a picture one pixel high continues down")
        let part = paint(3, 6, rows: (1, 2))
        #expect(Array(part[(32 + 12)..<(32 + 24)]) == Array(whole[(32 + 12)..<(32 + 24)]) && part[32 + 8] == 7 && part[12] == 7,
                "pixels 3 to 5 of the second row, and nothing else")
    }

    /// The darkness (0 white, 1 black) of the pixels right of a black shadow's left edge on white,
    /// at 0, σ and 2σ from it, for a card of `radius` (σ is half of it, in pixels at scale 1).
    func shadowProfile(radius: Double) -> [Double] {
        let scene = Scene(windowSize: Size(width: 600, height: 400), clock: VirtualClock(framesPerSecond: 60))
        scene.window.backgroundColor = .white
        let card = scene.makeView(name: "card", frame: Rect(x: 300, y: 100, width: 250, height: 200))
        card.backgroundColor = .white
        card.shadowOpacity = 1
        card.shadowRadius = radius
        card.shadowOffset = Size(width: 0, height: 0)
        card.shadowColor = .black
        scene.window.addSubview(card)
        let image = SceneRasterizer.render(SceneSnapshot.capture(scene), width: 600, height: 400)
        let sigma = radius / 2
        // Left of the card, outside it, where only the shadow shows: the edge is at x = 300.
        return [0.5, sigma, 2 * sigma].map { d in
            let p = image.rgba(x: Int((300 - d).rounded(.down)), y: 200)
            return 1 - Double(p.green) / 255
        }
    }

    @Test("a shadow falls off as a Gaussian of half its radius: exactly made below 12 px, on a smaller mask above",
          arguments: [16.0, 80.0])
    func shadowFalloff(radius: Double) {
        let profile = shadowProfile(radius: radius)
        // Half a pixel from the edge, a little under one half.
        for (got, want) in zip(profile, [Self.beyond(0.5 / (radius / 2)), Self.beyond(1), Self.beyond(2)]) {
            #expect(abs(got - want) < 0.04, "radius \(radius): \(profile)")
        }
    }

    @Test("a backdrop blur spreads a black and white edge as a Gaussian of its radius, at scale 1 and 3",
          arguments: [(20.0, 1), (20.0, 3), (6.0, 2)])
    func backdropFalloff(radius: Double, scale: Int) throws {
        // Black left of x = 200, white right of it; a view over all of it blurs its backdrop.
        let scene = Scene(windowSize: Size(width: 400, height: 300), clock: VirtualClock(framesPerSecond: 60))
        scene.window.backgroundColor = .white
        let black = scene.makeView(name: "black", frame: Rect(x: 0, y: 0, width: 200, height: 300))
        black.backgroundColor = Color(red: 0, green: 0, blue: 0)
        scene.window.addSubview(black)
        let glass = scene.makeView(name: "glass", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        glass.blur = BlurEffect(kind: .backdrop, radius: radius)
        scene.window.addSubview(glass)
        let image = SceneRasterizer.render(SceneSnapshot.capture(scene), width: 400 * scale, height: 300 * scale)
        // The white side: at d points from the edge it is Φ(−d/σ) black.
        for (d, want) in [(0.0, 0.5), (radius, Self.beyond(1)), (2 * radius, Self.beyond(2))] {
            let x = Int(((200 + d) * Double(scale)).rounded())
            let got = 1 - Double(image.rgba(x: min(x, 400 * scale - 1), y: 150 * scale).green) / 255
            #expect(abs(got - want) < 0.05, "radius \(radius) at scale \(scale), \(d) pt right of the edge: \(got), not \(want)")
        }
    }

    @Test("a layer blur spreads the view's own edge as a Gaussian, fading out past it")
    func layerFalloff() {
        let scene = Scene(windowSize: Size(width: 400, height: 300), clock: VirtualClock(framesPerSecond: 60))
        scene.window.backgroundColor = .white
        let card = scene.makeView(name: "card", frame: Rect(x: 100, y: 50, width: 200, height: 200))
        card.backgroundColor = Color(red: 0, green: 0, blue: 0)
        card.blur = BlurEffect(kind: .layer, radius: 10)
        scene.window.addSubview(card)
        let image = SceneRasterizer.render(SceneSnapshot.capture(scene), width: 400, height: 300)
        // Outside the card's right edge (x = 300) at d: Φ(−d/σ) of black.
        for (d, want) in [(0.5, Self.beyond(0.05)), (10.0, Self.beyond(1)), (20.0, Self.beyond(2))] {
            let got = 1 - Double(image.rgba(x: Int(300 + d), y: 150).green) / 255
            #expect(abs(got - want) < 0.05, "\(d) pt outside: \(got), not \(want)")
        }
        #expect(image.rgba(x: 200, y: 150).green < 5, "the middle, far from every edge, stays black")
    }
}
