/*
 * Zoom: a shared element (a thumbnail in a list cell) zooms into its place on the next screen
 * (the detail screen's header) on a spring, while the new screen fades in; going back, it
 * shrinks into the thumbnail again. The source documents' image-zoom push and pop.
 *
 * The element is found through the host's shared-elements extension: views on both screens
 * with the same shared id. A snapshot of the element flies between the two places, converted
 * into the container's coordinates, while the real views are hidden; at the end the snapshot
 * goes and the real views show again; its corner radius goes to the target's as it flies.
 * Without a shared pair the screens simply cross-fade.
 */
#include <stdlib.h>
#include <string.h>

#include "transition_host.h"

#define ZOOM_DURATION 0.5
#define ZOOM_DAMPING 0.55

static const th_host_api *host;
static const th_host_shared_elements *shared;

typedef struct zoom {
    bool incoming;        /* present or push: the new screen comes in on top */
    double duration;
    double damping;
    th_context ctx;
    th_view container;
    th_view from_view, to_view;
    th_view source, target; /* the element where it is now, and where it goes */
    th_view flying;       /* the snapshot that moves; {0} when there is no shared pair */
    th_rect end;          /* where the snapshot ends, in the container */
    double end_radius;    /* the target's corner radius, which the snapshot's goes to */
    bool added_to_view;   /* this animator put to_view in the container */
} zoom;

static bool is_none(th_view v) { return v.id == 0; }

/* The rectangle of `view` in the container's coordinates. */
static th_status rect_in_container(zoom *self, th_view view, th_rect *out)
{
    th_rect bounds;
    th_status status = host->get_bounds(view, &bounds);
    if (status != TH_OK) return status;
    return host->convert_rect(bounds, view, self->container, out);
}

/* Finds the shared pair: the first shared view of the screen being shown, and its match on
 * the screen being left. Leaves source/target {0} when there is none. */
static void find_pair(zoom *self)
{
    th_view views[16];
    uint32_t count = 0, i;
    th_view showing = self->incoming ? self->to_view : self->from_view;
    th_view other = self->incoming ? self->from_view : self->to_view;

    if (shared == NULL || is_none(showing) || is_none(other)) return;
    if (shared->shared_views(showing, views, 16, &count) != TH_OK) return;
    for (i = 0; i < count && i < 16; i++) {
        th_view match = { 0 };
        if (shared->matching_view(views[i], other, &match) == TH_OK && !is_none(match)) {
            /* Incoming: from the old screen's element to the new one's; going back, the
             * other way round. */
            self->source = self->incoming ? match : views[i];
            self->target = self->incoming ? views[i] : match;
            return;
        }
    }
}

static void zoom_animations(void *user)
{
    zoom *self = user;
    if (!is_none(self->flying)) {
        host->set_frame(self->flying, self->end);
        /* A rounded thumbnail grows into a square header: its corners straighten as it goes. */
        host->set_corner_radius(self->flying, self->end_radius);
    }
    if (self->incoming) host->set_alpha(self->to_view, 1.0);
    else host->set_alpha(self->from_view, 0.0);
}

static void zoom_completion(void *user, bool finished)
{
    zoom *self = user;
    bool cancelled = false;
    (void)finished;
    host->transition_was_cancelled(self->ctx, &cancelled);
    if (!is_none(self->flying)) host->remove_from_superview(self->flying);
    if (!is_none(self->source)) host->set_hidden(self->source, false);
    if (!is_none(self->target)) host->set_hidden(self->target, false);
    if (self->incoming && cancelled) host->remove_from_superview(self->to_view);
    if (!self->incoming) {
        if (!cancelled) host->remove_from_superview(self->from_view);
        /* The screen that left is whole again for the next time it is shown. */
        host->set_alpha(self->from_view, 1.0);
        if (cancelled && self->added_to_view) host->remove_from_superview(self->to_view);
    }
    host->complete_transition(self->ctx, !cancelled);
}

static void zoom_animate(void *opaque, th_context ctx)
{
    zoom *self = opaque;
    th_view_controller to_vc;
    th_rect final, start;
    th_animation_options options;
    th_status status;

    self->ctx = ctx;
    if ((status = host->container_view(ctx, &self->container)) != TH_OK ||
        (status = host->view(ctx, TH_FROM, &self->from_view)) != TH_OK ||
        (status = host->view(ctx, TH_TO, &self->to_view)) != TH_OK ||
        (status = host->view_controller(ctx, TH_TO, &to_vc)) != TH_OK) {
        host->log(TH_LOG_WARNING, "zoom: looking up the transition failed; cancelling");
        host->complete_transition(ctx, false);
        return;
    }

    /* Both screens must be in place before their elements' positions mean anything. */
    if (!is_none(self->to_view)) {
        th_view parent = { 0 };
        host->superview(self->to_view, &parent);
        if (parent.id != self->container.id) {
            if (!self->incoming && !is_none(self->from_view))
                status = host->insert_subview_below(self->container, self->to_view, self->from_view);
            else
                status = host->add_subview(self->container, self->to_view);
            self->added_to_view = status == TH_OK;
        }
        if (self->incoming) {
            host->final_frame(ctx, to_vc, &final);
            host->set_frame(self->to_view, final);
            host->set_alpha(self->to_view, 0.0);
        }
    }

    find_pair(self);
    if (!is_none(self->source) && rect_in_container(self, self->source, &start) == TH_OK &&
        rect_in_container(self, self->target, &self->end) == TH_OK &&
        host->snapshot_view(self->source, &self->flying) == TH_OK) {
        host->add_subview(self->container, self->flying);
        host->set_frame(self->flying, start);
        if (host->get_corner_radius(self->target, &self->end_radius) != TH_OK) self->end_radius = 0;
        /* On a 1.1 host the snapshot's content is cut to its rounded, changing bounds. */
        if (TH_HAS_FIELD(host, th_host_api, set_clips_to_bounds)) host->set_clips_to_bounds(self->flying, true);
        host->set_hidden(self->source, true);
        host->set_hidden(self->target, true);
    } else {
        self->source.id = self->target.id = self->flying.id = 0;
        host->log(TH_LOG_INFO, "zoom: no shared element on both screens; cross-fading");
    }

    options = (th_animation_options){
        .struct_size = sizeof(th_animation_options),
        .timing = TH_TIMING_SPRING,
        .duration = self->duration,
        .spring_damping_ratio = self->damping,
        .spring_initial_velocity = 0,
    };
    if (host->animate(&options, zoom_animations, zoom_completion, self) != TH_OK) {
        host->log(TH_LOG_WARNING, "zoom: animate failed; cancelling");
        zoom_completion(self, false);
    }
}

static void *zoom_create(const th_effect_config *config)
{
    zoom *self;
    if (config == NULL || config->param_count < 2 || config->params == NULL) return NULL;
    self = calloc(1, sizeof *self);
    if (self == NULL) return NULL;
    self->incoming = config->transition == TH_TRANSITION_PRESENT || config->transition == TH_TRANSITION_PUSH;
    self->damping = config->params[0];
    self->duration = config->params[1];
    return self;
}

static void zoom_destroy(void *self) { free(self); }

static double zoom_duration(void *self, th_context ctx)
{
    (void)ctx;
    return ((zoom *)self)->duration;
}

static const th_animator_interface zoom_interface = {
    .struct_size = sizeof(th_animator_interface),
    .create = zoom_create,
    .destroy = zoom_destroy,
    .transition_duration = zoom_duration,
    .animate_transition = zoom_animate,
};

static const th_param_descriptor zoom_params[] = {
    { .struct_size = sizeof(th_param_descriptor), .type = TH_PARAM_DOUBLE, .id = "damping",
      .name = "Spring damping ratio (1: no overshoot)", .min_value = 0.1, .max_value = 1,
      .default_value = ZOOM_DAMPING },
    { .struct_size = sizeof(th_param_descriptor), .type = TH_PARAM_DOUBLE, .id = "duration",
      .name = "Duration of each transition", .unit = "s", .min_value = 0.1, .max_value = 3,
      .default_value = ZOOM_DURATION },
};

static const th_effect_descriptor zoom_effect = {
    .struct_size = sizeof(th_effect_descriptor),
    .kind = TH_KIND_ANIMATOR,
    .id = "zoom",
    .name = "Zoom",
    .description = "A shared element zooms from one screen into its place on the next, on a spring.",
    .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS | TH_TRANSITION_PUSH | TH_TRANSITION_POP,
    .param_count = 2,
    .params = zoom_params,
    .default_duration = ZOOM_DURATION,
    .interface = &zoom_interface,
};

static bool zoom_init(const th_host_api *api)
{
    if (api == NULL || api->abi_major != TH_ABI_MAJOR) return false;
    host = api;
    /* Optional: without it the effect still works, as a cross-fade. */
    shared = api->get_extension(TH_EXT_HOST_SHARED_ELEMENTS);
    return true;
}

static uint32_t zoom_count(void) { return 1; }
static const th_effect_descriptor *zoom_get(uint32_t i) { return i == 0 ? &zoom_effect : NULL; }

TH_EXPORT const th_plugin_entry th_entry = {
    .struct_size = sizeof(th_plugin_entry),
    .abi_major = TH_ABI_MAJOR,
    .abi_minor = TH_ABI_MINOR,
    .id = "zoom",
    .name = "Zoom",
    .version = "1.0.0",
    .init = zoom_init,
    .effect_count = zoom_count,
    .get_effect = zoom_get,
};
