/*
 * Cube: the two screens are neighbouring faces of a cube that turns a quarter turn. Pushing,
 * the old screen turns away to the left about the cube's axis while the new one, the face on
 * its right, turns in to the front; popping, the cube turns back the other way. Presenting, the
 * cube turns upwards (the new screen is the face below); dismissing, downwards. The face turning
 * away darkens under a black veil, so the turn reads as 3D.
 *
 * Parameters: `perspective`, the eye's distance from the screen in points (smaller is more
 * dramatic); `shading`, how dark the veil over a face seen edge-on gets (0 turns it off).
 *
 * The cube's axis lies half a screen behind the screen, so each face is a 3D transform that
 * moves the view back by half a screen, turns it and moves it forward again (ABI 1.1's
 * set_transform3d). The host animates a 3D transform by its parts (translation and rotation
 * separately), which would let the edges of the two faces drift apart halfway; so the turn is
 * played as keyframes (TH_EXT_HOST_KEYFRAMES) a few degrees apart, close enough that the edges
 * stay together, and an interaction can scrub the whole turn.
 *
 * From the eye, in front of the cube and within its height (width), a face turned more than
 * about 70 degrees shows its back, seen from inside the cube, mirrored over the other face.
 * So, as a CALayer with isDoubleSided = false, a face turned away from the eye is hidden: each
 * keyframe gives a face alpha 0 while its corners, as drawn, go round the other way.
 *
 * Reduce Motion (ABI 1.2): the descriptor names `cube-fade` as cube's reduced variant, which
 * `host run cube --reduce-motion` plays instead: nothing turns or moves, the new screen fades
 * in where it stands, or the old one fades out over the screen it returns to.
 */
#include <math.h>
#include <stdlib.h>

#include "bundled_plugin.h"

#define CUBE_DURATION 0.6
#define QUARTER_TURN 1.5707963267948966 /* M_PI / 2; M_PI is not C99 */
/* Keyframes of the turn: 6 degrees each. */
#define CUBE_STEPS 15

static const th_host_keyframes *keyframes;

typedef struct cube {
    bool incoming;   /* present or push */
    bool vertical;   /* present or dismiss: the cube turns about the horizontal axis */
    double distance; /* the eye's distance, points */
    double shading;  /* the veil's alpha over a face seen edge-on */
    double depth;    /* half the side of the cube: half the screen's width (height, vertical) */
    th_size face;    /* a face's size: the screen's, kept so a keyframe asks the host nothing */
    th_context ctx;
    th_view container, from, to;
    th_view from_veil, to_veil; /* {0} when not shading */
    bool added_to;
    int step; /* the keyframe being declared */
} cube;

/* a × b for row vectors: a point goes through a, then through b. */
static th_transform3d concat(th_transform3d a, th_transform3d b)
{
    const double *x = &a.m11, *y = &b.m11;
    th_transform3d r;
    double *out = &r.m11;
    int i, j, k;
    for (i = 0; i < 4; i++) {
        for (j = 0; j < 4; j++) {
            double sum = 0;
            for (k = 0; k < 4; k++) sum += x[i * 4 + k] * y[k * 4 + j];
            out[i * 4 + j] = sum;
        }
    }
    return r;
}

static th_transform3d translation_z(double z)
{
    th_transform3d t = identity_3d();
    t.m43 = z;
    return t;
}

/* A rotation by `angle` about the vertical (y) axis, or the horizontal (x) one, as
 * CATransform3DMakeRotation makes it. */
static th_transform3d rotation(double angle, bool about_x)
{
    th_transform3d t = identity_3d();
    double c = cos(angle), s = sin(angle);
    if (about_x) {
        t.m22 = c;
        t.m23 = s;
        t.m32 = -s;
        t.m33 = c;
    } else {
        t.m11 = c;
        t.m13 = -s;
        t.m31 = s;
        t.m33 = c;
    }
    return t;
}

/* The face turned by `angle` about the cube's axis (`depth` points behind the screen), seen
 * from `distance` points away. Angle 0 is the front face, flat: exactly the identity, so a
 * screen at rest is left as UIKit would leave it. */
static th_transform3d face(const cube *self, double angle)
{
    th_transform3d perspective = identity_3d();
    if (angle == 0) return identity_3d();
    perspective.m34 = -1.0 / self->distance;
    return concat(concat(concat(translation_z(self->depth), rotation(angle, self->vertical)), translation_z(-self->depth)),
                  perspective);
}

/* Where the point (x, y) of a face, relative to its centre (the transform applies about the
 * view's centre), is drawn under `t`; false when it lies behind the eye (w <= 0). */
static bool project(th_transform3d t, double x, double y, th_point *out)
{
    double w = x * t.m14 + y * t.m24 + t.m44;
    if (w <= 0) return false;
    out->x = (x * t.m11 + y * t.m21 + t.m41) / w;
    out->y = (x * t.m12 + y * t.m22 + t.m42) / w;
    return true;
}

/* Twice the signed area of a face of `size` as drawn under `t`: its sign says which way round
 * the corners go. 0 when a corner lies behind the eye, where the face cannot be drawn. */
static double drawn_area(th_transform3d t, th_size size)
{
    static const double corners[4][2] = { { -0.5, -0.5 }, { 0.5, -0.5 }, { 0.5, 0.5 }, { -0.5, 0.5 } };
    th_point p[4];
    double area = 0;
    int i;
    for (i = 0; i < 4; i++) {
        if (!project(t, corners[i][0] * size.width, corners[i][1] * size.height, &p[i])) return 0;
    }
    for (i = 0; i < 4; i++) area += p[i].x * p[(i + 1) % 4].y - p[(i + 1) % 4].x * p[i].y;
    return area;
}

/* Whether a face under `t` shows its front: its corners go round as the flat face's do.
 * Turned away, its back would show, mirrored, where a single-sided layer draws nothing. */
static bool faces_eye(const cube *self, th_transform3d t)
{
    return drawn_area(t, self->face) * drawn_area(identity_3d(), self->face) > 0;
}

/* Where the outgoing face ends and the incoming one starts, in radians. About the vertical
 * axis a positive angle turns a face's left edge towards the eye: pushing, the old face turns
 * to -90 degrees (its right edge ends at the screen's left edge) and the new one comes from
 * +90 (its left edge starts at the screen's right edge). About the horizontal axis (y down) a
 * positive angle lifts the face's bottom edge to the top of the screen: presenting, the old
 * face goes to +90 and the new one comes from -90 (from below). Going back, the reverse. */
static double outgoing_end(const cube *self)
{
    double forward = self->vertical ? QUARTER_TURN : -QUARTER_TURN;
    return self->incoming ? forward : -forward;
}

static double veil(const cube *self, double angle) { return self->shading * fabs(sin(angle)); }

/* One face at `angle`: turned, veiled, and shown only while it faces the eye. */
static void turn_face(const cube *self, th_view face_view, th_view veil_view, double angle)
{
    th_transform3d t = face(self, angle);
    if (is_none(face_view)) return;
    host->set_transform3d(face_view, t);
    host->set_alpha(face_view, faces_eye(self, t) ? 1 : 0);
    if (!is_none(veil_view)) host->set_alpha(veil_view, veil(self, angle));
}

/* One keyframe: both faces at `progress` of the turn. */
static void turn_to(cube *self, double progress)
{
    double out = outgoing_end(self) * progress, in = -outgoing_end(self) * (1 - progress);
    /* The last keyframe lands exactly on the flat front face. */
    if (progress >= 1) in = 0;
    turn_face(self, self->from, self->from_veil, out);
    turn_face(self, self->to, self->to_veil, in);
}

static void cube_step(void *user)
{
    cube *self = user;
    turn_to(self, (double)(self->step + 1) / CUBE_STEPS);
}

static void cube_keyframes(void *user)
{
    cube *self = user;
    for (self->step = 0; self->step < CUBE_STEPS; self->step++) {
        keyframes->add_keyframe((double)self->step / CUBE_STEPS, 1.0 / CUBE_STEPS, cube_step, self);
    }
}

static void remove_veils(cube *self)
{
    if (!is_none(self->from_veil)) host->remove_from_superview(self->from_veil);
    if (!is_none(self->to_veil)) host->remove_from_superview(self->to_veil);
    self->from_veil.id = self->to_veil.id = 0;
}

static void cube_completion(void *user, bool finished)
{
    cube *self = user;
    (void)finished;
    /* Both screens lie flat again, unveiled and shown, whichever is left on screen. */
    remove_veils(self);
    if (!is_none(self->from)) {
        host->set_transform3d(self->from, identity_3d());
        host->set_alpha(self->from, 1);
    }
    if (!is_none(self->to)) {
        host->set_transform3d(self->to, identity_3d());
        host->set_alpha(self->to, 1);
    }
    end_stage(self->ctx, self->incoming, self->from, self->to, self->added_to);
}

/* A black view over all of `face`'s subviews, clear until the turn darkens it. */
static th_view make_veil(th_view face_view, const char *name)
{
    th_view veil_view = { 0 };
    th_rect bounds;
    th_color black = { 0, 0, 0, 1 };
    if (is_none(face_view) || host->get_bounds(face_view, &bounds) != TH_OK) return veil_view;
    if (host->create_view(name, bounds, &veil_view) != TH_OK) return veil_view;
    host->set_background_color(veil_view, black);
    host->set_alpha(veil_view, 0);
    if (host->add_subview(face_view, veil_view) != TH_OK) veil_view.id = 0;
    return veil_view;
}

static void cube_animate(void *opaque, th_context ctx)
{
    cube *self = opaque;
    th_rect final, area;
    th_animation_options options = { 0 };

    self->ctx = ctx;
    if (!stage_views(ctx, self->incoming, &self->container, &self->from, &self->to, &self->added_to, &final)) return;
    if (final.size.width > 0) {
        area = final;
    } else if (host->get_bounds(self->container, &area) != TH_OK) {
        host->complete_transition(ctx, false);
        return;
    }
    self->face = area.size;
    self->depth = (self->vertical ? area.size.height : area.size.width) / 2;
    if (self->depth <= 0) self->depth = 1;
    if (self->shading > 0) {
        self->from_veil = make_veil(self->from, "cube.veil.from");
        self->to_veil = make_veil(self->to, "cube.veil.to");
    }
    /* The new face starts a quarter turn round, as the cube's next face. */
    turn_to(self, 0);

    options.struct_size = sizeof options;
    options.timing = TH_TIMING_CURVE;
    options.curve = TH_CURVE_EASE_IN_OUT;
    options.duration = CUBE_DURATION;
    if (keyframes->animate_keyframes(&options, TH_KEYFRAMES_LINEAR, cube_keyframes, cube_completion, self) != TH_OK) {
        cube_completion(self, false);
    }
}

static void *cube_create(const th_effect_config *config)
{
    cube *self;
    if (config == NULL || config->param_count < 2 || config->params == NULL) return NULL;
    self = calloc(1, sizeof *self);
    if (self == NULL) return NULL;
    self->incoming = (config->transition & (TH_TRANSITION_PRESENT | TH_TRANSITION_PUSH)) != 0;
    self->vertical = (config->transition & (TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS)) != 0;
    self->distance = config->params[0];
    self->shading = config->params[1];
    return self;
}

static void cube_destroy(void *self) { free(self); }

static double cube_duration(void *self, th_context ctx)
{
    (void)self;
    (void)ctx;
    return CUBE_DURATION;
}

static const th_animator_interface cube_interface = {
    .struct_size = sizeof(th_animator_interface),
    .create = cube_create,
    .destroy = cube_destroy,
    .transition_duration = cube_duration,
    .animate_transition = cube_animate,
};

/* cube-fade, cube's Reduce Motion variant. */
typedef struct fade {
    bool incoming;
    th_context ctx;
    th_view from, to, fading;
    bool added_to;
} fade;

static void *fade_create(const th_effect_config *config)
{
    fade *self;
    if (config == NULL) return NULL;
    self = calloc(1, sizeof *self);
    if (self != NULL) self->incoming = (config->transition & (TH_TRANSITION_PRESENT | TH_TRANSITION_PUSH)) != 0;
    return self;
}

static void fade_animations(void *user)
{
    fade *self = user;
    host->set_alpha(self->fading, self->incoming ? 1 : 0);
}

static void fade_completion(void *user, bool finished)
{
    fade *self = user;
    (void)finished;
    if (!is_none(self->from)) host->set_alpha(self->from, 1);
    if (!is_none(self->to)) host->set_alpha(self->to, 1);
    end_stage(self->ctx, self->incoming, self->from, self->to, self->added_to);
}

static void fade_animate(void *opaque, th_context ctx)
{
    fade *self = opaque;
    th_view container, parent = { 0 };
    th_view_controller to_vc;
    th_rect final;
    th_animation_options options = { 0 };

    self->ctx = ctx;
    if (host->container_view(ctx, &container) != TH_OK || host->view(ctx, TH_FROM, &self->from) != TH_OK ||
        host->view(ctx, TH_TO, &self->to) != TH_OK || host->view_controller(ctx, TH_TO, &to_vc) != TH_OK) {
        host->complete_transition(ctx, false);
        return;
    }
    if (!is_none(self->to)) {
        host->superview(self->to, &parent);
        if (parent.id != container.id) {
            th_status added = !self->incoming && !is_none(self->from)
                ? host->insert_subview_below(container, self->to, self->from)
                : host->add_subview(container, self->to);
            self->added_to = added == TH_OK;
        }
        if (host->final_frame(ctx, to_vc, &final) == TH_OK && final.size.width > 0) host->set_frame(self->to, final);
    }
    self->fading = self->incoming ? self->to : self->from;
    if (self->incoming && !is_none(self->fading)) host->set_alpha(self->fading, 0);

    options.struct_size = sizeof options;
    options.timing = TH_TIMING_CURVE;
    options.curve = TH_CURVE_EASE_IN_OUT;
    options.duration = CUBE_DURATION;
    if (is_none(self->fading) || host->animate(&options, fade_animations, fade_completion, self) != TH_OK) {
        fade_completion(self, false);
    }
}

static const th_animator_interface fade_interface = {
    .struct_size = sizeof(th_animator_interface),
    .create = fade_create,
    .destroy = cube_destroy,
    .transition_duration = cube_duration,
    .animate_transition = fade_animate,
};

static const th_param_descriptor cube_params[] = {
    { .struct_size = sizeof(th_param_descriptor), .type = TH_PARAM_DOUBLE, .id = "perspective",
      .name = "The eye's distance from the screen", .unit = "pt", .min_value = 150, .max_value = 5000,
      .default_value = 800 },
    { .struct_size = sizeof(th_param_descriptor), .type = TH_PARAM_DOUBLE, .id = "shading",
      .name = "How dark a face seen edge-on gets", .unit = "", .min_value = 0, .max_value = 1,
      .default_value = 0.5 },
};

static const th_effect_descriptor cube_effects[] = {
    {
        .struct_size = sizeof(th_effect_descriptor),
        .kind = TH_KIND_ANIMATOR,
        .id = "cube",
        .name = "Cube",
        .description = "The screens are two faces of a turning cube: sideways for push and pop, upwards and back for present and dismiss.",
        .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS | TH_TRANSITION_PUSH | TH_TRANSITION_POP,
        .param_count = 2,
        .params = cube_params,
        .default_duration = CUBE_DURATION,
        .interface = &cube_interface,
        .reduced_motion = "cube-fade",
    },
    {
        .struct_size = sizeof(th_effect_descriptor),
        .kind = TH_KIND_ANIMATOR,
        .id = "cube-fade",
        .name = "Cube, with reduced motion",
        .description = "What cube plays under Reduce Motion: nothing turns, the new screen fades in where it stands.",
        .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS | TH_TRANSITION_PUSH | TH_TRANSITION_POP,
        .default_duration = CUBE_DURATION,
        .interface = &fade_interface,
    },
};

static bool cube_init(const th_host_api *api)
{
    if (api == NULL || api->abi_major != TH_ABI_MAJOR) return false;
    /* 3D transforms arrived in 1.1; a 1.0 host's table ends before them. */
    if (!TH_HAS_FIELD(api, th_host_api, set_transform3d)) return false;
    host = api;
    keyframes = api->get_extension(TH_EXT_HOST_KEYFRAMES);
    return keyframes != NULL;
}

static uint32_t cube_count(void) { return sizeof cube_effects / sizeof cube_effects[0]; }
static const th_effect_descriptor *cube_get(uint32_t i) { return i < cube_count() ? &cube_effects[i] : NULL; }

TH_EXPORT const th_plugin_entry th_entry = {
    .struct_size = sizeof(th_plugin_entry),
    .abi_major = TH_ABI_MAJOR,
    .abi_minor = TH_ABI_MINOR,
    .id = "cube",
    .name = "Cube",
    .version = "1.0.0",
    .init = cube_init,
    .effect_count = cube_count,
    .get_effect = cube_get,
};
