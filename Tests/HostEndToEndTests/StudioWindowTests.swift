import Foundation
import Rendering
import Testing

// `host studio`, driven as a designer would: keys in a real window under Xvfb (xdotool), each
// change replayed at once, and the line it copies run outside the studio.
extension LiveWindowTests {
    /// `host studio ARGUMENTS` in a window on `display`, once the window takes keys.
    func startStudio(_ arguments: [String], on display: VirtualDisplay, in dir: TempDir) async throws -> (WatchingHost, String) {
        let host = try WatchingHost(arguments, pluginFolder: try dir.folder("plugins"), temporary: try dir.folder("tmp"),
                                    in: dir, environment: ["DISPLAY": display.name])
        let window = try await display.hostWindow(named: "^host studio")
        try await takesInput(display, window, of: host)
        return (host, window)
    }

    /// Presses `keys` and photographs the window to `path` once what they draw is on screen:
    /// once `region` (x, y, width, height in the window's pixels) differs from `before`, a
    /// photograph taken just before, by more than `by`. Polled for up to 10 s: the window draws
    /// the change when it next reads its events, which a busy machine delays.
    func press(_ keys: [String], _ display: VirtualDisplay, _ window: String, until region: (Int, Int, Int, Int), differsFrom before: String,
               by threshold: Int = 100, photographedTo path: String) async throws {
        try await display.press(keys, in: window)
        for _ in 0..<100 {
            try await display.screenshot(of: window, to: path)
            if (try largestDifference(before, path, inside: region) ?? 0) > threshold { return }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
        Issue.record("\(keys) changed nothing in \(region) within 10 s")
    }

    /// Plays the whole run as a user would: a click at (`x`, `y`) presents, then Escape,
    /// pressed until the window's title says the run has ended (Escape dismisses only once the
    /// presentation has ended and the scene waits again, however slow the machine).
    func playToTheEnd(_ display: VirtualDisplay, _ window: String, clickingAt x: Int, _ y: Int) async throws {
        try await display.click(x, y, in: window)
        for _ in 0..<40 where !(try await display.title(of: window)).contains("ended") {
            try await display.press(["Escape"], in: window)
            try await Task.sleep(nanoseconds: 500_000_000)
        }
    }

    /// H, once the panel (over the top-right corner, `inset` points in) is gone from the window.
    func hidePanel(_ display: VirtualDisplay, _ window: String, shown: String, inset: Int = 0, to path: String) async throws {
        try await press(["h"], display, window, until: (150 + inset, 10 + inset, 230, 150), differsFrom: shown, photographedTo: path)
    }

    @Test("host studio: each key replays at once with what it changed, C copies the line that plays it, Q closes (exit 0)")
    func studioReplaysEachChange() async throws {
        let dir = try TempDir("studio")
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let (host, window) = try await startStudio(["studio", "diagonal"], on: display, in: dir)
        #expect(try await titled(display, window) { $0.hasPrefix("host studio: diagonal, modal") }.hasPrefix("host studio"))
        // The panel shows over the top-right corner; H hides it.
        let shown = dir.file("panel.png"), hidden = dir.file("no-panel.png")
        try await display.screenshot(of: window, to: shown)
        try await hidePanel(display, window, shown: shown, to: hidden)
        #expect((try largestDifference(shown, hidden, inside: (0, 400, 390, 440)) ?? 255) <= 2, "H changed the scene under the panel")
        try await display.press(["h"], in: window)

        func replays(_ keys: [String], as line: String) async throws {
            try await display.press(keys, in: window)
            try await host.wait(for: "the replay '\(line)'") { out, _ in out.contains(line + "\n") }
        }
        // The first row is corner (an enum): = is its next choice. Tab, then - : duration steps
        // down a twentieth of 0.05 … 5 s, onto the grid from 0.05 (0.5 lies between 0.2975 and 0.545).
        try await replays(["equal"], as: "── run 1: host run diagonal --param corner=bottom-left")
        try await replays(["Tab", "minus"], as: "── run 2: host run diagonal --param corner=bottom-left --param duration=0.2975")
        try await replays(["0"], as: "── run 3: host run diagonal")
        try await replays(["p"], as: "── run 4: host run diagonal --presentation card-sheet")
        try await display.press(["c"], in: window)
        try await host.wait(for: "the copied line") { out, _ in out.contains("copied: host run diagonal --presentation card-sheet") }
        // ] picks the next animator: another effect, its controller kept.
        try await display.press(["bracketright"], in: window)
        try await host.wait(for: "the next animator's replay") { out, _ in out.contains("── run 5: host run ") && out.hasSuffix("\n") }
        #expect(!host.out.contains("── run 5: host run diagonal") && host.out.contains("--presentation card-sheet\n"), "\(host.transcript)")
        // K: the first curve for every animation; T writes it for other platforms.
        try await display.press(["k"], in: window)
        try await host.wait(for: "the replay with a curve") { out, _ in out.contains("── run 6: ") && out.contains("--curve linear\n") }
        try await display.press(["t"], in: window)
        try await host.wait(for: "the tuner's lines") { out, _ in out.contains("tune: linear over ") && out.contains("  CSS: cubic-bezier(0, 0, 1, 1) ") }
        // Shift-S: the speed, twice as slow, in the line; the window's own S is not the studio's.
        try await display.press(["shift+s"], in: window)
        try await host.wait(for: "the replay at half speed") { out, _ in out.contains("── run 7: ") && out.contains("--curve linear --slow 2\n") }
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0 && !end.crashed, "\(host.transcript)")
        // Each run says what it plays and where that comes from, ends and says how; Tab picked a
        // row and played nothing.
        #expect(host.out.contains("── run 0: host run diagonal\n   diagonal:diagonal — Diagonal, animator, from diagonal 1.0.0 ("),
                "\(host.transcript)")
        #expect(host.out.components(separatedBy: "s of virtual time; OK").count - 1 >= 7, "\(host.transcript)")
        #expect(!host.out.contains("── run 8"), "\(host.transcript)")

        // The copied line plays outside the studio, clean.
        let copied = try await runHost(["run", "diagonal", "--presentation", "card-sheet"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(copied.status == 0, "\(copied)")
    }

    @Test("host studio: once the run has ended, a press on the timeline shows the run's frame at that point, the title saying its time")
    func studioTimelineScrubs() async throws {
        let dir = try TempDir("studio-timeline")
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let (host, window) = try await startStudio(["studio", "diagonal"], on: display, in: dir)
        try await playToTheEnd(display, window, clickingAt: 100, 400)
        _ = try await titled(display, window) { $0.contains("ended") }
        // The track runs from 14 to 376 pt: 104 pt is a quarter of the way, 0.25 s of the 1 s run.
        try await display.xdotool(["mousemove", "--window", window, "104", "824", "mousedown", "1", "mouseup", "1"])
        let title = try await titled(display, window) { $0.contains(" at 0.250 s") }
        #expect(title.contains("at 0.250 s"), "\(title)")
        let shot = dir.file("scrubbed.png"), graphed = dir.file("graphed.png")
        try await display.screenshot(of: window, to: shot)
        // G: the curves of what the run animated (diagonal: the detail's position), over the
        // timeline, in the 46 points above it; the scene above them unchanged.
        try await press(["g"], display, window, until: (20, 766, 350, 40), differsFrom: shot, by: 50, photographedTo: graphed)
        #expect((try largestDifference(shot, graphed, inside: (20, 766, 350, 40)) ?? 0) > 50, "G drew no curves")
        #expect((try largestDifference(shot, graphed, inside: (0, 140, 390, 600)) ?? 255) <= 2, "G changed the scene")
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0 && host.out.contains("Dismiss: completed by diagonal:diagonal"), "\(host.transcript)")
        // Frame 15 of the same run drawn headless, between the panel (ten lines) and the timeline.
        let frames = dir.file("frames/")
        let headless = try await runHost(["run", "diagonal", "--output", frames], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(headless.status == 0, "\(headless)")
        let difference = try largestDifference(shot, frames + "frame-0015.png", inside: (0, 190, 390, 590))
        #expect((difference ?? 255) <= 2, "the scrubbed window differs from frame 15 by \(difference ?? -1)")
    }

    @Test("host studio: dragging cube's perspective slider on the panel replays once, at the value where it was let go")
    func studioSliderReplays() async throws {
        let dir = try TempDir("studio-slider")
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let (host, window) = try await startStudio(["studio", "cube"], on: display, in: dir)
        // The perspective row is the panel's sixth line (y 96 to 112); its slider runs from 140
        // to 374 pt. Let go at 300 pt: 68 % of 150 … 5000 pt.
        try await display.xdotool(["mousemove", "--window", window, "150", "104", "mousedown", "1", "mousemove", "--window", window, "220", "104",
                                   "mousemove", "--window", window, "300", "104", "mouseup", "1"])
        try await host.wait(for: "the replay at the slider's value") { out, _ in out.contains("── run 1: host run cube --param perspective=3448\n") }
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0 && !host.out.contains("── run 2"), "one replay, at the release: \(host.transcript)")
    }

    @Test("host studio: an animator played in a flow it does not declare says that the standard style played it")
    func studioSaysWhatPlayedInstead() async throws {
        let dir = try TempDir("studio-undeclared")
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        // parallax-slide declares push and pop; the studio opens on the modal flow.
        let (host, window) = try await startStudio(["studio", "parallax-slide"], on: display, in: dir)
        try await playToTheEnd(display, window, clickingAt: 200, 400)
        try await host.wait(for: "the run's summary") { out, _ in out.contains(" s of virtual time; OK\n") }
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0, "\(host.transcript)")
        for kind in ["present", "dismiss"] {
            #expect(host.out.contains("note: edge-pop:parallax-slide declares no \(kind) (only push, pop), so the standard cover-vertical played it\n"),
                    "\(host.transcript)")
        }
    }

    @Test("host studio: B sets what plays beside what the keys make next, side by side in lockstep; B again, one run")
    func studioComparesSideBySide() async throws {
        let dir = try TempDir("studio-ab")
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let (host, window) = try await startStudio(["studio", "diagonal"], on: display, in: dir)
        try await display.press(["b"], in: window)
        try await host.wait(for: "the A/B") { out, _ in out.contains("── run 1: A/B: host run diagonal | host run diagonal\n") }
        try await display.press(["bracketright"], in: window)
        try await host.wait(for: "A beside the next animator") { out, _ in out.contains("── run 2: A/B: host run diagonal | host run ") && out.contains("\nB: ") }
        let line = host.out.components(separatedBy: "\n").first { $0.hasPrefix("── run 2: A/B: ") } ?? ""
        #expect(!line.hasSuffix("| host run diagonal"), "B is still diagonal: \(line)")
        _ = try await titled(display, window) { $0.contains("A/B") && $0.contains("ended") }
        // Both runs end on the presenter: its halves show the same pixels, each fitted into 193 pt
        // beside the other (the labels above them, the panel over the right one's top, left out).
        let shot = dir.file("ab.png")
        try await display.xdotool(["mousemove", "--window", window, "385", "835"])  // the pointer off the halves
        try await display.screenshot(of: window, to: shot)
        let picture = try CairoImage.readPNG(shot)
        var largest = 0, inked = 0
        picture.withPixels { p in
            for y in 260..<620 {
                for x in 0..<190 {
                    let u = p[y * picture.stride / 4 + x], v = p[y * picture.stride / 4 + x + 197]
                    for shift in [0, 8, 16] {
                        largest = max(largest, abs(Int((u >> UInt32(shift)) & 0xFF) - Int((v >> UInt32(shift)) & 0xFF)))
                    }
                    if u & 0xFFFFFF != 0 { inked += 1 }
                }
            }
        }
        #expect(inked > 10_000 && largest <= 2, "the halves differ by \(largest) (\(inked) pixels drawn)")
        try await display.press(["b"], in: window)
        try await host.wait(for: "one run again") { out, _ in out.contains("── run 3: host run ") }
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0 && !end.crashed, "\(host.transcript)")
    }

    @Test("host studio marks a gesture's touches: a Ctrl-drag's pinch shows the pointer and its mirror through the centre as rings")
    func studioMarksTouches() async throws {
        let dir = try TempDir("studio-touches")
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let (host, window) = try await startStudio(["studio", "diagonal"], on: display, in: dir)
        // Held at (300, 600) after a Ctrl-drag from (330, 640): its mirror is at (90, 244).
        try await display.xdotool(["mousemove", "--window", window, "330", "640", "keydown", "ctrl", "mousedown", "1"])
        for step in 1...6 {
            try await display.xdotool(["mousemove", "--window", window, "\(330 - 5 * step)", "\(640 - 20 * step / 3)"])
            try await Task.sleep(nanoseconds: 40_000_000)
        }
        try await display.xdotool(["mousemove", "--window", window, "300", "600"])
        let shot = dir.file("touches.png")
        // A ring of radius 16 around each touch: its pixels differ from those 5 pt further out.
        func rings(at cx: Int, _ cy: Int, in picture: CairoImage) -> Int {
            var differing = 0
            picture.withPixels { p in
                for angle in stride(from: 0.0, to: 2 * Double.pi, by: Double.pi / 4) {
                    func pixel(_ r: Double) -> UInt32 {
                        let x: Int = cx + Int((r * cos(angle)).rounded())
                        let y: Int = cy + Int((r * sin(angle)).rounded())
                        return p[y * picture.stride / 4 + x]
                    }
                    func channel(_ value: UInt32, _ shift: UInt32) -> Int { Int((value >> shift) & 0xFF) }
                    let (on, off) = (pixel(16), pixel(21))
                    var gap = 0
                    for shift: UInt32 in [0, 8, 16] { gap = max(gap, abs(channel(on, shift) - channel(off, shift))) }
                    if gap > 20 { differing += 1 }
                }
            }
            return differing
        }
        // Held still, the transition goes on making frames; a busy machine may take a while to
        // show the first with the pointer there: looked at again for up to 6 s.
        var found = (0, 0)
        for _ in 0..<20 {
            try await Task.sleep(nanoseconds: 300_000_000)
            try await display.screenshot(of: window, to: shot)
            let picture = try CairoImage.readPNG(shot)
            found = (rings(at: 300, 600, in: picture), rings(at: 90, 244, in: picture))
            if found.0 >= 6 && found.1 >= 6 { break }
        }
        try await display.xdotool(["mouseup", "1", "keyup", "ctrl"])
        #expect(found.0 >= 6 && found.1 >= 6, "rings: \(found.0) and \(found.1) of 8")
        try await display.press(["q"], in: window)
        _ = try await host.exit()
    }

    @Test("host studio --scale 2 opens a window twice the scene's size, where a click still lands in points; --scene plays a scene file's flow")
    func studioScaleAndScene() async throws {
        let dir = try TempDir("studio-scale")
        let display = try await VirtualDisplay.start(in: dir, screen: "1024x1800")
        defer { display.stop() }
        let (host, window) = try await startStudio(["studio", "diagonal", "--scale", "2"], on: display, in: dir)
        let geometry = try await display.xdotool(["getwindowgeometry", "--shell", window]).out
        #expect(geometry.contains("WIDTH=780") && geometry.contains("HEIGHT=1688"), "\(geometry)")
        // The summary comes at the run's end: a click (the present), then Escape (the dismissal).
        try await display.click(200, 800, in: window)
        for _ in 0..<40 where !host.out.contains("Present: completed") {
            try await Task.sleep(nanoseconds: 500_000_000)
            try await display.press(["Escape"], in: window)
        }
        #expect(host.out.contains("Present: completed by diagonal:diagonal"), "\(host.transcript)")
        try await display.press(["q"], in: window)
        _ = try await host.exit()

        let (photos, second) = try await startStudio(["studio", "diagonal", "--scene", "photos"], on: display, in: dir)
        // A navigation scene: F goes from its push to its pop and back, never to a modal flow.
        try await display.press(["f"], in: second)
        try await photos.wait(for: "the photos scene's pop") { out, _ in out.contains("── run 1: host run diagonal --scene photos --pop\n") }
        try await display.press(["f"], in: second)
        try await photos.wait(for: "the photos scene's push again") { out, _ in out.contains("── run 2: host run diagonal --scene photos\n") }
        try await display.press(["q"], in: second)
        let end = try await photos.exit()
        #expect(end.status == 0 && photos.out.contains("── run 0: host run diagonal --scene photos\n") && photos.out.contains("Push: completed"),
                "\(photos.transcript)")
        #expect(!photos.out.contains("error"), "\(photos.transcript)")
        let small = try await runHost(["studio", "--scale", "0.1"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(small.status == 64 && small.err.contains("--scale must be a factor from 0.25 to 4, not 0.1"), "\(small)")
    }

    @Test("host studio --device-frame: a phone's body 14 pt wide around the screen, the screen's pixels as without it, the pointer in the screen's points")
    func studioDeviceFrame() async throws {
        let dir = try TempDir("studio-frame")
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let (bare, first) = try await startStudio(["studio", "diagonal"], on: display, in: dir)
        let plain = dir.file("bare.png"), withPanel = dir.file("bare-panel.png")
        try await display.screenshot(of: first, to: withPanel)
        try await hidePanel(display, first, shown: withPanel, to: plain)
        try await display.press(["q"], in: first)
        _ = try await bare.exit()

        let (host, window) = try await startStudio(["studio", "diagonal", "--device-frame"], on: display, in: dir)
        let geometry = try await display.xdotool(["getwindowgeometry", "--shell", window]).out
        #expect(geometry.contains("WIDTH=418") && geometry.contains("HEIGHT=872"), "\(geometry)")
        let framedShot = dir.file("framed.png"), framedPanel = dir.file("framed-panel.png")
        try await display.screenshot(of: window, to: framedPanel)
        try await hidePanel(display, window, shown: framedPanel, inset: 14, to: framedShot)
        let (screen, framed) = (try CairoImage.readPNG(plain), try CairoImage.readPNG(framedShot))
        func rgb(_ image: CairoImage, _ x: Int, _ y: Int) -> [Int] {
            image.withPixels { p in let v = p[y * image.stride / 4 + x]; return [16, 8, 0].map { Int((v >> UInt32($0)) & 0xFF) } }
        }
        // Every 7th point of the scene at rest, panel hidden, timeline left out: the same pixel 14 pt in.
        var worst = 0
        for y in stride(from: 0, to: 800, by: 7) {
            for x in stride(from: 0, to: 390, by: 7) {
                worst = max(worst, zip(rgb(screen, x, y), rgb(framed, x + 14, y + 14)).map { abs($0 - $1) }.max()!)
            }
        }
        #expect(worst <= 2, "the screen inside the frame differs from the bare window by \(worst)")
        // The body: black beside the screen, a lighter metal rim at its edge, the desk beyond its corners.
        #expect(rgb(framed, 8, 436) == [0, 0, 0] && rgb(framed, 1, 436).allSatisfy { $0 >= 80 }, "\(rgb(framed, 8, 436)) \(rgb(framed, 1, 436))")
        #expect(rgb(framed, 0, 0).allSatisfy { $0 >= 35 && $0 <= 50 }, "\(rgb(framed, 0, 0))")
        // A click presents (in the window's points: the screen's 200, 500), then Escape.
        try await playToTheEnd(display, window, clickingAt: 214, 514)
        // The pointer is in the screen's points: the timeline's track runs from 14 to 376 pt of
        // the screen, so 104 pt in (118 in the window) is a quarter of the way, 0.25 s.
        try await display.xdotool(["mousemove", "--window", window, "118", "838", "mousedown", "1", "mouseup", "1"])
        let title = try await titled(display, window) { $0.contains(" at 0.250 s") }
        #expect(title.contains("at 0.250 s"), "\(title)")
        try await display.press(["q"], in: window)
        let end = try await host.exit()
        #expect(end.status == 0 && host.out.contains("Present: completed by diagonal:diagonal"), "\(host.transcript)")
        // diagonal declares what it played: no note of a standard style.
        #expect(!host.out.contains("note: "), "\(host.transcript)")
    }

    @Test("host studio on a presentation controller, or an effect that does not exist, says why (exit 2); with no display, exit 3")
    func studioRefuses() async throws {
        let dir = try TempDir("studio-refuses")
        let plugins = try dir.folder("plugins")
        let controller = try await runHost(["studio", "card-sheet"], pluginFolder: plugins, in: dir, environment: ["DISPLAY": ":77"])
        #expect(controller.status == 2 && controller.err.contains("'card-sheet' is a presentation effect; the studio plays animators"),
                "\(controller)")
        let missing = try await runHost(["studio", "diagonall"], pluginFolder: plugins, in: dir, environment: ["DISPLAY": ":77"])
        #expect(missing.status == 2 && missing.err.contains("diagonal"), "\(missing)")
        let noDisplay = try await runHost(["studio"], pluginFolder: plugins, in: dir, environment: ["DISPLAY": ":77"])
        #expect(noDisplay.status == 3 && noDisplay.err.contains("display"), "\(noDisplay)")
    }
}
