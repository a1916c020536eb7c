import Foundation
import Rendering
import Testing

/// set_mask_path (ABI 1.2) from a plugin, in process and isolated: the host copies the path,
/// refuses what it must with the same statuses both ways, and cuts the view to it as drawn.
@Suite("Path masks from a plugin (ABI 1.2)")
struct MaskPathPluginTests {
    /// Presents the detail fading in: `mode` 0 cut to the triangle of its top left half
    /// (corners (0, 0), (390, 0) and (0, 844)); 2 with no mask; 3 hidden; 4 cut to that
    /// triangle morphing, over the 0.3 s, into the top right half (its third corner moving
    /// from (0, 844) to (390, 844)).
    static func plugin(mode: Int) -> String {
        AnimatorFixture.fadingIn(
            id: "pathmask", needs: "set_mask_path", defines: "#define MODE \(mode)",
            helpers: """
                static th_path_element element(uint32_t kind, double x, double y)
                {
                    th_path_element e = { 0 };
                    e.kind = kind;
                    e.points[0] = (th_point){ x, y };
                    return e;
                }
                static void report(th_view view)
                {
                    th_path_element path[4] = { element(TH_PATH_MOVE_TO, 0, 0), element(TH_PATH_LINE_TO, 390, 0),
                                                element(TH_PATH_LINE_TO, 0, 844), element(TH_PATH_CLOSE, 0, 0) };
                    th_path_element bad[2] = { element(TH_PATH_LINE_TO, 0, 0), element(TH_PATH_CLOSE, 0, 0) };
                    uint32_t kind = 9;
                    th_rect rect = { { 0, 0 }, { 0, 0 } };
                    double radius = -1;
                    char line[200];
                    int none = host->set_mask_path(view, 0, path);
                    static th_path_element long_path[TH_MAX_PATH_ELEMENTS + 1];
                    for (int i = 0; i <= TH_MAX_PATH_ELEMENTS; i++) long_path[i] = element(i ? TH_PATH_LINE_TO : TH_PATH_MOVE_TO, i, i % 7);
                    int many = host->set_mask_path(view, TH_MAX_PATH_ELEMENTS + 1, long_path);
                    int most = host->set_mask_path(view, TH_MAX_PATH_ELEMENTS, long_path);
                    int null = host->set_mask_path(view, 2, NULL);
                    int start = host->set_mask_path(view, 2, bad);
                    bad[0] = element(TH_PATH_MOVE_TO, 0, 0);
                    bad[1] = element(9, 1, 1);
                    int kinds = host->set_mask_path(view, 2, bad);
                    bad[1] = element(TH_PATH_LINE_TO, NAN, 1);
                    int nan = host->set_mask_path(view, 2, bad);
                    int handle = host->set_mask_path((th_view){ 0 }, 4, path);
                    int shape = host->set_mask(view, TH_MASK_PATH, (th_rect){ { 0, 0 }, { 1, 1 } }, 0);
                    host->set_mask_path(view, 4, path);
                    host->get_mask(view, &kind, &rect, &radius);
                    snprintf(line, sizeof line, "path %u %g %g %g %g; none %d many %d most %d null %d start %d kind %d nan %d handle %d shape %d",
                             (unsigned)kind, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height,
                             none, many, most, null, start, kinds, nan, handle, shape);
                    host->log(TH_LOG_INFO, line);
                    if (MODE != 0) host->set_mask(view, TH_MASK_NONE, rect, 0);
                }
                static th_view morphing;
                static void morph(void *user)
                {
                    th_path_element right[4] = { element(TH_PATH_MOVE_TO, 0, 0), element(TH_PATH_LINE_TO, 390, 0),
                                                 element(TH_PATH_LINE_TO, 390, 844), element(TH_PATH_CLOSE, 0, 0) };
                    (void)user;
                    host->set_mask_path(morphing, 4, right);
                }
                static void start_morph(th_view view)
                {
                    th_path_element left[4] = { element(TH_PATH_MOVE_TO, 0, 0), element(TH_PATH_LINE_TO, 390, 0),
                                                element(TH_PATH_LINE_TO, 0, 844), element(TH_PATH_CLOSE, 0, 0) };
                    th_animation_options o = { .struct_size = sizeof o, .duration = 0.3, .curve = TH_CURVE_LINEAR };
                    morphing = view;
                    host->set_mask_path(view, 4, left);
                    host->animate(&o, morph, NULL, NULL);
                }
                """,
            onPresent: """
                report(self->to);
                if (MODE == 3) host->set_hidden(self->to, true);
                if (MODE == 4) start_morph(self->to);
                """,
            onPresentEnd: """
                host->set_mask(self->to, TH_MASK_NONE, (th_rect){ { 0, 0 }, { 0, 0 } }, 0);
                host->set_hidden(self->to, false);
                """)
    }

    @Test("the path kept and refused as told; inside it the detail is drawn as without it, outside as if hidden",
          arguments: [[], ["--isolate"]])
    func keptRefusedAndDrawn(_ extra: [String]) async throws {
        let dir = try TempDir("mask-path")
        var frames: [String] = []
        for mode in [0, 2, 3, 4] {
            let plugins = try dir.folder("plugins-\(mode)")
            try await compileC(Self.plugin(mode: mode), to: "plugins-\(mode)/pathmask.so", in: dir, flags: ["-shared", "-fPIC", "-lm"])
            let output = dir.file("frames-\(mode)/")
            let result = try await runHost(["run", "pathmask", "--output", output, "--no-motion-check"] + extra, pluginFolder: plugins, in: dir)
            #expect(result.status == 0 && result.out.contains("end state verified"), "\(result)")
            #expect(result.out.contains("path 3 0 0 390 844; none -2 many -2 most 0 null -2 start -2 kind -2 nan -2 handle -1 shape -2"),
                    "\(result.out)")
            frames.append(output + "frame-0009.png")
        }
        let scale = Double(try CairoImage.readPNG(frames[0]).width) / 390
        func pixels(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> (Int, Int, Int, Int) {
            (Int(x * scale), Int(y * scale), Int(w * scale), Int(h * scale))
        }
        // Well inside the triangle, and well outside it (below its long side).
        #expect(try largestDifference(frames[0], frames[1], inside: pixels(10, 60, 90, 240)) == 0, "inside the path: as without a mask")
        #expect(try largestDifference(frames[0], frames[2], inside: pixels(300, 600, 80, 200)) == 0, "outside it: nothing of the detail")
        #expect((try largestDifference(frames[1], frames[2], inside: pixels(300, 600, 80, 200)) ?? 0) > 50, "without the mask the detail shows there")

        // Half way through the morph the third corner is at (195, 844): around (195, 700), in
        // neither triangle, the detail shows; by (350, 780), outside the half-way one, it does not.
        #expect(try largestDifference(frames[3], frames[1], inside: pixels(190, 690, 10, 20)) == 0, "inside the half-way path: drawn")
        #expect((try largestDifference(frames[1], frames[2], inside: pixels(190, 690, 10, 20)) ?? 0) > 50, "the detail differs there from what is behind it")
        #expect(try largestDifference(frames[3], frames[2], inside: pixels(340, 770, 20, 20)) == 0, "outside it: not drawn")
        #expect(try largestDifference(frames[3], frames[1], inside: pixels(150, 20, 90, 100)) == 0, "inside both triangles: drawn")
    }
}
