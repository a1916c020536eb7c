import Foundation
import Testing

/// The header's promises for th_presentation_interface.presented_view (ABI 1.1), through the
/// C ABI, in process and isolated: a wrapper that holds the presented view is what the
/// animator moves; a view that does not hold it, or a handle that names no view, is reported
/// and the presented view is moved instead.
@Suite("th_presentation_interface.presented_view, in process and isolated")
struct PresentedViewABITests {
    /// Three presentation controllers: "wrap" puts the presented view in a wrapper of its own
    /// and gives it; "stray" gives a view of its own that does not hold the presented view;
    /// "bogus" gives a handle no view has.
    static let plugin = """
        #include <stdlib.h>
        #include "transition_host.h"

        static const th_host_api *host;
        typedef struct { int mode; th_view given; } controller;

        static void *create_with(int mode) { controller *c = calloc(1, sizeof *c); if (c) c->mode = mode; return c; }
        static void *create_wrap(const th_effect_config *config) { (void)config; return create_with(0); }
        static void *create_stray(const th_effect_config *config) { (void)config; return create_with(1); }
        static void *create_bogus(const th_effect_config *config) { (void)config; return create_with(2); }
        static void destroy(void *self) { free(self); }

        static void will_begin(void *self, th_context ctx) {
            controller *c = self;
            th_view presented, container;
            th_view_controller vc;
            th_rect frame;
            if (host->view(ctx, TH_TO, &presented) != TH_OK || host->container_view(ctx, &container) != TH_OK ||
                host->view_controller(ctx, TH_TO, &vc) != TH_OK || host->final_frame(ctx, vc, &frame) != TH_OK) return;
            if (c->mode == 2) { c->given = (th_view){ 123456789 }; return; }
            if (host->create_view(c->mode == 0 ? "fixture.wrapper" : "fixture.stray", frame, &c->given) != TH_OK) return;
            if (c->mode == 0) {
                host->set_frame(presented, (th_rect){ { 0, 0 }, frame.size });
                host->add_subview(c->given, presented);
            } else {
                host->add_subview(container, c->given);
            }
        }
        static void did_end(void *self, bool completed) { (void)self; (void)completed; }
        static th_view presented_view(void *self, th_view presented) { (void)presented; return ((controller *)self)->given; }

        #define INTERFACE(name, create) static const th_presentation_interface name = { sizeof(th_presentation_interface), \\
            create, destroy, NULL, will_begin, did_end, NULL, NULL, NULL, NULL, presented_view }
        INTERFACE(wrap_interface, create_wrap);
        INTERFACE(stray_interface, create_stray);
        INTERFACE(bogus_interface, create_bogus);

        #define EFFECT(id, interface) { sizeof(th_effect_descriptor), TH_KIND_PRESENTATION_CONTROLLER, id, id, "", \\
            TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS, 0, NULL, 0.3, &interface }
        static const th_effect_descriptor effects[] = {
            EFFECT("wrap", wrap_interface), EFFECT("stray", stray_interface), EFFECT("bogus", bogus_interface) };

        static bool init(const th_host_api *api) { host = api; return TH_HAS_FIELD(api, th_host_api, set_clips_to_bounds); }
        static uint32_t count(void) { return 3; }
        static const th_effect_descriptor *get(uint32_t i) { return i < 3 ? &effects[i] : NULL; }
        TH_EXPORT const th_plugin_entry th_entry = { sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, "fixture.wrapping", "Wrapping",
            "1.0.0", NULL, init, NULL, count, get, NULL };

        """

    static func run(_ controller: String, isolate: Bool, in dir: TempDir) async throws -> RunJSON {
        let result = try await runHost(["run", "cover-vertical", "--presentation", controller, "--format", "json"] + (isolate ? ["--isolate"] : []),
                                       pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 0 && !result.crashed, "\(result)")
        return try RunJSON(result)
    }

    @Test("a wrapper that holds the presented view is moved by the animator in both directions, and nothing is reported", arguments: [false, true])
    func wrapper(isolate: Bool) async throws {
        let dir = try TempDir("presented-view-wrap")
        _ = try dir.folder("plugins")
        _ = try await compileC(Self.plugin, to: "plugins/wrapping.so", in: dir)
        let run = try await Self.run("wrap", isolate: isolate, in: dir)
        #expect(run.clean && run.warnings.isEmpty, "\(run.warnings)")
        let present = try #require(run.outcomes.first)
        let frames = run.frames(from: present.start, to: present.end)
        let first = try #require(frames.first?.view("fixture.wrapper")), last = try #require(frames.last?.view("fixture.wrapper"))
        #expect(first.y >= 843 && abs(last.y) < 0.01, "cover-vertical moved the wrapper up from below: \(first) → \(last)")
        #expect(frames.allSatisfy { abs(($0.view("detail")?.y ?? -1)) < 0.01 }, "the presented view stays put in the wrapper")
        #expect(run.frames.last?.view("fixture.wrapper") == nil, "the dismissal took the wrapper away")
    }

    @Test("a view that does not hold the presented view, or a handle that names none, is reported, and the presented view is moved", arguments: [false, true])
    func refused(isolate: Bool) async throws {
        let dir = try TempDir("presented-view-refused")
        _ = try dir.folder("plugins")
        _ = try await compileC(Self.plugin, to: "plugins/wrapping.so", in: dir)
        for (controller, warning) in [("stray", "the presentedView 'fixture.stray' of 'fixture.wrapping:stray' does not contain the presented view 'detail'"),
                                      ("bogus", "presented_view returned a handle that names no view (123456789); presenting without a wrapper")] {
            let run = try await Self.run(controller, isolate: isolate, in: dir)
            #expect(run.clean, "\(controller): \(run.outcomes.map(\.violations))")
            #expect(run.warnings.contains { $0.contains(warning) }, "\(controller): \(run.warnings)")
            let present = try #require(run.outcomes.first)
            let moved = run.frames(from: present.start, to: present.end).compactMap { $0.view("detail")?.y }
            #expect((moved.first ?? 0) >= 843 && abs(moved.last ?? -1) < 0.01, "\(controller): the presented view itself moved: \(moved)")
        }
    }
}
