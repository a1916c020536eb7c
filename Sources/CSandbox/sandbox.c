/* The helpers' sandbox: see sandbox.h. Kernel mechanisms and libseccomp only: no check of our
 * own stands between a plugin and a signal. */
#define _GNU_SOURCE
#include "sandbox.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include <seccomp.h>

/* Denies `syscall` with EPERM when its first argument is not this process (for the calls whose
 * first argument names the target process). */
static int deny_unless_self(scmp_filter_ctx ctx, int syscall, pid_t self)
{
    return seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), syscall, 1, SCMP_A0(SCMP_CMP_NE, (scmp_datum_t)self));
}

int th_sandbox_enter(char *why, size_t size)
{
    pid_t self = getpid();
    int failed = 0;

    if (why != NULL && size > 0) why[0] = '\0';
    /* Its own session and process group: a signal to "my group" reaches no one else. */
    (void)setsid();
    /* Nothing outlives the host: when the parent goes, so does this process. */
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) failed = 1;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) failed = 1;

    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (ctx == NULL) {
        if (why != NULL) snprintf(why, size, "seccomp is not available (seccomp_init failed)");
        return -1;
    }
    int rc = 0;
    /* kill(2) names a process or a group (0, -1, -pgid): none is needed here, so none is
     * allowed; the runtime's own aborts go through tgkill to itself. */
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(kill), 0);
    rc |= deny_unless_self(ctx, SCMP_SYS(tgkill), self);
    rc |= deny_unless_self(ctx, SCMP_SYS(rt_sigqueueinfo), self);
    rc |= deny_unless_self(ctx, SCMP_SYS(rt_tgsigqueueinfo), self);
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(tkill), 0);
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(pidfd_send_signal), 0);
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(ptrace), 0);
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(process_vm_writev), 0);
    rc |= seccomp_rule_add(ctx, SCMP_ACT_ERRNO(EPERM), SCMP_SYS(process_vm_readv), 0);
    if (rc != 0 || seccomp_load(ctx) != 0) {
        if (why != NULL) snprintf(why, size, "the seccomp filter could not be installed (%s)", strerror(errno));
        seccomp_release(ctx);
        return -1;
    }
    seccomp_release(ctx);
    if (failed) {
        if (why != NULL) snprintf(why, size, "prctl refused the parent-death signal or no_new_privs");
        return -1;
    }
    return 0;
}
