import Foundation
import Testing

/// `host run` judges every frame as a person sees it (MotionCheck): a plugin whose view jumps
/// into its end state is not clean, in process and isolated alike, and the report names the
/// frame, the view and the size of the jump.
@Suite("Motion check of a run")
struct MotionCheckRunTests {
    private func jumper() -> PluginTemplate {
        PluginTemplate.jumpsIntoEndState(pluginID: "fixture.jumper", effectID: "jumper", ending: .complete)
    }

    private func outcomes(_ result: ProgramResult) throws -> [[String: Any]] {
        let root = try #require(try result.json() as? [String: Any])
        return try #require(root["outcomes"] as? [[String: Any]])
    }

    @Test("a view that jumps into its end state is a pop: exit 1, named with its frame, view and size", arguments: [false, true])
    func jumpIntoEndState(isolated: Bool) async throws {
        let dir = try TempDir()
        let folder = try dir.folder("plugins")
        try await compileC(jumper().render(), to: "plugins/jumper.so", in: dir)
        let isolation = isolated ? ["--isolate", "--isolate-timeout", scaled(10)] : []

        let text = try await runHost(["run", "jumper"] + isolation, pluginFolder: folder, in: dir)
        #expect(text.status == 1, "\(text)")
        // 0.25 s linear from x = 390 to 120: 18 pt a frame; the frame at 0.233 s shows x = 138,
        // the completion's frame at 0.25 s x = 0.
        #expect(text.out.contains("error: motion: at 0.25 s 'detail' moved 138 pt in one frame into the end state, on the last frame (the steps around it: at most 18 pt)"),
                "\(text.out)")
        #expect(text.out.contains("end state verified; its motion popped once"), "\(text.out)")
        #expect(text.out.hasSuffix("NOT CLEAN\n"), "\(text.out)")

        let json = try await runHost(["run", "jumper", "--format", "json"] + isolation, pluginFolder: folder, in: dir)
        #expect(json.status == 1, "\(json)")
        let all = try outcomes(json)
        let present = try #require(all.first)
        let pops = try #require(present["motion"] as? [[String: Any]])
        #expect(pops.count == 1)
        let pop = try #require(pops.first)
        #expect(pop["view"] as? String == "detail")
        #expect(pop["quantity"] as? String == "position")
        #expect(pop["moment"] as? String == "lastFrame")
        #expect(abs((pop["size"] as? Double ?? 0) - 138) < 1e-9)
        #expect(abs((pop["around"] as? Double ?? 0) - 18) < 1e-9)
        #expect(pop["time"] as? Double == 0.25)
        // The dismissal slides out evenly: no pop, and the run still completed and restored.
        #expect((all.last?["motion"] as? [Any])?.isEmpty == true)
        #expect(all.allSatisfy { $0["completed"] as? Bool == true })
    }

    /// Frames recorded with the check come from its walk, which takes the views that did not
    /// change from the frame before (MotionSample.Reuse); without it, from a walk of every view.
    @Test("a run records the same frames with the check as without it: every bundled animator on the demo scene; cube, zoom and flight pushed, on photos and isolated",
          arguments: ["diagonal", "cube", "cube-fade", "crossfade", "door", "flight", "flip", "interruptible", "match", "reveal",
                      "slide", "view-transition", "zoom", "zoom-fade", "parallax-slide"])
    func framesWithAndWithout(effect: String) async throws {
        let dir = try TempDir()
        // Every animator on the demo scene; the 3D, snapshot and flight ones pushed, on photos
        // and isolated too (fewer runs: the suite runs beside timing tests).
        var configurations: [[String]] = [[]]
        if ["cube", "zoom", "flight"].contains(effect) { configurations += [["--push"], ["--scene", "photos"], ["--isolate"]] }
        for extra in configurations {
            let with = try await runHost(["run", effect, "--format", "json"] + extra, pluginFolder: Build.bundledPlugins, in: dir)
            let without = try await runHost(["run", effect, "--format", "json", "--no-motion-check"] + extra,
                                            pluginFolder: Build.bundledPlugins, in: dir)
            let a = try #require(try with.json() as? [String: Any], "\(effect) \(extra): \(with)")
            let b = try #require(try without.json() as? [String: Any], "\(effect) \(extra): \(without)")
            let framesA = try #require(a["frames"] as? [Any]), framesB = try #require(b["frames"] as? [Any])
            #expect(framesA.count > 10, "\(effect) \(extra)")
            #expect(NSArray(array: framesA).isEqual(to: framesB), "\(effect) \(extra): the frames differ")
        }
    }

    @Test("--no-motion-check leaves the motion unjudged: the same plugin runs clean")
    func optOut() async throws {
        let dir = try TempDir()
        let folder = try dir.folder("plugins")
        try await compileC(jumper().render(), to: "plugins/jumper.so", in: dir)
        let result = try await runHost(["run", "jumper", "--no-motion-check"], pluginFolder: folder, in: dir)
        #expect(result.status == 0, "\(result)")
        #expect(!result.out.contains("motion"), "\(result.out)")
        #expect(result.out.hasSuffix("; OK\n"), "\(result.out)")
    }

    @Test("an even slide, the same template without the jump, is clean")
    func evenSlideIsClean() async throws {
        let dir = try TempDir()
        let folder = try dir.folder("plugins")
        try await compileC(PluginTemplate(pluginID: "fixture.even", effectID: "even", ending: .conforming).render(),
                           to: "plugins/even.so", in: dir)
        let result = try await runHost(["run", "even", "--format", "json"], pluginFolder: folder, in: dir)
        #expect(result.status == 0, "\(result)")
        #expect(try outcomes(result).allSatisfy { ($0["motion"] as? [Any])?.isEmpty == true })
    }

    @Test("every bundled effect moves without a pop in every flow it declares, on the demo scene and on photos", arguments: [
        "cover-vertical", "cross-dissolve", "crossfade", "cube", "diagonal", "door", "flight", "flip", "interruptible", "match", "reveal", "slide",
        "view-transition", "zoom", "zoom-fade", "parallax-slide", "sheet", "edge-slide", "pinch-zoom",
    ])
    func bundledEffectsAreSmooth(effect: String) async throws {
        let dir = try TempDir()
        let empty = try dir.folder("none")
        // The demo scene plays every flow; photos, a navigation scene, pushes and pops.
        for (scene, flows) in [([], ["", "--push", "--pop", "--tabs"]), (["--scene", "photos"], ["", "--pop"])] {
            for flow in flows {
                let result = try await runHost(["run", effect] + (flow.isEmpty ? [] : [flow]) + scene, pluginFolder: empty, in: dir)
                #expect(result.status == 0 && !result.out.contains("motion:"),
                        "\(effect) \(flow) \(scene): \(result.out.split(separator: "\n").filter { $0.contains("motion") || $0.contains("NOT") })")
            }
        }
    }
}
