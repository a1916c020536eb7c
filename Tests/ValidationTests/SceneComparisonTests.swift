import Testing
import TransitionCore
@testable import Validation

@Suite("Comparing recorded scenes")
struct SceneComparisonTests {
    /// A window with a screen and a card on it.
    static func scene() -> (Scene, View, View) {
        let scene = Scene(windowSize: Size(width: 100, height: 200))
        let screen = scene.makeView(name: "screen", frame: Rect(x: 0, y: 0, width: 100, height: 200))
        let card = scene.makeView(name: "card", frame: Rect(x: 10, y: 10, width: 50, height: 50))
        scene.window.addSubview(screen)
        screen.addSubview(card)
        return (scene, screen, card)
    }

    @Test("the same scene recorded twice has no difference")
    func same() {
        let (scene, _, _) = Self.scene()
        let a = SceneSnapshot.capture(scene), b = SceneSnapshot.capture(scene)
        #expect(SceneComparison.differences(a, expected: b).isEmpty)
        #expect(SceneComparison.firstDifference([a], [b]) == nil)
    }

    @Test("a view left behind, a missing view, a changed alpha and frame are each named")
    func differences() {
        let (scene, screen, card) = Self.scene()
        let before = SceneSnapshot.capture(scene)
        let stray = scene.makeView(name: "stray", frame: Rect(x: 0, y: 0, width: 1, height: 1))
        screen.addSubview(stray)
        #expect(SceneComparison.strayAndMissing(SceneSnapshot.capture(scene), expected: before) == ["'stray' is left in the hierarchy"])
        stray.removeFromSuperview()
        card.alpha = 0.5
        card.frame = Rect(x: 20, y: 10, width: 50, height: 50)
        let found = SceneComparison.differences(SceneSnapshot.capture(scene), expected: before)
        #expect(found == ["'card' frame is (20, 10, 50, 50), was (10, 10, 50, 50)", "'card' alpha is 0.5, was 1"])
        card.removeFromSuperview()
        #expect(SceneComparison.strayAndMissing(SceneSnapshot.capture(scene), expected: before) == ["'card' is missing from the hierarchy"])
    }

    @Test("two recordings that part somewhere are reported at the first frame that differs")
    func firstDifference() {
        let (scene, _, card) = Self.scene()
        let a0 = SceneSnapshot.capture(scene)
        card.alpha = 0.25
        let a1 = SceneSnapshot.capture(scene)
        #expect(SceneComparison.firstDifference([a0, a0], [a0, a1]) == "frame 1 (0 s): in the second run 'card' alpha is 0.25, was 1 in the first")
        #expect(SceneComparison.firstDifference([a0], [a0, a0]) == "the first run had 1 frames, the second 2")
    }
}
