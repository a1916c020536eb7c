/*
 * Card sheet: a presentation controller that presents as iOS 13 presents a page sheet. The
 * presented view becomes a card whose rounded top corners stop a little below the status bar
 * (parameter `top`); the presenter's view shrinks back behind it (parameter `scale`), its own
 * corners rounding, and a backdrop dims it (parameter `dimming`). Everything moves with the
 * animator's own timing, through animate_alongside; the dismissal plays it backwards.
 *
 * The card clips its content to its rounded corners, and a view that clips casts no shadow;
 * so, as UIKit sheets do, the card sits in a wrapper of the same shape that casts the shadow,
 * and presented_view hands the wrapper to the animators, which move it in both directions.
 *
 * It needs ABI 1.1's layer properties (rounded, clipped corners, shadows) and presented_view,
 * so it refuses a 1.0 host in init rather than presenting square cards there.
 */
#include <stdio.h>
#include <stdlib.h>

#include "bundled_plugin.h"

#define CARD_DURATION 0.45
#define CARD_CORNER_RADIUS 10.0
/* How far above the card's top edge the shrunken presenter's top edge ends. */
#define PRESENTER_GAP 10.0
/* The blur of the card's shadow, cast upwards onto the dimmed presenter. */
#define CARD_SHADOW_RADIUS 12.0

/* One instance serves one presented view controller, from its presentation to the end of its
 * dismissal. */
typedef struct card_sheet {
    double top;       /* the card's top edge, points below the container's */
    double scale;     /* the presenter's scale behind the card */
    double dimming;   /* the backdrop's darkness, 0 to 1 */
    double shadow;    /* the card's shadow's opacity, 0 to 1 */
    bool modal;       /* isModalInPresentation: a pull down does not dismiss it */
    th_view presenter; /* the presenter's view, {0} when the transition has none */
    th_view backdrop;  /* {0} while there is none */
    th_view wrapper;   /* the shadowed view that holds the card; {0} while there is none */
    th_affine shrunk;  /* the presenter's transform behind the card */
} card_sheet;

enum { PARAM_TOP, PARAM_SCALE, PARAM_DIMMING, PARAM_SHADOW, PARAM_MODAL, PARAM_COUNT };

static void *card_create(const th_effect_config *config)
{
    card_sheet *self = calloc(1, sizeof(card_sheet));

    if (self == NULL) {
        return NULL;
    }
    self->top = 54.0;
    self->scale = 0.92;
    self->dimming = 0.2;
    self->shadow = 0.3;
    if (config != NULL && config->param_count == PARAM_COUNT && config->params != NULL) {
        self->top = config->params[PARAM_TOP];
        self->scale = config->params[PARAM_SCALE];
        self->dimming = config->params[PARAM_DIMMING];
        self->shadow = config->params[PARAM_SHADOW];
        self->modal = config->params[PARAM_MODAL] != 0;
    }
    return self;
}

static void card_destroy(void *self) { free(self); }

static bool card_frame_of_presented_view(void *opaque, th_rect container_bounds, th_rect *out)
{
    const card_sheet *self = opaque;

    if (out == NULL) {
        return false;
    }
    *out = container_bounds;
    out->origin.y += self->top;
    out->size.height -= self->top;
    return true;
}

/* The presenter shrinks about its centre; moved down so that its top edge ends PRESENTER_GAP
 * above the card's. */
static th_affine shrunk_transform(const card_sheet *self, th_rect presenter_frame)
{
    double top_after_scaling = presenter_frame.origin.y + presenter_frame.size.height * (1.0 - self->scale) / 2.0;
    double wanted_top = self->top - PRESENTER_GAP;
    return (th_affine){ self->scale, 0.0, 0.0, self->scale, 0.0, wanted_top - top_after_scaling };
}

static void shrink_presenter(void *user_data, th_context ctx)
{
    card_sheet *self = user_data;

    (void)ctx;
    if (!is_none(self->presenter)) {
        host->set_transform(self->presenter, self->shrunk);
        host->set_corner_radius(self->presenter, CARD_CORNER_RADIUS);
    }
    if (!is_none(self->backdrop)) {
        host->set_alpha(self->backdrop, 1.0);
    }
}

static void restore_presenter(void *user_data, th_context ctx)
{
    card_sheet *self = user_data;
    const th_affine identity = { 1.0, 0.0, 0.0, 1.0, 0.0, 0.0 };

    (void)ctx;
    if (!is_none(self->presenter)) {
        host->set_transform(self->presenter, identity);
        host->set_corner_radius(self->presenter, 0.0);
    }
    if (!is_none(self->backdrop)) {
        host->set_alpha(self->backdrop, 0.0);
    }
}

static void remove_backdrop(card_sheet *self)
{
    if (!is_none(self->backdrop)) {
        host->remove_from_superview(self->backdrop);
        self->backdrop = (th_view){ 0 };
    }
}

/* Rounds the top corners of `view`, the card's shape. */
static void round_top_corners(th_view view)
{
    host->set_corner_radius(view, CARD_CORNER_RADIUS);
    host->set_masked_corners(view, TH_CORNER_TOP_LEFT | TH_CORNER_TOP_RIGHT);
}

/* The wrapper: the card's shape at its final frame, casting the shadow, the card filling it.
 * Left {0} (the card presented bare, without a shadow) when a step fails. */
static void wrap_card(card_sheet *self, th_context ctx, th_view card)
{
    th_view_controller presented_vc;
    th_rect frame;

    if (host->view_controller(ctx, TH_TO, &presented_vc) != TH_OK || host->final_frame(ctx, presented_vc, &frame) != TH_OK ||
        host->create_view("card-sheet.card", frame, &self->wrapper) != TH_OK) {
        self->wrapper = (th_view){ 0 };
        return;
    }
    round_top_corners(self->wrapper);
    host->set_shadow_color(self->wrapper, (th_color){ 0.0, 0.0, 0.0, 1.0 });
    host->set_shadow_opacity(self->wrapper, self->shadow);
    host->set_shadow_radius(self->wrapper, CARD_SHADOW_RADIUS);
    host->set_shadow_offset(self->wrapper, (th_point){ 0.0, 0.0 });
    if (host->set_frame(card, (th_rect){ { 0.0, 0.0 }, frame.size }) != TH_OK || host->add_subview(self->wrapper, card) != TH_OK) {
        plugin_log(TH_LOG_WARNING, "card-sheet: the card could not be put in its shadowed wrapper; presenting it bare");
        self->wrapper = (th_view){ 0 };
    }
}

static void card_presentation_will_begin(void *opaque, th_context ctx)
{
    card_sheet *self = opaque;
    th_view container, card;
    th_view_controller presenter_vc;
    th_rect bounds, presenter_frame;

    /* The card: rounded top corners, its content cut to them, in a wrapper with its shadow. */
    if (host->view(ctx, TH_TO, &card) == TH_OK && !is_none(card)) {
        round_top_corners(card);
        host->set_clips_to_bounds(card, true);
        wrap_card(self, ctx, card);
    }
    if (host->container_view(ctx, &container) != TH_OK || host->get_bounds(container, &bounds) != TH_OK) {
        plugin_log(TH_LOG_ERROR, "card-sheet: no container; the card is presented without the presenter shrinking");
        return;
    }
    /* The backdrop goes first into the container, so the card ends up above it. */
    if (self->dimming > 0.0 && host->create_view("card-sheet.backdrop", bounds, &self->backdrop) == TH_OK) {
        host->set_background_color(self->backdrop, (th_color){ 0.0, 0.0, 0.0, self->dimming });
        host->set_alpha(self->backdrop, 0.0);
        if (host->add_subview(container, self->backdrop) != TH_OK) {
            self->backdrop = (th_view){ 0 };
        }
    }
    /* The presenter's view shrinks back and rounds its corners (clipped, so its content
     * follows them). */
    /* Through its controller: a presentation that keeps the presenter's view on screen has no
     * TH_FROM view in the context, as in UIKit. */
    if (host->view_controller(ctx, TH_FROM, &presenter_vc) != TH_OK ||
        host->view_of_controller(presenter_vc, &self->presenter) != TH_OK || is_none(self->presenter) ||
        host->get_frame(self->presenter, &presenter_frame) != TH_OK) {
        self->presenter = (th_view){ 0 };
    } else {
        self->shrunk = shrunk_transform(self, presenter_frame);
        host->set_clips_to_bounds(self->presenter, true);
    }
    if (host->animate_alongside(ctx, shrink_presenter, NULL, self) != TH_OK) {
        plugin_log(TH_LOG_WARNING, "card-sheet: animate_alongside failed; shrinking at once");
        shrink_presenter(self, ctx);
    }
}

static void card_presentation_did_end(void *opaque, bool completed)
{
    card_sheet *self = opaque;

    /* Cancelled: the host has put every view back as it was; only the backdrop is ours. */
    if (!completed) {
        remove_backdrop(self);
        self->presenter = (th_view){ 0 };
        self->wrapper = (th_view){ 0 };
    }
}

/* presentedView: the wrapper, which the animators move; {0} (the card itself) without one. */
static th_view card_presented_view(void *opaque, th_view presented)
{
    (void)presented;
    return ((const card_sheet *)opaque)->wrapper;
}

static void card_dismissal_will_begin(void *opaque, th_context ctx)
{
    if (host->animate_alongside(ctx, restore_presenter, NULL, opaque) != TH_OK) {
        plugin_log(TH_LOG_WARNING, "card-sheet: animate_alongside failed; the presenter grows back at the end");
    }
}

static void card_dismissal_did_end(void *opaque, bool completed)
{
    card_sheet *self = opaque;
    const th_affine identity = { 1.0, 0.0, 0.0, 1.0, 0.0, 0.0 };

    if (!completed) {
        /* The card stays: the host put the shrunken presenter back; the backdrop too. */
        return;
    }
    remove_backdrop(self);
    if (!is_none(self->presenter)) {
        host->set_transform(self->presenter, identity);
        host->set_corner_radius(self->presenter, 0.0);
        host->set_clips_to_bounds(self->presenter, false);
    }
}

static void card_container_will_layout(void *opaque, th_view container)
{
    card_sheet *self = opaque;
    th_rect bounds;

    if (!is_none(self->backdrop) && host->get_bounds(container, &bounds) == TH_OK) {
        host->set_frame(self->backdrop, bounds);
    }
}

static bool card_should_remove_presenters_view(void *self)
{
    (void)self;
    return false; /* it shows, shrunk, behind the card */
}

/* ABI 1.2: a modal card (isModalInPresentation, as a sheet with unsaved changes) refuses a
 * pull down; the host then lets it give a little and spring back, and says it was tried. */
static bool card_should_dismiss(void *opaque)
{
    card_sheet *self = opaque;
    return !self->modal;
}

static void card_did_attempt_to_dismiss(void *opaque)
{
    (void)opaque;
    plugin_log(TH_LOG_INFO, "pulled down while modal; it stays (an app would ask to save or discard)");
}

static const th_presentation_interface card_interface = {
    .struct_size = sizeof(th_presentation_interface),
    .create = card_create,
    .destroy = card_destroy,
    .frame_of_presented_view = card_frame_of_presented_view,
    .presentation_will_begin = card_presentation_will_begin,
    .presentation_did_end = card_presentation_did_end,
    .dismissal_will_begin = card_dismissal_will_begin,
    .dismissal_did_end = card_dismissal_did_end,
    .container_will_layout = card_container_will_layout,
    .should_remove_presenters_view = card_should_remove_presenters_view,
    .presented_view = card_presented_view,
    .should_dismiss = card_should_dismiss,
    .did_attempt_to_dismiss = card_did_attempt_to_dismiss,
};

static const th_param_descriptor params[PARAM_COUNT] = {
    { sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "top", "How far below the screen's top the card's top edge stops", "pt",
      20.0, 200.0, 54.0, 0, NULL },
    { sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "scale", "The presenter's scale behind the card", NULL,
      0.5, 1.0, 0.92, 0, NULL },
    { sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "dimming", "Darkness over the presenter", NULL,
      0.0, 1.0, 0.2, 0, NULL },
    { sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "shadow", "Opacity of the card's shadow", NULL,
      0.0, 1.0, 0.3, 0, NULL },
    { sizeof(th_param_descriptor), TH_PARAM_BOOL, "modal", "Modal in presentation: a pull down does not dismiss it", NULL,
      0.0, 1.0, 0.0, 0, NULL },
};

static const th_effect_descriptor effects[] = {
    {
        .struct_size = sizeof(th_effect_descriptor),
        .kind = TH_KIND_PRESENTATION_CONTROLLER,
        .id = "card-sheet",
        .name = "Card sheet",
        .description = "Presents as an iOS 13 page sheet: a card with rounded top corners and a shadow below "
                       "the status bar, the presenter shrinking back and dimmed behind it.",
        .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS,
        .param_count = PARAM_COUNT,
        .params = params,
        .default_duration = CARD_DURATION,
        .interface = &card_interface,
    },
};

static bool plugin_init(const th_host_api *api)
{
    if (api == NULL || api->abi_major != TH_ABI_MAJOR) {
        return false;
    }
    /* The layer properties arrived in 1.1; a 1.0 host's table ends before them. */
    if (!TH_HAS_FIELD(api, th_host_api, set_clips_to_bounds)) {
        return false;
    }
    host = api;
    return true;
}

static void plugin_deinit(void) { host = NULL; }

BUNDLED_PLUGIN_EFFECT_LIST(effects)

TH_EXPORT const th_plugin_entry th_entry = {
    .struct_size = sizeof(th_plugin_entry),
    .abi_major = TH_ABI_MAJOR,
    .abi_minor = TH_ABI_MINOR,
    .id = "card-sheet",
    .name = "Card sheet",
    .version = "1.0.0",
    .vendor = NULL,
    .init = plugin_init,
    .deinit = plugin_deinit,
    .effect_count = plugin_effect_count,
    .get_effect = plugin_get_effect,
};
