import LibC
import PluginABI

/// One line of the scanner's report and of the registry cache: fields separated by single
/// spaces, ended by a newline. A field's bytes are UTF-8 with every control byte, space,
/// DEL and '%' written as %XX; an empty field is written "%-". So a field never contains a
/// space or a newline, any string survives the trip, and a reader can refuse anything else.
///
/// Both files are read as untrusted input: a plugin shares the scanner's process and may
/// write anything into its report, and anyone may have cut or edited the cache.
package enum RecordLine {
    package struct Malformed: Error, Equatable, CustomStringConvertible {
        package let description: String
        package init(description: String) { self.description = description }
    }

    /// The longest line a reader accepts. The longest honest field is a descriptor's text of
    /// 4096 bytes (a warning: 16 KiB), three times that when every byte is escaped.
    static let maximumLength = 1 << 16

    package static func encode(_ fields: [String]) -> [UInt8] {
        var out: [UInt8] = []
        for (i, field) in fields.enumerated() {
            if i > 0 { out.append(0x20) }
            if field.isEmpty {
                out += [0x25, 0x2d]  // "%-"
                continue
            }
            for byte in field.utf8 {
                if byte <= 0x20 || byte == 0x7f || byte == 0x25 {
                    out += [0x25, hexDigit(byte >> 4), hexDigit(byte & 0xf)]
                } else {
                    out.append(byte)
                }
            }
        }
        out.append(0x0a)
        return out
    }

    /// The fields of one line, given without its newline.
    package static func decode(_ line: ArraySlice<UInt8>) throws -> [String] {
        try line.withUnsafeBufferPointer { try decode($0) }
    }

    /// The same, over the raw buffer: a warm `host list` decodes every line of the cache, and
    /// generic slicing and per-field copies were most of what it cost.
    package static func decode(_ line: UnsafeBufferPointer<UInt8>) throws -> [String] {
        try fieldBounds(line).map { try field(UnsafeBufferPointer(rebasing: line[$0])) }
    }

    /// Where each field of a line (given without its newline) lies, not yet unescaped: for a
    /// reader that takes numbers straight from the bytes.
    static func fieldBounds(_ line: UnsafeBufferPointer<UInt8>) throws -> [Range<Int>] {
        guard line.count <= maximumLength else { throw Malformed(description: "a line of \(line.count) bytes") }
        var bounds: [Range<Int>] = []
        bounds.reserveCapacity(16)
        guard let base = line.baseAddress else { throw Malformed(description: "an empty field (an empty line, or two spaces in a row)") }
        var start = 0
        while true {
            // memchr rather than a loop over the bytes: a warm run splits every line of the cache.
            let space = memchr(base + start, 0x20, line.count - start)
            let end = space.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? line.count
            guard end > start else { throw Malformed(description: "an empty field (an empty line, or two spaces in a row)") }
            bounds.append(start..<end)
            guard end < line.count else { return bounds }
            start = end + 1
        }
    }

    /// One field, unescaped and checked.
    package static func field(_ raw: UnsafeBufferPointer<UInt8>) throws -> String {
        guard !raw.isEmpty else { throw Malformed(description: "an empty field (an empty line, or two spaces in a row)") }
        if raw.count == 2 && raw[0] == 0x25 && raw[1] == 0x2d { return "" }
        // Most fields are plain ASCII with nothing escaped: made straight from the bytes, with
        // no copy to unescape and no UTF-8 validation.
        var plain = true
        for byte in raw where byte <= 0x20 || byte >= 0x7f || byte == 0x25 {
            plain = false
            break
        }
        if plain { return String(decoding: raw, as: UTF8.self) }
        if let ascii = try asciiUnescaped(raw) { return ascii }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(raw.count)
        var i = 0
        while i < raw.count {
            let byte = raw[i]
            if byte == 0x25 {
                guard raw.count - i >= 3,
                      let high = hexValue(raw[i + 1]), let low = hexValue(raw[i + 2])
                else { throw Malformed(description: "a '%' not followed by two hex digits") }
                bytes.append(high << 4 | low)
                i += 3
            } else {
                guard byte > 0x20, byte != 0x7f else { throw Malformed(description: "a control byte 0x\(String(byte, radix: 16))") }
                bytes.append(byte)
                i += 1
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw Malformed(description: "a field that is not UTF-8") }
        return text
    }

    /// An escaped field that is ASCII once unescaped (a plugin's name with a space in it, its
    /// summary), unescaped straight into the string's own storage: ASCII needs no validating,
    /// and a copy to unescape into was most of what reading such a field cost. Nil when a byte
    /// is not ASCII: `field` then validates the UTF-8 whole.
    private static func asciiUnescaped(_ raw: UnsafeBufferPointer<UInt8>) throws -> String? {
        var ascii = true
        let text = try String(unsafeUninitializedCapacity: raw.count) { out in
            var i = 0, n = 0
            while i < raw.count && ascii {
                var byte = raw[i]
                if byte == 0x25 {
                    guard raw.count - i >= 3,
                          let high = hexValue(raw[i + 1]), let low = hexValue(raw[i + 2])
                    else { throw Malformed(description: "a '%' not followed by two hex digits") }
                    byte = high << 4 | low
                    i += 3
                } else {
                    guard byte > 0x20, byte != 0x7f else { throw Malformed(description: "a control byte 0x\(String(byte, radix: 16))") }
                    i += 1
                }
                ascii = byte < 0x80
                out[n] = byte
                n += 1
            }
            return ascii ? n : 0
        }
        return ascii ? text : nil
    }

    private static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x41 + v - 10 }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }
}

/// Numbers in record fields: decimal integers with no sign, and doubles as the 16 hex digits
/// of their bit pattern, so that a value read back is the value written, bit for bit.
package enum RecordNumber {
    package static func unsigned<T: FixedWidthInteger & UnsignedInteger>(_ field: String, as: T.Type = T.self) throws -> T {
        var text = field
        return try text.withUTF8 { try unsigned($0) }
    }

    /// A number straight from a field's bytes (digits need no unescaping): one pass, no
    /// string made, for the thousands a warm `host list` reads.
    package static func unsigned<T: FixedWidthInteger & UnsignedInteger>(_ digits: UnsafeBufferPointer<UInt8>, as: T.Type = T.self) throws -> T {
        guard !digits.isEmpty && digits.count <= 20 else { throw notANumber(digits) }
        var value: T = 0
        for c in digits {
            guard c >= 0x30 && c <= 0x39 else { throw notANumber(digits) }
            let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = tens.addingReportingOverflow(T(c &- 0x30))
            guard !overflow && !carry else { throw notANumber(digits) }
            value = sum
        }
        return value
    }

    private static func notANumber(_ digits: UnsafeBufferPointer<UInt8>) -> RecordLine.Malformed {
        notANumber(String(decoding: digits.prefix(40), as: UTF8.self))
    }

    private static func notANumber(_ field: String) -> RecordLine.Malformed {
        RecordLine.Malformed(description: "'\(field.prefix(40))' is not a number in range")
    }

    package static func signed(_ field: String) throws -> Int64 {
        var text = field
        return try text.withUTF8 { try signed($0) }
    }

    package static func signed(_ digits: UnsafeBufferPointer<UInt8>) throws -> Int64 {
        let negative = digits.first == 0x2d
        let magnitude: UInt64 = try unsigned(negative ? UnsafeBufferPointer(rebasing: digits.dropFirst()) : digits)
        guard magnitude <= UInt64(Int64.max) else {
            throw RecordLine.Malformed(description: "'\(String(decoding: digits.prefix(40), as: UTF8.self))' is out of range")
        }
        return negative ? -Int64(magnitude) : Int64(magnitude)
    }

    package static func double(_ value: Double) -> String { hex(value.bitPattern) }

    package static func double(_ field: String) throws -> Double {
        Double(bitPattern: try hex(field))
    }

    package static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    package static func hex(_ field: String) throws -> UInt64 {
        var text = field
        return try text.withUTF8 { try hex($0) }
    }

    package static func hex(_ digits: UnsafeBufferPointer<UInt8>) throws -> UInt64 {
        guard digits.count == 16 else { throw notHex(String(decoding: digits.prefix(40), as: UTF8.self)) }
        var value: UInt64 = 0
        for c in digits {
            switch c {
            case 0x30...0x39: value = value << 4 | UInt64(c - 0x30)
            case 0x61...0x66: value = value << 4 | UInt64(c - 0x61 + 10)
            default: throw notHex(String(decoding: digits.prefix(40), as: UTF8.self))
            }
        }
        return value
    }

    private static func notHex(_ field: String) -> RecordLine.Malformed {
        RecordLine.Malformed(description: "'\(field.prefix(40))' is not 16 hex digits")
    }
}

extension String {
    /// Whether a NUL byte is among the UTF-8 bytes, looked for with memchr: `utf8.contains(0)`
    /// goes byte by byte through the generic view, which reading the registry cache did for
    /// every path and text of every entry.
    package var containsNUL: Bool {
        var text = self
        return text.withUTF8 { $0.count > 0 && memchr($0.baseAddress!, 0, $0.count) != nil }
    }
}
