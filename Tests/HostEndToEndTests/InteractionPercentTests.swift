import Foundation
import Testing

/// ABI 1.2's percent_complete, as an interaction controller reads it, in process and isolated:
/// 0 before the first update, then exactly what the last update_interactive_transition set,
/// clamped to [0, 1] as the update is.
@Suite("percent_complete: where an interactive transition is (ABI 1.2)")
struct InteractionPercentTests {
    static let plugin = """
        #include <stdio.h>
        #include <stdlib.h>
        #include "transition_host.h"
        static const th_host_api *host;
        typedef struct { th_context ctx; int events; } reader;
        static void *create(const th_effect_config *c) { (void)c; return calloc(1, sizeof(reader)); }
        static void destroy(void *self) { free(self); }
        static void say(const char *what, th_context ctx)
        {
            double percent = -1;
            char line[80];
            th_status status = host->percent_complete(ctx, &percent);
            snprintf(line, sizeof line, "percent %s: %d %.4f", what, (int)status, percent);
            host->log(TH_LOG_INFO, line);
        }
        static void start(void *s, th_context ctx)
        {
            reader *self = s;
            self->ctx = ctx;
            say("at start", ctx);
        }
        static void gesture(void *s, th_context ctx, const th_gesture_event *event)
        {
            reader *self = s;
            (void)ctx;
            if (event->state == TH_GESTURE_CHANGED) {
                /* 0.2, 0.4, then past the end: the host clamps it, and says so. */
                double next = ++self->events == 1 ? 0.2 : self->events == 2 ? 0.4 : 1.7;
                host->update_interactive_transition(self->ctx, next);
                if (self->events <= 3) say("after update", self->ctx);
            }
            if (event->state == TH_GESTURE_ENDED) host->finish_interactive_transition(self->ctx);
        }
        static const th_interaction_interface interaction = {
            .struct_size = sizeof interaction, .create = create, .destroy = destroy, .start_interactive_transition = start,
            .gesture = gesture };
        static const th_effect_descriptor effect = {
            .struct_size = sizeof effect, .kind = TH_KIND_INTERACTION_CONTROLLER, .id = "reader", .name = "Reader",
            .transitions = TH_TRANSITION_DISMISS, .default_duration = 0.3, .interface = &interaction };
        static bool init(const th_host_api *h)
        {
            host = h;
            return TH_HAS_FIELD(h, th_host_api, percent_complete);
        }
        static uint32_t count(void) { return 1; }
        static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect : NULL; }
        TH_EXPORT const th_plugin_entry th_entry = {
            sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, "fixture.reader", "Reader", "1.0.0", NULL, init, NULL, count, get, NULL };
        """

    @Test("0 at the start, then each update's value read back exactly, 1 for an update past the end", arguments: [[], ["--isolate"]])
    func readsBack(_ extra: [String]) async throws {
        let dir = try TempDir("interaction-percent")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/reader.so", in: dir)
        let result = try await runHost(["run", "diagonal", "--interactive-dismiss", "reader", "--gesture",
                                        "pan(down): 0s 0pt, 0.1s 100pt, release 0pt/s", "--format", "json", "--no-motion-check"] + extra,
                                       pluginFolder: plugins, in: dir)
        #expect(result.status == 0, "\(result)")
        let said = try RunJSON(result).events.map(\.name).filter { $0.contains("percent ") }
        #expect(said == ["fixture.reader: percent at start: 0 0.0000", "fixture.reader: percent after update: 0 0.2000",
                         "fixture.reader: percent after update: 0 0.4000", "fixture.reader: percent after update: 0 1.0000"],
                "\(said)")
    }
}
