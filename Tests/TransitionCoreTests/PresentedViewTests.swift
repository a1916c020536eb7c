import Testing
@testable import TransitionCore

/// UIPresentationController.presentedView: a controller may wrap the presented view (in a
/// view that casts the shadow the clipped view cannot), and the animator then moves the
/// wrapper, in the presentation and in the dismissal.
@Suite("A presentation controller's presentedView")
struct PresentedViewTests {
    static let sheetFrame = Rect(x: 0, y: 300, width: 400, height: 500)

    /// A stage whose detail screen is presented by a controller that wraps it in "wrapper".
    static func wrappingStage() -> (Stage, FakePresentationController) {
        let stage = Stage()
        let controller = FakePresentationController(log: stage.log, presentedFrame: sheetFrame)
        controller.wrapperName = "wrapper"
        stage.detail.modalPresentationStyle = .custom
        stage.detail.transitioningDelegate = FakeDelegate(
            log: stage.log, present: FakeAnimator(log: stage.log), dismiss: FakeAnimator(log: stage.log),
            presentationController: controller)
        return (stage, controller)
    }

    @Test("the animator is given the wrapper, which ends in the container at the controller's frame with the presented view inside it")
    func presentationMovesTheWrapper() throws {
        let (stage, controller) = Self.wrappingStage()
        let (transition, outcome) = try stage.present()
        let wrapper = try #require(controller.wrapper)
        #expect(outcome.isClean, "\(outcome)")
        #expect(transition.context.toView === wrapper)
        #expect(wrapper.superview === transition.context.containerView)
        #expect(wrapper.frame == Self.sheetFrame)
        #expect(stage.detail.view.superview === wrapper)
        #expect(stage.detail.view.frame == Rect(origin: .zero, size: Self.sheetFrame.size))
    }

    @Test("the dismissal moves the same wrapper out; after it neither the wrapper nor the presented view is in the window")
    func dismissalMovesTheWrapper() throws {
        let (stage, controller) = Self.wrappingStage()
        try stage.present()
        let wrapper = try #require(controller.wrapper)
        let (transition, outcome) = try stage.dismiss()
        #expect(outcome.isClean, "\(outcome)")
        #expect(transition.context.fromView === wrapper)
        #expect(transition.context.initialFrame(for: stage.detail) == Self.sheetFrame)
        #expect(!wrapper.isDescendant(of: stage.window) && !stage.detail.view.isDescendant(of: stage.window))
        #expect(stage.window.subviews.map(\.name) == ["home"])
    }

    @Test("a cancelled presentation puts the scene back as it was, the presented view out of the wrapper")
    func cancelledPresentation() throws {
        let (stage, controller) = Self.wrappingStage()
        let before = stage.record()
        (stage.detail.transitioningDelegate as? FakeDelegate)?.presentAnimator = FakeAnimator(log: stage.log, ending: .cancel)
        let (_, outcome) = try stage.present()
        #expect(!outcome.completed && outcome.violations.isEmpty, "\(outcome)")
        #expect(controller.wrapper != nil)
        #expect(before.differences().isEmpty, "\(before.differences())")
        #expect(stage.detail.view.superview == nil)
    }

    @Test("a presentedView that does not hold the presented view is reported, and the animator is given the presented view")
    func strayViewRefused() throws {
        let stage = Stage()
        let controller = FakePresentationController(log: stage.log, presentedFrame: Self.sheetFrame)
        controller.strayPresentedView = stage.scene.makeView(name: "elsewhere", frame: Self.sheetFrame)
        stage.detail.modalPresentationStyle = .custom
        stage.detail.transitioningDelegate = FakeDelegate(
            log: stage.log, present: FakeAnimator(log: stage.log), presentationController: controller)
        let (transition, outcome) = try stage.present()
        #expect(transition.context.toView === stage.detail.view)
        #expect(stage.detail.view.superview === transition.context.containerView)
        #expect(stage.trace.warnings.contains { $0.contains("the presentedView 'elsewhere' of 'fake-dimming' does not contain the presented view 'detail'") },
                "\(stage.trace.warnings)")
        #expect(outcome.completed && outcome.violations.isEmpty, "\(outcome)")
    }
}
