import Foundation
import Rendering
import Testing

/// get_blur and set_blur (ABI 1.2) from a plugin, in process and isolated: the host keeps what
/// it was told and refuses what it must; a backdrop blur shows what lies behind a view blurred
/// within it and nothing outside it; a layer blur blurs the view itself; a blur left on a
/// presented screen is a broken end state.
@Suite("Blurs from a plugin (ABI 1.2)")
struct BlurPluginTests {
    /// Presents the detail at the end, over a clear "frost" view on the lower half of the home
    /// screen during the present: `mode` 0, the frost's backdrop blur animated from 0 to 20 pt;
    /// 1, no blur; 2, the home screen itself blurred from 0 to 20 pt (a layer blur), taken off
    /// at the end; 3, the detail given a layer blur of 5 pt and left with it.
    static func plugin(mode: Int) -> String {
        AnimatorFixture.source(
            id: "blurred", needs: "set_blur", defines: "#define MODE \(mode)", fields: "th_view frost;",
            helpers: """
                static void report(th_view view)
                {
                    uint32_t kind = 9;
                    double radius = -1;
                    char line[200];
                    int kinds = host->set_blur(view, 7, 1);
                    int nan = host->set_blur(view, TH_BLUR_LAYER, NAN);
                    int negative = host->set_blur(view, TH_BLUR_BACKDROP, -1);
                    int large = host->set_blur(view, TH_BLUR_BACKDROP, TH_MAX_BLUR_RADIUS + 0.5);
                    int null = host->get_blur(view, &kind, NULL);
                    int handle = host->set_blur((th_view){ 0 }, TH_BLUR_LAYER, 1);
                    host->set_blur(view, TH_BLUR_BACKDROP, 12.5);
                    host->get_blur(view, &kind, &radius);
                    snprintf(line, sizeof line, "blur %u %g; kind %d nan %d negative %d large %d null %d handle %d",
                             (unsigned)kind, radius, kinds, nan, negative, large, null, handle);
                    host->log(TH_LOG_INFO, line);
                    host->set_blur(view, TH_BLUR_NONE, 0);
                }
                """,
            animations: """
                /* Something animates in every mode: the frost's corners (out of the pixels tested). */
                if (self->incoming) host->set_corner_radius(self->frost, 1);
                else host->set_alpha(self->from, 0);
                if (self->incoming && MODE == 0) host->set_blur(self->frost, TH_BLUR_BACKDROP, 20);
                if (self->incoming && MODE == 2) host->set_blur(self->from, TH_BLUR_LAYER, 20);
                """,
            completion: """
                if (self->incoming) {
                    host->remove_from_superview(self->frost);
                    if (MODE == 2) host->set_blur(self->from, TH_BLUR_NONE, 0);
                    th_view container;
                    host->container_view(self->ctx, &container);
                    host->add_subview(container, self->to);
                } else {
                    host->remove_from_superview(self->from);
                }
                """,
            animate: """
                \(AnimatorFixture.putBackPresenter)
                if (self->incoming) {
                    report(self->to);
                    host->set_frame(self->to, final);
                    if (MODE == 3) host->set_blur(self->to, TH_BLUR_LAYER, 5);
                    host->create_view("frost", (th_rect){ { 0, 300 }, { 390, 300 } }, &self->frost);
                    host->add_subview(container, self->frost);
                    if (MODE == 0) host->set_blur(self->frost, TH_BLUR_BACKDROP, 0);
                    if (MODE == 2) host->set_blur(self->from, TH_BLUR_LAYER, 0);
                }
                """)
    }

    func run(mode: Int, _ extra: [String], in dir: TempDir) async throws -> (ProgramResult, String) {
        let plugins = try dir.folder("plugins-\(mode)")
        try await compileC(Self.plugin(mode: mode), to: "plugins-\(mode)/blurred.so", in: dir, flags: ["-shared", "-fPIC", "-lm"])
        let output = dir.file("frames-\(mode)/")
        return (try await runHost(["run", "blurred", "--output", output] + extra, pluginFolder: plugins, in: dir), output + "frame-0009.png")
    }

    /// The largest difference of a channel between two pixels side by side or one above the
    /// other within `box` (pixels) of the PNG at `path`: a sharp edge gives a large one.
    static func largestStep(_ path: String, inside box: (Int, Int, Int, Int)) throws -> Int {
        let image = try CairoImage.readPNG(path)
        let (bx, by, bw, bh) = box
        var largest = 0
        image.withPixels { p in
            let row = image.stride / 4
            for y in by..<(by + bh - 1) {
                for x in bx..<(bx + bw - 1) {
                    let u = p[y * row + x]
                    for v in [p[y * row + x + 1], p[(y + 1) * row + x]] {
                        for shift in stride(from: UInt32(0), through: 16, by: 8) {
                            largest = max(largest, abs(Int((u >> shift) & 0xFF) - Int((v >> shift) & 0xFF)))
                        }
                    }
                }
            }
        }
        return largest
    }

    /// The mean of each of red, green and blue within `box` (pixels) of the PNG at `path`.
    static func meanColour(_ path: String, inside box: (Int, Int, Int, Int)) throws -> [Double] {
        let image = try CairoImage.readPNG(path)
        let (bx, by, bw, bh) = box
        var sums = [0.0, 0.0, 0.0]
        for y in by..<(by + bh) {
            for x in bx..<(bx + bw) {
                let c = image.rgba(x: x, y: y)
                sums[0] += Double(c.red); sums[1] += Double(c.green); sums[2] += Double(c.blue)
            }
        }
        return sums.map { $0 / Double(bw * bh) }
    }

    @Test("the blur kept and refused as told; a backdrop blur softens what lies behind the view, within it only",
          arguments: [[], ["--isolate"]])
    func backdrop(_ extra: [String]) async throws {
        let dir = try TempDir("blur")
        var frames: [String] = []
        for mode in [0, 1] {
            let (result, frame) = try await run(mode: mode, extra + ["--no-motion-check"], in: dir)
            #expect(result.status == 0 && result.out.contains("end state verified"), "\(result)")
            #expect(result.out.contains("blur 1 12.5; kind -2 nan -2 negative -2 large -2 null -2 handle -1"), "\(result.out)")
            frames.append(frame)
        }
        let scale = Double(try CairoImage.readPNG(frames[0]).width) / 390
        func pixels(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> (Int, Int, Int, Int) {
            (Int(x * scale), Int(y * scale), Int(w * scale), Int(h * scale))
        }
        // Half way (frame 9 of the 0.3 s present, linear) the frost's blur is 10 pt. Above the
        // frost, a point clear of it, the home screen is drawn exactly as without the blur.
        #expect(try largestDifference(frames[0], frames[1], inside: pixels(0, 0, 390, 299)) == 0)
        // Within it the home screen's sharp edges (its text, its cells) are soft; its colours
        // are spread, not lost: the mean of the middle of the frost stays within a few levels.
        let within = pixels(20, 320, 350, 260)
        #expect(try Self.largestStep(frames[1], inside: within) > 100, "without the blur the home screen has sharp edges there")
        #expect(try Self.largestStep(frames[0], inside: within) < 40, "with a blur of 10 pt no edge is sharp")
        let blurred = try Self.meanColour(frames[0], inside: within), sharp = try Self.meanColour(frames[1], inside: within)
        for (b, s) in zip(blurred, sharp) { #expect(abs(b - s) < 6, "\(blurred) vs \(sharp)") }
    }

    @Test("a layer blur softens the view itself; the home screen is sharp again once it is taken off",
          arguments: [[], ["--isolate"]])
    func layer(_ extra: [String]) async throws {
        let dir = try TempDir("blur-layer")
        let (result, frame) = try await run(mode: 2, extra + ["--no-motion-check"], in: dir)
        #expect(result.status == 0 && result.out.contains("end state verified"), "\(result)")
        let (_, sharp) = try await run(mode: 1, extra + ["--no-motion-check"], in: dir)
        let scale = Double(try CairoImage.readPNG(frame).width) / 390
        let top = (Int(20 * scale), Int(60 * scale), Int(350 * scale), Int(200 * scale))
        #expect(try Self.largestStep(sharp, inside: top) > 100)
        #expect(try Self.largestStep(frame, inside: top) < 40)
    }

    @Test("the timeline JSON gives the blur as drawn: half way, 10 pt of the 20")
    func inTheTimeline() async throws {
        let dir = try TempDir("blur-json")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin(mode: 0), to: "plugins/blurred.so", in: dir, flags: ["-shared", "-fPIC", "-lm"])
        let path = dir.file("run.json")
        let result = try await runHost(["run", "blurred", "--output", path, "--no-motion-check"], pluginFolder: plugins, in: dir)
        #expect(result.status == 0, "\(result)")
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let frames = try #require(timeline["frames"] as? [[String: Any]])
        func frost(at time: Double) throws -> [String: Any]? {
            let frame = try #require(frames.first { abs(($0["time"] as! Double) - time) < 0.001 })
            return (frame["layers"] as! [[String: Any]]).first { ($0["name"] as? String) == "frost" }
        }
        let middle = try #require(try frost(at: 0.15)?["blur"] as? [String: Any])
        #expect(middle["kind"] as? String == "backdrop")
        #expect(abs((middle["radius"] as? Double ?? 0) - 10) < 1e-9, "\(middle)")
    }

    @Test("a layer blur left on the presented screen is a broken end state, named", arguments: [[], ["--isolate"]])
    func leftOn(_ extra: [String]) async throws {
        let dir = try TempDir("blur-left")
        let (result, _) = try await run(mode: 3, extra + ["--no-motion-check"], in: dir)
        #expect(result.status == 1, "\(result)")
        #expect(result.out.contains("the presented view 'detail' ends blurred by a blur of 5 pt, left on it"), "\(result.out)")
    }
}
