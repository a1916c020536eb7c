import Foundation
import Testing

/// `host validate` on interaction controllers (ABI 1.1): three named tests per claimed
/// transition — it ends the interaction itself, a cancel leaves the scene as it was, and no
/// interactive call follows the end of the interaction — each failing for the controller that
/// breaks its rule, and passing for one that keeps them.
@Suite("host validate: interaction controllers")
struct InteractionValidateTests {
    /// A pan controller for dismissals whose gesture callback is `handler`; `self->ctx` is the
    /// context, `event` the event.
    static func controller(_ handler: String) -> String {
        """
        #include <stdlib.h>
        #include "transition_host.h"
        static const th_host_api *host;
        typedef struct { th_context ctx; } pan;
        static void *create(const th_effect_config *c) { (void)c; return calloc(1, sizeof(pan)); }
        static void destroy(void *self) { free(self); }
        static void start(void *self, th_context ctx) { ((pan *)self)->ctx = ctx; }
        static void gesture(void *s, th_context ctx, const th_gesture_event *event)
        {
            pan *self = s;
            th_rect bounds;
            double progress;
            (void)ctx;
            if (event->kind == TH_GESTURE_PINCH || host->get_bounds(event->view, &bounds) != TH_OK) return;
            progress = (event->translation.x + event->translation.y) / bounds.size.width;
            \(handler)
        }
        static const th_interaction_interface interaction = {
            sizeof interaction, create, destroy, start, gesture, NULL, NULL };
        static const th_effect_descriptor effect = {
            sizeof effect, TH_KIND_INTERACTION_CONTROLLER, "pan", "Pan", NULL, TH_TRANSITION_DISMISS, 0, NULL, 0.3, &interaction };
        static bool init(const th_host_api *h) { host = h; return TH_HAS_FIELD(h, th_host_api, update_interactive_transition); }
        static uint32_t count(void) { return 1; }
        static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect : NULL; }
        TH_EXPORT const th_plugin_entry th_entry = {
            sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, "fixture.pan", "Pan", "1.0.0", NULL, init, NULL, count, get, NULL };
        """
    }

    static let keepsTheRules = """
        if (progress < 0) progress = 0;
        if (progress > 1) progress = 1;
        if (event->state == TH_GESTURE_CHANGED) host->update_interactive_transition(self->ctx, progress);
        if (event->state == TH_GESTURE_ENDED) {
            if (progress > 0.5 || event->velocity.x + event->velocity.y > 800) host->finish_interactive_transition(self->ctx);
            else host->cancel_interactive_transition(self->ctx);
        }
        """

    static func validate(_ handler: String, label: String) async throws -> ValidateJSON {
        let dir = try TempDir(label)
        let plugin = try await compileC(controller(handler), to: "\(label).so", in: dir)
        let result = try await runHost(["validate", plugin, "--json"], userData: try dir.folder("data"), in: dir)
        return try ValidateJSON(result)
    }

    @Test("a pan controller that keeps the rules passes its three tests")
    func conforming() async throws {
        let report = try await Self.validate(Self.keepsTheRules, label: "pan-good")
        for name in ["ends", "cancel-restores", "call-order"] {
            let row = try #require(report.row("interaction.pan.dismiss.\(name)"), "\(report.tests.map(\.name))")
            #expect(row.result == "pass", "\(row)")
        }
        #expect(report.row("interaction.pan.dismiss.ends")?.reason.contains("edge-pan(left)") == true)
        #expect(report.conforms)
    }

    @Test("one that never finishes or cancels fails 'ends'")
    func neverEnds() async throws {
        let report = try await Self.validate("if (event->state == TH_GESTURE_CHANGED) host->update_interactive_transition(self->ctx, progress);",
                                             label: "pan-never")
        let row = try #require(report.row("interaction.pan.dismiss.ends"))
        #expect(row.result == "fail" && row.reason.contains("neither finish_interactive_transition nor cancel_interactive_transition"), "\(row)")
        #expect(!report.conforms)
    }

    @Test("one that updates after it finished fails 'call-order', naming the late call")
    func updatesAfterFinishing() async throws {
        let report = try await Self.validate(Self.keepsTheRules + """
            if (event->state == TH_GESTURE_ENDED) host->update_interactive_transition(self->ctx, 0.5);
            """, label: "pan-late")
        let row = try #require(report.row("interaction.pan.dismiss.call-order"))
        #expect(row.result == "fail" && row.reason.contains("update_interactive_transition"), "\(row)")
        #expect(report.row("interaction.pan.dismiss.ends")?.result == "pass")
    }
}
