import CChildProcess
import LibC
import Rendering
import TransitionCore

/// `--interactive keys`: drive an interactive transition from the keyboard. ← and → scrub by
/// 5 %, Enter finishes, Esc cancels. Reads the terminal without line buffering or echo, one
/// frame at a time in real time, and always puts the terminal back (also on Ctrl-C).
final class TerminalKeys {
    static let step = 0.05
    /// How long a lone Esc waits for the rest of an arrow key before it counts as Esc, in
    /// seconds. A terminal sends a key's bytes together; 30 ms covers a slow ssh hop.
    static let escapeWait = 0.03

    private let framesPerSecond: Int
    private var progress = 0.0
    private var decoder = TerminalKeyDecoder()
    /// Enter or Esc read after an arrow in the same frame: the arrow's scrub is shown first,
    /// and this ends the transition at the next frame, from the scrubbed point. So the end is
    /// the same however the reads cut the keys.
    private var pendingEnd: LiveInput?

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
        // The command's one signal handler puts them back on Ctrl-C (CChildProcess).
        child_process_restore_settings_on_termination(Self.saved)
        print("← → scrub, Enter finishes, Esc cancels")
    }

    static func restore() {
        guard changed else { return }
        tcsetattr(0, TCSANOW, saved)
        child_process_restore_settings_on_termination(nil)
        changed = false
    }

    deinit { Self.restore() }

    /// Waits for the rest of this frame's time, reading keys as they come, and says what the
    /// user did. Called once per frame by the transition's run. Every key read counts, however
    /// the reads cut the stream (several arrows in one read when a frame took long to draw);
    /// an Esc, or half an arrow, waits up to `escapeWait` for the bytes that would follow it.
    func next(_ current: Double) -> LiveInput {
        progress = current
        if let end = pendingEnd { pendingEnd = nil; return end }
        var input = LiveInput.hold
        let deadline = monotonic() + 1.0 / Double(framesPerSecond)
        while true {
            let remaining = deadline - monotonic()
            let wait: Double
            if decoder.isWaiting { wait = Self.escapeWait } else if remaining > 0 { wait = remaining } else { break }
            var poller = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
            let keys: [TerminalKeyDecoder.Key]
            var ended = false
            if poll(&poller, 1, Int32(wait * 1000) + 1) > 0 {
                var bytes = [UInt8](repeating: 0, count: 64)
                let n = read(0, &bytes, bytes.count)
                if n > 0 { keys = decoder.feed(Array(bytes[0..<n])) } else { keys = decoder.flush(); ended = true }
            } else if decoder.isWaiting {
                keys = decoder.flush()
            } else {
                continue
            }
            for key in keys {
                switch key {
                case .right: progress = min(1, progress + Self.step); input = .scrub(to: progress)
                case .left: progress = max(0, progress - Self.step); input = .scrub(to: progress)
                case .enter, .escape:
                    let end: LiveInput = key == .enter ? .finish : .cancel
                    if case .scrub = input { pendingEnd = end; return input }
                    return end
                case .other: break
                }
            }
            if ended { break }
        }
        return input
    }

    /// One status line, redrawn in place (when the scene is not drawn).
    func show(_ frame: TransitionRun.Frame) {
        let line = "\r\u{1B}[2K" + status(at: frame.time)
        _ = line.withCString { write(1, $0, strlen($0)) }
    }

    /// "[######------] 20%  t=250 ms": the scrubbed progress and the virtual time.
    func status(at time: Double) -> String {
        let width = 30
        let filled = Int((progress * Double(width)).rounded())
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let percent = Int((progress * 100).rounded())
        return "[\(bar)] \(percent)%  t=\(Int(time * 1000)) ms"
    }

    private func monotonic() -> Double { monotonicSeconds() }
}
