/*
 * Interruptible: the presented view slides up from below the container to its place, and on
 * dismissal slides back down, revealing what was underneath. The slide runs on a property
 * animator of the host (TH_EXT_HOST_PROPERTY_ANIMATORS, ABI 1.1), so a gesture can grab it
 * mid-flight (`host run --grab-at`), scrub it and throw it on or back.
 *
 * This is the iOS 10 way of writing an animator: UIViewControllerAnimatedTransitioning's
 * interruptibleAnimator(using:) makes one UIViewPropertyAnimator per transition, with the
 * animations and a completion that calls completeTransition(!transitionWasCancelled), and
 * returns that same animator every time it is asked; animateTransition(using:) only asks for
 * it and starts it. The views are set up as Plugins/diagonal/diagonal.c sets them up.
 *
 * The plugin needs a 1.1 host (the property-animator extension); init refuses an older one.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bundled_plugin.h"

/* Long enough that there is time to grab the view on its way, short enough not to drag when
 * nobody does. */
#define INTERRUPTIBLE_DURATION 0.6

/* The host's property animators (th.host-property-animators/1), looked up once in init. */
static const th_host_property_animators *pas;

/* Per-transition state: the host's callbacks only hand back `self`, so everything the
 * animation and completion blocks need lives here, the property animator included (the
 * host asks for it again and must get the same one). */
typedef struct interruptible {
    bool presenting;
    double duration;   /* seconds */
    th_context ctx;
    th_view from_view; /* may be {0} */
    th_view to_view;   /* may be {0} */
    th_view moving;    /* the view that slides: the to-view when presenting, else the from-view */
    th_rect start;     /* `moving`'s frame when the slide starts */
    th_rect end;       /* `moving`'s frame when the slide ends */
    bool prepared;       /* start and end are known */
    bool added_to_view;  /* this animator put to_view into the container */
    bool made;           /* the first interruptible_animator call has run */
    bool finished;       /* complete_transition has been called */
    th_property_animator animator; /* {0} before the first call, or when making it failed */
} interruptible;

static void remove_view(th_view view, const char *which)
{
    th_status status;

    if (is_none(view)) {
        return;
    }
    status = host->remove_from_superview(view);
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "interruptible: removing the %s view failed (status %d)",
                   which, (int)status);
    }
}

/* Puts `moving` at `frame` at once (never called inside an animation block). Only needed when
 * the animator did not end where the transition's outcome says the view must be. */
static void place_moving(interruptible *self, th_rect frame, const char *where)
{
    th_status status;

    if (is_none(self->moving) || !self->prepared) {
        return;
    }
    status = host->set_frame(self->moving, frame);
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "interruptible: putting the %s view at its %s frame failed "
                                   "(status %d)",
                   self->presenting ? "presented" : "dismissed", where, (int)status);
    }
}

/* Cleans up as diagonal.c does and ends the transition, once. `position` is where the
 * animator left the views (TH_POSITION_*); TH_POSITION_CURRENT when it is not known, as on
 * the failure paths. A property animator reversed to its start has already set every
 * property it animated back to its start value, so the frames need touching only when the
 * animator ended somewhere other than where the outcome says. */
static void interruptible_finish(interruptible *self, bool success, uint32_t position)
{
    th_context ctx = self->ctx;
    th_status status;

    if (self->finished) {
        /* complete_transition is once only; a second call would only be reported. */
        plugin_log(TH_LOG_WARNING, "interruptible: the transition was already completed; "
                                   "ignoring a second end");
        return;
    }
    self->finished = true;

    if (self->presenting) {
        if (success && position != TH_POSITION_END) {
            /* The presented screen stays: it must be where it belongs, not off screen. */
            place_moving(self, self->end, "final");
        }
        if (!success && self->added_to_view) {
            /* A cancelled presentation: the screen leaves again. */
            remove_view(self->to_view, "presented");
        }
    } else if (success) {
        remove_view(self->from_view, "dismissed");
    } else {
        /* A cancelled dismissal, the case a grab that throws the view back makes common: the
         * screen stays at the frame it started from, and the presenter's view brought back
         * underneath goes again. */
        if (position != TH_POSITION_START) {
            place_moving(self, self->start, "start");
        }
        if (self->added_to_view) {
            remove_view(self->to_view, "returning");
        }
    }
    /* Last, and without touching self afterwards: once the call into the plugin returns, the
     * host may end the transition and call destroy. */
    status = host->complete_transition(ctx, success);
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "interruptible: complete_transition returned status %d",
                   (int)status);
    }
}

/* The host waits for complete_transition no matter what went wrong; cancelling undoes what
 * was set up and lets the host carry on at once instead of after its cut-off. */
static void abort_transition(interruptible *self, const char *what, th_status status)
{
    plugin_log(TH_LOG_ERROR, "interruptible: %s failed (status %d); cancelling the transition",
               what, (int)status);
    interruptible_finish(self, false, TH_POSITION_CURRENT);
}

/* The animator's animations block: run once, at once, by add_animations; the frame set here
 * is the value the animator moves `moving` to. */
static void interruptible_animations(void *user_data)
{
    interruptible *self = user_data;
    th_status status;

    if (is_none(self->moving)) {
        return;
    }
    status = host->set_frame(self->moving, self->end);
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "interruptible: setting the end frame failed (status %d)",
                   (int)status);
    }
}

/* The animator's completion. As in UIKit, whether the transition counts is the context's
 * answer, not the position: a grab thrown back reverses the animator (position START) and
 * the context answers cancelled from then on; the two are compared only to be reported. */
static void interruptible_completion(void *user_data, uint32_t position)
{
    interruptible *self = user_data;
    bool cancelled = false;
    th_status status;

    status = host->transition_was_cancelled(self->ctx, &cancelled);
    if (status != TH_OK) {
        /* Without an answer, claiming success could leave a half-finished scene; cancelling
         * lets the host restore it. */
        plugin_log(TH_LOG_WARNING,
                   "interruptible: transition_was_cancelled failed (status %d); treating the "
                   "transition as cancelled",
                   (int)status);
        cancelled = true;
    }
    if (position != (cancelled ? (uint32_t)TH_POSITION_START : (uint32_t)TH_POSITION_END)) {
        plugin_log(TH_LOG_WARNING,
                   "interruptible: the animator ended at position %u but the transition was "
                   "%s; putting the view where that outcome needs it",
                   (unsigned)position, cancelled ? "cancelled" : "not cancelled");
    }
    interruptible_finish(self, !cancelled, position);
}

static void *interruptible_create(const th_effect_config *config)
{
    interruptible *self;

    /* Only the two transitions the descriptor declares; NULL lets the host fall back. */
    if (config == NULL || (config->transition != TH_TRANSITION_PRESENT &&
                           config->transition != TH_TRANSITION_DISMISS)) {
        return NULL;
    }
    if (config->param_count < 1 || config->params == NULL) {
        return NULL;
    }
    self = calloc(1, sizeof *self);
    if (self == NULL) {
        return NULL;
    }
    self->presenting = config->transition == TH_TRANSITION_PRESENT;
    /* The host has checked the value against the descriptor's range. */
    self->duration = config->params[0];
    return self;
}

/* The animator lives as long as the scene and the host has nothing to release it with; the
 * instance is all there is to free. The host calls this only when nothing the transition
 * scheduled (the animator's completion included) can call the plugin any more. */
static void interruptible_destroy(void *self)
{
    free(self);
}

static double interruptible_transition_duration(void *self, th_context ctx)
{
    (void)ctx;
    return ((interruptible *)self)->duration;
}

/* The timing: ease-out, a quick start that settles softly, so the view is already well on
 * its way when a finger reaches for it, and a curve that ends exactly at the duration the
 * transition reported (a spring's duration is a fit, and the host's cut-off and alongside
 * animations go by the reported one). Linear while an interaction controller drives the
 * transition from its start, so that the view follows the fingers one to one (the host maps
 * percent to time, and the curve then maps time to position), as zoom-fade does. */
static uint32_t interruptible_curve(th_context ctx)
{
    bool interactive = false;
    th_status status = host->is_interactive(ctx, &interactive);

    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "interruptible: is_interactive failed (status %d); easing out",
                   (int)status);
        return TH_CURVE_EASE_OUT;
    }
    return interactive ? TH_CURVE_LINEAR : TH_CURVE_EASE_OUT;
}

/* Looks up the views and frames, sets the scene up as diagonal.c does and makes the property
 * animator with its animations and completion, not started. On failure the transition has
 * been cancelled and self->animator stays {0}. */
static void interruptible_make(interruptible *self, th_context ctx)
{
    th_view container;
    th_rect container_frame;
    th_animation_options timing;
    th_property_animator animator = { 0 };
    th_status status;

    /* Every lookup comes before the first change to the scene, so a failure here leaves
     * nothing to undo. */
    status = host->container_view(ctx, &container);
    if (status != TH_OK) {
        abort_transition(self, "container_view", status);
        return;
    }
    status = host->view(ctx, TH_FROM, &self->from_view);
    if (status != TH_OK) {
        abort_transition(self, "view(TH_FROM)", status);
        return;
    }
    status = host->view(ctx, TH_TO, &self->to_view);
    if (status != TH_OK) {
        abort_transition(self, "view(TH_TO)", status);
        return;
    }
    status = host->get_frame(container, &container_frame);
    if (status != TH_OK) {
        abort_transition(self, "get_frame(container)", status);
        return;
    }
    self->moving = self->presenting ? self->to_view : self->from_view;

    if (self->presenting) {
        th_view_controller to_vc;

        status = host->view_controller(ctx, TH_TO, &to_vc);
        if (status != TH_OK) {
            abort_transition(self, "view_controller(TH_TO)", status);
            return;
        }
        status = host->final_frame(ctx, to_vc, &self->end);
        if (status != TH_OK) {
            abort_transition(self, "final_frame(to)", status);
            return;
        }
        /* At its final size, one container height lower: just below the container when the
         * final frame is at the top. */
        self->start = self->end;
        self->start.origin.y += container_frame.size.height;
        if (is_none(self->to_view)) {
            plugin_log(TH_LOG_WARNING, "interruptible: no view to present; nothing will move");
        }
    } else {
        if (!is_none(self->from_view)) {
            status = host->get_frame(self->from_view, &self->start);
            if (status != TH_OK) {
                abort_transition(self, "get_frame(from view)", status);
                return;
            }
        } else {
            plugin_log(TH_LOG_WARNING, "interruptible: no view to dismiss; nothing will move");
        }
        /* The mirror of the presentation: the same size, one container height lower. */
        self->end = self->start;
        self->end.origin.y += container_frame.size.height;
    }
    self->prepared = true;

    /* As diagonal.c: the presented view goes into the container; on a dismissal the
     * presenter's view, when the context gives one (it was off screen), comes back underneath
     * the view that slides away, or the slide would reveal nothing. */
    if (!is_none(self->to_view)) {
        if (!self->presenting && !is_none(self->from_view))
            status = host->insert_subview_below(container, self->to_view, self->from_view);
        else
            status = host->add_subview(container, self->to_view);
        if (status != TH_OK) {
            abort_transition(self, "add_subview(to view)", status);
            return;
        }
        self->added_to_view = true;
        if (self->presenting) {
            /* The start value the animator moves from: set before the animations block. */
            status = host->set_frame(self->to_view, self->start);
            if (status != TH_OK) {
                /* The view still ends in the right place; it only skips the slide. */
                plugin_log(TH_LOG_WARNING,
                           "interruptible: setting the start frame failed (status %d)",
                           (int)status);
            }
        }
    }

    timing = (th_animation_options){
        .struct_size = sizeof(th_animation_options),
        .timing = TH_TIMING_CURVE,
        .duration = interruptible_transition_duration(self, ctx),
        .delay = 0, /* a property animator's timing takes no delay */
        .curve = interruptible_curve(ctx),
    };
    status = pas->create(&timing, &animator);
    if (status != TH_OK) {
        abort_transition(self, "creating the property animator", status);
        return;
    }
    status = pas->add_animations(animator, interruptible_animations, self);
    if (status != TH_OK) {
        abort_transition(self, "add_animations", status);
        return;
    }
    status = pas->add_completion(animator, interruptible_completion, self);
    if (status != TH_OK) {
        /* Without its completion the animator would never end the transition: not one to
         * hand out. */
        abort_transition(self, "add_completion", status);
        return;
    }
    self->animator = animator;
}

/* interruptibleAnimator(using:): makes the animator on the first call and returns that same
 * one on every later call for this transition ({0} when making it failed). It does not start
 * it: animate_transition does, and a host that grabs the transition pauses it anyway. */
static th_property_animator interruptible_interruptible_animator(void *opaque, th_context ctx)
{
    interruptible *self = opaque;

    if (self->made) {
        if (ctx.id != self->ctx.id) {
            plugin_log(TH_LOG_WARNING, "interruptible: asked for the animator with another "
                                       "context; one instance serves one transition");
        }
        return self->animator;
    }
    self->made = true;
    self->ctx = ctx;
    interruptible_make(self, ctx);
    return self->animator;
}

/* animateTransition(using:): the iOS 10 form, which only asks for the interruptible animator
 * and starts it, so the transition runs on the very animator a grab will take hold of. */
static void interruptible_animate_transition(void *opaque, th_context ctx)
{
    interruptible *self = opaque;
    th_property_animator animator = interruptible_interruptible_animator(self, ctx);
    uint32_t state = TH_ANIMATING_INACTIVE;
    th_status status;

    if (animator.id == 0) {
        return; /* making it failed, and that has already cancelled the transition */
    }
    status = pas->start(animator);
    if (status != TH_OK) {
        plugin_log(TH_LOG_ERROR,
                   "interruptible: starting the property animator failed (status %d); "
                   "cancelling the transition",
                   (int)status);
        /* Its completion must not end the transition a second time: an active animator is
         * stopped without finishing, which runs no completion. An inactive one never runs
         * it, and stop would be refused (and reported), so it is asked only when active. */
        if (pas->state(animator, &state) == TH_OK && state == TH_ANIMATING_ACTIVE) {
            status = pas->stop(animator, true);
            if (status != TH_OK) {
                plugin_log(TH_LOG_WARNING,
                           "interruptible: stopping the property animator failed (status %d)",
                           (int)status);
            }
        }
        interruptible_finish(self, false, TH_POSITION_CURRENT);
    }
}

static void interruptible_animation_ended(void *self, bool completed)
{
    (void)self;
    plugin_log(TH_LOG_DEBUG, "interruptible: transition ended (%s)",
               completed ? "completed" : "cancelled");
}

static const th_animator_interface interruptible_interface = {
    .struct_size = sizeof(th_animator_interface),
    .create = interruptible_create,
    .destroy = interruptible_destroy,
    .transition_duration = interruptible_transition_duration,
    .animate_transition = interruptible_animate_transition,
    .animation_ended = interruptible_animation_ended,
    .interruptible_animator = interruptible_interruptible_animator,
};

static const th_param_descriptor interruptible_params[] = {
    {
        .struct_size = sizeof(th_param_descriptor),
        .type = TH_PARAM_DOUBLE,
        .id = "duration",
        .name = "Duration of each transition",
        .unit = "s",
        .min_value = 0.1,
        .max_value = 5,
        .default_value = INTERRUPTIBLE_DURATION,
    },
};

static const th_effect_descriptor effects[] = {
    {
        .struct_size = sizeof(th_effect_descriptor),
        .kind = TH_KIND_ANIMATOR,
        .id = "interruptible",
        .name = "Interruptible slide",
        .description = "Slides the presented view up from below and back down on dismissal, on "
                       "a property animator that a gesture can grab mid-flight.",
        .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS,
        .param_count = 1,
        .params = interruptible_params,
        .default_duration = INTERRUPTIBLE_DURATION,
        .interface = &interruptible_interface,
    },
};

static bool plugin_init(const th_host_api *api)
{
    const th_host_property_animators *animators;

    if (api == NULL || api->abi_major != TH_ABI_MAJOR) {
        return false;
    }
    /* Every 1.x host table is at least as long as 1.0's; a shorter one is not a host this
     * plugin can call safely. */
    if (!TH_HAS_FIELD(api, th_host_api, get_extension)) {
        return false;
    }
    /* Every animation of this plugin runs on a property animator; a host without them (a 1.0
     * host) cannot run it at all, so say so and do not load. */
    animators = api->get_extension(TH_EXT_HOST_PROPERTY_ANIMATORS);
    if (animators == NULL) {
        api->log(TH_LOG_WARNING, "interruptible: this plugin needs a host of ABI 1.1 or later "
                                 "(extension " TH_EXT_HOST_PROPERTY_ANIMATORS "); not loading");
        return false;
    }
    if (animators->struct_size < TH_HOST_PROPERTY_ANIMATORS_SIZE_1_1) {
        api->log(TH_LOG_WARNING, "interruptible: the host's " TH_EXT_HOST_PROPERTY_ANIMATORS
                                 " table is shorter than ABI 1.1's; not loading");
        return false;
    }
    host = api;
    pas = animators;
    return true;
}

static void plugin_deinit(void)
{
    host = NULL;
    pas = NULL;
}

BUNDLED_PLUGIN_EFFECT_LIST(effects)

TH_EXPORT const th_plugin_entry th_entry = {
    .struct_size = sizeof(th_plugin_entry),
    .abi_major = TH_ABI_MAJOR,
    .abi_minor = TH_ABI_MINOR,
    .id = "interruptible",
    .name = "Interruptible",
    .version = "1.0.0",
    .vendor = NULL,
    .init = plugin_init,
    .deinit = plugin_deinit,
    .effect_count = plugin_effect_count,
    .get_effect = plugin_get_effect,
    .get_extension = NULL,
};
