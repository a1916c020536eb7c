/* The floor under an isolated plugin's per-call cost (Scripts/bench, "abi"): a bare round trip
 * of 16 bytes over a socketpair between two processes, in C, with nothing else done. What
 * `host run --isolate` adds over this is its own; this much is the kernel's and the machine's.
 * Prints the median, min and max over 15 rounds of 2,000 round trips, in microseconds. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(void) {
    int fds[2];
    char bytes[16] = {0};
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, fds) != 0) { perror("socketpair"); return 1; }
    pid_t child = fork();
    if (child < 0) { perror("fork"); return 1; }
    if (child == 0) {  /* the echo: answers each message until the other end closes */
        close(fds[0]);
        while (read(fds[1], bytes, sizeof bytes) > 0) {
            if (write(fds[1], bytes, sizeof bytes) != (ssize_t)sizeof bytes) break;
        }
        _exit(0);
    }
    close(fds[1]);
    enum { rounds = 15, trips = 2000 };
    double us[rounds];
    for (int r = 0; r < rounds; r++) {
        double start = now();
        for (int i = 0; i < trips; i++) {
            if (write(fds[0], bytes, sizeof bytes) != (ssize_t)sizeof bytes || read(fds[0], bytes, sizeof bytes) <= 0) {
                perror("round trip");
                return 1;
            }
        }
        us[r] = (now() - start) / trips * 1e6;
    }
    close(fds[0]);
    qsort(us, rounds, sizeof us[0], compare);
    printf("%.2f %.2f %.2f\n", us[rounds / 2], us[0], us[rounds - 1]);
    return 0;
}
