import Foundation
import Testing
import TransitionCore
@testable import Rendering

/// CALayer.cornerCurve = .continuous (ABI 1.2): pixels read where a continuous corner and a
/// quarter circle part. A 180-point red card at (10, 10) on white, radius 58: 0.9 radii back
/// from the top-right corner along the top edge (the pixel at x 137), the quarter circle has
/// dropped 0.29 pt below the edge, so the edge's pixel is three quarters red; the continuous
/// curve, which began bending 1.53 radii from the corner, more than a whole point, so it is
/// white.
@Suite("Continuous corners")
struct ContinuousCornerTests: CardOnWhite {
    func render(radius: Double, curve: CornerCurve) -> CairoImage {
        let scene = Scene(windowSize: Size(width: 200, height: 200), clock: VirtualClock(framesPerSecond: 60))
        scene.window.backgroundColor = .white
        let card = scene.makeView(name: "card", frame: Rect(x: 10, y: 10, width: 180, height: 180))
        card.backgroundColor = red
        card.cornerRadius = radius
        card.cornerCurve = curve
        scene.window.addSubview(card)
        return SceneRasterizer.render(SceneSnapshot.capture(scene), width: 200, height: 200)
    }

    @Test("0.9 radii from the corner the continuous curve has left the edge's row of pixels; the quarter circle covers three quarters of it")
    func leavesTheEdgeEarlier() {
        let circular = render(radius: 58, curve: .circular), continuous = render(radius: 58, curve: .continuous)
        let row = circular.rgba(x: 137, y: 10), soft = continuous.rgba(x: 137, y: 10)
        #expect(row.green > 40 && row.green < 100, "the quarter circle covers about 0.7 of it: \(row)")
        #expect(soft.green > 250, "the continuous curve leaves it white: \(soft)")
        // Away from the corners the two are the same card.
        for (x, y) in [(100, 10), (100, 189), (10, 100), (189, 100), (100, 100)] {
            #expect(isRed(continuous.rgba(x: x, y: y)) && isRed(circular.rgba(x: x, y: y)), "(\(x), \(y))")
        }
        // Every corner bends the same way (the curve is symmetric about each corner's diagonal).
        for (x, y) in [(137, 10), (62, 10), (137, 189), (62, 189), (10, 137), (10, 62), (189, 137), (189, 62)] {
            #expect(continuous.rgba(x: x, y: y).green > 250, "(\(x), \(y)): \(continuous.rgba(x: x, y: y))")
            #expect(circular.rgba(x: x, y: y).green < 100, "(\(x), \(y)): \(circular.rgba(x: x, y: y))")
        }
    }

    @Test("a radius past what 1.53 radii of each side allow is drawn as the largest that fits (58.9 for 180 points)")
    func clamped() {
        let big = render(radius: 90, curve: .continuous), fitting = render(radius: 180 / 2 / ContinuousCorner.reach, curve: .continuous)
        var largest = 0
        for y in 0..<200 {
            for x in 0..<200 {
                let a = big.rgba(x: x, y: y), b = fitting.rgba(x: x, y: y)
                largest = max(largest, abs(Int(a.green) - Int(b.green)))
            }
        }
        #expect(largest == 0)
        #expect(isRed(big.rgba(x: 100, y: 11)), "the edge's middle stays straight")
    }
}

