import Testing
@testable import TransitionCore

@Suite("Numbers as the host writes them")
struct NumberTextTests {
    @Test("counts are grouped by thousands at exactly each boundary", arguments: [
        (0, "0"), (999, "999"), (1000, "1,000"), (10_000, "10,000"), (999_999, "999,999"), (1_000_000, "1,000,000"),
        (-1234, "-1,234"),
    ])
    func grouped(_ n: Int, _ text: String) {
        #expect(NumberText.grouped(n) == text)
    }

    @Test("readable values keep three decimals at most, and no trailing .0")
    func readable() {
        #expect(NumberText.readable(0.25) == "0.25")
        #expect(NumberText.readable(1.0 / 3) == "0.333")
        #expect(NumberText.readable(12) == "12")
        #expect(NumberText.readable(.infinity) == "inf")
    }
}
