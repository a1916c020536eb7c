/// The C of a fixture plugin for a test of host functions: one animator, "fixture.ID:ID", for
/// present and dismiss, whose transitions take 0.3 s on a linear curve, in a plugin whose init
/// refuses a host without the function `needs`. A test writes only what differs:
///
/// - `defines` and `helpers`: C before the struct, and functions after it (they may use `fx`);
/// - `fields`: more of the animator's state `fx`, beside `incoming`, `ctx`, `from` and `to`;
/// - `animations` and `completion`: the bodies of the animation's blocks, `self` the state (a
///   completion ends with complete_transition(self->ctx, true), written here);
/// - `animate`: what animate_transition does once `self->from`, `self->to`, `container`, `vc`
///   and `final` (the to view controller's final frame) are known, before the animation starts;
/// - `timing`: what sets the animation's `options` (0.3 s, linear, unless given).
enum AnimatorFixture {
    static func source(id: String, needs: String, defines: String = "", fields: String = "", helpers: String = "",
                       animations: String, completion: String, animate: String,
                       timing: String = "options.duration = 0.3;\n    options.curve = TH_CURVE_LINEAR;") -> String {
        """
        #include <math.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include "transition_host.h"
        \(defines)
        static const th_host_api *host;
        typedef struct { bool incoming; th_context ctx; th_view from, to; \(fields) } fx;
        static void *create(const th_effect_config *c)
        {
            fx *self = calloc(1, sizeof(fx));
            if (self != NULL) self->incoming = (c->transition & TH_TRANSITION_PRESENT) != 0;
            return self;
        }
        static void destroy(void *self) { free(self); }
        static double duration(void *s, th_context ctx) { (void)s; (void)ctx; return 0.3; }
        \(helpers)
        static void animations(void *s)
        {
            fx *self = s;
            (void)self;
            \(animations)
        }
        static void completion(void *s, bool finished)
        {
            fx *self = s;
            (void)finished;
            \(completion)
            host->complete_transition(self->ctx, true);
        }
        static void animate(void *s, th_context ctx)
        {
            fx *self = s;
            th_view container;
            th_view_controller vc;
            th_rect final = { { 0, 0 }, { 0, 0 } };
            th_animation_options options = { 0 };
            self->ctx = ctx;
            host->container_view(ctx, &container);
            host->view(ctx, TH_FROM, &self->from);
            host->view(ctx, TH_TO, &self->to);
            if (host->view_controller(ctx, TH_TO, &vc) == TH_OK) host->final_frame(ctx, vc, &final);
            \(animate)
            options.struct_size = sizeof options;
            \(timing)
            host->animate(&options, animations, completion, self);
        }
        static const th_animator_interface animator = {
            .struct_size = sizeof animator, .create = create, .destroy = destroy, .transition_duration = duration,
            .animate_transition = animate };
        static const th_effect_descriptor effect = {
            .struct_size = sizeof effect, .kind = TH_KIND_ANIMATOR, .id = "\(id)", .name = "\(id)",
            .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS, .default_duration = 0.3, .interface = &animator };
        static bool init(const th_host_api *h) { host = h; return TH_HAS_FIELD(h, th_host_api, \(needs)); }
        static uint32_t count(void) { return 1; }
        static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect : NULL; }
        TH_EXPORT const th_plugin_entry th_entry = {
            sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, "fixture.\(id)", "\(id)", "1.0.0", NULL, init, NULL, count, get, NULL };
        """
    }

    /// The usual fixture: the present adds the detail at its final frame and fades it in, the
    /// dismissal fades it out and takes it away. `onPresent` runs once the detail is in place
    /// (before its alpha goes to 0), `onPresentEnd` in the present's completion.
    static func fadingIn(id: String, needs: String, defines: String = "", helpers: String = "", onPresent: String,
                         onPresentEnd: String = "",
                         timing: String = "options.duration = 0.3;\n    options.curve = TH_CURVE_LINEAR;") -> String {
        source(
            id: id, needs: needs, defines: defines, helpers: helpers,
            animations: "host->set_alpha(self->incoming ? self->to : self->from, self->incoming ? 1 : 0);",
            completion: """
                if (self->incoming) {
                    \(onPresentEnd)
                } else {
                    host->remove_from_superview(self->from);
                }
                """,
            animate: """
                \(AnimatorFixture.putBackPresenter)
                if (self->incoming) {
                    host->add_subview(container, self->to);
                    host->set_frame(self->to, final);
                    \(onPresent)
                    host->set_alpha(self->to, 0);
                }
                """,
            timing: timing)
    }

    /// The fixture of the option tests (cubic timing, repeats): the present adds the detail,
    /// calls the helpers' `check()` and fades it in; the dismissal moves it to `movedTo` (a C
    /// th_rect initialiser) and takes it away. `timing` sets each transition's options.
    static func fadingInMovingOut(id: String, needs: String, helpers: String, movedTo: String, timing: String) -> String {
        source(
            id: id, needs: needs, helpers: helpers,
            animations: """
                if (self->incoming) {
                    host->set_alpha(self->to, 1);
                } else {
                    th_rect moved = \(movedTo);
                    host->set_frame(self->from, moved);
                }
                """,
            completion: "if (!self->incoming) host->remove_from_superview(self->from);",
            animate: """
                \(AnimatorFixture.putBackPresenter)
                if (self->incoming) {
                    check();
                    host->add_subview(container, self->to);
                    host->set_frame(self->to, final);
                    host->set_alpha(self->to, 0);
                }
                """,
            timing: timing)
    }

    /// The start of a dismissal: the presenter's view put back under the detail, when it had
    /// left the container (a full-screen presentation takes it out).
    static let putBackPresenter = """
        if (!self->incoming) {
            th_view parent = { 0 };
            host->superview(self->to, &parent);
            if (parent.id != container.id) host->insert_subview_below(container, self->to, self->from);
        }
        """
}

extension AnimatorFixture {
    /// `source` compiled as plugins/ID.so and run as `host run ID` with `extra` (`--isolate` or
    /// nothing), without the motion check: once as text (the statuses a fixture logs), once as
    /// JSON (its frames).
    static func runTwice(_ source: String, id: String, label: String, _ extra: [String]) async throws -> (text: ProgramResult, run: RunJSON) {
        let dir = try TempDir(label)
        let plugins = try dir.folder("plugins")
        try await compileC(source, to: "plugins/\(id).so", in: dir, flags: ["-shared", "-fPIC", "-lm"])
        let text = try await runHost(["run", id, "--no-motion-check"] + extra, pluginFolder: plugins, in: dir)
        let json = try await runHost(["run", id, "--no-motion-check", "--format", "json"] + extra, pluginFolder: plugins, in: dir)
        return (text, try RunJSON(json))
    }
}
