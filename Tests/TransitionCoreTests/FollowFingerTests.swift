import Testing
@testable import TransitionCore

/// `--follow-finger` (AnimationEngine.followsFinger): a transition driven by the host's
/// percent-driven interaction shows its animations at progress p, not at their curves' value
/// at time p · duration, so that what slides stays under the finger, as UIKit's
/// UIViewPropertyAnimator scrubs (scrubsLinearly). After the release the tail carries on from
/// there along the completion curve.
@Suite("Following the finger")
struct FollowFingerTests {
    /// The presented view's x as the eased guide animator slides it in, after update(`p`).
    static func scrubbedX(_ p: Double, follows: Bool) throws -> (x: Double, start: Double, end: Double) {
        let stage = Stage()
        stage.engine.followsFinger = follows
        let delegate = InteractiveDelegate(animator: GuideSlideAnimator(duration: 0.5, curve: .easeInOut))
        stage.detail.transitioningDelegate = delegate
        let transition = try stage.presenter.present(stage.detail, from: stage.home)
        stage.engine.settle()
        let start = stage.detail.view.presentation.frame.origin.x
        let end = transition.context.finalFrame(for: stage.detail).origin.x
        delegate.interaction.update(p)
        stage.engine.settle()
        return (stage.detail.view.presentation.frame.origin.x, start, end)
    }

    @Test("scrubbed to p, an eased slide has gone exactly p of the way; without the option, the curve's value at p")
    func exactlyUnderTheFinger() throws {
        for p in [0.0, 0.1, 0.25, 0.5, 0.9, 1.0] {
            let (x, start, end) = try Self.scrubbedX(p, follows: true)
            #expect(start != end)
            #expect(x == start + (end - start) * p, "p \(p): \(x)")
        }
        let (eased, start, end) = try Self.scrubbedX(0.25, follows: false)
        #expect(abs(eased - (start + (end - start) * TimingCurve.easeInOut.progress(at: 0.25))) < 1e-9, "\(eased)")
        #expect(abs(eased - (start + (end - start) * 0.25)) > 1, "the option changes what is shown: \(eased)")
    }

    @Test("released at 0.6, the tail starts where the finger left the view and never steps back or jumps")
    func tailFromTheFinger() throws {
        let stage = Stage()
        stage.engine.followsFinger = true
        let delegate = InteractiveDelegate(animator: GuideSlideAnimator(duration: 0.5, curve: .easeInOut))
        stage.detail.transitioningDelegate = delegate
        let transition = try stage.presenter.present(stage.detail, from: stage.home)
        let end = transition.context.finalFrame(for: stage.detail).origin.x
        var xs: [(time: Double, x: Double)] = []
        let gesture = GestureScript(samples: [.init(time: 0, progress: 0), .init(time: 0.2, progress: 0.6)], releaseVelocity: 1)
        let outcome = stage.presenter.run(transition, gesture: gesture) {
            xs.append((stage.engine.now, stage.detail.view.presentation.frame.origin.x))
        }
        #expect(outcome.completed && outcome.isClean, "\(outcome)")
        let start = try #require(xs.first).x
        // At the release, exactly 0.6 of the way.
        let atRelease = try #require(xs.last { $0.time <= 0.2 + 1e-9 })
        #expect(abs(atRelease.x - (start + (end - start) * 0.6)) < 1e-9, "\(atRelease)")
        // From there on to the end, one way, each frame's step well under a tenth of the way;
        // the first no larger than the finger's last (the tail eases in from where it was).
        let tail = xs.filter { $0.time >= atRelease.time }.map(\.x)
        let dragged = xs.filter { $0.time <= atRelease.time }.map(\.x)
        let lastDrag = abs(dragged[dragged.count - 1] - dragged[dragged.count - 2])
        #expect(tail.count > 2 && abs(tail[1] - tail[0]) < lastDrag, "first step of the tail \(tail[1] - tail[0]), the finger's last \(lastDrag)")
        for (a, b) in zip(tail, tail.dropFirst()) {
            #expect((b - a) * (end - start) >= 0, "stepped back from \(a) to \(b)")
            #expect(abs(b - a) < abs(end - start) / 10, "jumped from \(a) to \(b)")
        }
        #expect(try #require(tail.last) == end)
    }
}
