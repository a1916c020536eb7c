import Foundation
import Testing
@testable import TransitionCore

/// Keyframes along a path (ABI 1.2's add_keyframe_path; CAKeyframeAnimation.path on a
/// layer's position, its rotationMode and calculationMode), and paced keyframes.
@Suite("Keyframes along a path")
struct PathMotionTests {
    /// Right 100 pt, then down 300 pt: two elements of unequal length.
    let ell = PathMotion([
        PathElement(.moveTo, [Point(x: 0, y: 0)]), PathElement(.lineTo, [Point(x: 100, y: 0)]),
        PathElement(.lineTo, [Point(x: 100, y: 300)]),
    ])
    /// A quarter circle of radius 100 about the origin, from (100, 0) to (0, 100), as one curve.
    let quarter: PathMotion = {
        let k = 100 * 0.552_284_749_831
        return PathMotion([
            PathElement(.moveTo, [Point(x: 100, y: 0)]),
            PathElement(.curveTo, [Point(x: 100, y: k), Point(x: k, y: 100), Point(x: 0, y: 100)]),
        ])
    }()

    func near(_ p: Point, _ x: Double, _ y: Double, _ tolerance: Double = 1e-9) -> Bool {
        abs(p.x - x) <= tolerance && abs(p.y - y) <= tolerance
    }

    @Test("linear mode: each element an equal share of time, however long")
    func linearSharesTimeByElement() {
        #expect(ell.length == 400 && ell.elementCount == 2)
        #expect(near(ell.place(at: 0.25, mode: .linear).point, 50, 0))
        #expect(near(ell.place(at: 0.5, mode: .linear).point, 100, 0))
        #expect(near(ell.place(at: 0.75, mode: .linear).point, 100, 150))
        #expect(near(ell.place(at: 1, mode: .linear).point, 100, 300))
    }

    @Test("paced mode: one speed over the whole length")
    func pacedKeepsOneSpeed() {
        #expect(near(ell.place(at: 0.125, mode: .paced).point, 50, 0))
        #expect(near(ell.place(at: 0.25, mode: .paced).point, 100, 0))
        #expect(near(ell.place(at: 0.5, mode: .paced).point, 100, 100))
        #expect(near(ell.place(at: 1, mode: .paced).point, 100, 300))
    }

    @Test("discrete mode: each element's start held, then the end")
    func discreteHolds() {
        #expect(near(ell.place(at: 0.49, mode: .discrete).point, 0, 0))
        #expect(near(ell.place(at: 0.5, mode: .discrete).point, 100, 0))
        #expect(near(ell.place(at: 0.99, mode: .discrete).point, 100, 0))
        #expect(near(ell.place(at: 1, mode: .discrete).point, 100, 300))
    }

    @Test("a curve is followed along its arc, with the heading of its tangent")
    func curveFollowsItsArc() {
        // Every place lies on the circle, within the curve's own error from it (0.03 %) and the
        // chords' (a thousandth of the radius).
        for step in 0...40 {
            let p = quarter.place(at: Double(step) / 40, mode: .linear).point
            #expect(abs(hypot(p.x, p.y) - 100) < 0.1, "\(p) at \(step)/40")
        }
        // Half way in the curve's parameter: (70.71, 70.71), heading down and left (135°).
        let half = quarter.place(at: 0.5, mode: .linear)
        #expect(near(half.point, 70.710_678, 70.710_678, 1e-4), "\(half.point)")
        #expect(abs(half.angle - 3 * .pi / 4) < 1e-9, "\(half.angle)")
        // It starts heading down (90°) and ends heading left (180°): its tangents, not its chords'.
        #expect(abs(quarter.place(at: 0, mode: .linear).angle - .pi / 2) < 1e-12)
        #expect(abs(quarter.place(at: 1, mode: .linear).angle - .pi) < 1e-12)
    }

    @Test("a move to a new subpath takes no time and no length: the view jumps")
    func movesJump() {
        let two = PathMotion([
            PathElement(.moveTo, [Point(x: 0, y: 0)]), PathElement(.lineTo, [Point(x: 100, y: 0)]),
            PathElement(.moveTo, [Point(x: 200, y: 0)]), PathElement(.lineTo, [Point(x: 300, y: 0)]),
        ])
        #expect(two.length == 200 && two.elementCount == 2)
        #expect(near(two.place(at: 0.499_999, mode: .linear).point, 100, 0, 1e-3))
        #expect(near(two.place(at: 0.5, mode: .linear).point, 200, 0))
        #expect(near(two.place(at: 0.75, mode: .paced).point, 250, 0))
        // Closing draws the line back to the subpath's start.
        let closed = PathMotion([
            PathElement(.moveTo, [Point(x: 0, y: 0)]), PathElement(.lineTo, [Point(x: 100, y: 0)]), PathElement(.close),
        ])
        #expect(closed.elementCount == 2 && closed.length == 200)
        #expect(near(closed.place(at: 0.75, mode: .linear).point, 50, 0) && near(closed.end, 0, 0))
    }

    // MARK: In the engine

    func flight(
        _ motion: PathMotion, rotation: PathRotation, mode: KeyframeMode = .linear, window: (Double, Double)? = nil
    ) -> (scene: Scene, view: View) {
        let scene = Scene(windowSize: Size(width: 400, height: 400), clock: VirtualClock(framesPerSecond: 100))
        let v = scene.makeView(name: "v", frame: Rect(x: 90, y: -10, width: 20, height: 20))
        scene.window.addSubview(v)
        scene.engine.animateKeyframes(AnimationOptions(duration: 1, curve: .linear), mode: mode) { k in
            if let window {
                k.addKeyframe(relativeStart: window.0, relativeDuration: window.1) { k.addPath(motion, to: v, rotation: rotation) }
            } else {
                k.addPath(motion, to: v, rotation: rotation)
            }
        }
        return (scene, v)
    }

    func step(_ scene: Scene, to t: Double) {
        while scene.engine.now < t - 1e-9 { scene.engine.step() }
    }

    @Test("the centre follows the path, turns with it (auto), and ends at its end with its own transform")
    func rotateAuto() {
        let (scene, v) = flight(quarter, rotation: .auto)
        #expect(v.center == Point(x: 0, y: 100), "the model centre is the path's end at once")
        scene.engine.settle()
        #expect(v.presentation.center == Point(x: 100, y: 0), "at the path's start before the first step, not where it was")
        #expect(abs(v.presentation.transform.b - 1) < 1e-12, "already turned down the path")
        step(scene, to: 0.5)
        #expect(near(v.presentation.center, 70.710_678, 70.710_678, 1e-4))
        let t = v.presentation.transform
        #expect(abs(t.a - cos(3 * .pi / 4)) < 1e-9 && abs(t.b - sin(3 * .pi / 4)) < 1e-9 && abs(t.c + sin(3 * .pi / 4)) < 1e-9)
        step(scene, to: 1)
        #expect(v.presentation.center == Point(x: 0, y: 100) && v.presentation.transform == .identity)
        #expect(scene.engine.runningAnimationCount == 0)
    }

    @Test("auto-reverse turns half a turn further; none keeps the transform; a transform of its own is kept under the turn")
    func rotationModes() {
        let (reverse, r) = flight(quarter, rotation: .autoReverse)
        step(reverse, to: 0.5)
        #expect(abs(r.presentation.transform.a - cos(3 * .pi / 4 + .pi)) < 1e-9)
        let (plain, p) = flight(quarter, rotation: .none)
        step(plain, to: 0.5)
        #expect(p.presentation.transform == .identity && near(p.presentation.center, 70.710_678, 70.710_678, 1e-4))

        let scene = Scene(windowSize: Size(width: 400, height: 400), clock: VirtualClock(framesPerSecond: 100))
        let v = scene.makeView(name: "v", frame: Rect(x: 90, y: -10, width: 20, height: 20))
        scene.window.addSubview(v)
        v.transform = .scale(2, 2)
        scene.engine.animateKeyframes(AnimationOptions(duration: 1, curve: .linear), mode: .linear) { k in
            k.addPath(ell, to: v, rotation: .auto)
        }
        step(scene, to: 0.75)
        // Heading down (90°): the scale 2 turned a quarter.
        let t = v.presentation.transform
        #expect(abs(t.a) < 1e-9 && abs(t.b - 2) < 1e-9 && abs(t.c + 2) < 1e-9 && abs(t.d) < 1e-9, "\(t)")
        step(scene, to: 1)
        #expect(v.presentation.transform == .scale(2, 2))
    }

    @Test("inside a keyframe the path runs over that keyframe only; a view off the path's start jumps to it")
    func pathInAKeyframe() {
        let (scene, v) = flight(ell, rotation: .none, window: (0.5, 0.5))
        step(scene, to: 0.25)
        #expect(v.presentation.center == Point(x: 100, y: 0), "held where it was until the keyframe")
        step(scene, to: 0.5)
        #expect(near(v.presentation.center, 0, 0), "at the path's start when the keyframe begins")
        step(scene, to: 0.9)
        #expect(near(v.presentation.center, 100, 180))
        step(scene, to: 1)
        #expect(v.presentation.center == Point(x: 100, y: 300))
    }

    @Test("a paced path in the engine moves at one speed")
    func pacedInTheEngine() {
        let (scene, v) = flight(ell, rotation: .none, mode: .paced)
        step(scene, to: 0.25)
        #expect(near(v.presentation.center, 100, 0))
        step(scene, to: 0.5)
        #expect(near(v.presentation.center, 100, 100))
    }

    @Test("paced keyframes of values: each stretch's time in proportion to how far it goes")
    func pacedValues() {
        let scene = Scene(windowSize: Size(width: 100, height: 100), clock: VirtualClock(framesPerSecond: 1000))
        let v = scene.makeView(name: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        scene.window.addSubview(v)
        scene.engine.animateKeyframes(AnimationOptions(duration: 1, curve: .linear), mode: .paced) { k in
            k.addKeyframe(relativeStart: 0, relativeDuration: 0.5) { v.alpha = 0.2 }
            k.addKeyframe(relativeStart: 0.5, relativeDuration: 0.5) { v.alpha = 0.8 }
        }
        // 0.8 down, then 0.6 up: the turn at 0.8 / 1.4 of the time, not at half.
        step(scene, to: 0.4)
        #expect(abs(v.presentation.alpha - (1 - 0.4 * 1.4)) < 1e-9, "\(v.presentation.alpha)")
        step(scene, to: 0.5)
        #expect(abs(v.presentation.alpha - 0.3) < 1e-9, "\(v.presentation.alpha)")
        step(scene, to: 1)
        #expect(v.presentation.alpha == 0.8)
    }
}
