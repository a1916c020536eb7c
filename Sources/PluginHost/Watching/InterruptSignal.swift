import LibC

/// Ctrl-C (SIGINT) and SIGTERM as a readable descriptor, so that a watch waiting in poll(2)
/// or reloading ends its loop and cleans up (its temporary folder, the plugins' deinit)
/// instead of dying mid-way. Installed only while the watch waits and reloads: during a
/// replay Ctrl-C keeps its usual meaning, so a plugin that hangs cannot trap the user. The
/// handler only writes the signal's number into a pipe: all a handler may safely do.
public enum InterruptSignal {
    nonisolated(unsafe) private static var ends: (read: Int32, write: Int32) = (-1, -1)
    nonisolated(unsafe) private static var previous: [Int32: __sighandler_t?] = [:]

    static let signals = [SIGINT, SIGTERM]

    /// Installs the handlers and returns the descriptor that becomes readable once a signal
    /// has arrived (-1 if no pipe could be made: then signals keep their usual meaning).
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
        guard previous.isEmpty else { return ends.read }
        for number in signals {
            previous[number] = signal(number) { received in
                var byte = UInt8(truncatingIfNeeded: received)
                _ = write(InterruptSignal.ends.write, &byte, 1)
            }
        }
        // A parent may have blocked them (test runners do); Ctrl-C must still reach us.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in signals { sigaddset(&unblock, number) }
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
        return ends.read
    }

    /// The signal that arrived (and was not yet taken), or nil.
    public static func take() -> Int32? {
        guard ends.read >= 0 else { return nil }
        var byte: UInt8 = 0
        return read(ends.read, &byte, 1) == 1 ? Int32(byte) : nil
    }

    /// Puts back the handlers that were there before `install()`.
    public static func uninstall() {
        for (number, handler) in previous { _ = signal(number, handler) }
        previous = [:]
    }
}
