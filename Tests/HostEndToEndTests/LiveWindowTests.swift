import Foundation
import Testing

// `host run --window`, driven as a user would: a real X display (Xvfb, started by each test on
// a display number of its own), real input (xdotool), and the window read back
// (--window-capture). Every wait has a deadline.

@Suite("host run --window")
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

    @Test("--window-capture needs --window and takes TIME=PATH.png")
    func captureUsage() async throws {
        let dir = try TempDir("window-usage")
        let plugins = try dir.folder("plugins")
        let alone = try await runHost(["run", "diagonal", "--window-capture", "0.2=a.png"], pluginFolder: plugins, in: dir)
        #expect(alone.status == 64 && alone.err.contains("--window-capture needs --window"), "\(alone)")
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
        var arguments = ["diagonal"]
        for (i, (time, _)) in times.enumerated() { arguments += ["--window-capture", "\(time)=\(captures[i])"] }
        let host = try Self.start(arguments, on: display, in: dir)
        let window = try await display.hostWindow()
        let geometry = try await display.xdotool(["getwindowgeometry", window])
        #expect(geometry.out.contains("Geometry: 390x844"), "\(geometry.out)")
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

    @Test("the window takes run's options: flows, scene files, presentation controllers, parameters, curves, --isolate, --slow")
    func runOptions() async throws {
        let dir = try TempDir("window-options")
        let display = try await VirtualDisplay.start(in: dir)
        defer { display.stop() }
        let plugins = try dir.folder("plugins")
        let runs: [[String]] = [
            ["slide", "--push"], ["--scene", "photos"], ["diagonal", "--tabs", "--isolate"],
            ["slide", "--presentation", "dimming", "--param", "dimming.opacity=0.3", "--curve", "ease-in", "--slow", "2"],
        ]
        for (n, arguments) in runs.enumerated() {
            let capture = dir.file("window-\(n).png")
            let host = try Self.start(arguments + ["--window-capture", "0.25=\(capture)"], on: display, in: dir)
            let window = try await display.hostWindow()
            try await Self.waitForFiles([capture], of: host)
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
