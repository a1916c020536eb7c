/*
 * A plugin for the benchmarks (Scripts/bench), not bundled: during its animation it times
 * calls into the host table from plugin code and reports them through the host's log, and it
 * exports a trivial function the host-side benchmark calls directly and through libffi.
 * Built with -DPLUGIN_ID='"..."' it also serves as the many generated plugins of the
 * discovery benchmark.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "transition_host.h"

#ifndef PLUGIN_ID
#define PLUGIN_ID "bench.abi"
#endif

static const th_host_api *host;

/* The host calls this directly and through a prepared libffi call interface ("d(d)"). */
TH_EXPORT double abi_bench_echo(double x) { return x; }

static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void *create(const th_effect_config *config) { (void)config; return malloc(1); }
static void destroy(void *self) { free(self); }
static double duration(void *self, th_context ctx) { (void)self; (void)ctx; return 0.1; }

/* Times `rounds` batches of `calls` host-table calls and logs the median per call.
 * ABI_BENCH_CALLS sets `calls`: an isolated run crosses a socket per call, a thousand times
 * slower, so the benchmark asks for fewer there. */
static void time_host_calls(th_context ctx)
{
    enum { rounds = 15 };
    const char *wanted = getenv("ABI_BENCH_CALLS");
    /* 15 rounds of 15,000 stay within the host-table calls one call into a plugin may make. */
    int calls = wanted != NULL && atoi(wanted) > 0 ? atoi(wanted) : 15000;
    double per_call[rounds], sink = 0;
    th_view container;
    char line[128];
    int r, i, j;

    host->container_view(ctx, &container);
    for (r = 0; r < rounds; r++) {
        double start = seconds();
        for (i = 0; i < calls; i++) {
            double alpha = 0;
            host->get_alpha(container, &alpha);
            sink += alpha;
        }
        per_call[r] = (seconds() - start) / calls * 1e9;
    }
    for (i = 1; i < rounds; i++) /* insertion sort: the median needs order */
        for (j = i; j > 0 && per_call[j - 1] > per_call[j]; j--) {
            double t = per_call[j]; per_call[j] = per_call[j - 1]; per_call[j - 1] = t;
        }
    snprintf(line, sizeof line, "host-call-ns median=%.2f min=%.2f max=%.2f sink=%.0f",
             per_call[rounds / 2], per_call[0], per_call[rounds - 1], sink);
    host->log(TH_LOG_INFO, line);
}

static void animate(void *self, th_context ctx)
{
    (void)self;
    time_host_calls(ctx);
    host->complete_transition(ctx, true);
}

static const th_animator_interface animator = { sizeof animator, create, destroy, duration, animate, NULL };
static const th_effect_descriptor effect = {
    sizeof effect, TH_KIND_ANIMATOR, "abi-bench", "ABI benchmark", NULL,
    TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS, 0, NULL, 0.1, &animator };

static bool init(const th_host_api *h) { host = h; return h->abi_major == TH_ABI_MAJOR; }
static uint32_t count(void) { return 1; }
static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect : NULL; }

TH_EXPORT const th_plugin_entry th_entry = {
    sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, PLUGIN_ID, "Benchmark plugin", "1.0.0", NULL,
    init, NULL, count, get, NULL };
