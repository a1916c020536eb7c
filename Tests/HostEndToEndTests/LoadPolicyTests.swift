import Foundation
import Testing

/// One load policy for every command (PluginSession): a plugin from an --untrusted-plugin-path
/// folder never runs code in the host process, whatever the command; a trusted plugin's code
/// is loaded only when the command uses one of its effects or curves. Each plugin here writes
/// a line (its id, pid and parent pid) from a library constructor, so the file says which
/// process loaded it: the host's own lines are those whose parent is this test.
@Suite("Load policy: untrusted never in the host, the rest only when used")
struct LoadPolicyTests {
    func marked(_ id: String, marker: String) -> String {
        var plugin = HostilePlugin()
        plugin.id = id
        plugin.marker = marker
        return plugin.render()
    }

    @Test("inspect, plot and run never load a plugin from an untrusted folder in the host process")
    func untrustedNeverInHost() async throws {
        let dir = try TempDir("policy-untrusted")
        let trusted = try dir.folder("trusted"), untrusted = try dir.folder("untrusted")
        let marker = dir.file("constructors.txt")
        try await compileC(marked("marked.untrusted", marker: marker), to: "untrusted/u.so", in: dir)

        let commands: [[String]] = [
            ["inspect", "marked.untrusted:fx"],
            ["inspect", "marked.untrusted:fx", "--json"],
            ["plot", "marked.untrusted:fx", "-o", dir.file("plot.svg")],
            ["run", "marked.untrusted:fx"],
        ]
        for command in commands {
            let result = try await runHost(command + ["--untrusted-plugin-path", untrusted], pluginFolder: trusted, in: dir, environment: markerWritesAllowed)
            #expect(result.status == 0, "\(command): \(result)")
        }
        let lines = markerLines(marker)
        #expect(!lines.isEmpty, "the scanner (and the isolated child) loaded it")
        #expect(lines.allSatisfy { $0.parent != getpid() }, "loaded in the host process itself: \(lines)")
    }

    @Test("host run loads the plugin it runs and no other, inspect the one it shows, a bundled effect's run none of these")
    func loadsWhatItRuns() async throws {
        let dir = try TempDir("policy-lazy")
        let plugins = try dir.folder("plugins")
        let marker = dir.file("constructors.txt")
        for id in ["marked.one", "marked.two", "marked.three"] {
            try await compileC(marked(id, marker: marker), to: "plugins/\(id).so", in: dir)
        }
        // A first list scans them all, in helpers; what follows is the host's own doing.
        _ = try await runHost(["list"], pluginFolder: plugins, in: dir, environment: markerWritesAllowed)
        let scanned = markerLines(marker).count

        let run = try await runHost(["run", "marked.two:fx"], pluginFolder: plugins, in: dir, environment: markerWritesAllowed)
        #expect(run.status == 0, "\(run)")
        let inspect = try await runHost(["inspect", "marked.three:fx"], pluginFolder: plugins, in: dir, environment: markerWritesAllowed)
        #expect(inspect.status == 0 && inspect.out.contains("marked.three"), "\(inspect)")
        let bundled = try await runHost(["run", "diagonal"], pluginFolder: plugins, in: dir, environment: markerWritesAllowed)
        #expect(bundled.status == 0, "\(bundled)")

        let inHost = markerLines(marker).dropFirst(scanned).filter { $0.parent == getpid() }
        // inspect shows a typed constructor's signature, which only the loaded plugin knows.
        #expect(inHost.map(\.id) == ["marked.two", "marked.three"], "only the plugins used were loaded in the host: \(inHost)")
    }
}
