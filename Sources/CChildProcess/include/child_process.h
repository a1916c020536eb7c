/* What the host's child processes need from Linux that Swift's Glibc module does not declare. */
#ifndef CHILD_PROCESS_H
#define CHILD_PROCESS_H

#include <spawn.h>
#include <sys/types.h>
#include <termios.h>

/* pidfd_open(2): a file descriptor (close-on-exec) that poll(2) reports readable once the
 * child `pid` has exited, so that a parent can wait for several children with one deadline
 * and no polling loop. Linux 5.3 or later; -1 with errno set on failure. */
int child_process_watch(pid_t pid);

/* Adds to `actions` (the caller's, for posix_spawn) the closing of every descriptor from
 * `lowest` up, so that a child inherits only the ones it was handed, whatever the host's own
 * parent left open without close-on-exec. 0, or an error number. */
int child_process_close_from(posix_spawn_file_actions_t *actions, int lowest);

/* POSIX_SPAWN_SETSID, which glibc declares only to GNU sources: the flag that starts a child
 * in a session (and process group) of its own. */
short child_process_spawn_setsid(void);

/* fork(2) for a helper that runs this program's own code, without exec: it skips the exec
 * and the Swift runtime's start-up (several milliseconds) that a spawned helper pays. Only
 * for a process with one thread (child_process_thread_count), as fork copies only the caller's.
 *
 * The child starts as a posix_spawn'ed one would by ChildProcess: in a session of its own,
 * every signal's handling at its default and none blocked (so the Swift runtime's crash
 * handlers are gone: a helper's crash is the parent's to report), standard input from
 * /dev/null, standard output and error on `output` (or /dev/null when it is -1), descriptor
 * `from[i]` at `to[i]` for each of the `count` (at most 8) passed, and nothing else open.
 * Returns the child's pid in the parent and 0 in the child; -1 with errno when it cannot
 * fork. A child that cannot set itself up ends with status 127, as a failed exec would. */
pid_t child_process_fork(const int *from, const int *to, int count, int output);

/* The threads of this process (from /proc/self/task), or -1 when it cannot tell. */
int child_process_thread_count(void);

/* The command's one handler of SIGTERM, SIGINT and SIGHUP: whatever registers here, that
 * handler alone runs, so that no part of the command replaces another's (the terminal's
 * restoring, the watch's clean stop, the cleanup of children and folders).
 *
 * Ending what a command leaves behind when it is ended itself (SIGTERM, SIGINT, SIGHUP).
 *
 * The command registers each child process group it starts and each temporary folder it
 * makes, and unregisters them once it has ended or removed them itself. Once
 * child_process_cleanup_on_termination() has been called, those signals kill every
 * registered group, remove every registered folder (with its contents), and then end the
 * process by the same signal, as if nothing had been caught. The handler uses only calls
 * that are safe in a signal handler, on tables of fixed size: a group or folder past the
 * table's end is not registered (the call returns -1), and is then only as safe as before.
 *
 * Paths are copied; the caller keeps ownership of its strings. */
int child_process_register_group(pid_t group);
void child_process_unregister_group(pid_t group);
int child_process_register_folder(const char *path);
void child_process_unregister_folder(const char *path);
void child_process_cleanup_on_termination(void);

/* While the command draws on a terminal: `bytes` (at most 64, copied; NULL or 0 to forget)
 * that put standard output's terminal back, and the terminal settings to put back on
 * standard input (NULL to forget), written by the handler before anything else. While
 * either is set, a handled signal ends the command with exit status 128 + the signal, as a
 * shell reports it, after the cleanup above. Installs the handler. */
void child_process_restore_terminal_on_termination(const char *bytes, size_t length);
void child_process_restore_settings_on_termination(const struct termios *settings);

/* While `fd` >= 0 (a non-blocking pipe's write end), SIGINT and SIGTERM end nothing: the
 * handler writes the signal's number to it, for a loop that polls the read end (the watch);
 * SIGHUP still ends the command. -1 puts them back. Installs the handler. */
void child_process_interrupt_into(int fd);

#endif
