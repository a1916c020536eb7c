import Testing
import TransitionCore
@testable import Rendering

/// How the renderer draws a view's picture (LayerContents), pixel by pixel: a gradient's end
/// colours at its ends, cut by the rounded corners as a background is, faded with the view,
/// kept by a snapshot; landscapes made the same from the same seed. At scale 1 on a white
/// window, so that each pixel can be read.
@Suite("Picture rendering")
struct LayerContentsRenderingTests: CardOnWhite {
    /// The card with no background, showing `contents`; `style` sets the rest up.
    func render(_ contents: LayerContents?, _ style: (Scene, View) -> Void = { _, _ in }) -> CairoImage {
        render { scene, card in
            card.backgroundColor = .clear
            card.contents = contents
            style(scene, card)
        }
    }

    @Test("an axial gradient shows its first colour at its start and its last at its end, blended between")
    func axialEnds() {
        let image = render(.gradient(Gradient(colors: [red, blue], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5))))
        expectColor(image, x: 50, y: 100, red, tolerance: 4, "the left edge")
        expectColor(image, x: 149, y: 100, blue, tolerance: 4, "the right edge")
        expectColor(image, x: 100, y: 20, .white, "outside the card")
        let middle = image.rgba(x: 100, y: 100)
        #expect(abs(Int(middle.red) - Int(middle.blue)) < 8 && middle.red > 100, "halfway, half of each: \(middle)")
        // Top to bottom by default, and an angle of 90 runs the same way.
        for g in [Gradient(colors: [red, blue]), .angle(90, stops: Gradient(colors: [red, blue]).stops)] {
            let vertical = render(.gradient(g))
            expectColor(vertical, x: 100, y: 50, red, tolerance: 4, "the top")
            expectColor(vertical, x: 100, y: 149, blue, tolerance: 4, "the bottom")
        }
    }

    @Test("locations hold the end colours outside the stops, as CAGradientLayer pads them")
    func locationsPad() {
        let g = Gradient(stops: [.init(color: red, location: 0.4), .init(color: blue, location: 0.6)],
                         startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 0))
        let image = render(.gradient(g))
        expectColor(image, x: 60, y: 100, red, "before the first stop")
        expectColor(image, x: 85, y: 100, red, tolerance: 4, "still before it")
        expectColor(image, x: 120, y: 100, blue, tolerance: 4, "past the last stop")
    }

    @Test("a radial gradient: its first colour at the centre, its last past the ellipse")
    func radial() {
        let image = render(.gradient(Gradient(kind: .radial, colors: [red, blue])))
        expectColor(image, x: 100, y: 100, red, tolerance: 6, "the centre")
        expectColor(image, x: 52, y: 52, blue, "the corner, outside the ellipse")
        let halfway = image.rgba(x: 125, y: 100)
        #expect(halfway.red > 90 && halfway.blue > 90, "halfway out, half of each: \(halfway)")
    }

    @Test("the picture is cut by the rounded corners, as the background is, and only by the masked ones")
    func clippedByCorners() {
        let gradient = LayerContents.gradient(Gradient(colors: [red, red.withAlpha(1)]))
        let round = render(gradient) { _, card in card.cornerRadius = 30 }
        // (52, 52) is inside the card's box but outside a 30-point rounded corner.
        #expect(isWhite(round.rgba(x: 52, y: 52)) && isWhite(round.rgba(x: 147, y: 147)))
        expectColor(round, x: 100, y: 100, red, "inside")
        let top = render(gradient) { _, card in card.cornerRadius = 30; card.maskedCorners = .top }
        #expect(isWhite(top.rgba(x: 52, y: 52)))
        expectColor(top, x: 52, y: 147, red, "a square bottom corner")
        let landscape = render(.landscape(Landscape(theme: .sea, seed: 1))) { _, card in card.cornerRadius = 30 }
        #expect(isWhite(landscape.rgba(x: 52, y: 52)) && isWhite(landscape.rgba(x: 147, y: 147)), "a landscape too")
    }

    @Test("the picture lies over the background and fades with the view")
    func overBackgroundAndFaded() {
        let half = LayerContents.gradient(Gradient(colors: [red.withAlpha(0.5), red.withAlpha(0.5)]))
        let overBlue = render(half) { _, card in card.backgroundColor = blue }
        let p = overBlue.rgba(x: 100, y: 100)
        #expect(abs(Int(p.red) - 128) < 4 && abs(Int(p.blue) - 127) < 4, "half red over blue: \(p)")
        let faded = render(.gradient(Gradient(colors: [red, red]))) { _, card in card.alpha = 0.5 }
        let q = faded.rgba(x: 100, y: 100)
        #expect(q.red > 250 && abs(Int(q.green) - 128) < 4, "half red over white: \(q)")
    }

    @Test("a snapshot's picture keeps the gradient, scaled with the snapshot's frame")
    func snapshotKeepsIt() {
        let image = render(.gradient(Gradient(colors: [red, blue], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5)))) { scene, card in
            let shot = scene.snapshot(of: card)
            card.isHidden = true
            scene.window.addSubview(shot)
            shot.frame = Rect(x: 0, y: 0, width: 200, height: 200)
        }
        expectColor(image, x: 1, y: 100, red, tolerance: 6, "the snapshot's left edge")
        expectColor(image, x: 198, y: 100, blue, tolerance: 6, "its right edge")
    }

    @Test("a landscape is made the same from the same seed, another from another seed, and every theme draws a picture")
    func landscapes() {
        func pixels(_ image: CairoImage) -> [UInt32] {
            (0..<200).flatMap { y in (0..<200).map { x in
                let p = image.rgba(x: x, y: y)
                return UInt32(p.red) << 16 | UInt32(p.green) << 8 | UInt32(p.blue)
            } }
        }
        for theme in Landscape.Theme.allCases {
            let one = pixels(render(.landscape(Landscape(theme: theme, seed: 1))))
            #expect(one == pixels(render(.landscape(Landscape(theme: theme, seed: 1)))), "\(theme): the same seed, the same picture")
            #expect(one != pixels(render(.landscape(Landscape(theme: theme, seed: 2)))), "\(theme): another seed, another picture")
            // Inside the card: many colours, none of them the white window.
            let inside = (52..<148).flatMap { y in (52..<148).map { x in one[y * 200 + x] } }
            #expect(Set(inside).count > 50 && !inside.contains(0xffffff), "\(theme) draws a picture")
        }
    }

    @Test("the SVG export fills a view with the colour its picture averages to, over its background")
    func svgFill() {
        let scene = Scene(windowSize: Size(width: 10, height: 10), clock: VirtualClock(framesPerSecond: 60))
        let card = scene.makeView(name: "card", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        card.contents = .gradient(Gradient(colors: [.black, .white]))
        scene.window.addSubview(card)
        let layer = SceneSnapshot.capture(scene).layers.first { $0.name == "card" }!
        #expect(AnimatedSVG.hex(AnimatedSVG.fillColor(layer)) == "#808080")
        card.backgroundColor = blue
        card.contents = .gradient(Gradient(colors: [red.withAlpha(0.5), red.withAlpha(0.5)]))
        let mixed = SceneSnapshot.capture(scene).layers.first { $0.name == "card" }!
        #expect(AnimatedSVG.hex(AnimatedSVG.fillColor(mixed)) == "#800080")
    }
}

extension Color {
    func withAlpha(_ alpha: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}
