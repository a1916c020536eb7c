import Foundation
import Testing

/// What the header promises of an interaction controller's end, in process and isolated:
/// notify_when_interaction_changes runs its handler once, when the interaction finishes and
/// before the tail; pause holds; the tail lasts the remaining share of the duration divided
/// by completion_speed; an unknown completion_curve is reported and ease-in-out is used.
@Suite("An interaction controller's end: notify, pause, completion speed and curve (ABI 1.1)")
struct InteractionTailTests {
    static let plugin = """
        #include <stdio.h>
        #include <stdlib.h>
        #include "transition_host.h"
        static const th_host_api *host;
        typedef struct { th_context ctx; int notified; } tail;
        static void *create(const th_effect_config *c) { (void)c; return calloc(1, sizeof(tail)); }
        static void destroy(void *self) { free(self); }
        static void changed(void *user, th_context ctx)
        {
            tail *self = user;
            bool cancelled = true;
            char line[120];
            host->transition_was_cancelled(ctx, &cancelled);
            snprintf(line, sizeof line, "tail: interaction changed (%d), cancelled %d", ++self->notified, (int)cancelled);
            host->log(TH_LOG_INFO, line);
        }
        static void start(void *s, th_context ctx)
        {
            tail *self = s;
            self->ctx = ctx;
            if (host->notify_when_interaction_changes(ctx, changed, self) != TH_OK) host->log(TH_LOG_ERROR, "tail: notify refused");
        }
        static void gesture(void *s, th_context ctx, const th_gesture_event *event)
        {
            tail *self = s;
            char line[80];
            (void)ctx;
            if (event->state == TH_GESTURE_CHANGED) host->update_interactive_transition(self->ctx, 0.5);
            if (event->state == TH_GESTURE_ENDED) {
                int paused = (int)host->pause_interactive_transition(self->ctx);
                int finished = (int)host->finish_interactive_transition(self->ctx);
                snprintf(line, sizeof line, "tail: pause %d, finish %d", paused, finished);
                host->log(TH_LOG_INFO, line);
            }
        }
        static double speed(void *s) { (void)s; return 2.0; }
        static uint32_t curve(void *s) { (void)s; return 99; }
        static const th_interaction_interface interaction = {
            .struct_size = sizeof interaction, .create = create, .destroy = destroy, .start_interactive_transition = start,
            .gesture = gesture, .completion_speed = speed, .completion_curve = curve };
        static const th_effect_descriptor effect = {
            sizeof effect, TH_KIND_INTERACTION_CONTROLLER, "tail", "Tail", NULL, TH_TRANSITION_DISMISS, 0, NULL, 0.3, &interaction };
        static bool init(const th_host_api *h) { host = h; return true; }
        static uint32_t count(void) { return 1; }
        static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect : NULL; }
        TH_EXPORT const th_plugin_entry th_entry = {
            sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, "fixture.tail", "Tail", "1.0.0", NULL, init, NULL, count, get, NULL };
        """

    @Test("the handler runs once, at the finish, before the tail; pause answers OK; the tail takes half the remaining time; curve 99 is reported",
          arguments: [[], ["--isolate"]])
    func tail(_ extra: [String]) async throws {
        let dir = try TempDir("interaction-tail")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin, to: "plugins/tail.so", in: dir)
        // The fixture's controller jumps straight to half way, a pop on purpose: not judged here.
        let result = try await runHost(["run", "diagonal", "--interactive-dismiss", "tail", "--gesture",
                                        "pan(down): 0s 0pt, 0.1s 100pt, release 0pt/s", "--format", "json", "--no-motion-check"] + extra,
                                       pluginFolder: plugins, in: dir)
        #expect(result.status == 0, "\(result)")
        let report = try RunJSON(result)
        let names = report.events.map(\.name)
        let finish = try #require(names.firstIndex { $0.hasPrefix("interaction.finish(at: 0.5)") }, "\(names)")
        let notified = names.indices.filter { names[$0].contains("tail: interaction changed") }
        #expect(notified.count == 1 && names[notified[0]].hasSuffix("(1), cancelled 0"), "\(names)")
        #expect(notified.first.map { $0 > finish } == true, "after the finish: \(names)")
        #expect(names.contains("fixture.tail: tail: pause 0, finish 0"), "\(names)")
        #expect(names.contains { $0.contains("completion_curve returned 99") }, "\(names)")
        // Released at 0.1 s into the dismissal at 50% of 0.5 s: the tail is 0.25 s / 2.
        let dismissal = try #require(report.outcomes.last)
        #expect(dismissal.completed && abs(dismissal.end - dismissal.start - (0.1 + 0.125)) < 0.02, "\(dismissal)")
    }

    @Test("with completion_speed and completion_curve left NULL, UIKit's defaults: the tail at its own pace, ease-in-out, nothing reported",
          arguments: [[], ["--isolate"]])
    func nullTail(_ extra: [String]) async throws {
        let dir = try TempDir("interaction-null-tail")
        let plugins = try dir.folder("plugins")
        let source = Self.plugin.replacingOccurrences(of: ", .completion_speed = speed, .completion_curve = curve", with: "")
            .replacingOccurrences(of: "static double speed(void *s) { (void)s; return 2.0; }", with: "")
            .replacingOccurrences(of: "static uint32_t curve(void *s) { (void)s; return 99; }", with: "")
        #expect(source != Self.plugin)
        try await compileC(source, to: "plugins/tail.so", in: dir)
        let result = try await runHost(["run", "diagonal", "--interactive-dismiss", "tail", "--gesture",
                                        "pan(down): 0s 0pt, 0.1s 100pt, release 0pt/s", "--format", "json", "--no-motion-check"] + extra,
                                       pluginFolder: plugins, in: dir)
        #expect(result.status == 0, "\(result)")
        let report = try RunJSON(result)
        #expect(!report.events.contains { $0.name.contains("completion_curve") }, "\(report.events.map(\.name))")
        // Released at 0.1 s at 50% of 0.5 s: the tail is the remaining 0.25 s, at speed 1.
        let dismissal = try #require(report.outcomes.last)
        #expect(dismissal.completed && abs(dismissal.end - dismissal.start - (0.1 + 0.25)) < 0.02, "\(dismissal)")
    }
}
