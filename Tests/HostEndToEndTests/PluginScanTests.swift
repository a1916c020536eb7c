import Foundation
import Testing

/// One `host list --json` run of a test, with its own cache folder, the discovery statistics
/// the host prints with HOST_DEBUG_SCAN=1, and the rows.
struct ListRun: CustomStringConvertible {
    let result: ProgramResult
    let rows: [ListRow]
    /// "scanned N files in M helper processes; K of T from the cache...", from standard error.
    let discovery: String

    var description: String { result.description }

    /// The number after "scanned", or nil.
    var scannedFiles: Int? {
        guard let range = discovery.range(of: "scanned ") else { return nil }
        return Int(discovery[range.upperBound...].prefix { $0.isNumber })
    }

    func row(_ path: String) -> ListRow? { rows.first { $0.path == path } }

    /// Whether the host ended normally (exit 0), not by a signal.
    var hostSurvived: Bool { !result.crashed && result.status == 0 }

    static func run(folder: String, cache: String, in dir: TempDir, extra: [String] = [],
                    environment: [String: String] = [:]) async throws -> ListRun {
        let host = try Build.requireHost()
        let userData = try dir.folder("xdg-data-\(UUID().uuidString.prefix(8))")
        var env = ["HOST_PLUGIN_PATH": "", "XDG_DATA_HOME": userData, "XDG_CACHE_HOME": cache, "HOST_DEBUG_SCAN": "1"]
        for (key, value) in environment { env[key] = value }
        let result = try await runProgram(host, ["list", "--json", "--plugin-path", folder] + extra,
                                          environment: env, outputIn: dir)
        let rows = (try? ListRow.parse(result)) ?? []
        let line = result.err.split(separator: "\n").first { $0.hasPrefix("discovery: ") }
        return ListRun(result: result, rows: rows, discovery: line.map { String($0.dropFirst("discovery: ".count)) } ?? "")
    }
}

/// The lines constructors appended to a marker file: (plugin id, pid, parent pid).
func markerLines(_ path: String) -> [(id: String, pid: Int32, parent: Int32)] {
    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").compactMap { line in
        let parts = line.split(separator: " ")
        guard parts.count == 3, let pid = Int32(parts[1]), let parent = Int32(parts[2]) else { return nil }
        return (String(parts[0]), pid, parent)
    }
}

@Suite("Scanning plugins in helper processes, and the registry cache")
struct PluginScanTests {
    @Test("Good plugins are listed and bad ones named with their reason; the second list loads nothing")
    func crashHangGarbage() async throws {
        let dir = try TempDir("scan")
        let plugins = try dir.folder("plugins")
        let cache = dir.file("cache")
        let marker = dir.file("constructors.txt")
        let me = ProcessInfo.processInfo.processIdentifier

        try await compileC(HostilePlugin(id: "hostile.one", effectID: "one", marker: marker).render(), to: "plugins/one.so", in: dir)
        try await compileC(HostilePlugin(id: "hostile.two", effectID: "two", marker: marker).render(), to: "plugins/two.so", in: dir)
        let crash = try await compileC(HostilePlugin(id: "hostile.crash", initBody: "*(volatile int *)0 = 1;", marker: marker).render(),
                                       to: "plugins/crash.so", in: dir)
        let hang = try await compileC(HostilePlugin(id: "hostile.hang", initBody: "for (;;) sleep(1);", marker: marker).render(),
                                      to: "plugins/hang.so", in: dir)
        var generator = SystemRandomNumberGenerator()
        let garbage = try dir.write("plugins/garbage.so", bytes: [0x42] + (0..<3000).map { _ in UInt8.random(in: 0...255, using: &generator) })

        // Cold: everything is scanned, in helpers (the bundled plugins too).
        let bundled = try FileManager.default.contentsOfDirectory(atPath: Build.bundledPlugins).filter { $0.hasSuffix(".so") }.count
        let cold = try await ListRun.run(folder: plugins, cache: cache, in: dir, environment: markerWritesAllowed)
        #expect(cold.hostSurvived, "\(cold)")
        #expect(cold.scannedFiles == 5 + bundled, "\(cold.discovery)")
        for effect in ["one", "two"] {
            #expect(cold.rows.contains { $0.name == effect && $0.status == "ok" }, "no good row for \(effect):\n\(cold.result.out)")
        }
        #expect(cold.row(crash)?.status == "crashed", "\(String(describing: cold.row(crash)))")
        #expect(cold.row(crash)?.error?.contains("SIGSEGV") == true, "\(String(describing: cold.row(crash)?.error))")
        #expect(cold.row(hang)?.status == "hung", "\(String(describing: cold.row(hang)))")
        #expect(cold.row(hang)?.error?.contains("still loading after") == true)
        #expect(cold.row(garbage)?.status == "error")
        #expect(cold.row(garbage)?.error?.contains("not an ELF shared library") == true)

        // No plugin was loaded by the host itself: every constructor ran in a scanner, whose
        // parent is the host, never in a process whose parent is this test.
        let afterCold = markerLines(marker)
        #expect(Set(afterCold.map(\.id)) == ["hostile.one", "hostile.two", "hostile.crash", "hostile.hang"], "\(afterCold)")
        #expect(!afterCold.contains { $0.parent == me }, "host list loaded a plugin in its own process: \(afterCold)")

        // Warm: the same answer from the cache; no helper started, no constructor ran.
        let markerBefore = try Data(contentsOf: URL(fileURLWithPath: marker))
        let warm = try await ListRun.run(folder: plugins, cache: cache, in: dir, environment: markerWritesAllowed)
        #expect(warm.hostSurvived, "\(warm)")
        #expect(warm.discovery.hasPrefix("scanned 0 files in 0 helper processes"), "\(warm.discovery)")
        #expect(warm.rows.map(\.path) == cold.rows.map(\.path))
        #expect(warm.rows.map(\.status) == cold.rows.map(\.status))
        #expect(warm.rows.map(\.error) == cold.rows.map(\.error))
        #expect(try Data(contentsOf: URL(fileURLWithPath: marker)) == markerBefore, "a warm list loaded a plugin")

        // A crashed plugin is skipped until its file changes; then only it is scanned again.
        try await compileC(HostilePlugin(id: "hostile.fixed", effectID: "fixed", marker: marker).render(), to: "plugins/crash.so", in: dir)
        let changed = try await ListRun.run(folder: plugins, cache: cache, in: dir, environment: markerWritesAllowed)
        #expect(changed.scannedFiles == 1, "\(changed.discovery)")
        #expect(changed.row(crash)?.status == "ok" && changed.row(crash)?.name == "fixed", "\(String(describing: changed.row(crash)))")
        #expect(changed.row(hang)?.status == "hung")

        // --rescan forgets the cache.
        let rescan = try await ListRun.run(folder: plugins, cache: cache, in: dir, extra: ["--rescan"], environment: markerWritesAllowed)
        #expect(rescan.scannedFiles == 5 + bundled, "\(rescan.discovery)")
        #expect(rescan.row(hang)?.status == "hung")

        // host run loads in its own process the plugin it runs, and only it: never a bad one,
        // nor a good one it does not use (PluginSession's lazy rule).
        let userData = try dir.folder("xdg-data-run")
        let run = try await runProgram(
            try Build.requireHost(), ["run", "one", "--plugin-path", plugins],
            environment: ["HOST_PLUGIN_PATH": "", "XDG_DATA_HOME": userData, "XDG_CACHE_HOME": cache], outputIn: dir)
        #expect(run.status == 0 && !run.crashed, "\(run)")
        let loadedByHost = markerLines(marker).filter { $0.parent == me }.map(\.id)
        #expect(loadedByHost == ["hostile.one"], "\(loadedByHost)")
    }

    @Test("An untrusted folder is refused with a note; --allow-untrusted lists its plugins")
    func untrustedFolder() async throws {
        let dir = try TempDir("scan-trust")
        let plugins = try dir.folder("plugins")
        try await compileC(HostilePlugin(id: "hostile.open", effectID: "open").render(), to: "plugins/open.so", in: dir)
        #expect(chmod(plugins, 0o777) == 0)

        let refused = try await runHost(["list"], pluginFolder: plugins, in: dir)
        #expect(refused.status == 0 && !refused.crashed, "\(refused)")
        #expect(refused.out.contains("note: refused the --plugin-path folder '\(plugins)'"), "\(refused.out)")
        #expect(refused.out.contains("chmod go-w \(plugins)"), "\(refused.out)")
        #expect(!refused.out.contains("hostile.open"))

        let allowed = try await runHost(["list", "--allow-untrusted"], pluginFolder: plugins, in: dir)
        #expect(allowed.out.split(separator: "\n").contains { $0.hasPrefix("open ") }, "\(allowed.out)")
    }

    @Test("A plugin cannot kill or stop the host from a scan helper or an isolated process: the sandbox refuses the signal", arguments: ["SIGKILL", "SIGSTOP"])
    func cannotSignalTheHost(_ signal: String) async throws {
        let dir = try TempDir("scan-kill-\(signal)")
        let plugins = try dir.folder("plugins")
        let killer = HostilePlugin(id: "hostile.killer", effectID: "killer", prelude: "#define _POSIX_C_SOURCE 200809L\n#include <signal.h>\n#include <unistd.h>",
                                   initBody: "kill(getppid(), \(signal));")
        try await compileC(killer.render(), to: "plugins/killer.so", in: dir)
        let list = try await runHost(["list"], pluginFolder: plugins, in: dir, timeout: 30)
        #expect(list.status == 0 && !list.crashed, "host list survived: \(list)")
        #expect(list.out.contains("killer"), "\(list.out)")
        // The same from an isolated animator (it runs animate_transition in its own process).
        var animator = PluginTemplate(pluginID: "fixture.killer", effectID: "slayer", ending: .conforming)
        animator.animatePrologue = "kill(getppid(), \(signal));"
        let other = try dir.folder("other")
        try await compileC("#define _POSIX_C_SOURCE 200809L\n#include <signal.h>\n#include <unistd.h>\n" + animator.render(),
                           to: "other/slayer.so", in: dir)
        let run = try await runHost(["run", "slayer", "--isolate"], pluginFolder: other, in: dir, timeout: 30)
        #expect(run.status == 0 && !run.crashed && run.out.contains("completed by fixture.killer:slayer"), "\(run)")
    }

    @Test("A plugin from an untrusted folder cannot forge the scan reports of others: each is scanned alone")
    func forgedReportsFromUntrusted() async throws {
        let dir = try TempDir("scan-forgery")
        let trusted = try dir.folder("trusted"), untrusted = try dir.folder("untrusted")
        // Its init writes, on the scanner's report descriptor, its own outcome and then one
        // for the next file of a batch: the good plugin beside it.
        let forger = HostilePlugin(id: "hostile.forger", effectID: "forger", prelude: "#include <unistd.h>\n#include <string.h>",
                                   initBody: #"""
                                       const char *lie = "refused forged%20own x\nend 0\nbegin 1\nrefused forged%20by%20a x\nend 1\n";
                                       (void)!write(3, lie, strlen(lie));
                                       """#)
        try await compileC(forger.render(), to: "untrusted/a.so", in: dir)
        try await compileC(HostilePlugin(id: "hostile.victim", effectID: "victim").render(), to: "untrusted/b.so", in: dir)
        let list = try await runHost(["list", "--json", "--untrusted-plugin-path", untrusted], pluginFolder: trusted, in: dir)
        let rows = try ListRow.parse(list)
        let victim = rows.first { $0.path.hasSuffix("/b.so") }
        #expect(victim?.status == "ok" && victim?.name == "victim", "the good plugin's own outcome stands: \(list.out)")
        #expect(!list.out.contains("forged by a"), "\(list.out)")
        #expect(rows.first { $0.path.hasSuffix("/a.so") }?.status != "ok", "\(list.out)")
    }

    @Test("A plugin folder inside a folder everyone may write is refused too, as whoever can write the parent can replace the folder; a sticky parent (as /tmp) is not")
    func untrustedParent() async throws {
        let dir = try TempDir("scan-trust-parent")
        let open = try dir.folder("open")
        let plugins = try dir.folder("open/plugins")
        try await compileC(HostilePlugin(id: "hostile.parent", effectID: "parent").render(), to: "open/plugins/parent.so", in: dir)
        #expect(chmod(open, 0o777) == 0)
        let refused = try await runHost(["list"], pluginFolder: plugins, in: dir)
        #expect(refused.out.contains("refused the --plugin-path folder '\(plugins)'") && refused.out.contains("'\(open)'"), "\(refused.out)")
        #expect(refused.out.contains("chmod go-w \(open)") && !refused.out.contains("hostile.parent"), "\(refused.out)")
        // The sticky bit keeps others from renaming or removing what is not theirs.
        #expect(chmod(open, 0o1777) == 0)
        let sticky = try await runHost(["list"], pluginFolder: plugins, in: dir)
        #expect(sticky.out.split(separator: "\n").contains { $0.hasPrefix("parent ") }, "\(sticky.out)")
    }
}
