import Foundation
import Testing

/// ABI 1.1's interruptible animators, end to end with the bundled `interruptible` plugin (a
/// property animator made through TH_EXT_HOST_PROPERTY_ANIMATORS): a gesture grabs the running
/// transition (`--grab-at`), scrubs it, and throws it back or lets it continue; the context
/// reports it. In process and isolated alike.
@Suite("Interruptible animators (ABI 1.1): grabbed mid-flight")
struct InterruptibleAnimatorTests {
    static func run(_ arguments: [String], _ label: String) async throws -> (ProgramResult, RunJSON, [String]) {
        let dir = try TempDir(label)
        let result = try await runHost(["run"] + arguments + ["--format", "json"], pluginFolder: try dir.folder("plugins"), in: dir)
        let report = try RunJSON(result)
        return (result, report, report.events.map(\.name))
    }

    @Test("grabbed 0.2 s into the dismissal and flicked back: thrown back to where it began, cancelled as asked, the scene as before",
          arguments: [[], ["--isolate"]])
    func thrownBack(_ extra: [String]) async throws {
        let (result, report, names) = try await Self.run(
            ["interruptible", "--grab-at", "0.2", "--interactive-dismiss", "pan(down): 0s 0pt, 0.1s 40pt, release -1200pt/s"] + extra, "grab-back")
        #expect(result.status == 0, "\(result)")
        let dismissal = try #require(report.outcomes.last)
        #expect(!dismissal.completed && dismissal.cancelledByGesture && dismissal.violations.isEmpty, "\(report.outcomes)")
        let order = ["propertyAnimator.start(at: 0)", "propertyAnimator.pause(at: 0.333)", "interruptibleAnimator.grabbed(at: 0.333)",
                     "propertyAnimator.reversed(true)", "coordinator.interactionChanged(cancelled: true)",
                     "propertyAnimator.completed(at: start)", "context.completeTransition(false)"]
        let dismissNames = Array(names.drop { $0 != "delegate.animationControllerForDismissed" })
        #expect(dismissNames.filter { order.contains($0) } == order, "\(dismissNames)")
        // The presented screen is where the presentation left it.
        let before = try #require(report.frames(from: report.outcomes[0].end, to: report.outcomes[0].end).last)
        let after = try #require(report.frames.last)
        let detail = { (frame: RunJSON.Frame) in frame.views.first { $0.name == "detail" } }
        let (b, a) = (try #require(detail(before)), try #require(detail(after)))
        #expect([b.x, b.y, b.width, b.height, b.alpha] == [a.x, a.y, a.width, a.height, a.alpha], "\(b) \(a)")
    }

    @Test("with a presentation controller, its alongside animations follow the grabbed animator (a plugin's, or the host's standard one): thrown back with it, the scene as before and clean",
          arguments: [["interruptible"], ["interruptible", "--isolate", "--isolate-timeout", "30"], ["cover-vertical"],
                      ["cross-dissolve", "--isolate", "--isolate-timeout", "30"]])
    func alongsideFollowGrab(_ effect: [String]) async throws {
        let (result, report, _) = try await Self.run(
            effect + ["--presentation", "card-sheet", "--grab-at", "0.2",
             "--interactive-dismiss", "pan(down): 0s 0pt, 0.1s 40pt, release -1200pt/s"], "grab-alongside")
        #expect(result.status == 0 && report.clean, "\(result)")
        let presented = try #require(report.frames(from: report.outcomes[0].end, to: report.outcomes[0].end).last)
        let dismissal = try #require(report.outcomes.last)
        #expect(!dismissal.completed && dismissal.cancelledByGesture && dismissal.violations.isEmpty, "\(report.outcomes)")
        // The presenting screen, which card-sheet shrinks behind the sheet alongside, and its
        // backdrop end exactly where the presentation left them.
        let last = try #require(report.frames.last)
        for name in ["home", "card-sheet.backdrop"] {
            let (b, a) = (try #require(presented.view(name)), try #require(last.view(name)))
            #expect([b.x, b.y, b.width, b.height, b.alpha] == [a.x, a.y, a.width, a.height, a.alpha], "\(name): \(b) \(a)")
        }
        // Thrown back at the release (0.3 s in), the backdrop comes back with the sheet: its
        // alpha never falls again, frame after frame, to the end.
        let release = dismissal.start + 0.3
        let back = report.frames(from: release, to: dismissal.end).compactMap { $0.view("card-sheet.backdrop")?.alpha }
        #expect(back.count > 5 && zip(back, back.dropFirst()).allSatisfy { $0 <= $1 }, "\(back)")
    }

    /// The release rule of a grab, at its boundaries on the 844-point screen: a flick is one
    /// container length a second (844 pt/s) or more; slower, the finger must be past half the
    /// container (422 pt) for the transition to go on.
    static let releases: [(gesture: String, continues: Bool)] = [
        ("pan(down): 0s 0pt, 0.1s 422pt, release 0pt/s", false),
        ("pan(down): 0s 0pt, 0.1s 423pt, release 0pt/s", true),
        ("pan(down): 0s 0pt, 0.1s 40pt, release 843pt/s", false),
        ("pan(down): 0s 0pt, 0.1s 40pt, release 844pt/s", true),
        ("pan(down): 0s 0pt, 0.1s 600pt, release -844pt/s", false),
    ]

    @Test("a grab's release: past half the container or a flick of one container a second goes on; else it is thrown back",
          arguments: releases.indices)
    func releaseRule(_ index: Int) async throws {
        let (gesture, continues) = Self.releases[index]
        let (result, report, _) = try await Self.run(["interruptible", "--grab-at", "0.2", "--interactive-dismiss", gesture], "grab-release")
        #expect(result.status == 0 && report.clean, "\(result)")
        let dismissal = try #require(report.outcomes.last)
        #expect(dismissal.completed == continues && dismissal.cancelledByGesture == !continues, "\(gesture): \(dismissal)")
    }

    @Test("grabbed and flicked on: it continues to the end and the dismissal completes", arguments: [[], ["--isolate"]])
    func continues(_ extra: [String]) async throws {
        let (result, report, names) = try await Self.run(
            ["interruptible", "--grab-at", "0.2", "--interactive-dismiss", "pan(down): 0s 0pt, 0.1s 40pt, release 1200pt/s"] + extra, "grab-on")
        #expect(result.status == 0, "\(result)")
        #expect(report.outcomes.last?.completed == true, "\(report.outcomes)")
        #expect(names.contains("interruptibleAnimator.grabbed(at: 0.333)") && names.contains("propertyAnimator.completed(at: end)"), "\(names)")
    }

    @Test("an animator without an interruptible animator cannot be grabbed: said in the trace, it runs on; --grab-at needs a gesture (exit 64)")
    func notGrabbable() async throws {
        let (result, report, names) = try await Self.run(
            ["diagonal", "--grab-at", "0.1", "--interactive-dismiss", "pan(down): 0s 0pt, 0.1s 40pt, release -1200pt/s"], "grab-none")
        #expect(result.status == 0 && report.outcomes.last?.completed == true, "\(result)")
        #expect(names.contains { $0.contains("offers no interruptible animator, so the gesture cannot grab it") }, "\(names)")
        let dir = try TempDir("grab-usage")
        let usage = try await runHost(["run", "interruptible", "--grab-at", "0.1"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(usage.status == 64 && usage.err.contains("--grab-at needs the gesture"), "\(usage)")
        let negative = try await runHost(["run", "interruptible", "--grab-at", "-1", "--interactive", "pan(up): 0s 0pt, release 1pt/s"],
                                         pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(negative.status == 64, "\(negative)")
    }

    @Test("interactive from the start, the percent-driven controller drives the interruptible animator: scrubbed, then reversed on a cancel, and the scene as before",
          arguments: [[], ["--isolate"]])
    func percentDriven(_ extra: [String]) async throws {
        let (result, report, names) = try await Self.run(
            ["interruptible", "--interactive-dismiss", "pan(down): 0s 0pt, 0.2s 300pt, release -1500pt/s"] + extra, "interruptible-driven")
        #expect(result.status == 0, "\(result)")
        let dismissal = try #require(report.outcomes.last)
        #expect(!dismissal.completed && dismissal.cancelledByGesture && dismissal.violations.isEmpty, "\(report.outcomes)")
        #expect(names.contains("propertyAnimator.reversed(true)") && names.contains("propertyAnimator.completed(at: start)"), "\(names)")
        #expect(!names.contains { $0.contains("the animator ended at position") }, "the animator and the transition agree: \(names)")
    }

    @Test("host validate grabs an animator that offers an interruptible animator, and skips one that does not")
    func validate() async throws {
        let dir = try TempDir("validate-interruptible")
        let offers = try await runHost(["validate", "\(Build.bundledPlugins)/interruptible.so", "--json", "--only", "behaviour.interruptible.dismiss.interruptible"],
                                       userData: try dir.folder("data"), in: dir)
        let row = try #require(try ValidateJSON(offers).row("behaviour.interruptible.dismiss.interruptible"), "\(offers)")
        #expect(row.result == "pass" && row.reason.contains("thrown back it cancelled"), "\(row)")
        let none = try await runHost(["validate", "\(Build.bundledPlugins)/diagonal.so", "--json", "--only", "behaviour.diagonal.present.interruptible"],
                                     userData: try dir.folder("data2"), in: dir)
        #expect(try ValidateJSON(none).row("behaviour.diagonal.present.interruptible")?.result == "skip", "\(none)")
    }
}
