/// Renames a project: each of one name's forms ("c-fade", "c_fade", "CFade", "C fade") becomes
/// the same form of another name, in one pass, so that a new name containing an old form
/// ("c-fade-2") is never renamed twice.
struct ProjectRenaming {
    private let pairs: [(from: [UInt8], to: String)]

    init(from old: ProjectName, to new: ProjectName) {
        let forms: [(ProjectName) -> String] = [\.id, \.cIdentifier, \.typeName, \.title]
        // Longest first, so that where one form begins another, the longer one wins.
        pairs = forms.map { (Array($0(old).utf8), $0(new)) }.sorted { $0.from.count > $1.from.count }
    }

    func apply(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var out = ""
        out.reserveCapacity(bytes.count)
        var start = 0, i = 0
        while i < bytes.count {
            if let pair = pairs.first(where: { bytes[i...].starts(with: $0.from) }) {
                out += String(decoding: bytes[start..<i], as: UTF8.self) + pair.to
                i += pair.from.count
                start = i
            } else {
                i += 1
            }
        }
        return out + String(decoding: bytes[start...], as: UTF8.self)
    }
}
