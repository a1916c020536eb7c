import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

@Suite("HOST_SCAN_TIMEOUT is read strictly")
struct ScanTimeoutTests {
    @Test("seconds from 0.1 to 600 are taken; anything else is refused with a reason, and the default applies", arguments: [
        ("5", 5.0, false), ("0.5", 0.5, false), ("600", 600, false), (nil, 3, false),
        ("1e308", 3, true), ("inf", 3, true), ("nan", 3, true), ("0", 3, true), ("-2", 3, true), ("601", 3, true), ("soon", 3, true),
    ] as [(String?, Double, Bool)])
    func parse(text: String?, seconds: Double, refused: Bool) {
        let parsed = ScanTimeout.parse(text)
        #expect(parsed.seconds == seconds)
        #expect((parsed.refusal != nil) == refused, "\(String(describing: parsed.refusal))")
        if refused { #expect(parsed.refusal?.contains("HOST_SCAN_TIMEOUT") == true) }
    }
}
