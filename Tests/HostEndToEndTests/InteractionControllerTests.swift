import Foundation
import Testing

/// ABI 1.1's interaction controllers, end to end with the bundled plugins written against the
/// public header alone: `pinch-dismiss` (the guide's pinch: progress 1 − scale / the first
/// scale, finish when closing) and `edge-pop` (the guide's edge pan: translation / width,
/// finish past half way or on a flick). The plugin reads the gesture's events and drives the
/// transition through the context; the host's percent-driven engine does the rest. In process
/// and isolated alike.
@Suite("Interaction controllers as plugins (ABI 1.1)")
struct InteractionControllerTests {
    static let closingPinch = "pinch: 0s 1, 0.2s 0.8, 0.4s 0.5, release -1.5/s"
    static let openingPinch = "pinch: 0s 1, 0.2s 0.9, 0.3s 0.95, release 1/s"

    /// The run's JSON and its trace's event names.
    static func run(_ arguments: [String], _ label: String) async throws -> (ProgramResult, RunJSON, [String]) {
        let dir = try TempDir(label)
        let result = try await runHost(["run"] + arguments + ["--format", "json"], pluginFolder: try dir.folder("plugins"), in: dir)
        let report = try RunJSON(result)
        return (result, report, report.events.map(\.name))
    }

    @Test("host run diagonal --interactive-dismiss pinch-dismiss --gesture: the plugin's pinch drives the dismissal, its progress in the trace",
          arguments: [[], ["--isolate"]])
    func pinchDismiss(_ extra: [String]) async throws {
        let (result, report, names) = try await Self.run(
            ["diagonal", "--interactive-dismiss", "pinch-dismiss", "--gesture", Self.closingPinch] + extra, "pinch-dismiss")
        #expect(result.status == 0, "\(result)")
        #expect(report.outcomes.count == 2 && report.outcomes[1].completed && !report.outcomes[1].cancelledByGesture, "\(report.outcomes)")
        // The recogniser's events reach the plugin, and the plugin's own arithmetic comes back:
        // 1 − 0.8 / 1 and 1 − 0.5 / 1.
        let expected = ["pinch-dismiss:pinch-dismiss.startInteractiveTransition", "gesture.began(scale: 1, velocity: 0/s)",
                        "gesture.changed(scale: 0.8, velocity: -1/s)", "interaction.update(0.2)",
                        "gesture.changed(scale: 0.5, velocity: -1.5/s)", "interaction.update(0.5)",
                        "gesture.ended(scale: 0.5, velocity: -1.5/s)", "interaction.finish(at: 0.5)"]
        let seen = names.filter { expected.contains($0) }
        #expect(seen == expected, "\(names)")
        // As a recogniser does, it sends a changed event every frame while the fingers move, not
        // only at the script's times: 24 frames from 0 to 0.4 s, so 24 changed events.
        #expect(names.filter { $0.hasPrefix("gesture.changed(") }.count == 24, "\(names)")
        #expect(names.contains("gesture.changed(scale: 0.9, velocity: -1/s)"), "half way to the first sample: \(names)")
        // And the detail screen follows every frame of the pinch: no frame frozen, no jump.
        let start = report.outcomes[1].start
        let pinched = report.frames(from: start, to: start + 0.4).compactMap { $0.view("detail") }
        #expect(pinched.count == 25, "\(pinched.count) frames")
        for (a, b) in zip(pinched, pinched.dropFirst()) {
            #expect((a.x, a.y, a.width, a.height) != (b.x, b.y, b.width, b.height), "the detail screen stood still between two frames of the pinch: \(a) \(b)")
        }
        #expect(!names.contains { $0.hasPrefix("motion:") }, "\(names.filter { $0.hasPrefix("motion:") })")
    }

    @Test("a plugin controller drives a grab: pinch-dismiss reads the pinch from the grab on, its percent counted from where the animator was grabbed",
          arguments: [[], ["--isolate", "--isolate-timeout", "30"]])
    func controllerDrivesGrab(_ extra: [String]) async throws {
        let (result, report, names) = try await Self.run(
            ["interruptible", "--grab-at", "0.2", "--interactive-dismiss", "pinch-dismiss", "--gesture", "pinch: 0s 1, 0.1s 0.8, release -1.5/s"] + extra,
            "pinch-grab")
        #expect(result.status == 0 && report.clean, "\(result)")
        #expect(report.outcomes.last?.completed == true, "\(report.outcomes)")
        // Grabbed a third of the way (0.2 s of 0.6 s), the controller started then; its 0.2
        // (1 − 0.8) lands at 0.533 of the animator, from where it finishes.
        let order = ["interruptibleAnimator.grabbed(at: 0.333)", "pinch-dismiss:pinch-dismiss.startInteractiveTransition",
                     "gesture.began(scale: 1, velocity: 0/s)", "gesture.changed(scale: 0.9, velocity: -2/s)", "interaction.update(0.1)",
                     "gesture.changed(scale: 0.8, velocity: -2/s)", "interaction.update(0.2)", "gesture.ended(scale: 0.8, velocity: -1.5/s)",
                     "interaction.finish(at: 0.533)", "propertyAnimator.completed(at: end)", "context.completeTransition(true)"]
        let dismissNames = Array(names.drop { $0 != "delegate.animationControllerForDismissed" })
        #expect(dismissNames.filter { order.contains($0) } == order, "\(dismissNames)")
        // A changed event every frame while the fingers move: 6 over 0.1 s.
        #expect(names.filter { $0.hasPrefix("gesture.changed(") }.count == 6, "\(names)")
    }

    @Test("an opening pinch on a grab throws the dismissal back: cancelled as asked, the presented screen where it was",
          arguments: [[], ["--isolate", "--isolate-timeout", "30"]])
    func controllerThrowsGrabBack(_ extra: [String]) async throws {
        let (result, report, names) = try await Self.run(
            ["interruptible", "--grab-at", "0.2", "--interactive-dismiss", "pinch-dismiss", "--gesture", "pinch: 0s 1, 0.1s 1.1, release 1/s"] + extra,
            "pinch-grab-back")
        #expect(result.status == 0 && report.clean, "\(result)")
        let dismissal = try #require(report.outcomes.last)
        #expect(!dismissal.completed && dismissal.cancelledByGesture && dismissal.violations.isEmpty, "\(report.outcomes)")
        #expect(names.contains("interaction.cancel(at: 0.333)") && names.contains("propertyAnimator.completed(at: start)"), "\(names)")
        let before = try #require(report.frames(from: report.outcomes[0].end, to: report.outcomes[0].end).last?.view("detail"))
        let after = try #require(report.frames.last?.view("detail"))
        #expect([before.x, before.y, before.width, before.height, before.alpha] == [after.x, after.y, after.width, after.height, after.alpha])
    }

    @Test("an opening pinch cancels: the presented screen ends exactly as before, exit 0", arguments: [[], ["--isolate"]])
    func pinchCancels(_ extra: [String]) async throws {
        let (result, report, names) = try await Self.run(
            ["diagonal", "--interactive-dismiss", "pinch-dismiss", "--gesture", Self.openingPinch] + extra, "pinch-cancel")
        #expect(result.status == 0, "\(result)")
        let dismissal = try #require(report.outcomes.last)
        #expect(!dismissal.completed && dismissal.cancelledByGesture && dismissal.violations.isEmpty, "\(report.outcomes)")
        #expect(names.contains("interaction.cancel(at: 0.05)"), "\(names)")
        let before = try #require(report.frames(from: report.outcomes[0].end, to: report.outcomes[0].end).last)
        let after = try #require(report.frames.last)
        let detail = { (frame: RunJSON.Frame) in frame.views.first { $0.name == "detail" } }
        let (b, a) = (try #require(detail(before)), try #require(detail(after)))
        #expect([b.x, b.y, b.width, b.height, b.alpha] == [a.x, a.y, a.width, a.height, a.alpha] && !a.offScreen, "\(b) \(a)")
    }

    @Test("a delegate names the interaction controller itself (interaction_controller_for) when a gesture in points is given",
          arguments: [[], ["--isolate"]])
    func delegateVends(_ extra: [String]) async throws {
        let (result, report, names) = try await Self.run(
            ["pinch-zoom", "--interactive-dismiss", Self.closingPinch] + extra, "pinch-zoom")
        #expect(result.status == 0, "\(result)")
        #expect(names.contains("pinch-dismiss:pinch-dismiss.startInteractiveTransition"), "\(names)")
        #expect(names.filter { $0 == "animator.animateTransition" }.count == 2 && result.out.contains("pinch-dismiss:zoom-fade"),
                "the delegate's own animator runs both ways: \(names)")
        #expect(report.outcomes[1].completed, "\(report.outcomes)")
    }

    @Test("edge-pop pops past half way or on a flick and cancels short of it, through the edge-slide delegate")
    func edgePop() async throws {
        for (gesture, pops) in [("edge-pan(left): 0s 0pt, 0.2s 150pt, 0.3s 240pt, release 100pt/s", true),
                                ("edge-pan(left): 0s 0pt, 0.1s 60pt, release 1200pt/s", true),
                                ("edge-pan(left): 0s 0pt, 0.2s 100pt, release 50pt/s", false)] {
            let (result, report, names) = try await Self.run(["edge-slide", "--push", "--interactive-dismiss", gesture], "edge-pop")
            #expect(result.status == 0, "\(gesture): \(result)")
            #expect(names.contains("edge-pop:edge-pop.startInteractiveTransition"), "\(names)")
            let pop = try #require(report.outcomes.last)
            #expect(pop.completed == pops && pop.cancelledByGesture == !pops && pop.violations.isEmpty, "\(gesture): \(pop)")
        }
    }

    @Test("an interaction controller with a gesture that is not in points, or with no gesture, is a usage error (exit 64); an animator named as one is exit 2")
    func usage() async throws {
        let dir = try TempDir("interaction-usage")
        let folder = try dir.folder("plugins")
        let noGesture = try await runHost(["run", "diagonal", "--interactive-dismiss", "pinch-dismiss"], pluginFolder: folder, in: dir)
        #expect(noGesture.status == 64 && noGesture.err.contains("give the gesture it reads with --gesture"), "\(noGesture)")
        let progress = try await runHost(["run", "diagonal", "--interactive-dismiss", "pinch-dismiss", "--gesture", "0=0, 0.2=0.5, release=2"],
                                         pluginFolder: folder, in: dir)
        #expect(progress.status == 64 && progress.err.contains("give the gesture in points"), "\(progress)")
        let stray = try await runHost(["run", "diagonal", "--gesture", Self.closingPinch], pluginFolder: folder, in: dir)
        #expect(stray.status == 64 && stray.err.contains("name one with --interactive"), "\(stray)")
        // Of the wrong kind: exit 2, as any effect of the wrong kind.
        let animator = try await runHost(["run", "diagonal", "--interactive-dismiss", "slide", "--gesture", Self.closingPinch],
                                         pluginFolder: folder, in: dir)
        #expect(animator.status == 2 && animator.err.contains("interaction"), "an animator is not an interaction controller: \(animator)")
    }

    @Test("host inspect shows the interaction controller a delegate names, per transition, and no duration for a controller")
    func inspect() async throws {
        let dir = try TempDir("interaction-inspect")
        let folder = try dir.folder("plugins")
        let delegate = try await runHost(["inspect", "pinch-zoom"], pluginFolder: folder, in: dir)
        #expect(delegate.status == 0 && delegate.out.contains("interaction: pinch-dismiss:pinch-dismiss (dismiss, given a gesture)"), "\(delegate)")
        let json = try await runHost(["inspect", "edge-slide", "--json"], pluginFolder: folder, in: dir)
        #expect(json.out.contains(#""interactions":[{"name":"edge-pop:edge-pop","transitions":"pop"}]"#), "\(json)")
        let controller = try await runHost(["inspect", "pinch-dismiss"], pluginFolder: folder, in: dir)
        #expect(controller.out.contains("kind:        interaction") && !controller.out.contains("duration:"), "\(controller)")
    }
}
