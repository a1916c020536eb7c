/*
 * Diagonal: a presented view flies in from beyond one of the container's corners (lower-right
 * by default, parameter "corner") to its place; on dismissal it flies back out to that corner,
 * revealing what was underneath. The host creates it through a typed constructor ("p(Izd)",
 * called with libffi) that takes the corner by name and the duration.
 *
 * This is Apple's animator from "Listing 10-2" of the View Controller Programming Guide,
 * with its three bugs fixed:
 *   - the presented view starts at its final size (the listing started from the initial frame,
 *     which is all zeros for a presentation, so the view grew from nothing);
 *   - the dismissed view leaves at its own size (the listing used the to-view's size);
 *   - after a dismissal the dismissed view is removed (the listing removed the to-view).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundled_plugin.h"

#define DIAGONAL_DURATION 0.5

/* Per-transition state: the host's callbacks only hand back `self`, so everything the
 * animation and completion blocks need lives here. */
typedef struct diagonal {
    bool presenting;
    th_context ctx;
    th_view from_view; /* may be {0} */
    th_view to_view;   /* may be {0} */
    th_rect target;    /* where the moving view ends: the to-view when presenting, else the from-view */
    bool from_right;   /* the corner the view flies from (and back to) */
    bool from_bottom;
    double duration;   /* seconds */
} diagonal;

/* The corners, in the order of the "corner" parameter's choices. */
static const char *const corner_choices[] = { "bottom-right", "bottom-left", "top-right", "top-left" };
#define CORNER_COUNT 4

/* The host waits for complete_transition no matter what went wrong; cancelling keeps the
 * scene as it was and lets the host carry on at once instead of after its cut-off. */
static void abort_transition(th_context ctx, const char *what, th_status status)
{
    plugin_log(TH_LOG_ERROR, "diagonal: %s failed (status %d); cancelling the transition", what,
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
        plugin_log(TH_LOG_WARNING, "diagonal: removing the %s view failed (status %d)", which,
                   (int)status);
    }
}

static void diagonal_finish(diagonal *self, bool success)
{
    th_context ctx = self->ctx;
    th_status status;

    if (self->presenting && !success) {
        remove_view(self->to_view, "presented");
    }
    if (!self->presenting && success) {
        remove_view(self->from_view, "dismissed");
    }
    /* A cancelled dismissal must leave the hierarchy as it was: the presenter's view that
     * was brought back underneath goes again (the listing forgets this case). */
    if (!self->presenting && !success && !is_none(self->to_view)) {
        remove_view(self->to_view, "returning");
    }
    /* Last, and without touching self afterwards: the host may end the transition and call
     * destroy from inside this call. */
    status = host->complete_transition(ctx, success);
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "diagonal: complete_transition returned status %d",
                   (int)status);
    }
}

static void diagonal_animations(void *user_data)
{
    diagonal *self = user_data;
    th_view moving = self->presenting ? self->to_view : self->from_view;

    if (!is_none(moving)) {
        host->set_frame(moving, self->target);
    }
}

static void diagonal_completion(void *user_data, bool finished)
{
    diagonal *self = user_data;
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
                   "diagonal: transition_was_cancelled failed (status %d); treating the "
                   "transition as cancelled",
                   (int)status);
        cancelled = true;
    }
    diagonal_finish(self, !cancelled);
}

static diagonal *diagonal_new(uint32_t transition, uint32_t corner, double duration)
{
    diagonal *self;

    /* Only the two transitions the descriptor declares; NULL lets the host fall back. */
    if (transition != TH_TRANSITION_PRESENT && transition != TH_TRANSITION_DISMISS) {
        return NULL;
    }
    self = calloc(1, sizeof *self);
    if (self == NULL) {
        return NULL;
    }
    self->presenting = transition == TH_TRANSITION_PRESENT;
    self->from_right = corner == 0 || corner == 2;
    self->from_bottom = corner < 2;
    self->duration = duration;
    return self;
}

/* The constructor the host calls through libffi (signature "p(Izd)"), with the corner by
 * name: the host has already checked both values against the descriptor. */
static void *diagonal_create_typed(uint32_t transition, const char *corner, double duration)
{
    uint32_t index = 0;

    while (index < CORNER_COUNT && strcmp(corner_choices[index], corner) != 0) {
        index++;
    }
    return index < CORNER_COUNT ? diagonal_new(transition, index, duration) : NULL;
}

/* The plain ABI 1.0 path, for hosts that do not call typed constructors. */
static void *diagonal_create(const th_effect_config *config)
{
    if (config == NULL || config->param_count < 2 || config->params == NULL) {
        return NULL;
    }
    return diagonal_new(config->transition, (uint32_t)config->params[0], config->params[1]);
}

static void diagonal_destroy(void *self)
{
    free(self);
}

static double diagonal_transition_duration(void *self, th_context ctx)
{
    (void)ctx;
    return ((diagonal *)self)->duration;
}

static void diagonal_animate_transition(void *opaque, th_context ctx)
{
    diagonal *self = opaque;
    th_view container;
    th_rect container_frame;
    th_rect start = { { 0, 0 }, { 0, 0 } };
    th_animation_options options;
    double width, height;
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
    status = host->get_frame(container, &container_frame);
    if (status != TH_OK) {
        abort_transition(ctx, "get_frame(container)", status);
        return;
    }
    width = container_frame.size.width;
    height = container_frame.size.height;

    if (self->presenting) {
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
        start = self->target;
        start.origin.x = self->from_right ? width : -start.size.width;
        start.origin.y = self->from_bottom ? height : -start.size.height;
        if (is_none(self->to_view)) {
            plugin_log(TH_LOG_WARNING, "diagonal: no view to present; nothing will move");
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
            plugin_log(TH_LOG_WARNING, "diagonal: no view to dismiss; nothing will move");
        }
        self->target.size = from_frame.size;
        self->target.origin.x = self->from_right ? width : -from_frame.size.width;
        self->target.origin.y = self->from_bottom ? height : -from_frame.size.height;
    }

    /* The listing adds the to-view in both directions: on a dismissal that brings back the
     * presenter's view when the presentation had taken it off screen. The listing adds it on
     * top, which hides the dismissed view's flight; below the dismissed view it shows. */
    if (!is_none(self->to_view)) {
        if (!self->presenting && !is_none(self->from_view))
            status = host->insert_subview_below(container, self->to_view, self->from_view);
        else
            status = host->add_subview(container, self->to_view);
        if (status != TH_OK) {
            abort_transition(ctx, "add_subview(to view)", status);
            return;
        }
        if (self->presenting) {
            status = host->set_frame(self->to_view, start);
            if (status != TH_OK) {
                /* The view still ends in the right place; it only skips the fly-in. */
                plugin_log(TH_LOG_WARNING,
                           "diagonal: setting the start frame failed (status %d)", (int)status);
            }
        }
    }

    options = (th_animation_options){
        .struct_size = sizeof(th_animation_options),
        .timing = TH_TIMING_CURVE,
        .duration = diagonal_transition_duration(self, ctx),
        .curve = TH_CURVE_EASE_IN_OUT,
    };
    status = host->animate(&options, diagonal_animations, diagonal_completion, self);
    if (status != TH_OK) {
        /* On error neither callback runs, so the completion's work happens here. */
        plugin_log(TH_LOG_ERROR, "diagonal: animate failed (status %d); cancelling the transition",
                   (int)status);
        diagonal_finish(self, false);
    }
}

static void diagonal_animation_ended(void *self, bool completed)
{
    (void)self;
    plugin_log(TH_LOG_DEBUG, "diagonal: transition ended (%s)",
               completed ? "completed" : "cancelled");
}

static const th_animator_interface diagonal_interface = {
    .struct_size = sizeof(th_animator_interface),
    .create = diagonal_create,
    .destroy = diagonal_destroy,
    .transition_duration = diagonal_transition_duration,
    .animate_transition = diagonal_animate_transition,
    .animation_ended = diagonal_animation_ended,
};

static const th_param_descriptor diagonal_params[] = {
    {
        .struct_size = sizeof(th_param_descriptor),
        .type = TH_PARAM_ENUM,
        .id = "corner",
        .name = "Corner the view flies in from and out to",
        .unit = NULL,
        .default_value = 0,
        .choice_count = CORNER_COUNT,
        .choices = corner_choices,
    },
    {
        .struct_size = sizeof(th_param_descriptor),
        .type = TH_PARAM_DOUBLE,
        .id = "duration",
        .name = "Duration of each transition",
        .unit = "s",
        .min_value = 0.05,
        .max_value = 5,
        .default_value = DIAGONAL_DURATION,
    },
};

static const th_effect_descriptor effects[] = {
    {
        .struct_size = sizeof(th_effect_descriptor),
        .kind = TH_KIND_ANIMATOR,
        .id = "diagonal",
        .name = "Diagonal",
        .description = "Flies the presented view in from a corner (the lower-right one by "
                       "default) and back out to it on dismissal.",
        .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS,
        .param_count = 2,
        .params = diagonal_params,
        .default_duration = DIAGONAL_DURATION,
        .interface = &diagonal_interface,
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

static const th_typed_constructor diagonal_constructors[] = {
    {
        .struct_size = sizeof(th_typed_constructor),
        .effect_id = "diagonal",
        .signature = "p(Izd)",
        .function = (void (*)(void))diagonal_create_typed,
    },
};

static const th_typed_constructors diagonal_constructor_list = {
    .struct_size = sizeof(th_typed_constructors),
    .count = 1,
    .items = diagonal_constructors,
};

static const void *plugin_get_extension(const char *id)
{
    return strcmp(id, TH_EXT_TYPED_CONSTRUCTORS) == 0 ? &diagonal_constructor_list : NULL;
}

TH_EXPORT const th_plugin_entry th_entry = {
    .struct_size = sizeof(th_plugin_entry),
    .abi_major = TH_ABI_MAJOR,
    .abi_minor = TH_ABI_MINOR,
    .id = "diagonal",
    .name = "Diagonal",
    .version = "1.0.0",
    .vendor = NULL,
    .init = plugin_init,
    .deinit = plugin_deinit,
    .effect_count = plugin_effect_count,
    .get_effect = plugin_get_effect,
    .get_extension = plugin_get_extension,
};
