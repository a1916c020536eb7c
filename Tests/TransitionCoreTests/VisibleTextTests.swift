import Testing
@testable import TransitionCore

@Suite("VisibleText: what a terminal would act on is shown, never sent")
struct VisibleTextTests {
    @Test("C0 controls but line feed and tab, DEL, C1 controls and bidirectional overrides are shown escaped")
    func escapes() {
        #expect(VisibleText.escape("a\u{1B}]0;t\u{07}b") == "a\\x1b]0;t\\x07b")
        #expect(VisibleText.escape("\r\u{0}\u{7F}") == "\\x0d\\x00\\x7f")
        #expect(VisibleText.escape("\u{9B}31m") == "\\u{9b}31m")
        #expect(VisibleText.escape("\u{202E}txt.so\u{2066}") == "\\u{202e}txt.so\\u{2066}")
    }

    @Test("the host's own layout and ordinary text pass unchanged")
    func keepsText() {
        let text = "EFFECT\tKIND\nfondu enchaîné → 0.5 s · 🎞 «ok»"
        #expect(VisibleText.escape(text) == text)
    }

    @Test("in JSON, C1 controls and overrides become \\u escapes, and what a JSON parser reads is unchanged")
    func json() {
        #expect(VisibleText.escapeInJSON("{\"a\":\"x\u{9B}y\u{202E}\u{7F}\"}") == "{\"a\":\"x\\u009by\\u202e\\u007f\"}")
        #expect(VisibleText.escapeInJSON("{\"a\":\"é\\n\"}") == "{\"a\":\"é\\n\"}")
    }
}
