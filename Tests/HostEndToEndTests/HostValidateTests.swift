import Foundation
import Testing

/// `host validate --json`, by the fields the tests use.
struct ValidateJSON {
    struct Row { let name, result, reason: String }
    let conforms: Bool
    let tests: [Row]

    init(_ result: ProgramResult) throws {
        guard let root = try result.json() as? [String: Any], let conforms = root["conforms"] as? Bool,
              let tests = root["tests"] as? [[String: Any]]
        else { throw ChildProcessFailure(description: "not a validation report:\n\(result)") }
        self.conforms = conforms
        self.tests = try tests.map { t in
            guard let name = t["name"] as? String, let result = t["result"] as? String, let reason = t["reason"] as? String
            else { throw ChildProcessFailure(description: "bad row \(t)") }
            return Row(name: name, result: result, reason: reason)
        }
    }

    func row(_ name: String) -> Row? { tests.first { $0.name == name } }
}

/// The tests every plugin gets, whatever it offers: they must all be in every report, which
/// shows that no plugin took the validator down.
let fixedTests = [
    "load.entry", "load.abi-version", "load.immediate-binding", "load.accepted", "load.scan-time",
    "load.unknown-extension", "descriptors.ids", "descriptors.names", "descriptors.parameter-defaults",
    "descriptors.enum-defaults", "descriptors.structure",
]

/// A `host validate --json` report's results by test name ("pass", or "pass: reason"), but
/// the load time's, which a loaded machine may turn into a warning.
func resultsByTest(_ report: [String: Any], withReasons: Bool = false) -> [String: String] {
    var rows: [String: String] = [:]
    for row in report["tests"] as? [[String: Any]] ?? [] where row["name"] as? String != "load.scan-time" {
        let result = row["result"] as? String ?? "?"
        rows[row["name"] as? String ?? "?"] = withReasons ? "\(result): \(row["reason"] as? String ?? "?")" : result
    }
    return rows
}

/// Builds `template` and validates it with `arguments`.
func validate(_ template: PluginTemplate, _ arguments: [String] = [], label: String) async throws -> (ProgramResult, ValidateJSON) {
    let dir = try TempDir(label)
    let plugin = try await compileC(template.render(), to: "\(label).so", in: dir)
    let result = try await runHost(["validate", plugin, "--json"] + arguments, userData: try dir.folder("data"), in: dir)
    return (result, try ValidateJSON(result))
}

@Suite("host validate")
struct HostValidateTests {
    @Test("every bundled plugin conforms: no test fails, crashes or times out", arguments: ["diagonal", "slide", "dimming", "card-sheet", "door", "flip", "easing", "crossfade", "zoom", "match", "pinch-dismiss", "edge-pop", "interruptible", "reveal", "view-transition", "flight"])
    func bundled(plugin: String) async throws {
        let dir = try TempDir("validate-\(plugin)")
        _ = try Build.requireHost()
        let result = try await runHost(["validate", "\(Build.bundledPlugins)/\(plugin).so", "--json"], userData: try dir.folder("data"), in: dir)
        let report = try ValidateJSON(result)
        #expect(result.status == 0 && !result.crashed, "\(result)")
        #expect(report.conforms)
        let bad = report.tests.filter { !["pass", "warn", "skip"].contains($0.result) }
        #expect(bad.isEmpty, "\(bad.map { "\($0.name): \($0.result): \($0.reason)" })")
        #expect(fixedTests.allSatisfy { name in report.tests.contains { $0.name == name } })
    }

    @Test("a plugin that keeps the contract passes every test it gets")
    func conformingFixture() async throws {
        let (result, report) = try await validate(PluginTemplate(ending: .conforming), label: "conforming")
        #expect(result.status == 0, "\(result)")
        #expect(report.conforms)
        let fx = ["end-state", "cancel", "single-completion", "zero-duration", "long-duration", "deterministic", "interactive",
                  "interruptible", "motion"]
        let expected = fixedTests + fx.map { "behaviour.fx.present.\($0)" } + fx.map { "behaviour.fx.dismiss.\($0)" }
            + ["robustness.fx.parameter-fuzzing", "robustness.fx.stale-handles"]
        #expect(report.tests.map(\.name) == expected)
        // load.scan-time measures wall time: on a loaded machine (CI building beside it) a
        // warning there says nothing about the plugin, so it is not held against it here.
        let notPassing = report.tests
            .filter { $0.result != "pass" && !($0.name == "load.scan-time" && $0.result == "warn") }
            .map { "\($0.name): \($0.result)" }
        #expect(notPassing == ["behaviour.fx.present.interruptible: skip", "behaviour.fx.dismiss.interruptible: skip",
                               "robustness.fx.parameter-fuzzing: skip"], "\(result.out)")
    }

    /// One deliberately broken plugin per rule, the test that must catch it, and what its
    /// reason must say.
    struct Broken: Sendable, CustomTestStringConvertible {
        let label: String
        let template: PluginTemplate
        let test: String
        let result: String
        let reason: String
        var arguments: [String] = []
        var testDescription: String { label }
    }

    static let broken: [Broken] = [
        Broken(label: "never-completes", template: PluginTemplate(ending: .never),
               test: "behaviour.fx.present.end-state", result: "fail", reason: "never called complete_transition"),
        Broken(label: "completes-twice", template: PluginTemplate(ending: .twice),
               test: "behaviour.fx.present.single-completion", result: "fail", reason: "called complete_transition 2 times"),
        Broken(label: "crashes-in-animate", template: PluginTemplate(ending: .conforming, animatePrologue: "*(volatile int *)16 = 1;"),
               test: "behaviour.fx.present.end-state", result: "crashed", reason: "SIGSEGV"),
        Broken(label: "stray-view", template: PluginTemplate(ending: .leavesStrayView),
               test: "behaviour.fx.present.end-state", result: "fail", reason: "'stray' is left in the hierarchy"),
        Broken(label: "bad-descriptor", template: PluginTemplate(effectID: "Bad Id!", ending: .conforming),
               test: "descriptors.ids", result: "fail", reason: "effect #0 id 'Bad Id!' is not well formed"),
        Broken(label: "default-out-of-range", template: PluginTemplate(ending: .conforming, parameters: [
            #"{ sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "amount", "Amount", NULL, 0, 1, 7, 0, NULL }"#]),
               test: "descriptors.parameter-defaults", result: "fail", reason: "default 7.0 is outside its range [0.0, 1.0]"),
        Broken(label: "non-deterministic", template: PluginTemplate(
            ending: .conforming, animationsPrologue: "self->target.origin.y += (double)(rand() % 97);"),
               test: "behaviour.fx.present.deterministic", result: "fail", reason: "the same inputs gave different frames"),
        Broken(label: "bad-curve", template: PluginTemplate(ending: .conforming, extraCode: """
            static double half(double t) { return t / 2; }
            static const th_timing_curve fx_curves[] = { { sizeof(th_timing_curve), 0, "half", "Half", "d(d)", (void (*)(void))half, NULL } };
            static const th_timing_curves fx_curve_list = { sizeof(th_timing_curves), 1, fx_curves };
            static const void *fx_extension(const char *id) { return strcmp(id, TH_EXT_TIMING_CURVES) == 0 ? &fx_curve_list : NULL; }
            """, getExtension: "fx_extension"),
               test: "curves.half.endpoints", result: "fail", reason: "f(1) = 0.5, not 1"),
        Broken(label: "curve-not-finite", template: PluginTemplate(ending: .conforming, extraCode: """
            /* Fine at its default k = 1, which is all the host samples when it loads the curve. */
            static double holey(double t, double k) { return (k == 0 && t > 0.4 && t < 0.6) ? NAN : t; }
            static const th_param_descriptor holey_params[] = { { sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "k", "K", NULL, 0, 1, 1, 0, NULL } };
            static const th_timing_curve fx_curves[] = { { sizeof(th_timing_curve), 1, "holey", "Holey", "d(dd)", (void (*)(void))holey, holey_params } };
            static const th_timing_curves fx_curve_list = { sizeof(th_timing_curves), 1, fx_curves };
            static const void *fx_extension(const char *id) { return strcmp(id, TH_EXT_TIMING_CURVES) == 0 ? &fx_curve_list : NULL; }
            """, getExtension: "fx_extension"),
               test: "curves.holey.finite", result: "fail", reason: "= nan with k=0: a curve must be finite"),
        Broken(label: "keeps-its-context", template: PluginTemplate(ending: .conforming, animatePrologue: """
            /* Keeps each context, and asks the previous one for its container. */
            static th_context previous;
            if (previous.id != 0) { th_view old; host->container_view(previous, &old); }
            previous = ctx;
            """),
               test: "robustness.fx.stale-handles", result: "fail", reason: "used a context after its transition had ended"),
        Broken(label: "jumps-into-its-end-state", template: .jumpsIntoEndState(),
               test: "behaviour.fx.present.motion", result: "fail",
               reason: "at 0.25 s 'detail' moved 138 pt in one frame into the end state, on the last frame (the steps around it: at most 18 pt): a person sees that as a pop"),
        Broken(label: "ignores-cancel", template: PluginTemplate(ending: .complete),
               test: "behaviour.fx.present.cancel", result: "fail", reason: "completed the present although the interaction cancelled it"),
        Broken(label: "answers-any-extension", template: PluginTemplate(ending: .conforming, extraCode: """
            /* "Not one of the two I know? Then it must be mine." */
            static const th_animator_interface fx_animator;
            static const void *fx_extension(const char *id)
            {
                if (strcmp(id, TH_EXT_TYPED_CONSTRUCTORS) == 0 || strcmp(id, TH_EXT_TIMING_CURVES) == 0) return NULL;
                return &fx_animator;
            }
            """, getExtension: "fx_extension"),
               test: "load.unknown-extension", result: "fail", reason: "returned a pointer for \"th.validate.no-such-extension/1\""),
        Broken(label: "unresolved-symbol", template: PluginTemplate(ending: .conforming, extraCode: """
            extern void no_such_function(void);
            void (*const fx_keep)(void) = no_such_function; /* needs the symbol when loaded */
            """),
               test: "load.immediate-binding", result: "fail", reason: "undefined symbol: no_such_function"),
        Broken(label: "hangs-in-animate", template: PluginTemplate(ending: .conforming, animatePrologue: "for (;;) {}"),
               test: "behaviour.fx.present.end-state", result: "timed out",
               reason: "still running after \(scaled(3)) s, so it was killed during: running the present flow",
               arguments: ["--timeout", scaled(3), "--only", "load.", "--only", "descriptors.", "--only", "behaviour.fx.present.end-state"]),
        // The test's own clock is a signal; a plugin that ignores it is killed by the parent's deadline.
        Broken(label: "hangs-deaf-to-the-clock", template: PluginTemplate(
            ending: .conforming, animatePrologue: "signal(SIGALRM, SIG_IGN); for (;;) {}"),
               test: "behaviour.fx.present.end-state", result: "timed out",
               reason: "(the plugin stopped the test's own clock of \(scaled(3)) s), so it was killed during: running the present flow",
               arguments: ["--timeout", scaled(3), "--only", "load.", "--only", "descriptors.", "--only", "behaviour.fx.present.end-state"]),
    ]

    @Test("each broken plugin is caught by the test that names its rule, and the others still run", arguments: broken)
    func caught(_ case: Broken) async throws {
        var template = `case`.template
        template.pluginID = "fixture.\(`case`.label)"
        if !template.extraCode.isEmpty { template.extraCode = "#include <math.h>\n#include <string.h>\n" + template.extraCode }
        let (result, report) = try await validate(template, `case`.arguments, label: `case`.label)
        #expect(result.status == 1 && !result.crashed, "validate should exit 1, itself intact:\n\(result)")
        #expect(!report.conforms)
        let row = try #require(report.row(`case`.test), "no row \(`case`.test) in\n\(result.out)")
        #expect(row.result == `case`.result, "\(row.name): \(row.result): \(row.reason)")
        #expect(row.reason.contains(`case`.reason), "\(row.name): \(row.reason)")
        // The validator survived: every test every plugin gets is in the report.
        let missing = fixedTests.filter { name in !report.tests.contains { $0.name == name } }
        #expect(missing.isEmpty, "missing \(missing)")
    }

    @Test("a plugin that crashes takes only its own tests down: the ones after the crash still pass")
    func crashIsContained() async throws {
        let (_, report) = try await validate(
            PluginTemplate(ending: .conforming, animatePrologue: "if (!self->incoming) *(volatile int *)16 = 1;"), label: "crash-dismiss")
        #expect(report.row("behaviour.fx.present.end-state")?.result == "pass")
        #expect(report.row("behaviour.fx.dismiss.end-state")?.result == "crashed")
        #expect(report.row("behaviour.fx.dismiss.deterministic")?.result == "crashed")
        #expect(report.row("robustness.fx.stale-handles")?.result == "crashed")
        // As above, a scan-time warning under load is not the plugin's doing.
        #expect(report.tests.filter { $0.result == "pass" || $0.name == "load.scan-time" }.count >= fixedTests.count + 7)
    }

    @Test("several plugins share one pool: a report each, in the order given, with the results each gets alone; exit 1 if one fails, 2 if a file is missing")
    func severalPlugins() async throws {
        let dir = try TempDir("validate-several")
        let good = try await compileC(PluginTemplate(ending: .conforming).render(), to: "good.so", in: dir)
        let stall = try await compileC(PluginTemplate(ending: .never).render(), to: "stall.so", in: dir)
        let easing = "\(Build.bundledPlugins)/easing.so"
        let data = try dir.folder("data")
        let together = try await runHost(["validate", stall, easing, good, "--json"], userData: data, in: dir)
        #expect(together.status == 1, "\(together)")
        let reports = try #require(try together.json() as? [[String: Any]], "\(together)")
        #expect(reports.map { $0["plugin"] as? String } == [stall, easing, good])
        #expect(reports.map { $0["conforms"] as? Bool } == [false, true, true])
        #expect(together.err.contains("validated 3 of 3: "), "progress: \(together.err)")
        // Each report holds exactly the tests and results the plugin gets alone.
        for (path, report) in zip([stall, easing, good], reports) {
            let alone = try await runHost(["validate", path, "--json"], userData: data, in: dir)
            let single = try #require(try alone.json() as? [String: Any], "\(alone)")
            #expect(resultsByTest(report) == resultsByTest(single), "\(path)")
            #expect(resultsByTest(report).count > fixedTests.count)
        }

        let table = try await runHost(["validate", easing, good], userData: data, in: dir)
        #expect(table.status == 0, "\(table)")
        #expect(table.out.components(separatedBy: "TEST ").count - 1 == 2 && table.out.hasSuffix("2 plugins: all conform\n"), "\(table.out)")
        let failing = try await runHost(["validate", good, stall, "--only", "behaviour.fx.present.end-state"], userData: data, in: dir)
        #expect(failing.status == 1 && failing.out.hasSuffix("2 plugins: 1 does NOT conform (\(stall))\n"), "\(failing.out)")
        let missing = try await runHost(["validate", good, dir.file("nothing.so")], userData: data, in: dir)
        #expect(missing.status == 2 && missing.err.contains("no file at \(dir.file("nothing.so"))") && missing.out.isEmpty, "\(missing)")
    }

    @Test("a test run in a copy of host validate (fork) ends as one run by a fresh start of the host: passes, crashes, exits, stalls and hangs alike")
    func forkedTestsMatchFreshStarts() async throws {
        let dir = try TempDir("validate-fork")
        let plugins = [
            try await compileC(PluginTemplate(ending: .conforming).render(), to: "good.so", in: dir),
            try await compileC(PluginTemplate(ending: .conforming, animatePrologue: "if (!self->incoming) *(volatile int *)16 = 1;").render(),
                               to: "crash.so", in: dir),
            try await compileC(PluginTemplate(ending: .conforming, animatePrologue: "if (!self->incoming) exit(7);").render(), to: "exits.so", in: dir),
            try await compileC(PluginTemplate(ending: .never).render(), to: "stall.so", in: dir),
            try await compileC(PluginTemplate(ending: .conforming, animatePrologue: "if (!self->incoming) for (;;) {}").render(),
                               to: "hang.so", in: dir),
        ]
        let data = try dir.folder("data")
        // A good test can take seconds on a loaded machine, so only the plugin that hangs gets a
        // short timeout, and only on the tests where it hangs: each side then ends every test the
        // same way whatever the load.
        func results(_ arguments: [String]) async throws -> [[String: String]] {
            let run = try await runHost(["validate"] + plugins.dropLast() + ["--json"] + arguments, userData: data, in: dir)
            let reports = try #require(try run.json() as? [[String: Any]], "\(run)")
            let hung = try await runHost(["validate", plugins[4], "--json", "--timeout", "1", "--only", "behaviour.fx.dismiss."] + arguments,
                                         userData: data, in: dir)
            let hangReport = try #require(try hung.json() as? [String: Any], "\(hung)")
            return reports.map { resultsByTest($0, withReasons: true) } + [resultsByTest(hangReport, withReasons: true)]
        }
        let forked = try await results([]), fresh = try await results(["--no-fork"])
        for (path, (a, b)) in zip(plugins, zip(forked, fresh)) {
            // Recorded as an issue, so that CI's summary line carries the results that differ.
            for name in Set(a.keys).union(b.keys).sorted() where a[name] != b[name] {
                Issue.record("\(path): \(name): forked \(a[name] ?? "-") / fresh \(b[name] ?? "-")")
            }
        }
        // The cases are the ones named: a crash, an exit, a stall and a hang each end their test.
        #expect(forked[1]["behaviour.fx.dismiss.end-state"]?.hasPrefix("crashed: ") == true)
        #expect(forked[2]["behaviour.fx.dismiss.end-state"]?.contains("exited with status 7") == true, "\(forked[2])")
        #expect(forked[3]["behaviour.fx.present.end-state"]?.hasPrefix("fail: ") == true)
        #expect(forked[4]["behaviour.fx.dismiss.end-state"]?.contains("still running after 1 s, so it was killed") == true, "\(forked[4])")
    }

    @Test("the table names each test with its result and reason; a missing file is exit 2")
    func table() async throws {
        let dir = try TempDir("validate-table")
        let plugin = try await compileC(PluginTemplate(ending: .never).render(), to: "stall.so", in: dir)
        let result = try await runHost(["validate", plugin, "--only", "behaviour.fx.present.end-state"], userData: try dir.folder("data"), in: dir)
        #expect(result.status == 1)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("TEST") == true && lines.first?.contains("RESULT") == true && lines.first?.contains("REASON") == true)
        #expect(lines.contains { $0.hasPrefix("behaviour.fx.present.end-state") && $0.contains(" fail ") && $0.contains("never called complete_transition") })
        #expect(lines.last?.hasSuffix("1 tests: 1 fail — does NOT conform") == true, "\(result.out)")

        let missing = try await runHost(["validate", dir.file("nothing.so")], userData: try dir.folder("data"), in: dir)
        #expect(missing.status == 2)
        #expect(missing.err.contains("no file at"))
    }
}

@Suite("host validate --scene")
struct HostValidateSceneTests {
    @Test("validate runs its behaviour tests on a scene file's segue: the bundled zoom conforms on photos, matching its shared elements")
    func zoomOnPhotos() async throws {
        let dir = try TempDir("validate-scene")
        let zoom = Build.bundledPlugins + "/zoom.so"
        let result = try await runHost(["validate", zoom, "--scene", "photos", "--only", "behaviour.", "--json"],
                                       userData: try dir.folder("data"), in: dir)
        let report = try ValidateJSON(result)
        #expect(result.status == 0 && report.conforms, "\(result)")
        #expect(report.tests.count >= 7 && report.tests.allSatisfy { $0.result == "pass" || $0.result == "skip" || $0.result == "warn" },
                "\(report.tests.filter { $0.result != "pass" })")
    }

    @Test("the scene reaches every test process: a plugin whose presentation needs several shared elements crashes on the demo scene (it has one) and conforms on photos (four)")
    func sceneReachesTheTests() async throws {
        let dir = try TempDir("validate-scene-shared")
        var plugin = PluginTemplate(pluginID: "fixture.needs-shared", effectID: "needy", ending: .conforming)
        plugin.animatePrologue = """
            {
                const th_host_shared_elements *shared = host->get_extension(TH_EXT_HOST_SHARED_ELEMENTS);
                th_view from;
                uint32_t count = 0;
                host->view(ctx, TH_FROM, &from);
                if (shared != NULL) shared->shared_views(from, NULL, 0, &count);
                if (self->incoming && count < 2) { volatile int *nowhere = NULL; *nowhere = 1; }
            }
            """
        let built = try await compileC(plugin.render(), to: "needy.so", in: dir)
        let demo = try await runHost(["validate", built, "--only", "behaviour.needy.present.end-state", "--json"],
                                     userData: try dir.folder("data"), in: dir)
        let demoReport = try ValidateJSON(demo)
        #expect(demo.status == 1 && demoReport.tests.first?.result == "crashed", "\(demo)")
        let photos = try await runHost(["validate", built, "--scene", "photos", "--only", "behaviour.needy.", "--json"],
                                       userData: try dir.folder("data"), in: dir)
        let report = try ValidateJSON(photos)
        #expect(photos.status == 0 && report.conforms, "\(report.tests.filter { $0.result != "pass" })")
    }

    @Test("a scene that cannot be used, or a segue it does not have, is refused before any test runs")
    func badScene() async throws {
        let dir = try TempDir("validate-bad-scene")
        let zoom = Build.bundledPlugins + "/zoom.so"
        let missing = try await runHost(["validate", zoom, "--scene", dir.file("nope.json")], userData: try dir.folder("data"), in: dir)
        #expect(missing.status == 2 && missing.err.contains("cannot read the scene"), "\(missing)")
        let segue = try await runHost(["validate", zoom, "--scene", "photos", "--segue", "nowhere"], userData: try dir.folder("data"), in: dir)
        #expect(segue.status == 2 && segue.err.contains("no segue named 'nowhere'"), "\(segue)")
        let noScene = try await runHost(["validate", zoom, "--segue", "open"], userData: try dir.folder("data"), in: dir)
        #expect(noScene.status == 64, "\(noScene)")
    }
}
