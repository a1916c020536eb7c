import Rendering
import Testing

@Suite("JSON strings")
struct JSONQuoteTests {
    @Test("plain ASCII is quoted as it is; quotes, backslashes, controls and what a terminal acts on are escaped; other text is kept",
          arguments: [
              ("detail.fact1", #""detail.fact1""#),
              (#"say "hi""#, #""say \"hi\"""#),
              (#"a\b"#, #""a\\b""#),
              ("line\nnext\ttab", #""line\nnext\ttab""#),
              ("\u{1B}]0;title\u{07}", #""\u001b]0;title\u0007""#),
              ("Reykjavík · 4 days", "\"Reykjavík · 4 days\""),
              ("\u{7F}", #""\u007f""#),
          ])
    func quote(text: String, expected: String) {
        #expect(JSONWriter.quote(text) == expected)
    }
}
