import Foundation
import PluginHost
import Testing

/// What a plugin can make the host do is bounded (docs/SANDBOX.md, the header's create_view):
/// each bound pinned at exactly its limit and one past it, in process and isolated.
@Suite("Bounded host work per plugin")
struct HostWorkBoundsTests {
    /// A presenting animator that makes `count` views (create_view, then a snapshot for every
    /// tenth, so that both count) and logs the status of the last two, then animates soundly.
    static func viewMaker(_ count: Int) -> PluginTemplate {
        var template = PluginTemplate()
        template.pluginID = "fixture.views"
        template.ending = .conforming
        template.animatePrologue = """
            if (self->incoming) {
                th_view made = { 0 }; th_status last = TH_OK, before = TH_OK;
                for (int i = 1; i <= \(count); i++) {
                    before = last;
                    last = (i % 10 == 0 && made.id != 0) ? host->snapshot_view(made, &made) : host->create_view("made", (th_rect){ { 0, 0 }, { 1, 1 } }, &made);
                }
                char line[64]; snprintf(line, sizeof line, "views made: last two %d %d", (int)before, (int)last);
                host->log(TH_LOG_INFO, line);
            }
            """
        return template
    }

    static func run(_ template: PluginTemplate, isolated: Bool, environment: [String: String] = [:]) async throws -> (ProgramResult, RunJSON) {
        let dir = try TempDir("bounds")
        let folder = try dir.folder("plugins")
        try await compileC("#include <stdio.h>\n" + template.render(), to: "plugins/views.so", in: dir)
        // 10,000 calls in one animate_transition take well under a second alone, but over 30 s
        // once with the whole suite running on two cores: the deadline is far above either; the
        // limit is what the test is about.
        let isolation = isolated ? ["--isolate", "--isolate-timeout", scaled(120)] : []
        let result = try await runHost(["run", "fixture.views:fx", "--format", "json", "--no-motion-check"] + isolation,
                                       pluginFolder: folder, in: dir, environment: environment)
        return (result, try RunJSON(result))
    }

    @Test("a plugin may make 10,000 views in a run (create_view and snapshots together); the 10,001st is refused with TH_ERR_BAD_STATE, named, and the run is not clean",
          arguments: [false, true])
    func viewLimit(isolated: Bool) async throws {
        let (atLimit, atReport) = try await Self.run(Self.viewMaker(10_000), isolated: isolated)
        #expect(atLimit.status == 0, "\(atLimit)")
        #expect(atReport.clean)
        #expect(atReport.events.contains { $0.name.contains("views made: last two 0 0") }, "\(atReport.events.map(\.name))")

        let (past, pastReport) = try await Self.run(Self.viewMaker(10_001), isolated: isolated)
        #expect(past.status == 1, "\(past)")
        #expect(!pastReport.clean)
        // TH_ERR_BAD_STATE is -3.
        #expect(pastReport.events.contains { $0.name.contains("views made: last two 0 -3") }, "\(pastReport.events.map(\.name))")
        #expect(pastReport.events.contains {
            $0.level == "error" && $0.name.contains("fixture.views") && $0.name.contains("made 10,000 views in this run")
        }, "\(pastReport.events.filter { $0.level == "error" }.map(\.name))")
    }
}

extension HostWorkBoundsTests {
    /// A presenting animator whose animate_transition first calls get_alpha until a call is
    /// refused (or `most` calls), then logs how many succeeded and the refused call's status.
    static func caller(most: Int) -> PluginTemplate {
        var template = PluginTemplate()
        template.pluginID = "fixture.views"
        template.ending = .conforming
        template.animatePrologue = """
            if (self->incoming) {
                th_view probe = { 0 }; double alpha = 0; long made = 0; th_status refused = TH_OK;
                th_status first = host->container_view(ctx, &probe);
                if (first == TH_OK) made = 1;
                while (made < \(most)) { refused = host->get_alpha(probe, &alpha); if (refused != TH_OK) break; made++; }
                char line[96]; snprintf(line, sizeof line, "host calls made: %ld, then %d", made, (int)refused);
                host->log(TH_LOG_INFO, line);
            }
            """
        return template
    }

    @Test("one call into a plugin may make 250,000 host-table calls in process; the next is refused with TH_ERR_BAD_STATE, named, and the run is not clean")
    func hostCallLimitInProcess() async throws {
        let (past, report) = try await Self.run(Self.caller(most: 250_010), isolated: false)
        // Exactly the bound succeeded: the 250,001st call is the first refused (-3).
        #expect(report.events.contains { $0.name.contains("host calls made: 250000, then -3") }, "\(report.events.map(\.name).prefix(20))")
        #expect(past.status == 1 && !report.clean, "\(past)")
        #expect(report.events.contains {
            $0.level == "error" && $0.name.contains("fixture.views") && $0.name.contains("made 250,000 host-table calls in one call (animate_transition)")
        }, "\(report.events.filter { $0.level == "error" }.map(\.name))")

        let (within, withinReport) = try await Self.run(Self.caller(most: 200_000), isolated: false)
        #expect(within.status == 0 && withinReport.clean, "\(within)")
        #expect(withinReport.events.contains { $0.name.contains("host calls made: 200000, then 0") })
    }

    @Test("the same bound holds for an isolated plugin, each call a round trip (HOST_CALL_LIMIT=2000 here)")
    func hostCallLimitIsolated() async throws {
        let limit = ["HOST_CALL_LIMIT": "2000"]
        let (past, report) = try await Self.run(Self.caller(most: 2_010), isolated: true, environment: limit)
        #expect(report.events.contains { $0.name.contains("host calls made: 2000, then -3") }, "\(report.events.map(\.name).prefix(20))")
        #expect(past.status == 1 && !report.clean, "\(past)")
        #expect(report.events.contains { $0.level == "error" && $0.name.contains("made 2,000 host-table calls in one call") })

        let (within, withinReport) = try await Self.run(Self.caller(most: 1_500), isolated: true, environment: limit)
        #expect(within.status == 0 && withinReport.clean, "\(within)")
    }

    @Test("an isolated plugin may have 256 processes and threads in its namespace, init's and its own main thread included: the rest are refused")
    func threadCap() async throws {
        // 256 tasks in the namespace: init and the plugin process's main thread are two. Without
        // control groups, whose own cap of 256 would stop them at the same count.
        #expect(try await Self.threadsStarted(environment: ["HOST_SANDBOX": "no-cgroups"]) == 254)
    }

    @Test("without namespaces, an isolated plugin's control group caps it at 256 tasks, its own main thread included",
          .enabled(if: HelperSandbox.canMakeControlGroups, "needs a control group the user may make (root, or a delegated cgroup v2 group)"))
    func threadCapByControlGroup() async throws {
        #expect(try await Self.threadsStarted(environment: ["HOST_SANDBOX": "no-namespaces"]) == 255)
        // And the group is what holds: without it too, all 1000 start.
        #expect(try await Self.threadsStarted(environment: ["HOST_SANDBOX": "no-namespaces,no-cgroups"]) == 1000)
    }

    /// How many of 1000 threads an isolated plugin could start, run with `environment`.
    static func threadsStarted(environment: [String: String]) async throws -> Int {
        var template = PluginTemplate()
        template.pluginID = "fixture.views"
        template.ending = .conforming
        // Threads that sleep for ever, on small stacks (the memory limit must not stop them first).
        template.animatePrologue = """
            if (self->incoming) {
                pthread_attr_t small; pthread_attr_init(&small); pthread_attr_setstacksize(&small, 64 << 10);
                int started = 0; pthread_t thread;
                while (started < 1000 && pthread_create(&thread, &small, fx_sleep, NULL) == 0) started++;
                char line[64]; snprintf(line, sizeof line, "threads started: %d", started);
                host->log(TH_LOG_INFO, line);
            }
            """
        let dir = try TempDir("bounds-threads")
        let folder = try dir.folder("plugins")
        let source = "#include <stdio.h>\n#include <pthread.h>\n#include <unistd.h>\n"
            + "static void *fx_sleep(void *unused) { (void)unused; for (;;) pause(); return NULL; }\n" + template.render()
        try await compileC(source, to: "plugins/views.so", in: dir)
        let result = try await runHost(["run", "fixture.views:fx", "--format", "json", "--no-motion-check", "--isolate",
                                        "--isolate-timeout", scaled(30)], pluginFolder: folder, in: dir, environment: environment)
        let report = try RunJSON(result)
        let line = try #require(report.events.first { $0.name.contains("threads started: ") }, "\(report.events.map(\.name))")
        return Int(line.name.split(separator: " ").last ?? "") ?? -1
    }

    /// A plugin that sleeps 0.8 s in each call `calls` names (create, animate_transition, the
    /// completion, animation_ended), each a call of its own, far within the default 2 s
    /// deadline however loaded the machine. (Not transition_duration or the animations block:
    /// the template's animate_transition calls or makes them, so its deadline counts them.)
    static func sleeper(in calls: Set<String>) -> PluginTemplate {
        var template = PluginTemplate()
        template.pluginID = "fixture.views"
        template.ending = .conforming
        let nap = "usleep(800000);"
        if calls.contains("create") { template.createPrologue = nap }
        if calls.contains("animate") { template.animatePrologue = nap }
        if calls.contains("completion") { template.completionPrologue = nap }
        if calls.contains("ended") {
            template.extraCode = "static void fx_ended(void *self, bool completed) { (void)self; (void)completed; \(nap) }"
            template.animationEnded = "fx_ended"
        }
        return template
    }

    /// Runs `template` isolated with a budget of 5 s: the clean run naps 1.6 s in all and the
    /// other 6.4 s, so that neither outcome turns on how loaded the machine is (a call's time
    /// is its wall time, which a busy machine stretches: a run whose calls napped 1 s took
    /// 3.3 s in all on a machine with a load average near 20).
    static func runSleeper(_ template: PluginTemplate) async throws -> (ProgramResult, RunJSON) {
        let dir = try TempDir("budget")
        let folder = try dir.folder("plugins")
        try await compileC("#define _DEFAULT_SOURCE\n#include <unistd.h>\n" + template.render(), to: "plugins/views.so", in: dir)
        let result = try await runHost(["run", "fixture.views:fx", "--format", "json", "--isolate"],
                                       pluginFolder: folder, in: dir, environment: ["HOST_ISOLATE_BUDGET": "5"])
        return (result, try RunJSON(result))
    }

    @Test("an isolated plugin's calls together have a budget in a run: 1.6 s of 5 is clean; 0.8 s in each of eight calls, each far within its deadline, passes it, and the plugin is killed and named")
    func callBudget() async throws {
        let (within, withinReport) = try await Self.runSleeper(Self.sleeper(in: ["animate"]))
        #expect(within.status == 0, "\(within)")
        #expect(withinReport.clean)

        let (over, overReport) = try await Self.runSleeper(Self.sleeper(in: ["create", "animate", "completion", "ended"]))
        #expect(over.status == 1, "\(over)")
        #expect(!overReport.clean)
        let said = overReport.events.map(\.name).joined(separator: "\n")
        #expect(said.contains("plugin 'fixture.views' took") && said.contains("in its calls in all during this run (at most 5 s"), "\(said)")
        // Each call stayed within its deadline: no call is called hung.
        #expect(!said.contains("hung"), "\(said)")
        #expect(overReport.outcomes.count == 2 && overReport.outcomes.allSatisfy(\.completed), "both transitions still end")
    }
}
