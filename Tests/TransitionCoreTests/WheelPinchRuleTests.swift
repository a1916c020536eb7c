import Testing
import TransitionCore

/// The live window's wheel pinch (docs/USAGE.md: "each notch down closes it by a tenth, up
/// opens it; it ends when the wheel has been still for 0.15 s"), number by number.
@Suite("Wheel pinch rule")
struct WheelPinchRuleTests {
    static let up = 1.1, down = 1 / 1.1
    static let cases: [(Double, Double)] = [(1, up), (-1, down), (2, up * up), (-3, down * down * down), (0, 1), (0.4, 1), (0.6, up), (-0.6, down)]

    @Test("a notch up opens by 1.1, a notch down closes by 1 / 1.1; notches multiply; a fraction rounds to the nearest notch",
          arguments: Self.cases)
    func factor(_ notches: Double, _ expected: Double) {
        #expect(abs(WheelPinchRule.factor(notches: notches) - expected) < 1e-12, "\(notches) notches")
    }

    @Test("a notch down closes the pinch (a scale below 1, which dismisses), a notch up opens it; a non-finite turn changes nothing")
    func direction() {
        #expect(WheelPinchRule.factor(notches: -1) < 1 && WheelPinchRule.factor(notches: 1) > 1)
        #expect(WheelPinchRule.factor(notches: .nan) == 1 && WheelPinchRule.factor(notches: .infinity) == 1)
    }

    @Test("the pinch ends 0.15 s after the last notch")
    func quiet() { #expect(WheelPinchRule.quietPeriod == 0.15) }
}
