/*
 * Pinch-dismiss: closing a pinch on a presented screen dismisses it, following the fingers,
 * as in the source documents' percent-driven dismissal driven by a UIPinchGestureRecognizer.
 *
 * Three effects:
 *   - "pinch-dismiss", an interaction controller (ABI 1.1): what an app's
 *     UIPercentDrivenInteractiveTransition and its pinch handler do together. The progress is
 *     how far the pinch has closed, 1 - scale / the scale it began at; when the fingers lift it
 *     finishes if the pinch was still closing and cancels if it was opening.
 *   - "zoom-fade", an animator (UIViewControllerAnimatedTransitioning) that looks right under
 *     that gesture: the presented screen grows from 80% while fading in, and on dismissal
 *     shrinks to 60% while fading out, as if the pinch were pressing it away.
 *   - "pinch-zoom", a transitioning delegate that pairs the two: zoom-fade both ways, and the
 *     pinch for the dismissal (interactionControllerForDismissal).
 *
 * The plugin needs a 1.1 host (the context's interactive functions); init refuses an older one.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bundled_plugin.h"

#define ZOOM_FADE_DURATION 0.35
/* The presented screen's scale when it starts to appear: close enough to its size that the
 * zoom reads as "coming forward", far enough to be seen. */
#define ZOOM_FADE_PRESENT_SCALE 0.8
/* The dismissed screen's scale when it has gone: smaller than the presentation's start, so a
 * closing pinch visibly pushes it away. */
#define ZOOM_FADE_DISMISS_SCALE 0.6
#define PINCH_DISMISS_TRANSITIONS (TH_TRANSITION_DISMISS | TH_TRANSITION_POP)
#define ZOOM_FADE_TRANSITIONS (TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS)

/* isfinite() without libm, which the plugin does not link: NaN and infinities give NaN. */
static bool is_finite(double value)
{
    return value - value == 0.0;
}

static double clamp_unit(double value)
{
    return value < 0.0 ? 0.0 : value > 1.0 ? 1.0 : value;
}

static th_affine scale_transform(double scale)
{
    th_affine transform = { scale, 0.0, 0.0, scale, 0.0, 0.0 };
    return transform;
}

/* ---------------------------------------------------------------------------------------
 * The "pinch-dismiss" interaction controller.
 * ------------------------------------------------------------------------------------- */

/* Per-transition state of the gesture handler: what the seed kept in its view controller
 * (the start scale) plus what keeps it from acting twice or logging on every event. */
typedef struct pinch {
    th_context ctx;      /* from start_interactive_transition; {0} before it */
    double start_scale;  /* the recogniser's scale when the pinch began */
    double progress;     /* the last percent given to the host */
    bool ended;          /* finish or cancel was asked: later events change nothing */
    bool warned_kind;    /* a gesture other than a pinch was reported once */
    bool warned_event;   /* a too-small event was reported once */
    bool warned_update;  /* a failing update was reported once */
} pinch;

static void *pinch_create(const th_effect_config *config)
{
    pinch *self;

    /* Only the transitions the descriptor declares; NULL lets the host go on without it. */
    if (config == NULL || (config->transition & PINCH_DISMISS_TRANSITIONS) == 0 ||
        (config->transition & ~(uint32_t)PINCH_DISMISS_TRANSITIONS) != 0) {
        return NULL;
    }
    self = calloc(1, sizeof *self);
    if (self == NULL) {
        return NULL;
    }
    /* A recogniser's scale is 1 when it begins (see th_gesture_event), so a gesture whose
     * BEGAN event the controller never sees is still measured from the right place. */
    self->start_scale = 1.0;
    return self;
}

static void pinch_destroy(void *self)
{
    free(self);
}

/* startInteractiveTransition: the host has already started the animator, held at 0. The
 * percent-driven engine is the host's, so there is nothing to start, only the context to
 * keep, as UIPercentDrivenInteractiveTransition keeps its. The gesture callback uses the
 * context each event comes with, which the host vouches for at that moment. */
static void pinch_start_interactive_transition(void *opaque, th_context ctx)
{
    pinch *self = opaque;

    self->ctx = ctx;
}

/* finish or cancel, once: after either the transition is no longer interactive and every
 * further call would only come back TH_ERR_BAD_STATE. */
static void pinch_end(pinch *self, th_context ctx, bool finish)
{
    th_status status;

    self->ended = true;
    status = finish ? host->finish_interactive_transition(ctx)
                    : host->cancel_interactive_transition(ctx);
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "pinch-dismiss: %s_interactive_transition failed (status %d)",
                   finish ? "finish" : "cancel", (int)status);
    }
}

/* The seed's pinch handler: BEGAN remembers the scale, CHANGED turns how far the pinch has
 * closed into the percent, ENDED decides by the direction the fingers were still moving. */
static void pinch_gesture(void *opaque, th_context ctx, const th_gesture_event *event)
{
    pinch *self = opaque;
    th_status status;

    if (event == NULL || self->ended) {
        return;
    }
    if (!TH_HAS_FIELD(event, th_gesture_event, scale)) {
        if (!self->warned_event) {
            self->warned_event = true;
            plugin_log(TH_LOG_WARNING,
                       "pinch-dismiss: a gesture event of %u bytes has no scale; ignoring it",
                       (unsigned)event->struct_size);
        }
        return;
    }
    if (event->kind != TH_GESTURE_PINCH) {
        /* The progress of a pan means something else; guessing would scrub the wrong way. */
        if (!self->warned_kind) {
            self->warned_kind = true;
            plugin_log(TH_LOG_WARNING,
                       "pinch-dismiss: only a pinch drives this transition; ignoring gesture "
                       "kind %u",
                       (unsigned)event->kind);
        }
        return;
    }
    switch (event->state) {
    case TH_GESTURE_BEGAN:
        /* A scale of 0 or less would divide by nothing below; keep 1, the recogniser's own
         * starting value. */
        if (is_finite(event->scale) && event->scale > 0.0) {
            self->start_scale = event->scale;
        } else {
            plugin_log(TH_LOG_WARNING,
                       "pinch-dismiss: the pinch began at scale %g; measuring from 1",
                       event->scale);
        }
        break;

    case TH_GESTURE_CHANGED: {
        double progress = 1.0 - event->scale / self->start_scale;

        if (!is_finite(progress)) {
            return; /* a NaN scale: keep the last frame rather than report a bad argument */
        }
        self->progress = clamp_unit(progress);
        status = host->update_interactive_transition(ctx, self->progress);
        if (status != TH_OK && !self->warned_update) {
            self->warned_update = true;
            plugin_log(TH_LOG_WARNING,
                       "pinch-dismiss: update_interactive_transition(%g) failed (status %d)",
                       self->progress, (int)status);
        }
        break;
    }

    case TH_GESTURE_ENDED: {
        bool closing;

        /* Still closing when the fingers lift means "go": the seed's rule, on the sign of
         * the velocity alone, so a slow but deliberate pinch also dismisses. */
        if (TH_HAS_FIELD(event, th_gesture_event, scale_velocity)) {
            closing = event->scale_velocity < 0.0;
        } else {
            /* Not a 1.1 event after all: without a velocity, decide as a pan handler does. */
            closing = self->progress > 0.5;
            plugin_log(TH_LOG_WARNING,
                       "pinch-dismiss: the event has no scale velocity; deciding by progress %g",
                       self->progress);
        }
        pinch_end(self, ctx, closing);
        break;
    }

    case TH_GESTURE_CANCELLED:
        /* The system took the touches away (a call, another recogniser): nothing was decided,
         * so the screen stays. */
        pinch_end(self, ctx, false);
        break;

    default:
        plugin_log(TH_LOG_WARNING, "pinch-dismiss: unknown gesture state %u; ignored",
                   (unsigned)event->state);
        break;
    }
}

/* The tail after the fingers lift starts at full speed and settles, so the screen keeps the
 * pace the pinch gave it instead of pausing to accelerate again (ease-in-out would). */
static uint32_t pinch_completion_curve(void *self)
{
    (void)self;
    return TH_CURVE_EASE_OUT;
}

static const th_interaction_interface pinch_interface = {
    .struct_size = sizeof(th_interaction_interface),
    .create = pinch_create,
    .destroy = pinch_destroy,
    .start_interactive_transition = pinch_start_interactive_transition,
    .gesture = pinch_gesture,
    /* NULL: the tail plays at the transition's own pace (completionSpeed 1). */
    .completion_speed = NULL,
    .completion_curve = pinch_completion_curve,
};

/* ---------------------------------------------------------------------------------------
 * The "zoom-fade" animator.
 * ------------------------------------------------------------------------------------- */

/* How a view looked before the transition touched it: everything zoom-fade changes, kept so
 * that a cancel leaves it exactly as it was. Centre and bounds rather than the frame, which
 * the transform distorts. */
typedef struct look {
    th_point center;
    th_rect bounds;
    th_affine transform;
    double alpha;
} look;

/* Per-transition state: the host's callbacks only hand back `self`, so everything the
 * animation and completion blocks need lives here. */
typedef struct zoom_fade {
    bool presenting;   /* present: the to-view zooms in; dismiss: the from-view zooms out */
    th_context ctx;
    th_view from_view; /* may be {0} */
    th_view to_view;   /* may be {0} */
    th_view moving;    /* the view that zooms and fades; may be {0} */
    look saved;        /* `moving` before the transition */
    bool added_to_view; /* this animator put to_view into the container */
} zoom_fade;

/* The host waits for complete_transition no matter what went wrong; cancelling keeps the
 * scene as it was and lets the host carry on at once instead of after its cut-off. */
static void abort_transition(th_context ctx, const char *what, th_status status)
{
    plugin_log(TH_LOG_ERROR, "zoom-fade: %s failed (status %d); cancelling the transition", what,
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
        plugin_log(TH_LOG_WARNING, "zoom-fade: removing the %s view failed (status %d)", which,
                   (int)status);
    }
}

static th_status save_look(th_view view, look *out)
{
    th_status status;

    if ((status = host->get_center(view, &out->center)) != TH_OK ||
        (status = host->get_bounds(view, &out->bounds)) != TH_OK ||
        (status = host->get_transform(view, &out->transform)) != TH_OK) {
        return status;
    }
    return host->get_alpha(view, &out->alpha);
}

/* Puts back what save_look recorded. Applied at once: it is never called inside an
 * animation block. `geometry` false restores only the transform and alpha, the two
 * properties a dismissal changes. */
static void restore_look(th_view view, const look *saved, bool geometry, const char *which)
{
    th_status status;

    if (is_none(view)) {
        return;
    }
    status = host->set_transform(view, saved->transform);
    if (status == TH_OK) status = host->set_alpha(view, saved->alpha);
    if (status == TH_OK && geometry) status = host->set_bounds(view, saved->bounds);
    if (status == TH_OK && geometry) status = host->set_center(view, saved->center);
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "zoom-fade: restoring the %s view failed (status %d)", which,
                   (int)status);
    }
}

static void zoom_fade_finish(zoom_fade *self, bool success)
{
    th_context ctx = self->ctx;
    th_status status;

    if (self->presenting) {
        if (!success) {
            /* A cancelled presentation: the screen leaves again, as it was before. */
            remove_view(self->to_view, "presented");
            restore_look(self->moving, &self->saved, true, "presented");
        }
    } else if (success) {
        remove_view(self->from_view, "dismissed");
        /* Whole again (full size, opaque) for the next time it is presented. */
        restore_look(self->moving, &self->saved, false, "dismissed");
    } else {
        /* A cancelled dismissal, the case an interaction makes common: the screen stays, at
         * its size and opacity, and the presenter's view brought back underneath goes. */
        restore_look(self->moving, &self->saved, false, "dismissed");
        if (self->added_to_view) {
            remove_view(self->to_view, "returning");
        }
    }
    /* Last, and without touching self afterwards: the host may end the transition and call
     * destroy from inside this call. */
    status = host->complete_transition(ctx, success);
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "zoom-fade: complete_transition returned status %d",
                   (int)status);
    }
}

static void zoom_fade_animations(void *user_data)
{
    zoom_fade *self = user_data;
    th_status status;

    if (is_none(self->moving)) {
        return;
    }
    if (self->presenting) {
        status = host->set_transform(self->moving, scale_transform(1.0));
        if (status == TH_OK) status = host->set_alpha(self->moving, 1.0);
    } else {
        status = host->set_transform(self->moving, scale_transform(ZOOM_FADE_DISMISS_SCALE));
        if (status == TH_OK) status = host->set_alpha(self->moving, 0.0);
    }
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "zoom-fade: setting the animated values failed (status %d)",
                   (int)status);
    }
}

static void zoom_fade_completion(void *user_data, bool finished)
{
    zoom_fade *self = user_data;
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
                   "zoom-fade: transition_was_cancelled failed (status %d); treating the "
                   "transition as cancelled",
                   (int)status);
        cancelled = true;
    }
    zoom_fade_finish(self, !cancelled);
}

static void *zoom_fade_create(const th_effect_config *config)
{
    zoom_fade *self;

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

static void zoom_fade_destroy(void *self)
{
    free(self);
}

static double zoom_fade_transition_duration(void *self, th_context ctx)
{
    (void)self;
    (void)ctx;
    return ZOOM_FADE_DURATION;
}

/* The curve: linear while a gesture drives the transition, so that the screen's size follows
 * the fingers one to one (the host maps percent to time, and the curve then maps time to
 * size); ease-out otherwise, a quick start that settles softly. */
static uint32_t zoom_fade_curve(th_context ctx)
{
    bool interactive = false;
    th_status status = host->is_interactive(ctx, &interactive);

    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "zoom-fade: is_interactive failed (status %d); easing out",
                   (int)status);
        return TH_CURVE_EASE_OUT;
    }
    return interactive ? TH_CURVE_LINEAR : TH_CURVE_EASE_OUT;
}

static void zoom_fade_animate_transition(void *opaque, th_context ctx)
{
    zoom_fade *self = opaque;
    th_view container;
    th_view parent = { 0 };
    th_rect final_frame = { { 0, 0 }, { 0, 0 } };
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
    self->moving = self->presenting ? self->to_view : self->from_view;
    if (is_none(self->moving)) {
        plugin_log(TH_LOG_WARNING, "zoom-fade: no %s view; nothing will move",
                   self->presenting ? "presented" : "dismissed");
    } else {
        status = save_look(self->moving, &self->saved);
        if (status != TH_OK) {
            abort_transition(ctx, "reading the moving view", status);
            return;
        }
    }
    if (self->presenting) {
        th_view_controller to_vc;

        status = host->view_controller(ctx, TH_TO, &to_vc);
        if (status != TH_OK) {
            abort_transition(ctx, "view_controller(TH_TO)", status);
            return;
        }
        status = host->final_frame(ctx, to_vc, &final_frame);
        if (status != TH_OK) {
            abort_transition(ctx, "final_frame(to)", status);
            return;
        }
    }
    /* Whether to_view is already in the container decides whether a cancel takes it out. */
    if (!is_none(self->to_view)) {
        status = host->superview(self->to_view, &parent);
        if (status != TH_OK) {
            abort_transition(ctx, "superview(to view)", status);
            return;
        }
    }

    if (self->presenting && !is_none(self->to_view)) {
        status = host->add_subview(container, self->to_view);
        if (status != TH_OK) {
            abort_transition(ctx, "add_subview(to view)", status);
            return;
        }
        self->added_to_view = parent.id != container.id;
        /* The final frame is the untransformed one, so it is set with the identity in place;
         * then the start of the zoom, about the view's centre. */
        if ((status = host->set_transform(self->to_view, scale_transform(1.0))) != TH_OK ||
            (status = host->set_frame(self->to_view, final_frame)) != TH_OK ||
            (status = host->set_transform(self->to_view,
                                          scale_transform(ZOOM_FADE_PRESENT_SCALE))) != TH_OK ||
            (status = host->set_alpha(self->to_view, 0.0)) != TH_OK) {
            /* The view still ends in the right place; it only skips part of the zoom. */
            plugin_log(TH_LOG_WARNING, "zoom-fade: setting the start state failed (status %d)",
                       (int)status);
        }
    } else if (!self->presenting && !is_none(self->to_view) && parent.id != container.id) {
        /* The presenter's view comes back underneath the one zooming away, or the fade
         * reveals nothing. */
        if (!is_none(self->from_view)) {
            status = host->insert_subview_below(container, self->to_view, self->from_view);
        } else {
            status = host->add_subview(container, self->to_view);
        }
        if (status != TH_OK) {
            abort_transition(ctx, "adding the to view", status);
            return;
        }
        self->added_to_view = true;
    }

    options = (th_animation_options){
        .struct_size = sizeof(th_animation_options),
        .timing = TH_TIMING_CURVE,
        .duration = zoom_fade_transition_duration(self, ctx),
        .curve = zoom_fade_curve(ctx),
    };
    status = host->animate(&options, zoom_fade_animations, zoom_fade_completion, self);
    if (status != TH_OK) {
        /* On error neither callback runs, so the completion's work happens here. */
        plugin_log(TH_LOG_ERROR, "zoom-fade: animate failed (status %d); cancelling the transition",
                   (int)status);
        zoom_fade_finish(self, false);
    }
}

static void zoom_fade_animation_ended(void *self, bool completed)
{
    (void)self;
    plugin_log(TH_LOG_DEBUG, "zoom-fade: transition ended (%s)",
               completed ? "completed" : "cancelled");
}

static const th_animator_interface zoom_fade_interface = {
    .struct_size = sizeof(th_animator_interface),
    .create = zoom_fade_create,
    .destroy = zoom_fade_destroy,
    .transition_duration = zoom_fade_transition_duration,
    .animate_transition = zoom_fade_animate_transition,
    .animation_ended = zoom_fade_animation_ended,
};

/* ---------------------------------------------------------------------------------------
 * The "pinch-zoom" transitioning delegate.
 * ------------------------------------------------------------------------------------- */

static const char *pinch_zoom_animator_for(uint32_t transition)
{
    if (transition == TH_TRANSITION_PRESENT || transition == TH_TRANSITION_DISMISS) {
        return "zoom-fade";
    }
    return NULL;
}

/* interactionControllerForDismissal: a pinch closes the screen; presenting has no gesture to
 * follow. Any animator will do (the host's engine scrubs whatever animates through it), so
 * `animator_id` is not checked. */
static const char *pinch_zoom_interaction_controller_for(uint32_t transition,
                                                          const char *animator_id)
{
    (void)animator_id;
    return transition == TH_TRANSITION_DISMISS ? "pinch-dismiss" : NULL;
}

static const th_delegate_interface pinch_zoom_interface = {
    .struct_size = sizeof(th_delegate_interface),
    .animator_for = pinch_zoom_animator_for,
    .presentation_controller = NULL, /* full screen: the zoom covers the whole container */
    .interaction_controller_for = pinch_zoom_interaction_controller_for,
};

/* ---------------------------------------------------------------------------------------
 * Plugin entry.
 * ------------------------------------------------------------------------------------- */

static const th_effect_descriptor effects[] = {
    {
        .struct_size = sizeof(th_effect_descriptor),
        .kind = TH_KIND_INTERACTION_CONTROLLER,
        .id = "pinch-dismiss",
        .name = "Pinch to dismiss",
        .description = "A closing pinch drives the dismissal; it finishes if the pinch is still "
                       "closing when the fingers lift and cancels if it is opening.",
        .transitions = PINCH_DISMISS_TRANSITIONS,
        .param_count = 0,
        .params = NULL,
        .default_duration = ZOOM_FADE_DURATION,
        .interface = &pinch_interface,
    },
    {
        .struct_size = sizeof(th_effect_descriptor),
        .kind = TH_KIND_ANIMATOR,
        .id = "zoom-fade",
        .name = "Zoom and fade",
        .description = "The presented screen grows from 80% while fading in, and shrinks to 60% "
                       "while fading out when dismissed.",
        .transitions = ZOOM_FADE_TRANSITIONS,
        .param_count = 0,
        .params = NULL,
        .default_duration = ZOOM_FADE_DURATION,
        .interface = &zoom_fade_interface,
    },
    {
        .struct_size = sizeof(th_effect_descriptor),
        .kind = TH_KIND_TRANSITIONING_DELEGATE,
        .id = "pinch-zoom",
        .name = "Pinch zoom",
        .description = "Zoom-fade both ways, with a pinch that dismisses the screen.",
        .transitions = ZOOM_FADE_TRANSITIONS,
        .param_count = 0,
        .params = NULL,
        .default_duration = ZOOM_FADE_DURATION,
        .interface = &pinch_zoom_interface,
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
            api->log(TH_LOG_WARNING, "pinch-dismiss: this plugin needs a host of ABI 1.1 or "
                                     "later (update_interactive_transition); not loading");
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
    .id = "pinch-dismiss",
    .name = "Pinch to dismiss",
    .version = "1.0.0",
    .vendor = NULL,
    .init = plugin_init,
    .deinit = plugin_deinit,
    .effect_count = plugin_effect_count,
    .get_effect = plugin_get_effect,
    .get_extension = NULL,
};
