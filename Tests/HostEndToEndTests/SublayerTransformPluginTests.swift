import Foundation
import Testing

/// get_sublayer_transform and set_sublayer_transform (ABI 1.2) from a plugin, in process and
/// isolated: the host keeps what it was told and refuses what it must, with the same statuses.
@Suite("Sublayer transforms from a plugin (ABI 1.2)")
struct SublayerTransformPluginTests {
    static let plugin = AnimatorFixture.fadingIn(
        id: "perspective", needs: "set_sublayer_transform",
        helpers: """
            static void report(th_view view)
            {
                th_transform3d t = { 0 }, bad, got = { 0 };
                char line[200];
                t.m11 = t.m22 = t.m33 = t.m44 = 1;
                t.m34 = -1.0 / 500;
                bad = t;
                bad.m12 = NAN;
                int nan = host->set_sublayer_transform(view, bad);
                bad = t;
                bad.m44 = 0;
                int w = host->set_sublayer_transform(view, bad);
                int null = host->get_sublayer_transform(view, NULL);
                int handle = host->set_sublayer_transform((th_view){ 0 }, t);
                host->set_sublayer_transform(view, t);
                host->get_sublayer_transform(view, &got);
                snprintf(line, sizeof line, "m34 %g m44 %g; nan %d w %d null %d handle %d", got.m34, got.m44, nan, w, null, handle);
                host->log(TH_LOG_INFO, line);
                t.m34 = 0;
                host->set_sublayer_transform(view, t);
            }
            """,
        onPresent: "report(self->to);")

    @Test("the transform kept and refused as told, the same in process and isolated", arguments: [[], ["--isolate"]])
    func keptAndRefused(_ extra: [String]) async throws {
        let dir = try TempDir("sublayer")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/perspective.so", in: dir, flags: ["-shared", "-fPIC", "-lm"])
        let result = try await runHost(["run", "perspective"] + extra, pluginFolder: plugins, in: dir)
        #expect(result.status == 0 && result.out.contains("end state verified"), "\(result)")
        #expect(result.out.contains("m34 -0.002 m44 1; nan -2 w -2 null -2 handle -1"), "\(result.out)")
    }
}
