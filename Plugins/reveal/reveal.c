/*
 * Reveal: the new screen appears inside a circle that grows from a corner until it covers the
 * screen (Material's circular reveal), and on the way back the circle shrinks into that corner
 * again, taking the screen with it. Parameter `from`: the corner, or the screen's centre.
 *
 * The circle is the screen's mask (ABI 1.2, set_mask): an ellipse set where it starts, empty,
 * then animated to where it ends like any property. The mask is removed when the transition
 * ends. A 1.1 host has no masks: init refuses it.
 */
#include <math.h>
#include <stdlib.h>

#include "bundled_plugin.h"

#define REVEAL_DURATION 0.5

typedef struct reveal {
    bool incoming;   /* present or push: the new screen is revealed */
    int from;        /* index into from_choices */
    th_context ctx;
    th_view container, from_view, to_view;
    th_view revealed; /* the screen inside the circle */
    th_rect small, large;
    bool added_to;
} reveal;

static const char *const from_choices[] = { "bottom-right", "bottom-left", "top-right", "top-left", "center" };

/* The circle's centre in the screen's bounds: a corner, or the middle. */
static th_point origin(const reveal *self, th_rect bounds)
{
    th_point p = { bounds.size.width / 2, bounds.size.height / 2 };
    if (self->from < 4) {
        p.x = (self->from == 0 || self->from == 2) ? bounds.size.width : 0;
        p.y = self->from < 2 ? bounds.size.height : 0;
    }
    return p;
}

/* The square around `centre` of the circle that reaches the farthest corner of `bounds`. */
static th_rect covering(th_point centre, th_rect bounds)
{
    double dx = fmax(centre.x, bounds.size.width - centre.x), dy = fmax(centre.y, bounds.size.height - centre.y);
    double r = sqrt(dx * dx + dy * dy);
    th_rect square = { { centre.x - r, centre.y - r }, { 2 * r, 2 * r } };
    return square;
}

static void reveal_animations(void *user)
{
    reveal *self = user;
    host->set_mask(self->revealed, TH_MASK_ELLIPSE, self->incoming ? self->large : self->small, 0);
}

static void reveal_completion(void *user, bool finished)
{
    reveal *self = user;
    th_rect none = { { 0, 0 }, { 0, 0 } };
    (void)finished;
    host->set_mask(self->revealed, TH_MASK_NONE, none, 0);
    end_stage(self->ctx, self->incoming, self->from_view, self->to_view, self->added_to);
}

static void reveal_animate(void *opaque, th_context ctx)
{
    reveal *self = opaque;
    th_rect final, bounds;
    th_point centre;
    th_animation_options options = { 0 };

    self->ctx = ctx;
    if (!stage_views(ctx, self->incoming, &self->container, &self->from_view, &self->to_view, &self->added_to, &final)) return;
    self->revealed = self->incoming ? self->to_view : self->from_view;
    if (is_none(self->revealed) || host->get_bounds(self->revealed, &bounds) != TH_OK) {
        host->complete_transition(ctx, true);
        return;
    }
    centre = origin(self, bounds);
    centre.x += bounds.origin.x;
    centre.y += bounds.origin.y;
    self->small.origin = centre;
    self->large = covering(centre, bounds);
    /* Where the circle starts: empty when it grows, covering the screen when it shrinks. */
    host->set_mask(self->revealed, TH_MASK_ELLIPSE, self->incoming ? self->small : self->large, 0);
    options.struct_size = sizeof options;
    options.timing = TH_TIMING_CURVE;
    options.curve = TH_CURVE_EASE_IN_OUT;
    options.duration = REVEAL_DURATION;
    if (host->animate(&options, reveal_animations, reveal_completion, self) != TH_OK) {
        reveal_completion(self, false);
    }
}

static void *reveal_create(const th_effect_config *config)
{
    reveal *self;
    if (config == NULL || config->param_count < 1 || config->params == NULL) return NULL;
    self = calloc(1, sizeof *self);
    if (self == NULL) return NULL;
    self->incoming = (config->transition & (TH_TRANSITION_PRESENT | TH_TRANSITION_PUSH)) != 0;
    self->from = (int)config->params[0];
    return self;
}

static void reveal_destroy(void *self) { free(self); }

static double reveal_duration(void *self, th_context ctx)
{
    (void)self;
    (void)ctx;
    return REVEAL_DURATION;
}

static const th_animator_interface reveal_interface = {
    .struct_size = sizeof(th_animator_interface),
    .create = reveal_create,
    .destroy = reveal_destroy,
    .transition_duration = reveal_duration,
    .animate_transition = reveal_animate,
};

static const th_param_descriptor reveal_params[] = {
    { .struct_size = sizeof(th_param_descriptor), .type = TH_PARAM_ENUM, .id = "from",
      .name = "Where the circle grows from", .default_value = 0, .choice_count = 5, .choices = from_choices },
};

static const th_effect_descriptor reveal_effect = {
    .struct_size = sizeof(th_effect_descriptor),
    .kind = TH_KIND_ANIMATOR,
    .id = "reveal",
    .name = "Circular reveal",
    .description = "The new screen appears inside a circle growing from a corner (the lower right "
                   "one by default) until it covers the screen; going back, the circle shrinks "
                   "into that corner.",
    .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS | TH_TRANSITION_PUSH | TH_TRANSITION_POP,
    .param_count = 1,
    .params = reveal_params,
    .default_duration = REVEAL_DURATION,
    .interface = &reveal_interface,
};

static bool reveal_init(const th_host_api *api)
{
    if (api == NULL || api->abi_major != TH_ABI_MAJOR) return false;
    /* Masks arrived in 1.2; a 1.1 host's table ends before them. */
    if (!TH_HAS_FIELD(api, th_host_api, set_mask)) return false;
    host = api;
    return true;
}

static void reveal_deinit(void) { host = NULL; }

static uint32_t reveal_count(void) { return 1; }
static const th_effect_descriptor *reveal_get(uint32_t i) { return i == 0 ? &reveal_effect : NULL; }

TH_EXPORT const th_plugin_entry th_entry = {
    .struct_size = sizeof(th_plugin_entry),
    .abi_major = TH_ABI_MAJOR,
    .abi_minor = TH_ABI_MINOR,
    .id = "reveal",
    .name = "Circular reveal",
    .version = "1.0.0",
    .init = reveal_init,
    .deinit = reveal_deinit,
    .effect_count = reveal_count,
    .get_effect = reveal_get,
};
