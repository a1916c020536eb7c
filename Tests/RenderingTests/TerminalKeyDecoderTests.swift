import Testing
@testable import Rendering

/// Keys from a terminal's byte stream. A terminal delivers what the user typed in whatever
/// pieces the reads happen to get: several keys in one read when the host was busy drawing a
/// frame, an arrow's escape sequence split over two reads, a lone Esc that is a key of its own.
@Suite("Terminal keys")
struct TerminalKeyDecoderTests {
    let right: [UInt8] = [27, 91, 67], left: [UInt8] = [27, 91, 68]

    @Test("several keys that arrive in one read are each decoded, in order")
    func coalesced() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.feed(right + right + left + [13]) == [.right, .right, .left, .enter])
        #expect(!decoder.isWaiting)
    }

    @Test("an arrow split over two reads is one arrow, not an Esc and stray bytes")
    func split() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.feed([27]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.feed([91]) == [])
        #expect(decoder.feed([67, 27, 91]) == [.right])
        #expect(decoder.feed([68]) == [.left])
        #expect(!decoder.isWaiting)
    }

    @Test("an Esc at the end of a read is a key once nothing follows it: after arrows in the same read too")
    func loneEscape() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.feed(right + right + [27]) == [.right, .right])
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isWaiting)
        #expect(decoder.flush() == [])
    }

    @Test("Esc followed by a key that does not start a sequence is Esc, then that key")
    func escapeThenKey() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.feed([27, 13]) == [.escape, .enter])
        #expect(decoder.feed([27, 27]) == [.escape])
        #expect(decoder.flush() == [.escape])
    }

    @Test("arrows in application mode (ESC O C) and with modifiers (ESC [ 1 ; 2 C) are arrows; other sequences are skipped whole")
    func otherForms() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.feed([27, 79, 67, 27, 79, 68]) == [.right, .left])
        #expect(decoder.feed(Array("\u{1B}[1;2C".utf8)) == [.right])
        // F5 is ESC [ 1 5 ~; Page Up ESC [ 5 ~: neither leaves a stray "~" or digit behind.
        #expect(decoder.feed(Array("\u{1B}[15~\u{1B}[5~".utf8) + [10]) == [.other, .other, .enter])
        #expect(decoder.feed(Array("q".utf8)) == [.other])
        #expect(!decoder.isWaiting)
    }

    @Test("a sequence that never ends is dropped at a bounded length, and keys after it still come through")
    func runaway() {
        var decoder = TerminalKeyDecoder()
        let junk: [UInt8] = [27, 91] + Array(repeating: 48, count: 100)
        let keys = decoder.feed(junk + right)
        #expect(keys.last == .right)
        #expect(!decoder.isWaiting)
    }
}
