import Foundation
import Testing

/// The host does not link cairo (fifteen libraries, about 1.7 ms of every start): it loads it
/// the first time it draws. The dynamic loader's own log (LD_DEBUG=libs) says what was loaded.
@Suite("Cairo is loaded only to draw")
struct CairoLoadingTests {
    static func run(_ arguments: [String], in dir: TempDir) async throws -> ProgramResult {
        let userData = try dir.folder("xdg-data-\(UUID().uuidString.prefix(8))")
        return try await runProgram(
            try Build.requireHost(), arguments,
            environment: ["HOST_PLUGIN_PATH": "", "XDG_DATA_HOME": userData, "XDG_CACHE_HOME": dir.file("xdg-cache"),
                          "LD_DEBUG": "libs"],
            outputIn: dir)
    }

    @Test("host list and a JSON run never load libcairo; an export loads it and draws")
    func cairoOnlyToDraw() async throws {
        let dir = try TempDir("cairo")
        for arguments in [["list"], ["run", "diagonal", "--format", "json"]] {
            let result = try await Self.run(arguments, in: dir)
            #expect(result.status == 0, "\(result)")
            #expect(result.err.contains("libswiftCore"), "LD_DEBUG said nothing: \(result.err.prefix(400))")
            #expect(!result.err.contains("libcairo"), "`host \(arguments.joined(separator: " "))` loaded cairo")
        }
        let picture = dir.file("strip.png")
        let export = try await Self.run(["run", "diagonal", "--output", picture], in: dir)
        #expect(export.status == 0, "\(export)")
        #expect(export.err.contains("libcairo.so.2"))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: picture))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4e, 0x47]), "not a PNG")
    }
}
