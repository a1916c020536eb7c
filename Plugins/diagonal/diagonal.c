/*
 * Diagonal: a presented view flies in from beyond the container's lower-right corner to its
 * place; on dismissal it flies back out to that corner, revealing what was underneath.
 *
 * This is Apple's animator from "Listing 10-2" of the View Controller Programming Guide,
 * with its three bugs fixed:
 *   - the presented view starts at its final size (the listing started from the initial frame,
 *     which is all zeros for a presentation, so the view grew from nothing);
 *   - the dismissed view leaves at its own size (the listing used the to-view's size);
 *   - after a dismissal the dismissed view is removed (the listing removed the to-view).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "transition_host.h"

#define DIAGONAL_DURATION 0.5

static const th_host_api *host;

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void plugin_log(uint32_t level, const char *format, ...)
{
    char message[256];
    va_list args;

    if (host == NULL) {
        return;
    }
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    host->log(level, message);
}

static bool is_none(th_view view)
{
    return view.id == 0;
}

/* Per-transition state: the host's callbacks only hand back `self`, so everything the
 * animation and completion blocks need lives here. */
typedef struct diagonal {
    bool presenting;
    th_context ctx;
    th_view from_view; /* may be {0} */
    th_view to_view;   /* may be {0} */
    th_rect target;    /* where the moving view ends: the to-view when presenting, else the from-view */
} diagonal;

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

static void *diagonal_create(const th_effect_config *config)
{
    diagonal *self;

    /* Only the two transitions the descriptor declares; NULL lets the host fall back. */
    if (config == NULL || (config->transition != TH_TRANSITION_PRESENT &&
                           config->transition != TH_TRANSITION_DISMISS)) {
        return NULL;
    }
    self = calloc(1, sizeof *self);
    if (self == NULL) {
        return NULL;
    }
    self->presenting = config->transition == TH_TRANSITION_PRESENT;
    return self;
}

static void diagonal_destroy(void *self)
{
    free(self);
}

static double diagonal_transition_duration(void *self, th_context ctx)
{
    (void)self;
    (void)ctx;
    return DIAGONAL_DURATION;
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
        start.origin.x = width;
        start.origin.y = height;
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
        self->target.origin.x = width;
        self->target.origin.y = height;
        self->target.size = from_frame.size;
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

static const th_effect_descriptor effects[] = {
    {
        .struct_size = sizeof(th_effect_descriptor),
        .kind = TH_KIND_ANIMATOR,
        .id = "diagonal",
        .name = "Diagonal",
        .description = "Slides the presented view in from the lower-right corner and back out "
                       "again on dismissal.",
        .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS,
        .param_count = 0,
        .params = NULL,
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

static uint32_t plugin_effect_count(void)
{
    return (uint32_t)(sizeof effects / sizeof effects[0]);
}

static const th_effect_descriptor *plugin_get_effect(uint32_t index)
{
    return index < plugin_effect_count() ? &effects[index] : NULL;
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
    .get_extension = NULL,
};
