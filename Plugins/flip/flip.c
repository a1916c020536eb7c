/*
 * Flip: the screens turn over like a card about the vertical axis, as UIKit's
 * transition(from:to:options: .transitionFlipFromRight): the old screen turns away to edge-on
 * in the first half, the new one turns in from edge-on in the second, with perspective. Going
 * back (dismiss, pop), it turns the other way. Parameter `perspective`: the eye's distance in
 * points (smaller is more dramatic).
 *
 * It needs ABI 1.1's 3D transforms (set_transform3d), so it refuses a 1.0 host in init; the
 * two halves are keyframes (TH_EXT_HOST_KEYFRAMES), so an interaction can scrub the whole turn.
 */
#include <math.h>
#include <stdlib.h>

#include "bundled_plugin.h"

#define FLIP_DURATION 0.6
#define QUARTER_TURN 1.5707963267948966 /* M_PI / 2; M_PI is not C99 */

static const th_host_keyframes *keyframes;

typedef struct flip {
    bool incoming; /* present or push: the new screen comes in on top */
    double distance;
    th_context ctx;
    th_view container, from, to;
    bool added_to;
} flip;

/* Forward the old screen turns left (its right edge away from us); back, the other way. */
static double direction(const flip *self) { return self->incoming ? 1.0 : -1.0; }

static void first_half(void *user)
{
    flip *self = user;
    if (!is_none(self->from)) host->set_transform3d(self->from, turned_about_y(-direction(self) * QUARTER_TURN, self->distance));
}

static void second_half(void *user)
{
    flip *self = user;
    if (!is_none(self->to)) host->set_transform3d(self->to, turned_about_y(0, self->distance));
}

static void flip_keyframes(void *user)
{
    keyframes->add_keyframe(0.0, 0.5, first_half, user);
    keyframes->add_keyframe(0.5, 0.5, second_half, user);
}

static void flip_completion(void *user, bool finished)
{
    flip *self = user;
    (void)finished;
    /* Both screens lie flat again, whichever is left on screen. */
    if (!is_none(self->from)) host->set_transform3d(self->from, identity_3d());
    if (!is_none(self->to)) host->set_transform3d(self->to, identity_3d());
    end_stage(self->ctx, self->incoming, self->from, self->to, self->added_to);
}

static void flip_animate(void *opaque, th_context ctx)
{
    flip *self = opaque;
    th_rect final;
    th_animation_options options = { 0 };

    self->ctx = ctx;
    if (!stage_views(ctx, self->incoming, &self->container, &self->from, &self->to, &self->added_to, &final)) return;
    if (!is_none(self->to)) {
        /* Edge-on, so unseen, until its half of the turn. */
        host->set_transform3d(self->to, turned_about_y(direction(self) * QUARTER_TURN, self->distance));
    }
    options.struct_size = sizeof options;
    options.timing = TH_TIMING_CURVE;
    options.curve = TH_CURVE_EASE_IN_OUT;
    options.duration = FLIP_DURATION;
    if (keyframes->animate_keyframes(&options, TH_KEYFRAMES_LINEAR, flip_keyframes, flip_completion, self) != TH_OK) {
        flip_completion(self, false);
    }
}

static void *flip_create(const th_effect_config *config)
{
    flip *self;
    if (config == NULL || config->param_count < 1 || config->params == NULL) return NULL;
    self = calloc(1, sizeof *self);
    if (self == NULL) return NULL;
    self->incoming = (config->transition & (TH_TRANSITION_PRESENT | TH_TRANSITION_PUSH)) != 0;
    self->distance = config->params[0];
    return self;
}

static void flip_destroy(void *self) { free(self); }

static double flip_duration(void *self, th_context ctx)
{
    (void)self;
    (void)ctx;
    return FLIP_DURATION;
}

static const th_animator_interface flip_interface = {
    .struct_size = sizeof(th_animator_interface),
    .create = flip_create,
    .destroy = flip_destroy,
    .transition_duration = flip_duration,
    .animate_transition = flip_animate,
};

static const th_param_descriptor flip_params[] = {
    { .struct_size = sizeof(th_param_descriptor), .type = TH_PARAM_DOUBLE, .id = "perspective",
      .name = "The eye's distance from the screen", .unit = "pt", .min_value = 150, .max_value = 5000,
      .default_value = 600 },
};

static const th_effect_descriptor flip_effect = {
    .struct_size = sizeof(th_effect_descriptor),
    .kind = TH_KIND_ANIMATOR,
    .id = "flip",
    .name = "Flip",
    .description = "The screens turn over like a card about the vertical axis, with perspective.",
    .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS | TH_TRANSITION_PUSH | TH_TRANSITION_POP,
    .param_count = 1,
    .params = flip_params,
    .default_duration = FLIP_DURATION,
    .interface = &flip_interface,
};

static bool flip_init(const th_host_api *api)
{
    if (api == NULL || api->abi_major != TH_ABI_MAJOR) return false;
    /* 3D transforms arrived in 1.1; a 1.0 host's table ends before them. */
    if (!TH_HAS_FIELD(api, th_host_api, set_transform3d)) return false;
    host = api;
    keyframes = api->get_extension(TH_EXT_HOST_KEYFRAMES);
    return keyframes != NULL;
}

static uint32_t flip_count(void) { return 1; }
static const th_effect_descriptor *flip_get(uint32_t i) { return i == 0 ? &flip_effect : NULL; }

TH_EXPORT const th_plugin_entry th_entry = {
    .struct_size = sizeof(th_plugin_entry),
    .abi_major = TH_ABI_MAJOR,
    .abi_minor = TH_ABI_MINOR,
    .id = "flip",
    .name = "Flip",
    .version = "1.0.0",
    .init = flip_init,
    .effect_count = flip_count,
    .get_effect = flip_get,
};
