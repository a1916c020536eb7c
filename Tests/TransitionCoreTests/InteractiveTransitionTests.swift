import Testing
@testable import TransitionCore

// Interactive transitions: the percent-driven controller on the transition's own clock.

/// An animator written as the guide says: slide the presented view in from the right, and in
/// the completion remove the view that leaves and complete with !transitionWasCancelled.
final class GuideSlideAnimator: TransitionAnimator {
    var displayName: String { "guide-slide" }
    let duration: Double
    let curve: TimingCurve
    private(set) var finishedFlags: [Bool] = []
    init(duration: Double = 0.5, curve: TimingCurve = .linear) {
        self.duration = duration
        self.curve = curve
    }

    func transitionDuration(using context: TransitionContext) -> Double { duration }

    func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        let presenting = context.kind == .present
        let width = container.bounds.size.width
        guard let moving = presenting ? context.toView : context.fromView else { return }
        let onScreen = presenting ? context.finalFrame(for: context.toViewController) : moving.frame
        if presenting {
            container.addSubview(moving)
            moving.frame = onScreen.offsetBy(dx: width, dy: 0)
        }
        container.scene.engine.animate(AnimationOptions(duration: duration, curve: curve), animations: {
            moving.frame = presenting ? onScreen : onScreen.offsetBy(dx: width, dy: 0)
        }, completion: { [self] finished in
            finishedFlags.append(finished)
            let success = !context.transitionWasCancelled
            if presenting != success { moving.removeFromSuperview() }
            context.completeTransition(success)
        })
    }
}

/// Vends the guide animator and, when asked, the host's percent-driven controller.
final class InteractiveDelegate: TransitioningDelegate {
    let animator: GuideSlideAnimator
    let interaction = PercentDrivenInteraction()
    var presentationController: PresentationController?
    init(animator: GuideSlideAnimator = GuideSlideAnimator()) { self.animator = animator }
    func animationController(forPresented presented: ViewController, presenting: ViewController) -> TransitionAnimator? { animator }
    func animationController(forDismissed dismissed: ViewController) -> TransitionAnimator? { animator }
    func interactionControllerForPresentation(using animator: TransitionAnimator) -> InteractiveTransitioning? { interaction }
    func presentationController(forPresented presented: ViewController, presenting: ViewController) -> PresentationController? {
        presentationController
    }
}

@Suite("Interactive transitions") struct InteractiveTransitionTests {
    /// Where the guide animator's presented view is `elapsed` seconds into a plain run.
    func plainFrame(at elapsed: Double) throws -> Rect {
        let stage = Stage()
        stage.detail.transitioningDelegate = InteractiveDelegate().withoutInteraction()
        var found: Rect?
        _ = try stage.present {
            if abs(stage.engine.now - elapsed) < 1e-9 { found = stage.detail.view.presentation.frame }
        }
        return try #require(found)
    }

    @Test("scrubbing to 0.3 shows the frame of 0.3 × duration")
    func scrubShowsTheFrameOfThatTime() throws {
        let stage = Stage()
        let delegate = InteractiveDelegate()
        stage.detail.transitioningDelegate = delegate
        let transition = try stage.presenter.present(stage.detail, from: stage.home)
        #expect(transition.context.isInteractive)
        delegate.interaction.update(0.3)
        stage.engine.settle()
        #expect(stage.detail.view.presentation.frame.isClose(to: try plainFrame(at: 0.15), tolerance: 1e-9))
        // Time passing while paused changes nothing.
        for _ in 0..<10 { stage.engine.step() }
        #expect(stage.detail.view.presentation.frame.isClose(to: try plainFrame(at: 0.15), tolerance: 1e-9))
        delegate.interaction.update(0.8)
        stage.engine.settle()
        #expect(stage.detail.view.presentation.frame.isClose(to: try plainFrame(at: 0.4), tolerance: 1e-9))
    }

    @Test("cancel from 0.6 with completionSpeed 2 takes 0.3 × duration and restores everything")
    func cancelRunsBackAndRestores() throws {
        let stage = Stage()
        let before = stage.record()
        let delegate = InteractiveDelegate()
        delegate.interaction.completionSpeed = 2
        stage.detail.transitioningDelegate = delegate
        var interactionChanges: [Bool] = []
        let transition = try stage.presenter.present(stage.detail, from: stage.home)
        transition.context.notifyWhenInteractionChanges { interactionChanges.append($0.transitionWasCancelled) }
        let gesture = GestureScript(samples: [.init(time: 0, progress: 0), .init(time: 0.2, progress: 0.6)], releaseVelocity: -2)
        #expect(!gesture.finishes)
        let outcome = stage.presenter.run(transition, gesture: gesture)
        #expect(!outcome.completed && outcome.cancelledByInteraction && !outcome.cutOff)
        #expect(outcome.isClean)
        #expect(abs(outcome.endTime - (0.2 + 0.3 * 0.5)) < 1e-9, "\(outcome.endTime)")
        #expect(transition.context.transitionWasCancelled)
        #expect(interactionChanges == [true])
        #expect(delegate.animator.finishedFlags == [true])
        #expect(before.differences().isEmpty, "\(before.differences())")
        #expect(stage.home.presentedViewController == nil)
    }

    @Test("finish from 0.6 plays the rest in 0.4 × duration and completes")
    func finishPlaysTheRest() throws {
        let stage = Stage()
        let delegate = InteractiveDelegate()
        stage.detail.transitioningDelegate = delegate
        var interactionChanges: [Bool] = []
        let transition = try stage.presenter.present(stage.detail, from: stage.home)
        transition.context.notifyWhenInteractionChanges { interactionChanges.append($0.transitionWasCancelled) }
        let gesture = try GestureScript(parsing: "0=0, 0.2=0.6, release=0.3")
        let outcome = stage.presenter.run(transition, gesture: gesture)
        #expect(outcome.completed && outcome.isClean)
        #expect(abs(outcome.endTime - (0.2 + 0.4 * 0.5)) < 1e-9, "\(outcome.endTime)")
        #expect(interactionChanges == [false])
        #expect(stage.detail.view.frame == Stage.bounds)
        #expect(stage.trace.calls.contains("interaction.finish(at: 0.6)"))
    }

    @Test("a forward flick finishes even short of half way; a backward flick cancels past it")
    func flicks() throws {
        #expect(try GestureScript(parsing: "0=0, 0.1=0.2, release=1.5").finishes)
        #expect(try !GestureScript(parsing: "0=0, 0.1=0.9, release=-1.5").finishes)
        #expect(try GestureScript(parsing: "0=0, 0.1=0.51, release=0").finishes)
        #expect(try !GestureScript(parsing: "0=0, 0.1=0.5, release=0").finishes)
    }

    @Test("NaN and out-of-range progress are clamped and reported; finish twice is ignored and reported")
    func badInputIsReported() throws {
        let stage = Stage()
        let delegate = InteractiveDelegate()
        stage.detail.transitioningDelegate = delegate
        let transition = try stage.presenter.present(stage.detail, from: stage.home)
        delegate.interaction.update(0.4)
        delegate.interaction.update(.nan)
        #expect(delegate.interaction.percentComplete == 0.4)
        delegate.interaction.update(1.7)
        #expect(delegate.interaction.percentComplete == 1)
        delegate.interaction.update(-3)
        #expect(delegate.interaction.percentComplete == 0)
        delegate.interaction.update(0.7)
        delegate.interaction.finish()
        delegate.interaction.finish()
        delegate.interaction.cancel()
        let outcome = stage.presenter.run(transition)
        #expect(outcome.completed)
        let warnings = stage.trace.warnings
        #expect(warnings.contains { $0.contains("not a number") })
        #expect(warnings.contains { $0.contains("1.7") && $0.contains("clamped to 1") })
        #expect(warnings.contains { $0.contains("-3") && $0.contains("clamped to 0") })
        #expect(warnings.filter { $0.contains("after the interaction had ended") }.count == 2)
        delegate.interaction.update(0.5)  // after completion
        #expect(stage.trace.warnings.count == warnings.count + 1)
    }

    @Test("progress of exactly 0 and exactly 1 is taken as it is, without a warning; the least step past either is clamped and reported")
    func progressBoundaries() throws {
        let stage = Stage()
        let delegate = InteractiveDelegate()
        stage.detail.transitioningDelegate = delegate
        _ = try stage.presenter.present(stage.detail, from: stage.home)
        delegate.interaction.update(1)
        delegate.interaction.update(0)
        #expect(stage.trace.warnings.isEmpty, "\(stage.trace.warnings)")
        delegate.interaction.update(1.0.nextUp)
        #expect(delegate.interaction.percentComplete == 1)
        delegate.interaction.update((0.0).nextDown)
        #expect(delegate.interaction.percentComplete == 0)
        #expect(stage.trace.warnings.count == 2, "\(stage.trace.warnings)")
    }

    @Test("alongside animations follow the scrub, on the animator's own curve (linear here)")
    func alongsideFollowsTheScrub() throws {
        let stage = Stage()
        let delegate = InteractiveDelegate()
        let controller = FakePresentationController(log: stage.log)
        delegate.presentationController = controller
        stage.detail.modalPresentationStyle = .custom
        stage.detail.transitioningDelegate = delegate
        _ = try stage.presenter.present(stage.detail, from: stage.home)
        let dimming = try #require(controller.dimmingView)
        delegate.interaction.update(0.3)
        stage.engine.settle()
        #expect(abs(dimming.presentation.alpha - 0.3) < 1e-9, "\(dimming.presentation.alpha)")
        delegate.interaction.update(0)
        stage.engine.settle()
        #expect(dimming.presentation.alpha == 0)
    }

    @Test("alongside animations take the animator's timing: its longest animation's duration and spring, not a fixed ease-in-out")
    func alongsideFollowsTheAnimatorsSpring() throws {
        let stage = Stage()
        let animator = SpringSlideAnimator()
        let delegate = PlainDelegate(animator: animator)
        let controller = FakePresentationController(log: stage.log)
        let presenting = PresentationDelegate(delegate, controller)
        stage.detail.modalPresentationStyle = .custom
        stage.detail.transitioningDelegate = presenting
        _ = try stage.presenter.present(stage.detail, from: stage.home)
        let dimming = try #require(controller.dimmingView)
        let spring = AnimationOptions.spring(duration: 0.8, dampingRatio: 0.5)
        let start = stage.engine.now
        for time in [0.1, 0.3, 0.5] {
            while stage.engine.now - start < time - 1e-9 { stage.engine.step() }
            let t = stage.engine.now - start
            // An alpha past 1 (the spring overshoots) is shown as 1.
            let expected = min(1, max(0, spring.curve.progress(at: t / 0.8)))
            #expect(abs(dimming.presentation.alpha - expected) < 1e-6, "at \(t) s")
            // Not what a fixed ease-in-out over the transition's 0.8 s would give.
            #expect(abs(expected - TimingCurve.easeInOut.progress(at: t / 0.8)) > 0.05, "at \(t) s")
        }
    }

    @Test("an interaction left without updates is cut off after its duration plus grace")
    func abandonedInteractionIsCutOff() throws {
        let stage = Stage(grace: 1)
        let before = stage.record()
        let delegate = InteractiveDelegate()
        stage.detail.transitioningDelegate = delegate
        let transition = try stage.presenter.present(stage.detail, from: stage.home)
        delegate.interaction.update(0.5)
        let outcome = stage.presenter.run(transition)
        #expect(outcome.cutOff)
        #expect(abs(outcome.endTime - 1.5) < 1e-9, "\(outcome.endTime)")
        #expect(before.differences().isEmpty)
    }
}

extension InteractiveDelegate {
    /// The same animator, vended without an interaction controller.
    func withoutInteraction() -> TransitioningDelegate { PlainDelegate(animator: animator) }
}

final class PlainDelegate: TransitioningDelegate {
    let animator: TransitionAnimator
    init(animator: TransitionAnimator) { self.animator = animator }
    func animationController(forPresented presented: ViewController, presenting: ViewController) -> TransitionAnimator? { animator }
    func animationController(forDismissed dismissed: ViewController) -> TransitionAnimator? { animator }
}

@Suite("Gesture scripts") struct GestureScriptTests {
    @Test func parsesSamplesCommentsAndRelease() throws {
        let g = try GestureScript(parsing: "# a slow drag\n0=0\n0.5=0.25, 1=0.75\nrelease=0.2\n")
        #expect(g.samples.count == 3)
        #expect(g.releaseTime == 1)
        #expect(abs(g.progress(at: 0.75) - 0.5) < 1e-12)
        #expect(g.releaseVelocity == 0.2)
    }

    @Test(arguments: [
        ("0=0", "no 'release"),
        ("release=1", "no TIME=PROGRESS"),
        ("0=0, 0=0.5, release=0", "times must increase"),
        ("0=1.5, release=0", "outside [0, 1]"),
        ("0=0, release=0, 1=1", "nothing may follow"),
        ("0=0, release=fast", "not a finite number"),
        ("x=0, release=0", "not a time"),
        ("0=0\n0.5, release=0", "line 2"),
    ])
    func refusesBadScripts(text: String, reason: String) {
        #expect(throws: GestureScript.ParseError.self) { try GestureScript(parsing: text) }
        do { _ = try GestureScript(parsing: text) } catch { #expect("\(error)".contains(reason), "\(error)") }
    }
}

@Suite("Transition timelines") struct TransitionTimelineTests {
    @Test func mediaTimingFollowsBeginSpeedAndOffset() {
        let t = TransitionTimeline(startingAt: 1)
        #expect(t.localTime(at: 1.5) == 0.5)
        t.pause(at: 1.5)
        #expect(t.localTime(at: 3) == 0.5)
        t.set(speed: -2, at: 3)
        #expect(abs(t.localTime(at: 3.1) - 0.3) < 1e-12)
        t.scrub(to: 0.25, at: 4)
        #expect(t.localTime(at: 9) == 0.25)
    }

    @Test func aRampReachesItsTargetThenCarriesOn() {
        let t = TransitionTimeline(startingAt: 0)
        t.scrub(to: 0.3, at: 0)
        t.ramp(to: 0, duration: 0.15, curve: .linear, thenSpeed: 1, at: 1)
        #expect(abs(t.localTime(at: 1.075) - 0.15) < 1e-12)
        #expect(t.localTime(at: 1.15) == 0)
        #expect(t.localTime(at: 1.25) < 0)
        #expect(t.direction(at: 1.1) == -1)
    }
}

/// Slides the presented view in on a spring of 0.8 s (and a short fade on ease-in first).
final class SpringSlideAnimator: TransitionAnimator {
    var displayName: String { "spring-slide" }
    func transitionDuration(using context: TransitionContext) -> Double { 0.8 }
    func animateTransition(using context: TransitionContext) {
        let container = context.containerView
        guard let view = context.toView else { return }
        let final = context.finalFrame(for: context.toViewController)
        container.addSubview(view)
        view.frame = final.offsetBy(dx: 0, dy: final.size.height)
        view.alpha = 0
        let engine = container.scene.engine
        engine.animate(AnimationOptions(duration: 0.2, curve: .easeIn)) { view.alpha = 1 }
        engine.animate(.spring(duration: 0.8, dampingRatio: 0.5), animations: { view.frame = final },
                       completion: { _ in context.completeTransition(!context.transitionWasCancelled) })
    }
}

/// A delegate that vends `inner`'s animators and a presentation controller.
final class PresentationDelegate: TransitioningDelegate {
    let inner: TransitioningDelegate
    let controller: PresentationController
    init(_ inner: TransitioningDelegate, _ controller: PresentationController) { self.inner = inner; self.controller = controller }
    func animationController(forPresented presented: ViewController, presenting: ViewController) -> TransitionAnimator? {
        inner.animationController(forPresented: presented, presenting: presenting)
    }
    func animationController(forDismissed dismissed: ViewController) -> TransitionAnimator? { inner.animationController(forDismissed: dismissed) }
    func presentationController(forPresented presented: ViewController, presenting: ViewController) -> PresentationController? { controller }
}
