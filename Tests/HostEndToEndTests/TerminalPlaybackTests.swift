import Foundation
import Testing

// `host run EFFECT` on a real pseudo-terminal (python3's pty module, as TerminalKeysTests):
// the transition plays with half blocks in colour on the alternate screen, and the terminal
// is handed back (cursor shown, main screen) when it ends or when Ctrl-C stops it.

private let driver = #"""
import fcntl, os, pty, select, signal, struct, sys, termios, time
host, mode, colorterm = sys.argv[1], sys.argv[2], sys.argv[3]
pid, fd = pty.fork()
if pid == 0:
    fcntl.ioctl(1, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    os.environ["HOST_PLUGIN_PATH"] = ""
    os.environ["TERM"] = "xterm-256color"
    os.environ.pop("COLORTERM", None)
    if colorterm != "-": os.environ["COLORTERM"] = colorterm
    args = ["host", "run", "diagonal"] + (["--slow", "20"] if mode == "interrupt" else [])
    if mode == "gate":
        os.environ["GATE_FILE"] = sys.argv[5]
        args = ["host", "run", "fixture.gated:fx", "--plugin-path", sys.argv[4]]
    os.execv(host, args)
out = b""
def pump(seconds, until=None):
    global out
    end = time.time() + seconds
    while time.time() < end:
        if until is not None and until(out): return
        ready, _, _ = select.select([fd], [], [], 0.05)
        if ready:
            try: chunk = os.read(fd, 65536)
            except OSError: return
            if not chunk: return
            out += chunk
if mode == "interrupt":
    # Five frames drawn, then Ctrl-C. A loaded machine (CI runs the suite in parallel) can
    # take seconds to start the host and scan its plugins, and many more to make the slowed
    # run whose first frame is already shown: the signal lands once five frames are drawn,
    # or once the first has stood for 20 s, never before the host has taken the terminal.
    started = time.time()
    pump(90, until=lambda o: o.count(b"\x1b[?2026l") >= 1)
    first = time.time()
    pump(20, until=lambda o: o.count(b"\x1b[?2026l") >= 5)
    frames = out.count(b"\x1b[?2026l")
    sys.stdout.buffer.write(f"FRAMES-BEFORE-CTRL-C={frames} FIRST-AFTER={first - started:.1f}s SENT-AFTER={time.time() - started:.1f}s\n".encode())
    os.kill(pid, signal.SIGINT)
if mode == "gate":
    # The dismissal's animator waits for the gate file: a first frame drawn only once the
    # whole run is made would not come until the gate opens.
    pump(45, until=lambda o: b"0.000 s \xc2\xb7 Ctrl-C stops" in o)
    sys.stdout.buffer.write(b"FIRST-FRAME-BEFORE-GATE\n" if b"0.000 s \xc2\xb7 Ctrl-C stops" in out else b"NO-FIRST-FRAME\n")
    open(sys.argv[5], "w").close()
pump(15)
# Never hang the suite: a host still running now is killed (and the test fails on EXIT).
for _ in range(100):
    done, status = os.waitpid(pid, os.WNOHANG)
    if done: break
    pump(0.1)
else:
    os.kill(pid, signal.SIGKILL)
    _, status = os.waitpid(pid, 0)
sys.stdout.buffer.write(out)
code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -os.WTERMSIG(status)
sys.stdout.buffer.write(f"\nEXIT={code}\n".encode())
"""#

@Suite("host run on a terminal")
struct TerminalPlaybackTests {
    func drive(_ mode: String, colorterm: String = "truecolor", in given: TempDir? = nil, extra: [String] = []) async throws -> String {
        let host = try Build.requireHost()
        let dir = try given ?? TempDir("pty")
        let script = try dir.write("drive.py", text: driver)
        let result = try await runProgram("/usr/bin/env", ["python3", script, host, mode, colorterm] + extra,
                                          environment: ["XDG_CACHE_HOME": dir.path, "XDG_DATA_HOME": dir.path], outputIn: dir, timeout: 180)
        // Escaped: the output holds the terminal's escape codes, which a CI log would act on.
        #expect(result.status == 0, "\(String(describing: result).debugDescription.suffix(3000))")
        return result.out
    }

    @Test("plays on the alternate screen in 24-bit colour with half blocks, then restores the terminal and prints the report")
    func playsAndRestores() async throws {
        let out = try await drive("play")
        let esc = "\u{1B}"
        let enter = try #require(out.range(of: "\(esc)[?1049h"), "never switched to the alternate screen: \(out.debugDescription)")
        #expect(out[enter.upperBound...].hasPrefix("\(esc)[?25l"), "hides the cursor")
        #expect(out.contains("\(esc)[38;2;") || out.contains("\(esc)[48;2;"), "truecolour")
        #expect(out.contains("▀") || out.contains("▄"), "half blocks")
        #expect(out.contains("diagonal:diagonal · dismiss"), "a status line")
        let restore = try #require(out.range(of: "\(esc)[?25h\(esc)[?1049l", options: .backwards), "the terminal is not restored")
        let after = out[restore.upperBound...]
        #expect(after.contains("Running diagonal:diagonal") && after.contains("OK"), "the report follows: \(after.debugDescription)")
        #expect(!after.contains("\(esc)["), "no escape codes after the terminal is handed back")
        #expect(out.contains("EXIT=0"))
    }

    @Test("without COLORTERM, the 256-colour palette")
    func palette() async throws {
        let out = try await drive("play", colorterm: "-")
        #expect(out.contains("8;5;"), "palette colours")
        #expect(!out.contains("8;2;"), "no truecolour")
    }

    @Test("the first frame is drawn as the run makes it, before the rest of the run is made (a replay after an edit shows at once)")
    func firstFrameFirst() async throws {
        let dir = try TempDir("pty-gate")
        var template = PluginTemplate()
        template.pluginID = "fixture.gated"
        template.ending = .conforming
        // The dismissal waits (up to 60 s) for the file GATE_FILE names.
        template.animatePrologue = """
            if (!self->incoming) { const char *gate = getenv("GATE_FILE");
              for (int i = 0; gate && i < 600 && access(gate, F_OK) != 0; i++) { struct timespec t = { 0, 100000000 }; nanosleep(&t, NULL); } }
            """
        _ = try dir.folder("plugins")
        _ = try await compileC("#define _POSIX_C_SOURCE 200809L\n#include <stdlib.h>\n#include <time.h>\n#include <unistd.h>\n" + template.render(),
                               to: "plugins/gated.so", in: dir)
        let out = try await drive("gate", in: dir, extra: [dir.file("plugins"), dir.file("gate")])
        #expect(out.contains("FIRST-FRAME-BEFORE-GATE"), "\(out.suffix(400).debugDescription)")
        #expect(out.contains("fixture.gated:fx · present · 0.000 s · Ctrl-C stops"), "the first frame's status names the effect and the phase")
        #expect(out.contains("fixture.gated:fx · dismiss") && out.contains("EXIT=0"), "the rest played: \(out.suffix(400).debugDescription)")
    }

    @Test("Ctrl-C mid-play restores the terminal and exits with 130")
    func interrupt() async throws {
        let out = try await drive("interrupt")
        #expect(out.contains("\u{1B}[?1049h"))
        let restore = try #require(out.range(of: "\u{1B}[?25h\u{1B}[?1049l", options: .backwards), "not restored: \(out.suffix(300).debugDescription)")
        #expect(!out[restore.upperBound...].contains("\u{1B}[38"), "nothing drawn after the restore")
        #expect(out.contains("EXIT=130"), "\(out.suffix(200).debugDescription)")
        #expect(!out.contains("FRAMES-BEFORE-CTRL-C=0 "), "no frame was drawn in 90 s: \(out.prefix(300).debugDescription)")
    }
}
