/// The syntax of a view's modifiers in a scene file (`"modifiers": "fade scale(0.8)"`), as
/// Hero's modifiers: words separated by spaces, each a name alone or a name with arguments
/// in parentheses, every argument a number or a name: `fade`, `scale(0.8)`,
/// `translate(0, -40)`, `curve(easeIn)`, `spring(0.8, 0.4)`.
///
/// The host checks only this syntax, when it loads the scene; what each name means belongs
/// to the effect that reads the text (through the shared-elements extension's `modifiers`).
public enum ViewModifiers {
    /// The longest text, in bytes (TH_MAX_MODIFIERS_BYTES in the header).
    public static let maxBytes = 255
    /// The longest name, in bytes.
    public static let maxNameBytes = 32
    /// The most arguments one modifier takes.
    public static let maxArguments = 8

    /// What is wrong with `text`, or nil when its syntax is sound. The problem names the
    /// column (from 1) and quotes only printable ASCII, which the first rule checks.
    public static func problem(in text: String) -> String? {
        let bytes = Array(text.utf8)
        if bytes.count > maxBytes { return "\(bytes.count) bytes, more than the \(maxBytes) allowed" }
        if let i = bytes.firstIndex(where: { $0 < 0x20 || $0 > 0x7e }) {
            return bytes[i] < 0x80
                ? "byte 0x\(String(bytes[i], radix: 16)) at column \(i + 1) is not printable ASCII"
                : "column \(i + 1) is not printable ASCII (only characters 0x20 to 0x7e are allowed)"
        }
        var p = Parser(bytes: bytes)
        return p.check()
    }

    private struct Parser {
        let bytes: [UInt8]
        var i = 0

        var column: Int { i + 1 }
        func at(_ c: Character) -> Bool { i < bytes.count && bytes[i] == c.asciiValue! }
        mutating func skipSpaces() { while at(" ") { i += 1 } }

        static func isLetter(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) }
        static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        static func isNameByte(_ b: UInt8) -> Bool { isLetter(b) || isDigit(b) || b == 0x5f || b == 0x2d }

        /// A name: a letter, then letters, digits, '_' or '-'.
        mutating func readName() -> String? {
            guard i < bytes.count, Self.isLetter(bytes[i]) else { return nil }
            let start = i
            while i < bytes.count, Self.isNameByte(bytes[i]) { i += 1 }
            return String(decoding: bytes[start..<i], as: UTF8.self)
        }

        /// A decimal number: an optional sign, digits with an optional fraction, an optional
        /// exponent; finite.
        mutating func number() -> Bool {
            let start = i
            if at("-") || at("+") { i += 1 }
            var digits = 0
            while i < bytes.count, Self.isDigit(bytes[i]) { i += 1; digits += 1 }
            if at(".") {
                i += 1
                while i < bytes.count, Self.isDigit(bytes[i]) { i += 1; digits += 1 }
            }
            guard digits > 0 else { i = start; return false }
            if at("e") || at("E") {
                let mark = i
                i += 1
                if at("-") || at("+") { i += 1 }
                var exponent = 0
                while i < bytes.count, Self.isDigit(bytes[i]) { i += 1; exponent += 1 }
                if exponent == 0 { i = mark }
            }
            guard let value = Double(String(decoding: bytes[start..<i], as: UTF8.self)), value.isFinite else {
                i = start
                return false
            }
            return true
        }

        mutating func check() -> String? {
            skipSpaces()
            if i == bytes.count { return "empty: give at least one modifier, or leave the key out" }
            while i < bytes.count {
                let start = column
                guard let name = readName() else {
                    return "column \(column): expected a modifier's name (a letter, then letters, digits, '_' or '-')"
                }
                if name.utf8.count > maxNameBytes { return "column \(start): the name '\(name)' is longer than \(maxNameBytes) bytes" }
                if at("(") {
                    i += 1
                    var count = 0
                    while true {
                        skipSpaces()
                        let argument = column
                        if !number(), readName() == nil {
                            return at(")") && count == 0
                                ? "column \(argument): '\(name)()' has empty parentheses; write '\(name)' alone"
                                : "column \(argument): an argument of '\(name)' is not a number or a name"
                        }
                        count += 1
                        if count > maxArguments { return "column \(argument): '\(name)' has more than \(maxArguments) arguments" }
                        skipSpaces()
                        if at(",") { i += 1; continue }
                        if at(")") { i += 1; break }
                        return i == bytes.count
                            ? "'\(name)(' at column \(start) is missing its ')'"
                            : "column \(column): expected ',' or ')' in the arguments of '\(name)'"
                    }
                }
                if i < bytes.count, !at(" ") {
                    return "column \(column): expected a space between modifiers"
                }
                skipSpaces()
            }
            return nil
        }
    }
}
