import Testing
@testable import TransitionCore

/// Where the views are after a presentation and a dismissal, and what moves in between.
@Suite("ModalPresenter end states")
struct ModalPresenterEndStateTests {
    @Test("after a full-screen presentation the presented view is in the container at its final frame and the presenter's view is gone")
    func fullScreenPresentation() throws {
        let stage = Stage()
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: FakeAnimator(log: stage.log))
        let (transition, outcome) = try stage.present()
        let container = transition.context.containerView

        #expect(outcome.isClean)
        #expect(container.superview === stage.window)
        #expect(container.frame == Stage.bounds)
        #expect(stage.detail.view.superview === container)
        #expect(stage.detail.view.frame == Stage.bounds)
        #expect(stage.detail.view.presentation.frame == Stage.bounds)
        #expect(transition.context.finalFrame(for: stage.detail) == Stage.bounds)
        #expect(transition.context.fromView === stage.home.view)
        #expect(stage.home.view.superview == nil)
        #expect(stage.window.subviews.map(\.name) == ["container"])
        #expect(stage.home.presentedViewController === stage.detail)
        #expect(stage.detail.presentingViewController === stage.home)
        #expect(transition.context.isEnded)
    }

    @Test("after the dismissal the presenter's view is back in the window at its frame and the container is gone")
    func fullScreenDismissal() throws {
        let stage = Stage()
        stage.detail.transitioningDelegate = FakeDelegate(
            log: stage.log, present: FakeAnimator(log: stage.log), dismiss: FakeAnimator(log: stage.log))
        let (presenting, _) = try stage.present()
        let container = presenting.context.containerView
        let (dismissing, outcome) = try stage.dismiss()

        #expect(outcome.isClean)
        #expect(dismissing.context.containerView === container)
        #expect(dismissing.context.toView === stage.home.view)
        #expect(container.superview == nil)
        #expect(stage.home.view.superview === stage.window)
        #expect(stage.window.subviews.map(\.name) == ["home"])
        #expect(stage.home.view.frame == Stage.bounds)
        #expect(stage.home.view.subviews.map(\.name) == ["home.header"])
        #expect(stage.detail.view.superview == nil)
        #expect(stage.home.presentedViewController == nil)
        #expect(stage.detail.presentingViewController == nil)
        // It can be presented again.
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: FakeAnimator(log: stage.log))
        #expect(try stage.present().1.isClean)
    }

    /// Puts the presented view at its final frame moved right by `off` points, then completes.
    final class OffByAnimator: TransitionAnimator {
        let displayName = "off-by"
        let off: Double
        init(off: Double) { self.off = off }
        func transitionDuration(using context: TransitionContext) -> Double { 0.1 }
        func animateTransition(using context: TransitionContext) {
            guard let to = context.toView else { return }
            let toController = context.viewController(forKey: .to)
            context.containerView.addSubview(to)
            to.frame = context.finalFrame(for: toController).offsetBy(dx: off, dy: 0)
            context.completeTransition(true)
        }
    }

    @Test("the presented view must end at its final frame within 0.01 pt: 0.005 pt off is clean, 1 pt off is a broken contract naming the frames")
    func finalFrameTolerance() throws {
        let close = Stage()
        close.detail.transitioningDelegate = FakeDelegate(log: close.log, present: OffByAnimator(off: 0.005))
        #expect(try close.present().1.isClean)

        let off = Stage()
        off.detail.transitioningDelegate = FakeDelegate(log: off.log, present: OffByAnimator(off: 1))
        let (_, outcome) = try off.present()
        #expect(!outcome.isClean)
        #expect(outcome.violations.contains { $0.contains("not at its final frame") }, "\(outcome.violations)")
    }

    @Test("the presented view moves on screen during the presentation while its model is already final")
    func presentedViewMoves() throws {
        let stage = Stage()
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: FakeAnimator(log: stage.log, duration: 0.5))
        var xs: [(time: Double, x: Double, modelX: Double)] = []
        try stage.present {
            xs.append((stage.engine.now, stage.detail.view.presentation.frame.minX, stage.detail.view.frame.minX))
        }
        #expect(xs.count == 31)  // t = 0 … 0.5 at 60 fps
        #expect(xs.first?.x == 400)  // starts off screen, to the right
        #expect(xs.last?.x == 0)
        #expect(xs.allSatisfy { $0.modelX == 0 })
        for (a, b) in zip(xs, xs.dropFirst()) { #expect(b.x < a.x) }
        let middle = xs[15]
        #expect(abs(middle.x - 400 * (1 - referenceBezier(0.42, 0, 0.58, 1, at: 0.5))) < 1e-6)
    }

    @Test("a custom presentation uses the controller's frame and can keep the presenter's view")
    func customFrameAndPresenterKept() throws {
        let stage = Stage()
        let frame = Rect(x: 20, y: 300, width: 360, height: 500)
        let controller = FakePresentationController(log: stage.log, presentedFrame: frame)
        controller.removesPresentersView = false
        stage.detail.modalPresentationStyle = .custom
        stage.detail.transitioningDelegate = FakeDelegate(
            log: stage.log, present: FakeAnimator(log: stage.log), dismiss: FakeAnimator(log: stage.log),
            presentationController: controller)

        let (presenting, presented) = try stage.present()
        #expect(presented.isClean)
        #expect(presenting.context.finalFrame(for: stage.detail) == frame)
        #expect(presenting.context.fromView == nil)  // as UIKit, when the presenter's view stays
        #expect(stage.detail.view.frame == frame)
        #expect(stage.home.view.superview === stage.window)
        #expect(stage.window.subviews.map(\.name) == ["home", "container"])
        #expect(presenting.context.containerView.subviews.map(\.name) == ["dimming", "detail"])

        let (dismissing, dismissed) = try stage.dismiss()
        #expect(dismissed.isClean)
        #expect(dismissing.context.toView == nil)
        #expect(stage.window.subviews.map(\.name) == ["home"])
        #expect(stage.home.view.frame == Stage.bounds)
    }

    @Test("an invalid frame from the presentation controller is replaced by the container's bounds, with a warning")
    func invalidPresentedFrame() throws {
        let stage = Stage()
        let controller = FakePresentationController(log: stage.log, presentedFrame: Rect(x: .nan, y: 0, width: 10, height: 10))
        stage.detail.modalPresentationStyle = .custom
        stage.detail.transitioningDelegate = FakeDelegate(
            log: stage.log, present: FakeAnimator(log: stage.log), presentationController: controller)
        let (transition, outcome) = try stage.present()
        #expect(outcome.isClean)
        #expect(transition.context.finalFrame(for: stage.detail) == Stage.bounds)
        #expect(stage.detail.view.frame == Stage.bounds)
        #expect(stage.trace.warnings.count == 1)
        #expect(stage.trace.warnings.first?.contains("'fake-dimming' gave an invalid frame") == true)
    }

    @Test("alongside animations registered in presentationTransitionWillBegin animate over the duration")
    func alongsideAnimationsAnimate() throws {
        let stage = Stage()
        let controller = FakePresentationController(log: stage.log)
        stage.detail.modalPresentationStyle = .custom
        stage.detail.transitioningDelegate = FakeDelegate(
            log: stage.log, present: FakeAnimator(log: stage.log, duration: 0.5),
            dismiss: FakeAnimator(log: stage.log, duration: 0.5), presentationController: controller)

        let transition = try stage.presenter.present(stage.detail, from: stage.home)
        let dimming = try #require(controller.dimmingView)
        #expect(dimming.alpha == 1)  // the model is final at once
        var samples: [(time: Double, alpha: Double)] = []
        let outcome = stage.presenter.run(transition) { samples.append((stage.engine.now, dimming.presentation.alpha)) }
        #expect(outcome.isClean)
        #expect(samples.count == 31)
        for sample in samples {
            // Same start and duration as the transition, ease-in-out.
            let expected = referenceBezier(0.42, 0, 0.58, 1, at: sample.time / 0.5)
            #expect(abs(sample.alpha - expected) < 1e-6, "at \(sample.time): \(sample.alpha), expected \(expected)")
        }
        #expect(samples.first?.alpha == 0)
        #expect(abs(samples[15].alpha - 0.5) < 1e-9)
        #expect(samples.last?.alpha == 1)

        // And back out on dismissal, after which the controller has removed it.
        var out: [Double] = []
        try stage.dismiss { out.append(dimming.presentation.alpha) }
        #expect(out.first == 1)
        #expect(abs(out[15] - 0.5) < 1e-9)
        #expect(dimming.superview == nil)
    }

    @Test("alongside animations cannot be added once the animation has started")
    func lateAlongsideIsRejected() throws {
        let stage = Stage()
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: FakeAnimator(log: stage.log))
        let transition = try stage.presenter.present(stage.detail, from: stage.home)
        var ran = false
        #expect(transition.context.animateAlongside({ _ in ran = true }) == false)
        stage.presenter.run(transition)
        #expect(!ran)
        #expect(stage.trace.warnings == ["animateAlongside called after the transition's animation had started; ignored"])
    }

    @Test("without a delegate the standard cover-vertical runs: the view rises from below and falls back")
    func standardCoverVertical() throws {
        let stage = Stage()
        #expect(stage.detail.transitioningDelegate == nil)
        var ys: [Double] = []
        let (_, presented) = try stage.present { ys.append(stage.detail.view.presentation.frame.minY) }
        #expect(presented.isClean)
        #expect(presented.animator == "cover-vertical")
        #expect(presented.duration == 0.5)
        #expect(presented.endTime == 0.5)
        #expect(stage.trace.events.contains { $0.level == .info && $0.name == "no custom animator; using the standard 'cover-vertical'" })
        #expect(ys.first == 800)
        #expect(ys.last == 0)
        for (a, b) in zip(ys, ys.dropFirst()) { #expect(b < a) }
        #expect(stage.detail.view.frame == Stage.bounds)
        #expect(stage.home.view.superview == nil)

        var down: [Double] = []
        let (_, dismissed) = try stage.dismiss { down.append(stage.detail.view.presentation.frame.minY) }
        #expect(dismissed.isClean)
        #expect(dismissed.animator == "cover-vertical")
        #expect(down.first == 0)
        #expect(down.last == 800)
        for (a, b) in zip(down, down.dropFirst()) { #expect(b >= a) }
        #expect(stage.window.subviews.map(\.name) == ["home"])
    }

    @Test("the standard cross-dissolve fades the presented view in")
    func standardCrossDissolve() throws {
        let stage = Stage()
        stage.detail.modalTransitionStyle = .crossDissolve
        var alphas: [Double] = []
        let (_, outcome) = try stage.present { alphas.append(stage.detail.view.presentation.alpha) }
        #expect(outcome.isClean)
        #expect(outcome.animator == "cross-dissolve")
        #expect(outcome.duration == 0.35)
        #expect(alphas.first == 0)
        #expect(alphas.last == 1)
        #expect(stage.detail.view.frame == Stage.bounds)
        let (_, dismissed) = try stage.dismiss()
        #expect(dismissed.isClean)
        #expect(stage.detail.view.alpha == 1)  // leaves at full opacity
    }
}
