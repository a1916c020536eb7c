/*
 * Easing: a library of timing curves for any animation, exported as plain C functions that
 * the host calls through libffi ("th.timing-curves/1"):
 *
 *   easing.elastic(amplitude, period)  overshoots and rings like a plucked string
 *   easing.bounce(count)               falls onto its target and bounces `count` times
 *   easing.back(overshoot)             pulls back a little, then shoots past and settles
 *   easing.steps(count)                jumps in `count` equal steps, as CSS steps(n, end)
 *
 * Each takes the normalised time t in [0, 1] first and returns the progress, with f(0) = 0
 * and f(1) = 1 (the host checks both when it loads the plugin).
 */
#include <math.h>
#include <string.h>

#include "transition_host.h"

static const double pi = 3.14159265358979323846;

/* Ease-out elastic: a damped sine around the target. amplitude >= 1 scales the first swing;
 * period is the length of one swing, in units of the whole duration. */
static double easing_elastic(double t, double amplitude, double period)
{
    double a = amplitude < 1 ? 1 : amplitude;
    double s = period / (2 * pi) * asin(1 / a);

    if (t <= 0) return 0;
    if (t >= 1) return 1;
    return a * pow(2, -10 * t) * sin((t - s) * (2 * pi) / period) + 1;
}

/* Ease-out bounce: a fall onto the target, then `count` bounces, each half as long as the one
 * before, under the same gravity as the fall, so it reads as a ball settling on the floor. */
static double easing_bounce(double t, int32_t count)
{
    double total = 1, width = 1, start = 1, u;
    int32_t i;

    if (t <= 0) return 0;
    if (t >= 1) return 1;
    if (count < 1) count = 1;
    for (i = 0; i < count; i++) {
        width /= 2;
        total += width;
    }
    t *= total;      /* time in units of the fall's length */
    if (t < 1) return t * t; /* the fall: distance 1 in time 1 */
    width = 1;
    for (i = 0; i < count; i++) {
        width /= 2;
        if (t < start + width || i == count - 1) {
            u = (t - start) / width * 2 - 1; /* -1 .. 1 across this bounce */
            if (u > 1) u = 1;
            return 1 - (1 - u * u) * width * width / 4;
        }
        start += width;
    }
    return 1;
}

/* Ease-in back: dips below 0 by an amount set by `overshoot` (1.70158 is the classic), then
 * accelerates to the target. */
static double easing_back(double t, double overshoot)
{
    if (t <= 0) return 0;
    if (t >= 1) return 1;
    return t * t * ((overshoot + 1) * t - overshoot);
}

/* CSS steps(n, end): holds each value until the end of its step. */
static double easing_steps(double t, int32_t count)
{
    if (t <= 0) return 0;
    if (t >= 1) return 1;
    if (count < 1) count = 1;
    return floor(t * count) / count;
}

static const th_param_descriptor elastic_params[] = {
    { sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "amplitude", "Height of the first swing", NULL,
      1, 3, 1, 0, NULL },
    { sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "period", "Length of one swing", "duration",
      0.05, 1, 0.3, 0, NULL },
};
static const th_param_descriptor bounce_params[] = {
    { sizeof(th_param_descriptor), TH_PARAM_INT, "count", "Number of bounces", NULL, 1, 8, 3, 0, NULL },
};
static const th_param_descriptor back_params[] = {
    { sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "overshoot", "How far it pulls back", NULL,
      0, 5, 1.70158, 0, NULL },
};
static const th_param_descriptor steps_params[] = {
    { sizeof(th_param_descriptor), TH_PARAM_INT, "count", "Number of steps", NULL, 1, 100, 5, 0, NULL },
};

static const th_timing_curve curves[] = {
    { sizeof(th_timing_curve), 2, "elastic", "Elastic", "d(ddd)", (void (*)(void))easing_elastic, elastic_params },
    { sizeof(th_timing_curve), 1, "bounce", "Bounce", "d(di)", (void (*)(void))easing_bounce, bounce_params },
    { sizeof(th_timing_curve), 1, "back", "Back", "d(dd)", (void (*)(void))easing_back, back_params },
    { sizeof(th_timing_curve), 1, "steps", "Steps", "d(di)", (void (*)(void))easing_steps, steps_params },
};

static const th_timing_curves curve_list = { sizeof(th_timing_curves), 4, curves };

static bool plugin_init(const th_host_api *host) { return host != NULL && host->abi_major == TH_ABI_MAJOR; }
static uint32_t plugin_effect_count(void) { return 0; }
static const th_effect_descriptor *plugin_get_effect(uint32_t index) { (void)index; return NULL; }

static const void *plugin_get_extension(const char *id)
{
    return strcmp(id, TH_EXT_TIMING_CURVES) == 0 ? &curve_list : NULL;
}

TH_EXPORT const th_plugin_entry th_entry = {
    sizeof(th_plugin_entry), TH_ABI_MAJOR, TH_ABI_MINOR, "easing", "Easing curves", "1.0.0", NULL,
    plugin_init, NULL, plugin_effect_count, plugin_get_effect, plugin_get_extension,
};
