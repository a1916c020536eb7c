/// The name given to `host new`, and the names derived from it for each language: the
/// plugin's and its effect's id ("my-fade"), a C identifier ("my_fade"), a Swift type
/// ("MyFade"), a Rust library file ("libmy_fade.so") and a title ("My fade").
public struct ProjectName: Sendable, Equatable {
    public let id: String

    public struct Invalid: Error, CustomStringConvertible {
        public let description: String
    }

    /// The name must be a valid effect id, since it becomes one: [a-z][a-z0-9_-]*, at most
    /// 63 bytes. (Dots, allowed in plugin ids, are not: they would end up in file names.)
    public init(_ text: String) throws {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else {
            throw Invalid(description: "'\(text)' must start with a lower-case letter (it becomes the effect's id)")
        }
        guard text.utf8.count <= 63 else { throw Invalid(description: "'\(text)' is longer than 63 bytes") }
        guard text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_" }) else {
            throw Invalid(description: "'\(text)' may contain only lower-case letters, digits, '-' and '_' (it becomes the effect's id)")
        }
        id = text
    }

    private var words: [Substring] { id.split(whereSeparator: { $0 == "-" || $0 == "_" }) }

    /// "my_fade": for C functions and Rust's library name.
    public var cIdentifier: String { id.replacing("-", with: "_") }

    /// "MyFade": for the Swift target and types.
    public var typeName: String { words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined() }

    /// "My fade": what `host list` shows.
    public var title: String {
        let text = words.joined(separator: " ")
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}
