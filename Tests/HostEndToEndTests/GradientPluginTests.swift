import Foundation
import Rendering
import Testing

/// set_gradient (ABI 1.2) from a plugin, in process and isolated: a swatch the plugin makes
/// for the transition is drawn with the gradient it was given (red at its top, blue at its
/// bottom, the blend between), each bad call is refused with TH_ERR_BAD_ARGUMENT before the
/// host reads what it must not, and TH_GRADIENT_NONE takes the gradient away again.
@Suite("Gradients from a plugin (ABI 1.2)")
struct GradientPluginTests {
    /// The swatch: 200 × 300 pt at (40, 200) of the container, from the start of the present
    /// to its end; `kind` is the gradient's, or TH_GRADIENT_NONE set after an axial one.
    static func plugin(kind: String) -> String {
        AnimatorFixture.source(
            id: "graded", needs: "set_gradient", fields: "th_view swatch;",
            helpers: """
                static void report(void)
                {
                    th_gradient_stop stops[17];
                    th_point top = { 0.5, 0 }, bottom = { 0.5, 1 };
                    th_view none = { 0 }, view;
                    char line[160];
                    int i;
                    for (i = 0; i < 17; i++) {
                        stops[i].color.red = 1; stops[i].color.green = 0; stops[i].color.blue = 0; stops[i].color.alpha = 1;
                        stops[i].location = i / 16.0;
                    }
                    host->create_view("probe", (th_rect){ { 0, 0 }, { 10, 10 } }, &view);
                    {
                        int ok16 = host->set_gradient(view, TH_GRADIENT_AXIAL, top, bottom, 16, stops);
                        int one = host->set_gradient(view, TH_GRADIENT_AXIAL, top, bottom, 1, stops);
                        int many = host->set_gradient(view, TH_GRADIENT_AXIAL, top, bottom, 17, stops);
                        int null = host->set_gradient(view, TH_GRADIENT_AXIAL, top, bottom, 2, NULL);
                        int kind = host->set_gradient(view, 7, top, bottom, 2, stops);
                        int handle = host->set_gradient(none, TH_GRADIENT_AXIAL, top, bottom, 2, stops);
                        int same = host->set_gradient(view, TH_GRADIENT_AXIAL, top, top, 2, stops);
                        int flat = host->set_gradient(view, TH_GRADIENT_RADIAL, top, bottom, 2, stops);
                        int cleared = host->set_gradient(view, TH_GRADIENT_NONE, top, bottom, 0, NULL);
                        int outside, backwards, colour;
                        stops[1].location = -0.5;
                        outside = host->set_gradient(view, TH_GRADIENT_AXIAL, top, bottom, 2, stops);
                        stops[0].location = 0.6;
                        stops[1].location = 0.3;
                        backwards = host->set_gradient(view, TH_GRADIENT_AXIAL, top, bottom, 2, stops);
                        stops[0].location = 0;
                        stops[1].location = 1;
                        stops[1].color.blue = 2;
                        colour = host->set_gradient(view, TH_GRADIENT_AXIAL, top, bottom, 2, stops);
                        snprintf(line, sizeof line, "statuses: 16 %d, 1 %d, 17 %d, NULL %d, kind %d, handle %d, same %d, flat %d, none %d, outside %d, backwards %d, colour %d",
                                 ok16, one, many, null, kind, handle, same, flat, cleared, outside, backwards, colour);
                        host->log(TH_LOG_INFO, line);
                    }
                }
                """,
            animations: "host->set_alpha(self->incoming ? self->to : self->from, self->incoming ? 1 : 0);",
            completion: "if (self->incoming) host->remove_from_superview(self->swatch); else host->remove_from_superview(self->from);",
            animate: """
                if (self->incoming) {
                    th_gradient_stop stops[3] = {
                        { { 1, 0, 0, 1 }, 0 }, { { 0.5, 0, 0.5, 1 }, 0.5 }, { { 0, 0, 1, 1 }, 1 } };
                    th_point start = { 0.5, 0 }, end = { 0.5, 1 };
                    report();
                    host->add_subview(container, self->to);
                    host->set_frame(self->to, final);
                    host->set_alpha(self->to, 0);
                    host->create_view("swatch", (th_rect){ { 40, 200 }, { 200, 300 } }, &self->swatch);
                    host->set_background_color(self->swatch, (th_color){ 0, 1, 0, 1 });
                    host->add_subview(container, self->swatch);
                    host->set_gradient(self->swatch, \(kind), start, end, 3, stops);
                    if (\(kind) == TH_GRADIENT_NONE) {
                        host->set_gradient(self->swatch, TH_GRADIENT_AXIAL, start, end, 3, stops);
                        host->set_gradient(self->swatch, TH_GRADIENT_NONE, start, end, 0, NULL);
                    }
                }
                """)
    }

    /// Runs the present with the swatch's gradient of `kind` and gives the log and a frame in
    /// the middle of the present.
    func run(kind: String, _ extra: [String], in dir: TempDir) async throws -> (out: String, frame: CairoImage) {
        let name = kind.lowercased().replacing("_", with: "-")
        let plugins = try dir.folder("plugins-\(name)")
        try await compileC(Self.plugin(kind: kind), to: "plugins-\(name)/graded.so", in: dir)
        let output = dir.file("frames-\(name)/")
        let run = try await runHost(["run", "graded", "--output", output, "--no-motion-check"] + extra, pluginFolder: plugins, in: dir)
        #expect(run.status == 0, "\(run)")
        return (run.out, try CairoImage.readPNG(output + "frame-0009.png"))
    }

    @Test("the swatch shows the gradient from red through purple to blue; bad calls are refused; NONE takes it away",
          arguments: [[], ["--isolate"]])
    func drawnAndRefused(_ extra: [String]) async throws {
        let dir = try TempDir("gradient")
        let (out, axial) = try await run(kind: "TH_GRADIENT_AXIAL", extra, in: dir)
        #expect(out.contains("statuses: 16 0, 1 -2, 17 -2, NULL -2, kind -2, handle -1, same -2, flat -2, none 0, outside -2, backwards -2, colour -2"), "\(out)")
        // The frame is drawn at the screen's scale: points to pixels.
        let scale = Double(axial.width) / 390
        func pixel(_ x: Double, _ y: Double) -> (red: Int, green: Int, blue: Int) {
            let p = axial.rgba(x: Int(x * scale), y: Int(y * scale))
            return (Int(p.red), Int(p.green), Int(p.blue))
        }
        let top = pixel(140, 203), middle = pixel(140, 350), bottom = pixel(140, 497)
        #expect(top.red > 230 && top.blue < 25 && top.green < 10, "\(top)")
        #expect(abs(middle.red - 128) < 12 && abs(middle.blue - 128) < 12 && middle.green < 10, "\(middle)")
        #expect(bottom.blue > 230 && bottom.red < 25 && bottom.green < 10, "\(bottom)")
        // Across the axis the colour does not change.
        let left = pixel(45, 350), right = pixel(235, 350)
        #expect(abs(left.red - middle.red) <= 2 && abs(right.blue - middle.blue) <= 2, "\(left) \(middle) \(right)")

        let (_, cleared) = try await run(kind: "TH_GRADIENT_NONE", extra, in: dir)
        let plain = cleared.rgba(x: Int(140 * scale), y: Int(350 * scale))
        #expect(plain.green > 240 && plain.red < 10 && plain.blue < 10, "the background shows again: \(plain)")
    }
}
