/*
 * Flight: the new screen, shrunk to a card, flies in from below the screen along a curve,
 * turned to where it is heading as a paper plane is, and lands level at full size in its
 * place; going back it takes off level and flies out along the same curve. Parameter `card`:
 * how small the card is when it is out of the screen.
 *
 * The curve is a keyframe path (ABI 1.2, add_keyframe_path, CAKeyframeAnimation.path) at one
 * speed (TH_KEYFRAMES_PACED) with the view turned to the path's heading: TH_PATH_ROTATE_AUTO
 * coming in, which ends heading right (level), and _AUTO_REVERSE going out, which starts
 * heading left (level too), so the turn never snaps. The card's size is its 3D transform,
 * animated in the same keyframe animation, so that it does not fight the path's turn for the
 * 2D transform. A 1.1 host has no paths: init refuses it.
 */
#include <math.h>
#include <stdlib.h>

#include "bundled_plugin.h"

#define FLIGHT_DURATION 0.6

static const th_host_keyframes *keyframes;

typedef struct flight {
    bool incoming; /* present or push: the new screen flies in */
    double card;   /* the card's scale off the screen */
    th_context ctx;
    th_view container, from_view, to_view;
    th_view flying;
    th_path_element path[2];
    bool added_to;
} flight;

static th_path_element point_element(uint32_t kind, double x, double y)
{
    th_path_element e = { 0 };
    e.kind = kind;
    e.points[0].x = x;
    e.points[0].y = y;
    return e;
}

/* The curve between a point just below the screen's left half, where the card (turned up
 * the path) is out of sight, and the screen's place (`centre`), in the container's
 * coordinates: it rises, bends left and comes in heading right. */
static void make_path(flight *self, th_rect bounds, th_point centre)
{
    double w = bounds.size.width, h = bounds.size.height;
    th_point low = { bounds.origin.x + 0.2 * w, bounds.origin.y + h + self->card * fmax(w, h) / 2 + 8 };
    th_point rising = { low.x, bounds.origin.y + 0.55 * h };
    th_point turning = { centre.x - 0.5 * w, centre.y };
    th_path_element curve = { 0 };

    curve.kind = TH_PATH_CURVE_TO;
    if (self->incoming) {
        self->path[0] = point_element(TH_PATH_MOVE_TO, low.x, low.y);
        curve.points[0] = rising;
        curve.points[1] = turning;
        curve.points[2] = centre;
    } else {
        self->path[0] = point_element(TH_PATH_MOVE_TO, centre.x, centre.y);
        curve.points[0] = turning;
        curve.points[1] = rising;
        curve.points[2] = low;
    }
    self->path[1] = curve;
}

static th_transform3d scaled(double s)
{
    th_transform3d t = identity_3d();
    t.m11 = s;
    t.m22 = s;
    return t;
}

static void flight_animations(void *user)
{
    flight *self = user;
    keyframes->add_keyframe_path(self->flying, 2, self->path,
                                 self->incoming ? TH_PATH_ROTATE_AUTO : TH_PATH_ROTATE_AUTO_REVERSE);
    host->set_transform3d(self->flying, scaled(self->incoming ? 1 : self->card));
}

static void flight_completion(void *user, bool finished)
{
    flight *self = user;
    (void)finished;
    /* A screen that flew out leaves at its own size, so that it comes back whole. */
    if (!self->incoming) host->set_transform3d(self->flying, identity_3d());
    end_stage(self->ctx, self->incoming, self->from_view, self->to_view, self->added_to);
}

static void flight_animate(void *opaque, th_context ctx)
{
    flight *self = opaque;
    th_rect final, bounds, frame;
    th_point centre;
    th_animation_options options = { 0 };

    self->ctx = ctx;
    if (!stage_views(ctx, self->incoming, &self->container, &self->from_view, &self->to_view, &self->added_to, &final)) return;
    self->flying = self->incoming ? self->to_view : self->from_view;
    if (is_none(self->flying) || host->get_bounds(self->container, &bounds) != TH_OK ||
        host->get_frame(self->flying, &frame) != TH_OK) {
        host->complete_transition(ctx, true);
        return;
    }
    centre.x = frame.origin.x + frame.size.width / 2;
    centre.y = frame.origin.y + frame.size.height / 2;
    make_path(self, bounds, centre);
    if (self->incoming) {
        /* Where it starts: a card below the screen, turned up the path, before the first frame. */
        host->set_transform3d(self->flying, scaled(self->card));
    }
    options.struct_size = sizeof options;
    options.timing = TH_TIMING_CURVE;
    options.curve = TH_CURVE_EASE_IN_OUT;
    options.duration = FLIGHT_DURATION;
    if (keyframes->animate_keyframes(&options, TH_KEYFRAMES_PACED, flight_animations, flight_completion, self) != TH_OK) {
        flight_completion(self, false);
    }
}

static void *flight_create(const th_effect_config *config)
{
    flight *self;
    if (config == NULL || config->param_count < 1 || config->params == NULL) return NULL;
    self = calloc(1, sizeof *self);
    if (self == NULL) return NULL;
    self->incoming = (config->transition & (TH_TRANSITION_PRESENT | TH_TRANSITION_PUSH)) != 0;
    self->card = config->params[0];
    return self;
}

static void flight_destroy(void *self) { free(self); }

static double flight_duration(void *self, th_context ctx)
{
    (void)self;
    (void)ctx;
    return FLIGHT_DURATION;
}

static const th_animator_interface flight_interface = {
    .struct_size = sizeof(th_animator_interface),
    .create = flight_create,
    .destroy = flight_destroy,
    .transition_duration = flight_duration,
    .animate_transition = flight_animate,
};

static const th_param_descriptor flight_params[] = {
    { .struct_size = sizeof(th_param_descriptor), .type = TH_PARAM_DOUBLE, .id = "card",
      .name = "The card's size off the screen, a fraction of the screen's",
      .min_value = 0.1, .max_value = 1, .default_value = 0.3 },
};

static const th_effect_descriptor flight_effect = {
    .struct_size = sizeof(th_effect_descriptor),
    .kind = TH_KIND_ANIMATOR,
    .id = "flight",
    .name = "Flight along a path",
    .description = "The new screen flies in from below as a card along a curve, turned to its "
                   "heading, and lands level at full size; going back it flies out the same way.",
    .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS | TH_TRANSITION_PUSH | TH_TRANSITION_POP,
    .param_count = 1,
    .params = flight_params,
    .default_duration = FLIGHT_DURATION,
    .interface = &flight_interface,
};

static bool flight_init(const th_host_api *api)
{
    if (api == NULL || api->abi_major != TH_ABI_MAJOR) return false;
    keyframes = api->get_extension(TH_EXT_HOST_KEYFRAMES);
    /* Paths arrived in 1.2; a 1.1 host's keyframes end before them. */
    if (keyframes == NULL || !TH_HAS_FIELD(keyframes, th_host_keyframes, add_keyframe_path)) return false;
    if (!TH_HAS_FIELD(api, th_host_api, set_transform3d)) return false;
    host = api;
    return true;
}

static void flight_deinit(void) { host = NULL; }

static uint32_t flight_count(void) { return 1; }
static const th_effect_descriptor *flight_get(uint32_t i) { return i == 0 ? &flight_effect : NULL; }

TH_EXPORT const th_plugin_entry th_entry = {
    .struct_size = sizeof(th_plugin_entry),
    .abi_major = TH_ABI_MAJOR,
    .abi_minor = TH_ABI_MINOR,
    .id = "flight",
    .name = "Flight along a path",
    .version = "1.0.0",
    .init = flight_init,
    .deinit = flight_deinit,
    .effect_count = flight_count,
    .get_effect = flight_get,
};
