import Foundation
import Testing
@testable import TransitionCore

/// 3D transforms (CATransform3D) and how they come apart for animation.
@Suite("3D transforms")
struct Transform3DTests {
    func close(_ a: Transform3D, _ b: Transform3D, _ tolerance: Double = 1e-9) -> Bool {
        zip(a.values, b.values).allSatisfy { abs($0 - $1) <= tolerance }
    }

    static let samples: [Transform3D] = [
        .identity,
        .rotation(.pi / 5, x: 0, y: 1, z: 0),
        .perspective(distance: 500).concatenating(.identity),
        Transform3D.rotation(.pi / 3, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 500)),
        Transform3D.scale(0.5, 2, 1).concatenating(.rotation(1.1, x: 1, y: 0.3, z: 0.2)).concatenating(.translation(10, -20, 30)),
        Transform3D.rotation(.pi, x: 0, y: 1, z: 0),
        Transform3D.scale(-1, 1, 1),
        hinge(.pi / 3),
        Transform3D.translation(0, 0, 195).concatenating(.rotation(1.2, x: 1, y: 0, z: 0))
            .concatenating(.translation(0, 0, -195)).concatenating(.perspective(distance: 800)),
    ]

    /// A door hinged at x = 195 written into the matrix, as a plugin without an anchor point
    /// writes it: translate · rotate about y · translate back · perspective. Its m44 is not 1.
    static func hinge(_ angle: Double) -> Transform3D {
        Transform3D.translation(-195, 0, 0).concatenating(.rotation(angle, x: 0, y: 1, z: 0))
            .concatenating(.translation(195, 0, 0)).concatenating(.perspective(distance: 500))
    }

    /// `card`'s presented 3D transform `time` seconds into a linear one-second animation of it
    /// from `from` to `to`.
    func animated(from: Transform3D, to: Transform3D, at time: Double) -> Transform3D {
        let scene = Scene(windowSize: Size(width: 400, height: 800), clock: VirtualClock(framesPerSecond: 60))
        let card = scene.makeView(name: "card", frame: Rect(x: 0, y: 0, width: 390, height: 800))
        scene.window.addSubview(card)
        card.transform3D = from
        scene.engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: { card.transform3D = to })
        scene.engine.settle()
        while scene.engine.now < time - 1e-9 { scene.engine.step() }
        return card.presentation.transform3D
    }

    @Test("taking a transform apart and putting it back gives the same matrix", arguments: samples.indices)
    func roundTrip(index: Int) throws {
        let t = Self.samples[index]
        let parts = try #require(Transform3DParts(t))
        #expect(close(parts.matrix, t), "\(t.values) came back as \(parts.matrix.values)")
    }

    @Test("a rotation about z is the 2D rotation CGAffineTransform makes")
    func zRotationIsTheAffineOne() {
        let t = Transform3D.rotation(0.4, x: 0, y: 0, z: 1)
        let h = t.planeHomography
        let p = h.apply(to: Point(x: 10, y: 0))!
        #expect(abs(p.x - 10 * cos(0.4)) < 1e-12 && abs(p.y - 10 * sin(0.4)) < 1e-12)
    }

    @Test("with perspective, the edge turning away is drawn smaller than the one turning near")
    func perspective() {
        let t = Transform3D.rotation(.pi / 4, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 400))
        let h = t.planeHomography
        let left = (h.apply(to: Point(x: -100, y: -50))!, h.apply(to: Point(x: -100, y: 50))!)
        let right = (h.apply(to: Point(x: 100, y: -50))!, h.apply(to: Point(x: 100, y: 50))!)
        let leftHeight = left.1.y - left.0.y, rightHeight = right.1.y - right.0.y
        #expect(abs(leftHeight - rightHeight) > 5, "\(leftHeight) against \(rightHeight)")
    }

    @Test("a homography and its inverse undo each other")
    func inverse() throws {
        let h = Transform3D.rotation(0.7, x: 0.2, y: 1, z: 0).concatenating(.perspective(distance: 300)).planeHomography
        let back = try #require(h.inverse)
        let p = Point(x: 37, y: -12)
        let forward = try #require(h.apply(to: p))
        let q = try #require(back.apply(to: forward))
        #expect(abs(q.x - p.x) < 1e-9 && abs(q.y - p.y) < 1e-9)
    }

    @Test("a collapsed transform (scale 0) still comes apart, so a view can animate to it")
    func collapsed() throws {
        let parts = try #require(Transform3DParts(.scale(0, 0, 1)))
        #expect(parts.scale[0] == 0 && parts.scale[1] == 0)
        #expect(close(parts.matrix, .scale(0, 0, 1)))
    }

    @Test("animated, a half turn goes through the quarter turn halfway, along the shorter arc, and ends exactly where set")
    func animatesByParts() {
        let scene = Scene(windowSize: Size(width: 400, height: 800), clock: VirtualClock(framesPerSecond: 60))
        let card = scene.makeView(name: "card", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.window.addSubview(card)
        let turned = Transform3D.rotation(.pi, x: 0, y: 1, z: 0)
        scene.engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: { card.transform3D = turned })
        #expect(card.transform3D == turned)
        scene.engine.settle()
        while scene.engine.now < 0.5 - 1e-9 { scene.engine.step() }
        let halfway = card.presentation.transform3D
        #expect(close(halfway, .rotation(.pi / 2, x: 0, y: 1, z: 0), 1e-6) || close(halfway, .rotation(-.pi / 2, x: 0, y: 1, z: 0), 1e-6),
                "\(halfway.values)")
        while !scene.engine.isIdle { scene.engine.step() }
        #expect(card.presentation.transform3D == turned)
    }

    @Test("a hinge written into the matrix comes apart with no scale: the perspective's w takes m44, not the scale")
    func hingeHasNoScale() throws {
        let parts = try #require(Transform3DParts(Self.hinge(.pi / 3)))
        for axis in 0..<3 { #expect(abs(parts.scale[axis] - 1) < 1e-12, "scale \(parts.scale)") }
        #expect(abs(parts.perspective[3] - 1) < 1e-12, "perspective \(parts.perspective)")
        #expect(abs(parts.perspective[2] + 1.0 / 500) < 1e-12, "perspective \(parts.perspective)")
    }

    @Test("animating to a hinge turns about y and never scales y: m22 is exactly 1 all the way", arguments: [0.25, 0.5, 0.75])
    func hingeAnimationKeepsHeight(time: Double) {
        let shown = animated(from: .identity, to: Self.hinge(.pi / 3), at: time)
        #expect(abs(shown.m[1][1] - 1) < 1e-9, "m22 \(shown.m[1][1]) at \(time)")
        #expect(abs(shown.m[0][1]) < 1e-9 && abs(shown.m[2][1]) < 1e-9 && abs(shown.m[3][1]) < 1e-9, "\(shown.values)")
        // Halfway, the parts are halfway: the translation half the hinge's, the turn 30 degrees.
        if time == 0.5 {
            let parts = Transform3DParts(Self.hinge(.pi / 3))!
            let half = Transform3DParts(shown)!
            for axis in 0..<3 { #expect(abs(half.translation[axis] - parts.translation[axis] / 2) < 1e-9, "\(half.translation)") }
            #expect(abs(half.perspective[2] - parts.perspective[2] / 2) < 1e-12)
            let angle = 2 * atan2(abs(half.quaternion[1]), half.quaternion[3])
            #expect(abs(angle - .pi / 6) < 1e-9, "turned \(angle)")
        }
    }

    @Test("with a linear curve the present at t is the dismissal at 1 - t, for a hinge", arguments: [0.25, 0.5, 0.75])
    func hingeMirrors(time: Double) {
        let hinge = Self.hinge(.pi / 3)
        let there = animated(from: .identity, to: hinge, at: time)
        let back = animated(from: hinge, to: .identity, at: 1 - time)
        #expect(close(there, back, 1e-9), "\(there.values) against \(back.values)")
    }
}
