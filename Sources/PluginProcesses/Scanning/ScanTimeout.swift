import PluginABI
/// HOST_SCAN_TIMEOUT, read strictly: the seconds one plugin file may take in the scanner's
/// helper, from a tenth of a second to ten minutes. Anything else (a word, 0, a negative
/// number, infinity, 1e308, which once lifted the limit altogether) is refused with a line
/// saying so, and the default applies.
public enum ScanTimeout {
    public static let range = 0.1...600.0

    /// The timeout to use and, when `text` was refused, why.
    public static func parse(_ text: String?) -> (seconds: Double, refusal: String?) {
        guard let text else { return (PluginScanner.defaultFileTimeout, nil) }
        let trimmed = text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        guard let value = Double(trimmed), value.isFinite, range.contains(value) else {
            return (PluginScanner.defaultFileTimeout,
                    "HOST_SCAN_TIMEOUT='\(text)' is not a number of seconds from \(range.lowerBound) to \(Int(range.upperBound)); "
                        + "using the default, \(Int(PluginScanner.defaultFileTimeout)) s")
        }
        return (value, nil)
    }
}

