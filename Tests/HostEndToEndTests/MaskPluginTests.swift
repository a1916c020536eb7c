import Foundation
import Rendering
import Testing

/// get_mask and set_mask (ABI 1.2) from a plugin, in process and isolated: the host keeps
/// what it was told and refuses what it must; the mask cuts the view and its subviews as
/// drawn; and the motion check sees what the mask leaves, so a mask that snaps shut is a pop.
@Suite("Masks from a plugin (ABI 1.2)")
struct MaskPluginTests {
    /// Presents the detail fading in: `mode` 0, under an elliptic mask, a circle growing from
    /// 300 pt wide at (40, 200) to one that covers the screen, about the same centre; 1, the
    /// same, but set empty 0.2 s in outside any animation block, so that what shows of the
    /// detail jumps (a pop); 2, with no mask; 3, hidden; 4, the first circle, left on the detail
    /// after the present.
    static func plugin(mode: Int) -> String {
        AnimatorFixture.source(
            id: "masked", needs: "set_mask", defines: "#define MODE \(mode)",
            helpers: """
                /* The circle about (190, 350) that reaches the screen's farthest corner. */
                static const double reach = 398.2;
                static void nothing(void *s) { (void)s; }
                static void snap(void *s, bool finished)
                {
                    fx *self = s;
                    (void)finished;
                    host->set_mask(self->to, TH_MASK_ELLIPSE, (th_rect){ { 40, 200 }, { 0, 0 } }, 0);
                }
                static void report(th_view view)
                {
                    uint32_t kind = 9;
                    th_rect rect = { { 0, 0 }, { 0, 0 } };
                    double radius = -1;
                    char line[200];
                    int kinds = host->set_mask(view, 7, rect, 0);
                    int nan = host->set_mask(view, TH_MASK_ELLIPSE, (th_rect){ { NAN, 0 }, { 1, 1 } }, 0);
                    int negative = host->set_mask(view, TH_MASK_ELLIPSE, (th_rect){ { 0, 0 }, { -1, 1 } }, 0);
                    int radii = host->set_mask(view, TH_MASK_ROUNDED_RECT, rect, -2);
                    int null = host->get_mask(view, &kind, NULL, &radius);
                    int handle = host->set_mask((th_view){ 0 }, TH_MASK_ELLIPSE, rect, 0);
                    host->set_mask(view, TH_MASK_ROUNDED_RECT, (th_rect){ { 10, 20 }, { 30, 40 } }, 5);
                    host->get_mask(view, &kind, &rect, &radius);
                    snprintf(line, sizeof line, "mask %u %g %g %g %g %g; kind %d nan %d negative %d radius %d null %d handle %d",
                             (unsigned)kind, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height, radius,
                             kinds, nan, negative, radii, null, handle);
                    host->log(TH_LOG_INFO, line);
                }
                """,
            animations: """
                host->set_alpha(self->incoming ? self->to : self->from, self->incoming ? 1 : 0);
                if (self->incoming && MODE < 2)
                    host->set_mask(self->to, TH_MASK_ELLIPSE, (th_rect){ { 190 - reach, 350 - reach }, { 2 * reach, 2 * reach } }, 0);
                """,
            completion: """
                /* The circle covers the screen by now: taking the mask away changes nothing seen. */
                if (self->incoming) {
                    if (MODE != 4) host->set_mask(self->to, TH_MASK_NONE, (th_rect){ { 0, 0 }, { 0, 0 } }, 0);
                    host->set_hidden(self->to, false);
                } else {
                    host->remove_from_superview(self->from);
                }
                """,
            animate: """
                \(AnimatorFixture.putBackPresenter)
                if (self->incoming) {
                    host->add_subview(container, self->to);
                    host->set_frame(self->to, final);
                    report(self->to);
                    host->set_alpha(self->to, 0);
                    if (MODE == 3) host->set_hidden(self->to, true);
                    if (MODE < 2 || MODE == 4) host->set_mask(self->to, TH_MASK_ELLIPSE, (th_rect){ { 40, 200 }, { 300, 300 } }, 0);
                    else host->set_mask(self->to, TH_MASK_NONE, (th_rect){ { 0, 0 }, { 0, 0 } }, 0);
                    if (MODE == 1) {
                        th_animation_options later = { 0 };
                        later.struct_size = sizeof later;
                        later.duration = 0.01;
                        later.delay = 0.2;
                        later.curve = TH_CURVE_LINEAR;
                        host->animate(&later, nothing, snap, self);
                    }
                }
                """)
    }

    func run(mode: Int, _ extra: [String], in dir: TempDir) async throws -> (ProgramResult, String) {
        let plugins = try dir.folder("plugins-\(mode)")
        try await compileC(Self.plugin(mode: mode), to: "plugins-\(mode)/masked.so", in: dir, flags: ["-shared", "-fPIC", "-lm"])
        let output = dir.file("frames-\(mode)/")
        return (try await runHost(["run", "masked", "--output", output] + extra, pluginFolder: plugins, in: dir), output + "frame-0009.png")
    }

    @Test("the mask kept and refused as told; inside the circle the detail is drawn as without it, outside as if hidden",
          arguments: [[], ["--isolate"]])
    func keptRefusedAndDrawn(_ extra: [String]) async throws {
        let dir = try TempDir("mask")
        var frames: [String] = []
        for mode in [0, 2, 3] {
            let (result, frame) = try await run(mode: mode, extra + ["--no-motion-check"], in: dir)
            #expect(result.status == 0 && result.out.contains("end state verified"), "\(result)")
            #expect(result.out.contains("mask 1 10 20 30 40 5; kind -2 nan -2 negative -2 radius -2 null -2 handle -1"), "\(result.out)")
            frames.append(frame)
        }
        let scale = Double(try CairoImage.readPNG(frames[0]).width) / 390
        func pixels(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> (Int, Int, Int, Int) {
            (Int(x * scale), Int(y * scale), Int(w * scale), Int(h * scale))
        }
        // Half way (frame 9 of the 0.3 s present, linear), the circle about (190, 350) is
        // half way from 150 pt to 398.2 pt in radius: 274.1. The square inside it, less a point,
        // and below it.
        let inside = pixels(10, 170, 360, 360), below = pixels(0, 630, 390, 200)
        #expect(try largestDifference(frames[0], frames[1], inside: inside) == 0, "inside the circle the detail is drawn as without a mask")
        #expect(try largestDifference(frames[0], frames[2], inside: below) == 0, "outside the circle nothing of the detail is drawn")
        #expect((try largestDifference(frames[1], frames[2], inside: below) ?? 0) > 50, "without the mask the detail shows there")
    }

    @Test("the timeline JSON gives the mask as drawn: half way, the circle half grown")
    func inTheTimeline() async throws {
        let dir = try TempDir("mask-json")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin(mode: 0), to: "plugins/masked.so", in: dir, flags: ["-shared", "-fPIC", "-lm"])
        let path = dir.file("run.json")
        let result = try await runHost(["run", "masked", "--output", path], pluginFolder: plugins, in: dir)
        #expect(result.status == 0, "\(result)")
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let frames = try #require(timeline["frames"] as? [[String: Any]])
        let middle = try #require(frames.first { abs(($0["time"] as! Double) - 0.15) < 0.001 })
        let detail = try #require((middle["layers"] as! [[String: Any]]).first { ($0["name"] as? String) == "detail" })
        let mask = try #require(detail["mask"] as? [String: Any], "\(detail)")
        #expect(mask["kind"] as? String == "ellipse")
        // From (40, 200, 300, 300) to (190 − 398.2, 350 − 398.2, 796.4, 796.4), linear.
        let rect = try #require(mask["rect"] as? [Double])
        for (got, want) in zip(rect, [-84.1, 75.9, 548.2, 548.2]) { #expect(abs(got - want) < 1e-6, "\(rect)") }
        #expect(rect.count == 4 && mask["cornerRadius"] == nil)
    }

    @Test("a mask left on the presented screen is a broken end state, named", arguments: [[], ["--isolate"]])
    func leftOn(_ extra: [String]) async throws {
        let dir = try TempDir("mask-left")
        let (result, _) = try await run(mode: 4, extra + ["--no-motion-check"], in: dir)
        #expect(result.status == 1, "\(result)")
        #expect(result.out.contains("the presented view 'detail' ends cut by an elliptic mask in (40, 200, 300, 300), left on it"), "\(result.out)")
    }

    @Test("a mask snapped shut in one frame is a pop the motion check names; a steady one is not",
          arguments: [[], ["--isolate"]])
    func snappedIsAPop(_ extra: [String]) async throws {
        let dir = try TempDir("mask-pop")
        let (steady, _) = try await run(mode: 0, extra, in: dir)
        #expect(steady.status == 0 && !steady.out.contains("motion:"), "\(steady)")
        let (snapped, _) = try await run(mode: 1, extra, in: dir)
        #expect(snapped.status == 1 && snapped.out.contains("motion:") && snapped.out.contains("detail"), "\(snapped.out)")
    }
}
