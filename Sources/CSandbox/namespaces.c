/* The helpers' namespaces: see th_sandbox_enter in sandbox.h.
 *
 * The helper leaves the user's world before any plugin code runs:
 *   - a user namespace, so that root's capabilities are gone (they hold only for what the new
 *     namespace owns) and RLIMIT_NPROC counts the helper's threads alone;
 *   - a mount namespace whose root is an empty tmpfs holding, bound read-only, only what
 *     Landlock lets the helper read: so stat, inotify and readdir find nothing else;
 *   - a PID namespace, so that no other process can be seen or named, and everything in it
 *     dies with its first process, which dies with the helper's parent;
 *   - an empty network namespace, and IPC, UTS and cgroup namespaces of its own.
 *
 * Three processes make it: the helper as the host started it ("outer"), which stays in the
 * host's namespaces, only waits, and ends as the plugin's process ends, so that the host sees the plugin's own exit status or
 * signal (and kills the rest when the host ends, however it ends); the namespace's first process ("init", PID 1), which reaps; and the plugin's
 * process (PID 2), which returns from th_enter_namespaces and goes on with the sandbox. The
 * plugin does not run as PID 1 because the kernel ignores signals a PID 1 has no handler for:
 * its abort() and SIGPIPE would not end it. */
#define _GNU_SOURCE
#include "sandbox_parts.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* Writes `text` to the file at `path`; 0 on success. */
static int write_file(const char *path, const char *text)
{
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = write(fd, text, strlen(text));
    close(fd);
    return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* Inside the namespace, the helper keeps the ids it had, so files look owned as before. */
static int map_ids(uid_t uid, gid_t gid)
{
    char line[64];
    snprintf(line, sizeof line, "%u %u 1\n", (unsigned)uid, (unsigned)uid);
    if (write_file("/proc/self/uid_map", line) != 0) return -1;
    /* An unprivileged gid_map needs setgroups denied first. */
    if (write_file("/proc/self/setgroups", "deny") != 0 && errno != ENOENT) return -1;
    snprintf(line, sizeof line, "%u %u 1\n", (unsigned)gid, (unsigned)gid);
    return write_file("/proc/self/gid_map", line);
}

/* Ends the calling process as `status` (from waitpid) says the process it waited for ended:
 * with the same exit status, or by the same signal. */
static void end_as(int status)
{
    if (WIFEXITED(status)) _exit(WEXITSTATUS(status));
    int signal_number = WIFSIGNALED(status) ? WTERMSIG(status) : SIGKILL;
    struct rlimit none = { 0, 0 };
    setrlimit(RLIMIT_CORE, &none);
    signal(signal_number, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal_number);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(signal_number);
    _exit(128 + signal_number);
}

/* Waits for `child`; retries when interrupted. Returns its status. */
static int wait_for(pid_t child)
{
    int status = 0;
    while (waitpid(child, &status, 0) < 0) {
        if (errno != EINTR) return 0x7f00;  /* exit status 127: lost track of it */
    }
    return status;
}

/* ---- the new root ------------------------------------------------------------------------ */

/* Where the old root is seen while the new one is built. */
#define OLD "/.old-root"

/* Makes every folder of `path` (absolute) below the new root. */
static int make_folders(const char *path)
{
    char partial[PATH_MAX];
    size_t length = strlen(path);
    if (length >= sizeof partial) return -1;
    for (size_t i = 1; i <= length; i++) {
        if (path[i] != '/' && path[i] != '\0') continue;
        memcpy(partial, path, i);
        partial[i] = '\0';
        if (mkdir(partial, 0755) != 0 && errno != EEXIST) return -1;
    }
    return 0;
}

/* Makes an empty file at `path` (and its folders), to bind a file over. */
static int make_file(const char *path)
{
    char parent[PATH_MAX];
    snprintf(parent, sizeof parent, "%s", path);
    char *slash = strrchr(parent, '/');
    if (slash != NULL && slash != parent) {
        *slash = '\0';
        if (make_folders(parent) != 0) return -1;
    }
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return errno == EEXIST ? 0 : -1;
    close(fd);
    return 0;
}

/* The flags a read-only remount must keep: in a user namespace, the kernel refuses a remount
 * that would drop nosuid, nodev, noexec or an atime setting the mount was made with. */
static unsigned long kept_flags(const char *path)
{
    struct statvfs info;
    if (statvfs(path, &info) != 0) return 0;
    unsigned long flags = 0;
    if (info.f_flag & ST_NOSUID) flags |= MS_NOSUID;
    if (info.f_flag & ST_NODEV) flags |= MS_NODEV;
    if (info.f_flag & ST_NOEXEC) flags |= MS_NOEXEC;
    if (info.f_flag & ST_NOATIME) flags |= MS_NOATIME;
    if (info.f_flag & ST_NODIRATIME) flags |= MS_NODIRATIME;
    if (info.f_flag & ST_RELATIME) flags |= MS_RELATIME;
    return flags;
}

/* Binds what the old root holds at `source` (a real path, no symbolic link) at `target` in
 * the new root, read-only unless `writable` (the devices). A source that does not exist is
 * no error: /lib32 is not on every system. */
static int bind(const char *source, const char *target, int writable)
{
    char old[PATH_MAX + sizeof OLD];
    snprintf(old, sizeof old, OLD "%s", source);
    struct stat info;
    if (stat(old, &info) != 0) return 0;
    /* Already seen through a tree bound before (a plugin installed under /usr): read-only
     * there too, and nothing can be made over it. */
    struct stat there;
    if (stat(target, &there) == 0) return 0;
    if ((S_ISDIR(info.st_mode) ? make_folders(target) : make_file(target)) != 0) return -1;
    if (mount(old, target, NULL, MS_BIND | MS_REC, NULL) != 0) return -1;
    if (writable) return 0;
    return mount(NULL, target, NULL, MS_BIND | MS_REMOUNT | MS_RDONLY | kept_flags(target), NULL);
}

/* A top-level name that is a symbolic link in the old root (/lib -> usr/lib on a merged /usr)
 * is made the same link; anything else is bound. */
static int bind_system_tree(const char *path)
{
    char old[PATH_MAX + sizeof OLD], target[PATH_MAX];
    snprintf(old, sizeof old, OLD "%s", path);
    struct stat info;
    if (lstat(old, &info) != 0) return 0;
    if (S_ISLNK(info.st_mode)) {
        ssize_t n = readlink(old, target, sizeof target - 1);
        if (n < 0) return -1;
        target[n] = '\0';
        return symlink(target, path) == 0 || errno == EEXIST ? 0 : -1;
    }
    return bind(path, path, 0);
}

/* The path the helper will open (`path`, made absolute against `cwd`) and the real path
 * whose file is bound there, both resolved before the old root is left: a symbolic link
 * may point anywhere. */
struct binding {
    char seen[PATH_MAX];
    char real[PATH_MAX];
};

static int resolve(const char *path, const char *cwd, struct binding *out)
{
    if (path[0] == '/') snprintf(out->seen, sizeof out->seen, "%s", path);
    else if (snprintf(out->seen, sizeof out->seen, "%s/%s", cwd, path) >= (int)sizeof out->seen) return -1;
    return realpath(out->seen, out->real) != NULL ? 0 : -1;
}

/* The working folder the helper had, for the second part of its new root. */
static char saved_cwd[PATH_MAX];

/* Builds the new root on a tmpfs and moves the helper into it, with the system's libraries,
 * the devices, the policy's folders and a /proc of its own: all but the policy's files,
 * which th_finish_root binds once they are known. The old root stays reachable at OLD until
 * then. 0, or -1 when a step failed (before the old root was left, the helper is left where
 * it was). */
static int build_root_base(const th_sandbox_policy *policy, const char *cwd)
{
    size_t count = policy->readable_folder_count;
    struct binding *bindings = calloc(count > 0 ? count : 1, sizeof *bindings);
    if (bindings == NULL) return -1;
    int *usable = calloc(count > 0 ? count : 1, sizeof *usable);
    if (usable == NULL) { free(bindings); return -1; }
    for (size_t i = 0; i < count; i++) usable[i] = resolve(policy->readable_folders[i], cwd, &bindings[i]) == 0;

    int rc = -1;
    /* Nothing done here reaches the user's mounts, and nothing of theirs reaches here. */
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) goto done;
    /* /tmp is only a place to stand: once the tmpfs becomes the root, the old /tmp is seen
     * again beneath the old root. */
    if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV, "mode=0755,size=1m") != 0) goto done;
    if (mkdir("/tmp" OLD, 0700) != 0 || syscall(SYS_pivot_root, "/tmp", "/tmp" OLD) != 0) {
        umount2("/tmp", MNT_DETACH);
        goto done;
    }
    if (chdir("/") != 0) goto done;

    static const char *const system_trees[] = { "/usr", "/lib", "/lib64", "/lib32", "/libx32" };
    static const char *const system_files[] = {
        "/etc/ld.so.cache", "/etc/localtime", "/sys/devices/system/cpu/online", "/sys/devices/system/cpu/possible",
    };
    static const char *const devices[] = { "/dev/null", "/dev/zero", "/dev/urandom" };
    int failed = 0;
    for (size_t i = 0; i < sizeof system_trees / sizeof *system_trees; i++) failed |= bind_system_tree(system_trees[i]);
    for (size_t i = 0; i < sizeof system_files / sizeof *system_files; i++) {
        char real[PATH_MAX], old[PATH_MAX + sizeof OLD];
        snprintf(old, sizeof old, OLD "%s", system_files[i]);
        /* /etc/localtime is a link into /usr/share/zoneinfo: bind the file it names. */
        char link[PATH_MAX];
        ssize_t n = readlink(old, link, sizeof link - 1);
        if (n > 0 && link[0] == '/') { link[n] = '\0'; snprintf(real, sizeof real, "%s", link); }
        else snprintf(real, sizeof real, "%s", system_files[i]);
        failed |= bind(real, system_files[i], 0);
    }
    for (size_t i = 0; i < sizeof devices / sizeof *devices; i++) failed |= bind(devices[i], devices[i], 1);
    for (size_t i = 0; i < count; i++) {
        if (usable[i]) failed |= bind(bindings[i].real, bindings[i].seen, 0);
    }
    /* A /proc of the new PID namespace: only its own processes (Landlock lets it read its
     * own memory map, which the C library and the Swift runtime read). */
    if (make_folders("/proc") != 0 || mount("proc", "/proc", "proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, NULL) != 0) failed = 1;
    /* The working folder, so that relative paths resolve as before; a folder that cannot
     * be made there (inside a tree bound read-only) leaves the helper at the root. */
    (void)make_folders(cwd);
    rc = failed ? -1 : 0;
done:
    free(bindings);
    free(usable);
    return rc;
}

int th_finish_root(const th_sandbox_policy *policy)
{
    int failed = 0;
    /* Each file's real path as the old root has it: resolved there (chroot), since a link
     * may point anywhere in it, then bound where the helper will open it. */
    int here = open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (here < 0) return -1;
    for (size_t i = 0; i < policy->readable_count; i++) {
        struct binding binding;
        int found = -1;
        if (chroot(OLD) == 0) {
            found = resolve(policy->readable[i], saved_cwd, &binding);
            if (fchdir(here) != 0 || chroot(".") != 0) { close(here); return -1; }
        } else {
            failed = 1;
        }
        if (found == 0) failed |= bind(binding.real, binding.seen, 0);
    }
    if (fchdir(here) != 0) failed = 1;
    close(here);
    if (umount2(OLD, MNT_DETACH) != 0) failed = 1;
    rmdir(OLD);
    /* The root itself (the tmpfs) read-only: nothing new can be made in it. */
    if (mount(NULL, "/", NULL, MS_REMOUNT | MS_BIND | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL) != 0) failed = 1;
    if (chdir(saved_cwd) != 0 && chdir("/") != 0) failed = 1;
    return failed ? -1 : 0;
}

/* ---- the three processes ----------------------------------------------------------------- */

/* Closes every descriptor but `kept`. */
static void close_all_but(int kept)
{
    if (kept > 0) syscall(SYS_close_range, 0, (unsigned)kept - 1, 0);
    syscall(SYS_close_range, (unsigned)kept + 1, ~0U, 0);
}

/* The namespace's PID 1: starts the plugin's process, reaps whatever ends, and when the
 * plugin's process ends, tells `outer` its status through `report` and ends. When it ends,
 * the kernel kills everything else in the namespace. Returns only in the plugin's process. */
static void become_init(int report)
{
    pid_t plugin = fork();
    if (plugin < 0) _exit(71);
    if (plugin == 0) {
        close(report);
        /* Dies with this init, which dies with the outer helper. */
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (getppid() != 1) _exit(9);
        return;
    }
    prctl(PR_SET_NAME, "host-sandbox");
    close_all_but(report);
    for (;;) {
        int status = 0;
        pid_t ended = waitpid(-1, &status, 0);
        if (ended < 0 && errno == EINTR) continue;
        if (ended == plugin || ended < 0) {
            if (ended < 0) status = 0x7f00;
            (void)!write(report, &status, sizeof status);
            _exit(0);
        }
    }
}

/* The process an outer helper waits for (init, or the plugin's process of a split helper),
 * for the signal that says the host is gone. */
static volatile pid_t waited_for;

static void on_host_gone(int signal_number)
{
    (void)signal_number;
    if (waited_for > 0) kill(waited_for, SIGKILL);
}

/* Called by an outer helper that waits for `child`: however the host (`host`, its parent)
 * ends, SIGKILL outright included, the child is killed then, so that nothing of the helper
 * outlives the host, while this process, which must remove the control groups and report,
 * is only told (a parent-death SIGKILL would end it first). */
static void end_child_with_host(pid_t child, pid_t host)
{
    waited_for = child;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_host_gone;
    sigemptyset(&action.sa_mask);
    sigaction(SIGUSR1, &action, NULL);
    prctl(PR_SET_PDEATHSIG, SIGUSR1);
    if (getppid() != host) kill(child, SIGKILL);
}

int th_split_for_groups(const th_cgroups *groups)
{
    pid_t host = getppid();
    pid_t child = fork();
    if (child > 0) {
        end_child_with_host(child, host);
        /* Nothing of the plugin's is kept open here, so the host sees the channel close when
         * the plugin's process ends. */
        close_all_but(-1);
        int status = wait_for(child);
        th_cgroups_remove(groups);
        end_as(status);
    }
    return child == 0 ? 0 : -1;
}

/* clone(2) of init with `flags` (new namespaces) and SIGCHLD; in the v2 group made, if any,
 * by clone3's CLONE_INTO_CGROUP (Linux 5.7), which starts it there without moving a process.
 * Where the kernel lacks clone3 or refuses the group, init starts outside the v2 group and
 * `*grouping_failed` is set. */
static pid_t start_init(unsigned long flags, const th_cgroups *groups, int *grouping_failed)
{
    int folder = th_cgroups_v2_folder(groups);
    if (folder >= 0) {
        struct {
            uint64_t flags, pidfd, child_tid, parent_tid, exit_signal, stack, stack_size, tls, set_tid, set_tid_size, cgroup;
        } args;
        memset(&args, 0, sizeof args);
        args.flags = flags | 0x200000000ULL; /* CLONE_INTO_CGROUP */
        args.exit_signal = SIGCHLD;
        args.cgroup = (uint64_t)folder;
        pid_t init = (pid_t)syscall(SYS_clone3, &args, sizeof args);
        int error = errno;
        close(folder);
        if (init >= 0) return init;
        *grouping_failed = 1;
        errno = error;
    }
    return (pid_t)syscall(SYS_clone, flags | SIGCHLD, NULL, NULL, NULL, 0);
}

int th_enter_namespaces(const th_sandbox_policy *policy, const th_cgroups *groups, char *missing, size_t size)
{
    if (policy->without_namespaces) {
        th_note_missing(missing, size, "namespaces (turned off)");
        return -1;
    }
    uid_t uid = geteuid();
    gid_t gid = getegid();
    pid_t host = getppid();
    char cwd[PATH_MAX];
    if (getcwd(cwd, sizeof cwd) == NULL) snprintf(cwd, sizeof cwd, "/");
    /* The outer helper's own identity, for init to see it die before asking to die with it. */
    int outer_pidfd = (int)syscall(SYS_pidfd_open, getpid(), 0);
    int status_pipe[2];
    if (pipe2(status_pipe, O_CLOEXEC) != 0) {
        if (outer_pidfd >= 0) close(outer_pidfd);
        th_note_missing(missing, size, "namespaces (no pipe)");
        return -1;
    }

    /* Root keeps its effective id (it still reads its own files, mode 0600 included) but
     * takes nobody's real id: the kernel never applies RLIMIT_NPROC to a real root, so
     * without this the thread cap would not hold. Inside the user namespace its
     * capabilities reach nothing outside. */
    if (uid == 0) (void)setresuid(65534, 0, 0);
    /* A new process in new namespaces, as fork would make it: the outer helper stays in the
     * host's, so that its own ending never waits for theirs to be torn down. */
    int flags = CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWPID | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWCGROUP;
    int grouping_failed = th_cgroups_join_thread(groups) != 0;
    pid_t init = start_init((unsigned long)flags, groups, &grouping_failed);
    if (init != 0) th_cgroups_leave_thread(groups); /* init stays */
    if (init < 0) {
        if (uid == 0) (void)setresuid(0, 0, 0);
        close(status_pipe[0]);
        close(status_pipe[1]);
        if (outer_pidfd >= 0) close(outer_pidfd);
        th_note_missing(missing, size,
            "namespaces (the system refuses unprivileged user namespaces: plugins can see the names and sizes of your files, and root keeps its capabilities)");
        return -1;
    }
    if (init > 0) {
        end_child_with_host(init, host);
        /* The outer helper: nothing of the plugin's is kept open here, so the host sees its
         * descriptors close when the plugin's process ends. */
        close_all_but(status_pipe[0]);
        /* The plugin's status as soon as init has it; only when init ended without saying
         * is its own status the answer. */
        int plugin_status;
        ssize_t n;
        while ((n = read(status_pipe[0], &plugin_status, sizeof plugin_status)) < 0 && errno == EINTR) {}
        int said = n == sizeof plugin_status;
        int status = said ? plugin_status : wait_for(init);
        /* The groups empty once init and the namespace are gone. */
        if (groups->count > 0) {
            if (said) (void)wait_for(init);
            th_cgroups_remove(groups);
        }
        end_as(status);
    }
    /* Init, PID 1 of the new namespace. (A raw clone leaves the C library's record of the
     * thread id stale: init calls nothing that reads it, and the plugin's process is made
     * by fork, which renews it.) */
    close(status_pipe[0]);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (outer_pidfd >= 0) {
        struct pollfd gone = { outer_pidfd, POLLIN, 0 };
        if (poll(&gone, 1, 0) > 0) _exit(9);
        close(outer_pidfd);
    }
    int failed = map_ids(uid, gid) != 0;
    /* The mounts are made by PID 1, which alone may mount the new namespace's /proc; the
     * plugin's process inherits the root, and seals it once it knows its files. */
    snprintf(saved_cwd, sizeof saved_cwd, "%s", cwd);
    if (build_root_base(policy, cwd) != 0) failed = 1;
    become_init(status_pipe[1]);
    if (failed) th_note_missing(missing, size, "namespaces (a step was refused: the helper may see more than its own files)");
    if (grouping_failed) {
        failed = 1;
        th_note_missing(missing, size, "control groups (made, but the helper could not start in them)");
    }
    return failed ? 1 : 0;
}
