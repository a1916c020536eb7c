import CTransitionABI
import Foundation
import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

/// One kind of file the host must refuse, how to make it, and what the refusal must say.
struct BadPluginFile: Sendable, CustomTestStringConvertible {
    /// The file's name, ending in .so so that discovery picks it up.
    let fileName: String
    /// Text the failure's message must contain (case-sensitive), naming what is wrong.
    let mustSay: [String]
    /// Writes the file at `path` (in `dir`, which it may use for intermediate files).
    let make: @Sendable (_ dir: TempDir, _ path: String) async throws -> Void

    var testDescription: String { fileName }

    init(_ fileName: String, mustSay: [String], make: @escaping @Sendable (TempDir, String) async throws -> Void) {
        self.fileName = fileName
        self.mustSay = mustSay
        self.make = make
    }

    /// A bad file compiled from the template with one mistake.
    init(_ fileName: String, mustSay: [String], template: PluginTemplate) {
        self.init(fileName, mustSay: mustSay) { dir, path in
            try await compileC(template.render(), to: (path as NSString).lastPathComponent, in: dir)
        }
    }

    /// A copy of a good plugin with `edit` applied to its bytes.
    static func edited(_ fileName: String, mustSay: [String], _ edit: @escaping @Sendable ([UInt8]) -> [UInt8]) -> BadPluginFile {
        BadPluginFile(fileName, mustSay: mustSay) { dir, path in
            let good = try await compilePlugin(PluginTemplate(), to: "\(fileName).original.bin", in: dir)
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: good)))
            try Data(edit(bytes)).write(to: URL(fileURLWithPath: path))
        }
    }

    /// A plugin that never had its constructor run leaves no file here.
    static func constructorMarker(in dir: TempDir) -> String { dir.file("constructor-ran.txt") }

    /// The ELF machine number of an architecture this host is not.
    static let foreignMachine: UInt8 = ELFProbe.hostMachine == 183 ? 62 : 183
    static let foreignMachineName = ELFProbe.machineName(UInt16(foreignMachine))
    static let hostMachineName = ELFProbe.machineName(ELFProbe.hostMachine)

    static let entrySize = MemoryLayout<th_plugin_entry>.size

    /// Every bad file, each with the words its refusal must contain.
    static let all: [BadPluginFile] = [
        BadPluginFile("random-bytes.so", mustSay: ["not an ELF shared library"]) { _, path in
            var generator = SeededGenerator(seed: 0x5eed)
            var bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
            bytes[0] = 0x42  // certainly not the ELF magic
            try Data(bytes).write(to: URL(fileURLWithPath: path))
        },
        BadPluginFile("empty.so", mustSay: ["too short", "0 bytes"]) { _, path in
            try Data().write(to: URL(fileURLWithPath: path))
        },
        edited("truncated-1000.so", mustSay: ["malformed ELF file", "runs past the end of the file", "cut off"]) { Array($0.prefix(1000)) },
        edited("truncated-40.so", mustSay: ["too short", "40 bytes"]) { Array($0.prefix(40)) },
        edited("wrong-architecture.so", mustSay: ["built for \(foreignMachineName)", "this host is \(hostMachineName)"]) {
            var bytes = $0
            bytes[18] = foreignMachine
            bytes[19] = 0
            return bytes
        },
        edited("elf32.so", mustSay: ["32-bit ELF", "64-bit"]) {
            var bytes = $0
            bytes[4] = 1
            return bytes
        },
        BadPluginFile("executable.so", mustSay: ["position-independent executable", "not a shared library"]) { dir, path in
            let source = PluginTemplate().render() + "\nint main(void) { return 0; }\n"
            try await compileC(source, to: (path as NSString).lastPathComponent, in: dir, flags: ["-fPIE", "-pie"])
        },
        BadPluginFile("object-file.so", mustSay: ["object file", "not a shared library"]) { dir, path in
            try await compileC(PluginTemplate().render(), to: (path as NSString).lastPathComponent, in: dir,
                               flags: ["-c", "-fPIC"])
        },
        BadPluginFile("no-entry.so", mustSay: ["no entry symbol", "'th_entry'", "'th_get_entry'"],
                      template: PluginTemplate(entry: .none)),
        BadPluginFile("entry-is-function.so", mustSay: ["'th_entry' is a function", "not a const th_plugin_entry"],
                      template: PluginTemplate(entry: .functionNamedLikeTheDataSymbol)),
        BadPluginFile("abi-2.so", mustSay: ["built for plugin ABI 2.\(TH_ABI_MINOR)", "this host speaks ABI 1.\(TH_ABI_MINOR)", "rebuild"]) { dir, path in
            // A constructor runs as soon as the library is loaded: its marker file proves
            // whether the host loaded the library before checking the version.
            let template = PluginTemplate(abiMajor: "2", prelude: """
                __attribute__((constructor)) static void fx_constructor(void)
                {
                    FILE *marker = fopen(\(PluginTemplate.literal(constructorMarker(in: dir))), "w");
                    if (marker != NULL) { fputs("ran\\n", marker); fclose(marker); }
                }
                """)
            try await compileC(template.render(), to: (path as NSString).lastPathComponent, in: dir)
        },
        BadPluginFile("entry-too-small.so", mustSay: ["struct_size is 8", "\(entrySize) bytes"],
                      template: PluginTemplate(entrySize: "8")),
        BadPluginFile("null-plugin-id.so", mustSay: ["plugin id is NULL"],
                      template: PluginTemplate(pluginID: "NULL")),
        BadPluginFile("null-effect-id.so", mustSay: ["effect #0 id is NULL"],
                      template: PluginTemplate(effects: [.init(id: "NULL")])),
        BadPluginFile("empty-effect-id.so", mustSay: ["effect #0 id is empty"],
                      template: PluginTemplate(effects: [.init(id: "\"\"")])),
        BadPluginFile("duplicate-effect-ids.so", mustSay: ["effect id 'fx' is declared twice"],
                      template: PluginTemplate(effects: [.init(), .init()])),
        BadPluginFile("invalid-kind.so", mustSay: ["effect 'fx' kind is 9", "TH_KIND_"],
                      template: PluginTemplate(effects: [.init(kind: "9")])),
        BadPluginFile("no-transitions.so", mustSay: ["effect 'fx' transitions mask is 0x0"],
                      template: PluginTemplate(effects: [.init(transitions: "0")])),
        BadPluginFile("nan-duration.so", mustSay: ["effect 'fx' default_duration is nan"],
                      template: PluginTemplate(effects: [.init(defaultDuration: "NAN")])),
        BadPluginFile("absurd-effect-count.so", mustSay: ["effect_count() returned 100000", "at most 256"],
                      template: PluginTemplate(effectCount: "100000u")),
        BadPluginFile("param-default-out-of-range.so", mustSay: ["parameter 'amount' default 5.0 is outside its range [0.0, 1.0]"],
                      template: PluginTemplate(effects: [.init(parameters: [.init(defaultValue: "5.0")])])),
        BadPluginFile("enum-default-not-a-choice.so", mustSay: ["parameter 'style' default 3.0 is not a choice index"],
                      template: PluginTemplate(effects: [.init(parameters: [
                          .init(id: "style", type: "TH_PARAM_ENUM", defaultValue: "3", choices: ["plain", "fancy"]),
                      ])])),
        // The rule host validate's descriptors.ids states, and since both read DescriptorReader,
        // the loader's too: --param could only ever pick the first of the two.
        BadPluginFile("enum-choice-twice.so", mustSay: ["parameter 'style' lists choice 'plain' twice"],
                      template: PluginTemplate(effects: [.init(parameters: [
                          .init(id: "style", type: "TH_PARAM_ENUM", defaultValue: "0", choices: ["plain", "fancy", "plain"]),
                      ])])),
        BadPluginFile("init-declines.so", mustSay: ["init returned false"],
                      template: PluginTemplate(initResult: "false")),
        BadPluginFile("undefined-symbol.so", mustSay: ["dlopen failed", "undefined symbol: fixture_symbol_nobody_defines"],
                      template: PluginTemplate(
                          initBody: "fixture_symbol_nobody_defines();",
                          prelude: "extern void fixture_symbol_nobody_defines(void);")),
    ]
}

/// A small deterministic generator (SplitMix64), so that "random" files are the same every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }
}
