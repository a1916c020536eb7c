import Foundation
import Testing

/// `host run NAME` for an effect whose plugin was refused for its permissions must not say
/// only "no effect named NAME": it says that a plugin that may offer it was refused, why, and
/// the chmod that fixes it, as `host list` does.
@Suite("An effect whose plugin was refused for its permissions")
struct RefusedPluginLookupTests {
    @Test("A world-writable plugin file: the unknown-name error names the file, the reason and the chmod")
    func refusedFile() async throws {
        let dir = try TempDir("refused-file")
        let plugins = try dir.folder("plugins")
        let path = try await compileC(PluginTemplate(pluginID: "fixture.kf", effectID: "kf").render(), to: "plugins/kf.so", in: dir)
        #expect(chmod(path, 0o666) == 0)
        let result = try await runHost(["run", "kf"], pluginFolder: plugins, in: dir)
        #expect(result.status == 2 && !result.crashed, "\(result)")
        #expect(result.err.contains("no effect named 'kf'"), "\(result.err)")
        #expect(result.err.contains("refused") && result.err.contains(path) && result.err.contains("writable by everyone")
                && result.err.contains("chmod go-w"), "\(result.err)")

        // Fixed as it says: the effect runs.
        #expect(chmod(path, 0o644) == 0)
        let fixed = try await runHost(["run", "kf"], pluginFolder: plugins, in: dir)
        #expect(fixed.status == 0, "\(fixed)")
    }

    @Test("A group-writable plugin folder: the error names the folder and the chmod")
    func refusedFolder() async throws {
        let dir = try TempDir("refused-folder")
        let plugins = try dir.folder("plugins")
        try await compileC(PluginTemplate(pluginID: "fixture.kf", effectID: "kf").render(), to: "plugins/kf.so", in: dir)
        #expect(chmod(plugins, 0o775) == 0)
        let result = try await runHost(["run", "kf"], pluginFolder: plugins, in: dir)
        #expect(result.status == 2 && !result.crashed, "\(result)")
        #expect(result.err.contains("refused") && result.err.contains("writable by its group")
                && result.err.contains("chmod go-w \(plugins)"), "\(result.err)")
    }

    @Test("Nothing refused: the plain unknown-name error, with no word of refusals")
    func nothingRefused() async throws {
        let dir = try TempDir("refused-none")
        let plugins = try dir.folder("plugins")
        let result = try await runHost(["run", "kf"], pluginFolder: plugins, in: dir)
        #expect(result.status == 2, "\(result)")
        #expect(result.err.contains("no effect named 'kf'") && !result.err.contains("refused"), "\(result.err)")
    }
}
