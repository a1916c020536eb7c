import Testing
@testable import TransitionCore

/// Autoresizing (UIView.autoresizingMask; ABI 1.2's set_autoresizing_mask): a view laid out
/// again when its superview's size changes, the change shared among its flexible parts.
@Suite("Autoresizing")
struct AutoresizingTests {
    let button = Rect(x: 20, y: 742, width: 350, height: 52)
    let phone = Size(width: 390, height: 844)

    @Test("a flexible top margin keeps the button at the bottom edge of a half-height sheet")
    func pinnedToTheBottom() {
        let r = AutoresizingMask.flexibleTopMargin.resized(button, from: phone, to: Size(width: 390, height: 422))
        #expect(r == Rect(x: 20, y: 320, width: 350, height: 52))
    }

    @Test("a flexible width keeps both margins; flexible margins share the change in proportion, or equally when both are 0")
    func sharing() {
        #expect(AutoresizingMask.flexibleWidth.resized(button, from: phone, to: Size(width: 300, height: 844))
            == Rect(x: 20, y: 742, width: 260, height: 52))
        let centred: AutoresizingMask = [.flexibleLeftMargin, .flexibleRightMargin]
        #expect(centred.resized(Rect(x: 10, y: 0, width: 50, height: 10), from: Size(width: 100, height: 10), to: Size(width: 200, height: 10))
            == Rect(x: 30, y: 0, width: 50, height: 10))  // margins 10 and 40: a fifth of the 100 to the left
        #expect(centred.resized(Rect(x: 0, y: 0, width: 100, height: 10), from: Size(width: 100, height: 10), to: Size(width: 200, height: 10))
            == Rect(x: 50, y: 0, width: 100, height: 10))
        let grows: AutoresizingMask = [.flexibleHeight, .flexibleBottomMargin]
        let g = grows.resized(Rect(x: 0, y: 100, width: 10, height: 200), from: Size(width: 10, height: 400), to: Size(width: 10, height: 700))
        #expect(g.minY == 100 && abs(g.size.height - 400) < 1e-9)  // 300 more: 2/3 to the height (200 of 300)
        #expect(AutoresizingMask.flexibleHeight.resized(button, from: phone, to: Size(width: 390, height: 700)).size.height == 0,
                "a size never goes below 0")
        #expect(AutoresizingMask().resized(button, from: phone, to: Size(width: 100, height: 100)) == button)
    }

    @Test("a view resized inside an animation lays its subviews out in the same animation; outside one, at once")
    func layoutAnimatesWithItsCause() {
        let scene = Scene(windowSize: phone, clock: VirtualClock(framesPerSecond: 100))
        let sheet = scene.makeView(name: "sheet", frame: Rect(origin: .zero, size: phone))
        let b = scene.makeView(name: "button", frame: button)
        let free = scene.makeView(name: "free", frame: Rect(x: 0, y: 600, width: 10, height: 10))
        scene.window.addSubview(sheet)
        sheet.addSubview(b)
        sheet.addSubview(free)
        b.autoresizingMask = .flexibleTopMargin
        scene.engine.animate(AnimationOptions(duration: 1, curve: .linear)) {
            sheet.frame = Rect(x: 0, y: 422, width: 390, height: 422)
        }
        #expect(b.frame.minY == 320 && free.frame.minY == 600, "the model at once; a view without a mask stays")
        while scene.engine.now < 0.5 - 1e-9 { scene.engine.step() }
        #expect(abs(b.presentation.frame.minY - 531) < 1e-9, "half way from 742 to 320: \(b.presentation.frame)")
        sheet.frame = Rect(origin: .zero, size: phone)
        #expect(b.frame.minY == 742 && b.presentation.frame.minY == 742)
    }
}
