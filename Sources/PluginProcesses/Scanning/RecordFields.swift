import LibC
import PluginABI

/// The fields of one record line (see RecordLine), as OutcomeRecord reads them: already
/// decoded into strings (the scanner's report), or read in place from the bytes of the line
/// (the registry cache), where a number or a verb never becomes a string on its way. Decoding
/// every field of every line into a string was a third of what reading the cache of 500
/// plugins cost.
package protocol RecordFields {
    var count: Int { get }
    /// Whether the first field is `verb`.
    func hasVerb(_ verb: String) -> Bool
    /// Field `i`, unescaped and checked (RecordLine.field).
    func text(_ i: Int) throws -> String
    func unsigned<T: FixedWidthInteger & UnsignedInteger>(_ i: Int, as: T.Type) throws -> T
    /// A double written as the 16 hex digits of its bits (RecordNumber).
    func double(_ i: Int) throws -> Double
}

/// Lines read one at a time, each as its fields.
package protocol RecordLines {
    associatedtype Line: RecordFields
    var isAtEnd: Bool { get }
    mutating func next() throws -> Line
}

extension Array: RecordFields where Element == String {
    package func hasVerb(_ verb: String) -> Bool { first == verb }
    package func text(_ i: Int) throws -> String { self[i] }
    package func unsigned<T: FixedWidthInteger & UnsignedInteger>(_ i: Int, as: T.Type) throws -> T { try RecordNumber.unsigned(self[i]) }
    package func double(_ i: Int) throws -> Double { try RecordNumber.double(self[i]) }
}

/// Lines already split into their fields.
struct RecordCursor: RecordLines {
    private let lines: [[String]]
    private(set) var position = 0

    package init(_ lines: [[String]]) { self.lines = lines }

    package var isAtEnd: Bool { position == lines.count }

    package mutating func next() throws -> [String] {
        guard position < lines.count else { throw RecordLine.Malformed(description: "the record ends too early") }
        position += 1
        return lines[position - 1]
    }
}

/// One line read in place: its bytes (without the newline) and where each field lies. Valid
/// only while the buffer it points into is.
package struct RecordLineBytes: RecordFields {
    package let bytes: UnsafeBufferPointer<UInt8>
    package let bounds: [Range<Int>]

    package init(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        self.bytes = bytes
        bounds = try RecordLine.fieldBounds(bytes)
    }

    package var count: Int { bounds.count }

    package func field(_ i: Int) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: bytes[bounds[i]]) }

    package func hasVerb(_ verb: String) -> Bool {
        let first = field(0)
        var verb = verb
        return verb.withUTF8 { $0.count == first.count && memcmp($0.baseAddress!, first.baseAddress!, first.count) == 0 }
    }

    package func text(_ i: Int) throws -> String { try RecordLine.field(field(i)) }

    /// Digits as written: a number is never escaped, so an escaped digit is refused here.
    package func unsigned<T: FixedWidthInteger & UnsignedInteger>(_ i: Int, as: T.Type) throws -> T { try RecordNumber.unsigned(field(i)) }

    package func double(_ i: Int) throws -> Double { Double(bitPattern: try RecordNumber.hex(field(i))) }

    /// Every field as a string.
    package func strings() throws -> [String] { try (0..<count).map(text) }
}

/// The lines of a buffer, read in place one at a time; each must end with a newline.
package struct RecordByteLines: RecordLines {
    private let all: UnsafeBufferPointer<UInt8>
    private(set) var position = 0

    /// `all`: whole lines, the last one ended by its newline too.
    package init(_ all: UnsafeBufferPointer<UInt8>) { self.all = all }

    package var isAtEnd: Bool { position >= all.count }

    package mutating func next() throws -> RecordLineBytes {
        guard position < all.count else { throw RecordLine.Malformed(description: "the record ends too early") }
        let start = all.baseAddress! + position
        guard let newline = memchr(start, 0x0a, all.count - position) else {
            throw RecordLine.Malformed(description: "a line without its newline")
        }
        let length = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self)) - start
        let line = try RecordLineBytes(UnsafeBufferPointer(start: start, count: length))
        position += length + 1
        return line
    }
}
