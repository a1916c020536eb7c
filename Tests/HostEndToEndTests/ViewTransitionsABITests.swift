import Foundation
import Testing

/// TH_EXT_HOST_VIEW_TRANSITIONS through the bundled `view-transition` effect, in process and
/// isolated alike: the host plays UIKit's flips and cross dissolve between the two screens,
/// under an interaction too, and the scene ends as UIKit's would.
@Suite("View transitions through the ABI")
struct ViewTransitionsABITests {
    func timeline(_ arguments: [String], in dir: TempDir, plugins: String, name: String) async throws -> [String: Any] {
        let path = dir.file("\(name).json")
        let result = try await runHost(["run", "view-transition", "--output", path] + arguments, pluginFolder: plugins, in: dir)
        #expect(result.status == 0, "\(result)")
        #expect(result.out.contains("end state verified"), "\(result)")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The layer named `name` in the frame nearest `time`, or nil when it is not on screen.
    func layer(_ name: String, at time: Double, in timeline: [String: Any]) throws -> [String: Any]? {
        let frames = try #require(timeline["frames"] as? [[String: Any]])
        let frame = try #require(frames.min { abs(($0["time"] as! Double) - time) < abs(($1["time"] as! Double) - time) })
        return (frame["layers"] as! [[String: Any]]).first { ($0["name"] as? String) == name }
    }

    /// m11 of the 3D transform of the layer named `name` at `time`: 1 when flat (no 3D transform).
    func turn(_ name: String, at time: Double, in timeline: [String: Any]) throws -> Double {
        let layer = try #require(try self.layer(name, at: time, in: timeline), "no \(name) at \(time) s")
        return (layer["transform3D"] as? [Double])?[0] ?? 1
    }

    @Test("the default flip: the presented screen waits edge-on until the middle, turns in, lies flat at the end, and turns out on the way back; isolated draws the same frames")
    func flip() async throws {
        let dir = try TempDir("view-flip")
        let plugins = try dir.folder("plugins")
        let inProcess = try await timeline([], in: dir, plugins: plugins, name: "in-process")
        let isolated = try await timeline(["--isolate"], in: dir, plugins: plugins, name: "isolated")
        // 0.5 s each way, eased in and out; m11 = cos of the turn.
        #expect(abs(try turn("detail", at: 0.22, in: inProcess)) < 0.05, "edge-on before the middle")
        let turningIn = try turn("detail", at: 0.4, in: inProcess)
        #expect(turningIn > 0.1 && turningIn < 0.99, "\(turningIn)")
        #expect(try turn("detail", at: 0.5, in: inProcess) == 1, "flat at the end")
        let turningOut = try turn("detail", at: 0.62, in: inProcess)
        #expect(turningOut > 0.1 && turningOut < 0.99, "\(turningOut)")
        #expect(NSDictionary(dictionary: ["f": inProcess["frames"]!]).isEqual(to: ["f": isolated["frames"]!]),
                "the isolated run drew other frames")
    }

    @Test("style cross-dissolve fades the screens over each other: the presented one half seen at each middle, never turned")
    func crossDissolve() async throws {
        let dir = try TempDir("view-dissolve")
        let plugins = try dir.folder("plugins")
        let run = try await timeline(["--param", "style=cross-dissolve"], in: dir, plugins: plugins, name: "dissolve")
        for time in [0.25, 0.75] {
            let detail = try #require(try layer("detail", at: time, in: run)?["opacity"] as? Double)
            #expect(abs(detail - 0.5) < 0.1, "detail at \(time) s: \(detail)")
            #expect(try turn("detail", at: time, in: run) == 1)
        }
    }

    @Test("pushed and popped with a flip from the top, and under a gesture that cancels, the scene ends as it began; isolated too",
          arguments: [false, true])
    func pushAndCancel(isolate: Bool) async throws {
        let dir = try TempDir("view-push")
        let plugins = try dir.folder("plugins")
        let extra = isolate ? ["--isolate"] : []
        _ = try await timeline(["--push", "--param", "style=flip-from-top"] + extra, in: dir, plugins: plugins, name: "push")
        let cancelled = try await runHost(
            ["run", "view-transition", "--interactive", "0=0, 0.1=0.3, release=-2"] + extra, pluginFolder: plugins, in: dir)
        #expect(cancelled.status == 0, "\(cancelled)")
        #expect(cancelled.out.contains("cancelled by its gesture") && cancelled.out.contains("end state verified"), "\(cancelled)")
    }

    /// Takes a resizable snapshot of the presented view with a negative cap inset, and one of a
    /// rect with no finite size, when it animates.
    static let badSnapshots = PluginTemplate(
        pluginID: "fixture.snapshots", effectID: "fx", ending: .conforming,
        animatePrologue: """
            {
                th_view to, shot = { 0 };
                th_rect part = { { 0, 0 }, { 100, 100 } }, endless = { { 0, 0 }, { INFINITY, 10 } };
                th_edge_insets caps = { 10, -1, 10, 10 }, none = { 0, 0, 0, 0 };
                host->view(ctx, TH_TO, &to);
                if (to.id != 0) {
                    (void)host->resizable_snapshot_view(to, part, true, caps, &shot);
                    (void)host->resizable_snapshot_view(to, endless, false, none, &shot);
                }
            }
            """)

    @Test("a negative cap inset and an endless rect are refused and reported naming resizable_snapshot_view, in process and isolated")
    func badSnapshotsReported() async throws {
        let dir = try TempDir("snapshots-bad")
        let plugins = try dir.folder("plugins")
        _ = try await compileC("#include <math.h>\n" + Self.badSnapshots.render(), to: "plugins/snapshots.so", in: dir)
        for isolate in [false, true] {
            let result = try await runHost(["run", "fx", "--format", "json"] + (isolate ? ["--isolate"] : []), pluginFolder: plugins, in: dir)
            #expect(result.status == 0, "isolate \(isolate): \(result)")
            let warnings = try RunJSON(result).events.filter { $0.level == "warning" && $0.name.contains("resizable_snapshot_view") }
            #expect(warnings.contains { $0.name.contains("cap insets") }, "isolate \(isolate): \(warnings.map(\.name))")
            #expect(warnings.contains { $0.name.contains("a rect is finite") }, "isolate \(isolate): \(warnings.map(\.name))")
        }
    }

    /// Before adding the presented view, snapshots it before and after screen updates and
    /// puts both in the container; asks for a view transition in a style that does not exist
    /// and for one from a view to itself, and logs what each answered.
    static let snapshotsAndRefusals = PluginTemplate(
        pluginID: "fixture.updates", effectID: "fx", ending: .conforming,
        animatePrologue: """
            if (self->incoming) {
                th_view to, box, before = { 0 }, after = { 0 };
                const th_host_view_transitions *vt = host->get_extension(TH_EXT_HOST_VIEW_TRANSITIONS);
                th_animation_options o = { sizeof(th_animation_options), TH_TIMING_CURVE, 0.2, 0, TH_CURVE_LINEAR, 0, 0, 0 };
                char line[160];
                host->view(ctx, TH_TO, &to);
                host->container_view(ctx, &box);
                host->snapshot_view_after_updates(to, false, &before);
                host->snapshot_view_after_updates(to, true, &after);
                host->add_subview(box, before);
                host->add_subview(box, after);
                snprintf(line, sizeof line, "updates: style 99 %d, same view %d",
                         (int)vt->transition(to, to, 99u, &o, NULL, NULL), (int)vt->transition(before, before, 0u, &o, NULL, NULL));
                host->log(TH_LOG_INFO, line);
            }
            """)

    @Test("a snapshot before screen updates of a view not yet on screen is blank, after them it shows the view; a style outside the list and a view transition to itself are refused and reported; in process and isolated alike")
    func afterScreenUpdates() async throws {
        let dir = try TempDir("snapshots-updates")
        let plugins = try dir.folder("plugins")
        _ = try await compileC("#include <stdio.h>\n" + Self.snapshotsAndRefusals.render(), to: "plugins/updates.so", in: dir)
        for isolate in [false, true] {
            let path = dir.file("updates-\(isolate).json")
            // The fixture's boxes come and go in one frame, on purpose: its motion is not judged.
            let result = try await runHost(["run", "fx", "--output", path, "--format", "json", "--no-motion-check"] + (isolate ? ["--isolate"] : []),
                                           pluginFolder: plugins, in: dir)
            #expect(result.status == 0, "isolate \(isolate): \(result)")
            let events = try RunJSON(result).events
            #expect(events.contains { $0.name.contains("updates: style 99 -2, same view -2") },
                    "isolate \(isolate): \(events.map(\.name))")
            #expect(events.contains { $0.level == "warning" && $0.name.contains("not a TH_VIEW_TRANSITION_* value") }, "isolate \(isolate)")
            #expect(events.contains { $0.level == "warning" && $0.name.contains("from and to are the same view") }, "isolate \(isolate)")
            // At the first frame: the fact card of the presented view itself, and of the one
            // snapshot that shows it; none of the blank one.
            let timeline = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            let first = try #require((timeline["frames"] as? [[String: Any]])?.first)
            let cards = (first["layers"] as! [[String: Any]]).filter { ($0["name"] as? String) == "detail.fact1" }
            #expect(cards.count == 2, "isolate \(isolate): \(cards.count) fact cards at the first frame")
        }
    }
}
