import Foundation
import Testing

/// An animation that outlives its transition holds back the next one (the host steps until
/// every animation has ended). That delay must show in the trace: which animation, and how
/// long past the transition's end it ran.
@Suite("An animation that runs past the end of its transition")
struct StrayAnimationTests {
    @Test("A 1 s alpha animation in a 0.25 s present: a warning naming the view, the property and the 0.75 s it ran past")
    func strayAnimation() async throws {
        let dir = try TempDir("stray-animation")
        let plugins = try dir.folder("plugins")
        let template = PluginTemplate(
            pluginID: "fixture.lingers", effectID: "fx", ending: .conforming,
            animatePrologue: """
                if (self->incoming) {
                    th_animation_options slow = { sizeof slow, TH_TIMING_CURVE, 1.0, 0, TH_CURVE_LINEAR, 0, 0, 0 };
                    host->container_view(ctx, &stray_view);
                    host->animate(&slow, stray_animations, NULL, NULL);
                }
                """,
            extraCode: """
                static void stray_animations(void *user) { (void)user; host->set_alpha(stray_view, 0.5); }
                """)
        // Declared ahead: the template's extra code comes after animate_transition.
        let ahead = "#include \"transition_host.h\"\nstatic th_view stray_view;\nstatic void stray_animations(void *user);\n"
        try await compileC(ahead + template.render(), to: "plugins/lingers.so", in: dir)
        let result = try await runHost(["run", "fx", "--format", "json"], pluginFolder: plugins, in: dir)
        #expect(!result.crashed, "\(result)")
        let run = try RunJSON(result)
        let warnings = run.events.filter { $0.level == "warning" }.map(\.name)
        let stray = warnings.filter { $0.contains("container") && $0.contains("alpha") && $0.contains("0.75 s past") }
        #expect(stray.count == 1, "one warning naming the stray animation and how long it ran past the present: \(warnings)")
        #expect(stray.first?.contains("present") == true, "\(stray)")

        // The control: the same plugin without the stray animation gets no such warning.
        let plain = PluginTemplate(pluginID: "fixture.plain", effectID: "plain", ending: .conforming)
        try await compileC(plain.render(), to: "plugins/plain.so", in: dir)
        let control = try RunJSON(try await runHost(["run", "plain", "--format", "json"], pluginFolder: plugins, in: dir))
        #expect(control.events.filter { $0.level == "warning" }.isEmpty, "\(control.events.filter { $0.level == "warning" })")
    }
}
