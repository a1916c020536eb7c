#ifndef TRANSITION_HOST_SANDBOX_H
#define TRANSITION_HOST_SANDBOX_H

#include <stddef.h>

/* Called by a helper process that is about to run plugin code (the scanner's helper, an
 * isolated plugin's process), once, before any plugin is loaded. It puts the process in a
 * session of its own, asks the kernel to kill it when its parent dies, forbids gaining
 * privileges, and installs a seccomp filter (libseccomp) under which the process can signal
 * nothing but itself, trace nothing and write no other process's memory: a plugin can no
 * longer kill, stop or tamper with the host or anything else.
 *
 * Returns 0 when everything is in place. Otherwise returns -1 and writes into `why` (a buffer
 * of `size` bytes the caller owns) which mechanism the kernel lacks; what could be applied is
 * applied all the same. */
int th_sandbox_enter(char *why, size_t size);

#endif
