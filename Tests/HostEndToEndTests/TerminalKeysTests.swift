import Foundation
import Testing

// `host run --interactive keys` on a real pseudo-terminal (made by python3's pty module, which
// CI has): → scrubs, Enter finishes, Esc cancels, and the terminal gets its settings back.

private let driver = #"""
import os, pty, select, sys, termios, time
host, keys = sys.argv[1], sys.argv[2]
pid, fd = pty.fork()
if pid == 0:
    os.environ["HOST_PLUGIN_PATH"] = ""
    os.execv(host, ["host", "run", "diagonal", "--interactive", "keys"])
out = b""
def pump(seconds):
    """Reads for `seconds`; says False once the host has closed its end (it exited)."""
    global out
    end = time.time() + seconds
    while time.time() < end:
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try: chunk = os.read(fd, 65536)
            except OSError: return False
            if not chunk: return False
            out += chunk
    return True
# The keys go once the host has put the terminal in raw mode and said so (a fixed second was
# too short for a host under ThreadSanitizer: its first keys were echoed, not read).
deadline = time.time() + 90
while b"scrub, Enter finishes" not in out and time.time() < deadline:
    pump(0.05)
pump(0.1)
codes = {"right": b"\x1b[C", "left": b"\x1b[D", "enter": b"\r", "esc": b"\x1b"}
# Keys joined by "+" go in one write, as when someone types faster than frames are drawn.
for group in keys.split(","):
    os.write(fd, b"".join(codes[key] for key in group.split("+")))
    pump(0.05)
# Then everything the host writes until it exits: the finish plays in real time, and on a
# loaded machine it took longer than any fixed wait (and a host never read from blocks).
deadline = time.time() + 90
while pump(0.1) and time.time() < deadline:
    pass
canonical = bool(termios.tcgetattr(fd)[3] & termios.ICANON)
_, status = os.waitpid(pid, 0)
sys.stdout.write(out.decode(errors="replace"))
code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else f"signal {os.WTERMSIG(status)}"
print(f"\nEXIT={code} CANONICAL={canonical}")
"""#

@Suite("host run --interactive keys") struct TerminalKeysTests {
    /// Runs the host on a pseudo-terminal and sends `keys`, each element in a write of its own
    /// (50 ms apart); keys joined by "+" within an element go in one write.
    func drive(_ keys: [String]) async throws -> String {
        let host = try Build.requireHost()
        let dir = try TempDir("keys")
        let script = try dir.write("drive.py", text: driver)
        let result = try await runProgram("/usr/bin/env", ["python3", script, host, keys.joined(separator: ",")],
                                          environment: ["XDG_CACHE_HOME": dir.path, "XDG_DATA_HOME": dir.path], outputIn: dir)
        #expect(result.status == 0, "\(result)")
        return result.out
    }

    @Test("→ to 60 %, then Enter: the presentation finishes; the scene is drawn while scrubbing, and the terminal is restored")
    func enterFinishes() async throws {
        let out = try await drive(Array(repeating: "right", count: 12) + ["enter"])
        #expect(out.contains("Present: completed"), "\(out)")
        #expect(out.contains("[##################------------] 60%"), "the status line shows the scrub: \(out)")
        // The scene itself, in half blocks on the alternate screen, which is left again.
        let drawing = out.components(separatedBy: "\u{1B}[?1049h").dropFirst().first ?? ""
        #expect(drawing.contains("▀") || drawing.contains("▄"), "no picture while scrubbing")
        #expect(drawing.contains("\u{1B}[?1049l"), "the alternate screen was not left")
        // The report comes after the live view, on the normal screen, where it stays.
        let afterwards = out.components(separatedBy: "\u{1B}[?1049l").last ?? ""
        #expect(afterwards.contains("Present: completed"), "the report was printed on the alternate screen")
        #expect(out.contains("EXIT=0 CANONICAL=True"), "\(out.suffix(2000))")
    }

    @Test("→ to 20 %, then Esc: the presentation is cancelled and nothing is dismissed")
    func escCancels() async throws {
        let out = try await drive(Array(repeating: "right", count: 4) + ["esc"])
        #expect(out.contains("Present: cancelled"), "\(out)")
        #expect(!out.contains("Dismiss:"), "\(out)")
        #expect(out.contains("EXIT=0 CANONICAL=True"), "\(out)")
    }

    @Test("keys typed faster than frames are drawn arrive in one read: each arrow counts, and an Esc after an arrow cancels from where the arrow put it",
          arguments: [["right+right+right+right", "right+esc"], ["right+right+right+right+right+esc"]])
    func keysInOneRead(writes: [String]) async throws {
        // However the host's reads cut the keys (on a busy machine, all in one), the five
        // arrows scrub to 25 % and the Esc cancels from there.
        let out = try await drive(writes)
        #expect(out.contains("Present: cancelled"), "\(out)")
        #expect(out.contains("] 25%"), "every arrow scrubbed: \(out.suffix(2000))")
        #expect(out.contains("interaction.cancel(at: 0.25"), "the Esc did not wait for the arrow before it: \(out.suffix(2000))")
        #expect(out.contains("EXIT=0 CANONICAL=True"), "\(out.suffix(2000))")
    }

    @Test("without a terminal, keys are refused as bad usage")
    func needsATerminal() async throws {
        let dir = try TempDir("keys-pipe")
        let result = try await runHost(["run", "diagonal", "--interactive", "keys"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 64 && result.err.contains("needs a terminal"), "\(result)")
    }
}
