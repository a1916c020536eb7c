import Testing
@testable import TransitionCore

/// A window resized while a screen is presented (`--resize`; viewWillTransition(to:with:),
/// containerViewWillLayoutSubviews, containerViewDidLayoutSubviews): the call order, every
/// view laid out in one animation, and the dismissal clean in the new size.
@Suite("A window resized under a presentation")
struct WindowResizeTests {
    /// A sheet 20 pt in from the container's sides and 200 pt from its top; it dims its
    /// backdrop (at full opacity) to half when told of a new size, inside the resize's animation.
    final class SheetController: PresentationController {
        let displayName = "sheet"
        let log: CallLog
        var dimming: View?
        init(log: CallLog) { self.log = log }

        func frameOfPresentedView(inContainerBounds bounds: Rect) -> Rect? {
            log.record("frameOfPresentedView(\(bounds.size.width))")
            return Rect(x: 20, y: 200, width: bounds.size.width - 40, height: bounds.size.height - 200)
        }
        func presentationTransitionWillBegin(_ context: TransitionContext) {
            let view = context.containerView.scene.makeView(name: "dimming", frame: context.containerView.bounds)
            view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            context.containerView.insertSubview(view, at: 0)
            dimming = view
        }
        func dismissalTransitionDidEnd(_ completed: Bool) { if completed { dimming?.removeFromSuperview() } }
        func viewWillTransition(to size: Size) {
            log.record("viewWillTransition(\(size.width) × \(size.height))")
            dimming?.alpha = 0.5
        }
        func containerViewWillLayoutSubviews(_ container: View) { log.record("willLayout(\(container.bounds.size.width))") }
        func containerViewDidLayoutSubviews(_ container: View) { log.record("didLayout(\(container.bounds.size.width))") }
    }

    @Test("told first, then laid out in one ease-in-out animation of 0.35 s; the dismissal ends clean in the new size")
    func resize() throws {
        let stage = Stage()
        let controller = SheetController(log: stage.log)
        stage.detail.modalPresentationStyle = .custom
        stage.detail.transitioningDelegate = FakeDelegate(
            log: stage.log, present: FakeAnimator(log: stage.log), dismiss: FakeAnimator(log: stage.log),
            presentationController: controller)
        stage.home.view.subviews[0].autoresizingMask = [.flexibleWidth]
        try stage.present()
        let sheet = stage.detail.view
        #expect(sheet.frame == Rect(x: 20, y: 200, width: 360, height: 600))

        let before = stage.log.entries.count
        var frames: [(time: Double, sheet: Rect, dimming: Double, window: Double)] = []
        let start = stage.engine.now
        stage.presenter.resizeWindow(of: stage.detail, to: Size(width: 300, height: 800)) {
            frames.append((stage.engine.now - start, sheet.presentation.frame, controller.dimming!.presentation.alpha,
                           stage.window.presentation.bounds.size.width))
        }
        #expect(Array(stage.log.entries.dropFirst(before)) == [
            "viewWillTransition(300.0 × 800.0)", "willLayout(300.0)", "frameOfPresentedView(300.0)", "didLayout(300.0)",
        ])
        // The first frame is the scene at rest; 21 frames of 1/60 s later it has arrived.
        #expect(frames.count == 22 && abs(frames.last!.time - 0.35) < 1e-9, "\(frames.map(\.time))")
        #expect(frames[0].sheet == Rect(x: 20, y: 200, width: 360, height: 600) && frames[0].dimming == 1 && frames[0].window == 400)
        for frame in frames {
            let p = TimingCurve.easeInOut.progress(at: frame.time / 0.35)
            #expect(abs(frame.sheet.size.width - (360 - 100 * p)) < 1e-9, "at \(frame.time): \(frame.sheet)")
            #expect(abs(frame.dimming - (1 - 0.5 * p)) < 1e-9 && abs(frame.window - (400 - 100 * p)) < 1e-9, "at \(frame.time)")
        }
        #expect(sheet.frame == Rect(x: 20, y: 200, width: 260, height: 600))
        #expect(controller.dimming!.frame == Rect(x: 0, y: 0, width: 300, height: 800))
        // The presenter, off screen under a full sheet, takes the new size with its header.
        #expect(stage.home.view.frame == Rect(x: 0, y: 0, width: 300, height: 800))
        #expect(stage.home.view.subviews[0].frame.size.width == 300)

        let (_, dismissed) = try stage.dismiss()
        #expect(dismissed.isClean, "\(dismissed.violations)")
        #expect(stage.home.view.superview === stage.window && stage.home.view.frame.size.width == 300)
    }

    @Test("a size off the display, or too small, is refused saying why", arguments: [
        (Size(width: 401, height: 800), "must fit on the display, 400 × 800 pt"),
        (Size(width: 300, height: 99), "at least 100 × 100 pt"),
        (Size(width: .nan, height: 800), "at least 100 × 100 pt"),
    ])
    func refused(_ size: Size, _ why: String) {
        #expect(ModalPresenter.resizeProblem(size, display: Stage.windowSize)?.contains(why) == true)
        #expect(ModalPresenter.resizeProblem(Size(width: 100, height: 800), display: Stage.windowSize) == nil)
    }
}
