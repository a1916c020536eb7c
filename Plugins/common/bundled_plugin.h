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

/* A view handle the host passed as "none" (for instance no from-view in a first present). */
static inline bool is_none(th_view view)
{
    return view.id == 0;
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
