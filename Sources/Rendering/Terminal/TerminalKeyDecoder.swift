/// Turns the bytes a terminal sends in raw mode into keys. A read gets whatever has arrived:
/// several keys at once when the reader was busy, or part of one (an arrow's three bytes split
/// over two reads). So the decoder keeps an unfinished escape sequence until its next bytes
/// come, and a lone Esc stays pending until the caller, having waited briefly and seen
/// nothing more, calls `flush()` (the way terminal programs tell Esc from the start of an
/// arrow).
public struct TerminalKeyDecoder {
    public enum Key: Equatable, Sendable { case left, right, enter, escape, other }

    /// Bytes of an escape sequence not finished yet.
    private var pending: [UInt8] = []

    /// Longest escape sequence kept; a longer one is garbage and is dropped.
    static let longestSequence = 16

    public init() {}

    /// True when bytes are held back: an Esc, or the start of a sequence.
    public var isWaiting: Bool { !pending.isEmpty }

    /// The keys completed by these bytes, in order.
    public mutating func feed(_ bytes: [UInt8]) -> [Key] {
        var keys: [Key] = []
        for byte in bytes {
            if pending.isEmpty {
                switch byte {
                case 27: pending = [27]
                case 10, 13: keys.append(.enter)
                default: keys.append(.other)
                }
                continue
            }
            pending.append(byte)
            if let key = finished() {
                keys.append(contentsOf: key)
            }
        }
        return keys
    }

    /// What is pending when nothing more came: a lone Esc is the Esc key; the start of a
    /// sequence cut short is dropped.
    public mutating func flush() -> [Key] {
        defer { pending = [] }
        return pending == [27] ? [.escape] : []
    }

    /// Looks at `pending` after a byte was added: the keys it completes (none while the
    /// sequence is still open), clearing `pending` once it is decided.
    private mutating func finished() -> [Key]? {
        let second = pending[1]
        if pending.count == 2 {
            switch second {
            case UInt8(ascii: "["), UInt8(ascii: "O"): return nil      // CSI or SS3: more to come
            case 27: pending = [27]; return [.escape]                    // Esc, and another Esc begins
            default:
                pending = []
                // Esc then an ordinary key (Alt+key on most terminals): both, as typed.
                var rest = TerminalKeyDecoder()
                return [.escape] + rest.feed([second])
            }
        }
        let last = pending[pending.count - 1]
        let isFinal = second == UInt8(ascii: "O") || (0x40...0x7E).contains(last)
        guard isFinal else {
            if pending.count >= Self.longestSequence { pending = []; return [] }
            return nil
        }
        pending = []
        switch last {
        case UInt8(ascii: "C"): return [.right]
        case UInt8(ascii: "D"): return [.left]
        default: return [.other]
        }
    }
}
