import LibC

/// The terminal on a file descriptor: whether there is one, its size, and taking it over for
/// playback (alternate screen, hidden cursor) in a way that is undone however playback ends,
/// Ctrl-C included.
public struct TerminalScreen {
    public let descriptor: Int32

    public init(descriptor: Int32 = 1) { self.descriptor = descriptor }

    /// True when the descriptor is a terminal that can show pictures: a tty whose TERM is
    /// not "dumb".
    public static func canShowPictures(descriptor: Int32, environment: [String: String]) -> Bool {
        isatty(descriptor) == 1 && environment["TERM"] != "dumb"
    }

    /// True when the descriptor is a terminal at all (for progress bars on standard error).
    public static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// The size in character cells, or nil when the terminal does not say.
    public var size: (columns: Int, rows: Int)? {
        var window = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
        return (Int(window.ws_col), Int(window.ws_row))
    }

    /// Switches to the alternate screen, hides the cursor and clears; from now until
    /// `leave()`, SIGINT, SIGTERM and SIGHUP restore the terminal before the process exits.
    public func enter() {
        installRestoringSignalHandlers()
        write(Array("\u{1B}[?1049h\u{1B}[?25l\u{1B}[0m\u{1B}[2J".utf8))
    }

    /// Back to the normal screen, as it was before `enter()`, with the cursor shown.
    public func leave() {
        write(Array(Self.restoreSequence.description.utf8))
        for number in Self.handledSignals { _ = signal(number, SIG_DFL) }
    }

    /// Writes all of `bytes`, retrying after partial writes and interruptions.
    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return  // the terminal went away; nothing useful to do
                }
                offset += n
            }
        }
    }

    /// Reset colours, end a synchronized update, show the cursor, leave the alternate screen.
    /// A StaticString, so that the signal handler can write it without allocating.
    static let restoreSequence: StaticString = "\u{1B}[0m\u{1B}[?2026l\u{1B}[?25h\u{1B}[?1049l"
    static let handledSignals = [SIGINT, SIGTERM, SIGHUP]

    private func installRestoringSignalHandlers() {
        // The handler may only do async-signal-safe things: write(2) a constant and _exit(2).
        // Playback always draws on standard output, the only descriptor it may name.
        precondition(descriptor == 1, "the restoring signal handler writes to standard output")
        // A parent may have blocked them (test runners do); Ctrl-C must still reach us.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in Self.handledSignals { sigaddset(&unblock, number) }
        sigprocmask(SIG_UNBLOCK, &unblock, nil)
        for number in Self.handledSignals {
            _ = signal(number) { received in
                let restore: StaticString = "\u{1B}[0m\u{1B}[?2026l\u{1B}[?25h\u{1B}[?1049l\n"
                _ = Glibc.write(1, restore.utf8Start, restore.utf8CodeUnitCount)
                _exit(128 + received)
            }
        }
    }
}
