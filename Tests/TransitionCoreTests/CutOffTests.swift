import Testing
@testable import TransitionCore

/// An animator that never calls completeTransition is cut off at its duration plus the grace
/// period: cancelled, named, and the scene restored.
@Suite("Cut-off of animators that never complete")
struct CutOffTests {
    @Test("a presentation that never completes is cut off at duration + grace and the scene restored")
    func neverCompletingPresentation() throws {
        let stage = Stage(grace: 1)
        let before = stage.record()
        let animator = FakeAnimator("stuck", log: stage.log, duration: 0.5, ending: .never)
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: animator)

        let (transition, outcome) = try stage.present()

        #expect(outcome.cutOff)
        #expect(!outcome.completed)
        #expect(outcome.animator == "stuck")
        #expect(outcome.violations.isEmpty)
        #expect(abs(outcome.endTime - 1.5) < 1e-9)
        #expect(abs(stage.engine.now - 1.5) < 1e-9)
        // Its own animation had run to its end before the deadline.
        #expect(animator.animationFinishedFlags == [true])

        let cutOff = try #require(stage.trace.events.first { $0.level == .warning && $0.name.contains("did not call completeTransition") })
        #expect(abs(cutOff.time - 1.5) < 1e-9)
        #expect(cutOff.name == "'stuck' did not call completeTransition within its duration (0.5 s) plus 1 s grace; the host cancelled the present and restored the scene")

        #expect(before.differences() == [])
        #expect(stage.detail.view.superview == nil)
        #expect(stage.detail.view.frame == Stage.detailInitialFrame)
        #expect(stage.window.subviews.map(\.name) == ["home"])
        #expect(stage.home.presentedViewController == nil)
        #expect(transition.context.transitionWasCancelled)
        #expect(transition.context.isEnded)
        #expect(animator.animationEndedCalls == [false])
        #expect(stage.trace.calls.suffix(2) == ["presentation.completion", "animator.animationEnded(false)"])
    }

    @Test("a later completeTransition from a cut-off animator is ignored with a warning")
    func lateCompletionIsIgnored() throws {
        let stage = Stage(grace: 1)
        let animator = FakeAnimator("stuck", log: stage.log, duration: 0.5, ending: .never)
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: animator)
        let (transition, outcome) = try stage.present()
        let warningsBefore = stage.trace.warnings.count
        let callsBefore = stage.trace.calls

        #expect(animator.completeLate(true) == false)

        #expect(stage.trace.warnings.count == warningsBefore + 1)
        #expect(stage.trace.warnings.last == "completeTransition(true) called again after the transition had already ended; ignored")
        #expect(stage.trace.calls == callsBefore)  // no second cascade
        #expect(animator.animationEndedCalls == [false])
        #expect(transition.outcome == outcome)
        #expect(transition.context.state == .ended(false))
        #expect(stage.detail.view.superview == nil)
        #expect(stage.home.presentedViewController == nil)
    }

    @Test("animations still running at the deadline are stopped; their completion gets finished=false")
    func runningAnimationsAreStopped() throws {
        let stage = Stage(grace: 0.5)
        let before = stage.record()
        let animator = FakeAnimator("slowpoke", log: stage.log, duration: 0.25, ending: .never)
        animator.animationDuration = 10
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: animator)

        let (_, outcome) = try stage.present()

        #expect(outcome.cutOff)
        #expect(abs(outcome.endTime - 0.75) < 1e-9)
        #expect(animator.animationFinishedFlags == [false])
        // Stopped as part of the cut-off, not later by the "still running" safety net.
        #expect(stage.trace.warnings.count == 1)
        #expect(stage.trace.warnings.first?.hasPrefix("'slowpoke' did not call completeTransition") == true)
        #expect(stage.engine.isIdle)
        #expect(stage.engine.runningAnimationCount == 0)
        #expect(before.differences() == [])
        #expect(stage.detail.view.presentation.frame == Stage.detailInitialFrame)
    }

    @Test("a dismissal that never completes is cut off and the presentation stays")
    func neverCompletingDismissal() throws {
        let stage = Stage(grace: 1)
        stage.detail.transitioningDelegate = FakeDelegate(
            log: stage.log, present: FakeAnimator(log: stage.log, duration: 0.5),
            dismiss: FakeAnimator("stuck", log: stage.log, duration: 0.5, ending: .never))
        let (presenting, _) = try stage.present()
        let presentedState = HierarchySnapshot(root: stage.window, extra: [stage.home.view])

        let (_, outcome) = try stage.dismiss()

        #expect(outcome.cutOff)
        #expect(abs(outcome.startTime - 0.5) < 1e-9)
        #expect(abs(outcome.endTime - 2.0) < 1e-9)
        #expect(stage.trace.warnings.contains { $0.hasPrefix("'stuck' did not call completeTransition") && $0.contains("cancelled the dismiss") })
        #expect(presentedState.differences() == [])
        #expect(stage.detail.view.superview === presenting.context.containerView)
        #expect(stage.home.presentedViewController === stage.detail)
    }
}
