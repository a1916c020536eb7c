import Foundation
import Testing

/// The bundled `cube` effect through the real host, in process and isolated: the two screens
/// are faces of one cube (their shared edge stays together as it turns), turning the right way
/// for push and the other way for pop, upwards for present; flat and unveiled at the end as
/// UIKit leaves a scene; put back when a gesture cancels. Its mid-push frame is compared with a
/// reference image, as the renderer's poses are (Tests/RenderingTests/References).
@Suite("The cube effect")
struct CubeEffectTests {
    /// The timeline (`--output x.json`) of `host run cube` with `arguments`.
    func timeline(_ arguments: [String], in dir: TempDir, name: String) async throws -> [[String: Any]] {
        let path = dir.file("\(name).json")
        let result = try await runHost(["run", "cube", "--output", path] + arguments, pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(root["frames"] as? [[String: Any]])
    }

    func layer(_ name: String, at time: Double, in frames: [[String: Any]]) throws -> [String: Any]? {
        let frame = try #require(frames.min { abs(($0["time"] as! Double) - time) < abs(($1["time"] as! Double) - time) })
        return (frame["layers"] as! [[String: Any]]).first { ($0["name"] as? String) == name }
    }

    /// Where the point `x` points right of a face's centre (on its middle line) is drawn, in
    /// points right of the centre: the row vector (x, 0, 0, 1) through the 3D transform.
    func drawnX(_ x: Double, _ m: [Double]) -> Double { (x * m[0] + m[12]) / (x * m[3] + m[15]) }

    @Test("push: the old screen turns away to the left as the new one turns in from the right, their shared edge together; pop turns back; flat and unveiled at the end, in process and isolated alike")
    func pushAndPop() async throws {
        let dir = try TempDir("cube-push")
        let inProcess = try await timeline(["--push"], in: dir, name: "in-process")
        let isolated = try await timeline(["--push", "--isolate", "--isolate-timeout", "30"], in: dir, name: "isolated")
        #expect(NSDictionary(dictionary: ["f": inProcess]).isEqual(to: ["f": isolated]), "the isolated run drew other frames")

        // Push (0.6 s, eased), halfway: both faces turned, with perspective.
        for (time, outgoing, incoming, forward) in [(0.3, "home", "detail", true), (0.9, "detail", "home", false)] {
            let old = try #require(try layer(outgoing, at: time, in: inProcess)?["transform3D"] as? [Double], "\(outgoing) at \(time)")
            let new = try #require(try layer(incoming, at: time, in: inProcess)?["transform3D"] as? [Double], "\(incoming) at \(time)")
            #expect(old[11] < 0 && new[11] < 0, "perspective (m34 < 0): \(old[11]), \(new[11])")
            // m13 = -sin(angle): going forward the old face turns to -90° (m13 > 0), the new one
            // comes from +90°; back, the other way.
            #expect(forward ? (old[2] > 0.5 && new[2] < -0.5) : (old[2] < -0.5 && new[2] > 0.5), "at \(time): \(old[2]), \(new[2])")
            // Going forward the old face's centre moves left, the new one's is still right of centre.
            #expect(forward ? (drawnX(0, old) < -20 && drawnX(0, new) > 20) : (drawnX(0, old) > 20 && drawnX(0, new) < -20),
                    "at \(time): \(drawnX(0, old)), \(drawnX(0, new))")
            // One cube: the old face's leading edge meets the new face's trailing edge.
            let half = 195.0
            let (oldEdge, newEdge) = forward ? (drawnX(half, old), drawnX(-half, new)) : (drawnX(-half, old), drawnX(half, new))
            #expect(abs(oldEdge - newEdge) < 2, "at \(time) the faces part: \(oldEdge) and \(newEdge)")
        }
        // The face turning away darkens under the veil, which is gone once the turn ends.
        let veil = try layer("cube.veil.from", at: 0.3, in: inProcess)
        #expect(veil != nil && (veil?["opacity"] as? Double ?? 0) > 0.2, "\(String(describing: veil))")
        // The pop starts the frame the push ends: at 0.6 s the pushed screen is flat; at the end
        // the home screen is alone, flat and unveiled.
        #expect(try layer("detail", at: 0.6, in: inProcess)?["transform3D"] == nil)
        let last = try #require(inProcess.last?["layers"] as? [[String: Any]])
        #expect(last.allSatisfy { $0["transform3D"] == nil }, "every screen is flat again")
        #expect(!last.contains { ($0["name"] as? String)?.hasPrefix("cube.veil") == true }, "the veils are gone")
        #expect(last.contains { $0["name"] as? String == "home" } && !last.contains { $0["name"] as? String == "detail" })

        // The host checks each end state as UIKit leaves it.
        let report = try await runHost(["run", "cube", "--push", "--format", "json"], pluginFolder: try dir.folder("plugins"), in: dir)
        let run = try RunJSON(report)
        #expect(run.clean && run.outcomes.count == 2 && run.outcomes.allSatisfy { $0.completed && $0.violations.isEmpty }, "\(report)")
    }

    @Test("present turns the cube upwards: the new screen comes from below, sharing its top edge with the old one's bottom")
    func present() async throws {
        let dir = try TempDir("cube-present")
        let frames = try await timeline([], in: dir, name: "present")
        let old = try #require(try layer("home", at: 0.3, in: frames)?["transform3D"] as? [Double])
        let new = try #require(try layer("detail", at: 0.3, in: frames)?["transform3D"] as? [Double])
        func drawnY(_ y: Double, _ m: [Double]) -> Double { (y * m[5] + m[13]) / (y * m[7] + m[15]) }
        #expect(drawnY(0, old) < -20 && drawnY(0, new) > 20, "the old face rises, the new one comes from below")
        // Keyframes 6° apart keep the edges within half a percent of the screen's height.
        #expect(abs(drawnY(422, old) - drawnY(-422, new)) < 4, "\(drawnY(422, old)) and \(drawnY(-422, new))")
        // About the horizontal axis only: x never mixes with y or z (m12, m13, m21, m31 are 0).
        #expect([old, new].allSatisfy { m in [m[1], m[2], m[4], m[8]].allSatisfy { abs($0) < 1e-6 } }, "\(old), \(new)")
    }

    @Test("a push cancelled by its gesture puts the scene back as it was: the home screen alone, flat, unveiled; in process and isolated")
    func cancelRestores() async throws {
        let dir = try TempDir("cube-cancel")
        for isolate in [false, true] {
            let result = try await runHost(
                // A generous --isolate-timeout: under the whole suite's load a call can take
                // longer than the default 2 s; the deadline has tests of its own.
                ["run", "cube", "--push", "--interactive", "0=0, 0.2=0.35, release=0", "--format", "json"]
                    + (isolate ? ["--isolate", "--isolate-timeout", "30"] : []),
                pluginFolder: try dir.folder("plugins"), in: dir)
            #expect(result.status == 0 && !result.crashed, "\(result)")
            let run = try RunJSON(result)
            #expect(run.clean, "isolate \(isolate): \(run.warnings)")
            let push = try #require(run.outcomes.first)
            #expect(!push.completed && push.cancelledByGesture && push.violations.isEmpty, "isolate \(isolate): \(push)")
            let last = try #require(run.frames.last)
            #expect(last.view("home") != nil && last.view("detail") == nil, "isolate \(isolate)")
            #expect(!last.views.contains { $0.name.hasPrefix("cube.veil") }, "isolate \(isolate)")
        }
        let frames = try await timeline(["--push", "--interactive", "0=0, 0.2=0.35, release=0"], in: dir, name: "cancel")
        // Mid-gesture the faces are turned; once thrown back, flat.
        #expect(try layer("home", at: 0.2, in: frames)?["transform3D"] != nil)
        let last = try #require(frames.last)
        #expect((last["layers"] as! [[String: Any]]).allSatisfy { $0["transform3D"] == nil })
    }

    @Test("host validate: cube conforms, its parameters included")
    func validates() async throws {
        let dir = try TempDir("cube-validate")
        _ = try Build.requireHost()
        let result = try await runHost(["validate", "\(Build.bundledPlugins)/cube.so", "--json"], userData: try dir.folder("data"), in: dir)
        let report = try ValidateJSON(result)
        #expect(result.status == 0 && report.conforms, "\(result)")
        let bad = report.tests.filter { !["pass", "warn", "skip"].contains($0.result) }
        #expect(bad.isEmpty, "\(bad.map { "\($0.name): \($0.result): \($0.reason)" })")
        for test in ["behaviour.cube.present.end-state", "behaviour.cube.dismiss.cancel", "behaviour.cube.present.interactive"] {
            #expect(report.tests.contains { $0.name == test && $0.result == "pass" }, "\(test): \(report.tests.map { "\($0.name) \($0.result)" })")
        }
    }

    @Test("the cube mid-push matches its reference image")
    func midPushReference() async throws {
        let dir = try TempDir("cube-reference")
        let folder = dir.file("frames") + "/"
        let result = try await runHost(["run", "cube", "--push", "--output", folder], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 0, "\(result)")
        // 60 frames a second from 0: frame 18 is 0.3 s, halfway through the push.
        try ReferenceFrame.expect(folder + "frame-0018.png", matches: "cube-mid-push.png")
    }
}
