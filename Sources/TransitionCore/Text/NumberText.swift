/// Numbers as the host writes them for people: one definition for every message, listing and
/// report, so the same value reads the same everywhere.
public enum NumberText {
    /// The value exactly, without a trailing ".0": 2, 0.25, 1e-07.
    public static func exact(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x)
    }

    /// The value to three decimals at most, without a trailing ".0": 0.333, 12; "nan" and
    /// "inf" as they are.
    public static func readable(_ x: Double) -> String {
        guard x.isFinite else { return "\(x)" }
        return exact((x * 1000).rounded() / 1000)
    }

    /// A count with its thousands set apart by commas, as the docs write them: 10,000.
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return (n < 0 ? "-" : "") + out
    }
}
