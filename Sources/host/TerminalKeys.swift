import LibC
import TransitionCore

/// `--interactive keys`: drive an interactive transition from the keyboard. ← and → scrub by
/// 5 %, Enter finishes, Esc cancels. Reads the terminal without line buffering or echo, one
/// frame at a time in real time, and always puts the terminal back (also on Ctrl-C).
final class TerminalKeys {
    static let step = 0.05

    private let framesPerSecond: Int
    private var progress = 0.0
    private var lastFrame = 0.0

    /// The terminal's settings before we changed them; restored on exit and on Ctrl-C. On the
    /// heap, not in a global termios: Swift 6.3 emits such a global in 57 bytes (without the
    /// struct's inner padding) yet copies all 60 into it, the 3 bytes past its end caught by
    /// AddressSanitizer (Scripts/sanitize).
    nonisolated(unsafe) private static let saved: UnsafeMutablePointer<termios> = {
        let p = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        p.initialize(to: termios())
        return p
    }()
    nonisolated(unsafe) private static var changed = false

    init?(framesPerSecond: Int) {
        guard isatty(0) == 1, isatty(1) == 1 else { return nil }
        self.framesPerSecond = framesPerSecond
        var settings = termios()
        guard tcgetattr(0, &settings) == 0 else { return nil }
        Self.saved.pointee = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(0, TCSANOW, &settings)
        Self.changed = true
        signal(SIGINT) { _ in
            TerminalKeys.restore()
            _ = "\n".withCString { write(1, $0, 1) }
            _exit(130)
        }
        print("← → scrub, Enter finishes, Esc cancels")
    }

    static func restore() {
        guard changed else { return }
        tcsetattr(0, TCSANOW, saved)
        changed = false
    }

    deinit { Self.restore() }

    /// Waits for the rest of this frame's time, reading keys as they come, and says what the
    /// user did. Called once per frame by the transition's run.
    func next(_ current: Double) -> LiveInput {
        progress = current
        var input = LiveInput.hold
        let frame = 1.0 / Double(framesPerSecond)
        let deadline = monotonic() + frame
        while true {
            let remaining = deadline - monotonic()
            if remaining <= 0 { break }
            var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(remaining * 1000) + 1) > 0 else { continue }
            var bytes = [UInt8](repeating: 0, count: 8)
            let n = read(0, &bytes, bytes.count)
            guard n > 0 else { break }
            switch Array(bytes[0..<n]) {
            case [27, 91, 67]: progress = min(1, progress + Self.step); input = .scrub(to: progress)   // →
            case [27, 91, 68]: progress = max(0, progress - Self.step); input = .scrub(to: progress)   // ←
            case [10], [13]: return .finish
            case [27]: return .cancel
            default: break
            }
        }
        return input
    }

    /// One status line, redrawn in place.
    func show(_ frame: TransitionRun.Frame) {
        let width = 30
        let filled = Int((progress * Double(width)).rounded())
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let percent = Int((progress * 100).rounded())
        let line = "\r\u{1B}[2K[\(bar)] \(percent)%  t=\(Int(frame.time * 1000)) ms"
        _ = line.withCString { write(1, $0, strlen($0)) }
    }

    private func monotonic() -> Double { monotonicSeconds() }
}
