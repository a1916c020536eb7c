import Foundation
import Testing

/// get_shadow_path and set_shadow_path (ABI 1.2) from a plugin, in process and isolated: the
/// host keeps what it was told and refuses what it must, with the same statuses both ways.
@Suite("Shadow paths from a plugin (ABI 1.2)")
struct ShadowPathPluginTests {
    static let plugin = AnimatorFixture.fadingIn(
        id: "pathed", needs: "set_shadow_path",
        helpers: """
            static void report(th_view view)
            {
                uint32_t kind = 9;
                th_rect rect = { { 0, 0 }, { 0, 0 } };
                double radius = -1;
                char line[200];
                int kinds = host->set_shadow_path(view, 7, rect, 0);
                int nan = host->set_shadow_path(view, TH_MASK_ELLIPSE, (th_rect){ { 0, NAN }, { 1, 1 } }, 0);
                int negative = host->set_shadow_path(view, TH_MASK_ELLIPSE, (th_rect){ { 0, 0 }, { 1, -1 } }, 0);
                int radii = host->set_shadow_path(view, TH_MASK_ROUNDED_RECT, rect, -0.5);
                int null = host->get_shadow_path(view, NULL, &rect, &radius);
                int handle = host->set_shadow_path((th_view){ 0 }, TH_MASK_ELLIPSE, rect, 0);
                host->set_shadow_path(view, TH_MASK_ROUNDED_RECT, (th_rect){ { -4, 8 }, { 120, 60 } }, 6);
                host->get_shadow_path(view, &kind, &rect, &radius);
                snprintf(line, sizeof line, "path %u %g %g %g %g %g; kind %d nan %d negative %d radius %d null %d handle %d",
                         (unsigned)kind, rect.origin.x, rect.origin.y, rect.size.width, rect.size.height, radius,
                         kinds, nan, negative, radii, null, handle);
                host->log(TH_LOG_INFO, line);
                host->set_shadow_path(view, TH_MASK_NONE, rect, 0);
                host->get_shadow_path(view, &kind, &rect, &radius);
                snprintf(line, sizeof line, "then %u", (unsigned)kind);
                host->log(TH_LOG_INFO, line);
                /* Left on, with a shadow to cast, for the timeline. */
                host->set_shadow_opacity(view, 0.5);
                host->set_shadow_path(view, TH_MASK_ELLIPSE, (th_rect){ { 10, 20 }, { 100, 80 } }, 0);
            }
            """,
        onPresent: "report(self->to);")

    @Test("the path kept and refused as told, the same in process and isolated", arguments: [[], ["--isolate"]])
    func keptAndRefused(_ extra: [String]) async throws {
        let dir = try TempDir("shadow-path")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/pathed.so", in: dir, flags: ["-shared", "-fPIC", "-lm"])
        let result = try await runHost(["run", "pathed"] + extra, pluginFolder: plugins, in: dir)
        #expect(result.status == 0 && result.out.contains("end state verified"), "\(result)")
        #expect(result.out.contains("path 1 -4 8 120 60 6; kind -2 nan -2 negative -2 radius -2 null -2 handle -1"), "\(result.out)")
        #expect(result.out.contains("then 0"), "TH_MASK_NONE takes the path away: \(result.out)")
    }

    @Test("the timeline JSON gives the shadow's path")
    func inTheTimeline() async throws {
        let dir = try TempDir("shadow-path-json")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/pathed.so", in: dir, flags: ["-shared", "-fPIC", "-lm"])
        let path = dir.file("run.json")
        let result = try await runHost(["run", "pathed", "--output", path], pluginFolder: plugins, in: dir)
        #expect(result.status == 0, "\(result)")
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let frames = try #require(timeline["frames"] as? [[String: Any]])
        let middle = try #require(frames.first { abs(($0["time"] as! Double) - 0.15) < 0.001 })
        let detail = try #require((middle["layers"] as! [[String: Any]]).first { ($0["name"] as? String) == "detail" })
        let shadow = try #require(detail["shadow"] as? [String: Any], "\(detail)")
        let shape = try #require(shadow["path"] as? [String: Any], "\(shadow)")
        #expect(shape["kind"] as? String == "ellipse" && shape["rect"] as? [Double] == [10, 20, 100, 80] && shape["cornerRadius"] == nil)
    }
}
