/// Presents and dismisses view controllers modally in a scene's window, calling the
/// participants in the order of Apple's guide:
///
///   delegate.animationController → delegate.interactionController →
///   [custom style: delegate.presentationController → presentationController.willBegin →
///   containerViewWillLayoutSubviews → containerViewDidLayoutSubviews] →
///   animator.transitionDuration → animator.animateTransition
///   (or, interactive: interactionController.startInteractiveTransition, which calls it)
///   → … context.completeTransition(ok) → presentationController.didEnd(ok) → alongside
///   completions → the host's end-state check → the caller's completion → animator.animationEnded(ok)
///
/// After every transition it checks the end state and records what broke the contract.
public final class ModalPresenter {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case alreadyPresenting(String)
        case notPresented(String)

        public var description: String {
            switch self {
            case .alreadyPresenting(let name): return "'\(name)' is already presenting a view controller"
            case .notPresented(let name): return "'\(name)' is not presented"
            }
        }
    }

    public let driver: TransitionDriver
    public var scene: Scene { driver.scene }
    public var trace: TransitionTrace { driver.trace }
    private var engine: AnimationEngine { driver.engine }
    /// Where each presented view controller's presenter view lived before the presentation,
    /// so that a dismissal can put it back; and the container of that presentation.
    private var presentations: [ObjectIdentifier: PresentationRecord] = [:]

    struct PresentationRecord {
        let container: View
        let presenterParent: View?
        let presenterIndex: Int
        /// Where the presenter's view goes back to: where it was, or the window's new bounds
        /// after a resize (it filled the window).
        var presenterFrame: Rect
        let removedPresenter: Bool
        /// What the animators move for the presented view controller: its view, or the
        /// presentation controller's presentedView that wraps it.
        var presentedView: View
    }

    public init(driver: TransitionDriver) {
        self.driver = driver
    }

    public convenience init(scene: Scene, trace: TransitionTrace, grace: Double = 2) {
        self.init(driver: TransitionDriver(scene: scene, trace: trace, grace: grace))
    }

    /// Steps the clock until the transition has ended (see TransitionDriver.run).
    @discardableResult
    public func run(_ transition: ActiveTransition, gesture: GestureScript? = nil, onFrame: () -> Void = {}) -> TransitionOutcome {
        driver.run(transition, gesture: gesture, onFrame: onFrame)
    }

    // MARK: Presenting

    public func present(
        _ presented: ViewController, from presenter: ViewController, completion: (() -> Void)? = nil
    ) throws -> ActiveTransition {
        guard presenter.presentedViewController == nil else { throw Failure.alreadyPresenting(presenter.name) }
        let delegate = presented.transitioningDelegate
        trace.call("delegate.animationControllerForPresented")
        let animator = delegate?.animationController(forPresented: presented, presenting: presenter)
            ?? driver.standardAnimator(presented.modalTransitionStyle)
        trace.call("delegate.interactionControllerForPresentation")
        let interaction = delegate?.interactionControllerForPresentation(using: animator)
        var controller: PresentationController?
        if presented.modalPresentationStyle == .custom {
            trace.call("delegate.presentationControllerForPresented")
            controller = delegate?.presentationController(forPresented: presented, presenting: presenter)
            if controller == nil {
                trace.warning("custom presentation style but no presentation controller; presenting full screen")
            }
        }

        let window = scene.window!
        let snapshot = HierarchySnapshot(root: window, extra: [presented.view])
        let container = scene.makeView(name: "container", frame: window.bounds)
        window.addSubview(container)

        var finalFrame = container.bounds
        if let controller {
            trace.call("presentationController.frameOfPresentedViewInContainerView")
            if let frame = controller.frameOfPresentedView(inContainerBounds: container.bounds) {
                if frame.isValid { finalFrame = frame } else {
                    trace.warning("'\(controller.displayName)' gave an invalid frame for the presented view \(describe(frame)); using the container's bounds")
                }
            }
        }
        let removesPresenter = controller.map(\.shouldRemovePresentersView)
            ?? (presented.modalPresentationStyle != .overFullScreen)
        let presenterView = presenter.view
        presentations[ObjectIdentifier(presented)] = PresentationRecord(
            container: container, presenterParent: presenterView.superview,
            presenterIndex: presenterView.superview?.subviews.firstIndex { $0 === presenterView } ?? 0,
            presenterFrame: presenterView.frame, removedPresenter: removesPresenter, presentedView: presented.view)

        let context = TransitionContext(
            id: driver.nextID(), kind: .present, container: container, from: presenter, to: presented,
            fromView: removesPresenter ? presenterView : nil, toView: presented.view,
            style: controller == nil ? .fullScreen : .custom, animated: true,
            frames: [(presenter, presenterView.frame, presenterView.frame), (presented, .zero, finalFrame)],
            trace: trace)
        let transition = ActiveTransition(
            context: context, animator: animator, presentationController: controller, snapshot: snapshot,
            startTime: engine.now)
        context.onComplete = { [weak self, weak transition] ok in
            guard let self, let transition else { return }
            engine.runSoon { self.finishPresentation(transition, ok, completion: completion) }
        }
        driver.begin(transition, interaction: interaction) { controller, context in
            trace.call("presentationController.presentationTransitionWillBegin")
            controller.presentationTransitionWillBegin(context)
            self.adoptPresentedView(of: controller, for: presented, in: context)
        }
        return transition
    }

    /// Asks `controller` for its presentedView and, when it is a view that holds the presented
    /// view, makes it the context's view for the presented side, here and in the dismissal.
    private func adoptPresentedView(of controller: PresentationController, for presented: ViewController, in context: TransitionContext) {
        trace.call("presentationController.presentedView")
        guard let view = controller.presentedView(for: presented.view), view !== presented.view else { return }
        guard presented.view.isDescendant(of: view) else {
            trace.warning("the presentedView '\(view.name)' of '\(controller.displayName)' does not contain the presented view "
                + "'\(presented.view.name)'; the animator is given the presented view")
            return
        }
        context.toView = view
        presentations[ObjectIdentifier(presented)]?.presentedView = view
    }

    private func finishPresentation(_ transition: ActiveTransition, _ ok: Bool, completion: (() -> Void)?) {
        let context = transition.context
        let presented = context.toViewController, presenter = context.fromViewController
        driver.withOwner(context.id) {
            if let controller = transition.presentationController {
                trace.call("presentationController.presentationTransitionDidEnd(\(ok))")
                controller.presentationTransitionDidEnd(ok)
            }
            context.runAlongsideCompletions()
            var violations: [String] = []
            if ok {
                let view = context.toView ?? presented.view
                if view.superview !== context.containerView {
                    violations.append("the presented view '\(view.name)' is not in the container after the presentation")
                }
                if !presented.view.isDescendant(of: view) {
                    violations.append("the presented view '\(presented.view.name)' is not in the presentation controller's presentedView '\(view.name)' after the presentation")
                }
                let expected = context.finalFrame(for: presented)
                if !view.frame.isClose(to: expected, tolerance: 0.01) {
                    violations.append("the presented view '\(view.name)' ends at \(describe(view.frame)), not at its final frame \(describe(expected))")
                }
                if !view.mask.covers(view.bounds) {
                    violations.append("the presented view '\(view.name)' ends cut by \(describe(view.mask)), left on it")
                }
                if view.blur.kind == .layer && view.blur.radius > 0 {
                    violations.append("the presented view '\(view.name)' ends blurred by \(describe(view.blur)), left on it")
                }
                if presentations[ObjectIdentifier(presented)]?.removedPresenter == true {
                    presenter.view.removeFromSuperview()
                }
                presenter.presentedViewController = presented
                presented.presentingViewController = presenter
                presented.presentationController = transition.presentationController
            } else {
                if !transition.wasCutOff {
                    violations += transition.snapshot.differences(ignoring: [context.containerView])
                        .map { "after the cancelled presentation, \($0)" }
                }
                transition.snapshot.restore()
                presentations[ObjectIdentifier(presented)] = nil
            }
            driver.end(transition, ok, violations: violations, completion: completion, completionName: "presentation.completion")
        }
    }

    // MARK: Sheet detents

    /// The most detents a sheet may have (TH_MAX_DETENTS).
    public static let maxDetents = 8

    /// `controller`'s detents for a container of `bounds`, or why they cannot be a sheet's: the
    /// count first (more than maxDetents are not asked for), then each height (detentProblem).
    public static func detents(of controller: PresentationController, inContainerBounds bounds: Rect) -> Result<[Double], DetentError> {
        let count = controller.detentCount
        guard count <= maxDetents else { return .failure(DetentError(description: "\(count) detents, more than \(maxDetents)")) }
        let heights = (0..<max(count, 0)).map { controller.detentHeight(at: $0, inContainerBounds: bounds) }
        if let problem = detentProblem(heights, extent: bounds.size.height) { return .failure(DetentError(description: problem)) }
        return .success(heights)
    }

    /// Why a controller's detents cannot be a sheet's.
    public struct DetentError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Why `heights` cannot be a sheet's detents in a container `extent` points tall; nil when
    /// they can: at most maxDetents, each finite, above 0, at most the container, increasing.
    public static func detentProblem(_ heights: [Double], extent: Double) -> String? {
        if heights.count > maxDetents { return "more than \(maxDetents) detents" }
        for (i, h) in heights.enumerated() {
            guard h.isFinite, h > 0 else { return "detent \(i) is \(h) pt; a detent is finite and above 0" }
            guard h <= extent else { return "detent \(i) is \(h) pt, taller than the container's \(extent) pt" }
            if i > 0, h <= heights[i - 1] { return "detent \(i) (\(h) pt) is not above detent \(i - 1) (\(heights[i - 1]) pt)" }
        }
        return nil
    }

    /// How far a release carries a sheet: as a scroll view decelerates (0.998 of its speed
    /// kept each millisecond), velocity × 0.998 / (1 − 0.998) / 1000 seconds.
    static let projection = 0.998 / (1 - 0.998) / 1000

    /// How long the sheet takes to settle at a detent.
    static let settle = 0.4

    /// A drag on the presented sheet of `presented` between its detents
    /// (UISheetPresentationController), as `gesture` (a pan written in points) moves it: the
    /// sheet's top edge follows the finger, its bottom edge staying, held back past the
    /// smallest and the largest detent as a rubber band; its subviews are laid out again as it
    /// grows (autoresizing). At the release it springs to the detent nearest to where the flick
    /// would carry it, and the controller hears of the change (detentDidChange). `onFrame`
    /// after every frame. A controller without detents, or with detents it may not have, is
    /// said in the trace and the sheet stays.
    public func dragSheet(_ presented: ViewController, gesture: GestureScript, onFrame: () -> Void) {
        guard let controller = presented.presentationController, let record = presentations[ObjectIdentifier(presented)] else {
            trace.warning("--drag-sheet: '\(presented.name)' is not presented by a presentation controller; nothing to drag")
            return
        }
        let container = record.container.bounds
        trace.call("presentationController.detents")
        let heights: [Double]
        switch Self.detents(of: controller, inContainerBounds: container) {
        case .success(let answered): heights = answered
        case .failure(let problem):
            trace.warning("\(controller.displayName): \(problem); the sheet is not dragged")
            return
        }
        guard let lowest = heights.first, let highest = heights.last, let events = gesture.events, !events.isEmpty else {
            trace.warning("\(controller.displayName) declares no detents; the sheet is not dragged")
            return
        }
        let view = record.presentedView, rest = view.frame
        func nearest(_ h: Double) -> Int { heights.indices.min { abs(heights[$0] - h) < abs(heights[$1] - h) }! }
        let before = nearest(rest.size.height)
        func frame(height h: Double) -> Rect { Rect(x: rest.minX, y: rest.maxY - h, width: rest.size.width, height: h) }
        func held(_ h: Double) -> Double {
            if h > highest { return highest + Self.rubberBand(h - highest, extent: container.size.height) }
            if h < lowest { return lowest - Self.rubberBand(lowest - h, extent: container.size.height) }
            return h
        }
        trace.info("the sheet rests at detent \(before) of \(heights.count) (\(format(heights[before])) pt); the drag moves it")
        let start = engine.now
        onFrame()
        var height = rest.size.height
        while engine.now - start < gesture.releaseTime - VirtualClock.tolerance {
            engine.step()
            let moved = Self.translation(in: events, at: engine.now - start)
            height = held(rest.size.height - moved)
            view.frame = frame(height: height)
            onFrame()
        }
        // Up is a negative y velocity: the sheet grows.
        let projected = height - (events.last?.velocity.y ?? 0) * Self.projection
        let target = nearest(projected)
        trace.info("released at \(format(height)) pt, carried to \(format(projected)) pt: detent \(target) (\(format(heights[target])) pt)")
        engine.animate(.spring(duration: Self.settle, dampingRatio: 1)) { view.frame = frame(height: heights[target]) }
        let released = engine.now
        while engine.now - released < Self.settle - VirtualClock.tolerance {
            engine.step()
            onFrame()
        }
        if target != before {
            trace.call("presentationController.detentDidChange(\(target))")
            controller.detentDidChange(target)
        }
    }

    /// How long a window takes to change size (UIKit's rotation and split-view resizes take
    /// about this).
    static let resizeDuration = 0.35

    /// Why the window cannot take `size` on a display of `display`; nil when it can.
    public static func resizeProblem(_ size: Size, display: Size) -> String? {
        guard size.width.isFinite, size.height.isFinite, size.width >= minimumWindow, size.height >= minimumWindow else {
            return "a window is at least \(Int(minimumWindow)) × \(Int(minimumWindow)) pt"
        }
        guard size.width <= display.width, size.height <= display.height else {
            return "the window must fit on the display, \(format(display.width)) × \(format(display.height)) pt"
        }
        return nil
    }

    /// The smallest window a resize may leave, on either side.
    public static let minimumWindow = 100.0

    /// The window of the presentation of `presented` changes to `size` (a split view or a
    /// window's edge resizing it; viewWillTransition(to:with:)), in one animation of
    /// `resizeDuration`, ease-in-out: the controller hears of the size first, inside the
    /// animation so that what it sets moves with it; then the window, the container and every
    /// screen's view that filled the window take the new size (their subviews laid out again
    /// by their autoresizing masks), the controller lays out (containerViewWillLayoutSubviews),
    /// the presented view takes frameOfPresentedViewInContainerView for the new bounds, and
    /// the controller hears that layout is done (containerViewDidLayoutSubviews). `onFrame`
    /// after every frame; the dismissal then starts from the new layout. The size is checked
    /// by the caller (`resizeProblem`).
    public func resizeWindow(of presented: ViewController, to size: Size, onFrame: () -> Void) {
        guard let controller = presented.presentationController, var record = presentations[ObjectIdentifier(presented)] else {
            trace.warning("--resize: '\(presented.name)' is not presented by a presentation controller; the window keeps its size")
            return
        }
        let window = scene.window!, old = window.bounds
        let bounds = Rect(origin: .zero, size: size)
        trace.info("the window changes from \(format(old.size.width)) × \(format(old.size.height)) to \(format(size.width)) × \(format(size.height)) pt")
        // The display shows the app only inside its window, as a split view does.
        window.clipsToBounds = true
        let start = engine.now
        onFrame()
        engine.animate(AnimationOptions(duration: Self.resizeDuration, curve: .easeInOut)) {
            trace.call("presentationController.viewWillTransition(to: \(format(size.width)) × \(format(size.height)))")
            controller.viewWillTransition(to: size)
            // The screens' views fill the window, as a root view controller's and the
            // container do in UIKit; the presenter's too when it is off screen. A view is
            // known by its bounds and centre, which a transform (a presenter shrunk behind a
            // card) leaves as they were.
            let presenter = presented.presentingViewController?.view
            func fills(_ view: View) -> Bool { view.bounds.size == old.size && view.center == old.center }
            var filling = window.subviews.filter(fills)
            if let presenter, !filling.contains(where: { $0 === presenter }), fills(presenter) { filling.append(presenter) }
            window.frame = Rect(origin: window.frame.origin, size: size)
            for view in filling {
                view.bounds = Rect(origin: view.bounds.origin, size: size)
                view.center = bounds.center
            }
            if let presenter, filling.contains(where: { $0 === presenter }), record.presenterFrame == old {
                record.presenterFrame = bounds
            }
            trace.call("presentationController.containerViewWillLayoutSubviews")
            controller.containerViewWillLayoutSubviews(record.container)
            trace.call("presentationController.frameOfPresentedViewInContainerView")
            var frame = controller.frameOfPresentedView(inContainerBounds: record.container.bounds) ?? record.container.bounds
            if !frame.isValid {
                trace.warning("'\(controller.displayName)' gave an invalid frame for the presented view \(describe(frame)); using the container's bounds")
                frame = record.container.bounds
            }
            record.presentedView.frame = frame
            trace.call("presentationController.containerViewDidLayoutSubviews")
            controller.containerViewDidLayoutSubviews(record.container)
        }
        presentations[ObjectIdentifier(presented)] = record
        while engine.now - start < Self.resizeDuration - VirtualClock.tolerance || (!engine.isIdle && engine.now - start < Self.resizeDuration + 1) {
            engine.step()
            onFrame()
        }
    }

    /// A pan's vertical movement at `time`, between its written events.
    static func translation(in events: [GestureEvent], at time: Double) -> Double {
        guard let first = events.first else { return 0 }
        if time <= first.time { return first.translation.y }
        for (a, b) in zip(events, events.dropFirst()) where time <= b.time {
            return GestureEvent.between(a, b, at: time).translation.y
        }
        return events.last!.translation.y
    }

    // MARK: Dismissing

    /// How far a refused pull moves the screen: a rubber band's give, as UIScrollView's, the
    /// pull `x` points held to (1 − 1 / (0.55 x / d + 1)) d over the container's height d.
    static func rubberBand(_ x: Double, extent d: Double) -> Double {
        guard x > 0, d > 0 else { return 0 }
        return (1 - 1 / (0.55 * x / d + 1)) * d
    }

    /// How long the screen takes to spring back after a refused pull.
    static let springBack = 0.35

    /// A gesture that would start dismissing `presented` asks its presentation controller
    /// first (presentationControllerShouldDismiss; isModalInPresentation). nil when it may
    /// dismiss. When it refuses: the presented view follows the gesture down, held back as a
    /// rubber band (`onFrame` after every frame), the controller hears of the attempt when the
    /// finger lifts (presentationControllerDidAttemptToDismiss), the view springs back, and
    /// the screen stays presented, which is checked, as every end state is.
    public func refusedDismissal(of presented: ViewController, gesture: GestureScript, onFrame: () -> Void) -> TransitionOutcome? {
        guard let controller = presented.presentationController, let record = presentations[ObjectIdentifier(presented)] else { return nil }
        trace.call("presentationController.shouldDismiss")
        guard !controller.shouldDismiss else { return nil }
        trace.info("\(controller.displayName) refuses to be dismissed (isModalInPresentation): the gesture pulls at the screen, which stays")
        let snapshot = HierarchySnapshot(root: scene.window!)
        let view = record.presentedView, start = engine.now
        let rest = view.transform, height = record.container.bounds.size.height
        onFrame()
        while engine.now - start < gesture.releaseTime - VirtualClock.tolerance {
            engine.step()
            var pulled = rest
            pulled.ty += Self.rubberBand(gesture.progress(at: engine.now - start) * height, extent: height)
            view.transform = pulled
            onFrame()
        }
        trace.call("presentationController.didAttemptToDismiss")
        controller.didAttemptToDismiss()
        engine.animate(.spring(duration: Self.springBack, dampingRatio: 1)) { view.transform = rest }
        // Until it is back, and whatever else moves has settled (a second more at most).
        let back = engine.now
        while engine.now - back < Self.springBack - VirtualClock.tolerance || (!engine.isIdle && engine.now - back < Self.springBack + 1) {
            engine.step()
            onFrame()
        }
        var outcome = TransitionOutcome(
            kind: .dismiss, animator: controller.displayName, completed: false, cutOff: false, cancelledByInteraction: false,
            duration: engine.now - start, startTime: start, endTime: engine.now,
            violations: snapshot.differences().map { "after the refused dismissal, \($0)" })
        outcome.refused = true
        return outcome
    }

    public func dismiss(_ presented: ViewController, completion: (() -> Void)? = nil) throws -> ActiveTransition {
        guard let presenter = presented.presentingViewController,
              let record = presentations[ObjectIdentifier(presented)]
        else { throw Failure.notPresented(presented.name) }
        let delegate = presented.transitioningDelegate
        trace.call("delegate.animationControllerForDismissed")
        let animator = delegate?.animationController(forDismissed: presented)
            ?? driver.standardAnimator(presented.modalTransitionStyle)
        trace.call("delegate.interactionControllerForDismissal")
        let interaction = delegate?.interactionControllerForDismissal(using: animator)
        let controller = presented.presentationController
        let window = scene.window!
        let snapshot = HierarchySnapshot(root: window, extra: [presenter.view])

        let context = TransitionContext(
            id: driver.nextID(), kind: .dismiss, container: record.container, from: presented, to: presenter,
            fromView: record.presentedView, toView: record.removedPresenter ? presenter.view : nil,
            style: controller == nil ? .fullScreen : .custom, animated: true,
            frames: [(presented, record.presentedView.frame, .zero), (presenter, record.presenterFrame, record.presenterFrame)],
            trace: trace)
        let transition = ActiveTransition(
            context: context, animator: animator, presentationController: controller, snapshot: snapshot,
            startTime: engine.now)
        context.onComplete = { [weak self, weak transition] ok in
            guard let self, let transition else { return }
            engine.runSoon { self.finishDismissal(transition, ok, record: record, completion: completion) }
        }
        driver.begin(transition, interaction: interaction) { controller, context in
            trace.call("presentationController.dismissalTransitionWillBegin")
            controller.dismissalTransitionWillBegin(context)
        }
        return transition
    }

    private func finishDismissal(
        _ transition: ActiveTransition, _ ok: Bool, record: PresentationRecord, completion: (() -> Void)?
    ) {
        let context = transition.context
        let presented = context.fromViewController, presenter = context.toViewController
        driver.withOwner(context.id) {
            if let controller = transition.presentationController {
                trace.call("presentationController.dismissalTransitionDidEnd(\(ok))")
                controller.dismissalTransitionDidEnd(ok)
            }
            context.runAlongsideCompletions()
            var violations: [String] = []
            if ok {
                // The wrapper, when there is one, is named first: it holds the presented view.
                if let view = [record.presentedView, presented.view].first(where: { $0.isDescendant(of: scene.window) }) {
                    violations.append("the dismissed view '\(view.name)' is still in the hierarchy after the dismissal")
                }
                // As UIKit does, the host puts the presenter's view back where it was.
                let view = presenter.view
                if let parent = record.presenterParent,
                   view.superview !== parent || parent.subviews.firstIndex(where: { $0 === view }) != record.presenterIndex {
                    parent.insertSubview(view, at: record.presenterIndex)
                }
                if !view.frame.isClose(to: record.presenterFrame, tolerance: 0.01) {
                    violations.append("the presenter's view '\(view.name)' ends at \(describe(view.frame)), not where it was \(describe(record.presenterFrame))")
                }
                record.container.removeFromSuperview()
                presented.view.removeFromSuperview()
                presenter.presentedViewController = nil
                presented.presentingViewController = nil
                presented.presentationController = nil
                presentations[ObjectIdentifier(presented)] = nil
            } else {
                if !transition.wasCutOff {
                    violations += transition.snapshot.differences()
                        .map { "after the cancelled dismissal, \($0)" }
                }
                transition.snapshot.restore()
            }
            driver.end(transition, ok, violations: violations, completion: completion, completionName: "dismissal.completion")
        }
    }

}
