import Testing
@testable import TransitionCore

/// An animator whose code can fail (an isolated plugin) reports it through the context; the
/// host then puts the scene back as it was before animateTransition and finishes the
/// transition with the standard cross-dissolve.
@Suite("Fallback after an animator fails")
struct AnimatorFailureTests {
    /// Adds chrome, moves the presented view, starts a long animation, then fails at `when`.
    final class FailingAnimator: FailableTransitionAnimator {
        enum When { case duringAnimate, inCompletion, afterComplete }
        let when: When
        var completions: [Bool] = []
        var ended: [Bool] = []
        init(_ when: When) { self.when = when }

        var displayName: String { "fragile" }
        func transitionDuration(using context: TransitionContext) -> Double { 0.5 }
        func animateTransition(using context: TransitionContext) {
            let container = context.containerView
            let chrome = container.scene.makeView(name: "fragile.chrome", frame: container.bounds)
            container.addSubview(chrome)
            guard let to = context.toView else { return }
            container.addSubview(to)
            to.frame = Rect(x: 50, y: 50, width: 10, height: 10)
            if when == .afterComplete {
                context.completeTransition(true)
                context.animatorFailed("crashed after completing")
                return
            }
            container.scene.engine.animate(
                AnimationOptions(duration: when == .inCompletion ? 0.2 : 5, curve: .linear),
                animations: { to.alpha = 0.3 },
                completion: { [self] finished in
                    completions.append(finished)
                    if when == .inCompletion { context.animatorFailed("crashed in a completion") }
                })
            if when == .duringAnimate { context.animatorFailed("crashed with SIGSEGV") }
        }
        func animationEnded(_ transitionCompleted: Bool) { ended.append(transitionCompleted) }
    }

    @Test("a failure inside animateTransition: scene put back, cross-dissolve completes, outcome names the failure")
    func failureDuringAnimate() throws {
        let stage = Stage()
        let animator = FailingAnimator(.duringAnimate)
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: animator)

        let (transition, outcome) = try stage.present()

        #expect(outcome.completed)
        #expect(outcome.failure == "crashed with SIGSEGV")
        #expect(!outcome.isClean)
        #expect(!outcome.cutOff)
        #expect(outcome.violations.isEmpty)
        // The plugin's animation was stopped, its chrome removed; the fallback's end state holds.
        #expect(animator.completions == [false])
        #expect(transition.context.containerView.subviews.map(\.name) == ["detail"])
        #expect(stage.detail.view.frame == Stage.bounds)
        #expect(stage.detail.view.alpha == 1)
        #expect(stage.home.presentedViewController === stage.detail)
        #expect(animator.ended == [true])
        #expect(abs(outcome.duration - 0.35) < 1e-9)
        #expect(stage.trace.calls.contains("fallback.animateTransition"))
        let error = try #require(stage.trace.events.first { $0.level == .error })
        #expect(error.name == "'fragile' failed: crashed with SIGSEGV; the host finishes the present with the standard cross-dissolve")
        #expect(stage.engine.isIdle)
    }

    @Test("a failure in a completion callback falls back at the next frame")
    func failureInCompletion() throws {
        let stage = Stage()
        let animator = FailingAnimator(.inCompletion)
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: animator)

        let (_, outcome) = try stage.present()

        #expect(outcome.failure == "crashed in a completion")
        #expect(outcome.completed)
        #expect(outcome.violations.isEmpty)
        #expect(animator.completions == [true])
        #expect(stage.detail.view.frame == Stage.bounds)
        #expect(stage.detail.view.alpha == 1)
        #expect(abs(outcome.endTime - (0.2 + 0.35)) < 0.02)
    }

    @Test("a dismissal that fails still dismisses: the presenter is back and the presented view gone")
    func failingDismissal() throws {
        let stage = Stage()
        let animator = FailingAnimator(.duringAnimate)
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, dismiss: animator)
        try stage.present()

        let (_, outcome) = try stage.dismiss()

        #expect(outcome.completed)
        #expect(outcome.failure == "crashed with SIGSEGV")
        #expect(outcome.violations.isEmpty)
        #expect(stage.detail.view.superview == nil)
        #expect(stage.window.subviews.map(\.name) == ["home"])
        #expect(stage.home.presentedViewController == nil)
    }

    @Test("a failure after completeTransition is reported; the host's own cascade ends the transition")
    func failureAfterComplete() throws {
        let stage = Stage()
        let animator = FailingAnimator(.afterComplete)
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: animator)

        let (_, outcome) = try stage.present()

        #expect(outcome.completed)
        #expect(outcome.failure == "crashed after completing")
        #expect(!stage.trace.calls.contains("fallback.animateTransition"))
        #expect(stage.trace.events.contains { $0.level == .error && $0.name.contains("failed after it had completed") })
    }

    @Test("an animator that cannot fail gets no scene record: the fallback costs nothing for in-process plugins")
    func ordinaryAnimatorsAreNotRecorded() throws {
        let stage = Stage()
        let animator = FakeAnimator("plain", log: stage.log, duration: 0.3, ending: .complete)
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: animator)
        let transition = try stage.presenter.present(stage.detail, from: stage.home)
        #expect(transition.sceneBeforeAnimator == nil)
        transition.context.animatorFailed("ignored: nobody listens")
        let outcome = stage.presenter.run(transition)
        #expect(outcome.failure == nil)
        #expect(outcome.isClean)
    }
}
