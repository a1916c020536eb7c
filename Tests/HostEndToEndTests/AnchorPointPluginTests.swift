import Foundation
import Testing

/// get_anchor_point and set_anchor_point (ABI 1.2) from a plugin, in process and isolated:
/// the centre stays and the frame moves, as in Core Animation; set_frame places the anchor
/// point; a transform scales about it; bad calls are refused.
@Suite("The anchor point from a plugin (ABI 1.2)")
struct AnchorPointPluginTests {
    /// Presents the detail anchored at its top left and scaled by half about that corner for
    /// the whole present, then puts the anchor and the scale back.
    static let plugin = AnimatorFixture.source(
        id: "corner", needs: "set_anchor_point", fields: "th_rect placed;",
        animations: "host->set_alpha(self->incoming ? self->to : self->from, self->incoming ? 1 : 0);",
        completion: """
            if (self->incoming) {
                host->set_transform(self->to, (th_affine){ 1, 0, 0, 1, 0, 0 });
                host->set_anchor_point(self->to, (th_point){ 0.5, 0.5 });
                host->set_frame(self->to, self->placed);
            } else {
                host->remove_from_superview(self->from);
            }
            """,
        animate: """
            if (self->incoming) {
                th_point anchor = { 9, 9 }, centre;
                th_rect moved, placed;
                char line[200];
                int nan, null, handle;
                self->placed = final;
                host->add_subview(container, self->to);
                host->set_frame(self->to, final);
                host->set_alpha(self->to, 0);
                host->set_anchor_point(self->to, (th_point){ 0, 0 });
                host->get_anchor_point(self->to, &anchor);
                host->get_frame(self->to, &moved);
                host->set_frame(self->to, final);
                host->get_frame(self->to, &placed);
                host->get_center(self->to, &centre);
                nan = host->set_anchor_point(self->to, (th_point){ NAN, 0 });
                null = host->get_anchor_point(self->to, NULL);
                handle = host->set_anchor_point((th_view){ 0 }, (th_point){ 0, 0 });
                snprintf(line, sizeof line, "anchor %g %g; moved %g %g %g %g; placed %g %g; centre %g %g; nan %d null %d handle %d",
                         anchor.x, anchor.y, moved.origin.x, moved.origin.y, moved.size.width, moved.size.height,
                         placed.origin.x, placed.origin.y, centre.x, centre.y, nan, null, handle);
                host->log(TH_LOG_INFO, line);
                host->set_transform(self->to, (th_affine){ 0.5, 0, 0, 0.5, 0, 0 });
            }
            """)

    @Test("anchored at its top left, the frame moves and the centre stays; set_frame puts the corner there; a half scale keeps that corner",
          arguments: [[], ["--isolate"]])
    func anchoredAtTheCorner(_ extra: [String]) async throws {
        let dir = try TempDir("anchor")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/corner.so", in: dir, flags: ["-shared", "-fPIC", "-lm"])
        let path = dir.file("run.json")
        let run = try await runHost(["run", "corner", "--output", path, "--no-motion-check"] + extra, pluginFolder: plugins, in: dir)
        #expect(run.status == 0 && run.out.contains("end state verified"), "\(run)")
        // The detail fills the 390 × 844 screen: its centre (195, 422) stays, so anchored at
        // (0, 0) its frame starts there; set_frame then puts that corner at (0, 0).
        #expect(run.out.contains("anchor 0 0; moved 195 422 390 844; placed 0 0; centre 0 0; nan -2 null -2 handle -1"), "\(run.out)")
        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        let frames = try #require(timeline["frames"] as? [[String: Any]])
        let middle = try #require(frames.first { abs(($0["time"] as! Double) - 0.15) < 0.01 })
        let detail = try #require((middle["layers"] as! [[String: Any]]).first { ($0["name"] as? String) == "detail" })
        // Halved about its top left corner, which stays at the screen's.
        #expect(detail["transform"] as? [Double] == [0.5, 0, 0, 0.5, 0, 0], "\(detail)")
    }
}
