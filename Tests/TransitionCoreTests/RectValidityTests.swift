import Testing
@testable import TransitionCore

@Suite("What the host accepts as a rect")
struct RectValidityTests {
    @Test("a size of exactly 0 is valid, the least negative one is not; every coordinate must be finite")
    func zeroAndNegative() {
        #expect(Rect(x: 0, y: 0, width: 0, height: 0).isValid)
        #expect(Rect(x: -5, y: -5, width: 0, height: 10).isValid)
        #expect(!Rect(x: 0, y: 0, width: -Double.leastNonzeroMagnitude, height: 1).isValid)
        #expect(!Rect(x: 0, y: 0, width: 1, height: -Double.leastNonzeroMagnitude).isValid)
        #expect(!Rect(x: .nan, y: 0, width: 1, height: 1).isValid)
        #expect(!Rect(x: 0, y: .infinity, width: 1, height: 1).isValid)
    }
}
