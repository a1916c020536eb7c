import Foundation
import Testing

// End to end through the real host: interactive gestures, navigation and tabs, --slow, and
// the bundled photos scene whose thumbnail zooms into the detail header.

@Suite("host run: the transition model") struct HostTransitionModelTests {
    @Test("an interactive presentation released short of half way is cancelled and the scene restored; exit 0")
    func interactiveCancel() async throws {
        let dir = try TempDir("interactive")
        let gesture = try dir.write("gesture.txt", text: "# drag a little, then let go\n0=0\n0.2=0.3\nrelease=0\n")
        let result = try await runHost(["run", "diagonal", "--interactive", gesture, "--format", "json"],
                                       pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let run = try RunJSON(result)
        #expect(run.clean)
        #expect(run.outcomes.count == 1 && !run.outcomes[0].completed && !run.outcomes[0].cutOff)
        #expect(run.outcomes[0].cancelledByGesture, "the report says who cancelled")
        // Cancel from 0.3 of 0.5 s at completion speed 1: 0.15 s back to the start.
        #expect(abs(run.outcomes[0].end - 0.35) < 0.02, "\(run.outcomes[0].end)")
        let last = try #require(run.frames.last)
        #expect(last.view("detail") == nil && last.view("home") != nil)
        #expect(run.events.contains { $0.name == "coordinator.interactionChanged(cancelled: true)" })

        // The text summary says the cancel was the gesture's, so that exit 0 reads as intended.
        let text = try await runHost(["run", "diagonal", "--interactive", gesture], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(text.status == 0, "\(text)")
        #expect(text.out.contains("Present: cancelled by its gesture, as asked, by diagonal:diagonal"), "\(text.out)")
        #expect(text.out.hasSuffix("OK\n"), "\(text.out)")
    }

    @Test("a bad gesture is a usage error naming the fault")
    func badGesture() async throws {
        let dir = try TempDir("bad-gesture")
        let result = try await runHost(["run", "diagonal", "--interactive", "0=0,0.1=2,release=0"],
                                       pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 64, "\(result)")
        #expect(result.err.contains("outside [0, 1]"), "\(result)")
    }

    @Test("--push and --tabs run there and back with the bundled slide; --pop pops once")
    func navigationAndTabs() async throws {
        let dir = try TempDir("flows")
        let plugins = try dir.folder("plugins")
        for (flag, kinds) in [("--push", ["push", "pop"]), ("--tabs", ["tab-switch", "tab-switch"]), ("--pop", ["pop"])] {
            let result = try await runHost(["run", "slide", flag, "--format", "json"], pluginFolder: plugins, in: dir)
            #expect(result.status == 0 && !result.crashed, "\(flag): \(result)")
            let run = try RunJSON(result)
            #expect(run.clean && run.outcomes.map(\.transition) == kinds, "\(flag)")
        }
    }

    @Test("--slow 3 makes the same run three times as long")
    func slow() async throws {
        let dir = try TempDir("slow")
        let plugins = try dir.folder("plugins")
        let normal = try RunJSON(try await runHost(["run", "diagonal", "--format", "json"], pluginFolder: plugins, in: dir))
        let slow = try RunJSON(try await runHost(["run", "diagonal", "--slow", "3", "--format", "json"], pluginFolder: plugins, in: dir))
        #expect(abs(try #require(slow.frames.last).time - 3 * (try #require(normal.frames.last).time)) < 1e-9)
        #expect(slow.clean)
    }

    @Test("the photos scene: the thumbnail zooms into the header in a clipping view on a spring that overshoots, and back without collapsing")
    func photosSceneZoom() async throws {
        let dir = try TempDir("photos")
        let result = try await runHost(["run", "--scene", "photos", "--format", "json"],
                                       pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let run = try RunJSON(result)
        #expect(run.clean && run.outcomes.map(\.transition) == ["push", "pop"])
        let push = run.outcomes[0]
        let flying = run.frames.filter { $0.time <= push.end }.compactMap { $0.view("zoom.clip") }
        let first = try #require(flying.first)
        #expect(first.x == 16 && first.y == 116 && first.width == 56, "starts on the thumbnail (in the container): \(first)")
        #expect(flying.map(\.width).max()! > 400, "a damping of 0.55 overshoots the 390-point header")
        let after = try #require(run.frames.first { $0.time > push.end - 1e-9 })
        #expect(after.view("photo.header")?.width == 390)
        let back = run.frames.filter { $0.time > push.end }.compactMap { $0.view("zoom.clip") }
        #expect(back.count > 5, "the clipping view flies back on the pop")
        // Shrinking, the spring is critically damped: never below the thumbnail's 56 points.
        #expect(back.map(\.width).min()! >= 56 - 1e-9, "\(back.map(\.width))")
        #expect(try #require(run.frames.last).view("list.cell1.thumbnail") != nil)
    }

    @Test("a scene file with a fault is refused with its line and key; an unknown segue is named")
    func badScene() async throws {
        let dir = try TempDir("bad-scene")
        let file = try dir.write("scene.json", text: "{\n  \"screens\": [\n    {\"name\": \"a\", \"color\": \"red\"}\n  ]\n}\n")
        let result = try await runHost(["run", "--scene", file], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 2, "\(result)")
        #expect(result.err.contains("line 3, key 'screens[0].color'"), "\(result)")
        let unknown = try await runHost(["run", "--scene", "photos", "--segue", "close"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(unknown.status == 2 && unknown.err.contains("no segue named 'close'; it has: open"), "\(unknown)")
    }
}
