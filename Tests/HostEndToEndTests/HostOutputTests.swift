import CGif
import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif

/// `host run --output PATH` and `host plot` through the real binary: each format written,
/// read back and checked; bad paths and a missing ffmpeg refused with a clear message.
@Suite("host run --output and host plot")
struct HostOutputTests {
    func run(_ arguments: [String], _ label: String, environment: [String: String] = [:]) async throws -> (ProgramResult, TempDir) {
        let dir = try TempDir(label)
        let plugins = try dir.folder("plugins")
        if environment.isEmpty { return (try await runHost(arguments, pluginFolder: plugins, in: dir), dir) }
        let host = try Build.requireHost()
        let result = try await runProgram(host, arguments + ["--plugin-path", plugins],
                                          environment: environment.merging(["HOST_PLUGIN_PATH": "", "XDG_DATA_HOME": dir.path]) { a, _ in a },
                                          outputIn: dir)
        return (result, dir)
    }

    @Test(".gif: giflib reads it back with one frame per frame of the run, 1/fps s each, the ends held 0.5 s, looping")
    func gif() async throws {
        let dir = try TempDir("gif")
        let path = dir.file("diagonal.gif")
        // diagonal lasts 0.5 s each way: at 20 fps, frames at 0, 0.05, …, 1.0.
        let result = try await runHost(["run", "diagonal", "--fps", "20", "--output", path], pluginFolder: try dir.folder("p"), in: dir)
        #expect(result.status == 0, "\(result)")
        #expect(result.err.contains("wrote \(path): animated GIF, 21 frames"), "\(result)")
        #expect(result.out.contains("OK"), "the report is still printed: \(result)")

        var error: Int32 = 0
        let file = try #require(DGifOpenFileName(path, &error), "giflib cannot open it: \(error)")
        defer { DGifCloseFile(file, &error) }
        try #require(DGifSlurp(file) == GIF_OK)
        #expect(file.pointee.SWidth == 390 && file.pointee.SHeight == 844)
        #expect(file.pointee.ImageCount == 21)
        var delays: [Int32] = []
        for i in 0..<file.pointee.ImageCount {
            var control = GraphicsControlBlock()
            if DGifSavedExtensionToGCB(file, i, &control) == GIF_OK { delays.append(control.DelayTime) }
        }
        // 1/fps each; the first and last frames held half a second longer.
        #expect(delays == [55] + Array(repeating: 5, count: 19) + [55])
    }

    @Test(".svg: it parses, and every animation lasts the run's 1 s (2 s with --slow 2)", arguments: [(nil, "1s"), ("2", "2s")])
    func svg(slow: String?, duration: String) async throws {
        let dir = try TempDir("svg")
        let path = dir.file("run.svg")
        let result = try await runHost(["run", "diagonal", "--output", path] + (slow.map { ["--slow", $0] } ?? []),
                                       pluginFolder: try dir.folder("p"), in: dir)
        #expect(result.status == 0, "\(result)")
        let parser = try #require(XMLParser(contentsOf: URL(fileURLWithPath: path)))
        let collector = DurationCollector()
        parser.delegate = collector
        #expect(parser.parse(), "not well-formed: \(String(describing: parser.parserError))")
        #expect(collector.rootName == "svg")
        #expect(!collector.durations.isEmpty)
        #expect(Set(collector.durations) == [duration])
    }

    @Test(".png is a filmstrip; a folder gets one numbered PNG per frame; .json the timeline")
    func pngAndJSON() async throws {
        let dir = try TempDir("png")
        let (strip, folder, json) = (dir.file("strip.png"), dir.file("frames") + "/", dir.file("timeline.json"))
        for output in [strip, folder, json] {
            let result = try await runHost(["run", "diagonal", "--output", output], pluginFolder: try dir.folder("p"), in: dir)
            #expect(result.status == 0, "\(result)")
        }
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: strip)).prefix(4)) == signature)
        let frames = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(frames.count == 61 && frames.first == "frame-0000.png" && frames.last == "frame-0060.png", "\(frames)")

        let timeline = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        let all = try #require(timeline["frames"] as? [[String: Any]])
        #expect(all.count == 61)
        let layers = try #require(all[30]["layers"] as? [[String: Any]])
        #expect(layers.contains { $0["text"] as? String == "Blue Lagoon" }, "the detail screen's title is on screen at 0.5 s")
    }

    @Test("an extension we do not write is bad usage, before anything runs")
    func unknownExtension() async throws {
        let (result, _) = try await run(["run", "diagonal", "--output", "x.bmp"], "bmp")
        #expect(result.status == 64, "\(result)")
        #expect(result.err.contains(".gif") && result.err.contains(".svg"), "\(result)")
    }

    @Test(".mp4 without ffmpeg: exit 3 and a message naming the Debian package")
    func missingFFmpeg() async throws {
        let (result, dir) = try await run(["run", "diagonal", "--output", "x.mp4"], "mp4", environment: ["PATH": "/nonexistent"])
        #expect(result.status == 3, "\(result)")
        #expect(result.err.contains("needs ffmpeg") && result.err.contains("apt-get install ffmpeg"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("x.mp4")))
    }

    /// Scripts/test installs ffmpeg, so this runs everywhere the suite does.
    @Test(".mp4 with ffmpeg: a video file")
    func video() async throws {
        let dir = try TempDir("video")
        let path = dir.file("run.mp4")
        let result = try await runHost(["run", "diagonal", "--output", path], pluginFolder: try dir.folder("p"), in: dir)
        #expect(result.status == 0, "\(result)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(String(decoding: bytes.prefix(12).suffix(8), as: UTF8.self).hasPrefix("ftyp"), "an MP4 box")
    }

    @Test("host plot: writes the plot and names each animated property and its curve")
    func plot() async throws {
        let dir = try TempDir("plot")
        let path = dir.file("slide.svg")
        let result = try await runHost(["plot", "slide", "--presentation", "dimming", "-o", path], pluginFolder: try dir.folder("p"), in: dir)
        #expect(result.status == 0, "\(result)")
        #expect(result.out.contains("wrote \(path): 2 animated properties"), "\(result)")
        #expect(result.out.contains("dimming.sheet · position") && result.out.contains("spring("), "\(result)")
        #expect(result.out.contains("dimming · alpha"), "\(result)")
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test("host plot takes every flow of host run: a push-only effect is plotted pushing, not as the fallback; scenes and gestures too")
    func plotEveryFlow() async throws {
        let dir = try TempDir("plot-flows")
        let plugins = try dir.folder("plugins")
        var plugin = PluginTemplate(pluginID: "fixture.pusher", effectID: "pusher", ending: .conforming)
        plugin.transitions = "TH_TRANSITION_PUSH | TH_TRANSITION_POP"
        try await compileC(plugin.render(), to: "plugins/pusher.so", in: dir)
        // The fixture animates linearly; the standard push-slide would be a spring.
        let pushed = try await runHost(["plot", "pusher", "--push", "-o", dir.file("push.svg")], pluginFolder: plugins, in: dir)
        #expect(pushed.status == 0, "\(pushed)")
        #expect(pushed.out.contains("linear") && !pushed.out.contains("spring("), "the plugin's own push: \(pushed.out)")
        for extra in [["--pop"], ["--tabs"]] {
            let result = try await runHost(["plot", "pusher", "-o", dir.file("x.svg")] + extra, pluginFolder: plugins, in: dir)
            #expect(result.status == 0 && result.out.contains("linear"), "\(extra): \(result)")
        }
        let scene = try await runHost(["plot", "--scene", "photos", "-o", dir.file("scene.svg")], pluginFolder: plugins, in: dir)
        #expect(scene.status == 0 && scene.out.contains("snapshot of list.cell1.thumbnail"), "\(scene)")
        let gesture = try await runHost(["plot", "diagonal", "--interactive", "0=0, 0.2=0.3, release=0", "-o", dir.file("g.svg")],
                                        pluginFolder: plugins, in: dir)
        #expect(gesture.status == 0, "a gesture-cancelled run is as asked: \(gesture)")
        let keys = try await runHost(["plot", "diagonal", "--interactive", "keys"], pluginFolder: plugins, in: dir)
        #expect(keys.status == 64 && keys.err.contains("plot a gesture instead"), "\(keys)")
    }

    @Test("host inspect of a delegate shows the animator and presentation controller it vends, not a duration")
    func inspectDelegate() async throws {
        let dir = try TempDir("inspect-delegate")
        let plugins = try dir.folder("plugins")
        let text = try await runHost(["inspect", "sheet"], pluginFolder: plugins, in: dir)
        #expect(text.status == 0, "\(text)")
        #expect(text.out.contains("animator:    slide:slide (present, dismiss)"), "\(text.out)")
        #expect(text.out.contains("controller:  dimming:dimming (presentation)"), "\(text.out)")
        #expect(!text.out.contains("duration:"), "a delegate's duration means nothing: \(text.out)")
        let json = try await runHost(["inspect", "sheet", "--json"], pluginFolder: plugins, in: dir)
        let details = try #require(try json.json() as? [String: Any])
        let vends = try #require(details["vends"] as? [String: Any], "\(json.out)")
        #expect(vends["animator"] as? String == "slide:slide" && vends["presentation"] as? String == "dimming:dimming", "\(json.out)")
        #expect(details["defaultDuration"] == nil, "\(json.out)")
        // An animator still shows its duration and vends nothing.
        let animator = try await runHost(["inspect", "slide"], pluginFolder: plugins, in: dir)
        #expect(animator.out.contains("duration:") && !animator.out.contains("animator:"), "\(animator.out)")
    }

    @Test("not on a terminal: no escape codes, on either stream, for a run or an export")
    func noEscapesWithoutTerminal() async throws {
        let dir = try TempDir("plain")
        for arguments in [["run", "diagonal"], ["run", "diagonal", "--output", dir.file("x.gif")]] {
            let result = try await runHost(arguments, pluginFolder: try dir.folder("p"), in: dir)
            #expect(result.status == 0)
            #expect(!result.stdout.contains(0x1B) && !result.stderr.contains(0x1B), "\(result)")
        }
    }
}

/// The root element's name and every animation's `dur`.
final class DurationCollector: NSObject, XMLParserDelegate {
    var rootName: String?
    var durations: [String] = []
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if rootName == nil { rootName = name }
        if name == "animate" || name == "animateTransform", let dur = attributes["dur"] { durations.append(dur) }
    }
}
