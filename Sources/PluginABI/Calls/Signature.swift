/// A C function's signature in the host's small signature language: the return type, then the
/// parameter types in parentheses. `d(did)` is `double f(double, int32_t, double)`.
///
///   v void (return only)   b bool      c int8   C uint8   s int16   S uint16
///   i int32   I uint32     l int64     L uint64 f float   d double
///   p pointer              z C string (const char *, NUL-terminated)
///   P th_point   Z th_size   R th_rect   K th_color   (structs of doubles, by value)
///
/// At most 16 parameters. The same text is documented in transition_host.h.
public struct Signature: Hashable, Sendable, CustomStringConvertible {
    public enum ValueType: Character, CaseIterable, Sendable {
        case void = "v", bool = "b", int8 = "c", uint8 = "C", int16 = "s", uint16 = "S"
        case int32 = "i", uint32 = "I", int64 = "l", uint64 = "L", float = "f", double = "d"
        case pointer = "p", string = "z", point = "P", size = "Z", rect = "R", color = "K"

        /// Doubles in a by-value struct type; 0 for scalars.
        var structDoubles: Int {
            switch self {
            case .point, .size: return 2
            case .rect, .color: return 4
            default: return 0
            }
        }

        public var cName: String {
            switch self {
            case .void: return "void"
            case .bool: return "bool"
            case .int8: return "int8_t"
            case .uint8: return "uint8_t"
            case .int16: return "int16_t"
            case .uint16: return "uint16_t"
            case .int32: return "int32_t"
            case .uint32: return "uint32_t"
            case .int64: return "int64_t"
            case .uint64: return "uint64_t"
            case .float: return "float"
            case .double: return "double"
            case .pointer: return "void *"
            case .string: return "const char *"
            case .point: return "th_point"
            case .size: return "th_size"
            case .rect: return "th_rect"
            case .color: return "th_color"
            }
        }
    }

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let text: String
        /// 1-based position of the fault in `text`.
        public let position: Int
        public let reason: String
        public var description: String { "signature '\(text)': \(reason) at position \(position)" }
    }

    public static let maxParameters = 16

    public let returnType: ValueType
    public let parameters: [ValueType]
    public let text: String

    public var description: String { text }

    public init(parsing text: String) throws {
        let chars = Array(text)
        func fail(_ at: Int, _ why: String) -> ParseError { ParseError(text: text, position: at + 1, reason: why) }
        guard let first = chars.first else { throw fail(0, "empty signature") }
        guard let ret = ValueType(rawValue: first) else {
            throw fail(0, "unknown return type '\(first)' (expected one of \(Self.typeLetters))")
        }
        guard chars.count >= 2, chars[1] == "(" else { throw fail(min(1, chars.count), "expected '(' after the return type") }
        var params: [ValueType] = []
        var i = 2
        while i < chars.count && chars[i] != ")" {
            guard let t = ValueType(rawValue: chars[i]) else {
                throw fail(i, "unknown parameter type '\(chars[i])' (expected one of \(Self.typeLetters))")
            }
            guard t != .void else { throw fail(i, "'v' (void) is only allowed as the return type") }
            params.append(t)
            guard params.count <= Self.maxParameters else {
                throw fail(i, "more than \(Self.maxParameters) parameters")
            }
            i += 1
        }
        guard i < chars.count else { throw fail(i, "missing ')'") }
        guard i == chars.count - 1 else { throw fail(i + 1, "unexpected text after ')'") }
        returnType = ret
        parameters = params
        self.text = text
    }

    static let typeLetters = ValueType.allCases.map { String($0.rawValue) }.joined()
}
