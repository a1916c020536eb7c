import Foundation
import Testing

/// `host run --isolate`: every plugin runs in a child process of its own, its host-table calls
/// cross a socket, and a plugin that crashes, hangs or writes garbage costs its transition
/// only — which the host finishes with the cross-dissolve — never the host or the scene.
@Suite("Isolated runs")
struct IsolatedRunTests {
    /// The frames and outcomes of a run, which isolation must not change at all.
    private func framesAndOutcomes(_ result: ProgramResult) throws -> (NSArray, NSArray) {
        let root = try #require(try result.json() as? [String: Any])
        return (try #require(root["frames"] as? NSArray), try #require(root["outcomes"] as? NSArray))
    }

    @Test("bundled effects run the same, frame for frame, isolated or not", arguments: [
        ["diagonal"], ["crossfade"], ["slide", "--presentation", "dimming"], ["sheet"], ["zoom", "--scene", "photos"],
        ["slide", "--push"], ["zoom", "--tabs"], ["match", "--scene", "photos"], ["match", "--push"],
    ])
    func sameFramesIsolated(_ effect: [String]) async throws {
        let dir = try TempDir()
        let empty = try dir.folder("none")
        let inProcess = try await runHost(["run"] + effect + ["--format", "json"], pluginFolder: empty, in: dir)
        // A generous --isolate-timeout: this test is about the frames, and under the whole
        // suite's load match's hundreds of host calls (each a round trip) took longer than the
        // default 2 s a call; the deadline itself has tests of its own.
        let isolated = try await runHost(["run"] + effect + ["--format", "json", "--isolate", "--isolate-timeout", "30"],
                                         pluginFolder: empty, in: dir)
        #expect(inProcess.status == 0, "\(inProcess)")
        #expect(isolated.status == 0, "\(isolated)")
        let (framesHere, outcomesHere) = try framesAndOutcomes(inProcess)
        let (framesThere, outcomesThere) = try framesAndOutcomes(isolated)
        #expect(framesHere.count > 10)
        #expect(framesHere == framesThere)
        #expect(outcomesHere == outcomesThere)
        let report = try RunJSON(isolated)
        #expect(report.events.contains { $0.name.hasSuffix("runs isolated in a child process") })
    }

    /// The processes whose environment holds `marker` (the test's folder, in the host's XDG
    /// variables), this one aside: once the host has ended, any is a helper left behind. A
    /// spare is a fork of the host, so its command line is the host's own.
    static func helpersLeft(marked marker: String) -> [Int32] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
        return pids.filter { pid in
            guard pid != getpid(), let environment = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
            return String(decoding: environment, as: UTF8.self).contains(marker)
        }
    }

    @Test("host run --isolate starts its helper before it parses; a run that needs none (an unknown effect) leaves none behind, sandboxed or not",
          arguments: [[:], ["HOST_SANDBOX": "off"]])
    func spareHelperEnds(_ environment: [String: String]) async throws {
        let dir = try TempDir("isolate-spare")
        let empty = try dir.folder("none")
        let refused = try await runHost(["run", "no-such-effect", "--isolate"], pluginFolder: empty, in: dir, environment: environment)
        #expect(refused.status == 2, "\(refused)")
        // The helper ends as the host does: told by the outer helper, or, without the
        // sandbox, seeing its socket close.
        let ended = Date()
        while !Self.helpersLeft(marked: dir.path).isEmpty && Date().timeIntervalSince(ended) < 10 {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(Self.helpersLeft(marked: dir.path).isEmpty, "a spare helper outlived the host")
        // A run that needs it takes it: one helper for the run's plugin, started before parsing.
        let run = try await runHost(["run", "diagonal", "--isolate", "--format", "json"], pluginFolder: empty, in: dir, environment: environment)
        #expect(run.status == 0, "\(run)")
        #expect(try RunJSON(run).events.filter { $0.name.hasSuffix("runs isolated in a child process") }.count == 1)
    }

    @Test("an isolated plugin's own printing is captured into the trace, escaped: never raw in the host's JSON or on its terminal")
    func isolatedOutputIsCaptured() async throws {
        let dir = try TempDir()
        let folder = try dir.folder("plugins")
        var plugin = PluginTemplate(pluginID: "fixture.noisy", effectID: "noisy", ending: .conforming)
        plugin.animatePrologue = #"printf("}{ garbage \033]0;title\007\n"); fflush(stdout); fprintf(stderr, "\033[2J stderr garbage\n");"#
        try await compileC(plugin.render(), to: "plugins/noisy.so", in: dir)
        let result = try await runHost(["run", "noisy", "--isolate", "--format", "json"], pluginFolder: folder, in: dir)
        #expect(result.status == 0, "\(result)")
        let report = try RunJSON(result)  // the whole of standard output is one JSON document
        let printed = report.events.map(\.name).filter { $0.contains("printed:") }
        #expect(printed.contains { $0.hasSuffix(#"printed: }{ garbage \x1b]0;title\x07"#) }, "\(printed)")
        #expect(printed.contains { $0.hasSuffix(#"printed: \x1b[2J stderr garbage"#) }, "\(printed)")
        #expect(!result.out.contains("\u{1b}") && !result.err.contains("\u{1b}") && !result.err.contains("garbage"), "\(result)")

        let text = try await runHost(["run", "noisy", "--isolate"], pluginFolder: folder, in: dir)
        #expect(text.status == 0, "\(text)")
        #expect(text.out.contains(#"printed: \x1b[2J stderr garbage"#), "\(text.out)")
        #expect(!text.out.contains("\u{1b}") && !text.err.contains("\u{1b}"), "\(text)")
    }

    @Test("no plugin code runs in the host process with --isolate")
    func noPluginCodeInTheHost() async throws {
        let dir = try TempDir()
        let folder = try dir.folder("plugins")
        let marker = dir.file("constructors.txt")
        var plugin = HostilePlugin()
        plugin.marker = marker
        try await compileC(plugin.render(), to: "plugins/marked.so", in: dir)

        let result = try await runHost(["run", "hostile.good:fx", "--isolate"], pluginFolder: folder, in: dir,
                                       environment: markerWritesAllowed)

        #expect(result.status == 0, "\(result)")
        let lines = markerLines(marker)
        #expect(!lines.isEmpty)
        // Loaded by the scanner and by the isolated child: both children of the host, and
        // never the host itself, whose parent is this test.
        #expect(lines.allSatisfy { $0.parent != getpid() }, "\(lines)")
        #expect(Set(lines.map(\.pid)).count >= 2)
    }

    @Test("plugins from an --untrusted-plugin-path folder always run isolated; the others in the host")
    func untrustedFolderIsolates() async throws {
        let dir = try TempDir()
        let trusted = try dir.folder("trusted")
        let untrusted = try dir.folder("untrusted")
        let marker = dir.file("constructors.txt")
        var inHost = HostilePlugin()
        inHost.id = "marked.trusted"
        inHost.marker = marker
        var outside = HostilePlugin()
        outside.id = "marked.untrusted"
        outside.marker = marker
        try await compileC(inHost.render(), to: "trusted/a.so", in: dir)
        try await compileC(outside.render(), to: "untrusted/b.so", in: dir)
        try await compileC(withUnistd(misbehaving(animate: "volatile int *p = NULL; *p = 1;")), to: "untrusted/fragile.so", in: dir)

        for effect in ["marked.trusted:fx", "marked.untrusted:fx"] {
            let result = try await runHost(["run", effect, "--untrusted-plugin-path", untrusted], pluginFolder: trusted, in: dir,
                                           environment: markerWritesAllowed)
            #expect(result.status == 0, "\(result)")
        }
        let crash = try await runHost(["run", "fixture.fragile:fx", "--untrusted-plugin-path", untrusted, "--format", "json"],
                                      pluginFolder: trusted, in: dir)
        try expectFallback(crash, try RunJSON(crash), reason: "crashed with SIGSEGV")

        let lines = markerLines(marker)
        let host = lines.filter { $0.parent == getpid() }
        #expect(Set(host.map(\.id)) == ["marked.trusted"], "\(lines)")
        #expect(lines.contains { $0.id == "marked.untrusted" })
    }

    /// A plugin whose presenting animator misbehaves as `prologue` says; its dismissal is sound.
    private func misbehaving(animate: String = "", animations: String = "") -> PluginTemplate {
        var template = PluginTemplate()
        template.pluginID = "fixture.fragile"
        template.ending = .conforming
        template.animatePrologue = "if (self->incoming) { \(animate) }"
        template.animationsPrologue = "if (self->incoming) { \(animations) }"
        return template
    }

    /// The plugin's source with write, _exit and pause declared, for the misbehaviour.
    private func withUnistd(_ template: PluginTemplate) -> String {
        "#define _POSIX_C_SOURCE 200809L\n#include <unistd.h>\n" + template.render()
    }

    private func runFragile(_ template: PluginTemplate, extra: [String] = []) async throws -> (ProgramResult, RunJSON) {
        let dir = try TempDir()
        let folder = try dir.folder("plugins")
        try await compileC(withUnistd(template), to: "plugins/fragile.so", in: dir)
        // No deadline unless the test sets its own (the hang does): runHost's generous one, since
        // these tests are about a crash, and a loaded machine once took more than the default
        // 3 s to start the fresh process that runs the dismissal.
        let result = try await runHost(["run", "fixture.fragile:fx", "--isolate", "--format", "json"] + extra,
                                       pluginFolder: folder, in: dir)
        return (result, try RunJSON(result))
    }

    /// What every failure must leave: a host that exited by itself with status 1, the
    /// presentation finished by the cross-dissolve with its end state verified, and the
    /// dismissal run by a fresh process of the same plugin.
    private func expectFallback(_ result: ProgramResult, _ report: RunJSON, reason: String) throws {
        #expect(!result.crashed, "\(result)")
        #expect(result.status == 1, "\(result)")
        #expect(!report.clean)
        let root = try #require(try result.json() as? [String: Any])
        let outcomes = try #require(root["outcomes"] as? [[String: Any]])
        #expect(outcomes.count == 2)
        let present = try #require(outcomes.first)
        #expect(present["completed"] as? Bool == true)
        #expect((present["failure"] as? String)?.contains(reason) == true, "\(present)")
        #expect(report.outcomes.allSatisfy { $0.violations.isEmpty && $0.completed && !$0.cutOff })
        let dismiss = try #require(outcomes.last)
        #expect(dismiss["failure"] == nil, "the next transition gets a fresh process: \(dismiss)")
        #expect(report.events.contains { $0.level == "call" && $0.name == "fallback.animateTransition" })
        #expect(report.events.contains { $0.name.contains("restarted after its failure") })
        // The presented screen ended on screen, opaque, then left with the dismissal.
        let presentEnd = try #require(report.frames(from: report.outcomes[0].end, to: report.outcomes[0].end).last)
        let detail = try #require(presentEnd.views.first { $0.name.hasPrefix("detail") })
        #expect(!detail.offScreen && detail.alpha == 1)
    }

    @Test("an animator that segfaults: reported with its signal, the transition falls back, the host carries on")
    func segfault() async throws {
        let (result, report) = try await runFragile(misbehaving(animate: "volatile int *p = NULL; *p = 1;"))
        try expectFallback(result, report, reason: "plugin 'fixture.fragile' crashed with SIGSEGV")
        #expect(report.events.contains { $0.level == "error" && $0.name.contains("during animate_transition") })
    }

    @Test("an animations block that hangs is killed at the deadline")
    func hang() async throws {
        // 10 s: the same deadline holds for the fresh process that runs the dismissal, whose
        // start on a loaded machine (the whole suite at once) once took more than 3 s, once 5.
        let (result, report) = try await runFragile(misbehaving(animations: "for (;;) pause();"), extra: ["--isolate-timeout", "10"])
        try expectFallback(result, report, reason: "did not answer within 10 s during an animations block (hung); killed")
    }

    @Test("a plugin that writes garbage into the host's socket is killed")
    func garbage() async throws {
        let (result, report) = try await runFragile(misbehaving(animate: "write(3, \"\\xff\\xff\\xff\\x7fgarbage\", 11);"))
        try expectFallback(result, report, reason: "sent garbage during animate_transition")
    }

    @Test("a plugin that exits is reported with its status")
    func exits() async throws {
        let (result, report) = try await runFragile(misbehaving(animate: "_exit(7);"))
        try expectFallback(result, report, reason: "plugin 'fixture.fragile' exited with exit status 7 during animate_transition")
    }

    @Test("the text report names the plugin, the signal and the fallback")
    func textReport() async throws {
        let dir = try TempDir()
        let folder = try dir.folder("plugins")
        try await compileC(withUnistd(misbehaving(animate: "abort();")), to: "plugins/fragile.so", in: dir)
        let result = try await runHost(["run", "fixture.fragile:fx", "--isolate"], pluginFolder: folder, in: dir)
        #expect(result.status == 1, "\(result)")
        #expect(result.out.contains("Present: completed by the standard cross-dissolve after fixture.fragile:fx failed (plugin 'fixture.fragile' crashed with SIGABRT"), "\(result)")
        #expect(result.out.contains("Dismiss: completed by fixture.fragile:fx"), "\(result)")
        #expect(result.out.contains("NOT CLEAN"))
    }

    @Test("a curve of an isolated plugin is refused, saying why")
    func isolatedCurves() async throws {
        let dir = try TempDir()
        let result = try await runHost(["run", "diagonal", "--isolate", "--curve", "easing.elastic"], pluginFolder: try dir.folder("none"), in: dir)
        #expect(result.status == 2, "\(result)")
        #expect(result.err.contains("no curve named 'easing.elastic'"), "\(result)")
        #expect(result.err.contains("the curves of easing are not available: it runs isolated"), "\(result)")
    }

    @Test("a bad --isolate-timeout is a usage error")
    func badTimeout() async throws {
        let dir = try TempDir()
        let result = try await runHost(["run", "diagonal", "--isolate", "--isolate-timeout", "0"], pluginFolder: try dir.folder("none"), in: dir)
        #expect(result.status == 64, "\(result)")
        #expect(result.err.contains("--isolate-timeout"))
    }
}
