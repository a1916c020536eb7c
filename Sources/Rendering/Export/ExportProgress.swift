/// A progress bar on standard error for an export that takes a while: it appears only after
/// the first second (a quick export prints nothing), only when standard error is a
/// terminal, and wipes itself when done. Not locked: call it from one thread at a time (a
/// parallel export updates it from one of its workers only).
final class ExportProgress: @unchecked Sendable {
    private let label: String
    private let total: Int
    private let screen: TerminalScreen?
    private let start = TerminalPlayer.now()
    private var lastDrawn = -1.0
    private var drawn = false

    static let delayBeforeShowing = 1.0

    init(label: String, total: Int, enabled: Bool) {
        self.label = label
        self.total = max(1, total)
        screen = enabled && TerminalScreen.isTerminal(2) ? TerminalScreen(descriptor: 2) : nil
    }

    func update(done: Int) {
        guard let screen else { return }
        let now = TerminalPlayer.now()
        guard now - start >= Self.delayBeforeShowing, now - lastDrawn >= 0.1 || done == total else { return }
        lastDrawn = now
        drawn = true
        let width = 30
        let filled = min(width, done * width / total)
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        screen.write(Array("\r\u{1B}[2K\(label) \(bar) \(done * 100 / total)%".utf8))
    }

    func finish() {
        guard let screen, drawn else { return }
        screen.write(Array("\r\u{1B}[2K".utf8))
    }
}
