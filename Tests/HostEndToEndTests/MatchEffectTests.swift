import Foundation
import Testing
import TransitionCore

/// The shared-elements extension's per-view modifiers (ABI 1.1: modified_views, modifiers),
/// read by a plugin in process and isolated alike.
@Suite("Per-view modifiers through the shared-elements extension")
struct ModifiersFunctionTests {
    /// Statements for the template's animate_transition: on the way in, every modified view of
    /// the incoming screen is read three ways (the length alone, a buffer that fits exactly,
    /// one byte short), then a view without modifiers, handles that name no view, and NULLs.
    static let probe = """
        if (self->incoming) {
            const th_host_shared_elements *se = host->get_extension(TH_EXT_HOST_SHARED_ELEMENTS);
            th_view to = { 0 }, found[64];
            uint32_t count = 0, length, i;
            char buf[300], line[700];
            th_status s;
            host->view(ctx, TH_TO, &to);
            if (se == NULL || !TH_HAS_FIELD(se, th_host_shared_elements, modifiers)) {
                host->log(TH_LOG_ERROR, "mods: the host has no modifiers");
            } else {
                s = se->modified_views(to, found, 64, &count);
                snprintf(line, sizeof line, "mods: modified_views %d, %u views", (int)s, (unsigned)count);
                host->log(TH_LOG_INFO, line);
                for (i = 0; i < count && i < 64; i++) {
                    uint32_t needed = 12345, fitted = 12345, small = 12345;
                    th_status query = se->modifiers(found[i], NULL, 0, &needed), fit, short_by_one;
                    memset(buf, '#', sizeof buf);
                    fit = se->modifiers(found[i], buf, needed + 1, &fitted);
                    snprintf(line, sizeof line, "mods: view %u: query %d %u, fit %d %u [%s]", (unsigned)i, (int)query,
                             (unsigned)needed, (int)fit, (unsigned)fitted, buf);
                    memset(buf, '#', sizeof buf);
                    short_by_one = se->modifiers(found[i], buf, needed, &small);
                    snprintf(line + strlen(line), sizeof line - strlen(line), ", small %d %u %c", (int)short_by_one,
                             (unsigned)small, buf[0]);
                    host->log(TH_LOG_INFO, line);
                }
                memset(buf, '#', sizeof buf);
                length = 777;
                s = se->modifiers(to, buf, sizeof buf, &length);
                snprintf(line, sizeof line, "mods: none %d %u %d", (int)s, (unsigned)length, (int)buf[0]);
                host->log(TH_LOG_INFO, line);
                length = 777;
                s = se->modifiers((th_view){ 0x7fff0001u }, buf, sizeof buf, &length);
                snprintf(line, sizeof line, "mods: forged %d %u", (int)s, (unsigned)length);
                host->log(TH_LOG_INFO, line);
                s = se->modifiers((th_view){ 0 }, buf, sizeof buf, &length);
                snprintf(line, sizeof line, "mods: zero %d", (int)s);
                host->log(TH_LOG_INFO, line);
                s = se->modifiers(count > 0 ? found[0] : to, buf, sizeof buf, NULL);
                snprintf(line, sizeof line, "mods: null length %d", (int)s);
                host->log(TH_LOG_INFO, line);
                s = se->modifiers(count > 0 ? found[0] : to, NULL, 8, &length);
                snprintf(line, sizeof line, "mods: null buffer %d", (int)s);
                host->log(TH_LOG_INFO, line);
                s = se->modified_views((th_view){ 0x7fff0001u }, found, 64, &count);
                snprintf(line, sizeof line, "mods: modified_views forged %d", (int)s);
                host->log(TH_LOG_INFO, line);
            }
        }
        """

    @Test("modifiers: the length alone, an exact buffer, one byte short (refused, nothing written), a view without, bad handles and NULLs; the same in process and isolated")
    func readsTheSameEverywhere() async throws {
        let dir = try TempDir("modifiers-function")
        let plugins = try dir.folder("plugins")
        var plugin = PluginTemplate(pluginID: "fixture.mods", effectID: "mods", ending: .conforming)
        plugin.animatePrologue = Self.probe
        try await compileC("#include <stdio.h>\n#include <string.h>\n" + plugin.render(), to: "plugins/mods.so", in: dir)

        // What the demo scene's incoming screen carries, back to front.
        let expected = DemoScene().detail.view.subtree().compactMap(\.modifiers)
        #expect(expected.count >= 2)
        var lines: [String: [String]] = [:]
        for mode in [[], ["--isolate"]] {
            let result = try await runHost(["run", "mods", "--format", "json"] + mode, pluginFolder: plugins, in: dir)
            #expect(result.status == 0, "\(mode): \(result)")
            lines[mode.first ?? "in process"] = try RunJSON(result).events.map(\.name).filter { $0.contains("mods: ") }
        }
        let here = try #require(lines["in process"]), there = try #require(lines["--isolate"])
        #expect(here == there, "in process:\n\(here.joined(separator: "\n"))\nisolated:\n\(there.joined(separator: "\n"))")

        var want = ["fixture.mods: mods: modified_views 0, \(expected.count) views"]
        for (i, text) in expected.enumerated() {
            want.append("fixture.mods: mods: view \(i): query 0 \(text.utf8.count), fit 0 \(text.utf8.count) [\(text)], small -2 12345 #")
        }
        want += [
            "fixture.mods: mods: none 0 0 0", "fixture.mods: mods: forged -1 777", "fixture.mods: mods: zero -1",
            "fixture.mods: mods: null length -2", "fixture.mods: mods: null buffer -2", "fixture.mods: mods: modified_views forged -1",
        ]
        #expect(here == want, "\(here.joined(separator: "\n"))")
    }
}

/// The bundled match effect: Hero-style matched elements and per-view modifiers.
/// Serialized: eight runs of two processes each at once would crowd a small machine past the
/// isolated child's answer deadline.
@Suite("host run match", .serialized)
struct MatchRunTests {
    /// photos.json as bundled, with its containment replaced (a modal scene presents).
    static func photos(containment: String, in dir: TempDir) throws -> String {
        let bundled = try String(contentsOfFile: Build.directory + "/scenes/photos.json", encoding: .utf8)
        let changed = bundled.replacingOccurrences(of: #""containment": "navigation""#, with: #""containment": "\#(containment)""#)
        #expect(changed != bundled || containment == "navigation")
        return try dir.write("photos-\(containment).json", text: changed)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let label: String
        let arguments: [String]
        /// The element that grows: its view on the first screen, and on the second.
        let small: String, large: String
        /// A lone view with modifiers on the incoming screen (it starts faded), and one on the
        /// outgoing screen (it fades away as the new screen comes).
        let appearing: String, disappearing: String
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "demo, present", arguments: [], small: "home.cell1.thumbnail", large: "detail.header",
             appearing: "detail.button", disappearing: "home.cell3"),
        Case(label: "demo, push", arguments: ["--push"], small: "home.cell1.thumbnail", large: "detail.header",
             appearing: "detail.fact2", disappearing: "home.cell2"),
        Case(label: "photos, push", arguments: ["--scene", "photos"], small: "list.cell1.thumbnail", large: "photo.header",
             appearing: "photo.caption", disappearing: "list.cell2"),
        Case(label: "photos, present", arguments: ["--scene", "@modal"], small: "list.cell1.thumbnail", large: "photo.header",
             appearing: "photo.caption", disappearing: "list.cell4"),
    ]

    @Test("each shared pair morphs from one screen's element into the other's and back, lone views follow their modifiers, and every view ends as it was; isolated too",
          arguments: cases, [false, true])
    func morphsThereAndBack(_ c: Case, isolate: Bool) async throws {
        let dir = try TempDir("match-run")
        let arguments = try c.arguments.map { $0 == "@modal" ? try Self.photos(containment: "modal", in: dir) : $0 }
        // Isolated, a generous deadline: match makes hundreds of host calls, each a round trip,
        // which under the whole suite's load took longer than the default 2 s a call.
        let result = try await runHost(["run", "match", "--format", "json"] + arguments + (isolate ? ["--isolate", "--isolate-timeout", "30"] : []),
                                       pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let run = try RunJSON(result)
        #expect(run.clean && run.warnings.isEmpty, "\(run.warnings)")
        #expect(!run.events.contains { $0.name.contains("cross-fading") }, "the pair is found")
        try #require(run.outcomes.count == 2)
        #expect(run.outcomes.allSatisfy { $0.completed && !$0.cutOff && $0.violations.isEmpty }, "\(run.outcomes)")
        let (there, back) = (run.outcomes[0], run.outcomes[1])
        let start = try #require(run.frames(from: there.start, to: there.end).first)
        let small = try #require(start.view(c.small)), large = try #require(run.frames(from: there.end, to: there.end).last?.view(c.large))

        for (outcome, from, to) in [(there, small, large), (back, large, small)] {
            let frames = run.frames(from: outcome.start, to: outcome.end)
            #expect(frames.count > 10)
            let widths = frames.compactMap { $0.view("match.morph")?.width }
            try #require(!widths.isEmpty, "\(outcome.transition): a morph flies")
            let middle = widths[widths.count / 2]
            #expect(middle > min(from.width, to.width) + 1 && middle < max(from.width, to.width) - 1,
                    "\(outcome.transition): half way the morph is between \(from.width) and \(to.width) wide, not \(middle)")
            #expect(abs(widths.first! - from.width) < from.width * 0.2 + 1 && abs(widths.last! - to.width) < to.width * 0.2 + 1,
                    "\(outcome.transition): from \(from.width) to \(to.width): \(widths.first!) … \(widths.last!)")
        }
        // The morphs go at the end: the way back starts with as many as the way there (none
        // left over), and after it none is left.
        let morphs = { (frame: RunJSON.Frame?) in frame?.views.filter { $0.name == "match.morph" }.count ?? -1 }
        let firstBack = run.frames.first { $0.time > back.start + 1e-9 }
        #expect(morphs(firstBack) == morphs(start) && morphs(start) >= 1, "\(morphs(start)) morphs there, \(morphs(firstBack)) on the way back")
        #expect(morphs(run.frames.last) == 0, "\(String(describing: run.frames.last?.views.filter { $0.name == "match.morph" }))")
        #expect(run.frames.last?.view(c.small)?.alpha == 1, "the element is back in its place")

        // Lone views: the appearing one starts faded and ends whole; the disappearing one fades
        // while the new screen comes, and is whole and in place again after the way back.
        let presented = run.frames(from: there.start, to: there.end)
        let early = try #require(presented.count > 3 ? presented[3] : nil)
        #expect((early.view(c.appearing)?.alpha ?? 1) < 0.5, "\(c.appearing) starts faded: \(String(describing: early.view(c.appearing)))")
        #expect(presented.last?.view(c.appearing)?.alpha == 1, "\(String(describing: presented.last?.view(c.appearing)))")
        let fading = presented.compactMap { $0.view(c.disappearing)?.alpha }
        #expect(fading.contains { $0 < 0.5 }, "\(c.disappearing) fades as the new screen comes: \(fading)")
        let before = try #require(start.view(c.disappearing))
        let after = try #require(run.frames.last?.view(c.disappearing))
        #expect(after.alpha == before.alpha && after.x == before.x && after.y == before.y && after.width == before.width,
                "\(c.disappearing) is as it was: \(before) then \(after)")
    }

    @Test("cascade staggers the pairs top to bottom: on photos the thumbnail's morph starts before the title's")
    func cascade() async throws {
        let dir = try TempDir("match-cascade")
        var starts: [Double: [Double]] = [:]
        for cascade in [0.0, 0.2] {
            let result = try await runHost(["run", "match", "--scene", "photos", "--param", "cascade=\(cascade)", "--format", "json"],
                                           pluginFolder: try dir.folder("plugins"), in: dir)
            #expect(result.status == 0, "\(result)")
            let run = try RunJSON(result)
            let there = try #require(run.outcomes.first)
            #expect(there.completed)
            let frames = run.frames(from: there.start, to: there.end)
            // The frame at which each morph first leaves its starting width.
            var firstMove: [Double] = []
            for name in ["match.morph"] {
                let series = frames.map { $0.views.filter { $0.name == name }.map(\.width) }
                guard let first = series.first(where: { $0.count == 2 }) else { Issue.record("two morphs: \(series.prefix(3))"); continue }
                for k in 0..<2 {
                    let moved = series.firstIndex { $0.count == 2 && abs($0[k] - first[k]) > 0.5 }
                    firstMove.append(moved.map { frames[$0].time - there.start } ?? .infinity)
                }
            }
            starts[cascade] = firstMove
            if cascade > 0 { #expect(there.end - there.start > 0.5 + 0.19, "the transition lasts the cascade longer") }
        }
        let together = try #require(starts[0]), staggered = try #require(starts[0.2])
        #expect(together.count == 2 && abs(together[0] - together[1]) < 0.02, "\(together)")
        #expect(staggered.count == 2 && staggered.max()! - staggered.min()! > 0.15, "one starts 0.2 s after the other: \(staggered)")
    }

    @Test("without a shared pair the screens cross-fade, and say so")
    func crossfadeWithoutPairs() async throws {
        let dir = try TempDir("match-no-pair")
        // photos without its shared ids: no pair is left.
        func unshared(_ value: Any) -> Any {
            if var object = value as? [String: Any] {
                object["shared"] = nil
                return object.mapValues(unshared)
            }
            if let array = value as? [Any] { return array.map(unshared) }
            return value
        }
        let bundled = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Build.directory + "/scenes/photos.json")))
        let text = String(decoding: try JSONSerialization.data(withJSONObject: unshared(bundled)), as: UTF8.self)
        #expect(!text.contains("shared"))
        let scene = try dir.write("no-pairs.json", text: text)
        let result = try await runHost(["run", "match", "--scene", scene, "--format", "json", "--verbose"],
                                       pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 0, "\(result)")
        let run = try RunJSON(result)
        #expect(run.outcomes.count == 2 && run.outcomes.allSatisfy(\.completed))
        #expect(run.events.contains { $0.name.contains("no shared element on both screens; cross-fading") }, "\(run.events.map(\.name))")
        #expect(!run.frames.contains { $0.view("match.morph") != nil })
    }

    @Test("host validate: the bundled match conforms, on the demo scene and on photos", arguments: [[], ["--scene", "photos"]])
    func validates(_ scene: [String]) async throws {
        let dir = try TempDir("validate-match")
        let result = try await runHost(["validate", Build.bundledPlugins + "/match.so", "--json"] + scene,
                                       userData: try dir.folder("data"), in: dir)
        let report = try ValidateJSON(result)
        #expect(result.status == 0 && report.conforms, "\(result)")
        let bad = report.tests.filter { !["pass", "warn", "skip"].contains($0.result) }
        #expect(bad.isEmpty, "\(bad.map { "\($0.name): \($0.result): \($0.reason)" })")
        #expect(report.tests.contains { $0.name.hasPrefix("behaviour.match.") && $0.result == "pass" })
    }
}

/// A frame of match half way into the demo scene's presentation, against its reference image
/// in Tests/RenderingTests/References (Scripts/update-references writes it again; look at it).
@Suite("Match reference image")
struct MatchReferenceImageTests {
    @Test("match mid-transition on the demo scene matches its reference: the thumbnail half grown into the header, cells stepping aside, the detail screen fading in")
    func midTransition() async throws {
        let dir = try TempDir("match-reference")
        let frames = try dir.folder("frames")
        let result = try await runHost(["run", "match", "--format", "json", "--output", frames + "/"],
                                       pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 0, "\(result)")
        let run = try RunJSON(result)
        let there = try #require(run.outcomes.first)
        let index = try #require(run.frames.firstIndex { $0.time >= there.start + 0.2 - 1e-9 })
        #expect(run.frames[index].view("match.morph") != nil)
        let number = String(index)
        let file = frames + "/frame-" + String(repeating: "0", count: max(0, 4 - number.count)) + number + ".png"
        try ReferenceFrame.expect(file, matches: "match-mid.png")
    }
}
