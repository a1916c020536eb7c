import Foundation
import Testing

/// TH_TIMING_SPRING_PHYSICAL (ABI 1.2) from a plugin, in process and isolated: a spring of
/// mass 1, stiffness 100 and damping 10 lasts until it settles, 1.4103 s, whatever duration
/// the options give; bad springs, and options too short to hold the fields, are refused.
@Suite("Physical springs from a plugin (ABI 1.2)")
struct PhysicalSpringPluginTests {
    static let plugin = AnimatorFixture.fadingIn(
        id: "spring", needs: "set_sublayer_transform",
        onPresent: """
            th_animation_options bad = { 0 };
            char line[120];
            bad.struct_size = sizeof bad;
            bad.timing = TH_TIMING_SPRING_PHYSICAL;
            bad.spring_stiffness = 100;
            bad.spring_damping = 10;
            int zero = host->animate(&bad, animations, completion, self);
            bad.spring_mass = 1;
            bad.struct_size = TH_ANIMATION_OPTIONS_SIZE_1_0;
            int old = host->animate(&bad, animations, completion, self);
            bad.struct_size = sizeof bad;
            bad.spring_damping = 0.001;
            int slow = host->animate(&bad, animations, completion, self);
            snprintf(line, sizeof line, "zero %d old %d slow %d", zero, old, slow);
            host->log(TH_LOG_INFO, line);
            """,
        timing: """
            options.timing = TH_TIMING_SPRING_PHYSICAL;
            options.duration = 99; /* not read */
            options.spring_mass = 1;
            options.spring_stiffness = 100;
            options.spring_damping = 10;
            """)

    @Test("the spring settles in 1.4103 s (85 frames); bad ones refused, the same in process and isolated", arguments: [[], ["--isolate"]])
    func settlesAndRefuses(_ extra: [String]) async throws {
        let dir = try TempDir("physical-spring")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/spring.so", in: dir, flags: ["-shared", "-fPIC", "-lm"])
        let result = try await runHost(["run", "spring"] + extra, pluginFolder: plugins, in: dir)
        #expect(result.out.contains("zero -2 old -2 slow -2"), "\(result.out)")
        #expect(result.out.contains("options.spring_mass is 0.0; it must be finite and > 0"), "\(result.out)")
        #expect(result.out.contains("TH_TIMING_SPRING_PHYSICAL needs ABI 1.2's fields"), "\(result.out)")
        #expect(result.out.contains("it must settle within 60 s"), "\(result.out)")
        // ln(1000·√(4/3)) / 5 = 1.4103 s: the first frame at or after it is the 85th, 1.417 s.
        #expect(result.out.contains("Present: completed by fixture.spring:spring in 1.417 s"), "\(result.out)")
        #expect(result.out.contains("Dismiss: completed by fixture.spring:spring in 1.417 s"), "\(result.out)")
    }
}
