import Foundation
import Testing

/// The curves a plugin may name through the host's curve extension are the run's own: the
/// session's (every plugin's curves) in `host run`, set on the run, not on the process.
@Suite("The run's curves, as a plugin names them")
struct RunCurvesTests {
    // In process: curve_function hands out a C function pointer, which an isolated plugin's
    // process could not call (it names curves by spec through animate_with_curve instead).
    @Test("An animator names another plugin's curve (easing.bounce) through TH_EXT_HOST_CURVES during host run")
    func pluginNamesACurve() async throws {
        let dir = try TempDir("run-curves")
        let folder = try dir.folder("plugins")
        var plugin = PluginTemplate(pluginID: "fixture.curious", effectID: "curious", ending: .conforming)
        plugin.animatePrologue = #"""
            {
                const th_host_curves *curves = host->get_extension(TH_EXT_HOST_CURVES);
                th_curve_fn fn = NULL;
                th_status status = curves != NULL ? curves->curve_function("easing.bounce", &fn) : -100;
                char line[96];
                snprintf(line, sizeof line, "named easing.bounce: status %d, f(1) = %.3f", (int)status, fn != NULL ? fn(1.0) : -1.0);
                host->log(TH_LOG_INFO, line);
            }
            """#
        try await compileC(plugin.render(), to: "plugins/curious.so", in: dir)
        let result = try await runHost(["run", "curious", "--format", "json"], pluginFolder: folder, in: dir)
        #expect(result.status == 0, "\(result)")
        let lines = try RunJSON(result).events.map(\.name).filter { $0.contains("named easing.bounce") }
        #expect(lines.count == 2 && lines.allSatisfy { $0.hasSuffix("status 0, f(1) = 1.000") }, "\(lines)")
    }

    // Isolated through --untrusted-plugin-path, so that the bundled easing plugin, whose curve
    // it names, still runs in the host (with --isolate every plugin's curves are unavailable).
    @Test("An animator animates on another plugin's curve by name (animate_with_curve, easing.bounce), in process and isolated")
    func pluginAnimatesOnANamedCurve() async throws {
        let dir = try TempDir("run-curves-animate")
        let folder = try dir.folder("plugins")
        var plugin = PluginTemplate(pluginID: "fixture.bouncy", effectID: "bouncy", ending: .conforming)
        plugin.extraCode = "void bouncy_nothing(void *user) { (void)user; }"
        plugin.animatePrologue = #"""
            {
                void bouncy_nothing(void *user);  /* defined below, in extraCode */
                const th_host_curves *curves = host->get_extension(TH_EXT_HOST_CURVES);
                th_animation_options options = { sizeof options, TH_TIMING_CURVE, 0.1, 0, TH_CURVE_LINEAR, 0, 1, 0 };
                th_status status = curves != NULL ? curves->animate_with_curve(&options, "easing.bounce", bouncy_nothing, NULL, NULL) : -100;
                char line[64];
                snprintf(line, sizeof line, "animated on easing.bounce: status %d", (int)status);
                host->log(TH_LOG_INFO, line);
            }
            """#
        try await compileC(plugin.render(), to: "plugins/bouncy.so", in: dir)
        let untrusted = try dir.folder("untrusted")
        try await compileC(plugin.render(), to: "untrusted/bouncy.so", in: dir)
        for (extra, plugins) in [([String](), folder), (["--untrusted-plugin-path", untrusted], try dir.folder("empty"))] {
            let result = try await runHost(["run", "bouncy", "--format", "json"] + extra, pluginFolder: plugins, in: dir)
            #expect(result.status == 0, "\(result)")
            let lines = try RunJSON(result).events.map(\.name).filter { $0.contains("animated on easing.bounce") }
            #expect(lines.count == 2 && lines.allSatisfy { $0.hasSuffix("status 0") }, "\(extra): \(lines)")
            if !extra.isEmpty { #expect(result.out.contains("runs isolated"), "\(result.out.prefix(600))") }
        }
    }
}
