import Testing
import TransitionCore
@testable import Rendering

/// What the rasteriser draws, checked at points whose colour follows from the scene alone.
@Suite("SceneRasterizer")
struct SceneRasterizerTests {
    let blue = Color(red: 0.20, green: 0.47, blue: 0.96)

    @Test("the home screen: thumbnails in their colours, cells white, the window black where nothing covers it")
    func homeColors() {
        let image = SceneRasterizer.render(posedDemo(), width: 390, height: 844)
        expectColor(image, x: 44, y: 180, blue, "the first thumbnail's centre")
        expectColor(image, x: 44, y: 260, Color(red: 0.96, green: 0.55, blue: 0.18), "the second thumbnail's centre")
        expectColor(image, x: 250, y: 230, .white, "the second cell, right of its text")
        // A thumbnail's rounded corner lets the white cell show through.
        expectColor(image, x: 17, y: 153, .white, "outside the first thumbnail's rounded corner")
    }

    @Test("the device's display corners cut the frame: black outside the rounded corner, the screen inside it; one status bar on top")
    func displayCorners() {
        let image = SceneRasterizer.render(posedDemo(), width: 390, height: 844)
        // A corner radius of 47.33: the corner's outermost pixels are black, a pixel on the
        // diagonal 47.33 · (1 - 1/√2) ≈ 13.9 points in from the corner is just inside.
        for (x, y) in [(1, 1), (388, 1), (1, 842), (388, 842), (8, 8)] {
            expectColor(image, x: x, y: y, .black, "outside the display's corner at (\(x), \(y))")
        }
        expectColor(image, x: 16, y: 16, Color(red: 0.98, green: 0.98, blue: 0.98), "the navigation bar just inside the top-left corner")
        expectColor(image, x: 1, y: 422, .white, "a cell at the left edge's middle")
        // The battery, drawn by the host in the dark tint over the light bar.
        expectColor(image, x: 345, y: 23, Color(red: 0.05, green: 0.05, blue: 0.06), "the status bar's battery")
    }

    @Test("a view's frame, transform and alpha place and fade it; the window shows where it uncovers")
    func placementAndAlpha() {
        let image = SceneRasterizer.render(posedDemo { demo in
            demo.home.view.frame = Rect(x: 195, y: 0, width: 390, height: 844)  // half off to the right
        }, width: 390, height: 844)
        expectColor(image, x: 100, y: 400, .black, "the uncovered window")
        expectColor(image, x: 195 + 44, y: 180, blue, "the moved thumbnail")

        let faded = SceneRasterizer.render(posedDemo { demo in demo.home.view.alpha = 0.5 }, width: 390, height: 844)
        // Over black, half of the blue.
        expectColor(faded, x: 44, y: 180, Color(red: 0.10, green: 0.235, blue: 0.48), "a thumbnail at half alpha over black")
    }

    @Test("a fading screen is faded as a group: its cells do not show the screen's own background through")
    func groupOpacity() {
        let image = SceneRasterizer.render(posedDemo { demo in demo.home.view.alpha = 0.5 }, width: 390, height: 844)
        // A white cell over the grey home background, the whole at 0.5 over black: half white.
        expectColor(image, x: 250, y: 230, Color(red: 0.5, green: 0.5, blue: 0.5), "a cell at half alpha")
    }

    @Test("a border follows the rounded corners inside and out: its inner corners keep what is left of the radius (40 − 10 = 30)")
    func borderInnerCorners() {
        let red = Color(red: 1, green: 0, blue: 0)
        let image = SceneRasterizer.render(posedDemo { demo in
            let card = demo.scene.makeView(name: "bordered", frame: Rect(x: 100, y: 300, width: 120, height: 120))
            card.backgroundColor = .white
            card.cornerRadius = 40
            card.borderWidth = 10
            card.borderColor = red
            demo.home.view.addSubview(card)
        }, width: 390, height: 844)
        // Inside the band: the left edge's middle, and on the corner's diagonal between the
        // outer arc (centre 40, 40; radius 40) and the inner one (centre 40, 40; radius 30).
        expectColor(image, x: 105, y: 360, red, "the left border's middle")
        expectColor(image, x: 100 + 15, y: 300 + 15, red, "the corner's band, 35 pt from the arcs' centre")
        // Inside the inner arc: 28 pt from its centre, so white; an inner corner with the outer
        // radius (centre 50, 50; radius 40) would put this point in the border.
        expectColor(image, x: 100 + 20, y: 300 + 20, .white, "just inside the inner corner")
        expectColor(image, x: 160, y: 360, .white, "the middle")
    }

    @Test("fitting keeps the aspect: a wide picture letterboxes the window at the sides")
    func fitKeepsAspect() {
        let placement = Placement.fit(DemoScene.windowSize, into: 800, 422)
        #expect(placement.scale == 0.5)
        #expect(placement.originX == 302.5)
        #expect(placement.originY == 0)
    }
}
