/// Text for people, made safe to show on a terminal: what a plugin or a file supplies (names,
/// versions, descriptions, log lines, file names, scene keys) may hold escape sequences that
/// retitle the window, clear the screen or write the clipboard (OSC 52). Every such character
/// is shown instead, as `\x1b` (C0 and DEL) or `\u{9b}` (C1 controls and the bidirectional
/// overrides that reorder what is displayed), so nothing is interpreted and the reader still
/// sees what was there. Line feeds and tabs stay: they are the layout of the host's own text.
///
/// The one sanitiser of human-readable output: the CLI passes everything it prints for people
/// through it. JSON output does not need it; its writer escapes control characters itself.
public enum VisibleText {
    public static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                out.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            out += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
        }
        return out
    }

    /// JSON text with the characters a terminal would act on written as `\u` escapes: JSON
    /// writers escape C0 controls but leave DEL, C1 controls and bidirectional overrides raw,
    /// and such output is read on terminals too. Outside strings JSON is ASCII without
    /// controls, so replacing them anywhere in the text changes no value.
    public static func escapeInJSON(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: needsEscape) else { return json }
        var out = ""
        out.reserveCapacity(json.utf8.count + 16)
        for scalar in json.unicodeScalars {
            if needsEscape(scalar) && scalar.value >= 0x20 {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// C0 controls but line feed and tab, DEL, C1 controls, and the bidirectional embeddings,
    /// overrides and isolates (U+202A–U+202E, U+2066–U+2069).
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }
}
