/*
 * Edge-pop: a pan from the screen's left edge pops the top screen of a navigation stack,
 * following the finger, as in the source documents' percent-driven pop driven by a
 * UIScreenEdgePanGestureRecognizer (iOS's "swipe back").
 *
 * Three effects:
 *   - "edge-pop", an interaction controller (ABI 1.1): what an app's
 *     UIPercentDrivenInteractiveTransition and its edge-pan handler do together. The progress
 *     is how far the finger has moved across the container, translation.x / width; when it
 *     lifts, a fast flick decides by its direction, otherwise the pop finishes past half way.
 *   - "parallax-slide", an animator (UIViewControllerAnimatedTransitioning) that draws what
 *     UINavigationController does: on a push the new screen slides in from the right while the
 *     old one drifts left by 30% of the width, partly hidden under it; a pop reverses it.
 *   - "edge-slide", a transitioning (navigation) delegate that pairs the two: parallax-slide
 *     for push and pop, and the edge pan for the pop
 *     (navigationController(_:interactionControllerFor:)).
 *
 * The plugin needs a 1.1 host (the context's interactive functions); init refuses an older one.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bundled_plugin.h"

#define PARALLAX_DURATION 0.35
/* How far the screen underneath moves, as a fraction of the container's width: it seems to
 * lie further back, so it travels less than the screen on top. */
#define PARALLAX_FACTOR 0.3
/* A release faster than this (points per second along x) is a flick: it decides on its own,
 * forwards finishes and backwards cancels, however far the finger got. About a third of a
 * phone's width in a tenth of a second; a finger that merely lifts moves far slower. */
#define EDGE_POP_FLICK_VELOCITY 800.0
/* Without a flick, the pop finishes when the finger has crossed more than this fraction of
 * the width, as the seed's handler decides. */
#define EDGE_POP_FINISH_PROGRESS 0.5
#define EDGE_POP_TRANSITIONS (TH_TRANSITION_POP | TH_TRANSITION_DISMISS)
#define PARALLAX_TRANSITIONS (TH_TRANSITION_PUSH | TH_TRANSITION_POP)

/* isfinite() without libm, which the plugin does not link: NaN and infinities give NaN. */
static bool is_finite(double value)
{
    return value - value == 0.0;
}

static double clamp_unit(double value)
{
    return value < 0.0 ? 0.0 : value > 1.0 ? 1.0 : value;
}

static th_rect offset_x(th_rect rect, double dx)
{
    rect.origin.x += dx;
    return rect;
}

/* ---------------------------------------------------------------------------------------
 * The "edge-pop" interaction controller.
 * ------------------------------------------------------------------------------------- */

/* Per-transition state of the gesture handler: the last progress (the release decides on
 * it) and what keeps it from acting twice or logging on every event. */
typedef struct edge_pop {
    th_context ctx;     /* from start_interactive_transition; {0} before it */
    double progress;    /* the last percent given to the host, in [0, 1] */
    bool ended;         /* finish or cancel was asked: later events change nothing */
    bool warned_kind;   /* a gesture other than a pan was reported once */
    bool warned_edge;   /* a pan from an edge other than the left one was reported once */
    bool warned_event;  /* a too-small event was reported once */
    bool warned_update; /* a failing update or width was reported once */
} edge_pop;

static void *edge_pop_create(const th_effect_config *config)
{
    edge_pop *self;

    /* Only the transitions the descriptor declares; NULL lets the host go on without it. */
    if (config == NULL || (config->transition & EDGE_POP_TRANSITIONS) == 0 ||
        (config->transition & ~(uint32_t)EDGE_POP_TRANSITIONS) != 0) {
        return NULL;
    }
    self = calloc(1, sizeof *self);
    return self; /* NULL when out of memory: the host goes on without an interaction */
}

static void edge_pop_destroy(void *self)
{
    free(self);
}

/* startInteractiveTransition: the host has already started the animator, held at 0. The
 * percent-driven engine is the host's, so there is nothing to start, only the context to
 * keep, as UIPercentDrivenInteractiveTransition keeps its. The gesture callback uses the
 * context each event comes with, which the host vouches for at that moment. */
static void edge_pop_start_interactive_transition(void *opaque, th_context ctx)
{
    edge_pop *self = opaque;

    self->ctx = ctx;
}

/* finish or cancel, once: after either the transition is no longer interactive and every
 * further call would only come back TH_ERR_BAD_STATE. */
static void edge_pop_end(edge_pop *self, th_context ctx, bool finish)
{
    th_status status;

    self->ended = true;
    status = finish ? host->finish_interactive_transition(ctx)
                    : host->cancel_interactive_transition(ctx);
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "edge-pop: %s_interactive_transition failed (status %d)",
                   finish ? "finish" : "cancel", (int)status);
    }
}

/* How far across the recogniser's view the finger has moved, in [0, 1]; false when the
 * width cannot be had (then the caller keeps the last progress). */
static bool edge_pop_progress(edge_pop *self, const th_gesture_event *event, double *out)
{
    th_rect bounds;
    th_status status = host->get_bounds(event->view, &bounds);
    double progress;

    if (status != TH_OK || !(bounds.size.width > 0.0)) {
        if (!self->warned_update) {
            self->warned_update = true;
            plugin_log(TH_LOG_WARNING,
                       "edge-pop: the gesture's view has no usable width (status %d, width "
                       "%g); keeping the last progress",
                       (int)status, status == TH_OK ? bounds.size.width : 0.0);
        }
        return false;
    }
    progress = event->translation.x / bounds.size.width;
    if (!is_finite(progress)) {
        return false;
    }
    *out = clamp_unit(progress);
    return true;
}

/* The seed's screen-edge pan handler: the finger's movement across the width is the
 * progress; the release finishes or cancels. */
static void edge_pop_gesture(void *opaque, th_context ctx, const th_gesture_event *event)
{
    edge_pop *self = opaque;
    th_status status;
    double progress;

    if (event == NULL || self->ended) {
        return;
    }
    if (!TH_HAS_FIELD(event, th_gesture_event, velocity)) {
        if (!self->warned_event) {
            self->warned_event = true;
            plugin_log(TH_LOG_WARNING,
                       "edge-pop: a gesture event of %u bytes has no velocity; ignoring it",
                       (unsigned)event->struct_size);
        }
        return;
    }
    /* A plain pan reports the same translation and velocity; a pinch has neither. */
    if (event->kind != TH_GESTURE_SCREEN_EDGE_PAN && event->kind != TH_GESTURE_PAN) {
        if (!self->warned_kind) {
            self->warned_kind = true;
            plugin_log(TH_LOG_WARNING,
                       "edge-pop: only a pan drives this transition; ignoring gesture kind %u",
                       (unsigned)event->kind);
        }
        return;
    }
    /* The pop follows a finger moving right, which a pan from the left edge does; one from
     * another edge still counts only its rightward movement. */
    if (event->kind == TH_GESTURE_SCREEN_EDGE_PAN && event->edge != TH_EDGE_LEFT &&
        !self->warned_edge) {
        self->warned_edge = true;
        plugin_log(TH_LOG_WARNING,
                   "edge-pop: a pan from edge %u; only movement to the right pops",
                   (unsigned)event->edge);
    }

    switch (event->state) {
    case TH_GESTURE_BEGAN:
        /* The transition already waits at 0; the finger has not moved yet. */
        break;

    case TH_GESTURE_CHANGED:
        if (!edge_pop_progress(self, event, &progress)) {
            return;
        }
        self->progress = progress;
        status = host->update_interactive_transition(ctx, progress);
        if (status != TH_OK && !self->warned_update) {
            self->warned_update = true;
            plugin_log(TH_LOG_WARNING,
                       "edge-pop: update_interactive_transition(%g) failed (status %d)", progress,
                       (int)status);
        }
        break;

    case TH_GESTURE_ENDED: {
        double velocity = event->velocity.x;
        bool finish;

        /* The release's own position counts, as in the seed (which reads it every event). */
        if (edge_pop_progress(self, event, &progress)) {
            self->progress = progress;
        }
        if (velocity < -EDGE_POP_FLICK_VELOCITY) {
            finish = false; /* flung back towards the edge: the user changed their mind */
        } else if (velocity > EDGE_POP_FLICK_VELOCITY) {
            finish = true; /* flung away from the edge: go, however little was dragged */
        } else {
            finish = self->progress > EDGE_POP_FINISH_PROGRESS;
        }
        edge_pop_end(self, ctx, finish);
        break;
    }

    case TH_GESTURE_CANCELLED:
        /* The system took the touch away: nothing was decided, so the screen stays. (The
         * seed finishes past half way here too; a cancelled recogniser is no decision.) */
        edge_pop_end(self, ctx, false);
        break;

    default:
        plugin_log(TH_LOG_WARNING, "edge-pop: unknown gesture state %u; ignored",
                   (unsigned)event->state);
        break;
    }
}

/* The tail after the finger lifts starts at full speed and settles, so the screen keeps the
 * pace the finger gave it instead of pausing to accelerate again (ease-in-out would). */
static uint32_t edge_pop_completion_curve(void *self)
{
    (void)self;
    return TH_CURVE_EASE_OUT;
}

static const th_interaction_interface edge_pop_interface = {
    .struct_size = sizeof(th_interaction_interface),
    .create = edge_pop_create,
    .destroy = edge_pop_destroy,
    .start_interactive_transition = edge_pop_start_interactive_transition,
    .gesture = edge_pop_gesture,
    /* NULL: the tail plays at the transition's own pace (completionSpeed 1). */
    .completion_speed = NULL,
    .completion_curve = edge_pop_completion_curve,
};

/* ---------------------------------------------------------------------------------------
 * The "parallax-slide" animator.
 * ------------------------------------------------------------------------------------- */

/* Where a view was before the transition moved it. Centre and bounds rather than the frame,
 * which a transform would distort, so that putting them back is exact. */
typedef struct place {
    th_point center;
    th_rect bounds;
} place;

/* Per-transition state: the host's callbacks only hand back `self`, so everything the
 * animation and completion blocks need lives here. */
typedef struct parallax {
    bool pushing;       /* push: to_view comes in on top; pop: from_view leaves, uncovering to_view */
    th_context ctx;
    th_view from_view;  /* may be {0} */
    th_view to_view;    /* may be {0} */
    place from_saved;   /* from_view before the transition */
    place to_saved;     /* to_view before the transition */
    th_rect from_target; /* where from_view ends */
    th_rect to_target;   /* where to_view ends: its final frame */
    bool added_to_view; /* this animator put to_view into the container */
} parallax;

/* The host waits for complete_transition no matter what went wrong; cancelling keeps the
 * scene as it was and lets the host carry on at once instead of after its cut-off. */
static void abort_transition(th_context ctx, const char *what, th_status status)
{
    plugin_log(TH_LOG_ERROR, "parallax-slide: %s failed (status %d); cancelling the transition",
               what, (int)status);
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
        plugin_log(TH_LOG_WARNING, "parallax-slide: removing the %s view failed (status %d)",
                   which, (int)status);
    }
}

static th_status save_place(th_view view, place *out)
{
    th_status status = host->get_center(view, &out->center);

    return status == TH_OK ? host->get_bounds(view, &out->bounds) : status;
}

/* Puts back what save_place recorded, at once: it is never called inside an animation. */
static void restore_place(th_view view, const place *saved, const char *which)
{
    th_status status;

    if (is_none(view)) {
        return;
    }
    status = host->set_bounds(view, saved->bounds);
    if (status == TH_OK) {
        status = host->set_center(view, saved->center);
    }
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "parallax-slide: restoring the %s view failed (status %d)",
                   which, (int)status);
    }
}

static void parallax_finish(parallax *self, bool success)
{
    th_context ctx = self->ctx;
    th_status status;

    if (!success) {
        /* Cancelled, the case an interaction makes common: both screens go back where they
         * were, and the one brought in (pushed, or uncovered by the pop) leaves again. */
        restore_place(self->from_view, &self->from_saved, "outgoing");
        restore_place(self->to_view, &self->to_saved, "incoming");
        if (self->added_to_view) {
            remove_view(self->to_view, self->pushing ? "pushed" : "uncovered");
        }
    } else if (self->pushing) {
        /* The covered screen stays in the stack; its place is where it belongs when a pop
         * brings it back (the host takes it off screen, as UINavigationController does). */
        restore_place(self->from_view, &self->from_saved, "covered");
    } else {
        remove_view(self->from_view, "popped");
        /* Whole again for the next time it is pushed. */
        restore_place(self->from_view, &self->from_saved, "popped");
    }
    /* Last, and without touching self afterwards: the host may end the transition and call
     * destroy from inside this call. */
    status = host->complete_transition(ctx, success);
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "parallax-slide: complete_transition returned status %d",
                   (int)status);
    }
}

static void parallax_animations(void *user_data)
{
    parallax *self = user_data;
    th_status status = TH_OK;

    if (!is_none(self->to_view)) {
        status = host->set_frame(self->to_view, self->to_target);
    }
    if (status == TH_OK && !is_none(self->from_view)) {
        status = host->set_frame(self->from_view, self->from_target);
    }
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "parallax-slide: setting the end frames failed (status %d)",
                   (int)status);
    }
}

static void parallax_completion(void *user_data, bool finished)
{
    parallax *self = user_data;
    bool cancelled = false;
    th_status status;

    /* As in UIKit, whether the transition counts is the context's answer, not whether the
     * animation ran to its end: an interaction's cancel plays it back to its start. */
    (void)finished;
    status = host->transition_was_cancelled(self->ctx, &cancelled);
    if (status != TH_OK) {
        /* Without an answer, claiming success could leave a half-finished scene; cancelling
         * lets the host restore it. */
        plugin_log(TH_LOG_WARNING,
                   "parallax-slide: transition_was_cancelled failed (status %d); treating the "
                   "transition as cancelled",
                   (int)status);
        cancelled = true;
    }
    parallax_finish(self, !cancelled);
}

static void *parallax_create(const th_effect_config *config)
{
    parallax *self;

    /* Only the two transitions the descriptor declares; NULL lets the host fall back. */
    if (config == NULL ||
        (config->transition != TH_TRANSITION_PUSH && config->transition != TH_TRANSITION_POP)) {
        return NULL;
    }
    self = calloc(1, sizeof *self);
    if (self == NULL) {
        return NULL;
    }
    self->pushing = config->transition == TH_TRANSITION_PUSH;
    return self;
}

static void parallax_destroy(void *self)
{
    free(self);
}

static double parallax_transition_duration(void *self, th_context ctx)
{
    (void)self;
    (void)ctx;
    return PARALLAX_DURATION;
}

/* The curve: linear while a gesture drives the transition, so that the screen on top stays
 * under the finger (the host maps percent to time, and the curve then maps time to place);
 * ease-in-out otherwise, as UINavigationController's own push and pop. */
static uint32_t parallax_curve(th_context ctx)
{
    bool interactive = false;
    th_status status = host->is_interactive(ctx, &interactive);

    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING,
                   "parallax-slide: is_interactive failed (status %d); easing in and out",
                   (int)status);
        return TH_CURVE_EASE_IN_OUT;
    }
    return interactive ? TH_CURVE_LINEAR : TH_CURVE_EASE_IN_OUT;
}

static void parallax_animate_transition(void *opaque, th_context ctx)
{
    parallax *self = opaque;
    th_view container;
    th_view parent = { 0 };
    th_view_controller to_vc;
    th_rect container_bounds;
    th_rect from_frame = { { 0, 0 }, { 0, 0 } };
    th_rect to_start;
    th_animation_options options;
    double width, shift;
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
    status = host->view_controller(ctx, TH_TO, &to_vc);
    if (status != TH_OK) {
        abort_transition(ctx, "view_controller(TH_TO)", status);
        return;
    }
    status = host->final_frame(ctx, to_vc, &self->to_target);
    if (status != TH_OK) {
        abort_transition(ctx, "final_frame(to)", status);
        return;
    }
    if (!(self->to_target.size.width > 0.0 && self->to_target.size.height > 0.0)) {
        /* "Unknown" is all zeros; a navigation screen fills the container. */
        self->to_target = container_bounds;
    }
    if (!is_none(self->from_view)) {
        status = save_place(self->from_view, &self->from_saved);
        if (status == TH_OK) {
            status = host->get_frame(self->from_view, &from_frame);
        }
        if (status != TH_OK) {
            abort_transition(ctx, "reading the from view", status);
            return;
        }
    }
    if (!is_none(self->to_view)) {
        status = save_place(self->to_view, &self->to_saved);
        if (status == TH_OK) {
            status = host->superview(self->to_view, &parent);
        }
        if (status != TH_OK) {
            abort_transition(ctx, "reading the to view", status);
            return;
        }
    }
    if (is_none(self->from_view) || is_none(self->to_view)) {
        plugin_log(TH_LOG_WARNING, "parallax-slide: a %s without a %s view; only one screen moves",
                   self->pushing ? "push" : "pop", is_none(self->from_view) ? "from" : "to");
    }

    width = container_bounds.size.width;
    shift = PARALLAX_FACTOR * width;
    if (self->pushing) {
        /* The new screen enters from beyond the right edge, on top; the old one drifts left. */
        to_start = offset_x(self->to_target, width);
        self->from_target = offset_x(from_frame, -shift);
    } else {
        /* The screen underneath starts where a push left it, a little to the left; the top
         * one leaves past the right edge. */
        to_start = offset_x(self->to_target, -shift);
        self->from_target = offset_x(from_frame, width);
    }

    if (!is_none(self->to_view)) {
        /* On top for a push; underneath the leaving screen for a pop, or it would hide it. */
        if (!self->pushing && !is_none(self->from_view)) {
            status = host->insert_subview_below(container, self->to_view, self->from_view);
        } else {
            status = host->add_subview(container, self->to_view);
        }
        if (status != TH_OK) {
            abort_transition(ctx, "adding the to view", status);
            return;
        }
        self->added_to_view = parent.id != container.id;
        status = host->set_frame(self->to_view, to_start);
        if (status != TH_OK) {
            /* The view still ends in the right place; it only skips the slide. */
            plugin_log(TH_LOG_WARNING,
                       "parallax-slide: setting the start frame failed (status %d)", (int)status);
        }
    }

    options = (th_animation_options){
        .struct_size = sizeof(th_animation_options),
        .timing = TH_TIMING_CURVE,
        .duration = parallax_transition_duration(self, ctx),
        .curve = parallax_curve(ctx),
    };
    status = host->animate(&options, parallax_animations, parallax_completion, self);
    if (status != TH_OK) {
        /* On error neither callback runs, so the completion's work happens here. */
        plugin_log(TH_LOG_ERROR,
                   "parallax-slide: animate failed (status %d); cancelling the transition",
                   (int)status);
        parallax_finish(self, false);
    }
}

static void parallax_animation_ended(void *self, bool completed)
{
    (void)self;
    plugin_log(TH_LOG_DEBUG, "parallax-slide: transition ended (%s)",
               completed ? "completed" : "cancelled");
}

static const th_animator_interface parallax_interface = {
    .struct_size = sizeof(th_animator_interface),
    .create = parallax_create,
    .destroy = parallax_destroy,
    .transition_duration = parallax_transition_duration,
    .animate_transition = parallax_animate_transition,
    .animation_ended = parallax_animation_ended,
};

/* ---------------------------------------------------------------------------------------
 * The "edge-slide" transitioning delegate.
 * ------------------------------------------------------------------------------------- */

/* navigationController(_:animationControllerFor:from:to:): the parallax both ways. */
static const char *edge_slide_animator_for(uint32_t transition)
{
    if (transition == TH_TRANSITION_PUSH || transition == TH_TRANSITION_POP) {
        return "parallax-slide";
    }
    return NULL;
}

/* navigationController(_:interactionControllerFor:): the edge pan pops; a push has no
 * gesture to follow. Any animator will do (the host's engine scrubs whatever animates
 * through it), so `animator_id` is not checked. */
static const char *edge_slide_interaction_controller_for(uint32_t transition,
                                                          const char *animator_id)
{
    (void)animator_id;
    return transition == TH_TRANSITION_POP ? "edge-pop" : NULL;
}

static const th_delegate_interface edge_slide_interface = {
    .struct_size = sizeof(th_delegate_interface),
    .animator_for = edge_slide_animator_for,
    .presentation_controller = NULL, /* navigation transitions have no presentation style */
    .interaction_controller_for = edge_slide_interaction_controller_for,
};

/* ---------------------------------------------------------------------------------------
 * Plugin entry.
 * ------------------------------------------------------------------------------------- */

static const th_effect_descriptor effects[] = {
    {
        .struct_size = sizeof(th_effect_descriptor),
        .kind = TH_KIND_INTERACTION_CONTROLLER,
        .id = "edge-pop",
        .name = "Edge pan to go back",
        .description = "A pan from the left edge drives the pop; it finishes past half the width "
                       "or on a fast flick to the right, and cancels otherwise.",
        .transitions = EDGE_POP_TRANSITIONS,
        .param_count = 0,
        .params = NULL,
        .default_duration = PARALLAX_DURATION,
        .interface = &edge_pop_interface,
    },
    {
        .struct_size = sizeof(th_effect_descriptor),
        .kind = TH_KIND_ANIMATOR,
        .id = "parallax-slide",
        .name = "Parallax slide",
        .description = "The pushed screen slides in from the right while the one below drifts "
                       "30% of the width to the left; a pop reverses it.",
        .transitions = PARALLAX_TRANSITIONS,
        .param_count = 0,
        .params = NULL,
        .default_duration = PARALLAX_DURATION,
        .interface = &parallax_interface,
    },
    {
        .struct_size = sizeof(th_effect_descriptor),
        .kind = TH_KIND_TRANSITIONING_DELEGATE,
        .id = "edge-slide",
        .name = "Edge slide",
        .description = "Parallax slide for push and pop, with a pan from the left edge that "
                       "pops.",
        .transitions = PARALLAX_TRANSITIONS,
        .param_count = 0,
        .params = NULL,
        .default_duration = PARALLAX_DURATION,
        .interface = &edge_slide_interface,
    },
};

static bool plugin_init(const th_host_api *api)
{
    if (api == NULL || api->abi_major != TH_ABI_MAJOR) {
        return false;
    }
    /* The interaction controller drives the transition through the context's 1.1 functions;
     * a 1.0 host table ends before them. The first and the last of those used are checked
     * (fields only grow at the end, so finish lies between them). */
    if (!TH_HAS_FIELD(api, th_host_api, update_interactive_transition) ||
        !TH_HAS_FIELD(api, th_host_api, cancel_interactive_transition)) {
        if (TH_HAS_FIELD(api, th_host_api, log)) {
            api->log(TH_LOG_WARNING, "edge-pop: this plugin needs a host of ABI 1.1 or later "
                                     "(update_interactive_transition); not loading");
        }
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
    .id = "edge-pop",
    .name = "Edge pan to go back",
    .version = "1.0.0",
    .vendor = NULL,
    .init = plugin_init,
    .deinit = plugin_deinit,
    .effect_count = plugin_effect_count,
    .get_effect = plugin_get_effect,
    .get_extension = NULL,
};
