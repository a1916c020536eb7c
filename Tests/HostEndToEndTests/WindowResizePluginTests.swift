import Foundation
import Testing
import TransitionCore

/// A window resized under a plugin's presentation (ABI 1.2: view_will_transition_to_size,
/// container_did_layout; `host run --resize`), in process and isolated, and what --resize
/// refuses.
@Suite("A window resized under a plugin's presentation (ABI 1.2)")
struct WindowResizePluginTests {
    /// A sheet 10 pt in from the container's sides and 300 pt tall at its bottom, and a badge
    /// the controller keeps 60 pt in from the container's right edge: it moves the badge when
    /// told of the new size (so the badge moves with the resize) and logs what it hears.
    static let plugin = """
        #include <stdio.h>
        #include <stdlib.h>
        #include "transition_host.h"
        static const th_host_api *host;
        typedef struct { th_view badge; } split;
        static void *create(const th_effect_config *c) { (void)c; return calloc(1, sizeof(split)); }
        static void destroy(void *self) { free(self); }
        static bool keep(void *self) { (void)self; return false; }
        static bool frame(void *self, th_rect bounds, th_rect *out)
        {
            (void)self;
            *out = (th_rect){ { 10, bounds.size.height - 300 }, { bounds.size.width - 20, 300 } };
            return true;
        }
        static void will_begin(void *s, th_context ctx)
        {
            split *self = s;
            th_view container;
            th_rect bounds;
            host->container_view(ctx, &container);
            host->get_frame(container, &bounds);
            host->create_view("badge", (th_rect){ { bounds.size.width - 60, 60 }, { 50, 50 } }, &self->badge);
            host->add_subview(container, self->badge);
        }
        static void did_end(void *s, bool completed) { split *self = s; if (!completed) host->remove_from_superview(self->badge); }
        static void dismissed(void *s, bool completed) { split *self = s; if (completed) host->remove_from_superview(self->badge); }
        static void will_resize(void *s, th_size size)
        {
            split *self = s;
            char line[80];
        #ifdef CRASH
            abort();
        #endif
            snprintf(line, sizeof line, "told of %.0f x %.0f", size.width, size.height);
            host->log(TH_LOG_INFO, line);
            host->set_frame(self->badge, (th_rect){ { size.width - 60, 60 }, { 50, 50 } });
        }
        static void did_layout(void *s, th_view container)
        {
            (void)s;
            th_rect bounds;
            char line[80];
            host->get_frame(container, &bounds);
            snprintf(line, sizeof line, "laid out at %.0f", bounds.size.width);
            host->log(TH_LOG_INFO, line);
        }
        static const th_presentation_interface sheet = {
            .struct_size = sizeof sheet, .create = create, .destroy = destroy, .frame_of_presented_view = frame,
            .presentation_will_begin = will_begin, .presentation_did_end = did_end, .dismissal_did_end = dismissed,
            .should_remove_presenters_view = keep, .view_will_transition_to_size = will_resize, .container_did_layout = did_layout };
        static const th_effect_descriptor effect = {
            .struct_size = sizeof effect, .kind = TH_KIND_PRESENTATION_CONTROLLER, .id = "split", .name = "Split",
            .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS, .default_duration = 0.3, .interface = &sheet };
        static bool init(const th_host_api *h) { host = h; return true; }
        static uint32_t n(void) { return 1; }
        static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect : NULL; }
        TH_EXPORT const th_plugin_entry th_entry = {
            sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, "fixture.split", "Split", "1.0.0", NULL, init, NULL, n, get, NULL };
        """

    static func view(_ name: String, at time: Double, in document: [String: Any]) -> [Double]? {
        let frames = document["frames"] as? [[String: Any]] ?? []
        let frame = frames.last { abs(($0["time"] as? Double ?? -1) - time) < 1e-9 }
        return (frame?["views"] as? [[String: Any]])?.first { $0["name"] as? String == name }?["frame"] as? [Double]
    }

    @Test("told of 320 x 700 first, laid out after; sheet and badge move together in 0.35 s; the dismissal clean in the new size",
          arguments: [[], ["--isolate"]])
    func resized(_ extra: [String]) async throws {
        let dir = try TempDir("resize-plugin")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/split.so", in: dir)
        let result = try await runHost(["run", "cover-vertical", "--presentation", "split", "--resize", "320x700", "--format", "json"] + extra,
                                       pluginFolder: plugins, in: dir)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        #expect(result.status == 0 && document["clean"] as? Bool == true, "\(result.status) \(result.err)")
        let names = (document["events"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        let told = try #require(names.firstIndex { $0.hasSuffix("told of 320 x 700") }, "\(names.suffix(30))")
        let laidOut = names.indices.filter { names[$0].hasSuffix("laid out at 320") }
        // Laid out once at the presentation (390 pt), then after the resize's layout, then at the dismissal.
        #expect(names.filter { $0.hasSuffix("laid out at 390") }.count == 1 && laidOut.count == 2 && laidOut[0] > told, "\(names)")
        // The presentation ends at 0.5 s; 10 frames into the 21 of the resize, badge and sheet
        // have gone the same share of their ways, the resize's ease-in-out at 10/21.
        #expect(Self.view("badge", at: 0.5, in: document) == [330, 60, 50, 50])
        let p = TimingCurve.easeInOut.progress(at: 10.0 / 21)
        let badge = try #require(Self.view("badge", at: 0.5 + 10.0 / 60, in: document))
        let sheet = try #require(Self.view("detail", at: 0.5 + 10.0 / 60, in: document))
        #expect(abs(badge[0] - (330 - 70 * p)) < 1e-6 && abs(sheet[2] - (370 - 70 * p)) < 1e-6 && abs(sheet[1] - (544 - 144 * p)) < 1e-6,
                "\(badge) \(sheet) at \(p)")
        #expect(Self.view("badge", at: 0.85, in: document) == [260, 60, 50, 50])
        #expect(Self.view("detail", at: 0.85, in: document) == [10, 400, 300, 300])
    }

    @Test("isolated, a controller that crashes when told of the size is named, and the run is not clean (exit 1)")
    func crashWhileIdle() async throws {
        let dir = try TempDir("resize-crash")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/split.so", in: dir, flags: ["-shared", "-fPIC", "-DCRASH"])
        let result = try await runHost(["run", "cover-vertical", "--presentation", "split", "--resize", "320x700", "--isolate"],
                                       pluginFolder: plugins, in: dir)
        #expect(result.status == 1 && result.out.contains("plugin 'fixture.split' crashed with") && result.out.contains("during view_will_transition_to_size"),
                "\(result.status) \(result.out.suffix(1500))")
    }

    @Test("host validate resizes the window under every presentation controller: the plugin's and the bundled dimming pass")
    func validateResize() async throws {
        let dir = try TempDir("resize-validate")
        _ = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/split.so", in: dir)
        let split = try await runHost(["validate", dir.file("plugins/split.so"), "--json", "--only", "behaviour.split.present.resize"],
                                      userData: try dir.folder("data"), in: dir)
        let verdict = try #require(try ValidateJSON(split).tests.first { $0.name == "behaviour.split.present.resize" })
        #expect(verdict.result == "pass" && verdict.reason.contains("the window resized to 312 × 717 pt under its presentation"), "\(verdict)")
        let dimming = try await runHost(["validate", Build.bundledPlugins + "/dimming.so", "--json", "--only", "behaviour.dimming.present.resize"],
                                        userData: try dir.folder("data"), in: dir)
        let passed = try #require(try ValidateJSON(dimming).tests.first { $0.name == "behaviour.dimming.present.resize" })
        #expect(passed.result == "pass", "\(passed)")
    }

    @Test("host validate fails a controller that crashes when told of the size, naming the crash")
    func validateCrash() async throws {
        let dir = try TempDir("resize-validate-crash")
        _ = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/split.so", in: dir, flags: ["-shared", "-fPIC", "-DCRASH"])
        let split = try await runHost(["validate", dir.file("plugins/split.so"), "--json", "--only", "behaviour.split.present.resize"],
                                      userData: try dir.folder("data"), in: dir)
        let verdict = try #require(try ValidateJSON(split).tests.first { $0.name == "behaviour.split.present.resize" })
        #expect(verdict.result == "crashed" && verdict.reason.contains("killed by SIGABRT") && verdict.reason.contains("resizing the window to 312 × 717 pt"), "\(verdict)")
    }

    @Test("--resize refuses a size off the display, a malformed size, and a flow that presents nothing, saying why")
    func refused() async throws {
        let dir = try TempDir("resize-usage")
        let plugins = try dir.folder("plugins")
        let wide = try await runHost(["run", "cover-vertical", "--resize", "400x844"], pluginFolder: plugins, in: dir)
        #expect(wide.status == 2 && wide.err.contains("--resize 400x844: the window must fit on the display, 390 × 844 pt"), "\(wide)")
        let small = try await runHost(["run", "cover-vertical", "--resize", "99x500"], pluginFolder: plugins, in: dir)
        #expect(small.status == 2 && small.err.contains("a window is at least 100 × 100 pt"), "\(small)")
        let text = try await runHost(["run", "cover-vertical", "--resize", "wide"], pluginFolder: plugins, in: dir)
        #expect(text.status == 64 && text.err.contains("--resize takes a size in points as WIDTHxHEIGHT, such as 320x844, not 'wide'"), "\(text)")
        let push = try await runHost(["run", "cover-vertical", "--push", "--resize", "320x844"], pluginFolder: plugins, in: dir)
        #expect(push.status == 2 && push.err.contains("--resize changes the window's size while a screen is presented; the push flow presents none"),
                "\(push)")
    }
}
