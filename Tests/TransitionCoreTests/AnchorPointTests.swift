import Testing
@testable import TransitionCore

/// CALayer.anchorPoint (ABI 1.2): the point of the bounds that sits at the centre (the
/// position) and about which the transforms turn and scale. The frame follows it, conversions
/// follow it, and the snapshot the renderer draws places and warps the view about it.
@Suite("The anchor point")
struct AnchorPointTests {
    func scene() -> Scene { Scene(windowSize: Size(width: 390, height: 844), clock: VirtualClock(framesPerSecond: 60)) }

    @Test("moving the anchor keeps the centre and moves the frame; setting the frame places the anchor point")
    func frameFollows() {
        var look = ViewAppearance(frame: Rect(x: 100, y: 200, width: 300, height: 400))
        #expect(look.center == Point(x: 250, y: 400))
        look.anchorPoint = Point(x: 0, y: 0.5)
        #expect(look.center == Point(x: 250, y: 400))
        #expect(look.frame == Rect(x: 250, y: 200, width: 300, height: 400))
        look.frame = Rect(x: 100, y: 200, width: 300, height: 400)
        #expect(look.center == Point(x: 100, y: 400), "the anchor point, the left edge's middle, lies at the centre")
        look.transform = AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 0)
        #expect(look.frame == Rect(x: 100, y: 300, width: 150, height: 200), "halved about the left edge's middle")
    }

    @Test("a view halved about its top left corner: placed there in the snapshot, and converted there")
    func placedAndConverted() throws {
        let scene = scene()
        let card = scene.makeView(name: "card", frame: Rect(x: 40, y: 60, width: 200, height: 100))
        scene.window.addSubview(card)
        card.anchorPoint = Point(x: 0, y: 0)
        card.frame = Rect(x: 40, y: 60, width: 200, height: 100)
        card.transform = AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 0, ty: 0)
        let layer = try #require(SceneSnapshot.capture(scene).layers.first { $0.name == "card" })
        #expect(layer.transform == AffineTransform(a: 0.5, b: 0, c: 0, d: 0.5, tx: 40, ty: 60))
        #expect(card.convert(Rect(x: 0, y: 0, width: 200, height: 100), to: scene.window) == Rect(x: 40, y: 60, width: 100, height: 50))
        #expect(scene.window.convert(Rect(x: 40, y: 60, width: 100, height: 50), to: card) == Rect(x: 0, y: 0, width: 200, height: 100))
    }

    @Test("a door hinged at its left edge turns about that edge: the edge stays, the far edge moves in")
    func hinge() throws {
        let scene = scene()
        let door = scene.makeView(name: "door", frame: Rect(x: 45, y: 200, width: 300, height: 400))
        door.backgroundColor = .white
        scene.window.addSubview(door)
        door.anchorPoint = Point(x: 0, y: 0.5)
        door.frame = Rect(x: 45, y: 200, width: 300, height: 400)
        door.transform3D = Transform3D.rotation(60 * .pi / 180, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 800))
        let layer = try #require(SceneSnapshot.capture(scene).layers.first { $0.name == "door" })
        let warp = try #require(layer.warp)
        for y in [200.0, 400, 600] {
            let hinge = try #require(warp.apply(to: Point(x: 45, y: y)))
            #expect(abs(hinge.x - 45) < 1e-9 && abs(hinge.y - y) < 1e-9, "\(hinge)")
        }
        let far = try #require(warp.apply(to: Point(x: 345, y: 400)))
        #expect(far.x > 45 && far.x < 345 - 100, "turned 60° the far edge comes in: \(far)")
    }
}
