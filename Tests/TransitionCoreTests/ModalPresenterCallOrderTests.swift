import Testing
@testable import TransitionCore

/// The call order documented at the top of ModalPresenter.swift and in transition_host.h,
/// checked twice: in the host's trace, and in the order the fakes were actually called.
@Suite("ModalPresenter call order")
struct ModalPresenterCallOrderTests {
    @Test("full-screen presentation and dismissal")
    func fullScreen() throws {
        let stage = Stage()
        let presenting = FakeAnimator(log: stage.log)
        let dismissing = FakeAnimator(log: stage.log)
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: presenting, dismiss: dismissing)

        let (_, presented) = try stage.present()
        #expect(presented.isClean)
        #expect(stage.trace.calls == [
            "delegate.animationControllerForPresented",
            "delegate.interactionControllerForPresentation",
            "animator.transitionDuration",
            "animator.animateTransition",
            "context.completeTransition(true)",
            "presentation.completion",
            "animator.animationEnded(true)",
        ])
        #expect(stage.log.entries == [
            "delegate.animationControllerForPresented",
            "delegate.interactionControllerForPresentation",
            "animator.transitionDuration",
            "animator.animateTransition",
            "animator.animateTransition returns",
            "animator.animationCompletion(true)",
            "presentation.completion",
            "animator.animationEnded(true)",
        ])

        let traceBefore = stage.trace.calls.count, logBefore = stage.log.entries.count
        let (_, dismissed) = try stage.dismiss()
        #expect(dismissed.isClean)
        #expect(Array(stage.trace.calls.dropFirst(traceBefore)) == [
            "delegate.animationControllerForDismissed",
            "delegate.interactionControllerForDismissal",
            "animator.transitionDuration",
            "animator.animateTransition",
            "context.completeTransition(true)",
            "dismissal.completion",
            "animator.animationEnded(true)",
        ])
        #expect(Array(stage.log.entries.dropFirst(logBefore)) == [
            "delegate.animationControllerForDismissed",
            "delegate.interactionControllerForDismissal",
            "animator.transitionDuration",
            "animator.animateTransition",
            "animator.animateTransition returns",
            "animator.animationCompletion(true)",
            "dismissal.completion",
            "animator.animationEnded(true)",
        ])
        // Each direction got its own animator, each told exactly once that it ended.
        #expect(presenting.animationEndedCalls == [true])
        #expect(dismissing.animationEndedCalls == [true])
    }

    @Test("calls happen at the right virtual times")
    func callTimes() throws {
        let stage = Stage()
        stage.detail.transitioningDelegate = FakeDelegate(
            log: stage.log, present: FakeAnimator(log: stage.log, duration: 0.5),
            dismiss: FakeAnimator(log: stage.log, duration: 0.25))
        let (_, presented) = try stage.present()
        let (_, dismissed) = try stage.dismiss()
        let calls = stage.trace.events.filter { $0.level == .call }
        func times(of name: String) -> [Double] { calls.filter { $0.name == name }.map(\.time) }
        #expect(times(of: "animator.animateTransition") == [0, 0.5])
        #expect(times(of: "context.completeTransition(true)") == [0.5, 0.75])
        #expect(times(of: "animator.animationEnded(true)") == [0.5, 0.75])
        #expect(presented.startTime == 0 && presented.endTime == 0.5 && presented.duration == 0.5)
        #expect(dismissed.startTime == 0.5 && dismissed.endTime == 0.75 && dismissed.duration == 0.25)
    }

    @Test("custom presentation with a presentation controller")
    func customPresentation() throws {
        let stage = Stage()
        let controller = FakePresentationController(log: stage.log, presentedFrame: Rect(x: 0, y: 300, width: 400, height: 500))
        stage.detail.modalPresentationStyle = .custom
        stage.detail.transitioningDelegate = FakeDelegate(
            log: stage.log, present: FakeAnimator(log: stage.log), dismiss: FakeAnimator(log: stage.log),
            presentationController: controller)

        let (transition, presented) = try stage.present()
        #expect(presented.isClean)
        #expect(transition.context.presentationStyle == .custom)
        #expect(stage.trace.calls == [
            "delegate.animationControllerForPresented",
            "delegate.interactionControllerForPresentation",
            "delegate.presentationControllerForPresented",
            "presentationController.frameOfPresentedViewInContainerView",
            "presentationController.presentationTransitionWillBegin",
            "presentationController.presentedView",
            "presentationController.containerViewWillLayoutSubviews",
            "presentationController.containerViewDidLayoutSubviews",
            "animator.transitionDuration",
            "animator.animateTransition",
            "coordinator.alongsideAnimations",
            "context.completeTransition(true)",
            "presentationController.presentationTransitionDidEnd(true)",
            "coordinator.alongsideCompletion",
            "presentation.completion",
            "animator.animationEnded(true)",
        ])
        #expect(stage.log.entries == [
            "delegate.animationControllerForPresented",
            "delegate.interactionControllerForPresentation",
            "delegate.presentationControllerForPresented",
            "presentationController.frameOfPresentedViewInContainerView",
            "presentationController.presentationTransitionWillBegin",
            "presentationController.presentedView",
            "presentationController.containerViewWillLayoutSubviews",
            "presentationController.containerViewDidLayoutSubviews",
            "animator.transitionDuration",
            "animator.animateTransition",
            "animator.animateTransition returns",
            "alongside.animation",
            "animator.animationCompletion(true)",
            "presentationController.presentationTransitionDidEnd(true)",
            "alongside.completion",
            "presentation.completion",
            "animator.animationEnded(true)",
        ])
        #expect(stage.detail.presentationController === controller)

        let traceBefore = stage.trace.calls.count, logBefore = stage.log.entries.count
        let (_, dismissed) = try stage.dismiss()
        #expect(dismissed.isClean)
        // The same controller manages the dismissal; the delegate is not asked for another.
        #expect(Array(stage.trace.calls.dropFirst(traceBefore)) == [
            "delegate.animationControllerForDismissed",
            "delegate.interactionControllerForDismissal",
            "presentationController.dismissalTransitionWillBegin",
            "presentationController.containerViewWillLayoutSubviews",
            "presentationController.containerViewDidLayoutSubviews",
            "animator.transitionDuration",
            "animator.animateTransition",
            "coordinator.alongsideAnimations",
            "context.completeTransition(true)",
            "presentationController.dismissalTransitionDidEnd(true)",
            "coordinator.alongsideCompletion",
            "dismissal.completion",
            "animator.animationEnded(true)",
        ])
        #expect(Array(stage.log.entries.dropFirst(logBefore)) == [
            "delegate.animationControllerForDismissed",
            "delegate.interactionControllerForDismissal",
            "presentationController.dismissalTransitionWillBegin",
            "presentationController.containerViewWillLayoutSubviews",
            "presentationController.containerViewDidLayoutSubviews",
            "animator.transitionDuration",
            "animator.animateTransition",
            "animator.animateTransition returns",
            "alongside.animation",
            "animator.animationCompletion(true)",
            "presentationController.dismissalTransitionDidEnd(true)",
            "alongside.completion",
            "dismissal.completion",
            "animator.animationEnded(true)",
        ])
        #expect(stage.detail.presentationController == nil)
    }

    @Test("custom style without a presentation controller presents full screen, with a warning")
    func customStyleWithoutController() throws {
        let stage = Stage()
        stage.detail.modalPresentationStyle = .custom
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: FakeAnimator(log: stage.log))
        let (transition, outcome) = try stage.present()
        #expect(outcome.isClean)
        #expect(transition.context.presentationStyle == .fullScreen)
        #expect(stage.trace.warnings == ["custom presentation style but no presentation controller; presenting full screen"])
        #expect(!stage.trace.calls.contains { $0.hasPrefix("presentationController.") })
        #expect(stage.home.view.superview == nil)
    }

    @Test("a vended interaction controller is started instead of animateTransition, and one left hanging is cut off")
    func interactionControllerIsStarted() throws {
        let stage = Stage()
        let delegate = FakeDelegate(log: stage.log, present: FakeAnimator(log: stage.log))
        let interaction = FakeInteractionController()
        delegate.interactionController = interaction
        stage.detail.transitioningDelegate = delegate
        let (transition, outcome) = try stage.present()
        #expect(interaction.started == 1)
        #expect(stage.trace.calls.prefix(4) == [
            "delegate.animationControllerForPresented", "delegate.interactionControllerForPresentation",
            "animator.transitionDuration", "interactionController.startInteractiveTransition",
        ])
        // This controller never calls the animator nor ends the interaction: the host does
        // not freeze, it cuts the transition off and restores the scene.
        #expect(!stage.trace.calls.contains("animator.animateTransition"))
        #expect(outcome.cutOff)
        #expect(stage.trace.warnings.contains { $0.contains("was left interactive") })
        #expect(transition.context.transitionWasCancelled)
        #expect(stage.home.view.superview === stage.scene.window)
    }

    @Test("presenting twice from the same presenter fails; dismissing what is not presented fails")
    func misuseThrows() throws {
        let stage = Stage()
        #expect(throws: ModalPresenter.Failure.notPresented("detail")) { try stage.presenter.dismiss(stage.detail) }
        try stage.present()
        let other = ViewController(name: "other", view: stage.scene.makeView(name: "other", frame: Stage.bounds))
        #expect(throws: ModalPresenter.Failure.alreadyPresenting("home")) {
            try stage.presenter.present(other, from: stage.home)
        }
    }
}
