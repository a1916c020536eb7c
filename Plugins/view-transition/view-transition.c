/*
 * View transition: one screen replaces the other with one of UIKit's built-in view
 * transitions (UIView.transition(from:to:duration:options:), .transitionFlipFromLeft and the
 * rest), played by the host through TH_EXT_HOST_VIEW_TRANSITIONS. The effect only chooses
 * the style and places the screens; the host draws the flip or the dissolve, and the
 * interaction and a cancel follow it because it is one animation. Going back (dismiss, pop)
 * mirrors the style, so a screen that flipped in from the right flips back out from the left.
 *
 * The host's transition works inside one superview, the container here. A screen outside it
 * (the presenting screen, which stays in the window under a modal presentation) takes part
 * as a snapshot in the container, and is hidden meanwhile so that it does not show through
 * the turn; the snapshot goes and the screen shows again at the end.
 *
 * Parameter `style`: cross-dissolve, flip-from-left, flip-from-right, flip-from-top,
 * flip-from-bottom. It needs the ABI 1.1 extension, so it refuses a host without it in init.
 */
#include <stdlib.h>

#include "bundled_plugin.h"

#define DURATION 0.5

static const th_host_view_transitions *view_transitions;

static const char *const style_choices[] = {
    "cross-dissolve", "flip-from-left", "flip-from-right", "flip-from-top", "flip-from-bottom",
};
/* The TH_VIEW_TRANSITION_* value of each choice, and of its mirror for going back. */
static const uint32_t styles[] = {
    TH_VIEW_TRANSITION_CROSS_DISSOLVE, TH_VIEW_TRANSITION_FLIP_FROM_LEFT, TH_VIEW_TRANSITION_FLIP_FROM_RIGHT,
    TH_VIEW_TRANSITION_FLIP_FROM_TOP, TH_VIEW_TRANSITION_FLIP_FROM_BOTTOM,
};
static const uint32_t mirrored[] = {
    TH_VIEW_TRANSITION_CROSS_DISSOLVE, TH_VIEW_TRANSITION_FLIP_FROM_RIGHT, TH_VIEW_TRANSITION_FLIP_FROM_LEFT,
    TH_VIEW_TRANSITION_FLIP_FROM_BOTTOM, TH_VIEW_TRANSITION_FLIP_FROM_TOP,
};

typedef struct view_transition {
    bool incoming; /* present or push */
    uint32_t style;
    th_context ctx;
    /* Screens outside the container, hidden while their snapshots turn; {0} when none. */
    th_view hidden[2], snapshots[2];
} view_transition;

/* `view` itself when it is in the container or in no superview yet (the host puts it
 * there); otherwise a snapshot of it in the container, the view hidden until the end. */
static th_view stand_in(view_transition *self, th_view container, th_view view, int slot)
{
    th_view parent = { 0 }, shot = { 0 };
    host->superview(view, &parent);
    if (parent.id == 0 || parent.id == container.id) return view;
    if (host->snapshot_view(view, &shot) != TH_OK) return view;
    host->add_subview(container, shot);
    host->set_hidden(view, true);
    self->hidden[slot] = view;
    self->snapshots[slot] = shot;
    return shot;
}

static void ended(void *user, bool finished)
{
    view_transition *self = user;
    bool cancelled = false;
    (void)finished;
    host->transition_was_cancelled(self->ctx, &cancelled);
    for (int i = 0; i < 2; i++) {
        if (self->hidden[i].id != 0) host->set_hidden(self->hidden[i], false);
        if (self->snapshots[i].id != 0) host->remove_from_superview(self->snapshots[i]);
        self->hidden[i] = self->snapshots[i] = (th_view){ 0 };
    }
    host->complete_transition(self->ctx, !cancelled);
}

static void animate(void *opaque, th_context ctx)
{
    view_transition *self = opaque;
    th_view container, from, to;
    th_view_controller to_vc;
    th_rect final;
    th_animation_options options = { 0 };

    self->ctx = ctx;
    if (host->container_view(ctx, &container) != TH_OK || host->view(ctx, TH_FROM, &from) != TH_OK ||
        host->view(ctx, TH_TO, &to) != TH_OK || host->view_controller(ctx, TH_TO, &to_vc) != TH_OK) {
        host->complete_transition(ctx, false);
        return;
    }
    if (to.id != 0 && host->final_frame(ctx, to_vc, &final) == TH_OK && final.size.width > 0) host->set_frame(to, final);
    options.struct_size = sizeof options;
    options.timing = TH_TIMING_CURVE;
    options.curve = TH_CURVE_EASE_IN_OUT;
    options.duration = DURATION;
    /* A dismissal whose presenting screen stayed in the window (over a current context) has
     * no view to bring in: the presented one just dissolves out of the container. */
    if (from.id == 0 || to.id == 0) {
        host->complete_transition(ctx, true);
        return;
    }
    from = stand_in(self, container, from, 0);
    to = stand_in(self, container, to, 1);
    if (view_transitions->transition(from, to, self->style, &options, ended, self) != TH_OK) ended(self, false);
}

static void *create(const th_effect_config *config)
{
    view_transition *self;
    uint32_t choice;
    if (config == NULL || config->param_count < 1 || config->params == NULL) return NULL;
    choice = (uint32_t)config->params[0];
    if (choice >= sizeof styles / sizeof styles[0]) return NULL;
    self = calloc(1, sizeof *self);
    if (self == NULL) return NULL;
    self->incoming = (config->transition & (TH_TRANSITION_PRESENT | TH_TRANSITION_PUSH)) != 0;
    self->style = self->incoming ? styles[choice] : mirrored[choice];
    return self;
}

static void destroy(void *self) { free(self); }

static double duration(void *self, th_context ctx)
{
    (void)self;
    (void)ctx;
    return DURATION;
}

static const th_animator_interface interface = {
    .struct_size = sizeof(th_animator_interface),
    .create = create,
    .destroy = destroy,
    .transition_duration = duration,
    .animate_transition = animate,
};

static const th_param_descriptor params[] = {
    { .struct_size = sizeof(th_param_descriptor), .type = TH_PARAM_ENUM, .id = "style",
      .name = "UIKit's view transition to play", .default_value = 2, .choice_count = 5, .choices = style_choices },
};

static const th_effect_descriptor effect = {
    .struct_size = sizeof(th_effect_descriptor),
    .kind = TH_KIND_ANIMATOR,
    .id = "view-transition",
    .name = "View transition",
    .description = "UIKit's built-in flips and cross dissolve between the two screens, played by the host.",
    .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS | TH_TRANSITION_PUSH | TH_TRANSITION_POP,
    .param_count = 1,
    .params = params,
    .default_duration = DURATION,
    .interface = &interface,
};

static bool init(const th_host_api *api)
{
    if (api == NULL || api->abi_major != TH_ABI_MAJOR) return false;
    host = api;
    view_transitions = api->get_extension(TH_EXT_HOST_VIEW_TRANSITIONS);
    return view_transitions != NULL && view_transitions->struct_size >= TH_HOST_VIEW_TRANSITIONS_SIZE_1_1;
}

static uint32_t count(void) { return 1; }
static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect : NULL; }

TH_EXPORT const th_plugin_entry th_entry = {
    .struct_size = sizeof(th_plugin_entry),
    .abi_major = TH_ABI_MAJOR,
    .abi_minor = TH_ABI_MINOR,
    .id = "view-transition",
    .name = "View transition",
    .version = "1.0.0",
    .init = init,
    .effect_count = count,
    .get_effect = get,
};
