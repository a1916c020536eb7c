import Foundation
import Testing

/// ABI 1.2's gesture kinds (rotation, long press, tap) as an interaction controller reads them,
/// in process and isolated: each event's kind, state, time, angle and place, exactly.
@Suite("Rotation, long-press and tap gestures for interaction controllers (ABI 1.2)")
struct GestureKindsPluginTests {
    /// Logs every event it gets, updates a rotation's progress (a quarter turn is all of it)
    /// and finishes when any gesture ends.
    static let plugin = """
        #include <stdio.h>
        #include <stdlib.h>
        #include "transition_host.h"
        static const th_host_api *host;
        typedef struct { th_context ctx; } reader;
        static void *create(const th_effect_config *c) { (void)c; return calloc(1, sizeof(reader)); }
        static void destroy(void *self) { free(self); }
        static void start(void *s, th_context ctx) { ((reader *)s)->ctx = ctx; }
        static void gesture(void *s, th_context ctx, const th_gesture_event *event)
        {
            reader *self = s;
            char line[160];
            (void)ctx;
            snprintf(line, sizeof line, "ev %u %u t=%.4f rot=%.4f vel=%.4f loc=%.1f,%.1f size=%u", (unsigned)event->kind,
                     (unsigned)event->state, event->time, event->rotation, event->rotation_velocity, event->location.x,
                     event->location.y, (unsigned)event->struct_size);
            host->log(TH_LOG_INFO, line);
            if (event->kind == TH_GESTURE_ROTATION && event->state == TH_GESTURE_CHANGED)
                host->update_interactive_transition(self->ctx, event->rotation / 1.5707963267948966);
            if (event->state == TH_GESTURE_ENDED) host->finish_interactive_transition(self->ctx);
        }
        static const th_interaction_interface interaction = {
            .struct_size = sizeof interaction, .create = create, .destroy = destroy, .start_interactive_transition = start,
            .gesture = gesture };
        static const th_effect_descriptor effect = {
            .struct_size = sizeof effect, .kind = TH_KIND_INTERACTION_CONTROLLER, .id = "kinds", .name = "Kinds",
            .transitions = TH_TRANSITION_DISMISS, .default_duration = 0.3, .interface = &interaction };
        static bool init(const th_host_api *h) { host = h; return true; }
        static uint32_t count(void) { return 1; }
        static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect : NULL; }
        TH_EXPORT const th_plugin_entry th_entry = {
            sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, "fixture.kinds", "Kinds", "1.0.0", NULL, init, NULL, count, get, NULL };
        """

    static let cases: [(gesture: String, lines: [String])] = [
        // Began, a changed event every frame (at 0.05 s, half way: 22.5°, turning at 450°/s), ended at 180°/s.
        ("rotation: 0s 0deg, 0.1s 45deg, release 180deg/s", [
            "ev 4 1 t=0.0000 rot=0.0000 vel=0.0000 loc=195.0,422.0 size=112",
            "ev 4 2 t=0.0500 rot=0.3927 vel=7.8540 loc=195.0,422.0 size=112",
            "ev 4 3 t=0.1000 rot=0.7854 vel=3.1416 loc=195.0,422.0 size=112",
        ]),
        // Began once held, then where the finger is: 100 pt up by its end.
        ("long-press(up): 0.5s 0pt, 0.6s 100pt, release 0pt/s", [
            "ev 5 1 t=0.5000 rot=0.0000 vel=0.0000 loc=195.0,422.0 size=112",
            "ev 5 3 t=0.6000 rot=0.0000 vel=0.0000 loc=195.0,322.0 size=112",
        ]),
        // One event, recognised.
        ("tap: 0.2s", ["ev 6 3 t=0.2000 rot=0.0000 vel=0.0000 loc=195.0,422.0 size=112"]),
    ]

    @Test("each kind's events as UIKit's recognisers send them, the same both ways", arguments: [[], ["--isolate"]])
    func eventsOfEachKind(_ extra: [String]) async throws {
        let dir = try TempDir("gesture-kinds")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/kinds.so", in: dir)
        for (gesture, lines) in Self.cases {
            let result = try await runHost(["run", "diagonal", "--interactive-dismiss", "kinds", "--gesture", gesture,
                                            "--format", "json", "--no-motion-check"] + extra, pluginFolder: plugins, in: dir)
            #expect(result.status == 0, "\(gesture): \(result)")
            let said = try RunJSON(result).events.map(\.name).filter { $0.contains(": ev ") }
            for line in lines {
                #expect(said.contains("fixture.kinds: " + line), "\(gesture): \(line) not in \(said)")
            }
            // A tap is one event; the others begin once and end once.
            #expect(said.filter { $0.contains(" 3 t=") }.count == 1 && said.filter { $0.contains(" 1 t=") }.count == (gesture.hasPrefix("tap") ? 0 : 1),
                    "\(gesture): \(said)")
        }
    }
}
