import Foundation
import Testing

/// `host run EFFECT` keeps what it needed of the search path (the plugins offering the names
/// it resolves, and those with curves), and takes it again while nothing on the search path
/// changed and the names are the same, without reading the registry cache (see KeptSelection).
/// Whatever it takes its plugins from, a run prints the same.
@Suite("host run keeps its selection")
struct KeptSelectionTests {
    struct Run {
        let result: ProgramResult
        /// The discovery line HOST_DEBUG_SCAN=1 prints.
        var discovery: String { result.err.split(separator: "\n").first { $0.hasPrefix("discovery: ") }.map(String.init) ?? "" }
        var kept: Bool { discovery.contains("the selection kept from the last run") }
    }

    func run(_ arguments: [String], plugins: String, untrusted: String, marker: String? = nil, in dir: TempDir) async throws -> Run {
        let environment = ["HOST_DEBUG_SCAN": "1", "XDG_CACHE_HOME": dir.file("cache")].merging(marker == nil ? [:] : markerWritesAllowed) { $1 }
        return Run(result: try await runHost(arguments + ["--untrusted-plugin-path", untrusted, "--format", "json"],
                                             pluginFolder: plugins, in: dir, environment: environment))
    }

    @Test("A run with nothing changed takes the kept selection and prints the same; other names, a change or a damaged file make it afresh")
    func keptUntilChanged() async throws {
        let dir = try TempDir("kept-selection")
        let plugins = try dir.folder("plugins"), untrusted = try dir.folder("untrusted")
        let marker = dir.file("constructors.txt")
        for id in ["kept.one", "kept.two", "kept.three"] {
            var plugin = HostilePlugin(id: id, effectID: String(id.dropFirst(5)))
            plugin.marker = marker
            try await compileC(plugin.render(), to: "plugins/\(id).so", in: dir)
        }
        var stranger = HostilePlugin(id: "kept.stranger", effectID: "stranger")
        stranger.marker = marker
        try await compileC(stranger.render(), to: "untrusted/stranger.so", in: dir)
        let written = Date()
        // A selection is kept only for files left alone for 3 s (ListingKey's rule, which
        // KeptListingFileTests checks): wait for that.
        try await Task.sleep(for: .seconds(max(0, 3.5 - Date().timeIntervalSince(written))))

        let made = try await run(["run", "two", "--curve", "easing.bounce"], plugins: plugins, untrusted: untrusted, in: dir)
        #expect(made.result.status == 0, "\(made.result)")
        #expect(!made.kept, "\(made.discovery)")
        let kept = try await run(["run", "two", "--curve", "easing.bounce"], plugins: plugins, untrusted: untrusted, in: dir)
        #expect(kept.kept, "\(kept.discovery)")
        #expect(kept.discovery.contains("(2 plugins)"), "kept.two, and the bundled easing for its curves: \(kept.discovery)")
        #expect(kept.result.status == 0 && kept.result.out == made.result.out, "the kept selection ran otherwise:\n\(kept.result.out)")

        // Other names: made afresh and kept in turn.
        let other = try await run(["run", "kept.three:three"], plugins: plugins, untrusted: untrusted, in: dir)
        #expect(other.result.status == 0 && !other.kept, "\(other.result)")
        let otherKept = try await run(["run", "kept.three:three"], plugins: plugins, untrusted: untrusted, in: dir)
        #expect(otherKept.kept && otherKept.result.out == other.result.out, "\(otherKept.result)")

        // A name no plugin offers needs every plugin's effects for its error: never a selection.
        for _ in 0..<2 {
            let unknown = try await run(["run", "thre"], plugins: plugins, untrusted: untrusted, in: dir)
            #expect(unknown.result.status != 0 && !unknown.kept, "\(unknown.result)")
            #expect(unknown.result.err.contains("three"), "the nearest name comes from a plugin the last run did not need: \(unknown.result.err)")
        }

        // An untrusted plugin's effect, kept: it still runs isolated, never in the host.
        for _ in 0..<2 {
            let isolated = try await run(["run", "stranger"], plugins: plugins, untrusted: untrusted, marker: marker, in: dir)
            #expect(isolated.result.status == 0, "\(isolated.result)")
        }
        let strangers = markerLines(marker).filter { $0.id == "kept.stranger" }
        #expect(!strangers.isEmpty && strangers.allSatisfy { $0.parent != getpid() }, "loaded in the host process: \(strangers)")
        let keptIsolated = try await run(["run", "stranger"], plugins: plugins, untrusted: untrusted, in: dir)
        #expect(keptIsolated.kept, "\(keptIsolated.discovery)")

        // A damaged kept selection is not used, with the reason; the run is the same.
        let file = dir.file("cache/transition-host/selection-v1")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: file))
        bytes[bytes.count / 2] ^= 0x20
        try bytes.write(to: URL(fileURLWithPath: file))
        let damaged = try await run(["run", "stranger"], plugins: plugins, untrusted: untrusted, in: dir)
        #expect(!damaged.kept && damaged.discovery.contains("kept selection ignored"), "\(damaged.discovery)")
        #expect(damaged.result.out == keptIsolated.result.out)
        let rebuilt = try await run(["run", "stranger"], plugins: plugins, untrusted: untrusted, in: dir)
        #expect(rebuilt.kept, "the damaged selection was not made again: \(rebuilt.discovery)")

        // A plugin touched (a new modification time): scanned again, and the run made afresh.
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: plugins + "/kept.two.so")
        let touched = try await run(["run", "two", "--curve", "easing.bounce"], plugins: plugins, untrusted: untrusted, in: dir)
        #expect(!touched.kept && touched.discovery.contains("scanned 1 files"), "\(touched.discovery)")
        #expect(touched.result.out == made.result.out)
    }
}
