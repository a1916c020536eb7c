#ifndef TRANSITION_HOST_SANDBOX_H
#define TRANSITION_HOST_SANDBOX_H

#include <stddef.h>

/* What a helper about to run plugin code may still do once it is in the sandbox. The caller
 * (HelperSandbox, in the helper) owns every pointer; nothing is kept after the call. */
typedef struct th_sandbox_policy {
    /* Files the helper may read besides the system's libraries: the plugin files it loads.
     * A path that cannot be opened is left out (the loader then says why it cannot read it). */
    const char *const *readable;
    size_t readable_count;
    /* Folders it may read beneath, for libraries a plugin links against that the system
     * does not hold (the Swift runtime's folder). */
    const char *const *readable_folders;
    size_t readable_folder_count;
    /* Limits (setrlimit): address space in bytes, CPU seconds, open descriptors, and the
     * largest file it may write through a descriptor it inherited. */
    unsigned long long memory_bytes;
    unsigned long cpu_seconds;
    unsigned long descriptors;
    unsigned long long file_bytes;
    /* Processes and threads (RLIMIT_NPROC), set only inside the user namespace, where it
     * counts the helper's own. */
    unsigned long threads;
    /* Nonzero: behave as on a kernel without Landlock (how the tests see that case), or
     * without seccomp (how the tests show that Landlock holds on its own). */
    int without_landlock;
    int without_seccomp;
    /* Nonzero: no namespaces (how the tests show that the other layers hold without them). */
    int without_namespaces;
    /* A descriptor the host writes its compiled filter to (th_sandbox_filter_compile), or -1.
     * Inside the namespaces the helper loads that rather than compiling its own; the
     * descriptor is closed either way before any plugin code runs. */
    int filter_fd;
    /* Or the same program already in memory, `filter_size` bytes (NULL for none): an isolated
     * helper started before it knows its plugin compiles it while it waits. */
    const void *filter_program;
    size_t filter_size;
    /* Nonzero: no control groups, even where the user may make them (cgroups.c). */
    int without_cgroups;
} th_sandbox_policy;

/* Called by a helper process that is about to run plugin code (the scanner's helper, an
 * isolated plugin's process, `host validate`'s test process), once, before any plugin is
 * loaded. It:
 *   - where the user may make control groups (a cgroup v2 group delegated to them, or a
 *     writable v1 hierarchy of the pids or memory controller, as root has), makes one for
 *     the helper ("transition-host-helper-<host's pid>-<helper's pid>") capped at
 *     policy->threads tasks and policy->memory_bytes of memory, in which the plugin's process
 *     starts (cgroups.c); the outer process below removes it as it ends, or the host when it
 *     reaps a helper it killed (th_cgroups_release);
 *   - moves into namespaces of its own (namespaces.c): a user namespace (root's capabilities
 *     gone), a mount namespace whose root holds only, read-only, what Landlock below lets it
 *     read (so stat and inotify find nothing else), a PID namespace that dies with it, an
 *     empty network namespace, and IPC, UTS and cgroup namespaces. This forks: the call
 *     returns in a new process (PID 2 of the namespace), while the process that made the
 *     call stays outside, waits, and ends with the same status or signal, so that its
 *     parent sees the plugin's own ending. Where the system refuses unprivileged user namespaces, the
 *     helper goes on without them and says so in `missing`;
 *   - puts the process in a session of its own (outside namespaces), asks the kernel to kill
 *     it when its parent dies, and forbids gaining privileges (no_new_privs);
 *   - sets the policy's rlimits (and no core files; the thread cap only in the namespace);
 *   - applies a Landlock ruleset, where the kernel has Landlock: the process reads only the
 *     system's libraries, /dev/null and /dev/urandom and the policy's files and folders, writes,
 *     makes and removes nothing, executes nothing, binds and connects no TCP port, and (Landlock
 *     ABI 6) signals no process outside its own Landlock domain;
 *   - installs a default-deny seccomp filter (libseccomp): a call not on its list fails with
 *     ENOSYS. On the list: memory, threads (clone with CLONE_THREAD only), time, signals to
 *     itself, reading and writing what it holds or what Landlock lets it open, waiting on
 *     descriptors, and questions about itself. Calls that can name another process
 *     (prlimit64, setpriority, sched_setscheduler, sched_setparam, sched_setaffinity,
 *     ioprio_set, tgkill) are allowed for this process alone; prctl and ioctl for a short list
 *     of harmless options. Refused with EPERM: signals to others, tracing, fork and exec, a
 *     file's mode, owner, times and extended attributes, PR_SET_PDEATHSIG, inotify, leaving
 *     its session or group, and the calls of root (hostname, clock, reboot, ids); new sockets
 *     with EACCES. Everything else (SysV and POSIX IPC, keyrings, namespaces, mounts,
 *     io_uring, BPF, performance counters) is simply not on the list.
 *
 * Returns how many mechanisms could not be applied (0 when all are in place) and writes
 * their names, comma-separated, into `missing` (a buffer of `size` bytes the caller owns).
 * What could be applied is applied all the same. */
int th_sandbox_enter(const th_sandbox_policy *policy, char *missing, size_t size);

/* th_sandbox_enter in two parts, for a helper started before it knows the plugin files it
 * will read (an isolated plugin's spare), so that the slow part passes while it waits. The
 * first makes the control groups and the namespaces, with a root that holds everything but
 * policy->readable (ignored here), and returns in the plugin's process; nothing of a
 * plugin's may run before the second. The second, given the whole policy, binds the files,
 * seals the root and applies the rest (parent-death signal, no_new_privs, rlimits, Landlock,
 * seccomp); it returns what both parts lacked, as th_sandbox_enter does, and makes the first
 * part itself when it was not made. */
int th_sandbox_enter_first(const th_sandbox_policy *policy);
int th_sandbox_enter_rest(const th_sandbox_policy *policy, char *missing, size_t size);

/* Called by the host (HelperFilter), once per command: compiles the seccomp filter that
 * th_sandbox_enter installs in a helper inside the namespaces, where the plugin's process is
 * always PID 2, into `buffer` (the caller's, `capacity` bytes) as the kernel's BPF program.
 * Compiling takes libseccomp about 2 ms, which each helper then saves. Returns the program's
 * size in bytes, or -1 when libseccomp refused or it does not fit. */
long th_sandbox_filter_compile(void *buffer, size_t capacity);

/* Asks the kernel to kill the calling process when its parent dies (PR_SET_PDEATHSIG), for
 * child processes that run plugin code outside the sandbox (`host validate`'s test
 * processes), so that a host killed outright leaves none behind. 0, or -1 with errno set. */
int th_sandbox_die_with_parent(void);

/* Called by the host once it has reaped a helper (`pid`, as the host sees it): removes the
 * control groups the helper made (th_sandbox_enter), which it cannot remove itself when it
 * was killed. A group whose processes are still ending is tried again at the next call and
 * as the host exits; what is left then is removed by the next helper. Returns how many
 * groups were still busy. Thread-safe. */
int th_cgroups_release(int pid);

/* How many places this process may make control groups in (see th_sandbox_enter). */
int th_cgroups_places(void);

/* For the tests: the mount point and the mount's root of the cgroup file system of `version`
 * (2; or 1 with `controller`) in the text of /proc/self/mountinfo, and the path of the
 * process's group in that hierarchy in the text of /proc/self/cgroup. 0, or -1 when there is
 * none (or a path does not fit in `size` bytes). */
int th_cgroups_mount_point(const char *mountinfo, int version, const char *controller, char *root, char *mount, size_t size);
int th_cgroups_own_path(const char *cgroup_file, int version, const char *controller, char *path, size_t size);

/* The folder of the shared library that holds `symbol` (the Swift runtime's folder, for
 * swift_retain), written into `folder` (the caller's buffer of `size` bytes). 0 on success;
 * -1 when the symbol is not found or lies in the executable itself (a static runtime). */
int th_sandbox_library_folder(const char *symbol, char *folder, size_t size);

#endif
