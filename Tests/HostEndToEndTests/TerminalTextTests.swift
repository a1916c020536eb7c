import Foundation
import Testing

/// Text a plugin or a file supplies (names, versions, descriptions, log lines, file names)
/// never reaches a terminal raw: escape sequences are shown as `\x1b…`, never interpreted.
/// Each command is run as a person would run it, and what it writes is searched for the bytes
/// a terminal would act on.
@Suite("Plugin text never reaches the terminal raw")
struct TerminalTextTests {
    /// ESC, BEL, CR and the one-byte C1 CSI (U+009B), which terminals act on; and the
    /// right-to-left override, which reorders what is shown.
    static let hostile: [(bytes: [UInt8], shown: String)] = [
        ([0x1B], "\\x1b"), ([0x07], "\\x07"), ([0x0D], "\\x0d"), ([0xC2, 0x9B], "\\u{9b}"), ([0xE2, 0x80, 0xAE], "\\u{202e}"),
    ]

    /// A plugin whose every string carries a title change, a screen clear, an OSC 52
    /// clipboard write, a C1 CSI and a right-to-left override, and whose animator logs one.
    static let source = #"""
    #include <stdlib.h>
    #include "transition_host.h"
    #define EVIL "\x1b]0;pwned\x07\x1b[2J\x1b]52;c;cHduZWQ=\x07\r\xc2\x9b" "31m\xe2\x80\xae"
    \#(FadeAnimatorC.functions(animatePrologue: #"host->log(TH_LOG_WARNING, "animating " EVIL);"#))
    static const th_animator_interface animator = { sizeof animator, create, destroy, duration, animate, NULL };
    static const th_param_descriptor params[] = {
        { sizeof(th_param_descriptor), TH_PARAM_ENUM, "mode", "Mode " EVIL, "unit" EVIL, 0, 1, 0, 2,
          (const char *const[]){ "calm", "wild" } },
    };
    static const th_effect_descriptor effect = {
        sizeof effect, TH_KIND_ANIMATOR, "evil", "Evil " EVIL, "Says " EVIL,
        TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS, 1, params, 0.1, &animator };
    static bool init(const th_host_api *h) { host = h; return true; }
    static uint32_t count(void) { return 1; }
    static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect : NULL; }
    TH_EXPORT const th_plugin_entry th_entry = {
        sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, "evil.text", "Evil " EVIL, "1.0" EVIL, "Vendor " EVIL,
        init, NULL, count, get, NULL };
    """#

    /// Fails for every byte sequence of `hostile` found in the command's output.
    func expectNoRawControls(_ result: ProgramResult, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for stream in [("stdout", result.stdout), ("stderr", result.stderr)] {
            let bytes = [UInt8](stream.1)
            for (sequence, _) in Self.hostile {
                let found = bytes.indices.contains { i in i + sequence.count <= bytes.count && Array(bytes[i..<i + sequence.count]) == sequence }
                #expect(!found, "\(what) wrote \(sequence) raw on \(stream.0):\n\(result)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test("list, inspect, run and validate show a hostile plugin's text visibly escaped, in its names, log lines and file name")
    func escapedEverywhere() async throws {
        let dir = try TempDir("terminal-text")
        let plugins = try dir.folder("plugins")
        let built = try await compileC(Self.source, to: "evil.so", in: dir)
        // The file name carries an escape sequence too.
        try FileManager.default.copyItem(atPath: built, toPath: "\(plugins)/evil\u{1b}[2J.so")

        let list = try await runHost(["list"], pluginFolder: plugins, in: dir)
        #expect(list.status == 0, "\(list)")
        expectNoRawControls(list, "host list")
        #expect(list.out.contains("evil\\x1b[2J.so"), "the file name is shown escaped:\n\(list.out)")

        let inspect = try await runHost(["inspect", "evil"], pluginFolder: plugins, in: dir)
        #expect(inspect.status == 0, "\(inspect)")
        expectNoRawControls(inspect, "host inspect")
        for (_, shown) in Self.hostile {
            #expect(inspect.out.contains(shown), "inspect shows \(shown):\n\(inspect.out)")
        }

        // The fixture cuts back to the presenter at its completion: a pop, not this test's matter.
        let run = try await runHost(["run", "evil", "--no-motion-check"], pluginFolder: plugins, in: dir)
        #expect(run.status == 0, "\(run)")
        expectNoRawControls(run, "host run")
        #expect(run.out.contains("animating \\x1b]0;pwned\\x07"), "the log line is shown escaped:\n\(run.out)")

        let validate = try await runHost(["validate", built], pluginFolder: plugins, in: dir)
        expectNoRawControls(validate, "host validate")

        // JSON keeps the text exact, escaped as JSON does.
        let json = try await runHost(["inspect", "evil", "--json"], pluginFolder: plugins, in: dir)
        expectNoRawControls(json, "host inspect --json")
        #expect(json.out.contains("\\u001b]0;pwned"), "\(json.out)")
    }
}
