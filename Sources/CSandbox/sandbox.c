/* The helpers' sandbox: see sandbox.h. Kernel mechanisms (setsid, prctl, setrlimit, Landlock)
 * and libseccomp only: no check of our own stands between a plugin and what it must not do. */
#define _GNU_SOURCE
#include "sandbox.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <seccomp.h>

/* Appends `name` to the comma-separated list in `missing`. */
static void note_missing(char *missing, size_t size, const char *name)
{
    if (missing == NULL || size == 0) return;
    size_t used = strlen(missing);
    snprintf(missing + used, size - used, "%s%s", used > 0 ? ", " : "", name);
}

/* ---- rlimits ---------------------------------------------------------------------------- */

static int limit(int resource, unsigned long long value)
{
    if (value == 0) return 0;
    struct rlimit current;
    if (getrlimit(resource, &current) != 0) return -1;
    /* Never raise a limit the parent already set lower. */
    rlim_t wanted = (rlim_t)value;
    if (current.rlim_max != RLIM_INFINITY && current.rlim_max < wanted) wanted = current.rlim_max;
    struct rlimit next = { wanted, wanted };
    return setrlimit(resource, &next);
}

static int apply_limits(const th_sandbox_policy *policy)
{
    struct rlimit none = { 0, 0 };
    int rc = setrlimit(RLIMIT_CORE, &none);
    rc |= limit(RLIMIT_AS, policy->memory_bytes);
    rc |= limit(RLIMIT_CPU, policy->cpu_seconds);
    rc |= limit(RLIMIT_NOFILE, policy->descriptors);
    rc |= limit(RLIMIT_FSIZE, policy->file_bytes);
    /* A write past the file size limit fails with EFBIG instead of killing the helper: the
     * plugin's own output is not worth a crash report. */
    signal(SIGXFSZ, SIG_IGN);
    return rc;
}

/* ---- Landlock ----------------------------------------------------------------------------
 * Debian's kernel headers may predate the later Landlock ABIs: the few values needed are
 * defined here, as the kernel's UAPI fixes them. */

#ifndef LANDLOCK_ACCESS_FS_TRUNCATE
#define LANDLOCK_ACCESS_FS_TRUNCATE (1ULL << 14)
#endif
#ifndef LANDLOCK_ACCESS_FS_IOCTL_DEV
#define LANDLOCK_ACCESS_FS_IOCTL_DEV (1ULL << 15)
#endif
#define TH_LANDLOCK_ACCESS_NET_BIND_TCP (1ULL << 0)
#define TH_LANDLOCK_ACCESS_NET_CONNECT_TCP (1ULL << 1)
#define TH_LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET (1ULL << 0)
#define TH_LANDLOCK_SCOPE_SIGNAL (1ULL << 1)

/* struct landlock_ruleset_attr as of Landlock ABI 6; a kernel that knows fewer fields accepts
 * the larger struct as long as the fields it does not know are zero. */
struct th_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

/* What reading a file or a folder needs. */
#define TH_READ_FILE (LANDLOCK_ACCESS_FS_READ_FILE)
#define TH_READ_TREE (LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR)

/* Allows `access` beneath `path` (or on it, for a file). A path that does not exist is no
 * error: /lib32 is not on every system. */
static int allow(int ruleset, const char *path, uint64_t access)
{
    int fd = open(path, O_PATH | O_CLOEXEC);
    if (fd < 0) return 0;
    struct landlock_path_beneath_attr rule = { .allowed_access = access, .parent_fd = fd };
    struct stat info;
    if (fstat(fd, &info) == 0 && !S_ISDIR(info.st_mode)) rule.allowed_access &= TH_READ_FILE;
    int rc = (int)syscall(SYS_landlock_add_rule, ruleset, LANDLOCK_RULE_PATH_BENEATH, &rule, 0);
    close(fd);
    return rc;
}

/* 0 when the ruleset is in force; otherwise -1 with the missing piece named. */
static int apply_landlock(const th_sandbox_policy *policy, char *missing, size_t size)
{
    long abi = policy->without_landlock ? 0 : syscall(SYS_landlock_create_ruleset, NULL, 0, LANDLOCK_CREATE_RULESET_VERSION);
    if (abi < 1) {
        note_missing(missing, size, "Landlock (the kernel lacks it: plugins may read and write your files)");
        return -1;
    }
    struct th_ruleset_attr attr = { 0 };
    attr.handled_access_fs = LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE
        | LANDLOCK_ACCESS_FS_READ_FILE | LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_REMOVE_DIR
        | LANDLOCK_ACCESS_FS_REMOVE_FILE | LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR
        | LANDLOCK_ACCESS_FS_MAKE_REG | LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO
        | LANDLOCK_ACCESS_FS_MAKE_BLOCK | LANDLOCK_ACCESS_FS_MAKE_SYM;
    if (abi >= 2) attr.handled_access_fs |= LANDLOCK_ACCESS_FS_REFER;
    if (abi >= 3) attr.handled_access_fs |= LANDLOCK_ACCESS_FS_TRUNCATE;
    if (abi >= 5) attr.handled_access_fs |= LANDLOCK_ACCESS_FS_IOCTL_DEV;
    /* Handled with no rule: no TCP port can be bound or connected to. */
    if (abi >= 4) attr.handled_access_net = TH_LANDLOCK_ACCESS_NET_BIND_TCP | TH_LANDLOCK_ACCESS_NET_CONNECT_TCP;
    /* No signal to, and no abstract socket of, a process outside the sandbox. */
    if (abi >= 6) attr.scoped = TH_LANDLOCK_SCOPE_SIGNAL | TH_LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET;
    size_t attr_size = abi >= 6 ? sizeof attr : abi >= 4 ? 2 * sizeof(uint64_t) : sizeof(uint64_t);

    int ruleset = (int)syscall(SYS_landlock_create_ruleset, &attr, attr_size, 0);
    if (ruleset < 0) {
        note_missing(missing, size, "Landlock (the ruleset was refused)");
        return -1;
    }
    /* The system's libraries and the loader's cache: what dlopen of a plugin reads. */
    static const char *const system_trees[] = { "/usr", "/lib", "/lib64", "/lib32", "/libx32" };
    static const char *const system_files[] = {
        "/etc/ld.so.cache", "/etc/localtime", "/dev/null", "/dev/zero", "/dev/urandom",
        "/sys/devices/system/cpu/online", "/sys/devices/system/cpu/possible", "/proc/self/maps",
    };
    int rc = 0;
    for (size_t i = 0; i < sizeof system_trees / sizeof *system_trees; i++) rc |= allow(ruleset, system_trees[i], TH_READ_TREE);
    for (size_t i = 0; i < sizeof system_files / sizeof *system_files; i++) rc |= allow(ruleset, system_files[i], TH_READ_FILE);
    for (size_t i = 0; i < policy->readable_count; i++) rc |= allow(ruleset, policy->readable[i], TH_READ_FILE);
    for (size_t i = 0; i < policy->readable_folder_count; i++) rc |= allow(ruleset, policy->readable_folders[i], TH_READ_TREE);
    if (rc != 0 || syscall(SYS_landlock_restrict_self, ruleset, 0) != 0) {
        close(ruleset);
        note_missing(missing, size, "Landlock (a rule was refused)");
        return -1;
    }
    close(ruleset);
    if (abi < 6) note_missing(missing, size, "Landlock's signal scope (kernel Landlock ABI below 6; seccomp still refuses signals)");
    return 0;
}

/* ---- seccomp ---------------------------------------------------------------------------- */

/* Denies `syscall` with EPERM when its first argument is not this process (for the calls whose
 * first argument names the target process). */
static int deny_unless_self(scmp_filter_ctx ctx, int syscall, pid_t self)
{
    return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), syscall, 1, SCMP_A0(SCMP_CMP_NE, (scmp_datum_t)self));
}

static int deny(scmp_filter_ctx ctx, int syscall, int error)
{
    return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(error), syscall, 0);
}

static int apply_seccomp(char *missing, size_t size)
{
    pid_t self = getpid();
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL) {
        note_missing(missing, size, "seccomp (not available)");
        return -1;
    }
    int rc = 0;
    /* Signals: kill(2) names a process or a group (0, -1, -pgid); none is needed here, so none
     * is allowed. The runtime's own aborts go through tgkill to itself. */
    rc |= deny(ctx, SCMP_SYS(kill), EPERM);
    rc |= deny_unless_self(ctx, SCMP_SYS(tgkill), self);
    rc |= deny_unless_self(ctx, SCMP_SYS(rt_sigqueueinfo), self);
    rc |= deny_unless_self(ctx, SCMP_SYS(rt_tgsigqueueinfo), self);
    rc |= deny(ctx, SCMP_SYS(tkill), EPERM);
    rc |= deny(ctx, SCMP_SYS(pidfd_send_signal), EPERM);
    /* Other processes' memory. */
    rc |= deny(ctx, SCMP_SYS(ptrace), EPERM);
    rc |= deny(ctx, SCMP_SYS(process_vm_writev), EPERM);
    rc |= deny(ctx, SCMP_SYS(process_vm_readv), EPERM);
    /* No program runs, and no process starts: a plugin's child could outlive the command.
     * Threads are allowed (clone with CLONE_THREAD); clone3 passes its flags in memory, which
     * a filter cannot read, so it answers ENOSYS and the C library falls back to clone. */
    rc |= deny(ctx, SCMP_SYS(execve), EPERM);
    rc |= deny(ctx, SCMP_SYS(execveat), EPERM);
    rc |= deny(ctx, SCMP_SYS(fork), EPERM);
    rc |= deny(ctx, SCMP_SYS(vfork), EPERM);
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(clone), 1,
                           SCMP_A0(SCMP_CMP_MASKED_EQ, (scmp_datum_t)CLONE_THREAD, 0));
    rc |= deny(ctx, SCMP_SYS(clone3), ENOSYS);
    /* The session and the group the host kills as a whole. */
    rc |= deny(ctx, SCMP_SYS(setsid), EPERM);
    rc |= deny(ctx, SCMP_SYS(setpgid), EPERM);
    /* No new socket: the helper talks to the host on the descriptor it was given. */
    rc |= deny(ctx, SCMP_SYS(socket), EACCES);
    rc |= deny(ctx, SCMP_SYS(socketpair), EACCES);
    /* Other ways to reach other processes or the kernel that a transition never needs: SysV
     * and POSIX message queues, shared memory and semaphores (a channel Landlock does not
     * cover), the kernel's keyrings (the user's keys), namespaces and mounts, io_uring (whose
     * operations this filter would not see), BPF and performance counters. */
    static const int unneeded[] = {
        SCMP_SYS(msgget), SCMP_SYS(msgsnd), SCMP_SYS(msgrcv), SCMP_SYS(msgctl),
        SCMP_SYS(shmget), SCMP_SYS(shmat), SCMP_SYS(shmctl), SCMP_SYS(shmdt),
        SCMP_SYS(semget), SCMP_SYS(semop), SCMP_SYS(semtimedop), SCMP_SYS(semctl),
        SCMP_SYS(mq_open), SCMP_SYS(mq_unlink),
        SCMP_SYS(keyctl), SCMP_SYS(add_key), SCMP_SYS(request_key),
        SCMP_SYS(unshare), SCMP_SYS(setns), SCMP_SYS(mount), SCMP_SYS(umount2), SCMP_SYS(pivot_root), SCMP_SYS(chroot),
        SCMP_SYS(io_uring_setup), SCMP_SYS(io_uring_enter), SCMP_SYS(io_uring_register),
        SCMP_SYS(bpf), SCMP_SYS(perf_event_open), SCMP_SYS(userfaultfd),
    };
    for (size_t i = 0; i < sizeof unneeded / sizeof *unneeded; i++) rc |= deny(ctx, unneeded[i], EPERM);
    if (rc != 0 || seccomp_load(ctx) != 0) {
        seccomp_release(ctx);
        note_missing(missing, size, "seccomp (the filter could not be installed)");
        return -1;
    }
    seccomp_release(ctx);
    return 0;
}

/* ---- all together ------------------------------------------------------------------------ */

int th_sandbox_enter(const th_sandbox_policy *policy, char *missing, size_t size)
{
    int failures = 0;
    if (missing != NULL && size > 0) missing[0] = '\0';

    /* Its own session and process group (already so when the host spawned it with
     * POSIX_SPAWN_SETSID): a signal to "my group" reaches no one else, and the host can end
     * the group as a whole. */
    if (getsid(0) != getpid()) (void)setsid();
    /* Nothing outlives the host: when the parent goes, so does this process. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) { failures++; note_missing(missing, size, "the parent-death signal"); }
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) { failures++; note_missing(missing, size, "no_new_privs"); }
    if (apply_limits(policy) != 0) { failures++; note_missing(missing, size, "rlimits"); }
    if (apply_landlock(policy, missing, size) != 0) failures++;
    /* Last: the filter refuses calls the steps above make. */
    if (apply_seccomp(missing, size) != 0) failures++;
    return failures;
}

int th_sandbox_library_folder(const char *symbol, char *folder, size_t size)
{
    void *address = dlsym(RTLD_DEFAULT, symbol);
    Dl_info info;
    if (address == NULL || dladdr(address, &info) == 0 || info.dli_fname == NULL) return -1;
    if (strstr(info.dli_fname, ".so") == NULL) return -1;
    const char *slash = strrchr(info.dli_fname, '/');
    if (slash == NULL || (size_t)(slash - info.dli_fname) >= size) return -1;
    memcpy(folder, info.dli_fname, (size_t)(slash - info.dli_fname));
    folder[slash - info.dli_fname] = '\0';
    return 0;
}

int th_sandbox_die_with_parent(void)
{
    pid_t parent = getppid();
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    /* The parent may have died before the request: then nobody would send the signal. */
    if (getppid() != parent) _exit(9);
    return 0;
}
