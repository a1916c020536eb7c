import Foundation
import Rendering
import Testing

// `host run --window`, driven as a user would: a real X display (Xvfb, started by each test on
// a display number of its own), real input (xdotool), and the window read back
// (--window-capture). Every wait has a deadline. One test at a time: a gesture's velocity is
// read on the real clock, and 27 windows with their X servers at once on two cores starved a
// host long enough between a flick's last move and its release to read it as a pause (CI,
// 11-29). About two minutes, against half of one.

@Suite("host run --window", .serialized)
struct LiveWindowTests {
    /// A host showing `arguments` in a window on `display`.
    static func start(_ arguments: [String], on display: VirtualDisplay, in dir: TempDir) throws -> WatchingHost {
        try WatchingHost(["run"] + arguments + ["--window"], pluginFolder: try dir.folder("plugins"),
                         temporary: try dir.folder("tmp"), in: dir, environment: ["DISPLAY": display.name])
    }

    static func waitForFiles(_ paths: [String], of host: WatchingHost) async throws {
        try await host.wait(for: "the captures \(paths)") { _, _ in paths.allSatisfy { FileManager.default.fileExists(atPath: $0) } }
    }

    @Test("with no display, --window exits 3 and says how to get one; nothing runs")
    func noDisplay() async throws {
        let dir = try TempDir("window-none")
        let unused = try await runHost(["run", "diagonal", "--window"], pluginFolder: try dir.folder("plugins"), in: dir,
                                       environment: ["DISPLAY": "", "WAYLAND_DISPLAY": ""])
        #expect(unused.status == 3, "\(unused)")
        #expect(unused.err.contains("--window needs a display"), "\(unused)")
        #expect(unused.err.contains("desktop session") && unused.err.contains("xvfb-run -a host run"), "\(unused)")
        #expect(unused.out.isEmpty, "something ran: \(unused)")
        // A display that is named but has no server behind it.
        let gone = try await runHost(["run", "diagonal", "--window"], pluginFolder: try dir.folder("plugins"), in: dir,
                                     environment: ["DISPLAY": ":987", "WAYLAND_DISPLAY": ""])
        #expect(gone.status == 3, "\(gone)")
        #expect(gone.err.contains("DISPLAY=:987 could not be used") && gone.err.contains("xvfb-run"), "\(gone)")
        #expect(gone.out.isEmpty, "something ran: \(gone)")
    }

    @Test("--window-capture needs --window and takes TIME=PATH.png; --window refuses --watch-runs and --interactive keys")
    func captureUsage() async throws {
        let dir = try TempDir("window-usage")
        let plugins = try dir.folder("plugins")
        let alone = try await runHost(["run", "diagonal", "--window-capture", "0.2=a.png"], pluginFolder: plugins, in: dir)
        #expect(alone.status == 64 && alone.err.contains("--window-capture needs --window"), "\(alone)")
        for other in [["--watch", "--watch-runs", "1"], ["--interactive", "keys"]] {
            let result = try await runHost(["run", "diagonal", "--window"] + other, pluginFolder: plugins, in: dir)
            #expect(result.status == 64 && result.err.contains("--window"), "\(result)")
        }
        for bad in ["0.2", "x=a.png", "0.2=a.gif", "=a.png"] {
            let result = try await runHost(["run", "diagonal", "--window", "--window-capture", bad], pluginFolder: plugins, in: dir)
            #expect(result.status == 64 && result.err.contains("--window-capture takes TIME=PATH.png"), "\(result)")
        }
    }

    @Test("the window is the scene's size, and shows at each time the headless renderer's frame for that time")
    func framesMatchTheRenderer() async throws {
        let dir = try TempDir("window-frames")
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let times = [(0.0, 0), (0.2, 12), (0.75, 45)]
        let captures = times.map { dir.file("window-\($0.1).png") }
        var arguments = ["diagonal", "--window-capture", "0.5=\(dir.file("presented.png"))"]
        for (i, (time, _)) in times.enumerated() { arguments += ["--window-capture", "\(time)=\(captures[i])"] }
        let host = try Self.start(arguments, on: display, in: dir)
        let window = try await display.hostWindow()
        let geometry = try await display.xdotool(["getwindowgeometry", window])
        #expect(geometry.out.contains("Geometry: 390x844"), "\(geometry.out)")
        // The scene waits for the user: a click presents, Escape dismisses.
        try await display.click(100, 200, in: window, until: dir.file("presented.png"), of: host)
        try await Task.sleep(nanoseconds: 300_000_000)
        try await display.press(["Escape"], in: window)
        try await Self.waitForFiles(captures, of: host)
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0 && !end.crashed, "\(host.transcript)")
        #expect(host.out.contains("Dismiss: completed by diagonal:diagonal") && host.out.contains("61 frames"), "\(host.transcript)")

        let frames = dir.file("frames/")
        let headless = try await runHost(["run", "diagonal", "--output", frames], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(headless.status == 0, "\(headless)")
        for (i, (time, frame)) in times.enumerated() {
            let number = String(frame)
            let reference = frames + "frame-" + String(repeating: "0", count: 4 - number.count) + number + ".png"
            let difference = try largestDifference(captures[i], reference)
            #expect(difference != nil, "the window's picture at \(time) s is not the frame's size")
            #expect((difference ?? 255) <= 2, "the window at \(time) s differs from frame \(frame) by \(difference ?? -1)")
        }
    }

    @Test("M turns Reduce Motion on: the title says so, the presentation that follows plays the cross-dissolve frame for frame as host run --reduce-motion; M again, and the dismissal plays diagonal in full")
    func reduceMotionSwitch() async throws {
        let dir = try TempDir("window-reduce-motion")
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let fading = dir.file("fading.png"), presented = dir.file("presented.png"), dismissed = dir.file("dismissed.png")
        // The cross-dissolve takes 0.35 s, diagonal's dismissal 0.5 s after it.
        let host = try Self.start(["diagonal", "--window-capture", "0.1=\(fading)", "--window-capture", "0.35=\(presented)",
                                   "--window-capture", "0.85=\(dismissed)"], on: display, in: dir)
        let window = try await display.hostWindow()
        try await takesInput(display, window, of: host)
        try await display.press(["m"], in: window)
        _ = try await titled(display, window) { $0.contains("Reduce Motion") }
        try await display.click(100, 200, in: window, until: presented, of: host)
        try await display.press(["m"], in: window)
        _ = try await titled(display, window) { !$0.contains("Reduce Motion") }
        try await display.press(["Escape"], in: window)
        try await Self.waitForFiles([dismissed], of: host)
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0 && !end.crashed, "\(host.transcript)")
        #expect(host.out.contains("Reduce Motion: 'diagonal' declares no reduced variant; playing a cross-dissolve"), "\(host.transcript)")
        #expect(host.out.contains("Present: completed by cross-dissolve") && host.out.contains("Dismiss: completed by diagonal:diagonal"),
                "\(host.transcript)")

        // 0.1 s into the cross-dissolve (frame 6) as the headless run with Reduce Motion draws it.
        let frames = dir.file("frames/")
        let headless = try await runHost(["run", "diagonal", "--reduce-motion", "--output", frames], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(headless.status == 0, "\(headless)")
        let difference = try largestDifference(fading, frames + "frame-0006.png")
        #expect((difference ?? 255) <= 2, "the window at 0.1 s differs from the reduced run's frame 6 by \(difference ?? -1)")
    }

    @Test("a window hidden and shown again is drawn again: the X server keeps no copy of what it showed")
    func exposedWindowIsRedrawn() async throws {
        let dir = try TempDir("window-exposed")
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let host = try Self.start(["diagonal"], on: display, in: dir)
        let window = try await display.hostWindow()
        /// Whether the screenshot at `path` shows the scene: its status bar is near white.
        func showsScene(_ path: String) throws -> Bool {
            let image = try CairoImage.readPNG(path)
            return image.withPixels { pixels in
                // In the light navigation bar, inside the display's rounded corners.
                let pixel = pixels[60 * image.stride / 4 + 200]
                return (0..<3).allSatisfy { (pixel >> (8 * UInt32($0))) & 0xFF >= 0xE0 }
            }
        }
        let before = dir.file("before.png"), after = dir.file("after.png")
        let deadline = Date().addingTimeInterval(20)
        repeat {
            try await Task.sleep(nanoseconds: 200_000_000)
            try await display.screenshot(of: window, to: before)
        } while try !showsScene(before) && Date() < deadline
        #expect(try showsScene(before), "the window never showed the scene:\n\(host.transcript)")
        // Unmapped and mapped again while the scene waits for a click: nothing else would draw it.
        try await display.xdotool(["windowunmap", "--sync", window])
        try await display.xdotool(["windowmap", "--sync", window])
        try await Task.sleep(nanoseconds: 500_000_000)
        try await display.screenshot(of: window, to: after)
        let difference = try largestDifference(before, after)
        #expect(difference != nil && difference! <= 2, "shown again, the window differs from before by \(difference ?? -1)")
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0 && !end.crashed, "\(host.transcript)")
    }

    @Test("the window takes run's options: flows, scene files, presentation controllers, parameters, curves, --isolate, --slow")
    func runOptions() async throws {
        let dir = try TempDir("window-options")
        let plugins = try dir.folder("plugins")
        let runs: [[String]] = [
            ["slide", "--push"], ["--scene", "photos"], ["diagonal", "--tabs", "--isolate"],
            ["slide", "--presentation", "dimming", "--param", "dimming.opacity=0.3", "--curve", "ease-in", "--slow", "2"],
        ]
        for (n, arguments) in runs.enumerated() {
            // A display of its own for each run: a finished run's window may still be mapped
            // for a moment, and a click meant for the next run's would reach it (BadWindow).
            let display = try await VirtualDisplay.start(in: dir)
            defer { display.stop() }
            let capture = dir.file("window-\(n).png")
            let host = try Self.start(arguments + ["--window-capture", "0.25=\(capture)"], on: display, in: dir)
            let window = try await display.hostWindow()
            try await display.click(100, 200, in: window, until: capture, of: host)
            // Closed before going back: the rest of the run is made without being shown.
            try await display.press(["q"], in: window)
            let end = try await host.exit()
            #expect(end.status == 0, "\(host.transcript)")
            let headless = try await runHost(["run"] + arguments, pluginFolder: plugins, in: dir)
            #expect(headless.status == 0, "\(headless)")
            #expect(host.out == headless.out, "the window's run printed other than \(headless)\n\(host.transcript)")
            let frames = dir.file("frames-\(n)/")
            _ = try await runHost(["run"] + arguments + ["--output", frames], pluginFolder: plugins, in: dir)
            let difference = try largestDifference(capture, frames + "frame-0015.png")
            #expect((difference ?? 255) <= 2, "\(arguments): the window at 0.25 s differs from frame 15 by \(difference ?? -1)")
        }
    }

    @Test("the scene waits for a click to present; Escape, or a click on the back button, dismisses; the run ends as host run's")
    func clickPresentsAndDismisses() async throws {
        let dir = try TempDir("window-click")
        let headless = try await runHost(["run", "diagonal"], pluginFolder: try dir.folder("plugins"), in: dir)
        for back in ["Escape", "back button"] {
            // A display of its own for each run: a finished run's window may still be mapped
            // for a moment, and a click meant for the next run's would reach it (BadWindow).
            let display = try await VirtualDisplay.start(in: dir)
            defer { display.stop() }
            let before = dir.file("before-\(back.count).png")
            let presented = dir.file("presented-\(back.count).png")
            let dismissed = dir.file("dismissed-\(back.count).png")
            let host = try Self.start(["diagonal", "--window-capture", "0=\(before)", "--window-capture", "0.5=\(presented)",
                                       "--window-capture", "1=\(dismissed)"], on: display, in: dir)
            let window = try await display.hostWindow()
            // Nothing runs until the click: no capture of time 0 after a while.
            try await Task.sleep(nanoseconds: 700_000_000)
            #expect(!FileManager.default.fileExists(atPath: before), "the run started without a click")
            try await display.click(100, 200, in: window, until: presented, of: host)
            try await Task.sleep(nanoseconds: 300_000_000)
            if back == "Escape" {
                try await display.press(["Escape"], in: window)
                try await Self.waitForFiles([dismissed], of: host)
            } else {
                // "‹ Destinations" on the detail screen
                try await display.click(60, 65, in: window, until: dismissed, of: host)
            }
            try await display.press(["q"], in: window)
            let end = try await host.exit()
            #expect(end.status == 0, "\(host.transcript)")
            #expect(host.out == headless.out, "with \(back): \(host.transcript)\n--- headless\n\(headless.out)")
        }
    }

    @Test("a drag from the left edge dismisses interactively: released past the middle it finishes, released early it cancels and the scene is restored")
    func edgeDrag() async throws {
        let dir = try TempDir("window-drag")
        for (to, hold, finishes) in [(300, 0.4, true), (80, 0.4, false)] {
            // A display of its own for each run: a finished run's window may still be mapped
            // for a moment, and a click meant for the next run's would reach it (BadWindow).
            let display = try await VirtualDisplay.start(in: dir)
            defer { display.stop() }
            // The capture at the presentation's end says when the scene waits to go back.
            let presented = dir.file("presented-\(to)-\(hold).png")
            let host = try Self.start(["diagonal", "--window-capture", "0.5=\(presented)"], on: display, in: dir)
            let window = try await display.hostWindow()
            try await display.click(100, 200, in: window, until: presented, of: host)
            try await Task.sleep(nanoseconds: 300_000_000)
            try await display.drag(from: 2, to: to, y: 400, hold: hold, in: window)
            try await Task.sleep(nanoseconds: 900_000_000)
            try await display.press(["q"], in: window)
            let end = try await host.exit()
            #expect(end.status == 0, "\(host.transcript)")
            #expect(host.out.contains("interactionController.startInteractiveTransition"), "\(host.transcript)")
            if finishes {
                #expect(host.out.contains(to == 300 ? "interaction.finish(at: 0.7" : "interaction.finish(at: 0.3"), "\(host.transcript)")
                #expect(host.out.contains("Dismiss: completed by diagonal:diagonal"), "\(host.transcript)")
            } else {
                #expect(host.out.contains("interaction.cancel(at: 0.2"), "\(host.transcript)")
                #expect(host.out.contains("Dismiss: cancelled by its gesture, as asked"), "\(host.transcript)")
            }
            #expect(host.out.contains("end state verified") && host.out.hasSuffix("OK\n"), "\(host.transcript)")
        }
    }

    @Test("Space pauses and resumes, ← → step a frame back and forth while paused, S slows the real clock; the run ends as host run's")
    func pauseAndScrub() async throws {
        let dir = try TempDir("window-keys")
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let started = dir.file("started.png")
        // Slowed, so that the presentation lasts 5 s of real time.
        let host = try Self.start(["diagonal", "--slow", "10", "--window-capture", "0=\(started)"], on: display, in: dir)
        let window = try await display.hostWindow()
        try await display.click(100, 200, in: window, until: started, of: host)
        try await Task.sleep(nanoseconds: 300_000_000)
        try await display.press(["space"], in: window)
        let prefix = "host run diagonal · paused at "
        let paused = try await titled(display, window) { $0.hasPrefix(prefix) }
        let time = try #require(Double(paused.dropFirst(prefix.count).dropLast(2)), "\(paused)")
        #expect(time > 0 && time < 4.9, "\(paused)")
        // The clock stands still while paused.
        try await Task.sleep(nanoseconds: 600_000_000)
        #expect(try await display.title(of: window) == paused)
        /// Whether the title comes to say `expected` (as the window shows it) within 3 s.
        func shows(_ expected: Double) async throws -> Bool {
            for _ in 0..<50 {
                try await Task.sleep(nanoseconds: 100_000_000)
                let shown = Double(try await display.title(of: window).dropFirst(prefix.count).dropLast(2))
                if let shown, abs(shown - expected) < 0.0011 { return true }
            }
            Issue.record("the title never said \(expected): \(try await display.title(of: window))")
            return false
        }
        try await display.press(["Right"], in: window)
        #expect(try await shows(time + 1.0 / 60))
        try await display.press(["Right", "Right"], in: window)
        #expect(try await shows(time + 3.0 / 60))
        try await display.press(["Left", "Left", "Left", "Left"], in: window)
        #expect(try await shows(time - 1.0 / 60))
        try await display.press(["space", "s"], in: window)
        _ = try await titled(display, window) { $0 == "host run diagonal · slow ×10" }
        try await display.press(["s"], in: window)
        _ = try await titled(display, window) { $0 == "host run diagonal" }
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0, "\(host.transcript)")
        let headless = try await runHost(["run", "diagonal", "--slow", "10"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(host.out == headless.out, "\(host.transcript)")
    }

    @Test("H shows a panel over the top-left corner, over the same frame; the rest of the window is unchanged")
    func overlayPanel() async throws {
        let dir = try TempDir("window-overlay")
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let capture = dir.file("overlay.png")
        let host = try Self.start(["diagonal", "--window-capture", "0.2=\(capture)"], on: display, in: dir)
        let window = try await display.hostWindow()
        try await display.press(["h"], in: window)
        try await Task.sleep(nanoseconds: 200_000_000)
        try await display.click(100, 200, in: window, until: capture, of: host)
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0, "\(host.transcript)")
        let frames = dir.file("frames/")
        _ = try await runHost(["run", "diagonal", "--output", frames], pluginFolder: try dir.folder("plugins"), in: dir)
        let panel = (8, 8, 220, 64)
        let outside = try largestDifference(capture, frames + "frame-0012.png", outside: panel)
        #expect((outside ?? 255) <= 2, "outside the panel the window differs from frame 12 by \(outside ?? -1)")
        let inside = try largestDifference(capture, frames + "frame-0012.png", inside: panel)
        #expect((inside ?? 0) > 100, "no panel: inside it the window differs from frame 12 by only \(inside ?? -1)")
    }

    @Test("R replays the transition that plays, from its start; while the scene waits, the one just ended; after the run, the whole run. The same frames at the same times (the captures are written again), and the trace is the run's")
    func replay() async throws {
        let dir = try TempDir("window-replay")
        /// Moves `path` away (to compare with), presses R, and waits until the replay writes it again.
        func replays(_ paths: [String], after keys: [String] = ["r"], in window: String, on display: VirtualDisplay,
                     of host: WatchingHost) async throws {
            for path in paths { try FileManager.default.moveItem(atPath: path, toPath: path + ".before.png") }
            try await display.press(keys, in: window)
            try await Self.waitForFiles(paths, of: host)
            // The capture is written mid-replay; keys pressed before the replay ends are the
            // replay's (Escape then goes nowhere), so the next step waits for its end.
            _ = try await titled(display, window) { !$0.contains("replaying") }
            for path in paths {
                let difference = try largestDifference(path, path + ".before.png")
                #expect((difference ?? 255) <= 2, "the replay's \(path) differs from the run's by \(difference ?? -1)")
                try FileManager.default.removeItem(atPath: path + ".before.png")
            }
        }

        // While a transition plays (slowed: the presentation lasts 5 s), R goes back to its start.
        do {
            let display = try await VirtualDisplay.start(in: dir)
            defer { display.stop() }
            let early = dir.file("early.png")
            let host = try Self.start(["diagonal", "--slow", "10", "--window-capture", "0.1=\(early)"], on: display, in: dir)
            let window = try await display.hostWindow()
            try await display.click(100, 200, in: window, until: early, of: host)
            try await replays([early], in: window, on: display, of: host)
            try await display.press(["q"], in: window)
            let end = try await host.exit()
            #expect(end.status == 0, "\(host.transcript)")
            let headless = try await runHost(["run", "diagonal", "--slow", "10"], pluginFolder: try dir.folder("plugins"), in: dir)
            #expect(host.out == headless.out, "R changed the trace:\n\(host.transcript)")
        }

        // While the scene waits to go back, R replays the presentation; after the run, R
        // replays it all, presentation and dismissal, and the window holds its last frame again.
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let (presenting, presented, dismissing) = (dir.file("presenting.png"), dir.file("presented.png"), dir.file("dismissing.png"))
        let host = try Self.start(["diagonal", "--window-capture", "0.2=\(presenting)", "--window-capture", "0.5=\(presented)",
                                   "--window-capture", "0.7=\(dismissing)"], on: display, in: dir)
        let window = try await display.hostWindow()
        try await display.click(100, 200, in: window, until: presented, of: host)
        try await replays([presenting], in: window, on: display, of: host)
        try await display.press(["Escape"], in: window)
        try await Self.waitForFiles([dismissing], of: host)
        _ = try await titled(display, window) { $0 == "host run diagonal · ended: R replays, Q closes" }
        try await replays([presenting, presented, dismissing], in: window, on: display, of: host)
        _ = try await titled(display, window) { $0 == "host run diagonal · ended: R replays, Q closes" }
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0, "\(host.transcript)")
        let headless = try await runHost(["run", "diagonal"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(host.out == headless.out, "R changed the trace:\n\(host.transcript)")
    }

    @Test("--watch: a rebuilt plugin renamed into the folder replays at once in the same window, with its own frames; a broken one is a notice over the window while the version before plays again")
    func watchReplaysInTheWindow() async throws {
        let dir = try TempDir("window-watch")
        let plugins = try dir.folder("plugins")
        // Version 2 lasts three times as long: at 0.2 s its screen has come a third as far.
        try await compileC(watchFixture("v1", duration: 0.25), to: "plugins/fx.so", in: dir)
        try await compileC(watchFixture("v2", duration: 0.75), to: "v2.so", in: dir)
        try dir.write("broken.so", bytes: Array("this is not a shared library\n".utf8))
        // What the headless renderer draws of each version at 0.2 s (frame 12).
        var references: [String] = []
        for (version, source) in [("v1", "plugins/fx.so"), ("v2", "v2.so")] {
            _ = try dir.folder("reference-\(version)")
            try FileManager.default.copyItem(atPath: dir.file(source), toPath: dir.file("reference-\(version)/fx.so"))
            let frames = dir.file("frames-\(version)/")
            let headless = try await runHost(["run", "fx", "--output", frames], pluginFolder: dir.file("reference-\(version)"), in: dir)
            #expect(headless.status == 0, "\(headless)")
            references.append(frames + "frame-0012.png")
        }

        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let capture = dir.file("capture.png")
        let host = try WatchingHost(["run", "fx", "--window", "--watch", "--window-capture", "0.2=\(capture)"],
                                    pluginFolder: plugins, temporary: try dir.folder("tmp"), in: dir,
                                    environment: ["DISPLAY": display.name])
        let window = try await display.hostWindow()
        try await display.click(100, 200, in: window, until: capture, of: host)
        let shown = [dir.file("shown-v1.png"), dir.file("shown-v2.png"), dir.file("shown-after-broken.png")]
        try FileManager.default.moveItem(atPath: capture, toPath: shown[0])

        // Rebuilt elsewhere and renamed in, as a build does: the replay starts by itself.
        rename(dir.file("v2.so"), dir.file("plugins/fx.so"))
        try await Self.waitForFiles([capture], of: host)
        try FileManager.default.moveItem(atPath: capture, toPath: shown[1])
        try await host.wait(for: "the replay's header") { out, _ in out.contains("replay 1: \(plugins)/fx.so replaced: loaded fixture.e2e") }
        _ = try await titled(display, window) { $0.hasPrefix("host run fx · replay 1") }

        rename(dir.file("broken.so"), dir.file("plugins/fx.so"))
        try await Self.waitForFiles([capture], of: host)
        try FileManager.default.moveItem(atPath: capture, toPath: shown[2])
        try await host.wait(for: "the refusal") { out, _ in
            out.contains("replay 2: \(plugins)/fx.so refused: not an ELF shared library") && out.contains("still running fixture.e2e")
        }
        #expect(try await display.hostWindow() == window, "the replays opened another window")
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0 && !end.crashed, "\(host.transcript)")
        #expect(host.out.components(separatedBy: "fixture v2").count - 1 == 4, "both transitions of both replays ran version 2:\n\(host.transcript)")

        let v1 = try largestDifference(shown[0], references[0]), v2 = try largestDifference(shown[1], references[1])
        #expect((v1 ?? 255) <= 2, "the first run differs from version 1's frame by \(v1 ?? -1)")
        #expect((v2 ?? 255) <= 2, "the replay differs from version 2's frame by \(v2 ?? -1)")
        let versions = try largestDifference(references[0], references[1])
        #expect((versions ?? 0) > 100, "the two versions' frames are too alike to tell apart: \(versions ?? -1)")
        // The notice covers the bottom of the window; above it, version 2 as before.
        let notice = (0, 844 - 260, 390, 260)
        let above = try largestDifference(shown[2], shown[1], outside: notice)
        #expect((above ?? 255) <= 2, "above the notice, the replay after the broken file differs from version 2 by \(above ?? -1)")
        let inside = try largestDifference(shown[2], shown[1], inside: notice)
        #expect((inside ?? 0) > 100, "no notice: the bottom of the window differs by only \(inside ?? -1)")
    }

    @Test("a drag from the left edge with --interactive edge-pop reaches the plugin's interaction controller as a screen-edge pan, in points with real velocities: released past the middle it pops, released early it cancels")
    func edgePanReachesThePluginController() async throws {
        let dir = try TempDir("window-edge-pop")
        for (to, pops) in [(300, true), (80, false)] {
            let display = try await VirtualDisplay.start(in: dir)
            defer { display.stop() }
            // No --gesture: the pointer is the gesture. The pop waits for the user.
            let host = try Self.start(["slide", "--pop", "--interactive", "edge-pop"], on: display, in: dir)
            let window = try await display.hostWindow()
            try await takesInput(display, window, of: host)
            try await display.drag(from: 2, to: to, y: 400, hold: 0.4, in: window)
            try await Task.sleep(nanoseconds: 900_000_000)
            try await display.press(["q"], in: window)
            let end = try await host.exit()
            #expect(end.status == 0, "\(host.transcript)")
            let out = host.out
            #expect(out.contains("edge-pop:edge-pop.startInteractiveTransition"), "\(host.transcript)")
            #expect(out.contains("gesture.began(translation: ") && out.contains("gesture.changed(translation: "), "\(host.transcript)")
            // The release: where the pointer let go, still for 0.4 s, so no velocity.
            #expect(out.contains("gesture.ended(translation: \(to - 2)pt 0pt, velocity: 0pt/s 0pt/s)"), "\(host.transcript)")
            // Moving, the velocity was real: 20 points every 30 ms or so, hundreds of points a second.
            let moving = out.split(separator: "\n").filter { $0.contains("gesture.changed(") && !$0.contains("velocity: 0pt/s") }
            #expect(!moving.isEmpty, "no changed event carried a velocity:\n\(host.transcript)")
            if pops {
                #expect(out.contains("Pop: completed by slide:slide"), "\(host.transcript)")
            } else {
                #expect(out.contains("Pop: cancelled by its gesture, as asked"), "\(host.transcript)")
            }
        }
    }

    @Test("released, the host's interaction plays its tail at --completion-speed")
    func releaseTailAtCompletionSpeed() async throws {
        let dir = try TempDir("window-tail")
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let presented = dir.file("presented.png")
        let host = try Self.start(["diagonal", "--completion-speed", "4", "--window-capture", "0.5=\(presented)"], on: display, in: dir)
        let window = try await display.hostWindow()
        try await display.click(100, 200, in: window, until: presented, of: host)
        try await Task.sleep(nanoseconds: 300_000_000)
        try await display.drag(from: 2, to: 300, y: 400, hold: 0.4, in: window)
        try await Task.sleep(nanoseconds: 900_000_000)
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0, "\(host.transcript)")
        let lines = TraceLine.parse(host.out)
        let finish = try #require(lines.firstIndex { $0.text.hasPrefix("interaction.finish(at: ") }, "\(host.transcript)")
        let progress = try #require(Double(lines[finish].text.dropFirst("interaction.finish(at: ".count).dropLast()))
        let completed = try #require(lines[finish...].first { $0.text == "context.completeTransition(true)" }, "\(host.transcript)")
        // diagonal lasts 0.5 s: the rest of it, four times as fast, to the frame.
        let tail = completed.time - lines[finish].time, expected = (1 - progress) * 0.5 / 4
        #expect(abs(tail - expected) <= 1.0 / 60 + 1e-3, "the tail took \(tail) s, not \(expected) s:\n\(host.transcript)")
    }

    @Test("a drag elsewhere is a pan for the host's percent-driven interaction: flicked, it finishes short of the middle, with the flick's own velocity")
    func flickedPanFinishes() async throws {
        let dir = try TempDir("window-pan")
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let presented = dir.file("presented.png")
        let host = try Self.start(["diagonal", "--window-capture", "0.5=\(presented)"], on: display, in: dir)
        let window = try await display.hostWindow()
        try await display.click(100, 200, in: window, until: presented, of: host)
        try await Task.sleep(nanoseconds: 300_000_000)
        // 120 points right in 90 ms, from the middle of the screen, released at once: a flick.
        var flick = ["mousemove", "--window", window, "100", "400", "mousedown", "1"]
        for x in [140, 180, 220] { flick += ["sleep", "0.03", "mousemove", "--window", window, "\(x)", "400"] }
        try await display.xdotool(flick + ["mouseup", "1"])
        try await Task.sleep(nanoseconds: 900_000_000)
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0, "\(host.transcript)")
        let finish = try #require(host.out.split(separator: "\n").first { $0.contains("interaction.finish(at: ") }, "\(host.transcript)")
        let at = Double(finish.split(separator: "(at: ").last?.dropLast() ?? "")
        #expect(at.map { $0 > 0.1 && $0 < 0.5 } == true, "finished at \(at ?? -1), not short of the middle:\n\(host.transcript)")
        #expect(host.out.contains("Dismiss: completed by diagonal:diagonal"), "\(host.transcript)")
    }

    @Test("a Ctrl-drag toward the centre, or the wheel turned down, is a closing pinch that --interactive-dismiss pinch-dismiss reads: it dismisses")
    func pinchesReachThePluginController() async throws {
        let dir = try TempDir("window-pinch")
        for how in ["ctrl-drag", "wheel"] {
            let display = try await VirtualDisplay.start(in: dir)
            defer { display.stop() }
            let presented = dir.file("presented-\(how).png")
            let host = try Self.start(["diagonal", "--interactive-dismiss", "pinch-dismiss", "--window-capture", "0.5=\(presented)"],
                                      on: display, in: dir)
            let window = try await display.hostWindow()
            try await display.click(100, 200, in: window, until: presented, of: host)
            try await Task.sleep(nanoseconds: 300_000_000)
            if how == "ctrl-drag" {
                // From a corner toward the window's centre (195, 422): the pinch closes.
                var drag = ["windowfocus", "--sync", window, "mousemove", "--window", window, "345", "772", "keydown", "ctrl", "mousedown", "1"]
                for step in 1...6 { drag += ["sleep", "0.03", "mousemove", "--window", window, "\(345 - 20 * step)", "\(772 - 47 * step)"] }
                try await display.xdotool(drag + ["mouseup", "1", "keyup", "ctrl"])
            } else {
                try await display.xdotool(["mousemove", "--window", window, "195", "422", "click", "--repeat", "4", "--delay", "30", "5"])
            }
            try await Task.sleep(nanoseconds: 1_200_000_000)
            try await display.press(["q"], in: window)
            let end = try await host.exit()
            #expect(end.status == 0, "\(how): \(host.transcript)")
            let out = host.out
            #expect(out.contains("pinch-dismiss:pinch-dismiss.startInteractiveTransition"), "\(how): \(host.transcript)")
            #expect(out.contains("gesture.began(scale: ") && out.contains("gesture.ended(scale: 0."), "\(how): \(host.transcript)")
            #expect(out.contains("Dismiss: completed by diagonal:diagonal"), "\(how): \(host.transcript)")
        }
    }

    @Test("--window --watch ends at Ctrl-C with status 130, the watch's 'stopped' line, and no private copies left")
    func watchInterrupted() async throws {
        let dir = try TempDir("window-watch-int")
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let temporary = try dir.folder("tmp")
        let host = try WatchingHost(["run", "diagonal", "--window", "--watch"], pluginFolder: try dir.folder("plugins"),
                                    temporary: temporary, in: dir, environment: ["DISPLAY": display.name])
        let window = try await display.hostWindow()
        try await takesInput(display, window, of: host)
        kill(host.process.processIdentifier, SIGINT)
        let end = try await host.exit()
        #expect(end.status == 130 && !end.crashed, "\(host.transcript)")
        #expect(host.out.hasSuffix("stopped\n"), "\(host.transcript)")
        #expect(reloadFolders(in: temporary).isEmpty, "private copies left behind: \(reloadFolders(in: temporary))")
    }

    /// Waits until a window that has only just appeared takes input (its first events may be
    /// lost): S, which says "slow ×10" in the title, is pressed until it does, then again.
    func takesInput(_ display: VirtualDisplay, _ window: String, of host: WatchingHost) async throws {
        for _ in 0..<10 {
            try await display.press(["s"], in: window)
            for _ in 0..<20 {
                if try await display.title(of: window).contains("slow ×10") {
                    try await display.press(["s"], in: window)
                    _ = try await titled(display, window) { !$0.contains("slow") }
                    return
                }
                try await Task.sleep(nanoseconds: 50_000_000)
            }
        }
        throw ChildProcessFailure(description: "the window never took a key:\n\(host.transcript)")
    }

    /// The window's title once `condition` holds of it, polled for up to 15 s (a title is set
    /// when the window next reads its events, which a suite running beside it on two cores
    /// has delayed past 5 s); records an issue if it never does.
    func titled(_ display: VirtualDisplay, _ window: String, _ condition: (String) -> Bool) async throws -> String {
        var title = ""
        for _ in 0..<150 {
            title = try await display.title(of: window)
            if condition(title) { return title }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        Issue.record("the title is still '\(title)'")
        return title
    }

    @Test("on a 1280 × 720 screen the 844-point window shrinks to fit (332 × 720 pixels), and a click, in its own pixels, still presents")
    func windowFitsASmallScreen() async throws {
        let dir = try TempDir("window-fits")
        let display = try await VirtualDisplay.start(in: dir, screen: "1280x720")
        defer { display.stop() }
        let before = dir.file("before.png"), after = dir.file("after.png")
        let host = try Self.start(["diagonal", "--window-capture", "0=\(before)", "--window-capture", "0.5=\(after)"], on: display, in: dir)
        let window = try await display.hostWindow()
        try await takesInput(display, window, of: host)
        let geometry = try await display.xdotool(["getwindowgeometry", "--shell", window]).out
        #expect(geometry.contains("WIDTH=332") && geometry.contains("HEIGHT=720"), "\(geometry)")
        try await display.click(166, 300, in: window, until: after, of: host)
        try await display.press(["Escape"], in: window)
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0 && host.out.contains("Present: completed by diagonal:diagonal"), "\(host.transcript)")
        let picture = try CairoImage.readPNG(after)
        #expect(picture.width == 332 && picture.height == 720)
        #expect((try largestDifference(before, after) ?? 0) > 50, "the click did not present")
    }

    @Test("host list and a JSON run never load SDL; --window loads it")
    func sdlOnlyForTheWindow() async throws {
        let dir = try TempDir("window-sdl")
        let plugins = try dir.folder("plugins")
        for arguments in [["list"], ["run", "diagonal", "--format", "json"]] {
            let result = try await runHost(arguments, pluginFolder: plugins, in: dir, environment: ["LD_DEBUG": "libs"])
            #expect(result.status == 0, "\(result)")
            #expect(result.err.contains("libswiftCore"), "LD_DEBUG said nothing: \(result.err.prefix(400))")
            #expect(!result.err.contains("libSDL2"), "`host \(arguments.joined(separator: " "))` loaded SDL")
        }
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let host = try WatchingHost(["run", "diagonal", "--window"], pluginFolder: plugins, temporary: try dir.folder("tmp"),
                                    in: dir, environment: ["DISPLAY": display.name, "LD_DEBUG": "libs"])
        let window = try await display.hostWindow()
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0, "\(host.transcript.suffix(2000))")
        #expect(host.err.contains("libSDL2-2.0.so.0"))
    }
}
