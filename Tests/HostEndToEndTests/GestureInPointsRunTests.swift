import Foundation
import Testing

/// `--interactive` and `--interactive-dismiss` in points: the guide's pinch and edge pan, in
/// process and isolated alike (the interaction is the host's; only the animator is a plugin's).
@Suite("Gestures in points, in a run")
struct GestureInPointsRunTests {
    static let closingPinch = "pinch: 0s 1, 0.2s 0.7, 0.35s 0.4, release -2/s"
    static let openingPinch = "pinch: 0s 1, 0.2s 0.7, 0.35s 0.4, release 1/s"

    @Test("A closing pinch dismisses, an opening one cancels and leaves the presented screen as it was; both exit 0", arguments: [[], ["--isolate"]])
    func pinchDismissal(_ extra: [String]) async throws {
        let dir = try TempDir("gesture-pinch")
        let folder = try dir.folder("plugins")
        let finished = try await runHost(["run", "diagonal", "--interactive-dismiss", Self.closingPinch, "--format", "json"] + extra,
                                         pluginFolder: folder, in: dir)
        #expect(finished.status == 0, "\(finished)")
        let done = try RunJSON(finished)
        #expect(done.outcomes.count == 2 && done.outcomes[1].completed && !done.outcomes[1].cancelledByGesture, "\(done.outcomes)")
        // 1 − 0.4 / 1 = 0.6 at the release, as the guide's pinch handler computes it.
        #expect(done.events.contains { $0.name.hasPrefix("gesture released at 0.6 ") && $0.name.hasSuffix("finish") },
                "\(done.events.map(\.name))")

        let cancelled = try await runHost(["run", "diagonal", "--interactive-dismiss", Self.openingPinch, "--format", "json"] + extra,
                                          pluginFolder: folder, in: dir)
        #expect(cancelled.status == 0, "\(cancelled)")
        let back = try RunJSON(cancelled)
        let dismissal = try #require(back.outcomes.last)
        #expect(!dismissal.completed && dismissal.cancelledByGesture && dismissal.violations.isEmpty, "\(back.outcomes)")
        // The presented screen is back where the presentation left it, opaque.
        let before = try #require(back.frames(from: back.outcomes[0].end, to: back.outcomes[0].end).last)
        let after = try #require(back.frames.last)
        let detail = { (frame: RunJSON.Frame) in frame.views.first { $0.name.hasPrefix("detail") } }
        let (b, a) = (try #require(detail(before)), try #require(detail(after)))
        #expect([b.x, b.y, b.width, b.height] == [a.x, a.y, a.width, a.height] && a.alpha == 1 && !a.offScreen, "\(b) \(a)")
    }

    @Test("An edge pan from the left pops past half way or on a flick, and cancels short of it")
    func edgePanPop() async throws {
        let dir = try TempDir("gesture-edge")
        let folder = try dir.folder("plugins")
        for (gesture, pops) in [("edge-pan(left): 0s 0pt, 0.3s 120pt, 0.5s 260pt, release 100pt/s", true),
                                ("edge-pan(left): 0s 0pt, 0.2s 60pt, release 900pt/s", true),
                                ("edge-pan(left): 0s 0pt, 0.3s 120pt, release 50pt/s", false)] {
            let result = try await runHost(["run", "slide", "--pop", "--interactive", gesture, "--format", "json"], pluginFolder: folder, in: dir)
            #expect(result.status == 0, "\(result)")
            let pop = try #require(try RunJSON(result).outcomes.first)
            #expect(pop.completed == pops && pop.cancelledByGesture == !pops, "\(gesture): \(pop)")
        }
    }

    @Test("--follow-finger: a pan down 211 pt moves the dismissed screen down exactly 211 pt, every frame of the drag, in process and isolated; without it the eased curve lags",
          arguments: [[], ["--isolate"]])
    func followsTheFinger(_ extra: [String]) async throws {
        let dir = try TempDir("gesture-follow")
        let folder = try dir.folder("plugins")
        let gesture = "pan(down): 0s 0pt, 0.2s 211pt, release 2000pt/s"
        func detailY(_ arguments: [String]) async throws -> (run: RunJSON, ys: [(time: Double, y: Double)]) {
            let result = try await runHost(["run", "diagonal", "--interactive-dismiss", gesture, "--format", "json"] + arguments + extra,
                                           pluginFolder: folder, in: dir)
            #expect(result.status == 0, "\(result)")
            let run = try RunJSON(result)
            let start = try #require(run.outcomes.last).start
            let ys = run.frames(from: start, to: start + 0.2 + 1e-9).compactMap { f in f.view("detail").map { (f.time - start, $0.y) } }
            return (run, ys)
        }
        let (followed, ys) = try await detailY(["--follow-finger"])
        #expect(followed.clean && ys.count == 13, "\(ys)")
        for (time, y) in ys {
            // The finger's distance at that time: 211 pt over 0.2 s, interpolated each frame.
            #expect(abs(y - 211 * time / 0.2) < 1e-6, "at \(time) s the screen is at \(y) pt")
        }
        let (_, eased) = try await detailY([])
        let last = try #require(eased.last)
        #expect(last.y < 150, "the eased curve at a quarter of the way: \(last)")
    }

    @Test("A malformed gesture in points is a usage error (exit 64) that names the fault")
    func malformed() async throws {
        let dir = try TempDir("gesture-bad")
        let result = try await runHost(["run", "diagonal", "--interactive", "edge-pan(middle): 0s 0pt, release 1pt/s"],
                                       pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 64 && result.err.contains("an edge is one of bottom, left, right, top"), "\(result)")
    }
}
