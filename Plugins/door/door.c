/*
 * Door: the new screen swings shut over the old one like a door on its hinge, and swings open
 * again on the way back. The hinge is the screen's left edge (parameter `hinge`: or its right
 * one); the screen turns about it in 3D, its free edge away from the eye, with perspective
 * (parameter `perspective`: the eye's distance in points).
 *
 * The hinge is CALayer's anchor point (ABI 1.2, set_anchor_point): the point of the view that
 * stays where it is while the view turns. As in Core Animation, moving the anchor keeps the
 * view's centre and moves its frame, so the frame is set again after it, and both are put back
 * when the transition ends. A 1.1 host has no anchor point: init refuses it.
 */
#include <math.h>
#include <stdlib.h>

#include "bundled_plugin.h"

#define DOOR_DURATION 0.6
#define QUARTER_TURN 1.5707963267948966 /* M_PI / 2; M_PI is not C99 */

typedef struct door {
    bool incoming;     /* present or push: the new screen swings shut over the old one */
    bool right_hinge;  /* the hinge on the screen's right edge instead of its left */
    double distance;   /* the eye's distance, points */
    th_context ctx;
    th_view container, from, to;
    th_view swinging;  /* the screen on the hinge: the new one coming, or the old one going */
    th_rect frame;     /* its frame before the hinge moved its anchor */
    bool added_to;
} door;

/* Fully open: edge-on, so unseen. Hinged on the right, the door opens the other way. */
static double open_angle(const door *self) { return self->right_hinge ? -QUARTER_TURN : QUARTER_TURN; }

/* Puts the hinge on the swinging screen: its anchor on the hinge's edge, its frame as it was. */
static void hang(door *self)
{
    th_point anchor = { self->right_hinge ? 1.0 : 0.0, 0.5 };
    host->get_frame(self->swinging, &self->frame);
    host->set_anchor_point(self->swinging, anchor);
    host->set_frame(self->swinging, self->frame);
}

/* Takes the hinge off again: flat, anchored in the middle, at the frame it had. */
static void unhang(door *self)
{
    th_point middle = { 0.5, 0.5 };
    host->set_transform3d(self->swinging, identity_3d());
    host->set_anchor_point(self->swinging, middle);
    host->set_frame(self->swinging, self->frame);
}

static void door_swing(void *user)
{
    door *self = user;
    host->set_transform3d(self->swinging, self->incoming ? identity_3d() : turned_about_y(open_angle(self), self->distance));
}

static void door_completion(void *user, bool finished)
{
    door *self = user;
    (void)finished;
    unhang(self);
    end_stage(self->ctx, self->incoming, self->from, self->to, self->added_to);
}

static void door_animate(void *opaque, th_context ctx)
{
    door *self = opaque;
    th_rect final;
    th_animation_options options = { 0 };

    self->ctx = ctx;
    if (!stage_views(ctx, self->incoming, &self->container, &self->from, &self->to, &self->added_to, &final)) return;
    self->swinging = self->incoming ? self->to : self->from;
    if (is_none(self->swinging)) {
        host->complete_transition(ctx, true);
        return;
    }
    hang(self);
    /* The new screen starts open, edge-on; the old one starts shut. */
    if (self->incoming) host->set_transform3d(self->swinging, turned_about_y(open_angle(self), self->distance));
    options.struct_size = sizeof options;
    options.timing = TH_TIMING_CURVE;
    options.curve = TH_CURVE_EASE_IN_OUT;
    options.duration = DOOR_DURATION;
    if (host->animate(&options, door_swing, door_completion, self) != TH_OK) {
        door_completion(self, false);
    }
}

static void *door_create(const th_effect_config *config)
{
    door *self;
    if (config == NULL || config->param_count < 2 || config->params == NULL) return NULL;
    self = calloc(1, sizeof *self);
    if (self == NULL) return NULL;
    self->incoming = (config->transition & (TH_TRANSITION_PRESENT | TH_TRANSITION_PUSH)) != 0;
    self->distance = config->params[0];
    self->right_hinge = config->params[1] == 1;
    return self;
}

static void door_destroy(void *self) { free(self); }

static double door_duration(void *self, th_context ctx)
{
    (void)self;
    (void)ctx;
    return DOOR_DURATION;
}

static const th_animator_interface door_interface = {
    .struct_size = sizeof(th_animator_interface),
    .create = door_create,
    .destroy = door_destroy,
    .transition_duration = door_duration,
    .animate_transition = door_animate,
};

static const char *const hinge_choices[] = { "left", "right" };

static const th_param_descriptor door_params[] = {
    { .struct_size = sizeof(th_param_descriptor), .type = TH_PARAM_DOUBLE, .id = "perspective",
      .name = "The eye's distance from the screen", .unit = "pt", .min_value = 150, .max_value = 5000,
      .default_value = 700 },
    { .struct_size = sizeof(th_param_descriptor), .type = TH_PARAM_ENUM, .id = "hinge",
      .name = "The edge the screen turns about", .default_value = 0, .choice_count = 2, .choices = hinge_choices },
};

static const th_effect_descriptor door_effect = {
    .struct_size = sizeof(th_effect_descriptor),
    .kind = TH_KIND_ANIMATOR,
    .id = "door",
    .name = "Door",
    .description = "The new screen swings shut over the old one like a door on its hinge, in 3D with "
                   "perspective, and swings open again on the way back.",
    .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS | TH_TRANSITION_PUSH | TH_TRANSITION_POP,
    .param_count = 2,
    .params = door_params,
    .default_duration = DOOR_DURATION,
    .interface = &door_interface,
};

static bool door_init(const th_host_api *api)
{
    if (api == NULL || api->abi_major != TH_ABI_MAJOR) return false;
    /* The anchor point arrived in 1.2; a 1.1 host's table ends before it. */
    if (!TH_HAS_FIELD(api, th_host_api, set_anchor_point)) return false;
    host = api;
    return true;
}

static void door_deinit(void) { host = NULL; }

static uint32_t door_count(void) { return 1; }
static const th_effect_descriptor *door_get(uint32_t i) { return i == 0 ? &door_effect : NULL; }

TH_EXPORT const th_plugin_entry th_entry = {
    .struct_size = sizeof(th_plugin_entry),
    .abi_major = TH_ABI_MAJOR,
    .abi_minor = TH_ABI_MINOR,
    .id = "door",
    .name = "Door",
    .version = "1.0.0",
    .init = door_init,
    .deinit = door_deinit,
    .effect_count = door_count,
    .get_effect = door_get,
};
