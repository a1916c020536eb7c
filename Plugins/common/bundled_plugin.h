/*
 * What the bundled C plugins share, so that each plugin's file is about its effect.
 *
 * A plugin of your own needs none of this: transition_host.h is the whole contract, and
 * `host new` writes a project that stands alone. This header is plugin code, included by
 * one .c file per plugin (Scripts/build-plugins passes -I Plugins/common); everything in it
 * is static, so each plugin has its own copy and nothing here is seen by the host.
 */
#ifndef BUNDLED_PLUGIN_H
#define BUNDLED_PLUGIN_H

#include <math.h>
#include <stdarg.h>
#include <stdio.h>

#include "transition_host.h"

/* The host's functions, kept from init until deinit. The host calls a plugin on one thread
 * only, so a plain static is enough. */
static const th_host_api *host;

/* printf into the host's log, cut at 255 bytes. Does nothing before init or after deinit. */
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static inline void plugin_log(uint32_t level, const char *format, ...)
{
    char message[256];
    va_list args;

    if (host == NULL) {
        return;
    }
    va_start(args, format);
    vsnprintf(message, sizeof message, format, args);
    va_end(args);
    host->log(level, message);
}

/* CATransform3DIdentity. */
static inline th_transform3d identity_3d(void)
{
    th_transform3d t = { 0 };
    t.m11 = t.m22 = t.m33 = t.m44 = 1;
    return t;
}

/* A turn of `angle` radians about the vertical axis through the view's anchor point, seen
 * from `distance` points away (CATransform3DRotate of a transform whose m34 is -1/distance):
 * for a positive angle the view's right side goes away from the eye. */
static inline th_transform3d turned_about_y(double angle, double distance)
{
    th_transform3d t = { 0 };
    double c = cos(angle), s = sin(angle);
    /* The rotation (row vectors) times the perspective. */
    t.m11 = c;
    t.m13 = -s;
    t.m14 = s / distance;
    t.m22 = 1;
    t.m31 = s;
    t.m33 = c;
    t.m34 = -c / distance;
    t.m44 = 1;
    return t;
}

/* A view handle the host passed as "none" (for instance no from-view in a first present). */
static inline bool is_none(th_view view)
{
    return view.id == 0;
}

/* How most animators start: finds the container and the from and to views (either may be
 * {0}), and puts the to view in the container, unless it is there, at its final frame: over
 * the from view when `incoming` (present, push), under it otherwise (dismiss, pop). `added`
 * says whether it was put there (a cancelled transition takes it out again); `final` is its
 * final frame, of zero size when the host gives none. Returns false when the context refused
 * a call: the transition is then completed, cancelled, and the caller returns. */
static inline bool stage_views(th_context ctx, bool incoming, th_view *container, th_view *from, th_view *to, bool *added,
                               th_rect *final)
{
    th_view_controller to_vc;
    th_view parent = { 0 };
    th_rect none = { { 0, 0 }, { 0, 0 } };

    *added = false;
    *final = none;
    if (host->container_view(ctx, container) != TH_OK || host->view(ctx, TH_FROM, from) != TH_OK ||
        host->view(ctx, TH_TO, to) != TH_OK || host->view_controller(ctx, TH_TO, &to_vc) != TH_OK) {
        host->complete_transition(ctx, false);
        return false;
    }
    if (is_none(*to)) return true;
    host->superview(*to, &parent);
    if (parent.id != container->id) {
        th_status status = !incoming && !is_none(*from) ? host->insert_subview_below(*container, *to, *from)
                                                        : host->add_subview(*container, *to);
        *added = status == TH_OK;
    }
    if (host->final_frame(ctx, to_vc, final) == TH_OK && final->size.width > 0) host->set_frame(*to, *final);
    else *final = none;
    return true;
}

/* How those animators end, once their views are put back as they should stay: a cancelled
 * transition takes out the to view stage_views `added`; a completed one going back (dismiss,
 * pop) takes out the from view; then the transition completes, as it went. */
static inline void end_stage(th_context ctx, bool incoming, th_view from, th_view to, bool added)
{
    bool cancelled = false;

    host->transition_was_cancelled(ctx, &cancelled);
    if (cancelled) {
        if (added) host->remove_from_superview(to);
    } else if (!incoming && !is_none(from)) {
        host->remove_from_superview(from);
    }
    host->complete_transition(ctx, !cancelled);
}

/* The entry's effect_count and get_effect over a static array of descriptors, written once
 * after the array: BUNDLED_PLUGIN_EFFECT_LIST(effects). */
#define BUNDLED_PLUGIN_EFFECT_LIST(array)                                                    \
    static uint32_t plugin_effect_count(void)                                                \
    {                                                                                        \
        return (uint32_t)(sizeof array / sizeof array[0]);                                   \
    }                                                                                        \
    static const th_effect_descriptor *plugin_get_effect(uint32_t index)                    \
    {                                                                                        \
        return index < plugin_effect_count() ? &array[index] : NULL;                         \
    }

#endif
