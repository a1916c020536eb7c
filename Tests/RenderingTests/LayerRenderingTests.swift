import Testing
import TransitionCore
@testable import Rendering

/// How the renderer draws CALayer's properties, pixel by pixel: masked corners, clipping,
/// borders and blurred shadows, at scale 1 on a white window so that each pixel can be read.
@Suite("Layer rendering")
struct LayerRenderingTests: CardOnWhite {
    /// How dark a grey pixel is: 0 white, 255 black.
    func darkness(_ p: (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)) -> Int { 255 - Int(p.green) }

    @Test("masked corners: only the corners named are rounded")
    func maskedCorners() {
        let all = render { _, card in card.cornerRadius = 30 }
        let top = render { _, card in card.cornerRadius = 30; card.maskedCorners = .top }
        // (52, 52) is inside the card's box but outside a 30-point rounded corner.
        #expect(isWhite(all.rgba(x: 52, y: 52)) && isWhite(all.rgba(x: 52, y: 147)))
        #expect(isWhite(top.rgba(x: 52, y: 52)) && isWhite(top.rgba(x: 147, y: 52)), "the top corners are rounded")
        #expect(isRed(top.rgba(x: 52, y: 147)) && isRed(top.rgba(x: 147, y: 147)), "the bottom corners are square")
    }

    @Test("clipsToBounds cuts a subview to the rounded bounds; without it the subview shows past them")
    func clipping() {
        func picture(clips: Bool) -> CairoImage {
            render { scene, card in
                card.cornerRadius = 20
                card.clipsToBounds = clips
                let child = scene.makeView(name: "child", frame: Rect(x: -40, y: 40, width: 180, height: 20))
                child.backgroundColor = blue
                card.addSubview(child)
            }
        }
        let open = picture(clips: false), clipped = picture(clips: true)
        // (20, 100) is left of the card, where the unclipped child reaches.
        #expect(isBlue(open.rgba(x: 20, y: 100)))
        #expect(isWhite(clipped.rgba(x: 20, y: 100)))
        #expect(isBlue(clipped.rgba(x: 100, y: 100)), "inside the bounds the child is drawn")
    }

    @Test("a border is drawn inside the bounds, over the subviews, following the rounded corners")
    func border() {
        let image = render { scene, card in
            card.borderWidth = 6
            card.borderColor = blue
            card.cornerRadius = 20
            let child = scene.makeView(name: "child", frame: Rect(x: 0, y: 40, width: 100, height: 20))
            child.backgroundColor = .white
            card.addSubview(child)
        }
        #expect(isBlue(image.rgba(x: 52, y: 100)), "the left edge, over the white subview")
        #expect(isWhite(image.rgba(x: 48, y: 100)), "nothing outside the bounds")
        #expect(isWhite(image.rgba(x: 100, y: 100)), "the subview inside the border")
        #expect(isRed(image.rgba(x: 100, y: 70)), "the card inside the border")
        #expect(isWhite(image.rgba(x: 51, y: 51)), "the corner is rounded, the border too")
    }

    @Test("a shadow falls beneath the card, moved by its offset, blurred by its radius, and none at opacity 0")
    func shadow() {
        func picture(opacity: Double, radius: Double) -> CairoImage {
            render { _, card in
                card.shadowOpacity = opacity
                card.shadowRadius = radius
                card.shadowOffset = Size(width: 0, height: 20)
                card.shadowColor = .black
            }
        }
        let none = picture(opacity: 0, radius: 4)
        #expect(isWhite(none.rgba(x: 100, y: 160)))
        let sharp = picture(opacity: 1, radius: 0)
        #expect(darkness(sharp.rgba(x: 100, y: 165)) > 250, "under the card's bottom edge, 20 points down: black")
        #expect(isWhite(sharp.rgba(x: 100, y: 45)), "the shadow moved down, not up")
        #expect(isRed(sharp.rgba(x: 100, y: 100)), "the card is drawn over its shadow")
        let soft = picture(opacity: 1, radius: 16)
        let edge = darkness(soft.rgba(x: 100, y: 170)), inside = darkness(soft.rgba(x: 100, y: 160)), outside = darkness(soft.rgba(x: 100, y: 185))
        #expect(inside > edge && edge > outside && outside > 0, "the blur fades across the shadow's edge: \(inside), \(edge), \(outside)")
        #expect(edge > 90 && edge < 165, "half dark at the edge of a blurred shadow: \(edge)")
        let clipped = render { _, card in
            card.shadowOpacity = 1
            card.shadowRadius = 0
            card.shadowOffset = Size(width: 0, height: 20)
            card.clipsToBounds = true
        }
        #expect(isWhite(clipped.rgba(x: 100, y: 165)), "a view that clips casts no shadow, as a layer that masks to its bounds")
        let faint = picture(opacity: 0.5, radius: 0)
        #expect(abs(darkness(faint.rgba(x: 100, y: 165)) - 128) < 4, "opacity 0.5 is half as dark")
    }

    @Test("a 3D turn with perspective: the card narrows, its receding edge shorter than its near one, its subviews turning with it")
    func perspective() {
        let image = render { scene, card in
            card.transform3D = Transform3D.rotation(.pi / 4, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 300))
            let stripe = scene.makeView(name: "stripe", frame: Rect(x: 0, y: 45, width: 100, height: 10))
            stripe.backgroundColor = blue
            card.addSubview(stripe)
        }
        func redRun(column x: Int) -> Int { (0..<200).filter { y in isRed(image.rgba(x: x, y: y)) || isBlue(image.rgba(x: x, y: y)) }.count }
        let columns = (0..<200).filter { redRun(column: $0) > 0 }
        let first = columns.first!, last = columns.last!
        #expect(last - first < 90, "a quarter turn about y narrows the card: \(first)…\(last)")
        let left = redRun(column: first + 3), right = redRun(column: last - 3)
        #expect(abs(left - right) > 8, "perspective: one edge \(left) px tall, the other \(right)")
        #expect(isBlue(image.rgba(x: (first + last) / 2, y: 100)), "the subview turns with the card, flat in its plane")
    }

    @Test("a sublayer transform carries the subviews about the anchor point, not the view's own background")
    func sublayerTransform() {
        func picture(_ sublayer: Transform3D) -> CairoImage {
            render { scene, card in
                let inner = scene.makeView(name: "inner", frame: Rect(x: 0, y: 0, width: 100, height: 100))
                inner.backgroundColor = blue
                card.addSubview(inner)
                card.sublayerTransform = sublayer
            }
        }
        // Half as wide about the card's middle (x = 100): the subview from 75 to 125.
        let squeezed = picture(Transform3D([[0.5, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]))
        #expect(isRed(squeezed.rgba(x: 60, y: 100)) && isRed(squeezed.rgba(x: 140, y: 100)), "the card's own background stays")
        #expect(isBlue(squeezed.rgba(x: 80, y: 100)) && isBlue(squeezed.rgba(x: 120, y: 100)))
        #expect(isBlue(picture(.identity).rgba(x: 60, y: 100)))
        // Perspective for the subview's own turn: with it the turned subview's edges differ in height.
        let turned = render { scene, card in
            let inner = scene.makeView(name: "inner", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            inner.backgroundColor = blue
            inner.transform3D = Transform3D.rotation(.pi / 4, x: 0, y: 1, z: 0)
            card.addSubview(inner)
            card.backgroundColor = .white
            card.sublayerTransform = .perspective(distance: 300)
        }
        func blueRun(column x: Int) -> Int { (0..<200).filter { y in isBlue(turned.rgba(x: x, y: y)) }.count }
        let columns = (0..<200).filter { blueRun(column: $0) > 0 }
        let left = blueRun(column: columns.first! + 3), right = blueRun(column: columns.last! - 3)
        #expect(abs(left - right) > 8, "the parent's perspective: one edge \(left) px tall, the other \(right)")
    }

    @Test("a snapshot's picture fills its bounds and is cut by its own rounded corners once it clips, as UIKit's snapshotView")
    func snapshotPicture() {
        let image = render { scene, card in
            let shot = scene.snapshot(of: card)
            card.isHidden = true
            scene.window.addSubview(shot)
            shot.frame = Rect(x: 20, y: 20, width: 160, height: 160)
            shot.cornerRadius = 40
            shot.clipsToBounds = true
        }
        #expect(isRed(image.rgba(x: 100, y: 100)) && isRed(image.rgba(x: 170, y: 100)), "the red card's picture fills the larger frame")
        #expect(isWhite(image.rgba(x: 23, y: 23)), "the picture cut to the snapshot's rounded corner")
    }

    @Test("a shadow path casts the shadow by its shape, not the bounds: an ellipse round past the card, a rectangle to its corners")
    func shadowPath() {
        func picture(_ path: MaskShape) -> CairoImage {
            render { _, card in
                card.shadowOpacity = 1
                card.shadowRadius = 2
                card.shadowOffset = Size(width: 0, height: 0)
                card.shadowColor = .black
                card.shadowPath = path
            }
        }
        // In the card's coordinates, 20 points past each edge: the card is (50, 50, 100, 100).
        let around = Rect(x: -20, y: -20, width: 140, height: 140)
        let bounds = picture(.none), ellipse = picture(MaskShape(kind: .ellipse, rect: around))
        let square = picture(MaskShape(kind: .roundedRect, rect: around)), rounded = picture(MaskShape(kind: .roundedRect, rect: around, cornerRadius: 30))
        // 15 points above the card's top edge, in the middle: inside either path, far outside the bounds' shadow.
        #expect(isWhite(bounds.rgba(x: 100, y: 35)))
        #expect(darkness(ellipse.rgba(x: 100, y: 35)) > 250 && darkness(square.rgba(x: 100, y: 35)) > 250)
        // Beyond the card's top left corner, 77.8 points from its middle: outside the ellipse of
        // radius 70 and the 30-point rounded corner, inside the square.
        #expect(isWhite(ellipse.rgba(x: 45, y: 45)) && isWhite(bounds.rgba(x: 45, y: 45)))
        #expect(darkness(square.rgba(x: 36, y: 36)) > 250)
        #expect(isWhite(rounded.rgba(x: 36, y: 36)))
        #expect(isRed(ellipse.rgba(x: 100, y: 100)), "the card itself is drawn as before, over its shadow")
    }

    @Test("three box blurs spread as a Gaussian of the same standard deviation")
    func boxBlurWidth() {
        for sigma in [2.0, 5, 12] {
            let half = Double(LayerShadow.boxHalfWidth(sigma: sigma))
            let variance = 3 * (pow2(2 * half + 1) - 1) / 12
            #expect(abs(variance.squareRoot() - sigma) < 0.6, "σ \(sigma): half-width \(half) gives σ \(variance.squareRoot())")
        }
        #expect(LayerShadow.boxHalfWidth(sigma: 0) == 0)
    }

    private func pow2(_ x: Double) -> Double { x * x }
}
