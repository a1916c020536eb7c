import Testing
@testable import TransitionCore

/// UIView.transition(from:to:duration:options:): the host's flips and cross dissolve.
@Suite("View transitions (flip and cross dissolve)")
struct ViewTransitionTests {
    /// A 200×100 card `front` in a container, and a `back` not in any superview.
    func makeScene() -> (Scene, container: View, front: View, back: View) {
        let scene = Scene(windowSize: Size(width: 400, height: 800), clock: VirtualClock(framesPerSecond: 60))
        let container = scene.makeView(name: "container", frame: Rect(x: 100, y: 100, width: 200, height: 100))
        let under = scene.makeView(name: "under", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let front = scene.makeView(name: "front", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let over = scene.makeView(name: "over", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let back = scene.makeView(name: "back", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        for v in [under, front, over] { container.addSubview(v) }
        scene.window.addSubview(container)
        return (scene, container, front, back)
    }

    func run(_ engine: AnimationEngine, to time: Double) {
        while engine.now < time - 1e-9 { engine.step() }
    }

    /// The on-screen heights of a view's left and right edges (for a turn about the vertical
    /// axis, the nearer edge is the taller), from its layer in a captured frame.
    func edgeHeights(_ view: View, in scene: Scene) throws -> (left: Double, right: Double) {
        let layer = try #require(SceneSnapshot.capture(scene).layers.first { $0.viewID == view.id })
        let warp = try #require(layer.warp, "no 3D warp on \(view.name)")
        let (w, h) = (layer.size.width, layer.size.height)
        let corners = try [(0.0, 0.0), (0, h), (w, 0), (w, h)].map { try #require(warp.apply(to: Point(x: $0.0, y: $0.1))) }
        return (corners[1].y - corners[0].y, corners[3].y - corners[2].y)
    }

    @Test("a cross dissolve puts the new view just above the old one at once, fades them over each other, then the old one leaves with its alpha back")
    func crossDissolve() throws {
        let (scene, container, front, back) = makeScene()
        var finished: Bool?
        let refusal = scene.transition(from: front, to: back, style: .crossDissolve,
                                       options: AnimationOptions(duration: 0.4, curve: .linear)) { finished = $0 }
        #expect(refusal == nil)
        #expect(container.subviews.map(\.name) == ["under", "front", "back", "over"])
        run(scene.engine, to: 0.2)
        #expect(abs(front.presentation.alpha - 0.5) < 0.05 && abs(back.presentation.alpha - 0.5) < 0.05)
        run(scene.engine, to: 0.5)
        #expect(finished == true)
        #expect(container.subviews.map(\.name) == ["under", "back", "over"])
        #expect(front.superview == nil && front.alpha == 1 && back.alpha == 1)
    }

    @Test("a flip from the left turns the old view edge-on in the first half, left edge nearest, and the new one faces the viewer at the end",
          arguments: [ViewTransitionStyle.flipFromLeft, .flipFromRight])
    func flip(style: ViewTransitionStyle) throws {
        let (scene, container, front, back) = makeScene()
        var finished: Bool?
        _ = scene.transition(from: front, to: back, style: style, options: AnimationOptions(duration: 1, curve: .linear)) { finished = $0 }
        run(scene.engine, to: 0.25)
        let quarter = try edgeHeights(front, in: scene)
        if style == .flipFromLeft {
            #expect(quarter.left > quarter.right + 5, "\(quarter)")
        } else {
            #expect(quarter.right > quarter.left + 5, "\(quarter)")
        }
        // Until the midpoint the new view is edge-on: no area on screen.
        let hidden = try #require(SceneSnapshot.capture(scene).layers.first { $0.viewID == back.id }?.warp)
        let a = try #require(hidden.apply(to: Point(x: 0, y: 50))), b = try #require(hidden.apply(to: Point(x: 200, y: 50)))
        #expect(abs(a.x - b.x) < 1e-6, "the new view shows before the midpoint: \(a) \(b)")
        run(scene.engine, to: 0.75)
        let threeQuarters = try edgeHeights(back, in: scene)
        // The new view continues the turn: the edge that was coming towards the viewer is
        // now the far one and goes back.
        if style == .flipFromLeft {
            #expect(threeQuarters.right > threeQuarters.left + 2, "\(threeQuarters)")
        } else {
            #expect(threeQuarters.left > threeQuarters.right + 2, "\(threeQuarters)")
        }
        run(scene.engine, to: 1.05)
        #expect(finished == true)
        #expect(container.subviews.map(\.name) == ["under", "back", "over"])
        #expect(back.transform3D == .identity && front.transform3D == .identity && front.superview == nil)
        #expect(SceneSnapshot.capture(scene).layers.first { $0.viewID == back.id }?.warp == nil)
    }

    @Test("a flip from the top turns about the horizontal axis, top edge nearest")
    func flipFromTop() throws {
        let (scene, _, front, back) = makeScene()
        _ = scene.transition(from: front, to: back, style: .flipFromTop, options: AnimationOptions(duration: 1, curve: .linear))
        run(scene.engine, to: 0.25)
        let layer = try #require(SceneSnapshot.capture(scene).layers.first { $0.viewID == front.id })
        let warp = try #require(layer.warp)
        let top = try #require(warp.apply(to: Point(x: 200, y: 0))).x - #require(warp.apply(to: Point(x: 0, y: 0))).x
        let bottom = try #require(warp.apply(to: Point(x: 200, y: 100))).x - #require(warp.apply(to: Point(x: 0, y: 100))).x
        #expect(top > bottom + 5, "top \(top), bottom \(bottom)")
    }

    @Test("refused, changing nothing: the old view in no superview, the same view twice, a new view that holds the old one's superview")
    func refusals() throws {
        let (scene, container, front, back) = makeScene()
        let options = AnimationOptions(duration: 0.3)
        #expect(scene.transition(from: back, to: front, style: .crossDissolve, options: options) == .fromHasNoSuperview)
        #expect(scene.transition(from: front, to: front, style: .flipFromLeft, options: options) == .sameView)
        #expect(scene.transition(from: front, to: scene.window, style: .flipFromLeft, options: options) == .toContainsSuperview)
        #expect(container.subviews.map(\.name) == ["under", "front", "over"] && back.superview == nil)
        #expect(scene.window.subviews.count == 1)
    }

    @Test("called inside an animations block, the set-up still happens at once: the new view starts invisible, not fading from full")
    func insideAnimations() throws {
        let (scene, _, front, back) = makeScene()
        scene.engine.animate(AnimationOptions(duration: 1), animations: {
            _ = scene.transition(from: front, to: back, style: .crossDissolve, options: AnimationOptions(duration: 1, curve: .linear))
        })
        scene.engine.step()
        #expect(back.presentation.alpha < 0.1, "\(back.presentation.alpha)")
    }

    @Test("a new view already in the superview below the old one moves just above it")
    func reorder() throws {
        let (scene, container, front, _) = makeScene()
        let under = container.subviews[0]
        _ = scene.transition(from: front, to: under, style: .crossDissolve, options: AnimationOptions(duration: 0.1))
        #expect(container.subviews.map(\.name) == ["front", "under", "over"])
    }
}
