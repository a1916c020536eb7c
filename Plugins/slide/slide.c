/*
 * Slide: the incoming view (presented or pushed) slides in from an edge (parameter
 * "direction", the right one by default) to its place; the outgoing view (dismissed or popped)
 * slides off to that edge, uncovering the view below.
 * The motion is a critically damped spring, so it settles without overshooting.
 *
 * "sheet" pairs the slide with the "dimming" presentation controller: a sheet that slides in
 * over a dimmed backdrop.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bundled_plugin.h"

#define SLIDE_DURATION 0.35
#define SLIDE_TRANSITIONS \
    (TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS | TH_TRANSITION_PUSH | TH_TRANSITION_POP)

/* ---------------------------------------------------------------------------------------
 * The "slide" animator.
 * ------------------------------------------------------------------------------------- */

/* Per-transition state: the host's callbacks only hand back `self`, so everything the
 * animation and completion blocks need lives here. */
typedef struct slide {
    bool incoming;     /* present or push: the to-view moves; dismiss or pop: the from-view */
    th_context ctx;
    th_view from_view; /* may be {0} */
    th_view to_view;   /* may be {0} */
    th_rect target;    /* where the moving view ends */
    uint32_t edge;     /* index into edge_choices: where the view comes from and goes to */
} slide;

/* The edges, in the order of the "direction" parameter's choices. */
static const char *const edge_choices[] = { "right", "left", "bottom", "top" };

/* `frame` moved just past the container's `edge`, so that it is out of sight. */
static th_rect off_screen(th_rect frame, th_rect bounds, uint32_t edge)
{
    switch (edge) {
    case 1: frame.origin.x = bounds.origin.x - frame.size.width; break;
    case 2: frame.origin.y = bounds.origin.y + bounds.size.height; break;
    case 3: frame.origin.y = bounds.origin.y - frame.size.height; break;
    default: frame.origin.x = bounds.origin.x + bounds.size.width; break;
    }
    return frame;
}

/* The host waits for complete_transition no matter what went wrong; cancelling keeps the
 * scene as it was and lets the host carry on at once instead of after its cut-off. */
static void abort_transition(th_context ctx, const char *what, th_status status)
{
    plugin_log(TH_LOG_ERROR, "slide: %s failed (status %d); cancelling the transition", what,
               (int)status);
    host->complete_transition(ctx, false);
}

static void remove_view(th_view view, const char *which)
{
    th_status status;

    if (is_none(view)) {
        return;
    }
    status = host->remove_from_superview(view);
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "slide: removing the %s view failed (status %d)", which,
                   (int)status);
    }
}

static void slide_finish(slide *self, bool success)
{
    th_context ctx = self->ctx;
    th_status status;

    if (self->incoming && !success) {
        remove_view(self->to_view, "incoming");
    }
    if (!self->incoming && success) {
        remove_view(self->from_view, "outgoing");
    }
    /* A cancelled dismissal or pop must leave the hierarchy as it was: the view brought back
     * underneath goes again (the guide's listing forgets this case). */
    if (!self->incoming && !success && !is_none(self->to_view)) {
        remove_view(self->to_view, "returning");
    }
    /* Last, and without touching self afterwards: the host may end the transition and call
     * destroy from inside this call. */
    status = host->complete_transition(ctx, success);
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "slide: complete_transition returned status %d", (int)status);
    }
}

static void slide_animations(void *user_data)
{
    slide *self = user_data;
    th_view moving = self->incoming ? self->to_view : self->from_view;

    if (!is_none(moving)) {
        host->set_frame(moving, self->target);
    }
}

static void slide_completion(void *user_data, bool finished)
{
    slide *self = user_data;
    bool cancelled = false;
    th_status status;

    /* As in UIKit, whether the transition counts is the context's answer, not whether the
     * animation ran to its end. */
    (void)finished;
    status = host->transition_was_cancelled(self->ctx, &cancelled);
    if (status != TH_OK) {
        /* Without an answer, claiming success could leave a half-finished scene; cancelling
         * lets the host restore it. */
        plugin_log(TH_LOG_WARNING,
                   "slide: transition_was_cancelled failed (status %d); treating the "
                   "transition as cancelled",
                   (int)status);
        cancelled = true;
    }
    slide_finish(self, !cancelled);
}

static void *slide_create(const th_effect_config *config)
{
    slide *self;

    /* Only the transitions the descriptor declares; NULL lets the host fall back. */
    if (config == NULL || (config->transition & SLIDE_TRANSITIONS) == 0 ||
        (config->transition & ~(uint32_t)SLIDE_TRANSITIONS) != 0) {
        return NULL;
    }
    self = calloc(1, sizeof *self);
    if (self == NULL) {
        return NULL;
    }
    self->incoming = config->transition == TH_TRANSITION_PRESENT ||
                     config->transition == TH_TRANSITION_PUSH;
    /* The host has checked the value against the descriptor; the bound is for older hosts. */
    if (config->param_count >= 1 && config->params != NULL && config->params[0] >= 0 &&
        config->params[0] < 4) {
        self->edge = (uint32_t)config->params[0];
    }
    return self;
}

static void slide_destroy(void *self)
{
    free(self);
}

static double slide_transition_duration(void *self, th_context ctx)
{
    (void)self;
    (void)ctx;
    return SLIDE_DURATION;
}

static void slide_animate_transition(void *opaque, th_context ctx)
{
    slide *self = opaque;
    th_view container;
    th_rect container_bounds;
    th_rect start = { { 0, 0 }, { 0, 0 } };
    th_animation_options options;
    th_status status;

    self->ctx = ctx;

    /* Every lookup comes before the first change to the scene, so a failure here leaves
     * nothing to undo. */
    status = host->container_view(ctx, &container);
    if (status != TH_OK) {
        abort_transition(ctx, "container_view", status);
        return;
    }
    status = host->view(ctx, TH_FROM, &self->from_view);
    if (status != TH_OK) {
        abort_transition(ctx, "view(TH_FROM)", status);
        return;
    }
    status = host->view(ctx, TH_TO, &self->to_view);
    if (status != TH_OK) {
        abort_transition(ctx, "view(TH_TO)", status);
        return;
    }
    /* Bounds rather than frame: every frame set below is in the container's own coordinates. */
    status = host->get_bounds(container, &container_bounds);
    if (status != TH_OK) {
        abort_transition(ctx, "get_bounds(container)", status);
        return;
    }

    if (self->incoming) {
        th_view_controller to_vc;

        status = host->view_controller(ctx, TH_TO, &to_vc);
        if (status != TH_OK) {
            abort_transition(ctx, "view_controller(TH_TO)", status);
            return;
        }
        status = host->final_frame(ctx, to_vc, &self->target);
        if (status != TH_OK) {
            abort_transition(ctx, "final_frame(to)", status);
            return;
        }
        start = off_screen(self->target, container_bounds, self->edge);
        if (is_none(self->to_view)) {
            plugin_log(TH_LOG_WARNING, "slide: no incoming view; nothing will move");
        } else {
            status = host->add_subview(container, self->to_view);
            if (status != TH_OK) {
                abort_transition(ctx, "add_subview(to view)", status);
                return;
            }
            status = host->set_frame(self->to_view, start);
            if (status != TH_OK) {
                /* The view still ends in the right place; it only skips the slide. */
                plugin_log(TH_LOG_WARNING, "slide: setting the start frame failed (status %d)",
                           (int)status);
            }
        }
    } else {
        th_rect from_frame = { { 0, 0 }, { 0, 0 } };

        if (!is_none(self->from_view)) {
            status = host->get_frame(self->from_view, &from_frame);
            if (status != TH_OK) {
                abort_transition(ctx, "get_frame(from view)", status);
                return;
            }
        } else {
            plugin_log(TH_LOG_WARNING, "slide: no outgoing view; nothing will move");
        }
        self->target = off_screen(from_frame, container_bounds, self->edge);

        /* The view being returned to must be behind the one sliding away, or the slide
         * happens out of sight. */
        if (!is_none(self->to_view)) {
            if (!is_none(self->from_view)) {
                status = host->insert_subview_below(container, self->to_view, self->from_view);
            } else {
                status = host->add_subview(container, self->to_view);
            }
            if (status != TH_OK) {
                abort_transition(ctx, "adding the to view", status);
                return;
            }
        }
    }

    options = (th_animation_options){
        .struct_size = sizeof(th_animation_options),
        .timing = TH_TIMING_SPRING,
        .duration = slide_transition_duration(self, ctx),
        .spring_damping_ratio = 1.0,
        .spring_initial_velocity = 0.0,
    };
    status = host->animate(&options, slide_animations, slide_completion, self);
    if (status != TH_OK) {
        /* On error neither callback runs, so the completion's work happens here. */
        plugin_log(TH_LOG_ERROR, "slide: animate failed (status %d); cancelling the transition",
                   (int)status);
        slide_finish(self, false);
    }
}

static void slide_animation_ended(void *self, bool completed)
{
    (void)self;
    plugin_log(TH_LOG_DEBUG, "slide: transition ended (%s)", completed ? "completed" : "cancelled");
}

static const th_animator_interface slide_interface = {
    .struct_size = sizeof(th_animator_interface),
    .create = slide_create,
    .destroy = slide_destroy,
    .transition_duration = slide_transition_duration,
    .animate_transition = slide_animate_transition,
    .animation_ended = slide_animation_ended,
};

/* ---------------------------------------------------------------------------------------
 * The "sheet" transitioning delegate.
 * ------------------------------------------------------------------------------------- */

static const char *sheet_animator_for(uint32_t transition)
{
    if (transition == TH_TRANSITION_PRESENT || transition == TH_TRANSITION_DISMISS) {
        return "slide";
    }
    return NULL;
}

/* Lives in the dimming plugin; the host resolves ids across plugins. */
static const char *sheet_presentation_controller(void)
{
    return "dimming";
}

static const th_delegate_interface sheet_interface = {
    .struct_size = sizeof(th_delegate_interface),
    .animator_for = sheet_animator_for,
    .presentation_controller = sheet_presentation_controller,
};

/* ---------------------------------------------------------------------------------------
 * Plugin entry.
 * ------------------------------------------------------------------------------------- */

static const th_param_descriptor slide_params[] = {
    {
        .struct_size = sizeof(th_param_descriptor),
        .type = TH_PARAM_ENUM,
        .id = "direction",
        .name = "Edge the view slides in from and out to",
        .default_value = 0,
        .choice_count = 4,
        .choices = edge_choices,
    },
};

static const th_effect_descriptor effects[] = {
    {
        .struct_size = sizeof(th_effect_descriptor),
        .kind = TH_KIND_ANIMATOR,
        .id = "slide",
        .name = "Slide",
        .description = "Slides the incoming view in from an edge (the right one by default) and "
                       "the outgoing view out to it.",
        .transitions = SLIDE_TRANSITIONS,
        .param_count = 1,
        .params = slide_params,
        .default_duration = SLIDE_DURATION,
        .interface = &slide_interface,
    },
    {
        .struct_size = sizeof(th_effect_descriptor),
        .kind = TH_KIND_TRANSITIONING_DELEGATE,
        .id = "sheet",
        .name = "Sheet",
        .description = "A sheet that slides in from the right over a dimmed backdrop.",
        .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS,
        .param_count = 0,
        .params = NULL,
        .default_duration = SLIDE_DURATION,
        .interface = &sheet_interface,
    },
};

static bool plugin_init(const th_host_api *api)
{
    if (api == NULL || api->abi_major != TH_ABI_MAJOR) {
        return false;
    }
    /* Every 1.x host table is at least as long as 1.0's; a shorter one is not a host this
     * plugin can call safely. */
    if (!TH_HAS_FIELD(api, th_host_api, get_extension)) {
        return false;
    }
    host = api;
    return true;
}

static void plugin_deinit(void)
{
    host = NULL;
}

BUNDLED_PLUGIN_EFFECT_LIST(effects)

TH_EXPORT const th_plugin_entry th_entry = {
    .struct_size = sizeof(th_plugin_entry),
    .abi_major = TH_ABI_MAJOR,
    .abi_minor = TH_ABI_MINOR,
    .id = "slide",
    .name = "Slide",
    .version = "1.0.0",
    .vendor = NULL,
    .init = plugin_init,
    .deinit = plugin_deinit,
    .effect_count = plugin_effect_count,
    .get_effect = plugin_get_effect,
    .get_extension = NULL,
};
