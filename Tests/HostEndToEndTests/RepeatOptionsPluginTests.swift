import Foundation
import Testing
import TransitionCore

/// th_animation_options' ABI 1.2 repeats and 2D spring velocity from a plugin, in process and
/// isolated: the same statuses both ways, and on screen the plays and the two axes exactly.
@Suite("Repeats and 2D spring velocity from a plugin (ABI 1.2)")
struct RepeatOptionsPluginTests {
    /// The present fades the detail in over three plays of 0.1 s (repeat 1.5, autoreversed:
    /// in, out, in again); the dismissal moves it 100 pt right and down on a critically damped
    /// spring thrown down (velocity (0, 5)). The present first logs the statuses of refused
    /// options.
    static let plugin = AnimatorFixture.fadingInMovingOut(
        id: "repeats", needs: "set_mask_path",
        helpers: """
            static void nothing(void *user) { (void)user; }
            static int attempt(th_animation_options o) { return host->animate(&o, nothing, NULL, NULL); }
            static void check(void)
            {
                const th_host_property_animators *pa = host->get_extension(TH_EXT_HOST_PROPERTY_ANIMATORS);
                th_property_animator animator = { 0 };
                th_animation_options base = { .struct_size = sizeof base, .duration = 0.1 }, o;
                int s[10];
                char line[200];
                o = base; o.repeat_count = -1; s[0] = attempt(o);
                o = base; o.repeat_count = NAN; s[1] = attempt(o);
                o = base; o.repeat_count = TH_MAX_REPEAT_COUNT + 1; s[2] = attempt(o);
                o = base; o.repeat_count = TH_MAX_REPEAT_COUNT; s[3] = attempt(o);
                o = base; o.autoreverses = 2; s[4] = attempt(o);
                o = base; o.spring_velocity_2d = 1; s[5] = attempt(o);
                o = base; o.timing = TH_TIMING_SPRING; o.spring_damping_ratio = 1; o.spring_velocity_2d = 1;
                o.spring_initial_velocity_y = NAN; s[6] = attempt(o);
                o = base; o.repeat_count = 2; s[7] = pa->create(&o, &animator);
                o = base; o.autoreverses = 1; s[8] = pa->create(&o, &animator);
                /* A 1.1 plugin's options end before the repeats: what lies past them is not read. */
                o = base; o.struct_size = TH_ANIMATION_OPTIONS_SIZE_1_0; o.repeat_count = -1; s[9] = attempt(o);
                snprintf(line, sizeof line, "size %u; negative %d nan %d over %d most %d reverses %d curve2d %d nan-y %d animator %d %d older %d",
                         (unsigned)sizeof(th_animation_options), s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9]);
                host->log(TH_LOG_INFO, line);
            }
            """,
        movedTo: "{ { 100, 100 }, { 390, 844 } }",
        timing: """
            if (self->incoming) {
                options.duration = 0.1;
                options.curve = TH_CURVE_LINEAR;
                options.repeat_count = 1.5;
                options.autoreverses = 1;
            } else {
                options.timing = TH_TIMING_SPRING;
                options.duration = 0.3;
                options.spring_damping_ratio = 1;
                options.spring_velocity_2d = 1;
                options.spring_initial_velocity_y = 5;
            }
            """)

    @Test("refused as told, the same both ways; in, out and in again; x and y each on its own spring",
          arguments: [[], ["--isolate"]])
    func repeatsAndVelocity(_ extra: [String]) async throws {
        let (text, run) = try await AnimatorFixture.runTwice(Self.plugin, id: "repeats", label: "repeat-options", extra)
        #expect(text.status == 0 && text.out.contains("end state verified"), "\(text)")
        #expect(text.out.contains("size 128; negative -2 nan -2 over -2 most 0 reverses -2 curve2d -2 nan-y -2 animator -2 -2 older 0"),
                "\(text.out)")
        #expect(text.out.contains("repeat_count is 2.0; a property animator plays once"), "\(text.out)")

        // 60 frames a second: every 3 frames is 0.05 s, half a play.
        let alphas = try [3, 6, 9, 12, 15, 18].map { try #require(run.frames[$0].view("detail")?.alpha) }
        #expect(zip(alphas, [0.5, 1, 0.5, 0, 0.5, 1]).allSatisfy { abs($0 - $1) < 1e-6 }, "\(alphas)")
        // The dismissal starts at frame 18; 0.05 s in, x and y have gone as their own springs have.
        let view = try #require(run.frames[21].view("detail"))
        let moved = [view.x, view.y]
        let x = SpringCurve(dampingRatio: 1, initialVelocity: 0, duration: 0.3).progress(at: 1.0 / 6)
        let y = SpringCurve(dampingRatio: 1, initialVelocity: 5, duration: 0.3).progress(at: 1.0 / 6)
        #expect(abs(moved[0] - 100 * x) < 1e-6 && abs(moved[1] - 100 * y) < 1e-6, "\(moved) against \(100 * x), \(100 * y)")
        #expect(moved[1] > moved[0] + 5, "thrown down: y ahead of x")
    }
}
