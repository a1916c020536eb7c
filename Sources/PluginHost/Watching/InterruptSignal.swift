#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Ctrl-C (SIGINT) and SIGTERM as a readable descriptor, so that a watch waiting in poll(2)
/// ends its loop and cleans up (terminal, temporary folder, the plugins' deinit) instead of
/// dying mid-way. The handler only writes the signal's number into a pipe: all it may do.
public enum InterruptSignal {
    nonisolated(unsafe) private static var ends: (read: Int32, write: Int32) = (-1, -1)

    static let signals = [SIGINT, SIGTERM]

    /// Installs the handlers (again: terminal playback puts the defaults back when it ends)
    /// and returns the descriptor that becomes readable once a signal has arrived.
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
        for number in signals {
            _ = signal(number) { received in
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

    /// Back to the default handlers.
    public static func uninstall() {
        for number in signals { _ = signal(number, SIG_DFL) }
    }
}
