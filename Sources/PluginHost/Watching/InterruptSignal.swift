import CChildProcess

import LibC

/// Ctrl-C (SIGINT) and SIGTERM as a readable descriptor, so that a watch waiting in poll(2)
/// or reloading ends its loop and cleans up (its temporary folder, the plugins' deinit)
/// instead of dying mid-way. In force only while the watch waits and reloads: during a
/// replay Ctrl-C keeps its usual meaning, so a plugin that hangs cannot trap the user. The
/// command's one signal handler (CChildProcess) writes the signal's number into a pipe
/// meanwhile: all a handler may safely do.
public enum InterruptSignal {
    nonisolated(unsafe) private static var ends: (read: Int32, write: Int32) = (-1, -1)
    /// install() calls not yet undone: the watch's loops nest.
    nonisolated(unsafe) private static var depth = 0

    /// Starts taking the signals into the pipe and returns the descriptor that becomes
    /// readable once one has arrived (-1 if no pipe could be made: then signals keep their
    /// usual meaning).
    public static func install() -> Int32 {
        if ends.read < 0 {
            var fds: [Int32] = [-1, -1]
            guard pipe(&fds) == 0 else { return -1 }
            for fd in fds {
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            }
            ends = (fds[0], fds[1])
        }
        depth += 1
        child_process_interrupt_into(ends.write)
        return ends.read
    }

    /// The signal that arrived (and was not yet taken), or nil.
    public static func take() -> Int32? {
        guard ends.read >= 0 else { return nil }
        var byte: UInt8 = 0
        return read(ends.read, &byte, 1) == 1 ? Int32(byte) : nil
    }

    /// Undoes one install(); the last gives the signals their usual meaning back.
    public static func uninstall() {
        guard depth > 0 else { return }
        depth -= 1
        if depth == 0 { child_process_interrupt_into(-1) }
    }
}
