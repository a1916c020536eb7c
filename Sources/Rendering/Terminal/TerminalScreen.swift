import CChildProcess
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
        child_process_restore_terminal_on_termination(nil, 0)
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
    static let restoreSequence: StaticString = "\u{1B}[0m\u{1B}[?2026l\u{1B}[?25h\u{1B}[?1049l"

    /// The command's one signal handler (CChildProcess) writes the restore sequence and a
    /// newline before the command ends by SIGINT, SIGTERM or SIGHUP, exit status 128 + the
    /// signal, after ending the command's children: it never replaces their cleanup.
    private func installRestoringSignalHandlers() {
        // Playback always draws on standard output, the only descriptor the handler writes to.
        precondition(descriptor == 1, "the restoring signal handler writes to standard output")
        let bytes = Array((Self.restoreSequence.description + "\n").utf8)
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { child_process_restore_terminal_on_termination($0.baseAddress, $0.count) }
        }
    }
}
