import Foundation
import Testing

import LibC
@_exported import TestSupport  // every file of this target uses its fixtures

// Fixture code of the PluginHost tests (TestSupport has what other targets share): a C
// template for a minimal valid plugin whose every field a test can turn into a specific
// mistake.

/// Runs a program found on PATH and returns its exit status and what it printed (standard
/// output, then standard error).
func runProgram(_ arguments: [String], outputIn dir: TempDir) async throws -> (status: Int32, output: String) {
    let result = try await runProgram("/usr/bin/env", arguments, outputIn: dir)
    return (result.status, result.out + result.err)
}

/// Compiles a fixture plugin made from `template`.
@discardableResult
func compilePlugin(_ template: PluginTemplate, to name: String, in dir: TempDir) async throws -> String {
    try await compileC(template.render(), to: name, in: dir)
}

// MARK: - The plugin template

/// A C plugin with one animator effect that works (it slides the presented view in from the
/// right and the dismissed view out to the right), every field of which a test can change.
/// Text fields are C expressions, inserted as they are.
///
/// For the handle tests, the animator keeps the handles it was given and the statuses of some
/// deliberately wrong calls it makes during the presentation; the exported functions
/// `fixture_handles` and `fixture_probes` hand them to the test (found with dlsym).
struct PluginTemplate: Sendable {
    enum Entry: Sendable {
        /// `TH_EXPORT const th_plugin_entry th_entry` (the preferred form).
        case dataSymbol
        /// `const th_plugin_entry *th_get_entry(void)`.
        case function
        /// A function *named* th_entry, which calls abort(): the host must never call it.
        case functionNamedLikeTheDataSymbol
        /// Neither symbol.
        case none
    }

    struct Parameter: Sendable {
        var id = "amount"
        var type = "TH_PARAM_DOUBLE"
        var min = "0.0"
        var max = "1.0"
        var defaultValue = "0.5"
        var choices: [String] = []
    }

    struct Effect: Sendable {
        /// A C expression: a string literal or NULL.
        var id = "\"fx\""
        var kind = "TH_KIND_ANIMATOR"
        var transitions = "TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS"
        var defaultDuration = "0.25"
        var parameters: [Parameter] = []
    }

    var pluginID = "\"fixture.good\""
    var abiMajor = "TH_ABI_MAJOR"
    var entrySize = "sizeof(th_plugin_entry)"
    var entry = Entry.dataSymbol
    var effects = [Effect()]
    /// What effect_count() returns; nil for the number of effects.
    var effectCount: String?
    /// C statements run first in init.
    var initBody = ""
    var initResult = "true"
    /// C code placed after the includes: constructors, extern declarations, ...
    var prelude = ""

    /// A C string literal.
    static func literal(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    func render() -> String {
        var parameterTables = ""
        var descriptors: [String] = []
        for (e, effect) in effects.enumerated() {
            var rows: [String] = []
            for (p, parameter) in effect.parameters.enumerated() {
                var choices = "NULL"
                if !parameter.choices.isEmpty {
                    choices = "fx_e\(e)_p\(p)_choices"
                    parameterTables += "static const char *const \(choices)[] = { \(parameter.choices.map(Self.literal).joined(separator: ", ")) };\n"
                }
                rows.append("""
                        { .struct_size = sizeof(th_param_descriptor), .type = \(parameter.type), \
                    .id = \(Self.literal(parameter.id)), .name = "Parameter", .unit = NULL, \
                    .min_value = \(parameter.min), .max_value = \(parameter.max), .default_value = \(parameter.defaultValue), \
                    .choice_count = \(parameter.choices.count), .choices = \(choices) },
                    """)
            }
            var params = "NULL"
            if !rows.isEmpty {
                params = "fx_e\(e)_params"
                parameterTables += "static const th_param_descriptor \(params)[] = {\n\(rows.joined(separator: "\n"))\n};\n"
            }
            descriptors.append("""
                    { .struct_size = sizeof(th_effect_descriptor), .kind = \(effect.kind), .id = \(effect.id), \
                .name = "Fixture effect", .description = NULL, .transitions = \(effect.transitions), \
                .param_count = \(effect.parameters.count), .params = \(params), \
                .default_duration = \(effect.defaultDuration), .interface = &fx_animator },
                """)
        }

        let entryFields = """
                .struct_size = \(entrySize),
                .abi_major = \(abiMajor),
                .abi_minor = TH_ABI_MINOR,
                .id = \(pluginID),
                .name = "Fixture plugin",
                .version = "1.0.0",
                .vendor = NULL,
                .init = fx_init,
                .deinit = NULL,
                .effect_count = fx_effect_count,
                .get_effect = fx_get_effect,
                .get_extension = NULL,
            """
        let entryCode: String
        switch entry {
        case .dataSymbol:
            entryCode = "TH_EXPORT const th_plugin_entry th_entry = {\n\(entryFields)\n};"
        case .function:
            entryCode = """
                static const th_plugin_entry fx_entry = {
                \(entryFields)
                };
                TH_EXPORT const th_plugin_entry *th_get_entry(void) { return &fx_entry; }
                """
        case .functionNamedLikeTheDataSymbol:
            entryCode = """
                static const th_plugin_entry fx_entry = {
                \(entryFields)
                };
                const th_plugin_entry *fx_unused_entry(void) { return &fx_entry; }
                /* Calling this "entry" would take the process down with it. */
                TH_EXPORT void th_entry(void) { abort(); }
                """
        case .none:
            entryCode = """
                static const th_plugin_entry fx_entry = {
                \(entryFields)
                };
                const th_plugin_entry *fx_unused_entry(void) { return &fx_entry; }
                """
        }

        return """
            #include <math.h>
            #include <stdint.h>
            #include <stdio.h>
            #include <stdlib.h>

            #include "transition_host.h"

            static const th_host_api *host;

            \(prelude)

            /* What the tests read back through dlsym. */
            static th_context fx_ctx;
            static th_view fx_container, fx_from, fx_to;
            static int32_t fx_probes[8];
            static int fx_probed;

            TH_EXPORT void fixture_handles(uint64_t out[4])
            {
                out[0] = fx_ctx.id;
                out[1] = fx_container.id;
                out[2] = fx_from.id;
                out[3] = fx_to.id;
            }

            TH_EXPORT int fixture_probes(int32_t out[8])
            {
                int i;
                for (i = 0; i < 8; i++) out[i] = fx_probes[i];
                return fx_probed;
            }

            typedef struct fx {
                bool incoming;
                th_context ctx;
                th_view from, to;
                th_rect target;
            } fx;

            static void *fx_create(const th_effect_config *config)
            {
                fx *self;
                if (config == NULL) return NULL;
                self = calloc(1, sizeof *self);
                if (self != NULL) self->incoming = config->transition == TH_TRANSITION_PRESENT;
                return self;
            }

            static void fx_destroy(void *self) { free(self); }

            static double fx_duration(void *self, th_context ctx)
            {
                (void)self;
                (void)ctx;
                return 0.25;
            }

            static void fx_animations(void *opaque)
            {
                fx *self = opaque;
                th_view moving = self->incoming ? self->to : self->from;
                if (moving.id != 0) host->set_frame(moving, self->target);
            }

            static void fx_completion(void *opaque, bool finished)
            {
                fx *self = opaque;
                th_context ctx = self->ctx;
                (void)finished;
                if (!self->incoming && self->from.id != 0) host->remove_from_superview(self->from);
                host->complete_transition(ctx, true);
            }

            /* Wrong calls made with a live context; each status is kept for the test. */
            static void fx_probe(fx *self, th_view container)
            {
                th_view view;
                th_rect rect;
                th_context view_as_context = { container.id };
                th_view context_as_view = { self->ctx.id };
                fx_probes[0] = host->container_view(self->ctx, NULL);
                fx_probes[1] = host->view(self->ctx, 7, &view);
                fx_probes[2] = host->transition_duration(self->ctx, NULL);
                fx_probes[3] = host->container_view(view_as_context, &view);
                fx_probes[4] = host->set_alpha(container, NAN);
                fx_probes[5] = host->animate(NULL, fx_animations, NULL, self);
                fx_probes[6] = host->get_frame(context_as_view, &rect);
                view.id = 0;
                fx_probes[7] = host->container_view(self->ctx, &view);
                if (fx_probes[7] == TH_OK && view.id != container.id) fx_probes[7] = 1000;
                fx_probed = 1;
            }

            static void fx_animate(void *opaque, th_context ctx)
            {
                fx *self = opaque;
                th_view container = { 0 };
                th_rect bounds = { { 0, 0 }, { 0, 0 } };
                th_view_controller vc;
                th_animation_options options = { 0 };

                self->ctx = ctx;
                host->container_view(ctx, &container);
                host->view(ctx, TH_FROM, &self->from);
                host->view(ctx, TH_TO, &self->to);
                host->get_bounds(container, &bounds);
                fx_ctx = ctx;
                fx_container = container;
                fx_from = self->from;
                fx_to = self->to;
                if (self->incoming) {
                    th_rect start;
                    if (!fx_probed) fx_probe(self, container);
                    host->view_controller(ctx, TH_TO, &vc);
                    host->final_frame(ctx, vc, &self->target);
                    start = self->target;
                    start.origin.x = bounds.size.width;
                    host->add_subview(container, self->to);
                    host->set_frame(self->to, start);
                } else {
                    host->get_frame(self->from, &self->target);
                    self->target.origin.x = bounds.size.width;
                    if (self->to.id != 0) host->insert_subview_below(container, self->to, self->from);
                }
                options.struct_size = sizeof options;
                options.timing = TH_TIMING_CURVE;
                options.duration = fx_duration(self, ctx);
                options.curve = TH_CURVE_LINEAR;
                if (host->animate(&options, fx_animations, fx_completion, self) != TH_OK) {
                    host->complete_transition(ctx, false);
                }
            }

            static const th_animator_interface fx_animator = {
                .struct_size = sizeof(th_animator_interface),
                .create = fx_create,
                .destroy = fx_destroy,
                .transition_duration = fx_duration,
                .animate_transition = fx_animate,
                .animation_ended = NULL,
            };

            \(parameterTables)
            static const th_effect_descriptor fx_effects[] = {
            \(descriptors.joined(separator: "\n"))
            };

            #define FX_EFFECTS ((uint32_t)(sizeof fx_effects / sizeof fx_effects[0]))

            static bool fx_init(const th_host_api *api)
            {
                \(initBody)
                host = api;
                return \(initResult);
            }

            static uint32_t fx_effect_count(void) { return \(effectCount ?? "FX_EFFECTS"); }

            static const th_effect_descriptor *fx_get_effect(uint32_t index)
            {
                return index < FX_EFFECTS ? &fx_effects[index] : NULL;
            }

            \(entryCode)

            """
    }
}
