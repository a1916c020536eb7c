import Foundation
import Testing

/// ABI 1.2's descriptor fields at work, in process and isolated alike: an effect that declares
/// TH_EFFECT_CUTS has its sudden steps noted, not failed; `--reduce-motion` plays an effect's
/// reduced_motion variant, or a cross-dissolve; `host validate` checks that a variant moves
/// nothing.
@Suite("Reduce Motion and declared cuts (ABI 1.2)")
struct ReducedMotionAndCutsTests {
    /// The slide from the right with a calm variant that fades in place.
    static func withCalmVariant() -> PluginTemplate {
        PluginTemplate(pluginID: "fixture.calm", effectID: "fx", ending: .conforming, calmVariant: "fx-calm")
    }

    /// Every view's frame in every frame of a `--format json` run, by name.
    private func frames(_ result: ProgramResult) throws -> [[String: [Double]]] {
        let root = try #require(try result.json() as? [String: Any])
        let frames = try #require(root["frames"] as? [[String: Any]])
        return try frames.map { frame in
            let views = try #require(frame["views"] as? [[String: Any]])
            var byName: [String: [Double]] = [:]
            for v in views { byName[v["name"] as? String ?? ""] = v["frame"] as? [Double] }
            return byName
        }
    }

    @Test("an effect that declares it cuts and jumps into its end state runs clean, the jump noted as meant; without the flag it is not clean",
          arguments: [false, true])
    func declaredCut(isolated: Bool) async throws {
        let dir = try TempDir()
        let isolation = isolated ? ["--isolate", "--isolate-timeout", scaled(10)] : []
        for (label, flags) in [("cuts", "TH_EFFECT_CUTS" as String?), ("pops", nil)] {
            let folder = try dir.folder(label)
            var plugin = PluginTemplate.jumpsIntoEndState(pluginID: "fixture.\(label)", effectID: label)
            plugin.flags = flags
            try await compileC(plugin.render(), to: "\(label)/\(label).so", in: dir)
            let run = try await runHost(["run", label] + isolation, pluginFolder: folder, in: dir)
            if flags != nil {
                let inspect = try await runHost(["inspect", label, "--json"], pluginFolder: folder, in: dir)
                #expect(inspect.out.contains("\"cuts\":true"), "\(inspect)")
                #expect(run.status == 0, "\(run)")
                #expect(run.out.contains("motion: 1 sudden step, which fixture.cuts:cuts declares it means (TH_EFFECT_CUTS): not pops"), "\(run.out)")
                #expect(run.out.contains("at 0.25 s 'detail' moved 138 pt in one frame into the end state"), "\(run.out)")
                #expect(!run.out.contains("error: motion"), "\(run.out)")
            } else {
                #expect(run.status == 1, "\(run)")
                #expect(run.out.contains("error: motion: at 0.25 s 'detail' moved 138 pt in one frame into the end state"), "\(run.out)")
            }
        }
    }

    @Test("--reduce-motion plays the declared variant, which fades in place: the detail never moves", arguments: [false, true])
    func playsTheVariant(isolated: Bool) async throws {
        let dir = try TempDir()
        let folder = try dir.folder("plugins")
        try await compileC(Self.withCalmVariant().render(), to: "plugins/calm.so", in: dir)
        let isolation = isolated ? ["--isolate", "--isolate-timeout", scaled(10)] : []

        let inspect = try await runHost(["inspect", "fx"], pluginFolder: folder, in: dir)
        #expect(inspect.out.contains("reduced:     fixture.calm:fx-calm (played instead under --reduce-motion)"), "\(inspect)")
        let text = try await runHost(["run", "fx", "--reduce-motion"] + isolation, pluginFolder: folder, in: dir)
        #expect(text.status == 0, "\(text)")
        #expect(text.out.contains("Reduce Motion: playing 'fx-calm', the reduced variant 'fx' declares"), "\(text.out)")
        #expect(text.out.contains("Present: completed by fixture.calm:fx-calm") && text.out.contains("Dismiss: completed by fixture.calm:fx-calm"),
                "\(text.out)")

        let calm = try frames(try await runHost(["run", "fx", "--reduce-motion", "--format", "json"] + isolation, pluginFolder: folder, in: dir))
        let places = Set(calm.compactMap { $0["detail"] })
        #expect(places.count == 1, "the detail moved: \(places)")
        // Without the flag the same effect slides the detail in from the right.
        let sliding = try frames(try await runHost(["run", "fx", "--format", "json"] + isolation, pluginFolder: folder, in: dir))
        #expect(Set(sliding.compactMap { $0["detail"]?.first }).count > 5)
    }

    @Test("--reduce-motion with no variant declared plays a cross-dissolve, in every flow, and says so",
          arguments: [[], ["--push"], ["--tabs"]])
    func dissolvesWithoutAVariant(flow: [String]) async throws {
        let dir = try TempDir()
        let run = try await runHost(["run", "diagonal", "--reduce-motion"] + flow, pluginFolder: try dir.folder("none"), in: dir)
        #expect(run.status == 0, "\(run)")
        #expect(run.out.contains("Reduce Motion: 'diagonal' declares no reduced variant; playing a cross-dissolve, as the system does"), "\(run.out)")
        #expect(run.out.contains("completed by cross-dissolve"), "\(run.out)")
        #expect(!run.out.contains("completed by diagonal"), "\(run.out)")
    }

    @Test("under --reduce-motion a parameter goes to what plays: cube's perspective is not cube-fade's (exit 2, naming it)")
    func parametersGoToTheVariant() async throws {
        let dir = try TempDir()
        let run = try await runHost(["run", "cube", "--reduce-motion", "--param", "perspective=500"], pluginFolder: try dir.folder("none"), in: dir)
        #expect(run.status == 2, "\(run)")
        #expect(run.err.contains("cube:cube-fade has no parameter 'perspective'"), "\(run)")
        let plain = try await runHost(["run", "cube", "--param", "perspective=500"], pluginFolder: try dir.folder("none"), in: dir)
        #expect(plain.status == 0, "\(plain)")
    }

    @Test("host validate plays the variant: one that fades passes; one that slides fails, naming the view and the step")
    func validateChecksTheVariant() async throws {
        let dir = try TempDir()
        let calm = try await compileC(Self.withCalmVariant().render(), to: "calm.so", in: dir)
        let good = try ValidateJSON(try await runHost(["validate", calm, "--json", "--only", "behaviour.fx.present.reduced-motion",
                                                       "--only", "behaviour.fx.dismiss.reduced-motion"], userData: try dir.folder("data"), in: dir))
        #expect(good.conforms)
        #expect(good.row("behaviour.fx.present.reduced-motion")?.result == "pass")
        #expect(good.row("behaviour.fx.dismiss.reduced-motion")?.reason.contains("its reduced variant 'fx-calm' moved and resized nothing") == true)
        #expect(good.row("behaviour.fx-calm.present.reduced-motion") == nil, "only an effect that declares a variant gets the test")

        // A "calm" variant that slides after all.
        var restless = Self.withCalmVariant()
        restless.animatePrologue = "self->calm = false;"
        let bad = try await compileC(restless.render(), to: "restless.so", in: dir)
        let result = try await runHost(["validate", bad, "--json", "--only", "behaviour.fx.present.reduced-motion"], userData: try dir.folder("data"), in: dir)
        let report = try ValidateJSON(result)
        #expect(result.status == 1 && !report.conforms)
        let row = try #require(report.row("behaviour.fx.present.reduced-motion"))
        #expect(row.result == "fail")
        #expect(row.reason.contains("its reduced variant 'fx-calm' moved or resized 'detail' by"), "\(row.reason)")
    }

    @Test("a reduced_motion naming no effect of the plugin refuses the plugin, naming the field; validate fails descriptors.ids")
    func variantMustExist() async throws {
        let dir = try TempDir()
        let folder = try dir.folder("plugins")
        var plugin = PluginTemplate(pluginID: "fixture.lost", effectID: "lost", ending: .conforming)
        plugin.flags = "0, .reduced_motion = \"nowhere\""
        let path = try await compileC(plugin.render(), to: "plugins/lost.so", in: dir)
        let list = try await runHost(["list"], pluginFolder: folder, in: dir)
        #expect(list.out.contains("effect 'lost' reduced_motion names 'nowhere', which this plugin does not offer"), "\(list)")
        let report = try ValidateJSON(try await runHost(["validate", path, "--json", "--only", "descriptors."], userData: try dir.folder("data"), in: dir))
        #expect(report.row("descriptors.ids")?.result == "fail")
        #expect(report.row("descriptors.ids")?.reason.contains("names 'nowhere'") == true)
    }
}
