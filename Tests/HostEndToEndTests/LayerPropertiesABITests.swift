import Foundation
import Testing

/// ABI 1.1's layer properties, used by a C plugin as a sheet presentation would use them, in
/// process and isolated alike: what it sets at once and what it animates reaches the frames
/// the same way in both; a value the header refuses is refused in both, and the run, and
/// `host validate`, say so naming the function.
@Suite("Layer properties through the ABI")
struct LayerPropertiesABITests {
    /// Rounds the presented view's top corners, clips it and animates a shadow and a border in
    /// with the slide (linear, 0.25 s); takes them out again on the way back.
    static let sheet = PluginTemplate(
        pluginID: "fixture.layers", effectID: "fx", ending: .conforming,
        animatePrologue: """
            if (self->incoming) {
                th_view to;
                host->view(ctx, TH_TO, &to);
                host->set_corner_radius(to, 16);
                host->set_masked_corners(to, TH_CORNER_TOP_LEFT | TH_CORNER_TOP_RIGHT);
                host->set_clips_to_bounds(to, true);
            }
            """,
        animationsPrologue: """
            {
                th_view v = self->incoming ? self->to : self->from;
                th_color ink = { 0.0, 0.0, 1.0, 1.0 };
                th_point offset = { 0.0, -6.0 };
                host->set_shadow_opacity(v, self->incoming ? 0.5 : 0.0);
                host->set_shadow_radius(v, self->incoming ? 20.0 : 3.0);
                host->set_shadow_offset(v, offset);
                host->set_border_width(v, self->incoming ? 4.0 : 0.0);
                host->set_border_color(v, ink);
            }
            """)

    func timeline(isolated: Bool, in dir: TempDir, plugins: String) async throws -> [String: Any] {
        let path = dir.file(isolated ? "isolated.json" : "in-process.json")
        let result = try await runHost(["run", "fx", "--output", path] + (isolated ? ["--isolate"] : []), pluginFolder: plugins, in: dir)
        #expect(result.status == 0, "\(result)")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The presented screen's layer in the frame nearest `time`.
    func detail(at time: Double, in timeline: [String: Any]) throws -> [String: Any] {
        let frames = try #require(timeline["frames"] as? [[String: Any]])
        let frame = try #require(frames.min { abs(($0["time"] as! Double) - time) < abs(($1["time"] as! Double) - time) })
        let layers = try #require(frame["layers"] as? [[String: Any]])
        return try #require(layers.first { ($0["name"] as? String) == "detail" }, "no detail layer at \(time) s")
    }

    @Test("set at once and animated with the slide, in process and isolated alike: halfway, half the shadow and half the border")
    func animatedInBothModes() async throws {
        let dir = try TempDir("layers")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.sheet.render(), to: "plugins/layers.so", in: dir)
        let inProcess = try await timeline(isolated: false, in: dir, plugins: plugins)
        let isolated = try await timeline(isolated: true, in: dir, plugins: plugins)

        let half = try detail(at: 0.125, in: inProcess)
        #expect(half["maskedCorners"] as? Int == 3 && half["clipsToBounds"] as? Bool == true, "\(half)")
        let shadow = try #require(half["shadow"] as? [String: Any], "\(half)")
        #expect(abs((shadow["opacity"] as! Double) - 0.25) < 0.03, "\(shadow)")
        #expect(abs((shadow["radius"] as! Double) - 11.5) < 1.5, "\(shadow)")
        // From UIKit's default offset (0, −3) towards (0, −6).
        let offset = shadow["offset"] as! [Double]
        #expect(offset[0] == 0 && abs(offset[1] + 4.5) < 0.25, "\(shadow)")
        let border = try #require(half["border"] as? [String: Any], "\(half)")
        #expect(abs((border["width"] as! Double) - 2) < 0.25, "\(border)")
        // From the default black towards blue.
        let ink = border["color"] as! [Double]
        #expect(ink[0] == 0 && ink[1] == 0 && abs(ink[2] - 0.5) < 0.06 && ink[3] == 1, "\(border)")

        // Isolated, the plugin's calls cross a socket and meet the same checks: the same frames.
        #expect(NSDictionary(dictionary: inProcess["frames"].map { ["f": $0] } ?? [:])
                    .isEqual(to: isolated["frames"].map { ["f": $0] } ?? [:]), "the isolated run drew other frames")
    }

    @Test("the bundled flip turns the screens in 3D through set_transform3d: edge-on halfway, flat at the end; in process and isolated alike")
    func flip() async throws {
        let dir = try TempDir("flip")
        let plugins = try dir.folder("plugins")
        var timelines: [[String: Any]] = []
        for isolate in [false, true] {
            let path = dir.file("flip-\(isolate).json")
            let result = try await runHost(["run", "flip", "--output", path] + (isolate ? ["--isolate"] : []), pluginFolder: plugins, in: dir)
            #expect(result.status == 0, "\(result)")
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            timelines.append(try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any]))
        }
        let frames = try #require(timelines[0]["frames"] as? [[String: Any]])
        func home(at time: Double) throws -> [String: Any] {
            let frame = try #require(frames.min { abs(($0["time"] as! Double) - time) < abs(($1["time"] as! Double) - time) })
            return try #require((frame["layers"] as! [[String: Any]]).first { ($0["name"] as? String) == "home" })
        }
        // Halfway through the presentation (0.6 s, eased) the old screen is edge-on: m11 = cos 90°.
        let middle = try #require(try home(at: 0.3)["transform3D"] as? [Double])
        #expect(abs(middle[0]) < 0.05 && abs(abs(middle[2]) - 1) < 0.05, "\(middle)")
        #expect(try home(at: 1.2)["transform3D"] == nil, "flat again once dismissed")
        #expect(NSDictionary(dictionary: ["f": timelines[0]["frames"]!]).isEqual(to: ["f": timelines[1]["frames"]!]),
                "the isolated run drew other frames")
    }

    /// Sets a negative shadow radius when it animates.
    static let negative = PluginTemplate(
        pluginID: "fixture.negative", effectID: "fx", ending: .conforming,
        animatePrologue: "{ th_view to; host->view(ctx, TH_TO, &to); if (to.id != 0) (void)host->set_shadow_radius(to, -2.0); }")

    @Test("a negative shadow radius is refused and reported naming set_shadow_radius, in process and isolated; host validate warns in the test that saw it")
    func refusedInBothModes() async throws {
        let dir = try TempDir("layers-bad")
        let plugins = try dir.folder("plugins")
        let so = try await compileC(Self.negative.render(), to: "plugins/negative.so", in: dir)
        for isolate in [false, true] {
            let result = try await runHost(["run", "fx", "--format", "json"] + (isolate ? ["--isolate"] : []), pluginFolder: plugins, in: dir)
            // A refused value is the plugin's mistake, reported; the run itself goes on.
            #expect(result.status == 0, "isolate \(isolate): \(result)")
            let run = try RunJSON(result)
            #expect(run.events.contains { $0.level == "warning" && $0.name.contains("set_shadow_radius") && $0.name.contains(">= 0") },
                    "isolate \(isolate): \(run.events.map(\.name))")
        }
        let validate = try await runProgram(try Build.requireHost(), ["validate", so, "--only", "behaviour.fx.present.end-state"], outputIn: dir)
        // A warning, as every misuse the host survives: exit 0, the test marked "warn", the reason given.
        #expect(validate.status == 0, "\(validate)")
        let line = validate.out.split(separator: "\n").first { $0.hasPrefix("behaviour.fx.present.end-state") } ?? ""
        #expect(line.contains(" warn ") && line.contains("set_shadow_radius"), "\(validate.out)")
    }
}
