import Testing
@testable import TransitionCore

/// The live window's choice of gesture, at its boundaries (a slip here went unnoticed before).
@Suite("Which gesture a press and a drag start")
struct PressGestureRuleTests {
    @Test("a press exactly 20 pt from the left edge, going back, is an edge pan; the least bit further, or with Ctrl, or going forward, waits for a drag")
    func atPress() {
        #expect(PressGestureRule.atPress(x: 0, goesBack: true, control: false) == .edgePan)
        #expect(PressGestureRule.atPress(x: 20, goesBack: true, control: false) == .edgePan)
        #expect(PressGestureRule.atPress(x: 20.0.nextUp, goesBack: true, control: false) == nil)
        #expect(PressGestureRule.atPress(x: 5, goesBack: true, control: true) == nil)
        #expect(PressGestureRule.atPress(x: 5, goesBack: false, control: false) == nil)
    }

    @Test("a drag starts at exactly 10 pt from the press, in any direction: a pan, or a pinch with Ctrl; just under 10 pt it is still a click")
    func atDrag() {
        let press = Point(x: 100, y: 200)
        #expect(PressGestureRule.atDrag(from: press, to: Point(x: 106, y: 208), control: false) == .pan)  // 6, 8: 10 pt
        #expect(PressGestureRule.atDrag(from: press, to: Point(x: 106, y: 208), control: true) == .pinch)
        #expect(PressGestureRule.atDrag(from: press, to: Point(x: 100, y: 190), control: false) == .pan)
        #expect(PressGestureRule.atDrag(from: press, to: Point(x: 109.99, y: 200), control: false) == nil)
        // Near the edge with Ctrl: no edge pan at the press, a pinch once dragged.
        #expect(PressGestureRule.atPress(x: 3, goesBack: true, control: true) == nil)
        #expect(PressGestureRule.atDrag(from: Point(x: 3, y: 400), to: Point(x: 15, y: 400), control: true) == .pinch)
    }
}
