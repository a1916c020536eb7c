import Foundation
import Rendering
import Testing

/// `host gallery DIR` as a user runs it, and its site opened in headless Chromium.
@Suite("host gallery")
struct GalleryTests {
    @Test("host gallery DIR: a card per effect found, its kind, transitions, parameters, plugin and validate verdict; Chromium shows the previews playing")
    func site() async throws {
        let dir = try TempDir("gallery")
        let plugins = try dir.folder("plugins")
        let site = dir.file("site")
        let made = try await runHost(["gallery", site], pluginFolder: plugins, in: dir, timeout: 600)
        #expect(made.status == 0 && made.out.contains("wrote \(site)/index.html: "), "\(made)")
        #expect(made.err.contains("validated 1 of "), "progress on the long part: \(made)")
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        let listed = try await runHost(["list", "--json"], pluginFolder: plugins, in: dir)
        let effects = try #require(try listed.json() as? [[String: Any]]).compactMap { row -> String? in
            guard let kind = row["kind"] as? String, kind != "curve" else { return nil }
            return "\(row["plugin"] as? String ?? "builtin"):\(row["name"] as? String ?? "")"
        }
        #expect(effects.count >= 20)
        for effect in effects { #expect(index.contains("data-effect=\"\(effect)\""), "no card for \(effect)") }
        // A verdict for each plugin file's effects, every bundled one conforming.
        #expect(index.components(separatedBy: "<dd class=\"conforms\">").count - 1 >= effects.count - 2, "\(index.prefix(2000))")
        #expect(!index.contains("<dd class=\"fails\">"))
        #expect(index.contains("<code>perspective</code></td><td>double</td><td>150 … 5000</td><td>800</td><td>pt</td>"), "cube's parameter row")
        #expect(index.contains("an interaction controller follows a gesture"))
        // Nothing to fetch: every preview is a file beside it.
        #expect(!index.contains("http://") && !index.contains("https://"))
        let previews = try FileManager.default.contentsOfDirectory(atPath: site + "/previews")
        #expect(previews.count == index.components(separatedBy: "<iframe src=\"previews/").count - 1)

        let dom = try await WebPageExportTests.browse(site + "/index.html", "", width: 1200, height: 1000, to: nil, in: dir)
        #expect(dom.out.components(separatedBy: "<article class=\"card\"").count - 1 == effects.count, "\(dom.out.prefix(500))")
        // The first card's preview shows a scene, not a blank. Up to three photographs: on a
        // loaded machine Chromium's photograph can lack a few tiles it had not yet rastered
        // (WebPageExportTests); a blank preview is blank in every one.
        var colours = Set<UInt32>()
        var photographed: [ProgramResult] = []
        for attempt in 1...3 where colours.count <= 20 {
            let shot = dir.file("gallery-\(attempt).png")
            photographed.append(try await WebPageExportTests.browse(site + "/index.html", "", width: 1200, height: 1000, to: shot, in: dir))
            guard FileManager.default.fileExists(atPath: shot) else { continue }
            let picture = try CairoImage.readPNG(shot)
            colours = []
            picture.withPixels { p in
                for y in stride(from: 100, to: 500, by: 4) { for x in stride(from: 380, to: 570, by: 4) { colours.insert(p[y * picture.stride / 4 + x]) } }
            }
        }
        #expect(colours.count > 20, "the first preview shows a scene, not a blank: \(colours.count) colours; Chromium: \(photographed)")
    }

    @Test("an effect whose plugin crashes while its preview plays costs that preview only: its card says why, every other effect has its own")
    func crashingPreview() async throws {
        let dir = try TempDir("gallery-crash")
        let plugins = try dir.folder("plugins")
        _ = try await compileC(PluginTemplate(ending: .conforming, animatePrologue: "*(volatile int *)16 = 1;").render(),
                               to: "plugins/crash.so", in: dir)
        let site = dir.file("site")
        let made = try await runHost(["gallery", site, "--no-validate"], pluginFolder: plugins, in: dir, timeout: 300)
        #expect(made.status == 0, "\(made)")
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        let cards = index.components(separatedBy: "<article class=\"card\"").dropFirst()
        let crashed = try #require(cards.first { $0.contains("e2e:fx\"") }, "\(index.components(separatedBy: "data-effect=").dropFirst().map { $0.prefix(30) })")
        #expect(crashed.contains("the process drawing the previews ended here: SIGSEGV (segmentation fault)"), "\(crashed)")
        // The effects listed after it were drawn by another copy: only the interaction
        // controllers and the crashing effect have no preview.
        let without = cards.filter { $0.contains("class=\"preview none\"") }
        #expect(without.count == cards.filter { $0.contains("an interaction controller follows a gesture") }.count + 1)
        #expect(cards.last.map { !$0.contains("e2e:fx") } == true, "the crashing effect is not the last card")
    }

    @Test("a plugin's text is shown as text: its markup escaped in the gallery, its control bytes never written raw to the terminal")
    func hostileText() async throws {
        let dir = try TempDir("gallery-markup")
        let plugins = try dir.folder("plugins")
        // Every string of the terminal test's plugin, with markup before its control bytes.
        let markup = #"</code><script>alert(1)</script><img src=x onerror=alert(2)> & \"q\""#
        let source = TerminalTextTests.source.replacingOccurrences(of: "#define EVIL ", with: "#define EVIL \"\(markup)\" ")
        _ = try await compileC(source, to: "plugins/evil.so", in: dir)
        let site = dir.file("site")
        let made = try await runHost(["gallery", site, "--no-validate"], pluginFolder: plugins, in: dir, timeout: 300)
        #expect(made.status == 0, "\(made)")
        TerminalTextTests().expectNoRawControls(made, "host gallery")
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        let card = try #require(index.components(separatedBy: "<article class=\"card\"").first { $0.contains("data-effect=\"evil.text:evil\"") },
                                "no card for evil.text:evil")
        #expect(!index.contains("<script>alert") && !index.contains("<img src=x"), "\(card)")
        // Its name, summary, plugin and parameter, each shown as the plugin wrote it.
        #expect(card.components(separatedBy: "&lt;/code&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &amp; &quot;q&quot;").count - 1 >= 4,
                "\(card)")

    }

    @Test("a plugin from an --untrusted-plugin-path folder plays its preview isolated: its write to the user's files fails, its card still plays")
    func untrustedPreviewIsolated() async throws {
        let dir = try TempDir("gallery-untrusted")
        let trusted = try dir.folder("trusted"), untrusted = try dir.folder("untrusted")
        let target = dir.file("written-by-plugin.txt")
        // Wherever it is loaded, the plugin's init creates a file beside the test's.
        var attacker = HostilePlugin()
        attacker.id = "attack.gallery"
        attacker.initBody = "FILE *f = fopen(\(HostilePlugin.literal(target)), \"w\"); if (f != NULL) fclose(f);"
        try await compileC(attacker.render(), to: "untrusted/attack.so", in: dir)
        // The attack is real: run in the host, from a trusted folder, it writes the file.
        let copy = try dir.folder("trusted-copy")
        try await compileC(attacker.render(), to: "trusted-copy/attack.so", in: dir)
        let inHost = try await runHost(["run", "attack.gallery:fx"], pluginFolder: copy, in: dir)
        #expect(inHost.status == 0 && FileManager.default.fileExists(atPath: target), "\(inHost)")
        try FileManager.default.removeItem(atPath: target)

        let site = dir.file("site")
        let made = try await runHost(["gallery", site, "--no-validate", "--untrusted-plugin-path", untrusted], pluginFolder: trusted, in: dir, timeout: 300)
        #expect(made.status == 0, "\(made)")
        #expect(!FileManager.default.fileExists(atPath: target), "the untrusted plugin wrote the user's file from the gallery: \(made)")
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        let card = try #require(index.components(separatedBy: "<article class=\"card\"").first { $0.contains("data-effect=\"attack.gallery:fx\"") },
                                "no card for attack.gallery:fx")
        #expect(card.contains("<iframe src=\"previews/"), "its preview played isolated: \(card)")
    }

    @Test("host gallery refuses a folder that is there and not empty, or under a file (exit 3), and leaves nothing")
    func badFolders() async throws {
        let dir = try TempDir("gallery-bad")
        let plugins = try dir.folder("plugins")
        let taken = try dir.folder("taken")
        #expect(FileManager.default.createFile(atPath: taken + "/keep.txt", contents: Data("mine".utf8)))
        let refused = try await runHost(["gallery", taken, "--no-validate"], pluginFolder: plugins, in: dir)
        #expect(refused.status == 3 && refused.err.contains("it already exists and is not an empty folder"), "\(refused)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: taken) == ["keep.txt"])
        #expect(FileManager.default.createFile(atPath: dir.file("file.txt"), contents: Data("x".utf8)))
        let underFile = try await runHost(["gallery", dir.file("file.txt/site"), "--no-validate"], pluginFolder: plugins, in: dir)
        #expect(underFile.status == 3 && underFile.err.contains("its parent \(dir.file("file.txt")) is not a folder"), "\(underFile)")
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".partial") }
        #expect(left.isEmpty, "\(left)")
        // An empty folder is taken, and without verdicts there is no validate row.
        let empty = try dir.folder("empty")
        let made = try await runHost(["gallery", empty, "--no-validate"], pluginFolder: plugins, in: dir, timeout: 600)
        #expect(made.status == 0, "\(made)")
        let index = try String(contentsOfFile: empty + "/index.html", encoding: .utf8)
        #expect(!index.contains("host validate") && !made.err.contains("validating"))
    }
}
