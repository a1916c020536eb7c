/* The helpers' control groups: see th_cgroups in sandbox_parts.h.
 *
 * Where the user may make control groups (one delegated to them in cgroup v2, as systemd does
 * for a unit with Delegate=yes and for a user's own manager; or a writable v1 hierarchy, as
 * root has), each helper gets a group of its own with a cap on its tasks (processes and
 * threads) and on its memory. Unlike the rlimits, these count the helper as a whole, hold
 * where user namespaces are off (RLIMIT_NPROC is then not applied), and count memory the
 * address-space limit does not (page tables, socket buffers). The plugin cannot raise them:
 * its mount namespace holds no cgroup file system, and its cgroup namespace hides the rest.
 *
 * Where none is delegated, nothing is made and nothing is said: that is the common case. */
#define _GNU_SOURCE
#include "sandbox_parts.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define PREFIX "transition-host-helper-"

/* Reads the whole small file at `path` into `buffer` (NUL-terminated); 0 on success. */
static int read_text(const char *path, char *buffer, size_t size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    size_t have = 0;
    ssize_t n;
    while (have + 1 < size && (n = read(fd, buffer + have, size - 1 - have)) > 0) have += (size_t)n;
    close(fd);
    buffer[have] = '\0';
    return 0;
}

static int write_text(const char *folder, const char *file, const char *text)
{
    char path[PATH_MAX];
    if (snprintf(path, sizeof path, "%s/%s", folder, file) >= (int)sizeof path) return -1;
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0) return -1;
    ssize_t n = write(fd, text, strlen(text));
    close(fd);
    return n == (ssize_t)strlen(text) ? 0 : -1;
}

/* True when `word` is one of the items of `list`, separated by any of `separators`. */
static int has_word(const char *list, const char *word, const char *separators)
{
    size_t length = strlen(word);
    for (const char *p = list; *p != '\0';) {
        size_t span = strcspn(p, separators);
        if (span == length && strncmp(p, word, length) == 0) return 1;
        p += span;
        if (*p != '\0') p++;
    }
    return 0;
}

int th_cgroups_mount_point(const char *mountinfo, int version, const char *controller, char *root, char *mount, size_t size)
{
    for (const char *line = mountinfo; *line != '\0';) {
        const char *end = strchr(line, '\n');
        size_t length = end ? (size_t)(end - line) : strlen(line);
        char copy[4096];
        if (length < sizeof copy) {
            memcpy(copy, line, length);
            copy[length] = '\0';
            /* id parent major:minor root mount-point options [optional...] - type source super-options */
            char *dash = strstr(copy, " - ");
            char mount_root[PATH_MAX], point[PATH_MAX], type[64], super[1024];
            if (dash != NULL && sscanf(copy, "%*s %*s %*s %4095s %4095s", mount_root, point) == 2
                && sscanf(dash + 3, "%63s %*s %1023s", type, super) == 2
                && strchr(point, '\\') == NULL && strchr(mount_root, '\\') == NULL) {
                int matches = version == 2 ? strcmp(type, "cgroup2") == 0
                                           : strcmp(type, "cgroup") == 0 && has_word(super, controller, ",");
                if (matches && strlen(mount_root) < size && strlen(point) < size) {
                    snprintf(root, size, "%s", mount_root);
                    snprintf(mount, size, "%s", point);
                    return 0;
                }
            }
        }
        line += length;
        if (*line == '\n') line++;
    }
    return -1;
}

int th_cgroups_own_path(const char *cgroup_file, int version, const char *controller, char *path, size_t size)
{
    for (const char *line = cgroup_file; *line != '\0';) {
        const char *end = strchr(line, '\n');
        size_t length = end ? (size_t)(end - line) : strlen(line);
        /* hierarchy-id:controllers:path */
        const char *first = memchr(line, ':', length);
        const char *second = first ? memchr(first + 1, ':', length - (size_t)(first + 1 - line)) : NULL;
        if (second != NULL) {
            char controllers[256];
            size_t count = (size_t)(second - first - 1);
            size_t path_length = length - (size_t)(second + 1 - line);
            if (count < sizeof controllers && path_length < size) {
                memcpy(controllers, first + 1, count);
                controllers[count] = '\0';
                int matches = version == 2 ? strncmp(line, "0::", 3) == 0 : has_word(controllers, controller, ",");
                if (matches) {
                    memcpy(path, second + 1, path_length);
                    path[path_length] = '\0';
                    return 0;
                }
            }
        }
        line += length;
        if (*line == '\n') line++;
    }
    return -1;
}

/* The folder of this process's group in one hierarchy: the mount point joined with the
 * group's path below the mount's root. */
static int own_folder(const char *mountinfo, const char *cgroup_file, int version, const char *controller,
                      char *folder, size_t size)
{
    char root[PATH_MAX], mount[PATH_MAX], path[PATH_MAX];
    if (th_cgroups_mount_point(mountinfo, version, controller, root, mount, sizeof root) != 0) return -1;
    if (th_cgroups_own_path(cgroup_file, version, controller, path, sizeof path) != 0) return -1;
    const char *below = path;
    size_t root_length = strcmp(root, "/") == 0 ? 0 : strlen(root);
    if (root_length > 0) {
        if (strncmp(path, root, root_length) != 0 || (path[root_length] != '/' && path[root_length] != '\0')) return -1;
        below = path + root_length;
    }
    if (strcmp(below, "/") == 0) below = "";
    return snprintf(folder, size, "%s%s", mount, below) < (int)size ? 0 : -1;
}

/* Removes the empty groups of helpers that are gone (a helper killed outright cannot remove
 * its own). A group with any process in it is never removed: rmdir refuses it. */
static void sweep(const char *base)
{
    DIR *folder = opendir(base);
    if (folder == NULL) return;
    struct dirent *entry;
    while ((entry = readdir(folder)) != NULL) {
        if (strncmp(entry->d_name, PREFIX, strlen(PREFIX)) != 0) continue;
        /* PREFIX<host's pid>-<helper's pid> */
        char *end;
        (void)strtol(entry->d_name + strlen(PREFIX), &end, 10);
        if (*end != '-') continue;
        long pid = strtol(end + 1, &end, 10);
        if (*end != '\0' || pid <= 0 || (kill((pid_t)pid, 0) == 0 || errno != ESRCH)) continue;
        char path[PATH_MAX];
        if (snprintf(path, sizeof path, "%s/%s", base, entry->d_name) < (int)sizeof path) (void)rmdir(path);
    }
    closedir(folder);
}

/* Makes this helper's group below `base` with the limits `files` and `values` name; 0 and
 * the group's folder in `made`, or -1 with nothing left behind. */
static int make_group(const char *base, const char *const *files, const char *const *values, int count,
                      char *made, size_t size)
{
    if (access(base, W_OK) != 0) return -1;
    sweep(base);
    if (snprintf(made, size, "%s/" PREFIX "%d-%d", base, (int)getppid(), (int)getpid()) >= (int)size) return -1;
    if (mkdir(made, 0755) != 0 && errno != EEXIST) return -1;
    for (int i = 0; i < count; i++) {
        if (write_text(made, files[i], values[i]) != 0) {
            (void)rmdir(made);
            return -1;
        }
    }
    return 0;
}

/* Where this process may make groups: up to TH_CGROUPS_MAX places, each a folder to make
 * them in (`base`), the group this process is in there (`home`), the hierarchy's version and
 * the controllers it limits (a bit each: 1 pids, 2 memory). */
typedef struct place {
    char base[PATH_MAX], home[PATH_MAX];
    int version, controllers;
} place;

/* One caller at a time: the texts are read into static buffers (too large for a thread's
 * stack to spare lightly). */
static pthread_mutex_t places_lock = PTHREAD_MUTEX_INITIALIZER;

static int find_places_locked(place *places)
{
    static char mountinfo[65536], cgroup_file[8192];
    if (read_text("/proc/self/mountinfo", mountinfo, sizeof mountinfo) != 0) return 0;
    if (read_text("/proc/self/cgroup", cgroup_file, sizeof cgroup_file) != 0) return 0;
    int count = 0;
    /* cgroup v2: a group is made beside this one, in the parent that was delegated with its
     * controllers on for its children (a group with controllers for its children holds no
     * process, so it cannot be this one); at the hierarchy's root, below it. */
    char own[PATH_MAX];
    if (own_folder(mountinfo, cgroup_file, 2, NULL, own, sizeof own) == 0) {
        char root[PATH_MAX], mount[PATH_MAX], enabled[256], control[PATH_MAX];
        place *p = &places[count];
        snprintf(p->base, sizeof p->base, "%s", own);
        snprintf(p->home, sizeof p->home, "%s", own);
        (void)th_cgroups_mount_point(mountinfo, 2, NULL, root, mount, sizeof root);
        char *slash = strrchr(p->base, '/');
        if (strcmp(own, mount) != 0 && slash != NULL) *slash = '\0';
        snprintf(control, sizeof control, "%s/cgroup.subtree_control", p->base);
        p->version = 2;
        p->controllers = 0;
        if (read_text(control, enabled, sizeof enabled) == 0) {
            p->controllers = has_word(enabled, "pids", " \n") | has_word(enabled, "memory", " \n") << 1;
        }
        /* HOST_CGROUP_V2_BARE, for the tests on a machine whose v2 hierarchy has no
         * controllers: a group is made there all the same, with no limit, so that the way a
         * helper starts in a v2 group and leaves nothing behind is shown where it can be. */
        int bare = getenv("HOST_CGROUP_V2_BARE") != NULL;
        if ((p->controllers != 0 || bare) && access(p->base, W_OK) == 0) count++;
    }
    /* cgroup v1: a group below this one in each writable hierarchy of the two controllers. */
    static const char *const controllers[] = { "pids", "memory" };
    for (int i = 0; i < 2; i++) {
        place *p = &places[count];
        if (own_folder(mountinfo, cgroup_file, 1, controllers[i], own, sizeof own) != 0) continue;
        if (access(own, W_OK) != 0) continue;
        snprintf(p->base, sizeof p->base, "%s", own);
        snprintf(p->home, sizeof p->home, "%s", own);
        p->version = 1;
        p->controllers = 1 << i;
        count++;
    }
    return count;
}

static int find_places(place *places)
{
    pthread_mutex_lock(&places_lock);
    int found = find_places_locked(places);
    pthread_mutex_unlock(&places_lock);
    return found;
}

int th_cgroups_make(const th_sandbox_policy *policy, th_cgroups *groups)
{
    memset(groups, 0, sizeof *groups);
    if (policy->without_cgroups) return 0;
    char tasks[32], memory[32];
    snprintf(tasks, sizeof tasks, "%lu", policy->threads);
    snprintf(memory, sizeof memory, "%llu", policy->memory_bytes);
    place places[TH_CGROUPS_MAX];
    int found = find_places(places);
    for (int i = 0; i < found; i++) {
        const char *files[2], *values[2];
        int count = 0;
        if (places[i].controllers & 1) { files[count] = "pids.max"; values[count++] = tasks; }
        if (places[i].controllers & 2) {
            files[count] = places[i].version == 2 ? "memory.max" : "memory.limit_in_bytes";
            values[count++] = memory;
        }
        int slot = groups->count;
        if (make_group(places[i].base, files, values, count, groups->made[slot], PATH_MAX) == 0) {
            snprintf(groups->home[slot], PATH_MAX, "%s", places[i].home);
            groups->version[slot] = places[i].version;
            groups->count++;
        }
    }
    return groups->count;
}

/* ---- removal by the host ------------------------------------------------------------------ */

/* Groups of helpers that were still busy when their helper was reaped: tried again at the
 * next release and as the host exits. */
#define PENDING_MAX 64
static char pending[PENDING_MAX][PATH_MAX];
static int pending_count;
static pthread_mutex_t pending_lock = PTHREAD_MUTEX_INITIALIZER;

static void retry_pending(void)
{
    pthread_mutex_lock(&pending_lock);
    int kept = 0;
    for (int i = 0; i < pending_count; i++) {
        if (rmdir(pending[i]) != 0 && errno == EBUSY) {
            if (kept != i) memcpy(pending[kept], pending[i], PATH_MAX);
            kept++;
        }
    }
    pending_count = kept;
    pthread_mutex_unlock(&pending_lock);
}

int th_cgroups_places(void)
{
    place places[TH_CGROUPS_MAX];
    return find_places(places);
}

int th_cgroups_release(int pid)
{
    static place places[TH_CGROUPS_MAX];
    static int found = -1;
    static int exit_hook;
    pthread_mutex_lock(&pending_lock);
    if (found < 0) found = find_places(places);
    pthread_mutex_unlock(&pending_lock);
    int busy = 0;
    for (int i = 0; i < found; i++) {
        char path[PATH_MAX];
        if (snprintf(path, sizeof path, "%s/" PREFIX "%d-%d", places[i].base, (int)getpid(), pid) >= (int)sizeof path) continue;
        if (rmdir(path) == 0 || errno != EBUSY) continue;
        busy++;
        pthread_mutex_lock(&pending_lock);
        if (pending_count < PENDING_MAX) snprintf(pending[pending_count++], PATH_MAX, "%s", path);
        if (!exit_hook) exit_hook = atexit(retry_pending) == 0;
        pthread_mutex_unlock(&pending_lock);
    }
    retry_pending();
    return busy;
}

/* Writes "0" (the caller) into `file` of the v1 groups (`version` 1) or the v2 one (2). */
static int move_caller(const th_cgroups *groups, int version, int to_home, const char *file)
{
    int failures = 0;
    for (int i = 0; i < groups->count; i++) {
        if (groups->version[i] != version) continue;
        failures += write_text(to_home ? groups->home[i] : groups->made[i], file, "0") != 0;
    }
    return failures;
}

/* In v1, the calling thread alone moves (its `tasks` file): moving a whole process takes a
 * lock of every process on the machine, whose release waits for a kernel grace period
 * (14 ms measured here, for each helper); a thread moving itself does not. What it creates
 * later starts in its group. */
int th_cgroups_join_thread(const th_cgroups *groups) { return move_caller(groups, 1, 0, "tasks"); }
void th_cgroups_leave_thread(const th_cgroups *groups) { (void)move_caller(groups, 1, 1, "tasks"); }
int th_cgroups_join_process(const th_cgroups *groups) { return move_caller(groups, 2, 0, "cgroup.procs"); }

int th_cgroups_v2_folder(const th_cgroups *groups)
{
    for (int i = 0; i < groups->count; i++) {
        if (groups->version[i] == 2) return open(groups->made[i], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    }
    return -1;
}

void th_cgroups_remove(const th_cgroups *groups)
{
    /* A group is removable once its last task is gone, which may lag its process's reaping
     * by a little: a few tries, 1 ms apart, then the next helper's sweep. */
    for (int i = 0; i < groups->count; i++) {
        for (int attempt = 0; attempt < 50; attempt++) {
            if (rmdir(groups->made[i]) == 0 || errno != EBUSY) break;
            struct timespec pause = { 0, 1000000 };
            nanosleep(&pause, NULL);
        }
    }
}
