/* What `host validate` needs from Linux that Swift's Glibc module does not declare. */
#ifndef CHILD_PROCESS_H
#define CHILD_PROCESS_H

#include <sys/types.h>

/* pidfd_open(2): a file descriptor (close-on-exec) that poll(2) reports readable once the
 * child `pid` has exited, so that a parent can wait for several children with one deadline
 * and no polling loop. Linux 5.3 or later; -1 with errno set on failure. */
int child_process_watch(pid_t pid);

#endif
