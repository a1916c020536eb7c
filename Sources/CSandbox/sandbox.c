/* The helpers' sandbox: see sandbox.h. Kernel mechanisms (setsid, prctl, setrlimit, Landlock)
 * and libseccomp only: no check of our own stands between a plugin and what it must not do. */
#define _GNU_SOURCE
#include "sandbox_parts.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <seccomp.h>

void th_note_missing(char *missing, size_t size, const char *name)
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

/* `in_namespace`: RLIMIT_NPROC then counts the helper's own processes and threads; outside
 * one it would count every process of the user, so it is left alone. */
static int apply_limits(const th_sandbox_policy *policy, int in_namespace)
{
    struct rlimit none = { 0, 0 };
    int rc = setrlimit(RLIMIT_CORE, &none);
    rc |= limit(RLIMIT_AS, policy->memory_bytes);
    rc |= limit(RLIMIT_CPU, policy->cpu_seconds);
    rc |= limit(RLIMIT_NOFILE, policy->descriptors);
    rc |= limit(RLIMIT_FSIZE, policy->file_bytes);
    if (in_namespace) rc |= limit(RLIMIT_NPROC, policy->threads);
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
        th_note_missing(missing, size, "Landlock (the kernel lacks it: plugins may read and write your files)");
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
        th_note_missing(missing, size, "Landlock (the ruleset was refused)");
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
        th_note_missing(missing, size, "Landlock (a rule was refused)");
        return -1;
    }
    close(ruleset);
    if (abi < 6) th_note_missing(missing, size, "Landlock's signal scope (kernel Landlock ABI below 6; seccomp still refuses signals)");
    return 0;
}

/* ---- seccomp ----------------------------------------------------------------------------
 * Default deny: a call not allowed below fails with ENOSYS, as on a kernel that lacks it (so
 * that the C library falls back, as it does from clone3 to clone). What is allowed is what
 * plugin code and the helper need: memory, threads, time, signals to itself, and work on
 * descriptors it holds or files Landlock lets it open. Calls that can name another process
 * are allowed for this process only; the few a plugin is likely to try against others
 * (signals, tracing, fork and exec, new sockets, a file's mode, owner, times and extended
 * attributes) fail with EPERM, which says "not allowed" rather than "not there". */

/* Adds `action` for `call` under `count` argument comparisons; a call this architecture
 * lacks is no error (there is nothing to allow). */
static int rule(scmp_filter_ctx ctx, uint32_t action, int call, unsigned int count, ...)
{
    if (call < 0) return 0;
    struct scmp_arg_cmp comparisons[3];
    va_list list;
    va_start(list, count);
    for (unsigned int i = 0; i < count && i < 3; i++) comparisons[i] = va_arg(list, struct scmp_arg_cmp);
    va_end(list);
    return seccomp_rule_add_array(ctx, action, call, count, comparisons);
}

#define ALLOW(call) rule(ctx, SCMP_ACT_ALLOW, SCMP_SYS(call), 0)
#define ALLOW_IF(call, ...) rule(ctx, SCMP_ACT_ALLOW, SCMP_SYS(call), (sizeof((struct scmp_arg_cmp[]){ __VA_ARGS__ }) / sizeof(struct scmp_arg_cmp)), __VA_ARGS__)
#define REFUSE(call, error) rule(ctx, SCMP_ACT_ERRNO(error), SCMP_SYS(call), 0)

/* Calls on memory, descriptors already held, time and the process itself. None can reach
 * another process or a file Landlock does not let the process open. */
static const int harmless[] = {
    /* memory */
    SCMP_SYS(brk), SCMP_SYS(mmap), SCMP_SYS(munmap), SCMP_SYS(mprotect), SCMP_SYS(mremap), SCMP_SYS(madvise),
    SCMP_SYS(msync), SCMP_SYS(mincore), SCMP_SYS(membarrier),
    /* threads and waiting */
    SCMP_SYS(futex), SCMP_SYS(futex_waitv), SCMP_SYS(set_robust_list), SCMP_SYS(rseq), SCMP_SYS(set_tid_address),
    SCMP_SYS(sched_yield), SCMP_SYS(sched_getparam), SCMP_SYS(sched_getscheduler), SCMP_SYS(sched_get_priority_max),
    SCMP_SYS(sched_get_priority_min), SCMP_SYS(getcpu), SCMP_SYS(exit), SCMP_SYS(exit_group), SCMP_SYS(arch_prctl),
    /* signals handled in this process */
    SCMP_SYS(rt_sigaction), SCMP_SYS(rt_sigprocmask), SCMP_SYS(rt_sigreturn), SCMP_SYS(rt_sigsuspend),
    SCMP_SYS(rt_sigtimedwait), SCMP_SYS(rt_sigpending), SCMP_SYS(sigaltstack), SCMP_SYS(restart_syscall),
    SCMP_SYS(alarm), SCMP_SYS(getitimer), SCMP_SYS(setitimer), SCMP_SYS(timer_create), SCMP_SYS(timer_settime),
    SCMP_SYS(timer_gettime), SCMP_SYS(timer_getoverrun), SCMP_SYS(timer_delete), SCMP_SYS(pause),
    /* time */
    SCMP_SYS(clock_gettime), SCMP_SYS(clock_getres), SCMP_SYS(clock_nanosleep), SCMP_SYS(nanosleep),
    SCMP_SYS(gettimeofday), SCMP_SYS(time), SCMP_SYS(times),
    /* files: Landlock decides which paths open; these act on what is open */
    SCMP_SYS(openat), SCMP_SYS(open), SCMP_SYS(close), SCMP_SYS(close_range), SCMP_SYS(read), SCMP_SYS(write),
    SCMP_SYS(readv), SCMP_SYS(writev), SCMP_SYS(pread64), SCMP_SYS(pwrite64), SCMP_SYS(preadv), SCMP_SYS(pwritev),
    SCMP_SYS(preadv2), SCMP_SYS(pwritev2), SCMP_SYS(lseek), SCMP_SYS(fstat), SCMP_SYS(newfstatat), SCMP_SYS(statx),
    SCMP_SYS(stat), SCMP_SYS(lstat), SCMP_SYS(fstatfs), SCMP_SYS(statfs), SCMP_SYS(access), SCMP_SYS(faccessat),
    SCMP_SYS(faccessat2), SCMP_SYS(readlink), SCMP_SYS(readlinkat), SCMP_SYS(getdents64), SCMP_SYS(getcwd),
    SCMP_SYS(fcntl), SCMP_SYS(dup), SCMP_SYS(dup2), SCMP_SYS(dup3), SCMP_SYS(pipe), SCMP_SYS(pipe2),
    SCMP_SYS(fsync), SCMP_SYS(fdatasync), SCMP_SYS(ftruncate),
    /* waiting on descriptors */
    SCMP_SYS(poll), SCMP_SYS(ppoll), SCMP_SYS(select), SCMP_SYS(pselect6), SCMP_SYS(epoll_create1),
    SCMP_SYS(epoll_ctl), SCMP_SYS(epoll_wait), SCMP_SYS(epoll_pwait), SCMP_SYS(epoll_pwait2), SCMP_SYS(eventfd2),
    SCMP_SYS(timerfd_create), SCMP_SYS(timerfd_settime), SCMP_SYS(timerfd_gettime),
    /* the socket to the host, already open: no new socket, connection or address */
    SCMP_SYS(sendto), SCMP_SYS(recvfrom), SCMP_SYS(sendmsg), SCMP_SYS(recvmsg), SCMP_SYS(shutdown),
    SCMP_SYS(getsockopt), SCMP_SYS(getsockname), SCMP_SYS(getpeername),
    /* about itself */
    SCMP_SYS(getpid), SCMP_SYS(gettid), SCMP_SYS(getppid), SCMP_SYS(getuid), SCMP_SYS(geteuid), SCMP_SYS(getgid),
    SCMP_SYS(getegid), SCMP_SYS(getgroups), SCMP_SYS(getresuid), SCMP_SYS(getresgid), SCMP_SYS(getrusage),
    SCMP_SYS(uname), SCMP_SYS(sysinfo), SCMP_SYS(getrandom), SCMP_SYS(umask),
};

/* prctl options that only read, or name this thread: PR_SET_PDEATHSIG (outliving the host),
 * PR_SET_DUMPABLE, PR_SET_PTRACER, PR_SET_CHILD_SUBREAPER and the rest are refused. */
static const unsigned long safe_prctl[] = {
    2 /* PR_GET_PDEATHSIG */, 3 /* PR_GET_DUMPABLE */, 7 /* PR_GET_KEEPCAPS */, 15 /* PR_SET_NAME */,
    16 /* PR_GET_NAME */, 21 /* PR_GET_SECCOMP */, 23 /* PR_CAPBSET_READ */, 30 /* PR_GET_TIMERSLACK */,
    38 /* PR_SET_NO_NEW_PRIVS */, 39 /* PR_GET_NO_NEW_PRIVS */, 40 /* PR_GET_TID_ADDRESS */,
    42 /* PR_GET_THP_DISABLE */, 0x53564d41 /* PR_SET_VMA: names a mapping */,
};

/* ioctl requests that read a descriptor's state or set its own flags (isatty's TCGETS).
 * TIOCSTI, which types into the terminal, and every other request are refused. */
static const unsigned long safe_ioctl[] = {
    0x5401 /* TCGETS */, 0x5413 /* TIOCGWINSZ */, 0x541B /* FIONREAD */, 0x5421 /* FIONBIO */,
    0x5450 /* FIONCLEX */, 0x5451 /* FIOCLEX */,
};

/* What a plugin is likely to try against the user or the host: said plainly, with EPERM. */
static const int forbidden[] = {
    SCMP_SYS(kill), SCMP_SYS(tkill), SCMP_SYS(pidfd_send_signal), SCMP_SYS(pidfd_open), SCMP_SYS(pidfd_getfd),
    SCMP_SYS(ptrace), SCMP_SYS(process_vm_readv), SCMP_SYS(process_vm_writev),
    SCMP_SYS(execve), SCMP_SYS(execveat), SCMP_SYS(fork), SCMP_SYS(vfork),
    SCMP_SYS(setsid), SCMP_SYS(setpgid),
    SCMP_SYS(chmod), SCMP_SYS(fchmod), SCMP_SYS(fchmodat),
    SCMP_SYS(chown), SCMP_SYS(fchown), SCMP_SYS(lchown), SCMP_SYS(fchownat),
    SCMP_SYS(utime), SCMP_SYS(utimes), SCMP_SYS(futimesat), SCMP_SYS(utimensat),
    SCMP_SYS(setxattr), SCMP_SYS(lsetxattr), SCMP_SYS(fsetxattr), SCMP_SYS(removexattr), SCMP_SYS(lremovexattr),
    SCMP_SYS(fremovexattr),
    SCMP_SYS(setrlimit), SCMP_SYS(sched_setattr), SCMP_SYS(mlock), SCMP_SYS(mlock2), SCMP_SYS(mlockall),
    SCMP_SYS(unshare), SCMP_SYS(setns), SCMP_SYS(mount), SCMP_SYS(umount2), SCMP_SYS(pivot_root), SCMP_SYS(chroot),
    SCMP_SYS(inotify_init1), SCMP_SYS(inotify_add_watch), SCMP_SYS(fanotify_init),
    SCMP_SYS(sethostname), SCMP_SYS(setdomainname), SCMP_SYS(settimeofday), SCMP_SYS(clock_settime),
    SCMP_SYS(clock_adjtime), SCMP_SYS(adjtimex), SCMP_SYS(reboot), SCMP_SYS(setuid), SCMP_SYS(setgid),
    SCMP_SYS(setreuid), SCMP_SYS(setregid), SCMP_SYS(setresuid), SCMP_SYS(setresgid), SCMP_SYS(setgroups),
    SCMP_SYS(capset), SCMP_SYS(personality),
};

/* The filter for a process whose id is `self` (2 inside the namespaces), or NULL when
 * libseccomp refuses to make it. The caller releases it. */
static scmp_filter_ctx build_filter(pid_t self)
{
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ERRNO(ENOSYS));
    if (ctx == NULL) return NULL;
    int rc = 0;
    for (size_t i = 0; i < sizeof harmless / sizeof *harmless; i++) rc |= rule(ctx, SCMP_ACT_ALLOW, harmless[i], 0);

    for (size_t i = 0; i < sizeof forbidden / sizeof *forbidden; i++) rc |= rule(ctx, SCMP_ACT_ERRNO(EPERM), forbidden[i], 0);

    /* Calls that can name another process, for this process only (0, or its own id for the
     * signals): allowed so, EPERM when they name anything else. */
    const uint32_t no = SCMP_ACT_ERRNO(EPERM);
    rc |= ALLOW_IF(prlimit64, SCMP_A0(SCMP_CMP_EQ, 0));
    rc |= rule(ctx, no, SCMP_SYS(prlimit64), 1, SCMP_A0(SCMP_CMP_NE, 0));
    rc |= ALLOW(getrlimit);
    static const int scheduling[] = { SCMP_SYS(sched_getaffinity), SCMP_SYS(sched_setaffinity), SCMP_SYS(sched_setscheduler),
                                      SCMP_SYS(sched_setparam) };
    for (size_t i = 0; i < sizeof scheduling / sizeof *scheduling; i++) {
        rc |= rule(ctx, SCMP_ACT_ALLOW, scheduling[i], 1, SCMP_A0(SCMP_CMP_EQ, 0));
        rc |= rule(ctx, no, scheduling[i], 1, SCMP_A0(SCMP_CMP_NE, 0));
    }
    /* (which, who): PRIO_PROCESS 0 and IOPRIO_WHO_PROCESS 1 with who 0, this process. A
     * process group or a user would reach other processes. */
    static const struct { int call; scmp_datum_t which; } priorities[] = {
        { SCMP_SYS(getpriority), 0 }, { SCMP_SYS(setpriority), 0 }, { SCMP_SYS(ioprio_get), 1 }, { SCMP_SYS(ioprio_set), 1 },
    };
    for (size_t i = 0; i < sizeof priorities / sizeof *priorities; i++) {
        rc |= rule(ctx, SCMP_ACT_ALLOW, priorities[i].call, 2, SCMP_A0(SCMP_CMP_EQ, priorities[i].which), SCMP_A1(SCMP_CMP_EQ, 0));
        rc |= rule(ctx, no, priorities[i].call, 1, SCMP_A0(SCMP_CMP_NE, priorities[i].which));
        rc |= rule(ctx, no, priorities[i].call, 1, SCMP_A1(SCMP_CMP_NE, 0));
    }
    /* Signals to itself only: raise, abort and pthread_kill use tgkill with its own pid. */
    static const int queued[] = { SCMP_SYS(tgkill), SCMP_SYS(rt_sigqueueinfo), SCMP_SYS(rt_tgsigqueueinfo) };
    for (size_t i = 0; i < sizeof queued / sizeof *queued; i++) {
        rc |= rule(ctx, SCMP_ACT_ALLOW, queued[i], 1, SCMP_A0(SCMP_CMP_EQ, (scmp_datum_t)self));
        rc |= rule(ctx, no, queued[i], 1, SCMP_A0(SCMP_CMP_NE, (scmp_datum_t)self));
    }
    /* Threads, not processes: clone with CLONE_THREAD. clone3 passes its flags in memory,
     * which a filter cannot read, so it gets the default ENOSYS and the C library falls back
     * to clone. */
    rc |= ALLOW_IF(clone, SCMP_A0(SCMP_CMP_MASKED_EQ, (scmp_datum_t)CLONE_THREAD, (scmp_datum_t)CLONE_THREAD));
    rc |= rule(ctx, no, SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, (scmp_datum_t)CLONE_THREAD, 0));
    /* A list of safe options and requests: any other gets the default ENOSYS (a filter
     * cannot say "none of these" in one rule). */
    for (size_t i = 0; i < sizeof safe_prctl / sizeof *safe_prctl; i++)
        rc |= ALLOW_IF(prctl, SCMP_A0(SCMP_CMP_EQ, safe_prctl[i]));
    for (size_t i = 0; i < sizeof safe_ioctl / sizeof *safe_ioctl; i++)
        rc |= ALLOW_IF(ioctl, SCMP_A1(SCMP_CMP_EQ, safe_ioctl[i]));
    /* New sockets, connections and addresses: EACCES, as a network sandbox says it. */
    rc |= REFUSE(socket, EACCES);
    rc |= REFUSE(socketpair, EACCES);
    rc |= REFUSE(connect, EACCES);
    rc |= REFUSE(bind, EACCES);
    if (rc != 0) {
        seccomp_release(ctx);
        return NULL;
    }
    return ctx;
}

/* The filter a host compiled for processes inside the namespaces (th_sandbox_filter_compile),
 * read from `fd` (which is closed) and loaded: 0, or -1 when there was none to read in time
 * or the kernel refused it. */
/* Loads a compiled program of `size` bytes: 0, or -1 when it is not whole instructions or
 * the kernel refuses it. */
static int load_program(const void *program, size_t size)
{
    if (program == NULL || size == 0 || size % sizeof(struct sock_filter) != 0 || size / sizeof(struct sock_filter) > 4096) return -1;
    struct sock_fprog filter = { (unsigned short)(size / sizeof(struct sock_filter)), (struct sock_filter *)program };
    return (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, 0, &filter);
}

static int load_exported_filter(int fd)
{
    struct sock_filter program[4096];
    size_t have = 0;
    struct pollfd ready = { fd, POLLIN, 0 };
    /* The host writes it while this helper starts: it is there long before it is needed. */
    while (poll(&ready, 1, 2000) > 0 && have < sizeof program) {
        ssize_t n = read(fd, (char *)program + have, sizeof program - have);
        if (n <= 0) break;
        have += (size_t)n;
    }
    close(fd);
    return load_program(program, have);
}

static int apply_seccomp(const th_sandbox_policy *policy, int in_namespace, char *missing, size_t size)
{
    if (policy->without_seccomp) {
        if (policy->filter_fd >= 0) close(policy->filter_fd);
        th_note_missing(missing, size, "seccomp (turned off)");
        return -1;
    }
    /* Compiling the filter takes libseccomp about 2 ms: inside the namespaces, where this
     * process's id is always 2, the host's copy compiled once is the same filter. */
    if (policy->filter_fd >= 0) {
        if (in_namespace && getpid() == 2 && load_exported_filter(policy->filter_fd) == 0) return 0;
        if (!in_namespace || getpid() != 2) close(policy->filter_fd);
    }
    if (policy->filter_program != NULL && in_namespace && getpid() == 2
        && load_program(policy->filter_program, policy->filter_size) == 0) return 0;
    scmp_filter_ctx ctx = build_filter(getpid());
    if (ctx == NULL) {
        th_note_missing(missing, size, "seccomp (not available)");
        return -1;
    }
    if (seccomp_load(ctx) != 0) {
        seccomp_release(ctx);
        th_note_missing(missing, size, "seccomp (the filter could not be installed)");
        return -1;
    }
    seccomp_release(ctx);
    return 0;
}

long th_sandbox_filter_compile(void *buffer, size_t capacity)
{
    scmp_filter_ctx ctx = build_filter(2);
    if (ctx == NULL) return -1;
    /* libseccomp writes the program to a descriptor only. */
    int fd = memfd_create("host-helper-filter", MFD_CLOEXEC);
    long size = -1;
    if (fd >= 0 && seccomp_export_bpf(ctx, fd) == 0) {
        off_t end = lseek(fd, 0, SEEK_END);
        if (end > 0 && (size_t)end <= capacity && pread(fd, buffer, (size_t)end, 0) == end) size = (long)end;
    }
    if (fd >= 0) close(fd);
    seccomp_release(ctx);
    return size;
}

/* ---- all together ------------------------------------------------------------------------ */

/* What th_sandbox_enter_first did, for th_sandbox_enter_rest to report. */
static int first_done, first_failures, first_in_namespace;
static char first_missing[1024];

int th_sandbox_enter_first(const th_sandbox_policy *policy)
{
    first_done = 1;
    first_failures = 0;
    first_missing[0] = '\0';
    char *missing = first_missing;
    size_t size = sizeof first_missing;

    /* Caps on the helper as a whole, where the user may make control groups: made before
     * the namespaces, so that the plugin's process starts in them (see th_cgroups). */
    th_cgroups groups;
    int grouped = th_cgroups_make(policy, &groups) > 0;
    /* First: from here on this is the plugin's process. */
    int namespaces = th_enter_namespaces(policy, &groups, missing, size);
    first_in_namespace = namespaces >= 0;
    if (namespaces != 0) first_failures++;

    /* Its own session and process group (already so when the host spawned it with
     * POSIX_SPAWN_SETSID, and inherited inside the namespaces, whose PID view cannot see
     * the session's leader): a signal to "my group" reaches no one else, and the host can
     * end the group as a whole. */
    if (!first_in_namespace && getsid(0) != getpid()) (void)setsid();
    /* Without namespaces the plugin's process is split off too (in the same group, which the
     * host ends as a whole), so that a process outside the control groups removes them. */
    if (grouped && !first_in_namespace) (void)th_split_for_groups(&groups);
    if (grouped && !first_in_namespace && th_cgroups_join_thread(&groups) + th_cgroups_join_process(&groups) != 0) {
        first_failures++;
        th_note_missing(missing, size, "control groups (made, but the helper could not join them)");
    }
    return first_failures;
}

int th_sandbox_enter_rest(const th_sandbox_policy *policy, char *missing, size_t size)
{
    if (!first_done) (void)th_sandbox_enter_first(policy);
    if (missing != NULL && size > 0) snprintf(missing, size, "%s", first_missing);
    int failures = first_failures;
    int in_namespace = first_in_namespace;
    /* The new root gets the plugin's files and is sealed. */
    if (in_namespace && th_finish_root(policy) != 0) {
        failures++;
        th_note_missing(missing, size, "namespaces (a step was refused: the helper may see more than its own files)");
    }
    /* Nothing outlives the host: when the parent goes, so does this process. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) { failures++; th_note_missing(missing, size, "the parent-death signal"); }
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) { failures++; th_note_missing(missing, size, "no_new_privs"); }
    if (apply_limits(policy, in_namespace) != 0) { failures++; th_note_missing(missing, size, "rlimits"); }
    if (apply_landlock(policy, missing, size) != 0) failures++;
    /* Last: the filter refuses calls the steps above make. */
    if (apply_seccomp(policy, in_namespace, missing, size) != 0) failures++;
    return failures;
}

int th_sandbox_enter(const th_sandbox_policy *policy, char *missing, size_t size)
{
    (void)th_sandbox_enter_first(policy);
    return th_sandbox_enter_rest(policy, missing, size);
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
