import Foundation
import Testing

/// What a plugin says through host->log, and the host's reports of its misuse, reach the run's
/// trace whole, once, and never raw.
@Suite("Plugin log lines and misuse reports in the trace")
struct PluginLogTests {
    @Test("Lines logged from init appear in the trace of an in-process run, not on standard error")
    func initLogs() async throws {
        let dir = try TempDir("log-init")
        let plugins = try dir.folder("plugins")
        let source = PluginTemplate(pluginID: "fixture.talker", effectID: "fx", ending: .conforming).render()
            .replacingOccurrences(of: "host = api;", with: """
                host = api; host->log(TH_LOG_INFO, "hello from init"); host->log(TH_LOG_WARNING, "init warns");
                """)
        try await compileC(source, to: "plugins/talker.so", in: dir)
        let result = try await runHost(["run", "fx"], pluginFolder: plugins, in: dir)
        #expect(result.status == 0, "\(result)")
        let trace = TraceLine.parse(result.out)
        #expect(trace.contains { $0.kind == .info && $0.text.contains("fixture.talker") && $0.text.contains("hello from init") }, "\(result.out)")
        #expect(trace.contains { $0.kind == .warning && $0.text.contains("init warns") }, "\(result.out)")
        #expect(!result.err.contains("init warns"), "\(result.err)")
    }

    @Test("An unknown log level is reported once with its number; the plugin's text is escaped, never raw")
    func unknownLevel() async throws {
        let dir = try TempDir("log-level")
        let plugins = try dir.folder("plugins")
        try await compileC(PluginTemplate(pluginID: "fixture.odd", effectID: "fx", ending: .conforming,
                                          animatePrologue: #"host->log(7, "odd \x1b[31mred");"#).render(),
                           to: "plugins/odd.so", in: dir)
        let result = try await runHost(["run", "fx"], pluginFolder: plugins, in: dir)
        #expect(!result.crashed, "\(result)")
        #expect(!result.out.contains("\u{1b}") && !result.err.contains("\u{1b}"), "an escape character reached the terminal")
        let trace = TraceLine.parse(result.out)
        let reports = trace.filter { $0.text.contains("log level 7") }
        #expect(reports.count == 1 && reports.first?.kind == .warning, "reported once, as a warning: \(result.out)")
        #expect(trace.filter { $0.text.contains(#"odd \x1b[31mred"#) }.count == 2, "both lines shown, escaped: \(result.out)")
    }

    @Test("animate with a bad field: the warning names the field and its value")
    func badAnimationOptions() async throws {
        let dir = try TempDir("log-animate")
        let plugins = try dir.folder("plugins")
        try await compileC(PluginTemplate(pluginID: "fixture.bad", effectID: "fx", ending: .conforming, animatePrologue: """
            { th_animation_options bad = { sizeof bad, TH_TIMING_CURVE, -2.5, 0, TH_CURVE_LINEAR, 0, 0, 0 };
              host->animate(&bad, fx_destroy, NULL, NULL); }
            { th_animation_options bad = { sizeof bad, TH_TIMING_CURVE, 0.1, 0, 42, 0, 0, 0 };
              host->animate(&bad, fx_destroy, NULL, NULL); }
            """).render(), to: "plugins/bad.so", in: dir)
        let result = try await runHost(["run", "fx", "--format", "json"], pluginFolder: plugins, in: dir)
        let warnings = try RunJSON(result).events.filter { $0.level == "warning" }.map(\.name)
        #expect(warnings.contains { $0.contains("duration") && $0.contains("-2.5") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("curve") && $0.contains("42") }, "\(warnings)")
    }
}

@Suite("host validate and a misuse repeated within one test")
struct RepeatedMisuseValidateTests {
    @Test("A bad animate call made in every transition is said once per cell, with its count")
    func repeatedAnimateWarning() async throws {
        let template = PluginTemplate(ending: .conforming, animatePrologue: """
            { th_animation_options bad = { sizeof bad, TH_TIMING_CURVE, -2.5, 0, TH_CURVE_LINEAR, 0, 0, 0 };
              int i; for (i = 0; i < 10; i++) host->animate(&bad, fx_destroy, NULL, NULL); }
            """)
        let (result, report) = try await validate(template, ["--only", "behaviour.fx.present"], label: "repeated-misuse")
        let cells = report.tests.filter { $0.reason.contains("options.duration is -2.5") }
        #expect(!cells.isEmpty, "\(result)")
        for cell in cells {
            #expect(cell.reason.components(separatedBy: "options.duration is -2.5").count == 2, "said once: \(cell.reason)")
            #expect(cell.reason.contains("times)"), "with its count: \(cell.reason)")
        }
    }
}

@Suite("A view name a plugin chose, in what the host prints")
struct PluginViewNameTests {
    @Test("A view named with an escape sequence, left behind: host validate names it escaped, never raw")
    func escapedViewName() async throws {
        let dir = try TempDir("view-name")
        let plugins = try dir.folder("plugins")
        let source = PluginTemplate(pluginID: "fixture.namer", effectID: "fx", ending: .leavesStrayView).render()
            .replacingOccurrences(of: #"host->create_view("stray""#, with: #"host->create_view("odd\x1b[2Jname""#)
        try await compileC(source, to: "plugins/namer.so", in: dir)
        // host validate's end-state test names the view left behind.
        let result = try await runHost(["validate", dir.file("plugins/namer.so"), "--only", "behaviour.fx.present.end-state"],
                                       userData: try dir.folder("data"), in: dir)
        #expect(!result.out.contains("\u{1b}") && !result.err.contains("\u{1b}"), "an escape character reached the terminal")
        #expect(result.out.contains(#"odd\x1b[2Jname"#), "\(result.out)")
    }
}
