import Foundation

/// A minimal C plugin (one animator that moves the views to their end state at once) whose
/// every part a hostile-input case can replace with a mistake or an attack. Text fields are
/// C expressions, inserted as they are.
struct HostilePlugin: Sendable {
    var id = "hostile.good"
    var effectID = "fx"
    /// C code after the includes.
    var prelude = ""
    /// Statements run first in init.
    var initBody = ""
    /// Statements run in deinit (a deinit is exported only when set).
    var deinitBody: String?
    var pluginName = "\"Hostile fixture\""
    var effectName = "\"Effect\""
    var effectCount = "1u"
    var paramCount = "0u"
    /// When set, the entry is the function th_get_entry with this body, not the data symbol.
    var getEntryBody: String?
    /// A file the library's constructor appends "ID PID PARENT-PID" to each time it is loaded:
    /// it tells which process loaded it (a scanner's parent is the host; the host's parent is
    /// the test).
    var marker: String?

    static func literal(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    func render() -> String {
        let constructor = marker.map { path in
            """
            __attribute__((constructor)) static void hp_mark(void)
            {
                FILE *f = fopen(\(Self.literal(path)), "a");
                if (f != NULL) { fprintf(f, "%s %d %d\\n", \(Self.literal(id)), (int)getpid(), (int)getppid()); fclose(f); }
            }
            """
        } ?? ""
        let deinitCode = deinitBody.map { "static void hp_deinit(void) { \($0) }" } ?? ""
        let entryFields = """
            sizeof(th_plugin_entry), TH_ABI_MAJOR, TH_ABI_MINOR, \(Self.literal(id)), \(pluginName), "1.0.0", NULL,
                hp_init, \(deinitBody == nil ? "NULL" : "hp_deinit"), hp_count, hp_get, NULL
            """
        let entry = getEntryBody.map { body in
            """
            static const th_plugin_entry hp_entry = { \(entryFields) };
            const th_plugin_entry *hp_unused(void) { return &hp_entry; }
            TH_EXPORT const th_plugin_entry *th_get_entry(void) { \(body) }
            """
        } ?? "TH_EXPORT const th_plugin_entry th_entry = { \(entryFields) };"

        return """
            #define _POSIX_C_SOURCE 200809L
            #include <stdio.h>
            #include <stdlib.h>
            #include <string.h>
            #include <unistd.h>

            #include "transition_host.h"

            static const th_host_api *host;

            \(prelude)
            \(constructor)

            static void *hp_create(const th_effect_config *config)
            {
                int *presenting = calloc(1, sizeof *presenting);
                if (presenting != NULL) *presenting = config->transition == TH_TRANSITION_PRESENT;
                return presenting;
            }

            static void hp_destroy(void *self) { free(self); }

            /* It completes at once, a cut: and says so, so the motion check leaves it alone. */
            static double hp_duration(void *self, th_context ctx) { (void)self; (void)ctx; return 0; }

            static void hp_animate(void *self, th_context ctx)
            {
                th_view container, view, back;
                th_view_controller to;
                th_rect final;
                host->container_view(ctx, &container);
                if (*(int *)self) {
                    host->view(ctx, TH_TO, &view);
                    host->view_controller(ctx, TH_TO, &to);
                    host->final_frame(ctx, to, &final);
                    host->add_subview(container, view);
                    host->set_frame(view, final);
                } else {
                    host->view(ctx, TH_FROM, &view);
                    host->view(ctx, TH_TO, &back);
                    if (back.id != 0) host->insert_subview_below(container, back, view);
                    host->remove_from_superview(view);
                }
                host->complete_transition(ctx, true);
            }

            static const th_animator_interface hp_animator = {
                sizeof(th_animator_interface), hp_create, hp_destroy, hp_duration, hp_animate, NULL };

            static const th_effect_descriptor hp_effect = {
                sizeof(th_effect_descriptor), TH_KIND_ANIMATOR, \(Self.literal(effectID)), \(effectName), NULL,
                TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS, \(paramCount), NULL, 0.25, &hp_animator };

            static bool hp_init(const th_host_api *api)
            {
                \(initBody)
                host = api;
                return true;
            }

            \(deinitCode)

            static uint32_t hp_count(void) { return \(effectCount); }

            static const th_effect_descriptor *hp_get(uint32_t index) { return index == 0 ? &hp_effect : NULL; }

            \(entry)

            """
    }
}
