import Foundation
import Testing

/// add_keyframe_path (ABI 1.2) and TH_KEYFRAMES_PACED from a plugin, in process and isolated:
/// the same statuses both ways, and the view on screen where the path puts it, turned to its
/// heading.
@Suite("Keyframes along a path from a plugin (ABI 1.2)")
struct PathKeyframesPluginTests {
    /// Presents the detail flying straight up from below the screen (centre (195, 1266) to
    /// (195, 422)) over the 0.3 s, turned to its heading (up: −90°), and logs the statuses of
    /// the calls the header refuses.
    static let plugin = AnimatorFixture.fadingIn(
        id: "pathkf", needs: "get_extension",
        helpers: """
            static const th_host_keyframes *kf;
            static int statuses[8];
            static th_path_element element(uint32_t kind, double x, double y)
            {
                th_path_element e = { 0 };
                e.kind = kind;
                e.points[0] = (th_point){ x, y };
                return e;
            }
            static void flight(void *s)
            {
                fx *self = s;
                th_path_element path[2] = { element(TH_PATH_MOVE_TO, 195, 1266), element(TH_PATH_LINE_TO, 195, 422) };
                th_path_element bad[2] = { element(TH_PATH_LINE_TO, 0, 0), element(TH_PATH_LINE_TO, 1, 1) };
                statuses[1] = kf->add_keyframe_path(self->to, 0, path, TH_PATH_ROTATE_AUTO);
                statuses[2] = kf->add_keyframe_path(self->to, 2, NULL, TH_PATH_ROTATE_AUTO);
                statuses[3] = kf->add_keyframe_path(self->to, 2, path, 3);
                statuses[4] = kf->add_keyframe_path(self->to, 2, bad, TH_PATH_ROTATE_AUTO);
                statuses[5] = kf->add_keyframe_path((th_view){ 0 }, 2, path, TH_PATH_ROTATE_AUTO);
                statuses[6] = kf->add_keyframe_path(self->to, 2, path, TH_PATH_ROTATE_AUTO);
            }
            """,
        onPresent: """
            th_animation_options o = { .struct_size = sizeof o, .duration = 0.3, .curve = TH_CURVE_LINEAR };
            char line[200];
            kf = host->get_extension(TH_EXT_HOST_KEYFRAMES);
            th_path_element start = element(TH_PATH_MOVE_TO, 0, 0);
            statuses[0] = kf->add_keyframe_path(self->to, 1, &start, TH_PATH_ROTATE_NONE);
            statuses[7] = kf->animate_keyframes(&o, TH_KEYFRAMES_PACED, flight, NULL, self);
            snprintf(line, sizeof line, "size %u; outside %d zero %d null %d rotation %d start %d handle %d path %d animate %d",
                     (unsigned)kf->struct_size, statuses[0], statuses[1], statuses[2], statuses[3], statuses[4],
                     statuses[5], statuses[6], statuses[7]);
            host->log(TH_LOG_INFO, line);
            """)

    @Test("refused as told, the same both ways; half way the detail is at (195, 844) turned a quarter; it ends in place",
          arguments: [[], ["--isolate"]])
    func flightFromAPlugin(_ extra: [String]) async throws {
        let dir = try TempDir("path-keyframes")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/pathkf.so", in: dir, flags: ["-shared", "-fPIC", "-lm"])
        let text = try await runHost(["run", "pathkf", "--no-motion-check"] + extra, pluginFolder: plugins, in: dir)
        #expect(text.status == 0 && text.out.contains("end state verified"), "\(text)")
        #expect(text.out.contains("size 32; outside -3 zero -2 null -2 rotation -2 start -2 handle -1 path 0 animate 0"), "\(text.out)")
        #expect(text.out.contains("add_keyframe_path: rotation is 3, not a TH_PATH_ROTATE_* value"), "\(text.out)")

        let json = try await runHost(["run", "pathkf", "--no-motion-check", "--format", "json"] + extra, pluginFolder: plugins, in: dir)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let frames = try #require(document["frames"] as? [[String: Any]])
        func detail(_ k: Int) -> [Double]? {
            let views = frames[k]["views"] as? [[String: Any]]
            return views?.first { $0["name"] as? String == "detail" }?["frame"] as? [Double]
        }
        // Frame 9 (0.15 s, half way): centre (195, 844), turned −90°: its 390 × 844 box stands 844 wide.
        let half = try #require(detail(9))
        #expect(zip(half, [-227, 649, 844, 390]).allSatisfy { abs($0 - $1) < 1e-6 }, "\(half)")
        let end = try #require(detail(18))
        #expect(end == [0, 0, 390, 844], "\(end)")
    }
}
