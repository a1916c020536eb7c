import Testing
import TransitionCore
@testable import Rendering

// What keeps a run of a large scene small: snapshots only when something draws them, and the
// JSON handed out in pieces. Neither may change a byte of what the run reports.

@Suite("A large run's memory")
struct RunMemoryTests {
    /// A scene file of `views` small views on one screen, going to a second by cross-dissolve.
    static func largeScene(views: Int) throws -> SceneDescription {
        let list = (0..<views).map { i in ##"{"name": "v\##(i)", "frame": [\##(i % 390), \##(i / 390), 4, 4], "color": "#3478f6"}"## }
        return try SceneDescription(parsing: """
            {"window": [390, 844], "screens": [{"name": "a", "views": [\(list.joined(separator: ","))]},
             {"name": "b", "color": "#ffffff"}],
             "segues": [{"name": "go", "from": "a", "to": "b", "effect": "cross-dissolve"}]}
            """)
    }

    static func run(_ scene: SceneDescription, snapshots: Bool) throws -> TransitionRun.Report {
        let registry = EffectRegistry()
        for standard in StandardEffect.all() { registry.register(standard) }
        var options = TransitionRun.Options(effect: "", scene: scene)
        options.recordsSnapshots = snapshots
        return try TransitionRun.run(registry: registry, options: options)
    }

    @Test("Streamed JSON is the rendered JSON, byte for byte, in pieces of bounded size")
    func streamedJSON() throws {
        let report = try Self.run(try Self.largeScene(views: 300), snapshots: false)
        let whole = RunReportJSON.render(report)
        var pieces: [String] = []
        RunReportJSON.write(report) { pieces.append($0) }
        #expect(pieces.count > 3, "a document of \(whole.utf8.count) bytes came in \(pieces.count) pieces")
        #expect(pieces.allSatisfy { $0.utf8.count < 80_000 }, "a piece was not cut: \(pieces.map(\.utf8.count).max() ?? 0) bytes")
        #expect(pieces.joined() == whole)
    }

    @Test("A run asked for no snapshots keeps none, and its frames and events are the same")
    func noSnapshots() throws {
        let scene = try Self.largeScene(views: 50)
        let with = try Self.run(scene, snapshots: true)
        let without = try Self.run(scene, snapshots: false)
        #expect(with.snapshots.count == with.frames.count && !with.snapshots.isEmpty)
        #expect(without.snapshots.isEmpty)
        #expect(without.frames == with.frames)
        #expect(without.events == with.events)
        #expect(RunReportJSON.render(without) == RunReportJSON.render(with))
    }
}
