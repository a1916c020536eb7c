import Foundation
import Testing

/// Animators that misbehave in every way one can while a transition runs, each run with
/// `host run --isolate`: the host must survive every one, and every scene must end in its
/// documented state (both transitions completed, by the plugin or by the fallback, with the
/// end state verified). The suite counts cases tried, host crashes and inconsistent scenes.
@Suite("Hostile animators in isolated runs, tried and counted")
struct IsolatedAnimatorCorpusTests {
    struct Case: Sendable {
        let name: String
        /// What the presentation's failure must say; nil when the plugin must not fail at all
        /// (the host table refuses what it asked, and the transition goes on).
        let failure: String?
        let plugin: PluginTemplate
    }

    static func fragile(_ edit: (inout PluginTemplate) -> Void) -> PluginTemplate {
        var template = PluginTemplate()
        template.pluginID = "fixture.fragile"
        template.ending = .conforming
        edit(&template)
        return template
    }

    /// `code` run only while presenting, so that the dismissal shows the process restarted.
    static func presenting(_ code: String) -> String { "if (self->incoming) { \(code) }" }

    static let segv = "volatile int *p = NULL; *p = 1;"

    static let cases: [Case] = [
        Case(name: "segfault in animate_transition", failure: "SIGSEGV", plugin: fragile { $0.animatePrologue = presenting(segv) }),
        Case(name: "segfault in the animations block", failure: "SIGSEGV", plugin: fragile { $0.animationsPrologue = presenting(segv) }),
        Case(name: "segfault in the completion callback", failure: "SIGSEGV", plugin: fragile { $0.completionPrologue = presenting(segv) }),
        Case(name: "segfault in transition_duration", failure: "SIGSEGV", plugin: fragile { $0.durationPrologue = presenting(segv) }),
        Case(name: "segfault in create", failure: "SIGSEGV",
             plugin: fragile { $0.createPrologue = "if (config->transition == TH_TRANSITION_PRESENT) { \(segv) }" }),
        Case(name: "segfault in a dismissal", failure: nil, plugin: fragile { $0.animatePrologue = "if (!self->incoming) { \(segv) }" }),
        Case(name: "abort in animate_transition", failure: "SIGABRT", plugin: fragile { $0.animatePrologue = presenting("abort();") }),
        Case(name: "SIGKILL of itself", failure: "SIGKILL", plugin: fragile { $0.animatePrologue = presenting("raise(SIGKILL);") }),
        Case(name: "exit(0) in the middle of a call", failure: "exit status 0", plugin: fragile { $0.animatePrologue = presenting("_exit(0);") }),
        Case(name: "hang in animate_transition", failure: "hung", plugin: fragile { $0.animatePrologue = presenting("for (;;) pause();") }),
        Case(name: "hang in the completion callback", failure: "hung", plugin: fragile { $0.completionPrologue = presenting("for (;;) pause();") }),
        Case(name: "endless calls into the host", failure: "hung", plugin: fragile {
            $0.animatePrologue = presenting("double a; th_view c; host->container_view(ctx, &c); for (;;) host->get_alpha(c, &a);")
        }),
        Case(name: "random bytes into the host's socket", failure: "garbage", plugin: fragile {
            $0.animatePrologue = presenting("unsigned char junk[512]; for (int i = 0; i < 512; i++) junk[i] = (unsigned char)(i * 37 + 11); write(3, junk, sizeof junk);")
        }),
        Case(name: "a frame claiming 16 MiB", failure: "garbage", plugin: fragile {
            $0.animatePrologue = presenting("unsigned int n = 16u << 20; write(3, &n, 4); write(3, \"xxxx\", 4);")
        }),
        Case(name: "a well-formed request the host does not know", failure: "garbage", plugin: fragile {
            $0.animatePrologue = presenting("unsigned char f[] = { 7, 0, 0, 0, 1, 9, 0, 0, 0, 0x39, 0x30 }; write(3, f, sizeof f);")
        }),
        Case(name: "a forged reply out of turn", failure: "garbage", plugin: fragile {
            $0.animatePrologue = presenting("unsigned char f[] = { 5, 0, 0, 0, 2, 1, 0, 0, 0 }; write(3, f, sizeof f);")
        }),
        // 20,000 well-formed is_animated requests (op 6) in a row, reading none of the replies:
        // the host's replies fill the socket, and its sends wait only until the call's deadline.
        Case(name: "20,000 requests, never reading the replies", failure: "floods the channel", plugin: fragile {
            $0.animatePrologue = presenting("""
                unsigned char f[20]; unsigned int length = 16; unsigned short op = 6;
                memcpy(f, &length, 4); f[4] = 1; memcpy(f + 9, &op, 2); memcpy(f + 11, &ctx, 8); f[19] = 1;
                for (unsigned int n = 1; n <= 20000; n++) { memcpy(f + 5, &n, 4); if (write(3, f, sizeof f) != sizeof f) break; }
                """)
        }),
        Case(name: "closing the host's socket", failure: "exited", plugin: fragile { $0.animatePrologue = presenting("close(3);") }),
        Case(name: "NaN, infinite and negative values to the host table", failure: nil, plugin: fragile {
            $0.animatePrologue = """
                th_view c; th_rect bad = { { 0.0 / 0.0, 1.0 / 0.0 }, { -5, 1e308 * 10 } };
                host->container_view(ctx, &c);
                host->set_alpha(c, 0.0 / 0.0); host->set_frame(c, bad); host->set_corner_radius(c, -1.0 / 0.0);
                """
        }),
        Case(name: "forged, zero and stale handles", failure: nil, plugin: fragile {
            $0.animatePrologue = """
                th_view forged = { 0x0123456789abcdefULL }, zero = { 0 }; th_rect r;
                host->get_frame(forged, &r); host->add_subview(zero, forged); host->remove_from_superview(forged);
                host->complete_transition((th_context){ 42 }, true);
                """
        }),
        Case(name: "a 4 MiB log line and NULL out-pointers", failure: nil, plugin: fragile {
            $0.animatePrologue = """
                static char big[4 << 20]; memset(big, 'x', sizeof big - 1);
                host->log(TH_LOG_INFO, big); host->log(TH_LOG_INFO, NULL);
                host->container_view(ctx, NULL); host->get_alpha((th_view){ 0 }, NULL);
                """
        }),
    ]

    actor Tally {
        var tried = 0, hostCrashes = 0
        var inconsistent: [String] = []
        func record(_ name: String, crashed: Bool, problem: String?) {
            tried += 1
            if crashed { hostCrashes += 1 }
            if let problem { inconsistent.append("\(name): \(problem)") }
        }
    }

    /// What is wrong with the run of `hostile`, or nil.
    static func problem(_ hostile: Case, _ result: ProgramResult) -> String? {
        guard let root = try? result.json() as? [String: Any], let outcomes = root["outcomes"] as? [[String: Any]] else {
            return "no report: \(result)"
        }
        guard outcomes.count == 2 else { return "\(outcomes.count) outcomes" }
        for o in outcomes {
            if o["completed"] as? Bool != true { return "a transition did not complete: \(o)" }
            if o["cutOff"] as? Bool != false { return "a transition was cut off: \(o)" }
            if (o["violations"] as? [String])?.isEmpty != true { return "the end state broke the contract: \(o)" }
        }
        let failures = outcomes.compactMap { $0["failure"] as? String }
        if let expected = hostile.failure {
            guard let first = failures.first else { return "no failure reported" }
            if !first.contains(expected) { return "the failure says '\(first)', not '\(expected)'" }
            if outcomes[0]["failure"] == nil && !hostile.name.contains("dismissal") { return "the failure was not the presentation's" }
            if result.status != 1 { return "exit status \(result.status), not 1" }
        } else if hostile.name.contains("dismissal") {
            guard outcomes[1]["failure"] != nil, outcomes[0]["failure"] == nil else { return "the dismissal did not fall back alone" }
        } else {
            if !failures.isEmpty { return "an unexpected failure: \(failures)" }
            if result.status != 0 { return "exit status \(result.status), not 0: \(result)" }
        }
        return nil
    }

    @Test("every misbehaving animator costs only its transition: 0 host crashes, 0 inconsistent scenes")
    func corpus() async throws {
        let dir = try TempDir("isolated-corpus")
        let tally = Tally()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (i, hostile) in Self.cases.enumerated() {
                if i >= 2 { try await group.next() }
                group.addTask {
                    let folder = try dir.folder("case-\(i)")
                    let source = "#define _POSIX_C_SOURCE 200809L\n#include <signal.h>\n#include <string.h>\n#include <unistd.h>\n"
                        + hostile.plugin.render()
                    try await compileC(source, to: "case-\(i)/fragile.so", in: dir)
                    // 1.5 s a call: short enough for the hangs to cost little, long enough that
                    // a benign call on a loaded machine (the whole suite at once) is not taken
                    // for one.
                    let result = try await runHost(
                        ["run", "fixture.fragile:fx", "--isolate", "--isolate-timeout", scaled(1.5), "--format", "json"],
                        pluginFolder: folder, in: dir)
                    await tally.record(hostile.name, crashed: result.crashed,
                                       problem: result.crashed ? "the host crashed: \(result)" : Self.problem(hostile, result))
                }
            }
            try await group.waitForAll()
        }
        let tried = await tally.tried, crashes = await tally.hostCrashes, inconsistent = await tally.inconsistent
        print("isolated-animator corpus: \(tried) cases tried, \(crashes) host crashes, \(inconsistent.count) scenes inconsistent")
        #expect(tried == Self.cases.count)
        #expect(crashes == 0)
        #expect(inconsistent.isEmpty, "\(inconsistent.joined(separator: "\n"))")
    }
}
