import TransitionCore

/// A small JSON builder: deterministic output (keys in the order written, numbers in Swift's
/// shortest round-trip form), and no Foundation, so that `host` starts fast.
public struct JSONWriter {
    /// What was written and not yet handed to the sink (all of it, without a sink).
    public private(set) var output = ""
    /// Items written so far in each open container, innermost last.
    private var counts: [Int] = [0]
    /// A key was just written: the next value is its value, not a new item.
    private var afterKey = false
    /// Where a streaming writer hands its text, a piece at a time, so that a document of
    /// tens of megabytes (a run of 10,000 views) is never held whole.
    private let sink: ((String) -> Void)?
    private static let pieceBytes = 1 << 16

    /// A writer that keeps the whole document in `output`.
    public init() { sink = nil }

    /// A writer that hands its text to `sink` in pieces of about 64 KiB, in order; call
    /// `finish()` at the end for the last piece. The pieces joined are what `output` would be.
    public init(streamingTo sink: @escaping (String) -> Void) {
        self.sink = sink
        output.reserveCapacity(Self.pieceBytes + 4096)
    }

    /// Hands what is left to the sink.
    public mutating func finish() {
        guard let sink, !output.isEmpty else { return }
        sink(output)
        output.removeAll(keepingCapacity: true)
    }

    private mutating func beginItem() {
        if afterKey { afterKey = false; return }
        if counts[counts.count - 1] > 0 { output += "," }
        counts[counts.count - 1] += 1
    }

    public mutating func key(_ name: String) {
        beginItem()
        output += Self.quote(name) + ":"
        afterKey = true
    }

    public mutating func string(_ s: String) { beginItem(); output += Self.quote(s) }
    public mutating func number(_ x: Double) {
        beginItem()
        if !x.isFinite { output += "null" } else if x == x.rounded() && abs(x) < 1e15 { output += String(Int64(x)) } else { output += "\(x)" }
    }
    public mutating func number(_ n: Int) { beginItem(); output += String(n) }
    public mutating func bool(_ b: Bool) { beginItem(); output += b ? "true" : "false" }
    public mutating func null() { beginItem(); output += "null" }

    public mutating func object(_ body: (inout JSONWriter) -> Void) { container("{", "}", body) }
    public mutating func array(_ body: (inout JSONWriter) -> Void) { container("[", "]", body) }

    private mutating func container(_ open: String, _ close: String, _ body: (inout JSONWriter) -> Void) {
        beginItem()
        output += open
        counts.append(0)
        body(&self)
        counts.removeLast()
        output += close
        if let sink, output.utf8.count >= Self.pieceBytes {
            sink(output)
            output.removeAll(keepingCapacity: true)
        }
    }

    public mutating func field(_ name: String, _ value: String) { key(name); string(value) }
    public mutating func field(_ name: String, _ value: String?) { key(name); if let value { string(value) } else { null() } }
    public mutating func field(_ name: String, _ value: Double) { key(name); number(value) }
    public mutating func field(_ name: String, _ value: Int) { key(name); number(value) }
    public mutating func field(_ name: String, _ value: Bool) { key(name); bool(value) }

    public static func quote(_ s: String) -> String {
        // Nearly every string of a report (names, keys, effect ids) is printable ASCII with no
        // quote or backslash: taken whole, without a look at each scalar.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            return "\"" + s + "\""
        }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // Controls, and what else a terminal would act on (VisibleText), as \u escapes.
            // Printable ASCII, nearly all of a report, is told apart without a call.
            case _ where scalar.value < 0x20 || (scalar.value >= 0x7F && VisibleText.needsEscape(scalar)):
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
