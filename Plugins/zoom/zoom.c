/*
 * Zoom: a shared element (a thumbnail in a list cell) zooms into its place on the next screen
 * (the detail screen's header) on a spring, while the new screen fades in; going back, it
 * shrinks into the thumbnail again. The source documents' image-zoom push and pop.
 *
 * The element is found through the host's shared-elements extension: views on both screens
 * with the same shared id. It zooms as UIKit's zoom transitions do: a clipping view in the
 * container flies from the source's rect to the target's (both in the container's
 * coordinates), its corner radius going from the source's to the target's, and inside it two
 * snapshots, of the source and of the target, cross-fade. Each snapshot keeps its own aspect
 * ratio and fills the clipping view (uniform scale, centred), its frames for the start and the
 * end animated in the same block as the clipping view's, so nothing is squashed and a
 * covering snapshot stays covering. The snapshots are taken without their corners, so the
 * clipping view's radius is the only rounding and no baked-in corner grows with the picture.
 * At the end the target's snapshot lies exactly on the target, so removing the clipping view
 * and showing the real views again changes nothing on screen.
 *
 * The spring overshoots only when the element grows: shrinking, an overshoot would pull it
 * far below its end size (and the corners with it), so it runs critically damped.
 * Without a shared pair, or on a 1.0 host (which cannot clip), the screens simply cross-fade.
 */
#include <stdlib.h>
#include <string.h>

#include "bundled_plugin.h"

#define ZOOM_DURATION 0.5
#define ZOOM_DAMPING 0.55

static const th_host_shared_elements *shared;

typedef struct zoom {
    bool incoming;        /* present or push: the new screen comes in on top */
    double duration;
    double damping;
    th_context ctx;
    th_view container;
    th_view from_view, to_view;
    th_view source, target; /* the element where it is now, and where it goes */
    th_view clip;         /* the clipping view that flies; {0} when there is no shared pair */
    th_view source_snap, target_snap; /* inside `clip`: the source fades out, the target in */
    th_rect start, end;   /* where `clip` starts and ends, in the container */
    th_rect source_end, target_end; /* where the snapshots end, in `clip` */
    double end_radius;    /* the target's corner radius, which the clip's goes to */
    bool added_to_view;   /* this animator put to_view in the container */
} zoom;

/* The rectangle of `view` in the container's coordinates. */
static th_status rect_in_container(zoom *self, th_view view, th_rect *out)
{
    th_rect bounds;
    th_status status = host->get_bounds(view, &bounds);
    if (status != TH_OK) return status;
    return host->convert_rect(bounds, view, self->container, out);
}

/* Where a picture of size `content` lies in a box of size `box`, in the box's coordinates:
 * scaled uniformly until it covers the box, and centred (aspect-fill). Interpolating two such
 * frames linearly keeps the picture covering, which is why each end is computed, not the
 * middle. */
static th_rect aspect_fill(th_size content, th_size box)
{
    double sx = box.width / content.width, sy = box.height / content.height;
    double scale = sx > sy ? sx : sy;
    th_size size = { content.width * scale, content.height * scale };
    return (th_rect){ { (box.width - size.width) / 2, (box.height - size.height) / 2 }, size };
}

static bool has_area(th_rect r) { return r.size.width > 0 && r.size.height > 0; }

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

/* A picture of `view` with square corners: the clipping view rounds it, at a radius that
 * changes as it flies, where a rounding baked into the picture would grow with its scale. The
 * radius is put back at once, before any frame is drawn. */
static th_status snapshot_square(th_view view, th_view *out)
{
    double radius = 0;
    bool squared = host->get_corner_radius(view, &radius) == TH_OK && radius > 0 &&
                   host->set_corner_radius(view, 0) == TH_OK;
    th_status status = host->snapshot_view(view, out);
    if (squared && host->set_corner_radius(view, radius) != TH_OK)
        host->log(TH_LOG_WARNING, "zoom: could not give the shared element its corners back");
    return status;
}

/* Puts `snap` in `clip` at `frame` (at the start) and `alpha`. */
static th_status place_snapshot(th_view clip, th_view snap, th_rect frame, double alpha)
{
    th_status status = host->add_subview(clip, snap);
    if (status != TH_OK) return status;
    host->set_frame(snap, frame);
    return host->set_alpha(snap, alpha);
}

/* Builds the clipping view and its two snapshots at the start, and hides the real element on
 * both screens. On failure nothing is left in the container and the real views are untouched. */
static th_status build_zoom(zoom *self)
{
    double start_radius = 0;
    th_status status;

    if ((status = rect_in_container(self, self->source, &self->start)) != TH_OK ||
        (status = rect_in_container(self, self->target, &self->end)) != TH_OK) return status;
    /* A snapshot cannot be scaled to fill an empty rect (nor fill one). */
    if (!has_area(self->start) || !has_area(self->end)) return TH_ERR_UNSUPPORTED;
    if (host->get_corner_radius(self->source, &start_radius) != TH_OK) start_radius = 0;
    if (host->get_corner_radius(self->target, &self->end_radius) != TH_OK) self->end_radius = 0;
    self->source_end = aspect_fill(self->start.size, self->end.size);
    self->target_end = (th_rect){ { 0, 0 }, self->end.size };

    if ((status = snapshot_square(self->source, &self->source_snap)) != TH_OK ||
        (status = snapshot_square(self->target, &self->target_snap)) != TH_OK ||
        (status = host->create_view("zoom.clip", self->start, &self->clip)) != TH_OK) return status;
    if ((status = host->set_clips_to_bounds(self->clip, true)) != TH_OK ||
        (status = place_snapshot(self->clip, self->source_snap, (th_rect){ { 0, 0 }, self->start.size }, 1)) != TH_OK ||
        (status = place_snapshot(self->clip, self->target_snap, aspect_fill(self->end.size, self->start.size), 0)) != TH_OK ||
        (status = host->add_subview(self->container, self->clip)) != TH_OK) {
        /* The snapshots went into the clip, if anywhere: they leave with it. */
        host->remove_from_superview(self->clip);
        return status;
    }
    host->set_corner_radius(self->clip, start_radius);
    host->set_hidden(self->source, true);
    host->set_hidden(self->target, true);
    return TH_OK;
}

/* The spring's damping: the parameter when the element grows, since overshooting a large end
 * reads as a bounce, but none when it shrinks, where the same overshoot in points would
 * collapse the picture far below its end size before it springs back. */
static double zoom_damping(const zoom *self)
{
    double start_area = self->start.size.width * self->start.size.height;
    double end_area = self->end.size.width * self->end.size.height;
    if (is_none(self->clip) || end_area >= start_area) return self->damping;
    return self->damping > 1 ? self->damping : 1;
}

static void zoom_animations(void *user)
{
    zoom *self = user;
    if (!is_none(self->clip)) {
        /* One block, one spring: the clip and both pictures move on the same progress, so
         * the pictures keep covering the clip they fill. */
        host->set_frame(self->clip, self->end);
        host->set_corner_radius(self->clip, self->end_radius);
        host->set_frame(self->source_snap, self->source_end);
        host->set_alpha(self->source_snap, 0.0);
        host->set_frame(self->target_snap, self->target_end);
        host->set_alpha(self->target_snap, 1.0);
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
    /* The snapshots leave with the clip. */
    if (!is_none(self->clip)) host->remove_from_superview(self->clip);
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

/* Finds the pair and builds its zoom, or leaves the transition to the cross-fade. */
static void prepare_zoom(zoom *self)
{
    find_pair(self);
    if (is_none(self->source)) {
        host->log(TH_LOG_INFO, "zoom: no shared element on both screens; cross-fading");
    } else if (!TH_HAS_FIELD(host, th_host_api, set_clips_to_bounds)) {
        /* Without clipping the filling pictures would spill out of the element's place. */
        host->log(TH_LOG_INFO, "zoom: a 1.0 host cannot clip the zoom; cross-fading");
    } else if (build_zoom(self) != TH_OK) {
        host->log(TH_LOG_WARNING, "zoom: building the zoom failed; cross-fading");
    } else {
        return;
    }
    self->source.id = self->target.id = self->clip.id = 0;
    self->source_snap.id = self->target_snap.id = 0;
}

static void zoom_animate(void *opaque, th_context ctx)
{
    zoom *self = opaque;
    th_view_controller to_vc;
    th_rect final;
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

    prepare_zoom(self);
    options = (th_animation_options){
        .struct_size = sizeof(th_animation_options),
        .timing = TH_TIMING_SPRING,
        .duration = self->duration,
        .spring_damping_ratio = zoom_damping(self),
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
