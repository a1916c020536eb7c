import Foundation
import Testing

/// TH_EFFECT_NON_INTERACTIVE_START (ABI 1.2; wantsInteractiveStart = false): a controller that
/// declares it lets the transition start animating, and its gesture grabs it when it begins,
/// as `--grab-at` would at that time; one that does not holds the transition at 0 from the
/// start. In process and isolated.
@Suite("wantsInteractiveStart = false: a gesture grabs the running transition when it begins (ABI 1.2)")
struct NonInteractiveStartTests {
    /// A pinch controller (progress 1 − scale, finish when closing), declaring `flags`.
    static func plugin(flags: String) -> String {
        """
        #include <stdlib.h>
        #include "transition_host.h"
        static const th_host_api *host;
        typedef struct { th_context ctx; } pinch;
        static void *create(const th_effect_config *c) { (void)c; return calloc(1, sizeof(pinch)); }
        static void destroy(void *self) { free(self); }
        static void start(void *s, th_context ctx) { ((pinch *)s)->ctx = ctx; }
        static void gesture(void *s, th_context ctx, const th_gesture_event *event)
        {
            pinch *self = s;
            (void)ctx;
            if (event->kind != TH_GESTURE_PINCH) return;
            if (event->state == TH_GESTURE_CHANGED) host->update_interactive_transition(self->ctx, 1 - event->scale);
            if (event->state == TH_GESTURE_ENDED) {
                if (event->scale_velocity < 0) host->finish_interactive_transition(self->ctx);
                else host->cancel_interactive_transition(self->ctx);
            }
        }
        static const th_interaction_interface interaction = {
            .struct_size = sizeof interaction, .create = create, .destroy = destroy, .start_interactive_transition = start,
            .gesture = gesture };
        static const th_effect_descriptor effect = {
            .struct_size = sizeof effect, .kind = TH_KIND_INTERACTION_CONTROLLER, .id = "grabber", .name = "Grabber",
            .transitions = TH_TRANSITION_DISMISS, .default_duration = 0.3, .interface = &interaction, .flags = \(flags) };
        static bool init(const th_host_api *h) { host = h; return true; }
        static uint32_t count(void) { return 1; }
        static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect : NULL; }
        TH_EXPORT const th_plugin_entry th_entry = {
            sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, "fixture.grabber", "Grabber", "1.0.0", NULL, init, NULL, count, get, NULL };
        """
    }

    static func run(flags: String, _ extra: [String], _ label: String) async throws -> (ProgramResult, RunJSON, [String]) {
        let dir = try TempDir(label)
        let plugins = try dir.folder("plugins")
        try await compileC(Self.plugin(flags: flags), to: "plugins/grabber.so", in: dir)
        let result = try await runHost(["run", "interruptible", "--interactive-dismiss", "grabber", "--gesture",
                                        "pinch: 0.2s 1, 0.3s 0.8, release -1.5/s", "--format", "json", "--no-motion-check"] + extra,
                                       pluginFolder: plugins, in: dir)
        let report = try RunJSON(result)
        return (result, report, Array(report.events.map(\.name).drop { $0 != "delegate.animationControllerForDismissed" }))
    }

    @Test("declared: the dismissal animates for 0.2 s, is grabbed a third of the way, and the pinch finishes it from there",
          arguments: [[], ["--isolate", "--isolate-timeout", "30"]])
    func grabsWhenTheGestureBegins(_ extra: [String]) async throws {
        let (result, report, names) = try await Self.run(flags: "TH_EFFECT_NON_INTERACTIVE_START", extra, "non-interactive-start")
        #expect(result.status == 0 && report.clean, "\(result)")
        #expect(report.outcomes.last?.completed == true, "\(report.outcomes)")
        // As --grab-at 0.2 with the pinch from 0 s: grabbed at 0.2 / 0.6, the 0.2 of the pinch on top.
        let order = ["propertyAnimator.start(at: 0)", "propertyAnimator.pause(at: 0.333)", "interruptibleAnimator.grabbed(at: 0.333)",
                     "fixture.grabber:grabber.startInteractiveTransition",
                     "gesture.began(scale: 1, velocity: 0/s)", "interaction.update(0.2)", "gesture.ended(scale: 0.8, velocity: -1.5/s)",
                     "interaction.finish(at: 0.533)", "propertyAnimator.completed(at: end)", "context.completeTransition(true)"]
        #expect(names.filter { order.contains($0) } == order, "\(names)")
        #expect(!names.contains("interactionController.startInteractiveTransition"), "it did not start held: \(names)")
    }

    @Test("not declared: the dismissal starts held at 0 and waits for the pinch, as in ABI 1.1", arguments: [[], ["--isolate"]])
    func startsHeldWithoutTheFlag(_ extra: [String]) async throws {
        let (result, report, names) = try await Self.run(flags: "0", extra, "interactive-start")
        #expect(result.status == 0 && report.clean, "\(result)")
        #expect(!names.contains { $0.hasPrefix("interruptibleAnimator.grabbed") }, "\(names)")
        #expect(names.contains("interaction.finish(at: 0.2)"), "\(names)")
    }
}
