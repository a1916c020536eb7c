/*
 * Match: every pair of views that share an id between the two screens morphs from one into
 * the other along the transition, as Hero matches its hero ids: frame, corner radius,
 * background colour and alpha. The rest of the incoming screen fades in (the outgoing one
 * fades out, going back). With `cascade`, the pairs start one after another, top to bottom.
 *
 * A pair flies as a "morph" view in the container, clipped to its rounding corners, holding
 * two snapshots that fill it: the element as it is on the screen being left, fading out, and
 * as it is on the screen coming, fading in; the real views are hidden meanwhile and shown
 * again at the end. Without a shared pair the screens simply cross-fade.
 *
 * Views without a partner follow their modifiers (a scene file's "modifiers", read through
 * the shared-elements extension): an appearing view animates from the state its modifiers
 * describe to its own, a disappearing one to that state. Match's vocabulary:
 *   fade                alpha 0              opacity(a)         alpha a
 *   scale(s) scale(sx, sy)                   translate(x, y)    points, y down
 *   rotate(degrees)                          delay(s) duration(s)
 *   curve(linear | easeIn | easeOut | easeInOut | default)      spring(damping, velocity)
 * The timing words (delay, duration, curve, spring) also time a matched pair, from either of
 * its views (the incoming screen's first). Other words are ignored.
 *
 * Written against the public header only, like every bundled plugin.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundled_plugin.h"

#define MATCH_DURATION 0.5
#define MAX_PAIRS 32
#define MAX_LONE 64
#define MAX_SCAN 128
#define MAX_DEPTH 64
#define MATCH_PI 3.14159265358979323846

typedef struct match match;

/* What an animation's callbacks receive: each pair, lone view and the transition itself
 * starts with one, so that a completion finds the transition whatever it animated. */
typedef struct item {
    match *owner;
} item;

static const th_host_shared_elements *shared;
static bool has_modifiers; /* the host's shared-elements table has modifiers (ABI 1.1) */
static bool has_layers;    /* the host table has the 1.1 layer functions */

/* The timing a view's modifiers give it; `set` says which words were there. */
typedef struct timing {
    bool has_delay, has_duration, has_curve, has_spring;
    double delay, duration;
    uint32_t curve;
    double damping, velocity;
} timing;

/* The state a view's modifiers describe, and its timing. */
typedef struct modifier_state {
    bool fade, has_opacity, has_transform;
    double opacity;
    double sx, sy, tx, ty, degrees;
    timing time;
} modifier_state;

typedef struct pair {
    item head;
    th_view source, target; /* on the screen being left, on the screen coming */
    th_view morph, from_snap, to_snap;
    th_rect start, end;
    double start_radius, end_radius, start_alpha, end_alpha;
    th_color start_color, end_color;
    double top, left; /* the target's place in its screen, for the cascade */
    timing time;
} pair;

typedef struct lone {
    item head;
    th_view view;
    bool appearing;
    double alpha;        /* the view's own, restored at the end */
    th_affine transform; /* ditto */
    modifier_state state;
} lone;

struct match {
    item head;
    bool incoming; /* present or push: the new screen comes in on top */
    double duration, cascade;
    th_context ctx;
    bool planned;
    th_view container, from_view, to_view;
    pair pairs[MAX_PAIRS];
    uint32_t pair_count;
    lone lones[MAX_LONE];
    uint32_t lone_count;
    double total; /* the transition's duration: the last animation's end */
    bool added_to_view;
    int pending; /* animations still running */
    bool finished;
};

static bool same(th_view a, th_view b) { return a.id == b.id; }
static double clamp(double v, double lo, double hi) { return v < lo ? lo : v > hi ? hi : v; }

/* ---- Modifiers: match's reading of the text the host checked. ---- */

static bool name_is(const char *name, size_t length, const char *word)
{
    return strlen(word) == length && strncmp(name, word, length) == 0;
}

static bool curve_named(const char *name, size_t length, uint32_t *out)
{
    static const struct { const char *word; uint32_t curve; } curves[] = {
        { "linear", TH_CURVE_LINEAR }, { "easeIn", TH_CURVE_EASE_IN }, { "ease-in", TH_CURVE_EASE_IN },
        { "easeOut", TH_CURVE_EASE_OUT }, { "ease-out", TH_CURVE_EASE_OUT },
        { "easeInOut", TH_CURVE_EASE_IN_OUT }, { "ease-in-out", TH_CURVE_EASE_IN_OUT },
        { "default", TH_CURVE_DEFAULT },
    };
    size_t i;
    for (i = 0; i < sizeof curves / sizeof curves[0]; i++) {
        if (name_is(name, length, curves[i].word)) {
            *out = curves[i].curve;
            return true;
        }
    }
    return false;
}

static bool is_name_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

/* Reads `text` (well-formed: the host checked it) into `out`. Numbers that are not finite
 * or are out of sense are clamped; words this effect does not know are skipped. */
static void parse_modifiers(const char *text, modifier_state *out)
{
    const char *p = text;
    memset(out, 0, sizeof *out);
    out->sx = out->sy = 1;
    while (*p != '\0') {
        const char *name, *word_arg = NULL;
        size_t name_length, word_length = 0;
        double args[8];
        int count = 0;
        while (*p == ' ') p++;
        if (*p == '\0') break;
        name = p;
        while (is_name_char(*p)) p++;
        name_length = (size_t)(p - name);
        if (name_length == 0) return; /* not what the host lets through; stop reading */
        if (*p == '(') {
            p++;
            for (;;) {
                while (*p == ' ') p++;
                if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
                    const char *w = p;
                    while (is_name_char(*p)) p++;
                    if (word_arg == NULL) { word_arg = w; word_length = (size_t)(p - w); }
                    if (count < 8) args[count++] = NAN;
                } else {
                    char *end;
                    double v = strtod(p, &end);
                    if (end == p) return;
                    p = end;
                    if (count < 8) args[count++] = isfinite(v) ? v : 0;
                }
                while (*p == ' ') p++;
                if (*p == ',') { p++; continue; }
                if (*p == ')') { p++; break; }
                return;
            }
        }
        if (name_is(name, name_length, "fade")) {
            out->fade = true;
        } else if (name_is(name, name_length, "opacity") && count >= 1 && !isnan(args[0])) {
            out->has_opacity = true;
            out->opacity = clamp(args[0], 0, 1);
        } else if (name_is(name, name_length, "scale") && count >= 1 && !isnan(args[0])) {
            out->has_transform = true;
            out->sx = clamp(args[0], -100, 100);
            out->sy = count >= 2 && !isnan(args[1]) ? clamp(args[1], -100, 100) : out->sx;
        } else if (name_is(name, name_length, "translate") && count >= 1 && !isnan(args[0])) {
            out->has_transform = true;
            out->tx = clamp(args[0], -10000, 10000);
            out->ty = count >= 2 && !isnan(args[1]) ? clamp(args[1], -10000, 10000) : 0;
        } else if (name_is(name, name_length, "rotate") && count >= 1 && !isnan(args[0])) {
            out->has_transform = true;
            out->degrees = clamp(args[0], -3600, 3600);
        } else if (name_is(name, name_length, "delay") && count >= 1 && !isnan(args[0])) {
            out->time.has_delay = true;
            out->time.delay = clamp(args[0], 0, 10);
        } else if (name_is(name, name_length, "duration") && count >= 1 && !isnan(args[0])) {
            out->time.has_duration = true;
            out->time.duration = clamp(args[0], 0, 10);
        } else if (name_is(name, name_length, "curve") && word_arg != NULL) {
            out->time.has_curve = curve_named(word_arg, word_length, &out->time.curve);
        } else if (name_is(name, name_length, "spring") && count >= 1 && !isnan(args[0])) {
            out->time.has_spring = true;
            out->time.damping = clamp(args[0], 0.05, 1);
            out->time.velocity = count >= 2 && !isnan(args[1]) ? clamp(args[1], -100, 100) : 0;
        }
    }
}

/* The modifiers of `view`, read into `out`; false when it has none (or the host cannot say). */
static bool read_modifiers(th_view view, modifier_state *out)
{
    char text[TH_MAX_MODIFIERS_BYTES + 1];
    uint32_t length = 0;
    if (!has_modifiers || shared->modifiers(view, text, sizeof text, &length) != TH_OK || length == 0) return false;
    parse_modifiers(text, out);
    return true;
}

/* The options of one animation: the base duration and curve, shaped by a view's timing. */
static th_animation_options options_for(const match *self, const timing *t, double extra_delay)
{
    th_animation_options o;
    memset(&o, 0, sizeof o);
    o.struct_size = sizeof o;
    o.duration = t->has_duration ? t->duration : self->duration;
    o.delay = extra_delay + (t->has_delay ? t->delay : 0);
    if (t->has_spring) {
        o.timing = TH_TIMING_SPRING;
        o.spring_damping_ratio = t->damping;
        o.spring_initial_velocity = t->velocity;
    } else {
        o.timing = TH_TIMING_CURVE;
        o.curve = t->has_curve ? t->curve : TH_CURVE_EASE_IN_OUT;
    }
    return o;
}

/* ---- Planning: the pairs, the lone views with modifiers, and when everything ends. ---- */

/* Whether `view` lies in `ancestor`'s subtree, `ancestor` excluded. */
static bool is_inside(th_view view, th_view ancestor)
{
    th_view v = view;
    int depth;
    for (depth = 0; depth < MAX_DEPTH; depth++) {
        th_view parent = { 0 };
        if (host->superview(v, &parent) != TH_OK || is_none(parent)) return false;
        if (same(parent, ancestor)) return true;
        v = parent;
    }
    return false;
}

/* `view`'s origin in the coordinates of `root`, an ancestor, by its frames (for ordering). */
static void place_in(th_view view, th_view root, double *left, double *top)
{
    th_view v = view;
    int depth;
    *left = *top = 0;
    for (depth = 0; depth < MAX_DEPTH && !is_none(v) && !same(v, root); depth++) {
        th_rect frame;
        th_view parent = { 0 };
        if (host->get_frame(v, &frame) == TH_OK) {
            *left += frame.origin.x;
            *top += frame.origin.y;
        }
        if (host->superview(v, &parent) != TH_OK) break;
        v = parent;
    }
}

static bool is_paired(const match *self, th_view view)
{
    uint32_t i;
    for (i = 0; i < self->pair_count; i++) {
        if (same(self->pairs[i].source, view) || same(self->pairs[i].target, view)) return true;
    }
    return false;
}

static void find_pairs(match *self)
{
    th_view views[MAX_SCAN];
    uint32_t count = 0, i, j;
    if (shared == NULL || is_none(self->from_view) || is_none(self->to_view)) return;
    if (shared->shared_views(self->to_view, views, MAX_SCAN, &count) != TH_OK) return;
    for (i = 0; i < count && i < MAX_SCAN && self->pair_count < MAX_PAIRS; i++) {
        th_view partner = { 0 };
        pair *p;
        modifier_state state;
        if (shared->matching_view(views[i], self->from_view, &partner) != TH_OK || is_none(partner)) continue;
        if (is_paired(self, partner)) continue; /* one partner per view */
        p = &self->pairs[self->pair_count++];
        memset(p, 0, sizeof *p);
        p->target = views[i];
        p->source = partner;
        place_in(p->target, self->to_view, &p->left, &p->top);
        if (read_modifiers(p->target, &state) || read_modifiers(p->source, &state)) p->time = state.time;
    }
    /* Top to bottom, then left to right, for the cascade (insertion sort: a few pairs). */
    for (i = 1; i < self->pair_count; i++) {
        pair moving = self->pairs[i];
        for (j = i; j > 0; j--) {
            const pair *before = &self->pairs[j - 1];
            if (before->top < moving.top || (before->top == moving.top && before->left <= moving.left)) break;
            self->pairs[j] = self->pairs[j - 1];
        }
        self->pairs[j] = moving;
    }
}

static void find_lone_views(match *self, th_view root, bool appearing)
{
    th_view views[MAX_SCAN];
    uint32_t count = 0, i;
    if (!has_modifiers || is_none(root)) return;
    if (shared->modified_views(root, views, MAX_SCAN, &count) != TH_OK) return;
    for (i = 0; i < count && i < MAX_SCAN && self->lone_count < MAX_LONE; i++) {
        lone *l = &self->lones[self->lone_count];
        /* A screen's own view fades with the screen; a matched view morphs instead. */
        if (same(views[i], root) || is_paired(self, views[i])) continue;
        memset(l, 0, sizeof *l);
        if (!read_modifiers(views[i], &l->state)) continue;
        l->view = views[i];
        l->appearing = appearing;
        self->lone_count++;
    }
}

static double end_of(const match *self, const timing *t, double extra_delay)
{
    th_animation_options o = options_for(self, t, extra_delay);
    return o.delay + o.duration;
}

/* Finds everything once per transition: asked by transition_duration, then animate. */
static void plan(match *self, th_context ctx)
{
    uint32_t i;
    if (self->planned && self->ctx.id == ctx.id) return;
    self->planned = true;
    self->ctx = ctx;
    self->pair_count = self->lone_count = 0;
    if (host->container_view(ctx, &self->container) != TH_OK || host->view(ctx, TH_FROM, &self->from_view) != TH_OK ||
        host->view(ctx, TH_TO, &self->to_view) != TH_OK) {
        self->from_view.id = self->to_view.id = self->container.id = 0;
    }
    find_pairs(self);
    find_lone_views(self, self->to_view, true);
    find_lone_views(self, self->from_view, false);
    self->total = self->duration;
    for (i = 0; i < self->pair_count; i++) {
        double end = end_of(self, &self->pairs[i].time, i * self->cascade);
        if (end > self->total) self->total = end;
    }
    for (i = 0; i < self->lone_count; i++) {
        double end = end_of(self, &self->lones[i].state.time, 0);
        if (end > self->total) self->total = end;
    }
}

/* ---- The transition. ---- */

static th_status rect_in_container(match *self, th_view view, th_rect *out)
{
    th_rect bounds;
    th_status status = host->get_bounds(view, &bounds);
    if (status != TH_OK) return status;
    return host->convert_rect(bounds, view, self->container, out);
}

/* A picture of `view` at full opacity and without the other matched views inside it, which
 * fly on their own. */
static th_status snapshot_alone(match *self, th_view view, th_view *out)
{
    bool hidden_now[MAX_PAIRS * 2];
    uint32_t i;
    double alpha = 1;
    th_status status;
    for (i = 0; i < self->pair_count * 2; i++) {
        th_view other = i % 2 ? self->pairs[i / 2].target : self->pairs[i / 2].source;
        hidden_now[i] = false;
        if (!same(other, view) && is_inside(other, view)) {
            bool was = false;
            host->get_hidden(other, &was);
            if (!was) hidden_now[i] = host->set_hidden(other, true) == TH_OK;
        }
    }
    host->get_alpha(view, &alpha);
    host->set_alpha(view, 1);
    status = host->snapshot_view(view, out);
    host->set_alpha(view, alpha);
    for (i = 0; i < self->pair_count * 2; i++) {
        th_view other = i % 2 ? self->pairs[i / 2].target : self->pairs[i / 2].source;
        if (hidden_now[i]) host->set_hidden(other, false);
    }
    return status;
}

/* Builds the morph of a pair in the container; false (and nothing left behind) when it
 * cannot. */
static bool make_morph(match *self, pair *p)
{
    th_rect inside;
    if (rect_in_container(self, p->source, &p->start) != TH_OK || rect_in_container(self, p->target, &p->end) != TH_OK)
        return false;
    if (host->get_corner_radius(p->source, &p->start_radius) != TH_OK) p->start_radius = 0;
    if (host->get_corner_radius(p->target, &p->end_radius) != TH_OK) p->end_radius = 0;
    if (host->get_alpha(p->source, &p->start_alpha) != TH_OK) p->start_alpha = 1;
    if (host->get_alpha(p->target, &p->end_alpha) != TH_OK) p->end_alpha = 1;
    if (host->get_background_color(p->source, &p->start_color) != TH_OK) memset(&p->start_color, 0, sizeof p->start_color);
    if (host->get_background_color(p->target, &p->end_color) != TH_OK) memset(&p->end_color, 0, sizeof p->end_color);
    if (snapshot_alone(self, p->source, &p->from_snap) != TH_OK) return false;
    if (snapshot_alone(self, p->target, &p->to_snap) != TH_OK ||
        host->create_view("match.morph", p->start, &p->morph) != TH_OK) {
        p->from_snap.id = p->to_snap.id = p->morph.id = 0;
        return false;
    }
    host->set_background_color(p->morph, p->start_color);
    host->set_corner_radius(p->morph, p->start_radius);
    host->set_alpha(p->morph, p->start_alpha);
    /* On a 1.1 host the pictures are cut to the morph's rounded, changing bounds. */
    if (has_layers) host->set_clips_to_bounds(p->morph, true);
    inside = (th_rect){ { 0, 0 }, p->start.size };
    host->add_subview(p->morph, p->from_snap);
    host->set_frame(p->from_snap, inside);
    host->add_subview(p->morph, p->to_snap);
    host->set_frame(p->to_snap, inside);
    host->set_alpha(p->to_snap, 0);
    host->add_subview(self->container, p->morph);
    host->set_hidden(p->source, true);
    host->set_hidden(p->target, true);
    return true;
}

/* The affine transform a modifier state describes: scale, then rotate, then translate. */
static th_affine modifier_transform(const modifier_state *s, th_affine base)
{
    double r = s->degrees * MATCH_PI / 180, c = cos(r), n = sin(r);
    th_affine m = { s->sx * c, s->sx * n, -s->sy * n, s->sy * c, s->tx, s->ty };
    /* m, then base (row vectors: m x base). */
    th_affine out = {
        m.a * base.a + m.b * base.c, m.a * base.b + m.b * base.d,
        m.c * base.a + m.d * base.c, m.c * base.b + m.d * base.d,
        m.tx * base.a + m.ty * base.c + base.tx, m.tx * base.b + m.ty * base.d + base.ty,
    };
    return out;
}

static double modifier_alpha(const lone *l)
{
    if (l->state.fade) return 0;
    if (l->state.has_opacity) return l->state.opacity;
    return l->alpha;
}

static void finish(match *self)
{
    bool cancelled = false;
    uint32_t i;
    if (self->finished) return;
    self->finished = true;
    host->transition_was_cancelled(self->ctx, &cancelled);
    for (i = 0; i < self->pair_count; i++) {
        pair *p = &self->pairs[i];
        if (!is_none(p->morph)) host->remove_from_superview(p->morph);
        host->set_hidden(p->source, false);
        host->set_hidden(p->target, false);
    }
    for (i = 0; i < self->lone_count; i++) {
        host->set_transform(self->lones[i].view, self->lones[i].transform);
        host->set_alpha(self->lones[i].view, self->lones[i].alpha);
    }
    if (self->incoming && cancelled) host->remove_from_superview(self->to_view);
    if (!self->incoming) {
        if (!cancelled) host->remove_from_superview(self->from_view);
        /* The screen that left is whole again for the next time it is shown. */
        host->set_alpha(self->from_view, 1.0);
        if (cancelled && self->added_to_view) host->remove_from_superview(self->to_view);
    } else {
        host->set_alpha(self->to_view, 1.0);
    }
    host->complete_transition(self->ctx, !cancelled);
}

/* One animation has ended: the last one ends the transition. */
static void one_done(void *user, bool finished)
{
    match *self = ((item *)user)->owner;
    (void)finished;
    if (--self->pending <= 0) finish(self);
}

/* Runs `animations` on `subject` (a pair, a lone view or the transition) with `o`, counting
 * it until its completion. */
static void start(match *self, const th_animation_options *o, th_animations_fn animations, item *subject)
{
    subject->owner = self;
    self->pending++;
    if (host->animate(o, animations, one_done, subject) != TH_OK) self->pending--;
}

static void pair_animations(void *user)
{
    pair *p = user;
    th_rect inside = { { 0, 0 }, p->end.size };
    host->set_frame(p->morph, p->end);
    host->set_corner_radius(p->morph, p->end_radius);
    host->set_background_color(p->morph, p->end_color);
    host->set_alpha(p->morph, p->end_alpha);
    host->set_frame(p->from_snap, inside);
    host->set_alpha(p->from_snap, 0);
    host->set_frame(p->to_snap, inside);
    host->set_alpha(p->to_snap, 1);
}

static void lone_animations(void *user)
{
    lone *l = user;
    if (l->appearing) {
        host->set_transform(l->view, l->transform);
        host->set_alpha(l->view, l->alpha);
    } else {
        if (l->state.has_transform) host->set_transform(l->view, modifier_transform(&l->state, l->transform));
        host->set_alpha(l->view, modifier_alpha(l));
    }
}

static void screen_animations(void *user)
{
    match *self = ((item *)user)->owner;
    if (self->incoming) host->set_alpha(self->to_view, 1.0);
    else host->set_alpha(self->from_view, 0.0);
}

static void match_animate(void *opaque, th_context ctx)
{
    match *self = opaque;
    th_view_controller to_vc;
    th_animation_options o;
    timing plain;
    uint32_t i, kept = 0;

    plan(self, ctx);
    if (is_none(self->container) || host->view_controller(ctx, TH_TO, &to_vc) != TH_OK) {
        host->log(TH_LOG_WARNING, "match: looking up the transition failed; cancelling");
        host->complete_transition(ctx, false);
        return;
    }

    /* Both screens in place before their elements' positions mean anything. */
    if (!is_none(self->to_view)) {
        th_view parent = { 0 };
        th_status status = TH_OK;
        host->superview(self->to_view, &parent);
        if (!same(parent, self->container)) {
            if (!self->incoming && !is_none(self->from_view))
                status = host->insert_subview_below(self->container, self->to_view, self->from_view);
            else
                status = host->add_subview(self->container, self->to_view);
            self->added_to_view = status == TH_OK;
        }
        if (self->incoming) {
            th_rect final;
            if (host->final_frame(ctx, to_vc, &final) == TH_OK && final.size.width > 0) host->set_frame(self->to_view, final);
            host->set_alpha(self->to_view, 0.0);
        }
    }

    /* The morphs, in cascade order; a pair that cannot fly is left where it is. */
    for (i = 0; i < self->pair_count; i++) {
        if (make_morph(self, &self->pairs[i])) self->pairs[kept++] = self->pairs[i];
    }
    self->pair_count = kept;
    if (kept == 0) host->log(TH_LOG_INFO, "match: no shared element on both screens; cross-fading");

    /* Lone views: remember their own state; appearing ones start from their modifiers'. */
    for (i = 0; i < self->lone_count; i++) {
        lone *l = &self->lones[i];
        if (host->get_alpha(l->view, &l->alpha) != TH_OK) l->alpha = 1;
        if (host->get_transform(l->view, &l->transform) != TH_OK) l->transform = (th_affine){ 1, 0, 0, 1, 0, 0 };
        if (l->appearing) {
            if (l->state.has_transform) host->set_transform(l->view, modifier_transform(&l->state, l->transform));
            host->set_alpha(l->view, modifier_alpha(l));
        }
    }

    self->pending = 1; /* held until every animation has started */
    memset(&plain, 0, sizeof plain);
    o = options_for(self, &plain, 0);
    start(self, &o, screen_animations, &self->head);
    for (i = 0; i < self->pair_count; i++) {
        o = options_for(self, &self->pairs[i].time, i * self->cascade);
        start(self, &o, pair_animations, &self->pairs[i].head);
    }
    for (i = 0; i < self->lone_count; i++) {
        o = options_for(self, &self->lones[i].state.time, 0);
        start(self, &o, lone_animations, &self->lones[i].head);
    }
    one_done(&self->head, true);
}

static void *match_create(const th_effect_config *config)
{
    match *self;
    if (config == NULL || config->param_count < 2 || config->params == NULL) return NULL;
    self = calloc(1, sizeof *self);
    if (self == NULL) return NULL;
    self->head.owner = self;
    self->incoming = config->transition == TH_TRANSITION_PRESENT || config->transition == TH_TRANSITION_PUSH;
    self->duration = config->params[0];
    self->cascade = config->params[1];
    return self;
}

static void match_destroy(void *self) { free(self); }

static double match_duration(void *opaque, th_context ctx)
{
    match *self = opaque;
    plan(self, ctx);
    return self->total;
}

static const th_animator_interface match_interface = {
    .struct_size = sizeof(th_animator_interface),
    .create = match_create,
    .destroy = match_destroy,
    .transition_duration = match_duration,
    .animate_transition = match_animate,
};

static const th_param_descriptor match_params[] = {
    { .struct_size = sizeof(th_param_descriptor), .type = TH_PARAM_DOUBLE, .id = "duration",
      .name = "Duration of each pair's morph and of the fade", .unit = "s", .min_value = 0.1, .max_value = 3,
      .default_value = MATCH_DURATION },
    { .struct_size = sizeof(th_param_descriptor), .type = TH_PARAM_DOUBLE, .id = "cascade",
      .name = "Delay between one pair and the next, top to bottom (0: all at once)", .unit = "s",
      .min_value = 0, .max_value = 0.5, .default_value = 0 },
};

static const th_effect_descriptor match_effect = {
    .struct_size = sizeof(th_effect_descriptor),
    .kind = TH_KIND_ANIMATOR,
    .id = "match",
    .name = "Match",
    .description = "Every pair of views sharing an id morphs into its partner, the rest fades; views follow their modifiers.",
    .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS | TH_TRANSITION_PUSH | TH_TRANSITION_POP,
    .param_count = 2,
    .params = match_params,
    .default_duration = MATCH_DURATION,
    .interface = &match_interface,
};

static bool match_init(const th_host_api *api)
{
    if (api == NULL || api->abi_major != TH_ABI_MAJOR) return false;
    host = api;
    /* Optional: without it the effect still works, as a cross-fade. */
    shared = api->get_extension(TH_EXT_HOST_SHARED_ELEMENTS);
    has_modifiers = shared != NULL && TH_HAS_FIELD(shared, th_host_shared_elements, modifiers);
    has_layers = TH_HAS_FIELD(api, th_host_api, set_clips_to_bounds);
    return true;
}

static uint32_t match_count(void) { return 1; }
static const th_effect_descriptor *match_get(uint32_t i) { return i == 0 ? &match_effect : NULL; }

TH_EXPORT const th_plugin_entry th_entry = {
    .struct_size = sizeof(th_plugin_entry),
    .abi_major = TH_ABI_MAJOR,
    .abi_minor = TH_ABI_MINOR,
    .id = "match",
    .name = "Match",
    .version = "1.0.0",
    .init = match_init,
    .effect_count = match_count,
    .get_effect = match_get,
};
