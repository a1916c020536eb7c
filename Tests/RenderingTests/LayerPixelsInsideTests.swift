import Foundation
import Testing
import TransitionCore
@testable import Rendering

/// Pixels read just inside and just outside each shape the renderer draws, at positions worked
/// out here from the geometry (not read back from the renderer): a rounded corner's arc, a radius
/// clamped to half the side, a card turned in 3D and the subview it clips, a translucent card's
/// shadow. A slip that moves an edge by a few pixels, turns the wrong way or drops a factor of
/// opacity changes one of these.
@Suite("Layer pixels inside each shape")
struct LayerPixelsInsideTests: CardOnWhite {
    /// The pixel that holds the point (x, y).
    func pixel(_ image: CairoImage, _ x: Double, _ y: Double) -> Pixel { image.rgba(x: Int(x.rounded(.down)), y: Int(y.rounded(.down))) }
    func near(_ p: Pixel, _ r: Int, _ g: Int, _ b: Int, within: Int = 3) -> Bool {
        abs(Int(p.red) - r) <= within && abs(Int(p.green) - g) <= within && abs(Int(p.blue) - b) <= within
    }

    @Test("a rounded corner follows its arc: 3 points inside the 30-point radius is the card, 3 outside is the window")
    func cornerArc() {
        let image = render { _, card in card.cornerRadius = 30 }
        // The top-left arc's centre is (80, 80); along the diagonal at 27 and 33 points from it.
        let inside = 80 - 27 / 2.0.squareRoot(), outside = 80 - 33 / 2.0.squareRoot()
        #expect(isRed(pixel(image, inside, inside)), "\(pixel(image, inside, inside))")
        #expect(isWhite(pixel(image, outside, outside)), "\(pixel(image, outside, outside))")
        // Where the arc meets the straight edges the card is square again.
        #expect(isRed(pixel(image, 81, 51)) && isRed(pixel(image, 51, 81)))
    }

    @Test("a radius past half the side is clamped to it: a 100-point card with radius 80 is a circle of 50")
    func clampedRadius() {
        let image = render { _, card in card.cornerRadius = 80 }
        // Distances from the centre (100, 100): 48 along an axis, 48.1 and 56.6 along the diagonal.
        #expect(isRed(pixel(image, 100, 52.5)) && isRed(pixel(image, 52.5, 100)), "the circle reaches the sides' middles")
        #expect(isRed(pixel(image, 66, 66)), "\(pixel(image, 66, 66))")
        #expect(isWhite(pixel(image, 60, 60)), "an 80-point radius unclamped would leave this red: \(pixel(image, 60, 60))")
    }

    /// Where CATransform3D puts the card's edges when turned by `angle` about y with m34 = −1/300,
    /// about its centre: a point x from the centre goes to x·cos / w, with w = 1 + x·sin / 300, and
    /// a height h to h / w. The left edge comes nearer, the right edge recedes.
    struct TurnedEdges {
        let leftX: Double, leftHalfHeight: Double, rightX: Double, rightHalfHeight: Double
        init(angle: Double) {
            let wLeft = 1 - 50 * sin(angle) / 300, wRight = 1 + 50 * sin(angle) / 300
            leftX = 100 - 50 * cos(angle) / wLeft
            leftHalfHeight = 50 / wLeft
            rightX = 100 + 50 * cos(angle) / wRight
            rightHalfHeight = 50 / wRight
        }
        /// The top edge's height at `x`, between the two projected top corners.
        func top(at x: Double) -> Double {
            let f = (x - leftX) / (rightX - leftX)
            return 100 - (leftHalfHeight + f * (rightHalfHeight - leftHalfHeight))
        }
    }
    let turn = Transform3D.rotation(.pi / 3, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 300))

    @Test("a card turned 60° about y with perspective 300: its near edge at x 70.8 and 116.9 tall, its far edge at x 121.8 and 87.4 tall")
    func turnedEdges() {
        let image = render { _, card in card.transform3D = turn }
        let edges = TurnedEdges(angle: .pi / 3)
        #expect(abs(edges.leftX - 70.78) < 0.01 && abs(edges.rightX - 121.85) < 0.01, "the figures in the name: \(edges)")
        #expect(isRed(pixel(image, edges.leftX + 2.5, 100)) && isWhite(pixel(image, edges.leftX - 2.5, 100)), "the near edge")
        #expect(isRed(pixel(image, edges.rightX - 2.5, 100)) && isWhite(pixel(image, edges.rightX + 2.5, 100)), "the far edge")
        for x in [edges.leftX + 3, 100, edges.rightX - 3] {
            let top = edges.top(at: x)
            #expect(isRed(pixel(image, x, top + 2.5)), "just under the top edge at x \(x) (top \(top))")
            #expect(isWhite(pixel(image, x, top - 2.5)), "just over the top edge at x \(x) (top \(top))")
            #expect(isRed(pixel(image, x, 200 - top - 2.5)) && isWhite(pixel(image, x, 200 - top + 2.5)),
                    "the bottom edge mirrors the top at x \(x)")
        }
    }

    @Test("a clipping card turned in 3D cuts its subview at its turned edge; without clipping the subview shows past it")
    func turnedClip() {
        func picture(clips: Bool) -> CairoImage {
            render { scene, card in
                card.clipsToBounds = clips
                card.transform3D = turn
                let child = scene.makeView(name: "child", frame: Rect(x: -40, y: 40, width: 180, height: 20))
                child.backgroundColor = blue
                card.addSubview(child)
            }
        }
        let edges = TurnedEdges(angle: .pi / 3)
        let clipped = picture(clips: true), open = picture(clips: false)
        #expect(isBlue(clipped.pixel(edges.leftX + 2.5)), "inside the turned card the subview is drawn")
        #expect(isWhite(clipped.pixel(edges.leftX - 2.5)), "past the card's near edge it is cut")
        #expect(isWhite(clipped.pixel(edges.rightX + 2.5)), "past the far edge it is cut")
        #expect(isBlue(open.pixel(edges.leftX - 2.5)) && isBlue(open.pixel(edges.rightX + 2.5)), "unclipped it reaches past both")
    }

    /// Alpha 0.5, and a black shadow 20 points down with no blur.
    func fadeHalfWithSharpShadow(_ card: View) {
        card.alpha = 0.5
        card.shadowOpacity = 1
        card.shadowRadius = 0
        card.shadowOffset = Size(width: 0, height: 20)
        card.shadowColor = .black
    }

    @Test("a half-faded card fades its shadow by half, and shows the shadow through itself, as CALayer draws beneath a translucent layer")
    func translucentShadow() {
        let image = render { _, card in fadeHalfWithSharpShadow(card) }
        // White, then black at 0.5 (the shadow), then red at 0.5 (the card).
        #expect(near(pixel(image, 100, 165), 128, 128, 128), "the shadow alone: \(pixel(image, 100, 165))")
        #expect(near(pixel(image, 100, 140), 191, 64, 64), "the card over its shadow: \(pixel(image, 100, 140))")
        #expect(near(pixel(image, 100, 60), 255, 128, 128), "the card above its shadow: \(pixel(image, 100, 60))")
        #expect(isWhite(pixel(image, 100, 45)), "nothing above the card")
    }

    @Test("a half-faded card with subviews, drawn as a group, still fades its shadow by half")
    func groupedShadow() {
        let image = render { scene, card in
            fadeHalfWithSharpShadow(card)
            let child = scene.makeView(name: "child", frame: Rect(x: 0, y: 0, width: 100, height: 10))
            child.backgroundColor = blue
            card.addSubview(child)
        }
        #expect(near(pixel(image, 100, 165), 128, 128, 128), "the shadow alone: \(pixel(image, 100, 165))")
        #expect(near(pixel(image, 100, 55), 128, 128, 255), "the subview faded with its card: \(pixel(image, 100, 55))")
    }
}

private extension CairoImage {
    /// The pixel at `x` on the row through the subview's middle (y 100).
    func pixel(_ x: Double) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) { rgba(x: Int(x.rounded(.down)), y: 100) }
}
