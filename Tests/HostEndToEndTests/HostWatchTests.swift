import Foundation
import Testing

// `host run EFFECT --watch`, driven as an author would: the host keeps running while the test
// rebuilds, breaks, removes and adds plugin files in its folder, and reads the output as it
// grows. Every wait has a deadline, so a watcher that never notices fails instead of hanging.

/// A `host run --watch` running in the background, its output read while it runs.
final class WatchingHost: @unchecked Sendable {
    let process = Process()
    let arguments: [String]
    private let outPath: String
    private let errPath: String

    /// Starts `host run ARGUMENTS --plugin-path FOLDER`, seeing only that folder and the
    /// bundled plugins (as runHost does), its private copies under `temporary`.
    /// `environment`: more variables for it (a DISPLAY).
    init(_ arguments: [String], pluginFolder: String, temporary: String, in dir: TempDir,
         environment changes: [String: String] = [:]) throws {
        let host = try Build.requireHost()
        self.arguments = arguments
        outPath = dir.file("watch-stdout")
        errPath = dir.file("watch-stderr")
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: host)
        process.arguments = arguments + ["--plugin-path", pluginFolder]
        var environment = ProcessInfo.processInfo.environment
        environment["HOST_PLUGIN_PATH"] = ""
        environment["XDG_DATA_HOME"] = try dir.folder("xdg-data")
        environment["XDG_CACHE_HOME"] = dir.file("xdg-cache")
        environment["TMPDIR"] = temporary
        for (key, value) in changes { environment[key] = value }
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        try process.run()
    }

    deinit {
        // Only this child, and only if a failed test left it running.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    var out: String { (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "" }
    var err: String { (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "" }
    var transcript: String { "host \(arguments.joined(separator: " "))\n--- stdout\n\(out)\n--- stderr\n\(err)" }

    /// Waits until `condition` holds of the output; fails if the host ends first or the
    /// deadline passes.
    func wait(for what: String, seconds: Double = 60, _ condition: (_ out: String, _ err: String) -> Bool) async throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition(out, err) {
            guard process.isRunning else {
                throw ChildProcessFailure(description: "the host ended before \(what):\n\(transcript)")
            }
            guard Date() < deadline else {
                throw ChildProcessFailure(description: "no \(what) within \(Int(seconds)) s:\n\(transcript)")
            }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    /// Waits for the host to end; kills it and fails after the deadline.
    func exit(seconds: Double = 60) async throws -> (status: Int32, crashed: Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning {
            guard Date() < deadline else {
                kill(process.processIdentifier, SIGKILL)
                throw ChildProcessFailure(description: "the host did not end within \(Int(seconds)) s:\n\(transcript)")
            }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal)
    }
}

/// The output split at the watch's header lines ("── HH:MM:SS ..."): the header, then what
/// follows it up to the next header.
func watchSections(_ output: String) -> [(header: String, body: String)] {
    var sections: [(header: String, body: String)] = []
    for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("── ") {
            sections.append((String(line), ""))
        } else if !sections.isEmpty {
            sections[sections.count - 1].body += line + "\n"
        }
    }
    return sections
}

/// How many runs have finished: each ends with its summary line.
func finishedRuns(_ output: String) -> Int {
    output.components(separatedBy: " s of virtual time; ").count - 1
}

/// The time of the trace's first `context.completeTransition(true)`: the presentation's end,
/// which the effect's duration sets.
func presentationEnd(_ body: String) -> Double? {
    TraceLine.parse(body).first { $0.text == "context.completeTransition(true)" }?.time
}

/// The plugin fixture, version `label`: it logs "fixture LABEL" as each transition begins.
func watchFixture(_ label: String, duration: Double, pluginID: String = "fixture.e2e", effectID: String = "fx",
                  extraCode: String = "") -> String {
    PluginTemplate(pluginID: pluginID, effectID: effectID, ending: .complete, duration: duration,
                   animatePrologue: "host->log(TH_LOG_INFO, \"fixture \(label)\");", extraCode: extraCode).render()
}

/// No leftover private copies: the watch removes its folders of copies when it ends.
func reloadFolders(in temporary: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []).filter { $0.hasPrefix("transition-host-reload-") }
}

@Suite("host run --watch: the edit-build-see loop")
struct HostWatchTests {
    @Test("a rebuilt plugin is replayed; a broken file is refused while the previous version keeps running; a new plugin is added")
    func replaceBreakAdd() async throws {
        let dir = try TempDir("watch")
        let plugins = try dir.folder("plugins")
        let temporary = try dir.folder("tmp")
        try await compileC(watchFixture("v1", duration: 0.25), to: "plugins/fx.so", in: dir)

        let host = try WatchingHost(["run", "fx", "--watch", "--watch-runs", "3"], pluginFolder: plugins,
                                    temporary: temporary, in: dir)
        try await host.wait(for: "the first run") { out, _ in finishedRuns(out) == 1 }

        // The author rebuilds: the compiler writes the library straight into the folder.
        try await compileC(watchFixture("v2", duration: 0.75), to: "plugins/fx.so", in: dir)
        try await host.wait(for: "the replay of version 2") { out, _ in finishedRuns(out) == 2 }

        // A build that went wrong: garbage where the library was.
        try dir.write("plugins/fx.so", bytes: Array("this is not a shared library\n".utf8))
        try await host.wait(for: "the replay after the broken file") { out, _ in finishedRuns(out) == 3 }

        // A new plugin, built elsewhere and moved in whole, as careful build tools do.
        try await compileC(watchFixture("extra", duration: 0.5, pluginID: "fixture.extra", effectID: "extra"),
                           to: "extra.so", in: dir)
        try FileManager.default.moveItem(atPath: dir.file("extra.so"), toPath: dir.file("plugins/extra.so"))

        let ended = try await host.exit()
        let out = host.out
        #expect(ended.status == 0 && !ended.crashed, "after --watch-runs 3 the watch ends with the last replay's status:\n\(host.transcript)")

        let sections = watchSections(out)
        try #require(sections.count == 4, "a header for the first run and for each of 3 replays:\n\(host.transcript)")
        let (first, rebuilt, broken, added) = (sections[0], sections[1], sections[2], sections[3])

        #expect(first.header.contains("watching for plugin changes"), "\(first.header)")
        #expect(first.body.contains("fixture v1") && presentationEnd(first.body).map { close($0, 0.25, 1e-3) } == true,
                "the first run is version 1 (0.25 s):\n\(first.body)")

        #expect(rebuilt.header.contains("replay 1: \(plugins)/fx.so replaced: loaded fixture.e2e 1.0.0 (load #2,"),
                "the header names the file and the version loaded:\n\(rebuilt.header)")
        #expect(rebuilt.body.contains("fixture v2") && !rebuilt.body.contains("fixture v1"), "\(rebuilt.body)")
        #expect(presentationEnd(rebuilt.body).map { close($0, 0.75, 1e-3) } == true,
                "version 2 lasts 0.75 s:\n\(rebuilt.body)")

        #expect(broken.header.contains("replay 2: \(plugins)/fx.so refused: not an ELF shared library"),
                "the refusal and its reason:\n\(broken.header)")
        #expect(broken.header.contains("still running fixture.e2e 1.0.0 (load #2,"), "\(broken.header)")
        #expect(broken.body.contains("fixture v2") && presentationEnd(broken.body).map { close($0, 0.75, 1e-3) } == true,
                "version 2 goes on running after the refusal:\n\(broken.body)")

        #expect(added.header.contains("replay 3: \(plugins)/extra.so added: loaded fixture.extra 1.0.0 (load #1,"),
                "\(added.header)")
        #expect(added.body.contains("fixture v2"), "the replay still runs fx, version 2:\n\(added.body)")

        #expect(!host.err.contains("error"), "\(host.transcript)")
        #expect(reloadFolders(in: temporary).isEmpty, "private copies left behind: \(reloadFolders(in: temporary))")
    }

    @Test("a plugin folder that does not exist yet is watched once it is made, and its plugin loaded")
    func folderMadeLater() async throws {
        let dir = try TempDir("watch-later")
        let later = dir.file("later")
        let temporary = try dir.folder("tmp")
        let host = try WatchingHost(["run", "fx", "--watch", "--watch-runs", "1"], pluginFolder: later,
                                    temporary: temporary, in: dir)
        try await host.wait(for: "the first run, without the plugin") { out, err in
            watchSections(out).count == 1 && err.contains("fx")
        }
        #expect(host.out.contains("not watched yet: \(later) does not exist; watched once it does"), "\(host.transcript)")

        // The folder is made elsewhere with the plugin in it, then moved into place whole.
        _ = try dir.folder("staging")
        try await compileC(watchFixture("late", duration: 0.25), to: "staging/fx.so", in: dir)
        try FileManager.default.moveItem(atPath: dir.file("staging"), toPath: later)

        let ended = try await host.exit()
        #expect(ended.status == 0 && !ended.crashed, "the replay with the plugin succeeds:\n\(host.transcript)")
        let sections = watchSections(host.out)
        try #require(sections.count == 2, "\(host.transcript)")
        #expect(sections[1].header.contains("replay 1: \(later) now exists; watched"), "\(sections[1].header)")
        #expect(sections[1].body.contains("\(later)/fx.so added: loaded fixture.e2e 1.0.0"), "\(sections[1].body)")
        #expect(sections[1].body.contains("fixture late"), "\(sections[1].body)")
    }

    @Test("a version whose code crashes while loading is refused from the scanner; a removed plugin costs its runs, not the watch; Ctrl-C ends it")
    func crashRemoveInterrupt() async throws {
        let dir = try TempDir("watch-crash")
        let plugins = try dir.folder("plugins")
        let temporary = try dir.folder("tmp")
        try await compileC(watchFixture("v1", duration: 0.25), to: "plugins/fx.so", in: dir)

        let host = try WatchingHost(["run", "fx", "--watch"], pluginFolder: plugins, temporary: temporary, in: dir)
        try await host.wait(for: "the first run") { out, _ in finishedRuns(out) == 1 }

        // Its constructor segfaults as soon as it is loaded: in the host, that would be the end.
        let crashing = "__attribute__((constructor)) static void crash_on_load(void) { *(volatile int *)16 = 1; }"
        try await compileC(watchFixture("crashing", duration: 0.5, extraCode: crashing), to: "plugins/fx.so", in: dir)
        try await host.wait(for: "the replay after the crashing version") { out, _ in finishedRuns(out) == 2 }

        try FileManager.default.removeItem(atPath: dir.file("plugins/fx.so"))
        try await host.wait(for: "the replay after the removal") { _, err in err.contains("no effect named 'fx'") }

        host.process.interrupt()  // SIGINT, as Ctrl-C
        let ended = try await host.exit(seconds: 30)
        #expect(ended.status == 130 && !ended.crashed, "Ctrl-C ends the watch with 128 + SIGINT:\n\(host.transcript)")

        let sections = watchSections(host.out)
        try #require(sections.count >= 4, "\(host.transcript)")
        #expect(sections[1].header.contains("replay 1: \(plugins)/fx.so refused: crashed the plugin scanner with SIGSEGV"),
                "\(sections[1].header)")
        #expect(sections[1].header.contains("still running fixture.e2e 1.0.0 (load #1,"), "\(sections[1].header)")
        #expect(sections[1].body.contains("fixture v1") && !sections[1].body.contains("fixture crashing"),
                "version 1 goes on running:\n\(sections[1].body)")
        #expect(sections[2].header.contains("replay 2: \(plugins)/fx.so removed: fixture.e2e no longer runs"),
                "\(sections[2].header)")
        #expect(sections.last!.header.contains("stopped"), "\(host.transcript)")
        #expect(reloadFolders(in: temporary).isEmpty, "private copies left behind: \(reloadFolders(in: temporary))")
    }

    @Test("plugins from an untrusted folder run isolated in the watch too: an animator that crashes costs its replay only")
    func isolatedVersions() async throws {
        let dir = try TempDir("watch-isolated")
        let plugins = try dir.folder("plugins")
        let untrusted = try dir.folder("untrusted")
        try await compileC(watchFixture("v1", duration: 0.25), to: "untrusted/fx.so", in: dir)

        let host = try WatchingHost(["run", "fx", "--watch", "--watch-runs", "2", "--untrusted-plugin-path", untrusted],
                                    pluginFolder: plugins, temporary: try dir.folder("tmp"), in: dir)
        try await host.wait(for: "the first run") { out, _ in finishedRuns(out) == 1 }

        // It loads and describes itself fine, then segfaults in animate_transition.
        let crashing = PluginTemplate(pluginID: "fixture.e2e", effectID: "fx", ending: .complete, duration: 0.25,
                                      animatePrologue: "*(volatile int *)16 = 1;")
        try await compileC(crashing.render(), to: "untrusted/fx.so", in: dir)
        try await host.wait(for: "the replay of the crashing version") { out, _ in finishedRuns(out) == 2 }

        try await compileC(watchFixture("v3", duration: 0.5), to: "untrusted/fx.so", in: dir)
        let ended = try await host.exit()
        #expect(ended.status == 0 && !ended.crashed, "the last replay (version 3) is clean:\n\(host.transcript)")

        let sections = watchSections(host.out)
        try #require(sections.count == 3, "\(host.transcript)")
        #expect(sections[0].body.contains("runs isolated in a child process") && sections[0].body.contains("fixture v1"),
                "\(sections[0].body)")
        #expect(sections[1].header.contains("replay 1: \(untrusted)/fx.so replaced: loaded fixture.e2e 1.0.0 (load #2,"),
                "\(sections[1].header)")
        #expect(sections[1].body.contains("completed by the standard cross-dissolve after fixture.e2e:fx failed")
                    && sections[1].body.contains("crashed with SIGSEGV"),
                "the crash costs the transition, which the cross-dissolve finishes:\n\(sections[1].body)")
        #expect(sections[2].header.contains("replay 2: \(untrusted)/fx.so replaced: loaded fixture.e2e 1.0.0 (load #3,"),
                "\(sections[2].header)")
        #expect(sections[2].body.contains("fixture v3") && presentationEnd(sections[2].body).map { close($0, 0.5, 1e-3) } == true,
                "\(sections[2].body)")
    }

    @Test("Ctrl-C still ends the watch while a replay hangs in the plugin's animator")
    func interruptDuringAHungReplay() async throws {
        let dir = try TempDir("watch-hang")
        let plugins = try dir.folder("plugins")
        try await compileC(watchFixture("v1", duration: 0.25), to: "plugins/fx.so", in: dir)
        let host = try WatchingHost(["run", "fx", "--watch"], pluginFolder: plugins, temporary: try dir.folder("tmp"), in: dir)
        try await host.wait(for: "the first run") { out, _ in finishedRuns(out) == 1 }

        // Loads fine (the scanner cannot see it), then never returns from animate_transition.
        let hanging = PluginTemplate(pluginID: "fixture.e2e", effectID: "fx", ending: .complete, duration: 0.25,
                                     animatePrologue: "for (;;) {}")
        try await compileC(hanging.render(), to: "plugins/fx.so", in: dir)
        try await host.wait(for: "the replay of the hanging version") { out, _ in out.contains("replay 1: ") }
        try await Task.sleep(nanoseconds: 200_000_000)  // into the animator's loop (a hang: any wait will do)
        #expect(host.process.isRunning, "\(host.transcript)")

        host.process.interrupt()
        let ended = try await host.exit(seconds: 30)
        #expect((ended.crashed && ended.status == SIGINT) || ended.status == 130,
                "Ctrl-C keeps its meaning during a replay:\n\(host.transcript)")
    }
}
