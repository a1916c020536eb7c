import Testing
@testable import TransitionCore

/// completeTransition(false): the host restores the scene and checks that the participants
/// cleaned up after themselves.
@Suite("Cancelled transitions")
struct CancellationTests {
    @Test("a cancelled presentation leaves the hierarchy exactly as before, with no violation when the animator cleaned up")
    func cancelledPresentationRestores() throws {
        let stage = Stage()
        let before = stage.record()
        let animator = FakeAnimator(log: stage.log, ending: .cancel)
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: animator)

        let (transition, outcome) = try stage.present()

        #expect(!outcome.completed)
        #expect(!outcome.cutOff)
        #expect(outcome.violations.isEmpty)
        #expect(!outcome.isClean)
        #expect(transition.context.transitionWasCancelled)
        #expect(stage.trace.warnings.isEmpty)
        #expect(before.differences() == [])
        #expect(stage.window.subviews.map(\.name) == ["home"])
        #expect(stage.home.view.subviews.map(\.name) == ["home.header"])
        #expect(transition.context.containerView.superview == nil)
        // The presented view is out of the hierarchy and back to how it was before.
        #expect(stage.detail.view.superview == nil)
        #expect(stage.detail.view.frame == Stage.detailInitialFrame)
        #expect(stage.detail.view.presentation.frame == Stage.detailInitialFrame)
        // Nothing is presented; it cannot be dismissed.
        #expect(stage.home.presentedViewController == nil)
        #expect(stage.detail.presentingViewController == nil)
        #expect(throws: ModalPresenter.Failure.notPresented("detail")) { try stage.presenter.dismiss(stage.detail) }
        // The cascade ran once, with false.
        #expect(animator.animationEndedCalls == [false])
        #expect(stage.trace.calls.suffix(3) == ["context.completeTransition(false)", "presentation.completion", "animator.animationEnded(false)"])
    }

    @Test("a stray view left behind on cancel is reported as a violation, and the scene is still restored")
    func strayViewIsReportedAndRemoved() throws {
        let stage = Stage()
        let before = stage.record()
        let animator = FakeAnimator(log: stage.log, ending: .cancel)
        animator.leavesStrayViewOnCancel = true
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: animator)

        let (_, outcome) = try stage.present()

        #expect(!outcome.completed)
        #expect(outcome.violations == ["after the cancelled presentation, 'stray' is in the hierarchy but was not before"])
        #expect(stage.trace.warnings == outcome.violations)
        let stray = try #require(animator.strayView)
        #expect(stray.superview == nil)
        #expect(before.differences() == [])
        #expect(stage.detail.view.superview == nil)
    }

    @Test("a presentation controller that keeps its chrome after a cancel is reported")
    func chromeLeftBehindIsReported() throws {
        let stage = Stage()
        let before = stage.record()
        let controller = FakePresentationController(log: stage.log)
        controller.removesDimmingOnCancel = false
        stage.detail.modalPresentationStyle = .custom
        stage.detail.transitioningDelegate = FakeDelegate(
            log: stage.log, present: FakeAnimator(log: stage.log, ending: .cancel), presentationController: controller)

        let (_, outcome) = try stage.present()
        #expect(outcome.violations == ["after the cancelled presentation, 'dimming' is in the hierarchy but was not before"])
        #expect(stage.log.entries.contains("presentationController.presentationTransitionDidEnd(false)"))
        #expect(before.differences() == [])
        #expect(controller.dimmingView?.superview == nil)
    }

    @Test("a presentation controller that cleans up after a cancel causes no violation")
    func chromeRemovedOnCancel() throws {
        let stage = Stage()
        let before = stage.record()
        stage.detail.modalPresentationStyle = .custom
        stage.detail.transitioningDelegate = FakeDelegate(
            log: stage.log, present: FakeAnimator(log: stage.log, ending: .cancel),
            presentationController: FakePresentationController(log: stage.log))
        let (_, outcome) = try stage.present()
        #expect(!outcome.completed)
        #expect(outcome.violations.isEmpty)
        #expect(before.differences() == [])
        #expect(stage.detail.presentationController == nil)
    }

    @Test("a cancelled dismissal leaves the presentation in place")
    func cancelledDismissal() throws {
        let stage = Stage()
        let dismissing = FakeAnimator(log: stage.log, ending: .cancel)
        let delegate = FakeDelegate(log: stage.log, present: FakeAnimator(log: stage.log), dismiss: dismissing)
        stage.detail.transitioningDelegate = delegate
        let (presenting, _) = try stage.present()
        let container = presenting.context.containerView
        let presentedState = HierarchySnapshot(root: stage.window, extra: [stage.home.view])

        let (transition, outcome) = try stage.dismiss()

        #expect(!outcome.completed)
        #expect(outcome.violations.isEmpty)
        #expect(transition.context.transitionWasCancelled)
        #expect(presentedState.differences() == [])
        #expect(container.superview === stage.window)
        #expect(stage.detail.view.superview === container)
        #expect(stage.detail.view.frame == Stage.bounds)
        #expect(stage.home.view.superview == nil)
        #expect(stage.home.presentedViewController === stage.detail)
        #expect(dismissing.animationEndedCalls == [false])

        // Still presented, so a later dismissal works and puts everything back.
        delegate.dismissAnimator = FakeAnimator(log: stage.log)
        let (_, second) = try stage.dismiss()
        #expect(second.isClean)
        #expect(stage.window.subviews.map(\.name) == ["home"])
        #expect(container.superview == nil)
    }

    @Test("a stray view left behind by a cancelled dismissal is reported and removed")
    func cancelledDismissalWithStrayView() throws {
        let stage = Stage()
        let dismissing = FakeAnimator(log: stage.log, ending: .cancel)
        dismissing.leavesStrayViewOnCancel = true
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: FakeAnimator(log: stage.log), dismiss: dismissing)
        try stage.present()
        let presentedState = HierarchySnapshot(root: stage.window, extra: [stage.home.view])

        let (_, outcome) = try stage.dismiss()
        #expect(outcome.violations == ["after the cancelled dismissal, 'stray' is in the hierarchy but was not before"])
        #expect(presentedState.differences() == [])
        #expect(stage.home.view.superview == nil)
    }
}
