import Foundation
import Testing

/// `host list` keeps what it printed, and prints it again while nothing on the search path
/// changed, without reading the registry cache (see KeptListing and ListingKey).
@Suite("host list keeps its listing")
struct KeptListingTests {
    @Test("A list with nothing changed prints the kept listing, the same as one made afresh; any change makes it afresh")
    func keptUntilChanged() async throws {
        let dir = try TempDir("kept-listing")
        let plugins = try dir.folder("plugins")
        let cache = dir.file("cache")
        try await compileC(HostilePlugin(id: "kept.one", effectID: "one").render(), to: "plugins/one.so", in: dir)
        try await compileC(HostilePlugin(id: "kept.two", effectID: "two").render(), to: "plugins/two.so", in: dir)
        let junk = try dir.write("plugins/junk.so", text: "not a library")
        _ = try dir.folder("plugins/folder.so")
        let written = Date()

        // A listing is kept only for files left alone for 3 s (a racily clean file could hide
        // behind its stat; KeptListingFileTests checks that rule): wait for that. --rescan makes the
        // listing afresh, and keeps it.
        try await Task.sleep(for: .seconds(max(0, 3.5 - Date().timeIntervalSince(written))))
        let made = try await ListRun.run(folder: plugins, cache: cache, in: dir, extra: ["--rescan"])
        #expect(made.hostSurvived, "\(made)")
        #expect(!made.discovery.contains("listing kept"), "\(made.discovery)")
        #expect(made.rows.contains { $0.name == "one" && $0.status == "ok" }, "\(made.result.out)")
        #expect(made.row(junk)?.status == "error")
        let kept = try await ListRun.run(folder: plugins, cache: cache, in: dir)
        #expect(kept.discovery.contains("the listing kept from the last run"), "\(kept.discovery)")
        #expect(kept.scannedFiles == 0)
        #expect(kept.result.out == made.result.out, "the kept listing differs from the one made afresh")

        // The table too, against one made afresh by --rescan.
        let table = { (extra: [String]) in
            try await runProgram(try Build.requireHost(), ["list", "--plugin-path", plugins] + extra,
                                 environment: ["HOST_PLUGIN_PATH": "", "XDG_DATA_HOME": dir.file("no-data"), "XDG_CACHE_HOME": cache,
                                               "HOST_DEBUG_SCAN": "1"], outputIn: dir)
        }
        let afresh = try await table(["--rescan"])
        #expect(!afresh.err.contains("listing kept"), "\(afresh.err)")
        let keptTable = try await table([])
        #expect(keptTable.err.contains("the listing kept"), "\(keptTable.err)")
        #expect(keptTable.out == afresh.out && afresh.out.contains("file(s) with problems"), "\(keptTable.out)\n---\n\(afresh.out)")

        // A damaged kept listing is ignored with the reason, and the listing made afresh.
        try dir.write("cache/transition-host/listing-v1", text: "junk\n")
        let damaged = try await ListRun.run(folder: plugins, cache: cache, in: dir)
        #expect(damaged.discovery.contains("kept listing ignored"), "\(damaged.discovery)")
        #expect(damaged.result.out == made.result.out)

        // A plugin touched (a new modification time, which the registry cache keys on): it is
        // read and scanned again, and the listing made afresh.
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: plugins + "/one.so")
        let touched = try await ListRun.run(folder: plugins, cache: cache, in: dir)
        #expect(!touched.discovery.contains("listing kept"), "\(touched.discovery)")
        #expect(touched.scannedFiles == 1, "\(touched.discovery)")
        #expect(touched.result.out == made.result.out)
    }
}
