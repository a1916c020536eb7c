import Foundation
import Testing
import TransitionCore

/// TH_TIMING_CUBIC (ABI 1.2; UICubicTimingParameters) from a plugin, in process and isolated:
/// the same statuses both ways, and on screen the curve through its control points exactly.
@Suite("Cubic timing from a plugin (ABI 1.2)")
struct CubicTimingPluginTests {
    /// The present fades the detail in over 0.2 s on cubic-bezier(0.2, 0.8, 0.2, 1); the
    /// dismissal moves it 100 pt right over 0.2 s on cubic-bezier(0.3, -0.5, 0.7, 1.5), which
    /// pulls back first and overshoots before landing. The present first logs the statuses of
    /// refused and accepted options, animate's and a property animator's.
    static let plugin = AnimatorFixture.fadingInMovingOut(
        id: "cubic", needs: "set_mask_path",
        helpers: """
            static void nothing(void *user) { (void)user; }
            static int attempt(th_animation_options o) { return host->animate(&o, nothing, NULL, NULL); }
            static void check(void)
            {
                const th_host_property_animators *pa = host->get_extension(TH_EXT_HOST_PROPERTY_ANIMATORS);
                th_property_animator animator = { 0 };
                th_animation_options base = { .struct_size = sizeof base, .duration = 0.1, .timing = TH_TIMING_CUBIC,
                                              .cubic_x1 = 0.2, .cubic_y1 = 0.8, .cubic_x2 = 0.2, .cubic_y2 = 1 }, o;
                int s[9];
                char line[200];
                o = base; o.cubic_x1 = -0.01; s[0] = attempt(o);
                o = base; o.cubic_x2 = 1.01; s[1] = attempt(o);
                o = base; o.cubic_y1 = NAN; s[2] = attempt(o);
                o = base; o.cubic_y2 = 10.5; s[3] = attempt(o);
                o = base; o.cubic_y1 = -10; o.cubic_y2 = 10; s[4] = attempt(o);
                /* Options of an older header end before the control points: refused, not read past. */
                o = base; o.struct_size = 96; s[5] = attempt(o);
                o = base; s[6] = pa->create(&o, &animator);
                o = base; o.cubic_x1 = 2; s[7] = pa->create(&o, &animator);
                o = base; o.timing = 4; s[8] = attempt(o);
                snprintf(line, sizeof line, "size %u; x1 %d x2 %d nan %d y-far %d y-edges %d older %d animator %d %d timing %d",
                         (unsigned)sizeof(th_animation_options), s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8]);
                host->log(TH_LOG_INFO, line);
            }
            """,
        movedTo: "{ { 100, 0 }, { 390, 844 } }",
        timing: """
            options.duration = 0.2;
            options.timing = TH_TIMING_CUBIC;
            if (self->incoming) {
                options.cubic_x1 = 0.2; options.cubic_y1 = 0.8; options.cubic_x2 = 0.2; options.cubic_y2 = 1;
            } else {
                options.cubic_x1 = 0.3; options.cubic_y1 = -0.5; options.cubic_x2 = 0.7; options.cubic_y2 = 1.5;
            }
            """)

    @Test("refused as told, the same both ways; every frame on the curve through its control points",
          arguments: [[], ["--isolate"]])
    func cubicTiming(_ extra: [String]) async throws {
        let (text, run) = try await AnimatorFixture.runTwice(Self.plugin, id: "cubic", label: "cubic-timing", extra)
        #expect(text.status == 0 && text.out.contains("end state verified"), "\(text)")
        #expect(text.out.contains("size 128; x1 -2 x2 -2 nan -2 y-far -2 y-edges 0 older -2 animator 0 -2 timing -2"), "\(text.out)")
        #expect(text.out.contains("cubic_x1 is -0.01; a control point's x is time, in [0, 1]"), "\(text.out)")
        #expect(text.out.contains("TH_TIMING_CUBIC needs ABI 1.2's control points, 128 bytes"), "\(text.out)")

        // 60 frames a second: the 0.2 s present is frames 0 to 12.
        let easeOut = CubicBezier(0.2, 0.8, 0.2, 1)
        for k in [3, 6, 9] {
            let alpha = try #require(run.frames[k].view("detail")?.alpha)
            #expect(abs(alpha - easeOut.progress(at: Double(k) / 12)) < 1e-9, "frame \(k): \(alpha)")
        }
        // The dismissal starts at frame 12: it pulls back left first, then overshoots right.
        let back = CubicBezier(0.3, -0.5, 0.7, 1.5)
        let xs = try [14, 22].map { try #require(run.frames[$0].view("detail")?.x) }
        #expect(abs(xs[0] - 100 * back.progress(at: 2.0 / 12)) < 1e-9 && xs[0] < 0, "\(xs[0])")
        #expect(abs(xs[1] - 100 * back.progress(at: 10.0 / 12)) < 1e-9 && xs[1] > 100, "\(xs[1])")
    }

    @Test("--curve takes CSS's cubic-bezier(): ease-in-out's own points play ease-in-out, frame for frame")
    func curveOption() async throws {
        let dir = try TempDir("cubic-option")
        let plugins = try dir.folder("plugins")
        func frames(_ curve: String) async throws -> String {
            let result = try await runHost(["run", "diagonal", "--curve", curve, "--format", "json"], pluginFolder: plugins, in: dir)
            #expect(result.status == 0, "\(result)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
            let frames = try #require(document["frames"] as? [[String: Any]])
            return String(decoding: try JSONSerialization.data(withJSONObject: frames, options: [.sortedKeys]), as: UTF8.self)
        }
        let named = try await frames("ease-in-out")
        #expect(try await frames("cubic-bezier(0.42, 0, 0.58, 1)") == named)
        #expect(try await frames("cubic-bezier(0.2, 0.8, 0.2, 1)") != named)
        let bad = try await runHost(["run", "diagonal", "--curve", "cubic-bezier(1.5, 0, 0.5, 1)"], pluginFolder: plugins, in: dir)
        #expect(bad.status == 2 && bad.err.contains("parameter 'x1' of curve cubic-bezier (double in [0, 1]): 1.5 is out of range"),
                "\(bad)")
    }

    @Test("host curve writes a spring for UIKit, Core Animation, SwiftUI and CSS; a bad curve exits 2, a bad duration 64")
    func curveCommand() async throws {
        let dir = try TempDir("curve-command")
        let plugins = try dir.folder("plugins")
        let spring = try await runHost(["curve", "spring(0.6)", "--duration", "0.5"], pluginFolder: plugins, in: dir)
        #expect(spring.status == 0, "\(spring)")
        #expect(spring.out.contains("  UIKit           UIView.animate(withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0)\n"))
        #expect(spring.out.contains("  SwiftUI         .spring(duration: 0.264, bounce: 0.4)\n"), "\(spring.out)")
        let bad = try await runHost(["curve", "spring(2)"], pluginFolder: plugins, in: dir)
        #expect(bad.status == 2 && bad.err.contains("parameter 'damping' of curve spring"), "\(bad)")
        let zero = try await runHost(["curve", "linear", "--duration", "0"], pluginFolder: plugins, in: dir)
        #expect(zero.status == 64 && zero.err.contains("--duration must be a number of seconds above 0"), "\(zero)")
    }
}
