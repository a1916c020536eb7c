#ifndef TRANSITION_HOST_SANDBOX_PARTS_H
#define TRANSITION_HOST_SANDBOX_PARTS_H

/* Shared between the sandbox's C files; not part of the module's interface. */

#include "include/sandbox.h"

/* Appends `name` to the comma-separated list in `missing` (the caller's buffer of `size`). */
void th_note_missing(char *missing, size_t size, const char *name);

/* Moves the calling helper into namespaces of its own (namespaces.c). Returns in a new
 * process, the plugin's: 0 when every namespace and the new root are in place, 1 when it is
 * in the namespaces but a step of the new root was refused (noted in `missing`). Returns -1
 * in the same process, with the reason noted, when the namespaces could not be made at all
 * (the caller then goes on without them).
 * The process that called it never returns: it waits, and ends as the plugin's process
 * ends, outside the namespaces. */
int th_enter_namespaces(const th_sandbox_policy *policy, char *missing, size_t size);

#endif
