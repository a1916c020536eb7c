import Testing
@testable import TransitionCore

/// CALayer.mask as a shape (ABI 1.2): the rectangle and radius animate like any property while
/// the kind stays; a new kind applies at once; the motion check's sample sees only what the
/// mask leaves of the view and of its subviews.
@Suite("Mask shapes")
struct MaskShapeTests {
    func makeScene() -> (Scene, View) {
        let scene = Scene(windowSize: Size(width: 400, height: 800), clock: VirtualClock(framesPerSecond: 60))
        let view = scene.makeView(name: "card", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        view.backgroundColor = Color(red: 0, green: 0, blue: 1)
        scene.window.addSubview(view)
        return (scene, view)
    }

    @Test("inside an animation the rectangle and radius go half way at half time; the model has the end at once")
    func animates() {
        let (scene, v) = makeScene()
        let engine = scene.engine
        v.mask = MaskShape(kind: .roundedRect, rect: Rect(x: 100, y: 100, width: 0, height: 0), cornerRadius: 0)
        engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: {
            v.mask = MaskShape(kind: .roundedRect, rect: Rect(x: 0, y: 0, width: 200, height: 200), cornerRadius: 20)
        })
        #expect(v.mask.rect.size.width == 200)
        engine.settle()
        while engine.now < 0.5 - 1e-9 { engine.step() }
        let shown = v.presentation.mask
        #expect(shown.kind == .roundedRect)
        #expect(abs(shown.rect.origin.x - 50) < 1e-9 && abs(shown.rect.size.width - 100) < 1e-9 && abs(shown.cornerRadius - 10) < 1e-9)
    }

    @Test("a new kind applies at once, rectangle and all, even inside an animation")
    func newKindAtOnce() {
        let (scene, v) = makeScene()
        let engine = scene.engine
        engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: {
            v.mask = MaskShape(kind: .ellipse, rect: Rect(x: 0, y: 0, width: 200, height: 200))
        })
        engine.settle()
        #expect(engine.runningAnimationCount == 0)
        #expect(v.presentation.mask == MaskShape(kind: .ellipse, rect: Rect(x: 0, y: 0, width: 200, height: 200)))
    }

    @Test("the motion sample sees what the mask leaves: of the view, and of a subview outside it nothing")
    func sampleSeesTheMask() throws {
        let (scene, v) = makeScene()
        // Small enough not to count as hiding the card behind it.
        let child = scene.makeView(name: "child", frame: Rect(x: 150, y: 150, width: 30, height: 30))
        child.backgroundColor = Color(red: 1, green: 0, blue: 0)
        v.addSubview(child)
        func shown(_ name: String) -> Double {
            MotionSample(scene).looks.first { $0.name == name }?.shown ?? 0
        }
        #expect(shown("card") == 40_000 && shown("child") == 900)
        v.mask = MaskShape(kind: .roundedRect, rect: Rect(x: 0, y: 0, width: 100, height: 200))
        #expect(shown("card") == 20_000, "half the card is masked away")
        #expect(shown("child") == 0, "the child lies outside the mask")
        v.mask = MaskShape(kind: .roundedRect, rect: .zero)
        #expect(shown("card") == 0)
    }
}
