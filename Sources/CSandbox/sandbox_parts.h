#ifndef TRANSITION_HOST_SANDBOX_PARTS_H
#define TRANSITION_HOST_SANDBOX_PARTS_H

/* Shared between the sandbox's C files; not part of the module's interface. */

#include "include/sandbox.h"

#include <limits.h>

/* Appends `name` to the comma-separated list in `missing` (the caller's buffer of `size`). */
void th_note_missing(char *missing, size_t size, const char *name);

/* The control groups a helper made for itself (cgroups.c): at most one in cgroup v2 and one
 * per v1 hierarchy of the pids and memory controllers. */
#define TH_CGROUPS_MAX 3
typedef struct th_cgroups {
    int count;
    int version[TH_CGROUPS_MAX];         /* 1 or 2 */
    char made[TH_CGROUPS_MAX][PATH_MAX]; /* the helper's group */
    char home[TH_CGROUPS_MAX][PATH_MAX]; /* the group it was in before */
} th_cgroups;

/* Makes a group for this helper in every hierarchy where the user may, capped at
 * policy->threads tasks and policy->memory_bytes of memory, after removing the empty groups
 * of helpers that are gone. Returns how many it made (0 with policy->without_cgroups). */
int th_cgroups_make(const th_sandbox_policy *policy, th_cgroups *groups);
/* Moves the calling thread into the v1 groups made, or back; the number of moves refused. */
int th_cgroups_join_thread(const th_cgroups *groups);
void th_cgroups_leave_thread(const th_cgroups *groups);
/* A descriptor of the v2 group made (for clone3's CLONE_INTO_CGROUP, which starts a process
 * in it without moving one), or -1. */
int th_cgroups_v2_folder(const th_cgroups *groups);
/* Moves the calling process into the v2 group made (without namespaces, where no process is
 * started in it); the number of moves refused. */
int th_cgroups_join_process(const th_cgroups *groups);
/* Without namespaces, where groups were made: forks; the child returns 0 and goes on as the
 * plugin's process (it joins the groups), while this process stays outside them, waits,
 * removes them and ends as the child ended, as the outer helper does with namespaces.
 * Returns -1, in this process, when it cannot fork. */
int th_split_for_groups(const th_cgroups *groups);
/* Removes the groups, once no process is left in them. */
void th_cgroups_remove(const th_cgroups *groups);
/* In the plugin's process, once it knows the files it will read (policy->readable): binds
 * them into the new root th_enter_namespaces made, leaves the old root for good, and makes
 * the root read-only. 0, or -1 when a step was refused. */
int th_finish_root(const th_sandbox_policy *policy);

/* Moves the calling helper into namespaces of its own (namespaces.c). Returns in a new
 * process, the plugin's: 0 when every namespace and the new root are in place, 1 when it is
 * in the namespaces but a step of the new root was refused (noted in `missing`). Returns -1
 * in the same process, with the reason noted, when the namespaces could not be made at all
 * (the caller then goes on without them).
 * The process that called it never returns: it waits, and ends as the plugin's process
 * ends, outside the namespaces. Init starts in `groups` (the v2 one by clone3, the v1 ones
 * by the calling thread's joining them for the moment of the clone), and the plugin's
 * process with it; the process that called removes them before it ends. */
int th_enter_namespaces(const th_sandbox_policy *policy, const th_cgroups *groups, char *missing, size_t size);

#endif
