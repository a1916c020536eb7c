/// How many colours the terminal shows: 24-bit where the terminal says so ($COLORTERM), the
/// xterm 256-colour palette everywhere else.
public enum TerminalColorMode: Sendable {
    case trueColor
    case palette256

    /// Truecolour when COLORTERM is "truecolor" or "24bit" (the convention terminals follow
    /// to advertise it); 256 colours otherwise.
    public static func detect(environment: [String: String]) -> TerminalColorMode {
        let value = environment["COLORTERM"]?.lowercased() ?? ""
        return value == "truecolor" || value == "24bit" ? .trueColor : .palette256
    }

    /// The colour this mode shows for 0xRRGGBB: itself, or its palette index (0–255).
    @inline(__always)
    func code(for rgb: UInt32) -> UInt32 {
        switch self {
        case .trueColor: return rgb
        case .palette256: return Self.paletteIndex(rgb)
        }
    }

    /// The nearest of xterm's 6×6×6 colour cube (16–231) and its 24 greys (232–255).
    static func paletteIndex(_ rgb: UInt32) -> UInt32 {
        let r = Int((rgb >> 16) & 0xFF), g = Int((rgb >> 8) & 0xFF), b = Int(rgb & 0xFF)
        func cubeStep(_ v: Int) -> Int { v < 48 ? 0 : v < 115 ? 1 : (v - 35) / 40 }
        let levels = [0, 95, 135, 175, 215, 255]
        let (cr, cg, cb) = (cubeStep(r), cubeStep(g), cubeStep(b))
        let cubeDistance = square(levels[cr] - r) + square(levels[cg] - g) + square(levels[cb] - b)
        let average = (r + g + b) / 3
        let grey = min(23, max(0, (average - 3) / 10))
        let greyLevel = 8 + grey * 10
        let greyDistance = square(greyLevel - r) + square(greyLevel - g) + square(greyLevel - b)
        if greyDistance < cubeDistance { return UInt32(232 + grey) }
        return UInt32(16 + 36 * cr + 6 * cg + cb)
    }

    private static func square(_ x: Int) -> Int { x * x }
}
