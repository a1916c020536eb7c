import Foundation
import Testing

/// get_autoresizing_mask and set_autoresizing_mask (ABI 1.2) from a plugin, in process and
/// isolated: the same statuses both ways, and a view laid out again when its parent, which the
/// plugin resizes, changes size.
@Suite("Autoresizing from a plugin (ABI 1.2)")
struct AutoresizingPluginTests {
    /// Presents the detail at half the screen's height, at the bottom, with a view of its own
    /// ("pinned", 40 pt tall, 20 pt above the detail's bottom edge) that keeps to the bottom.
    static let plugin = AnimatorFixture.fadingIn(
        id: "sizing", needs: "set_autoresizing_mask",
        onPresent: """
            th_view pinned = { 0 };
            uint32_t mask = 99, read = 99;
            int made = host->create_view("pinned", (th_rect){ { 20, 784 }, { 350, 40 } }, &pinned);
            int added = host->add_subview(self->to, pinned);
            int set = host->set_autoresizing_mask(pinned, TH_AUTORESIZE_FLEXIBLE_TOP_MARGIN);
            int got = host->get_autoresizing_mask(pinned, &mask);
            int bad = host->set_autoresizing_mask(pinned, TH_AUTORESIZE_ALL + 1);
            int null = host->get_autoresizing_mask(pinned, NULL);
            int handle = host->set_autoresizing_mask((th_view){ 0 }, 0);
            host->get_autoresizing_mask(self->to, &read);
            char line[160];
            snprintf(line, sizeof line, "sizing %d %d %d %d mask %u default %u; bad %d null %d handle %d",
                     made, added, set, got, (unsigned)mask, (unsigned)read, bad, null, handle);
            host->log(TH_LOG_INFO, line);
            host->set_frame(self->to, (th_rect){ { 0, 422 }, { 390, 422 } });
            """,
        onPresentEnd: """
            host->set_frame(self->to, (th_rect){ { 0, 0 }, { 390, 844 } });
            """)

    @Test("kept and refused as told, the same both ways; the pinned view stays 20 pt above the bottom of the half-height detail",
          arguments: [[], ["--isolate"]])
    func pinnedViewFollows(_ extra: [String]) async throws {
        let dir = try TempDir("autoresizing")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/sizing.so", in: dir, flags: ["-shared", "-fPIC", "-lm"])
        let result = try await runHost(["run", "sizing", "--no-motion-check", "--format", "json"] + extra, pluginFolder: plugins, in: dir)
        #expect(result.status == 0, "\(result)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        let names = (document["events"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.contains { $0.hasSuffix("sizing 0 0 0 0 mask 8 default 0; bad -2 null -2 handle -1") }, "\(names)")
        let frames = try #require(document["frames"] as? [[String: Any]])
        // Half way through the fade: the detail 422 pt tall at y 422, the pinned view 362 pt into it.
        let views = try #require(frames[9]["views"] as? [[String: Any]])
        let pinned = try #require(views.first { $0["name"] as? String == "pinned" }?["frame"] as? [Double])
        #expect(pinned == [20, 362, 350, 40], "\(pinned)")
    }
}
