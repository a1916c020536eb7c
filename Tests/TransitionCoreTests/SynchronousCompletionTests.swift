import Testing
@testable import TransitionCore

/// completeTransition called inside animateTransition (an instant transition): allowed, and the
/// cascade must wait until animateTransition has returned.
@Suite("Synchronous completion")
struct SynchronousCompletionTests {
    @Test("completing inside animateTransition works; the cascade runs only after it returned", arguments: [TransitionKind.present, .dismiss])
    func completesAfterReturn(kind: TransitionKind) throws {
        let stage = Stage()
        let animator = FakeAnimator(log: stage.log, ending: .synchronously)
        let delegate = FakeDelegate(log: stage.log, present: FakeAnimator(log: stage.log))
        stage.detail.transitioningDelegate = delegate
        if kind == .present {
            delegate.presentAnimator = animator
        } else {
            delegate.dismissAnimator = animator
            try stage.present()
        }
        let logStart = stage.log.entries.count, traceStart = stage.trace.calls.count
        let start = stage.engine.now

        let (transition, outcome) = kind == .present ? try stage.present() : try stage.dismiss()

        #expect(outcome.isClean)
        #expect(outcome.endTime == start)
        #expect(animator.endedBeforeAnimateTransitionReturned == false)
        #expect(animator.animationEndedCalls == [true])
        let completion = kind == .present ? "presentation.completion" : "dismissal.completion"
        #expect(Array(stage.log.entries.dropFirst(logStart)).suffix(4) == [
            "animator.animateTransition", "animator.animateTransition returns", completion, "animator.animationEnded(true)",
        ])
        #expect(Array(stage.trace.calls.dropFirst(traceStart)).suffix(4) == [
            "animator.animateTransition", "context.completeTransition(true)", completion, "animator.animationEnded(true)",
        ])
        #expect(stage.trace.warnings.isEmpty)
        #expect(transition.context.isEnded)
        if kind == .present {
            #expect(stage.detail.view.superview === transition.context.containerView)
            #expect(stage.detail.view.frame == Stage.bounds)
        } else {
            #expect(stage.window.subviews.map(\.name) == ["home"])
        }
    }

    @Test("the context is completing, not ended, while animateTransition is still running")
    func stateDuringAnimateTransition() throws {
        final class Probe: TransitionAnimator {
            var displayName: String { "probe" }
            var statesSeen: [TransitionContext.State] = []
            func transitionDuration(using context: TransitionContext) -> Double { 0.3 }
            func animateTransition(using context: TransitionContext) {
                context.containerView.addSubview(context.toView!)
                context.toView!.frame = context.finalFrame(for: context.toViewController)
                statesSeen.append(context.state)
                context.completeTransition(true)
                statesSeen.append(context.state)
            }
        }
        let stage = Stage()
        let probe = Probe()
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: probe)
        let (_, outcome) = try stage.present()
        #expect(outcome.isClean)
        #expect(probe.statesSeen == [.running, .completing(true)])
    }
}
