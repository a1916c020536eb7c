import Testing
@testable import TransitionCore

/// A view's blur (ABI 1.2's set_blur): the radius animates like any property while the kind
/// stays; a new kind applies at once; a spring's overshoot stays within the blurs there are;
/// the end-state checks name a blur left behind.
@Suite("Blur effects")
struct BlurEffectTests {
    func makeScene() -> (Scene, View) {
        let scene = Scene(windowSize: Size(width: 400, height: 800), clock: VirtualClock(framesPerSecond: 60))
        let view = scene.makeView(name: "sheet", frame: Rect(x: 0, y: 400, width: 400, height: 400))
        scene.window.addSubview(view)
        return (scene, view)
    }

    @Test("inside an animation the radius goes half way at half time; the model has the end at once")
    func animates() {
        let (scene, v) = makeScene()
        let engine = scene.engine
        v.blur = BlurEffect(kind: .backdrop, radius: 0)
        engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: {
            v.blur = BlurEffect(kind: .backdrop, radius: 30)
        })
        #expect(v.blur.radius == 30)
        engine.settle()
        while engine.now < 0.25 - 1e-9 { engine.step() }
        #expect(v.presentation.blur.kind == .backdrop)
        #expect(abs(v.presentation.blur.radius - 7.5) < 1e-9)
        while engine.now < 1 - 1e-9 { engine.step() }
        engine.step()
        #expect(v.presentation.blur == BlurEffect(kind: .backdrop, radius: 30))
    }

    @Test("a new kind applies at once, radius and all, even inside an animation")
    func newKindAtOnce() {
        let (scene, v) = makeScene()
        let engine = scene.engine
        engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: {
            v.blur = BlurEffect(kind: .layer, radius: 12)
        })
        engine.settle()
        #expect(engine.runningAnimationCount == 0)
        #expect(v.presentation.blur == BlurEffect(kind: .layer, radius: 12))
    }

    @Test("a spring's overshoot is kept between no blur and the largest: 0 and 100 pt")
    func clamped() {
        var look = ViewAppearance(frame: Rect(x: 0, y: 0, width: 10, height: 10))
        look.blur = BlurEffect(kind: .layer, radius: 5)
        look.setValue(AnimatableValue(-3, 0, 0, 0, 0, 0, 0, 0), of: .blurRadius)
        #expect(look.blur.radius == 0)
        look.setValue(AnimatableValue(104, 0, 0, 0, 0, 0, 0, 0), of: .blurRadius)
        #expect(look.blur.radius == 100)
        #expect(look.blur.kind == .layer, "the lane carries the radius only")
        #expect(look.value(of: .blurRadius) == AnimatableValue(100, 0, 0, 0, 0, 0, 0, 0))
    }

    @Test("a blur put on during a transition that should leave things as they were is named as a difference")
    func differenceNamed() {
        let (scene, v) = makeScene()
        let before = HierarchySnapshot(root: scene.window)
        v.blur = BlurEffect(kind: .backdrop, radius: 20)
        #expect(before.differences() == ["'sheet' has a backdrop blur of 20 pt, had no blur"])
    }

    @Test("a shown screen left blurred is a broken end state; a frosted backdrop, or a blur of 0, is not")
    func endState() {
        let (scene, v) = makeScene()
        v.frame = scene.window.bounds
        #expect(EndState.problems(in: scene.window, shown: v, after: "the push").isEmpty)
        v.blur = BlurEffect(kind: .layer, radius: 4)
        #expect(EndState.problems(in: scene.window, shown: v, after: "the push") == ["'sheet' ends blurred by a blur of 4 pt, left on it after the push"])
        v.blur = BlurEffect(kind: .layer, radius: 0)
        #expect(EndState.problems(in: scene.window, shown: v, after: "the push").isEmpty)
        v.blur = BlurEffect(kind: .backdrop, radius: 20)
        #expect(EndState.problems(in: scene.window, shown: v, after: "the push").isEmpty)
    }
}
