import Testing
@testable import TransitionCore

@Suite("completeTransition called twice")
struct DoubleCompletionTests {
    @Test("the second call is ignored with a warning and the cascade runs once")
    func secondCallIgnored() throws {
        let stage = Stage()
        let animator = FakeAnimator(log: stage.log, ending: .twice)
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: animator)

        let (transition, outcome) = try stage.present()

        #expect(outcome.completed)
        #expect(outcome.isClean)
        #expect(animator.completeResults == [true, false])
        #expect(animator.animationEndedCalls == [true])
        #expect(stage.trace.calls.filter { $0.hasPrefix("context.completeTransition") } == ["context.completeTransition(true)"])
        #expect(stage.trace.calls.filter { $0.hasPrefix("animator.animationEnded") } == ["animator.animationEnded(true)"])
        #expect(stage.log.entries.filter { $0 == "presentation.completion" }.count == 1)
        #expect(stage.trace.warnings == ["completeTransition(true) called again after the transition had already been completed; ignored"])
        #expect(transition.context.state == .ended(true))
        #expect(stage.detail.view.superview === transition.context.containerView)
    }

    @Test("a contradicting second call does not change the outcome")
    func contradictingSecondCall() throws {
        let stage = Stage()
        let animator = FakeAnimator(log: stage.log, ending: .twice)
        animator.secondVerdict = false
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: animator)
        let (transition, outcome) = try stage.present()
        #expect(outcome.completed)
        #expect(outcome.isClean)
        #expect(!transition.context.transitionWasCancelled)
        #expect(animator.completeResults == [true, false])
        #expect(animator.animationEndedCalls == [true])
        #expect(stage.trace.warnings == ["completeTransition(false) called again after the transition had already been completed; ignored"])
        #expect(stage.detail.view.superview === transition.context.containerView)
    }
}
