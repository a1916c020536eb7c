/*
 * Dimming: a presentation controller that shows the presented view as a sheet covering the
 * lower part of the container (two thirds by default: parameter `height`), over a black
 * backdrop (half transparent by default: parameter `opacity`) that fades in with the
 * presentation and out with the dismissal. The presenter's view stays on screen underneath.
 * Frosted, its twin, puts the sheet over frosted glass instead, as a UIVisualEffectView
 * behind a sheet: the backdrop blurs what lies behind it (ABI 1.2, set_blur), its radius
 * growing from 0 with the presentation under a light tint; on a host without set_blur, the
 * tint alone.
 * On a 1.1 host the sheet's top corners are rounded and it casts a shadow: the sheet clips
 * its content to its corners, and a view that clips casts no shadow, so it sits in a wrapper
 * of the same shape that casts it, which presented_view gives the animators to move.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bundled_plugin.h"

#define DIMMING_DURATION 0.35
#define SHEET_CORNER_RADIUS 12.0
#define SHEET_SHADOW_RADIUS 10.0
#define SHEET_SHADOW_OPACITY 0.35

/* floor() lives in libm, which the plugin does not link. Container sizes are far inside the
 * range in which a long long holds every whole number, so truncating is exact there. */
static double whole_points_down(double value)
{
    double truncated;

    if (!(value > -9.0e15 && value < 9.0e15)) {
        return value;
    }
    truncated = (double)(long long)value;
    return truncated > value ? truncated - 1.0 : truncated;
}

/* One instance serves one presented view controller, from its presentation to the end of
 * its dismissal, so the backdrop is remembered between the two. */
typedef struct dimming {
    th_view backdrop; /* {0} while there is none */
    th_view wrapper;  /* the shadowed view holding the sheet (1.1 hosts); {0} while there is none */
    double opacity;   /* the backdrop's darkness, 0 to 1; frosted: its white tint's opacity */
    double height;    /* the sheet's height, a fraction of the container's */
    bool frosted;     /* the backdrop is frosted glass, not a dimming */
    double blur;      /* frosted: the backdrop blur's radius, points */
    double container; /* frosted: the container's height when the detents were last asked */
} dimming;

/* The frosted backdrop can blur on a 1.2 host; a 1.1 host's table ends before set_blur. */
static bool can_blur(void) { return TH_HAS_FIELD(host, th_host_api, set_blur); }

/* The backdrop at full strength (`shown`) or faded out, by its alpha; frosted glass by its
 * blur's radius too, which grows from nothing as a UIVisualEffectView's effect does, so that
 * the picture behind softens rather than a blurred copy fading in over it. */
static void show_backdrop(const dimming *self, bool shown)
{
    host->set_alpha(self->backdrop, shown ? 1.0 : 0.0);
    if (self->frosted && can_blur()) {
        host->set_blur(self->backdrop, TH_BLUR_BACKDROP, shown ? self->blur : 0.0);
    }
}

static void remove_backdrop(dimming *self)
{
    th_status status;

    if (is_none(self->backdrop)) {
        return;
    }
    status = host->remove_from_superview(self->backdrop);
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "dimming: removing the dimming view failed (status %d)",
                   (int)status);
    }
    self->backdrop = (th_view){ 0 };
}

static void fade_in(void *user_data, th_context ctx)
{
    dimming *self = user_data;

    (void)ctx;
    if (!is_none(self->backdrop)) {
        show_backdrop(self, true);
    }
}

static void fade_out(void *user_data, th_context ctx)
{
    dimming *self = user_data;

    (void)ctx;
    if (!is_none(self->backdrop)) {
        show_backdrop(self, false);
    }
}

/* The parameters, in declaration order (the host checked them against the ranges below). */
enum { PARAM_OPACITY, PARAM_HEIGHT, PARAM_COUNT };
enum { FROSTED_BLUR, FROSTED_TINT, FROSTED_HEIGHT, FROSTED_PARAM_COUNT };

static void *dimming_create(const th_effect_config *config)
{
    dimming *self = calloc(1, sizeof(dimming));

    if (self == NULL) {
        return NULL;
    }
    self->opacity = 0.5;
    self->height = 2.0 / 3.0;
    if (config != NULL && config->param_count == PARAM_COUNT && config->params != NULL) {
        self->opacity = config->params[PARAM_OPACITY];
        self->height = config->params[PARAM_HEIGHT];
    }
    return self;
}

static void *frosted_create(const th_effect_config *config)
{
    dimming *self = calloc(1, sizeof(dimming));

    if (self == NULL) {
        return NULL;
    }
    self->frosted = true;
    self->blur = 20.0;
    self->opacity = 0.3;
    self->height = 2.0 / 3.0;
    if (config != NULL && config->param_count == FROSTED_PARAM_COUNT && config->params != NULL) {
        self->blur = config->params[FROSTED_BLUR];
        self->opacity = config->params[FROSTED_TINT];
        self->height = config->params[FROSTED_HEIGHT];
    }
    return self;
}

static void dimming_destroy(void *self)
{
    /* The backdrop belongs to the scene; by now the dismissal (or the cancelled
     * presentation) has already taken it out. */
    free(self);
}

static bool dimming_frame_of_presented_view(void *opaque, th_rect container_bounds, th_rect *out)
{
    const dimming *self = opaque;
    double top;

    if (out == NULL) {
        return false;
    }
    /* A whole point keeps the sheet's top edge sharp instead of blending across a pixel row. */
    top = whole_points_down(container_bounds.size.height * (1.0 - self->height));
    out->origin.x = container_bounds.origin.x;
    out->origin.y = container_bounds.origin.y + top;
    out->size.width = container_bounds.size.width;
    out->size.height = container_bounds.size.height - top;
    return true;
}

static void round_top_corners(th_view view)
{
    host->set_corner_radius(view, SHEET_CORNER_RADIUS);
    host->set_masked_corners(view, TH_CORNER_TOP_LEFT | TH_CORNER_TOP_RIGHT);
}

/* The sheet's top corners are rounded, as iOS rounds a sheet's, and its content is cut to
 * them; a wrapper of the same shape, at the sheet's final frame with the sheet filling it,
 * casts its shadow. Only a 1.1 host can: a 1.0 host's table ends before the layer
 * functions, and there the sheet stays square and bare. */
static void round_sheet(dimming *self, th_context ctx)
{
    th_view sheet;
    th_view_controller presented;
    th_rect frame;

    if (!TH_HAS_FIELD(host, th_host_api, set_masked_corners)) {
        return;
    }
    if (host->view(ctx, TH_TO, &sheet) != TH_OK || is_none(sheet)) {
        return;
    }
    round_top_corners(sheet);
    host->set_clips_to_bounds(sheet, true);
    if (host->view_controller(ctx, TH_TO, &presented) != TH_OK || host->final_frame(ctx, presented, &frame) != TH_OK ||
        host->create_view("dimming.sheet", frame, &self->wrapper) != TH_OK) {
        self->wrapper = (th_view){ 0 };
        return;
    }
    round_top_corners(self->wrapper);
    host->set_shadow_color(self->wrapper, (th_color){ 0.0, 0.0, 0.0, 1.0 });
    host->set_shadow_opacity(self->wrapper, SHEET_SHADOW_OPACITY);
    host->set_shadow_radius(self->wrapper, SHEET_SHADOW_RADIUS);
    host->set_shadow_offset(self->wrapper, (th_point){ 0.0, 0.0 });
    if (host->set_frame(sheet, (th_rect){ { 0.0, 0.0 }, frame.size }) != TH_OK || host->add_subview(self->wrapper, sheet) != TH_OK) {
        plugin_log(TH_LOG_WARNING, "dimming: the sheet could not be put in its shadowed wrapper; presenting it bare");
        self->wrapper = (th_view){ 0 };
        return;
    }
    /* The sheet fills its wrapper at any height: a drag between frosted's detents resizes the
     * wrapper, and the sheet (its button kept at its bottom) with it. */
    if (TH_HAS_FIELD(host, th_host_api, set_autoresizing_mask)) {
        host->set_autoresizing_mask(sheet, TH_AUTORESIZE_FLEXIBLE_WIDTH | TH_AUTORESIZE_FLEXIBLE_HEIGHT);
    }
}

/* presentedView: the wrapper, which the animators move; {0} (the sheet itself) without one. */
static th_view dimming_presented_view(void *opaque, th_view presented)
{
    (void)presented;
    return ((const dimming *)opaque)->wrapper;
}

static void dimming_presentation_will_begin(void *opaque, th_context ctx)
{
    dimming *self = opaque;
    th_view container;
    th_view backdrop;
    th_rect bounds;
    th_status status;

    /* The presentation itself goes ahead without a backdrop; it is the animator's job, not
     * ours, to end the transition, so a failure here only costs the dimming. */
    round_sheet(self, ctx);
    status = host->container_view(ctx, &container);
    if (status != TH_OK) {
        plugin_log(TH_LOG_ERROR, "dimming: container_view failed (status %d); no dimming",
                   (int)status);
        return;
    }
    status = host->get_bounds(container, &bounds);
    if (status != TH_OK) {
        plugin_log(TH_LOG_ERROR, "dimming: get_bounds(container) failed (status %d); no dimming",
                   (int)status);
        return;
    }
    status = host->create_view(self->frosted ? "frosted" : "dimming", bounds, &backdrop);
    if (status != TH_OK) {
        plugin_log(TH_LOG_ERROR, "dimming: create_view failed (status %d); no dimming",
                   (int)status);
        return;
    }
    if (self->frosted) {
        host->set_background_color(backdrop, (th_color){ 1.0, 1.0, 1.0, self->opacity });
        if (can_blur()) {
            host->set_blur(backdrop, TH_BLUR_BACKDROP, 0.0);
        } else {
            plugin_log(TH_LOG_INFO, "frosted: this host cannot blur (ABI 1.1); a tint only");
        }
    } else {
        host->set_background_color(backdrop, (th_color){ 0.0, 0.0, 0.0, self->opacity });
    }
    host->set_alpha(backdrop, 0.0);
    /* Added now, before the animator adds the presented view, so it ends up between the
     * presenter's view and the sheet. */
    status = host->add_subview(container, backdrop);
    if (status != TH_OK) {
        plugin_log(TH_LOG_ERROR, "dimming: add_subview failed (status %d); no dimming",
                   (int)status);
        return;
    }
    self->backdrop = backdrop;

    status = host->animate_alongside(ctx, fade_in, NULL, self);
    if (status != TH_OK) {
        /* Better a backdrop that appears at once than a sheet over an undimmed screen. */
        plugin_log(TH_LOG_WARNING,
                   "dimming: animate_alongside failed (status %d); showing the dimming at once",
                   (int)status);
        show_backdrop(self, true);
    }
}

static void dimming_presentation_did_end(void *opaque, bool completed)
{
    dimming *self = opaque;

    if (!completed) {
        remove_backdrop(self);
        self->wrapper = (th_view){ 0 };
    }
}

static void dimming_dismissal_will_begin(void *opaque, th_context ctx)
{
    dimming *self = opaque;
    th_status status;

    if (is_none(self->backdrop)) {
        return;
    }
    status = host->animate_alongside(ctx, fade_out, NULL, self);
    if (status != TH_OK) {
        /* The backdrop still goes when the dismissal ends; it just does not fade. */
        plugin_log(TH_LOG_WARNING, "dimming: animate_alongside failed (status %d)", (int)status);
    }
}

static void dimming_dismissal_did_end(void *opaque, bool completed)
{
    dimming *self = opaque;

    if (completed) {
        remove_backdrop(self);
    } else if (!is_none(self->backdrop)) {
        /* The sheet stays, so its backdrop must be back at full strength even if the fade-out
         * had already run. */
        show_backdrop(self, true);
    }
}

static void dimming_container_will_layout(void *opaque, th_view container)
{
    dimming *self = opaque;
    th_rect bounds;
    th_status status;

    if (is_none(self->backdrop)) {
        return;
    }
    status = host->get_bounds(container, &bounds);
    if (status != TH_OK) {
        plugin_log(TH_LOG_WARNING, "dimming: get_bounds(container) failed (status %d)",
                   (int)status);
        return;
    }
    host->set_frame(self->backdrop, bounds);
}

/* The sheet leaves the top third uncovered, so the presenter's view must stay visible. */
static bool dimming_should_remove_presenters_view(void *self)
{
    (void)self;
    return false;
}

static const th_presentation_interface dimming_interface = {
    .struct_size = sizeof(th_presentation_interface),
    .create = dimming_create,
    .destroy = dimming_destroy,
    .frame_of_presented_view = dimming_frame_of_presented_view,
    .presentation_will_begin = dimming_presentation_will_begin,
    .presentation_did_end = dimming_presentation_did_end,
    .dismissal_will_begin = dimming_dismissal_will_begin,
    .dismissal_did_end = dimming_dismissal_did_end,
    .container_will_layout = dimming_container_will_layout,
    .should_remove_presenters_view = dimming_should_remove_presenters_view,
    .presented_view = dimming_presented_view,
};

static const th_param_descriptor params[PARAM_COUNT] = {
    { sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "opacity", "Darkness of the backdrop", NULL, 0.0, 1.0, 0.5, 0, NULL },
    { sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "height", "Height of the sheet, as a fraction of the screen's height", NULL,
      0.1, 1.0, 2.0 / 3.0, 0, NULL },
};

/* Frosted's detents (ABI 1.2, UISheetPresentationController's): the sheet at its `height`,
 * and a large one that leaves the top 54 points of the screen, as an iOS page sheet does. A
 * drag moves it between them; once it rests at one, the sheet's frame is that detent's. */
#define FROSTED_LARGE_GAP 54.0

static double frosted_large(double container) { return container - FROSTED_LARGE_GAP; }

static uint32_t frosted_detent_count(void *opaque)
{
    const dimming *self = opaque;
    /* A sheet already as tall as the large detent has only the one. */
    return self->container > 0 && self->height * self->container >= frosted_large(self->container) ? 1 : 2;
}

static double frosted_detent_height(void *opaque, uint32_t index, th_rect container_bounds)
{
    dimming *self = opaque;
    double h = container_bounds.size.height;
    self->container = h;
    return index == 0 ? h - whole_points_down(h * (1.0 - self->height)) : frosted_large(h);
}

static void frosted_detent_did_change(void *opaque, uint32_t index)
{
    dimming *self = opaque;
    if (self->container <= 0) return;
    /* From now on frame_of_presented_view answers the detent the sheet rests at. */
    self->height = index == 0 ? self->height : frosted_large(self->container) / self->container;
    plugin_log(TH_LOG_INFO, "the sheet rests at its %s detent", index == 0 ? "first" : "large");
}

static const th_presentation_interface frosted_interface = {
    .struct_size = sizeof(th_presentation_interface),
    .create = frosted_create,
    .destroy = dimming_destroy,
    .frame_of_presented_view = dimming_frame_of_presented_view,
    .presentation_will_begin = dimming_presentation_will_begin,
    .presentation_did_end = dimming_presentation_did_end,
    .dismissal_will_begin = dimming_dismissal_will_begin,
    .dismissal_did_end = dimming_dismissal_did_end,
    .container_will_layout = dimming_container_will_layout,
    .should_remove_presenters_view = dimming_should_remove_presenters_view,
    .presented_view = dimming_presented_view,
    .detent_count = frosted_detent_count,
    .detent_height = frosted_detent_height,
    .detent_did_change = frosted_detent_did_change,
};

static const th_param_descriptor frosted_params[FROSTED_PARAM_COUNT] = {
    { sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "blur", "How far the backdrop blurs what lies behind it", "pt", 0.0, 100.0, 20.0, 0,
      NULL },
    { sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "tint", "Opacity of the white tint over the blur", NULL, 0.0, 1.0, 0.3, 0, NULL },
    { sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "height", "Height of the sheet, as a fraction of the screen's height", NULL,
      0.1, 1.0, 2.0 / 3.0, 0, NULL },
};

static const th_effect_descriptor effects[] = {
    {
        .struct_size = sizeof(th_effect_descriptor),
        .kind = TH_KIND_PRESENTATION_CONTROLLER,
        .id = "dimming",
        .name = "Dimming",
        .description = "Shows the presented view as a sheet with rounded top corners and a shadow over the "
                       "lower part of the screen (two thirds by default), above a dimmed backdrop.",
        .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS,
        .param_count = PARAM_COUNT,
        .params = params,
        .default_duration = DIMMING_DURATION,
        .interface = &dimming_interface,
    },
    {
        .struct_size = sizeof(th_effect_descriptor),
        .kind = TH_KIND_PRESENTATION_CONTROLLER,
        .id = "frosted",
        .name = "Frosted",
        .description = "Shows the presented view as a sheet with rounded top corners and a shadow over the "
                       "lower part of the screen, above frosted glass: what lies behind blurs as the sheet comes.",
        .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS,
        .param_count = FROSTED_PARAM_COUNT,
        .params = frosted_params,
        .default_duration = DIMMING_DURATION,
        .interface = &frosted_interface,
    },
};

static bool plugin_init(const th_host_api *api)
{
    if (api == NULL || api->abi_major != TH_ABI_MAJOR) {
        return false;
    }
    /* Every 1.x host table is at least as long as 1.0's; a shorter one is not a host this
     * plugin can call safely. */
    if (!TH_HAS_FIELD(api, th_host_api, get_extension)) {
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
    .id = "dimming",
    .name = "Dimming",
    .version = "1.0.0",
    .vendor = NULL,
    .init = plugin_init,
    .deinit = plugin_deinit,
    .effect_count = plugin_effect_count,
    .get_effect = plugin_get_effect,
    .get_extension = NULL,
};
