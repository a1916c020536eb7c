import Testing
import TransitionCore
@testable import Rendering

/// A mask (ABI 1.2) cuts the view and all it draws, as set_mask promises: its background, its
/// subviews and its shadow; an ellipse by its curve, not by its box. Pixels read on the red
/// 100 × 100 card at (50, 50) of CardOnWhite, at positions worked out from the geometry.
@Suite("Mask pixels")
struct MaskPixelsTests: CardOnWhite {
    func pixel(_ image: CairoImage, _ x: Double, _ y: Double) -> Pixel { image.rgba(x: Int(x.rounded(.down)), y: Int(y.rounded(.down))) }
    func isBlack(_ p: Pixel) -> Bool { p.red < 5 && p.green < 5 && p.blue < 5 }

    @Test("the shadow is cut with the card: outside a mask that holds the card's bounds no shadow is drawn")
    func shadowCut() {
        func shadowed(_ card: View) {
            card.shadowOpacity = 1
            card.shadowRadius = 0
            card.shadowOffset = Size(width: 20, height: 20)
        }
        let unmasked = render { _, card in shadowed(card) }
        #expect(isBlack(pixel(unmasked, 160, 160)), "the shadow, 20 points down and right: \(pixel(unmasked, 160, 160))")
        let masked = render { _, card in
            shadowed(card)
            card.mask = MaskShape(kind: .roundedRect, rect: Rect(x: 0, y: 0, width: 100, height: 100))
        }
        #expect(isWhite(pixel(masked, 160, 160)), "\(pixel(masked, 160, 160))")
        #expect(isRed(pixel(masked, 140, 140)), "\(pixel(masked, 140, 140))")
    }

    @Test("an ellipse cuts by its curve: inside the circle the card and its subview, in the box's corner the window")
    func ellipse() {
        let image = render { scene, card in
            let child = scene.makeView(name: "child", frame: Rect(x: 50, y: 50, width: 50, height: 50))
            child.backgroundColor = blue
            card.addSubview(child)
            card.mask = MaskShape(kind: .ellipse, rect: Rect(x: 0, y: 0, width: 100, height: 100))
        }
        // The circle: centre (100, 100), radius 50. Along the diagonal at 47 and 53 from it.
        let inside = 100 - 47 / 2.0.squareRoot(), outside = 100 - 53 / 2.0.squareRoot()
        #expect(isRed(pixel(image, inside, inside)), "\(pixel(image, inside, inside))")
        #expect(isWhite(pixel(image, outside, outside)), "\(pixel(image, outside, outside))")
        let childInside = 100 + 47 / 2.0.squareRoot(), childOutside = 100 + 53 / 2.0.squareRoot()
        #expect(isBlue(pixel(image, childInside, childInside)), "the subview inside: \(pixel(image, childInside, childInside))")
        #expect(isWhite(pixel(image, childOutside, childOutside)), "the subview cut: \(pixel(image, childOutside, childOutside))")
    }
}
