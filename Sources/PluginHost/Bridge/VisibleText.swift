/// Plugin text made safe for a terminal: control characters (C0, DEL, C1) and backslashes
/// are written visibly as escapes (`\x1b`, `\\`), so that a plugin's log line or name can
/// never move the cursor, change colours or hide what precedes it.
enum VisibleText {
    static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0x5C {
                out += "\\\\"
            } else if v < 0x20 || (0x7F...0x9F).contains(v) {
                let hex = String(v, radix: 16)
                out += v <= 0xFF ? "\\x" + (hex.count == 1 ? "0" + hex : hex) : "\\u{\(hex)}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
