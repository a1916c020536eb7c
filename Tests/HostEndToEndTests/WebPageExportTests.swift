import Foundation
import Rendering
import Testing

/// `host run --output NAME.html` checked by a real browser: headless Chromium photographs
/// the page's stills (`#t=…`), and each is compared with the host's own frame at that time.
/// Serialized: one browser at a time on two cores.
@Suite("host run --output NAME.html, in Chromium", .serialized)
struct WebPageExportTests {
    /// Every bundled animator, each presentation controller, and a scene file's segue.
    static let runs: [[String]] = [
        ["diagonal"], ["cover-vertical"], ["cross-dissolve"], ["crossfade"], ["cube"], ["cube-fade"], ["door"],
        ["parallax-slide"], ["flight"], ["flip"], ["interruptible"], ["match"], ["zoom-fade"], ["reveal"], ["slide"],
        ["view-transition"], ["zoom"], ["diagonal", "--presentation", "card-sheet"], ["diagonal", "--presentation", "dimming"],
        ["diagonal", "--presentation", "frosted"], ["zoom", "--scene", "photos"], ["cube", "--push"],
    ]

    static func chromium() throws -> String {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(folder)/chromium"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw ChildProcessFailure(description: "chromium is not installed: Scripts/install-deps --tests installs it")
    }

    /// Chromium's photograph of `page` at `fragment`, `width` × `height` CSS pixels, or its
    /// DOM once the page's script has run (`dumpDOM`).
    static func browse(_ page: String, _ fragment: String, width: Int, height: Int, to shot: String?, in dir: TempDir) async throws -> ProgramResult {
        // The page is photographed once every compositor stage has run: on a loaded machine a
        // screenshot can otherwise be taken before the page is painted whole. Shared memory
        // goes through /tmp, as a container's /dev/shm may be a few megabytes. No virtual time
        // budget: it did not make CI's stills agree, and Chromium once ran out its time with it.
        var arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--run-all-compositor-stages-before-draw",
                         "--disable-dev-shm-usage",
                         "--user-data-dir=\(dir.file("chromium-profile"))", "--window-size=\(width),\(height)"]
        arguments.append(shot.map { "--screenshot=\($0)" } ?? "--dump-dom")
        arguments.append("file://\(page)\(fragment)")
        // 120 s: under the whole suite on two cores a screenshot once took over 60 s.
        return try await runProgram(try chromium(), arguments, outputIn: dir, timeout: 120)
    }

    /// The page's own frame times, from the run it carries.
    static func times(in page: String) throws -> [Double] {
        let text = try String(contentsOfFile: page, encoding: .utf8)
        let start = try #require(text.range(of: "const RUN = "))
        let end = try #require(text.range(of: ";\n", range: start.upperBound..<text.endIndex))
        let run = try #require(try JSONSerialization.jsonObject(with: Data(text[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        let duration = try #require(run["duration"] as? Double), offsets = try #require(run["offsets"] as? [Double])
        return offsets.map { $0 * duration / 1000 }
    }

    /// The mean absolute difference of `a`'s `width`-wide column `column` from `b`, per
    /// channel, as a share of 255.
    static func meanDifference(_ a: CairoImage, column: Int, width: Int, _ b: CairoImage) -> Double {
        var total = 0
        a.withPixels { pa in
            b.withPixels { pb in
                for y in 0..<b.height {
                    for x in 0..<width {
                        let p = pa[y * a.stride / 4 + column * width + x], q = pb[y * b.stride / 4 + x]
                        for shift: UInt32 in [0, 8, 16] { total += abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) }
                    }
                }
            }
        }
        return Double(total) / Double(3 * width * b.height) / 255
    }

    @Test("the page shows what the host draws: at five times of each run, at most 2% mean difference from the host's frame", arguments: runs)
    func matchesTheHostsFrames(_ run: [String]) async throws {
        let dir = try TempDir("page-" + run.joined(separator: "-"))
        let plugins = try dir.folder("plugins")
        let page = dir.file("page.html"), frames = dir.file("frames/")
        let written = try await runHost(["run"] + run + ["--output", page], pluginFolder: plugins, in: dir)
        #expect(written.status == 0 && written.err.contains("wrote \(page): web page"), "\(written)")
        let drawn = try await runHost(["run"] + run + ["--output", frames], pluginFolder: plugins, in: dir)
        #expect(drawn.status == 0, "\(drawn)")
        let times = try Self.times(in: page)
        // The first and last frames, and three between.
        let chosen = (0...4).map { k in (k * (times.count - 1) + 2) / 4 }
        let first = try CairoImage.readPNG(frames + "frame-0000.png")
        let (width, height) = (first.width, first.height)
        let fragment = "#t=" + chosen.map { String(format: "%.6f", times[$0]) }.joined(separator: ",")
        let hosts = try chosen.map { try CairoImage.readPNG(frames + String(format: "frame-%04d.png", $0)) }
        // Here Chromium's photograph of a page is the same to the byte in hundreds of tries, even
        // under six busy loops; on CI it came out wrong twice (2.3% and 5% apart, different runs
        // each time, the two mirrored stills of one run unequal), and once here, in a fresh
        // clone's whole suite, Chromium took no photograph before its time ran out. Under a
        // loaded suite here, one photograph in about fifteen lacks a few of the page's tiles
        // (black rectangles where Chromium had not yet rastered them). So a page is
        // photographed up to five times, and each still judged by its best photograph: a page
        // that draws a still wrong does so in every photograph.
        var attempts: [(differences: [Double], shot: String)] = []
        var unphotographed: [String] = []
        var best = [Double](repeating: .infinity, count: chosen.count)
        for attempt in 1...5 {
            let shot = dir.file("stills-\(attempt).png")
            let browsed = try await Self.browse(page, fragment, width: width * chosen.count, height: height, to: shot, in: dir)
            guard FileManager.default.fileExists(atPath: shot) else {
                unphotographed.append("\(browsed)")
                continue
            }
            let stills = try CairoImage.readPNG(shot)
            let differences = hosts.enumerated().map { Self.meanDifference(stills, column: $0.offset, width: width, $0.element) }
            attempts.append((differences, shot))
            best = zip(best, differences).map { min($0, $1) }
            if best.allSatisfy({ $0 <= 0.02 }) { break }
        }
        guard !attempts.isEmpty else {
            Issue.record("Chromium took no photograph of \(run.joined(separator: " ")) in five tries: \(unphotographed)")
            return
        }
        // Recorded as an issue, not an expectation, so that CI's summary line carries it whole.
        for (column, frame) in chosen.enumerated() where best[column] > 0.02 {
            let bands = try attempts.map { Self.bands(try CairoImage.readPNG($0.shot), column: column, width: width, hosts[column]) }
            Issue.record("""
                \(run.joined(separator: " ")) at \(times[frame]) s (frame \(frame)): \(best[column] * 100)% apart at best; \
                each photograph: \(attempts.map { $0.differences.map { String(format: "%.2f%%", $0 * 100) } }); \
                this still by eighths of its height: \(bands)
                """)
        }
    }

    /// Where a still differs: the mean difference of each eighth of column `column`'s height
    /// from `b`, and each side's mean colour, for a failure's message.
    static func bands(_ a: CairoImage, column: Int, width: Int, _ b: CairoImage) -> String {
        var totals = [Int](repeating: 0, count: 8), sums = [[Int]](repeating: [0, 0], count: 3)
        a.withPixels { pa in
            b.withPixels { pb in
                for y in 0..<b.height {
                    for x in 0..<width {
                        let p = pa[y * a.stride / 4 + column * width + x], q = pb[y * b.stride / 4 + x]
                        for (k, shift) in [UInt32(16), 8, 0].enumerated() {
                            let u = Int((p >> shift) & 0xFF), v = Int((q >> shift) & 0xFF)
                            totals[y * 8 / b.height] += abs(u - v)
                            sums[k][0] += u
                            sums[k][1] += v
                        }
                    }
                }
            }
        }
        let band = Double(3 * width * b.height / 8 * 255)
        let mean = { (side: Int) in sums.map { String($0[side] / (width * b.height)) }.joined(separator: ",") }
        return totals.map { String(format: "%.1f%%", Double($0) / band * 100) }.joined(separator: " ")
            + "; mean rgb page \(mean(0)) host \(mean(1))"
    }

    @Test("#t=SECONDS shows the still at that time (the scrubber and its label there); #t=a,b shows two stills side by side")
    func stillsByFragment() async throws {
        let dir = try TempDir("page-fragment")
        let page = dir.file("d.html")
        let written = try await runHost(["run", "diagonal", "--output", page], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(written.status == 0, "\(written)")
        let one = try await Self.browse(page, "#t=0.25", width: 390, height: 900, to: nil, in: dir)
        #expect(one.out.contains("<span id=\"time\">0.250 s</span>") && one.out.components(separatedBy: "class=\"stage\"").count == 2, "\(one)")
        let two = try await Self.browse(page, "#t=0,0.5", width: 780, height: 900, to: nil, in: dir)
        #expect(two.out.components(separatedBy: "class=\"stage\"").count == 3, "\(two)")
        // Views are elements named as the views are: the demo scene's detail screen is there.
        #expect(two.out.contains("data-view=\"detail\""), "\(two)")
    }

    @Test("a page in a folder that does not exist, or under a file, is refused (exit 3) and nothing is left")
    func badPaths() async throws {
        let dir = try TempDir("page-bad")
        let plugins = try dir.folder("plugins")
        let missing = try await runHost(["run", "diagonal", "--output", dir.file("nowhere/p.html")], pluginFolder: plugins, in: dir)
        #expect(missing.status == 3 && missing.err.contains("cannot write \(dir.file("nowhere/p.html"))"), "\(missing)")
        _ = FileManager.default.createFile(atPath: dir.file("file.txt"), contents: Data("x".utf8))
        let underFile = try await runHost(["run", "diagonal", "--output", dir.file("file.txt/p.html")], pluginFolder: plugins, in: dir)
        #expect(underFile.status == 3 && underFile.err.contains("Not a directory"), "\(underFile)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".html") || $0.hasSuffix(".partial") }
        #expect(left.isEmpty, "\(left)")
    }
}
