import Foundation
import Testing

/// completion_velocity and completion_curve (ABI 1.2; the coordinator context's
/// completionVelocity and completionCurve), read by an interaction controller, in process and
/// isolated: 1 and ease-in-out while it drives, its own completion speed and curve once it
/// has finished, in the notify_when_interaction_changes handler.
@Suite("completion_velocity and completion_curve (ABI 1.2)")
struct CompletionVelocityTests {
    static let plugin = """
        #include <stdio.h>
        #include <stdlib.h>
        #include "transition_host.h"
        static const th_host_api *host;
        typedef struct { th_context ctx; } reader;
        static void *create(const th_effect_config *c) { (void)c; return calloc(1, sizeof(reader)); }
        static void destroy(void *self) { free(self); }
        static void say(const char *when, th_context ctx)
        {
            double speed = -1;
            uint32_t curve = 99;
            char line[120];
            int a = host->completion_velocity(ctx, &speed), b = host->completion_curve(ctx, &curve);
            snprintf(line, sizeof line, "%s: %d %d speed %.2f curve %s", when, a, b, speed,
                     curve == TH_CURVE_LINEAR ? "linear" : curve == TH_CURVE_EASE_IN_OUT ? "ease-in-out" : "other");
            host->log(TH_LOG_INFO, line);
        }
        static void changed(void *user, th_context ctx) { (void)user; say("after", ctx); }
        static void start(void *s, th_context ctx)
        {
            reader *self = s;
            self->ctx = ctx;
            say("during", ctx);
            char line[80];
            snprintf(line, sizeof line, "null %d %d", host->completion_velocity(ctx, NULL), host->completion_curve(ctx, NULL));
            host->log(TH_LOG_INFO, line);
            host->notify_when_interaction_changes(ctx, changed, NULL);
        }
        static void gesture(void *s, th_context ctx, const th_gesture_event *event)
        {
            reader *self = s;
            (void)ctx;
            if (event->state == TH_GESTURE_CHANGED) host->update_interactive_transition(self->ctx, event->translation.y / 844);
            if (event->state == TH_GESTURE_ENDED) host->finish_interactive_transition(self->ctx);
        }
        static double speed(void *s) { (void)s; return 2; }
        static uint32_t curve(void *s) { (void)s; return TH_CURVE_LINEAR; }
        static const th_interaction_interface interaction = {
            .struct_size = sizeof interaction, .create = create, .destroy = destroy, .start_interactive_transition = start,
            .gesture = gesture, .completion_speed = speed, .completion_curve = curve };
        static const th_effect_descriptor effect = {
            .struct_size = sizeof effect, .kind = TH_KIND_INTERACTION_CONTROLLER, .id = "pace", .name = "Pace",
            .transitions = TH_TRANSITION_DISMISS, .default_duration = 0.3, .interface = &interaction };
        static bool init(const th_host_api *h) { host = h; return TH_HAS_FIELD(h, th_host_api, completion_curve); }
        static uint32_t count(void) { return 1; }
        static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect : NULL; }
        TH_EXPORT const th_plugin_entry th_entry = {
            sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, "fixture.pace", "Pace", "1.0.0", NULL, init, NULL, count, get, NULL };
        """

    @Test("1 and ease-in-out while it drives; 2 and linear, the controller's own, once it has finished", arguments: [[], ["--isolate"]])
    func readsTheTail(_ extra: [String]) async throws {
        let dir = try TempDir("completion-velocity")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/pace.so", in: dir)
        let result = try await runHost(["run", "diagonal", "--interactive-dismiss", "pace", "--gesture",
                                        "pan(down): 0s 0pt, 0.1s 100pt, release 0pt/s", "--format", "json", "--no-motion-check"] + extra,
                                       pluginFolder: plugins, in: dir)
        #expect(result.status == 0, "\(result)")
        let said = try RunJSON(result).events.map(\.name).filter { $0.hasPrefix("fixture.pace: ") }
        #expect(said == ["fixture.pace: during: 0 0 speed 1.00 curve ease-in-out", "fixture.pace: null -2 -2",
                         "fixture.pace: after: 0 0 speed 2.00 curve linear"], "\(said)")
    }
}
