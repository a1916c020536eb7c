/// A small JSON reader for scene files that remembers where each value stood, so that a bad
/// scene gets a message with the line and the key at fault. Pure Swift, no Foundation. Refuses
/// documents deeper than `maxDepth` or larger than `maxBytes` rather than exhausting the stack
/// or the memory.
public indirect enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Located])
    case object([(key: String, value: Located)])

    public struct Located: Equatable, Sendable {
        public let value: JSONValue
        public let line: Int
    }

    public static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }
}

public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let message: String
    public var description: String { "line \(line): \(message)" }
}

public enum JSONDocument {
    public static let maxDepth = 64
    public static let maxBytes = 4 << 20

    public static func parse(_ text: String) throws -> JSONValue.Located {
        let bytes = Array(text.utf8)
        guard bytes.count <= maxBytes else {
            throw JSONSyntaxError(line: 1, message: "the document is \(bytes.count) bytes; at most \(maxBytes)")
        }
        var parser = Parser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the document") }
        return value
    }

    struct Parser {
        let bytes: [UInt8]
        var index = 0
        var line = 1

        func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(line: line, message: message) }

        mutating func skipSpace() {
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\n"): line += 1; index += 1
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): index += 1
                default: return
                }
            }
        }

        mutating func expect(_ c: UInt8, _ what: String) throws {
            skipSpace()
            guard index < bytes.count, bytes[index] == c else { throw error("expected \(what)") }
            index += 1
        }

        mutating func value(depth: Int) throws -> JSONValue.Located {
            guard depth < JSONDocument.maxDepth else { throw error("nested more than \(JSONDocument.maxDepth) deep") }
            skipSpace()
            guard index < bytes.count else { throw error("unexpected end of the document") }
            let startLine = line
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var members: [(key: String, value: JSONValue.Located)] = []
                skipSpace()
                if index < bytes.count && bytes[index] == UInt8(ascii: "}") { index += 1; return .init(value: .object(members), line: startLine) }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                    let key = try string()
                    if members.contains(where: { $0.key == key }) { throw error("key '\(key)' appears twice") }
                    try expect(UInt8(ascii: ":"), "':' after key '\(key)'")
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    guard index < bytes.count else { throw error("unexpected end inside an object") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "}") { index += 1; break }
                    throw error("expected ',' or '}' after the value of '\(key)'")
                }
                return .init(value: .object(members), line: startLine)
            case UInt8(ascii: "["):
                index += 1
                var items: [JSONValue.Located] = []
                skipSpace()
                if index < bytes.count && bytes[index] == UInt8(ascii: "]") { index += 1; return .init(value: .array(items), line: startLine) }
                while true {
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard index < bytes.count else { throw error("unexpected end inside an array") }
                    if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                    if bytes[index] == UInt8(ascii: "]") { index += 1; break }
                    throw error("expected ',' or ']' in an array")
                }
                return .init(value: .array(items), line: startLine)
            case UInt8(ascii: "\""):
                return .init(value: .string(try string()), line: startLine)
            case UInt8(ascii: "t"): try word("true"); return .init(value: .bool(true), line: startLine)
            case UInt8(ascii: "f"): try word("false"); return .init(value: .bool(false), line: startLine)
            case UInt8(ascii: "n"): try word("null"); return .init(value: .null, line: startLine)
            default:
                return .init(value: .number(try number()), line: startLine)
            }
        }

        mutating func word(_ w: String) throws {
            let u = Array(w.utf8)
            guard index + u.count <= bytes.count, Array(bytes[index..<index + u.count]) == u else {
                throw error("unexpected text; expected a value")
            }
            index += u.count
        }

        mutating func number() throws -> Double {
            let start = index
            while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
            guard index > start, let n = Double(String(decoding: bytes[start..<index], as: UTF8.self)), n.isFinite
            else { throw error("expected a value") }
            return n
        }

        mutating func string() throws -> String {
            index += 1  // the opening quote
            var out: [UInt8] = []
            while true {
                guard index < bytes.count else { throw error("unterminated string") }
                let c = bytes[index]
                index += 1
                switch c {
                case UInt8(ascii: "\""):
                    return String(decoding: out, as: UTF8.self)
                case UInt8(ascii: "\n"):
                    throw error("a string may not run across lines")
                case UInt8(ascii: "\\"):
                    guard index < bytes.count else { throw error("unterminated string") }
                    let e = bytes[index]
                    index += 1
                    switch e {
                    case UInt8(ascii: "n"): out.append(10)
                    case UInt8(ascii: "t"): out.append(9)
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                    default: throw error("unsupported escape '\\\(Character(Unicode.Scalar(e)))'")
                    }
                default:
                    out.append(c)
                }
            }
        }
    }
}
