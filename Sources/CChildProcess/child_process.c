#define _GNU_SOURCE
#include "child_process.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <termios.h>
#include <unistd.h>

int child_process_watch(pid_t pid)
{
#ifdef SYS_pidfd_open
    return (int)syscall(SYS_pidfd_open, pid, 0);
#else
    (void)pid;
    errno = ENOSYS;
    return -1;
#endif
}

int child_process_close_from(posix_spawn_file_actions_t *actions, int lowest)
{
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

short child_process_spawn_setsid(void) { return POSIX_SPAWN_SETSID; }

#define MAX_PASSED 8

/* In a forked child: everything posix_spawn's attributes and file actions do for a spawned
 * one. 0, or -1 when a step failed. */
static int become_fresh_child(const int *from, const int *to, int count, int output)
{
    if (setsid() < 0) return -1;
    struct sigaction fresh;
    memset(&fresh, 0, sizeof fresh);
    fresh.sa_handler = SIG_DFL;
    sigemptyset(&fresh.sa_mask);
    for (int signal_number = 1; signal_number < NSIG; signal_number++) {
        if (signal_number == SIGKILL || signal_number == SIGSTOP) continue;
        (void)sigaction(signal_number, &fresh, NULL); /* fails only for numbers no one can set */
    }
    sigset_t none;
    sigemptyset(&none);
    if (sigprocmask(SIG_SETMASK, &none, NULL) < 0) return -1;

    /* Every passed descriptor first moves above all targets, so that placing one never
     * overwrites another still to be placed. */
    int highest = 2;
    for (int i = 0; i < count; i++) if (to[i] > highest) highest = to[i];
    int moved[MAX_PASSED];
    for (int i = 0; i < count; i++) {
        moved[i] = fcntl(from[i], F_DUPFD, highest + 1 + MAX_PASSED);
        if (moved[i] < 0) return -1;
    }
    int null_fd = open("/dev/null", O_RDWR);
    if (null_fd < 0) return -1;
    if (dup2(null_fd, 0) < 0) return -1;
    int out = output >= 0 ? output : null_fd;
    if (dup2(out, 1) < 0 || dup2(out, 2) < 0) return -1;
    for (int i = 0; i < count; i++) if (dup2(moved[i], to[i]) < 0) return -1;
    return syscall(SYS_close_range, highest + 1, ~0U, 0) == 0 ? 0 : -1;
}

pid_t child_process_fork(const int *from, const int *to, int count, int output)
{
    if (count < 0 || count > MAX_PASSED) { errno = EINVAL; return -1; }
    pid_t child = fork();
    if (child != 0) return child;
    if (become_fresh_child(from, to, count, output) < 0) _exit(127);
    return 0;
}

int child_process_thread_count(void)
{
    DIR *tasks = opendir("/proc/self/task");
    if (tasks == NULL) return -1;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks)) != NULL) if (entry->d_name[0] != '.') count++;
    closedir(tasks);
    return count;
}

/* ---- cleanup on termination ------------------------------------------------------------- */

#define MAX_GROUPS 256
#define MAX_FOLDERS 32

/* Written by the program with the signals blocked, read by the handler: a slot is in use when
 * its group is nonzero or its path is not empty. Groups take their slot by compare-and-swap;
 * folders under a mutex (never taken by the handler). */
static volatile pid_t groups[MAX_GROUPS];
static char folders[MAX_FOLDERS][PATH_MAX];
static pthread_mutex_t folders_lock = PTHREAD_MUTEX_INITIALIZER;
static const int handled[] = { SIGTERM, SIGINT, SIGHUP };

/* Blocks the handled signals in this thread (so the handler never sees a half-made entry);
 * `old` receives the mask to put back. */
static void block_handled(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof handled / sizeof *handled; i++) sigaddset(&set, handled[i]);
    pthread_sigmask(SIG_BLOCK, &set, old);
}

int child_process_register_group(pid_t group)
{
    if (group <= 1) return -1;
    for (int i = 0; i < MAX_GROUPS; i++) {
        if (__sync_bool_compare_and_swap(&groups[i], 0, group)) return 0;
    }
    return -1;
}

void child_process_unregister_group(pid_t group)
{
    for (int i = 0; i < MAX_GROUPS; i++) (void)__sync_bool_compare_and_swap(&groups[i], group, 0);
}

int child_process_register_folder(const char *path)
{
    if (path[0] == '\0' || strlen(path) >= PATH_MAX) return -1;
    int result = -1;
    sigset_t old;
    block_handled(&old);
    pthread_mutex_lock(&folders_lock);
    for (int i = 0; i < MAX_FOLDERS && result != 0; i++) {
        if (folders[i][0] != '\0') continue;
        /* The first byte last: until it is set, a handler running on another thread sees
         * an empty slot, never a path half written over an old one. */
        strcpy(folders[i] + 1, path + 1);
        __sync_synchronize();
        folders[i][0] = path[0];
        result = 0;
    }
    pthread_mutex_unlock(&folders_lock);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    return result;
}

void child_process_unregister_folder(const char *path)
{
    sigset_t old;
    block_handled(&old);
    pthread_mutex_lock(&folders_lock);
    for (int i = 0; i < MAX_FOLDERS; i++) if (strcmp(folders[i], path) == 0) folders[i][0] = '\0';
    pthread_mutex_unlock(&folders_lock);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
}

struct linux_dirent64 {
    uint64_t d_ino;
    int64_t d_off;
    unsigned short d_reclen;
    unsigned char d_type;
    char d_name[];
};

/* Removes what the folder open at `fd` holds, `depth` levels deep at most, with raw system
 * calls only (opendir and readdir allocate, which a signal handler must not). */
static void empty_folder(int fd, int depth)
{
    char buffer[4096];
    for (;;) {
        long n = syscall(SYS_getdents64, fd, buffer, sizeof buffer);
        if (n <= 0) return;
        int removed = 0;
        for (long at = 0; at < n;) {
            struct linux_dirent64 *entry = (struct linux_dirent64 *)(buffer + at);
            at += entry->d_reclen;
            const char *name = entry->d_name;
            if (strcmp(name, ".") == 0 || strcmp(name, "..") == 0) continue;
            if (entry->d_type == DT_DIR && depth > 0) {
                int child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
                if (child >= 0) { empty_folder(child, depth - 1); close(child); }
                if (unlinkat(fd, name, AT_REMOVEDIR) == 0) removed++;
            } else if (unlinkat(fd, name, 0) == 0) {
                removed++;
            }
        }
        /* Entries were removed while reading: start over from the beginning. */
        if (removed > 0) lseek(fd, 0, SEEK_SET);
    }
}

/* The terminal the command draws on (set while it draws), and where SIGINT and SIGTERM are
 * written instead of ending the command (set while a loop polls for them). Written by the
 * program with the handled signals blocked in its thread, read by the handler. */
#define MAX_RESTORE 64
static char restore_bytes[MAX_RESTORE];
static volatile size_t restore_length;
static struct termios restore_settings;
static volatile int restore_settings_set;
static volatile int interrupt_fd = -1;

static void on_termination(int signal_number)
{
    int saved = errno;
    if (interrupt_fd >= 0 && signal_number != SIGHUP) {
        unsigned char byte = (unsigned char)signal_number;
        (void)!write(interrupt_fd, &byte, 1);
        errno = saved;
        return;
    }
    int terminal = restore_length > 0 || restore_settings_set;
    if (restore_length > 0) (void)!write(1, restore_bytes, restore_length);
    if (restore_settings_set) tcsetattr(0, TCSANOW, &restore_settings);
    for (int i = 0; i < MAX_GROUPS; i++) {
        pid_t group = groups[i];
        if (group > 1) { kill(-group, SIGKILL); kill(group, SIGKILL); }
    }
    for (int i = 0; i < MAX_FOLDERS; i++) {
        if (folders[i][0] == '\0') continue;
        int fd = open(folders[i], O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
        if (fd >= 0) { empty_folder(fd, 16); close(fd); }
        rmdir(folders[i]);
    }
    /* On a terminal, end with 128 + the signal, as a shell reports it; else as the signal
     * would have ended us. */
    if (terminal) _exit(128 + signal_number);
    signal(signal_number, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, signal_number);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    errno = saved;
    raise(signal_number);
}

void child_process_restore_terminal_on_termination(const char *bytes, size_t length)
{
    sigset_t old;
    block_handled(&old);
    restore_length = 0;
    if (bytes != NULL && length <= MAX_RESTORE) {
        memcpy(restore_bytes, bytes, length);
        restore_length = length;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (restore_length > 0) child_process_cleanup_on_termination();
}

void child_process_restore_settings_on_termination(const struct termios *settings)
{
    sigset_t old;
    block_handled(&old);
    restore_settings_set = 0;
    if (settings != NULL) {
        restore_settings = *settings;
        restore_settings_set = 1;
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (settings != NULL) child_process_cleanup_on_termination();
}

void child_process_interrupt_into(int fd)
{
    interrupt_fd = fd;
    if (fd >= 0) child_process_cleanup_on_termination();
}

void child_process_cleanup_on_termination(void)
{
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = on_termination;
    sigfillset(&action.sa_mask);
    for (size_t i = 0; i < sizeof handled / sizeof *handled; i++) sigaction(handled[i], &action, NULL);
    sigset_t set;
    sigemptyset(&set);
    for (size_t i = 0; i < sizeof handled / sizeof *handled; i++) sigaddset(&set, handled[i]);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}
