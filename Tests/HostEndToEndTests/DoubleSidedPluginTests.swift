import Foundation
import Testing

/// set_double_sided, set_z_position and set_corner_curve (ABI 1.2) from a plugin, in process
/// and isolated: the host keeps what it was told and refuses a curve it does not know; a view turned its back to the eye that is not double-sided is
/// drawn exactly as if it were hidden, while a double-sided one shows its back; a view put
/// under its sibling by zPosition is hidden by it as if it were not there.
@Suite("Double-sided views and zPosition from a plugin (ABI 1.2)")
struct DoubleSidedPluginTests {
    /// `mode` 0: the detail turned half a turn, not double-sided; 1: the same, double-sided;
    /// 2: the detail hidden instead; 3: the home screen given zPosition 1, over the detail. Its corner radius animates meanwhile, so the present takes
    /// time while nothing else moves.
    static func plugin(mode: Int) -> String {
        AnimatorFixture.source(
            id: "turned", needs: "set_double_sided", defines: "#define MODE \(mode)",
            animations: "host->set_corner_radius(self->incoming ? self->to : self->from, 24);",
            completion: """
                th_transform3d flat = { 0 };
                flat.m11 = flat.m22 = flat.m33 = flat.m44 = 1;
                if (self->incoming) {
                    host->set_transform3d(self->to, flat);
                    host->set_double_sided(self->to, true);
                    host->set_hidden(self->to, false);
                    host->set_corner_radius(self->to, 0);
                    host->set_z_position(self->from, 0);
                    host->set_corner_curve(self->from, TH_CORNER_CURVE_CIRCULAR);
                } else {
                    host->remove_from_superview(self->from);
                }
                """,
            animate: """
                if (self->incoming) {
                    th_transform3d back = { 0 };
                    bool sided = true;
                    char line[64];
                    host->add_subview(container, self->to);
                    host->set_frame(self->to, final);
                    back.m11 = -1; back.m22 = 1; back.m33 = -1; back.m44 = 1; /* half a turn about y */
                    if (MODE == 2) host->set_hidden(self->to, true);
                    else if (MODE == 3) {
                        double z = 0;
                        host->set_z_position(self->from, 1);
                        host->get_z_position(self->from, &z);
                        snprintf(line, sizeof line, "z position: %g", z);
                        host->log(TH_LOG_INFO, line);
                        {
                            uint32_t curve = 9;
                            int refused = (int)host->set_corner_curve(self->from, 7);
                            host->set_corner_curve(self->from, TH_CORNER_CURVE_CONTINUOUS);
                            host->get_corner_curve(self->from, &curve);
                            snprintf(line, sizeof line, "corner curve: %u, 7 refused with %d", (unsigned)curve, refused);
                            host->log(TH_LOG_INFO, line);
                        }
                    } else {
                        host->set_double_sided(self->to, MODE == 1);
                        host->set_transform3d(self->to, back);
                    }
                    host->get_double_sided(self->to, &sided);
                    snprintf(line, sizeof line, "double-sided: %d", (int)sided);
                    host->log(TH_LOG_INFO, line);
                }
                """)
    }

    @Test("not double-sided and turned away, the detail is drawn as if hidden; double-sided, its back shows",
          arguments: [[], ["--isolate"]])
    func culledLikeHidden(_ extra: [String]) async throws {
        let dir = try TempDir("double-sided")
        var middles: [String] = []
        for mode in 0...3 {
            let plugins = try dir.folder("plugins-\(mode)")
            try await compileC(Self.plugin(mode: mode), to: "plugins-\(mode)/turned.so", in: dir)
            let output = dir.file("frames-\(mode)/")
            let run = try await runHost(["run", "turned", "--output", output, "--no-motion-check"] + extra, pluginFolder: plugins, in: dir)
            #expect(run.status == 0, "\(run)")
            if mode < 2 { #expect(run.out.contains("double-sided: \(mode)"), "\(run.out)") }
            if mode == 3 {
                #expect(run.out.contains("z position: 1"), "\(run.out)")
                #expect(run.out.contains("corner curve: 1, 7 refused with -2"), "\(run.out)")
            }
            middles.append(output + "frame-0009.png")
        }
        let culledVersusHidden = try largestDifference(middles[0], middles[2])
        let shownVersusHidden = try largestDifference(middles[1], middles[2])
        #expect(culledVersusHidden == 0, "turned away and not double-sided, it still drew: \(culledVersusHidden ?? -1)")
        #expect((shownVersusHidden ?? 0) > 50, "double-sided, its back should show: \(shownVersusHidden ?? -1)")
        // Within the home screen: at its rounded corners what lies beneath rightly shows.
        let underVersusHidden = try largestDifference(middles[3], middles[2], inside: (30, 60, 330, 720))
        #expect(underVersusHidden == 0, "under the home screen by zPosition, it still showed: \(underVersusHidden ?? -1)")
    }
}
