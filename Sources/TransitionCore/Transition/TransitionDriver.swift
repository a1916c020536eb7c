/// What every kind of transition (modal, navigation, container) shares: numbering, the
/// steps from will-begin to animateTransition (or startInteractiveTransition), the end of the
/// cascade, stepping the clock, and cutting off an animator that never completes.
public final class TransitionDriver {
    public let scene: Scene
    public let trace: TransitionTrace
    /// Virtual seconds a transition may run past its duration (or, while interactive, past
    /// its last update plus its duration) before the host cuts it off.
    public var grace: Double

    var engine: AnimationEngine { scene.engine }
    private var nextTransitionID = 0
    /// Transitions that have begun and not ended: kept alive here, so that a caller dropping
    /// its reference cannot lose the end of a cascade.
    private var inFlight: [ActiveTransition] = []

    public init(scene: Scene, trace: TransitionTrace, grace: Double = 2) {
        self.scene = scene
        self.trace = trace
        self.grace = grace
    }

    func nextID() -> Int {
        nextTransitionID += 1
        return nextTransitionID
    }

    /// The host's own animator when a delegate vends none.
    func standardAnimator(_ style: ModalTransitionStyle) -> TransitionAnimator {
        trace.info("no custom animator; using the standard '\(style.rawValue)'")
        return StandardAnimators.make(style)
    }

    /// will-begin and layout (with a presentation controller), transitionDuration, then
    /// animateTransition — or, with an interaction controller, startInteractiveTransition on
    /// a paused clock of the transition's own — then the alongside animations.
    func begin(
        _ transition: ActiveTransition, interaction: InteractiveTransitioning?,
        willBegin: (PresentationController, TransitionContext) -> Void
    ) {
        let context = transition.context
        inFlight.append(transition)
        transition.grace = grace
        // The screens as they are now have been on screen: a snapshot the animator takes
        // before screen updates shows them, and nothing added from here on.
        engine.markDrawn()
        withOwner(context.id) {
            if let controller = transition.presentationController {
                willBegin(controller, context)
                trace.call("presentationController.containerViewWillLayoutSubviews")
                controller.containerViewWillLayoutSubviews(context.containerView)
                trace.call("presentationController.containerViewDidLayoutSubviews")
                controller.containerViewDidLayoutSubviews(context.containerView)
            }
            // Before the animator's first call: one that fails in transitionDuration falls back too.
            if transition.animator is FailableTransitionAnimator {
                transition.sceneBeforeAnimator = HierarchySnapshot(
                    root: scene.window ?? context.containerView, extra: [context.fromView, context.toView].compactMap { $0 })
                context.onAnimatorFailure = { [weak transition] reason in
                    guard let transition, transition.failure == nil else { return }
                    transition.failure = reason
                }
            }
            trace.call("animator.transitionDuration")
            var duration = transition.animator.transitionDuration(using: context)
            if !duration.isFinite || duration < 0 {
                trace.warning("'\(transition.animator.displayName)' returned an invalid duration (\(duration)); using 0")
                duration = 0
            }
            context.transitionDuration = duration
            context.animator = transition.animator
            let played = context.playedDuration
            transition.deadline = engine.now + played + grace
            // The animator's longest animation sets the alongside animations' timing.
            engine.watchedOwner = context.id
            if let interaction {
                let timeline = TransitionTimeline(startingAt: engine.now)
                timeline.pause(at: engine.now)
                engine.attach(timeline, to: context.id)
                context.timeline = timeline
                context.isInteractive = true
                transition.interaction = interaction
                context.onInteractionActivity = { [weak self, weak transition] in
                    guard let self, let transition else { return }
                    transition.deadline = engine.now + played + grace
                }
                context.onInteractionEnded = { [weak self, weak transition] tail in
                    guard let self, let transition else { return }
                    transition.deadline = engine.now + tail + grace
                }
                trace.call("interactionController.startInteractiveTransition")
                interaction.startInteractiveTransition(context)
            } else {
                trace.call("animator.animateTransition")
                transition.animator.animateTransition(using: context)
            }
            let animatorTiming = engine.longestWatched
            engine.watchedOwner = nil
            // Not interactive from the start, an animator that offers an interruptible animator
            // may be grabbed: the alongside animations go into it, to follow it then.
            let grabbable = interaction == nil && context.hasAlongsideAnimations
                ? transition.animator.interruptibleAnimator(using: context) : nil
            context.startAlongsideAnimations(in: engine, following: animatorTiming, inside: grabbable)
        }
        engine.drainSoon()
    }

    /// The last steps of every cascade: report violations, the caller's completion,
    /// animationEnded; the context goes stale.
    func end(
        _ transition: ActiveTransition, _ ok: Bool, violations: [String], completion: (() -> Void)?,
        completionName: String
    ) {
        for v in violations { trace.warning(v) }
        if let completion {
            trace.call(completionName)
            completion()
        }
        // Stale first, as the header promises: animation_ended gets no context and any handle
        // the plugin kept is refused from here on.
        let context = transition.context
        context.state = .ended(ok)
        trace.call("animator.animationEnded(\(ok))")
        transition.animator.animationEnded(ok)
        inFlight.removeAll { $0 === transition }
        transition.outcome = TransitionOutcome(
            kind: context.kind, animator: transition.animator.displayName, completed: ok,
            cutOff: transition.wasCutOff,
            cancelledByInteraction: !ok && !transition.wasCutOff && (transition.interaction != nil || transition.wasGrabbed)
                && context.transitionWasCancelled,
            duration: context.transitionDuration, startTime: transition.startTime, endTime: engine.now,
            violations: violations)
        transition.outcome?.failure = transition.failure
        transition.outcome?.animatorCuts = transition.animator.declaresCuts
    }

    func withOwner(_ owner: Int, _ body: () -> Void) {
        let saved = engine.currentOwner
        engine.currentOwner = owner
        body()
        engine.currentOwner = saved
    }

    // MARK: Running

    /// Steps the clock until the transition has ended and its animations have stopped,
    /// calling `onFrame` after the first state and after every step. A `gesture` drives an
    /// interactive transition's percent-driven controller frame by frame, then releases it.
    /// A transition still running at its deadline is cut off: cancelled and restored.
    @discardableResult
    public func run(_ transition: ActiveTransition, gesture: GestureScript? = nil, onFrame: () -> Void = {}) -> TransitionOutcome {
        run(transition, interaction: gesture.map(InteractionSource.gesture), onFrame: onFrame)
    }

    /// As run(_:gesture:onFrame:), with any source of interaction: a recorded gesture, or a
    /// live one (keys on a terminal) that is asked each frame what to do.
    @discardableResult
    public func run(_ transition: ActiveTransition, interaction source: InteractionSource?, onFrame: () -> Void = {}) -> TransitionOutcome {
        var released = false
        var delivered = 0
        var grabbed: (animator: PropertyAnimator, fraction: Double, progress: Double)?
        /// A plugin controller's hold on a grabbed transition.
        var grabbedBy: GrabbedInteraction?
        var reading = LiveGestureReading(container: transition.context.containerView.bounds.size)
        var pointerDown = false
        /// Lets the source act on the interaction for the current time; true when it may have.
        func applyGesture() -> Bool {
            if case .liveGesture(let ask)? = source {
                let events = ask(engine.now - transition.startTime)
                // A person holding the pointer still is not a stalled controller: while the
                // gesture is down the deadline waits; once it ends, the controller has its
                // duration plus the grace to finish or cancel, as any other.
                for event in events {
                    if event.state == .began || event.state == .changed { pointerDown = true }
                    if event.state == .ended || event.state == .cancelled { pointerDown = false }
                }
                if pointerDown && transition.context.isInteractive {
                    transition.deadline = max(transition.deadline, engine.now + transition.context.playedDuration + grace)
                }
                // A controller that reads gestures sees every event, the end of its gesture too.
                if let driven = transition.interaction as? GestureDrivenInteraction {
                    events.forEach(driven.deliver)
                    return !events.isEmpty
                }
                guard !released, let interaction = transition.interaction as? PercentDrivenInteraction,
                      transition.context.isInteractive
                else { return false }
                for event in events where !released {
                    switch reading.read(event) {
                    case .hold: interaction.pause()
                    case .scrub(let p): interaction.update(p)
                    case .finish:
                        released = true
                        interaction.finish()
                    case .cancel:
                        released = true
                        interaction.cancel()
                    }
                }
                return !events.isEmpty
            }
            // Events go to the controller that reads them, interactive or not: an ended
            // interaction's controller still sees the end of its gesture.
            if case .gesture(let gesture)? = source, let events = gesture.events,
               let driven = transition.interaction as? GestureDrivenInteraction {
                // Between two written events the finger still moves: a changed event every
                // frame, as a recogniser sends one.
                let due = GestureEvent.due(in: events, at: engine.now - transition.startTime, after: &delivered)
                due.forEach(driven.deliver)
                return !due.isEmpty
            }
            if case .grab(let at, let gesture, let controller)? = source {
                guard !released else { return false }
                return grab(transition, at: at, gesture, controller: controller, &grabbed, &grabbedBy, &delivered, &released)
            }
            guard let source, !released, let interaction = transition.interaction as? PercentDrivenInteraction,
                  transition.context.isInteractive
            else { return false }
            let elapsed = engine.now - transition.startTime
            switch source {
            case .grab, .liveGesture:
                return false
            case .gesture(let gesture):
                if elapsed >= gesture.releaseTime - VirtualClock.tolerance {
                    released = true
                    interaction.update(gesture.progress(at: gesture.releaseTime))
                    trace.info("gesture released at \(format(interaction.percentComplete)) with velocity \(format(gesture.releaseVelocity)): \(gesture.finishes ? "finish" : "cancel")")
                    if gesture.finishes { interaction.finish() } else { interaction.cancel() }
                } else {
                    interaction.update(gesture.progress(at: elapsed))
                }
            case .live(let ask):
                switch ask(interaction.percentComplete) {
                case .hold: interaction.pause()
                case .scrub(let p): interaction.update(p)
                case .finish:
                    released = true
                    interaction.finish()
                case .cancel:
                    released = true
                    interaction.cancel()
                }
            }
            return true
        }

        /// At the deadline: cut off what has not completed, stop what still runs. True when
        /// the run is over.
        func enforceDeadline() -> Bool {
            guard engine.now >= transition.deadline - VirtualClock.tolerance else { return false }
            if transition.outcome == nil {
                cutOff(transition)
                engine.settle()
                return false
            }
            trace.warning("animations of '\(transition.animator.displayName)' were still running at the deadline; stopped")
            engine.stopAnimations(ownedBy: transition.context.id)
            engine.settle()
            return true
        }

        _ = applyGesture()
        engine.settle()
        fallBackIfFailed(transition)
        var over = enforceDeadline()
        onFrame()
        // One frame per instant: the deadline is enforced before the frame is recorded.
        /// What was still running when the transition ended (the loop steps on until it stops).
        var overrun: AnimationOverrun?
        var lookedForOverrun = false
        while !over && (transition.outcome == nil || !engine.isIdle) {
            if let outcome = transition.outcome, !lookedForOverrun {
                lookedForOverrun = true
                overrun = AnimationOverrun(engine, transitionEnd: outcome.endTime)
            }
            engine.step()
            if applyGesture() { engine.settle() }
            fallBackIfFailed(transition)
            over = enforceDeadline()
            onFrame()
        }
        if !over, let outcome = transition.outcome,
           let warning = overrun?.warning(kind: outcome.kind, animator: outcome.animator, now: engine.now) {
            trace.warning(warning)
        }
        engine.detachTimeline(of: transition.context.id)
        return transition.outcome!
    }

    /// A gesture that grabs a running transition through its animator's interruptible
    /// animator: at `at` seconds the animator is paused and the context becomes interactive;
    /// the gesture scrubs its fraction from where it was grabbed; the release continues it
    /// forwards, or reverses it first (the transition is then cancelled: thrown back).
    private func grab(
        _ transition: ActiveTransition, at: Double, _ gesture: GestureScript,
        controller make: ((TransitionKind) -> GestureInteractionController?)?,
        _ grabbed: inout (animator: PropertyAnimator, fraction: Double, progress: Double)?,
        _ grabbedBy: inout GrabbedInteraction?, _ delivered: inout Int, _ released: inout Bool
    ) -> Bool {
        let context = transition.context
        let elapsed = engine.now - transition.startTime - at
        guard elapsed >= -VirtualClock.tolerance, context.isRunning else { return false }
        if grabbed == nil {
            guard let animator = transition.animator.interruptibleAnimator(using: context) else {
                trace.warning("'\(transition.animator.displayName)' offers no interruptible animator, so the gesture cannot grab it; it runs on")
                released = true
                return false
            }
            do { try animator.pause() } catch {
                trace.warning("'\(transition.animator.displayName)': its interruptible animator cannot be paused (\(error)); it runs on")
                released = true
                return false
            }
            grabbed = (animator, animator.fractionComplete, gesture.progress(at: 0))
            transition.wasGrabbed = true
            context.isInteractive = true
            trace.call("interruptibleAnimator.grabbed(at: \(format(animator.fractionComplete)))")
            // A plugin's interaction controller takes the gesture from here, as UIKit's does
            // once its gesture pauses the transition.
            if let make, let controller = make(context.kind) {
                let drive = GrabbedInteraction(controller: controller, animator: animator, transition: transition)
                context.interactiveDriver = drive
                grabbedBy = drive
                trace.call("\(controller.displayName).startInteractiveTransition")
                controller.startInteractiveTransition(context)
            }
        }
        if let drive = grabbedBy {
            return deliver(gesture, grabbedAt: at, to: drive, elapsed: elapsed, transition, &delivered, &released)
        }
        guard let (animator, fraction, first) = grabbed else { return false }
        let at = min(elapsed, gesture.releaseTime)
        try? animator.setFractionComplete(fraction + gesture.progress(at: at) - first)
        transition.deadline = engine.now + context.playedDuration + grace
        guard elapsed >= gesture.releaseTime - VirtualClock.tolerance else { return true }
        released = true
        let finishes = gesture.finishes
        trace.info("gesture released at \(format(animator.fractionComplete)) with velocity \(format(gesture.releaseVelocity)): \(finishes ? "continue" : "throw back")")
        if !finishes { try? animator.setReversed(true) }
        let remaining = (finishes ? 1 - animator.fractionComplete : animator.fractionComplete) * animator.duration
        context.endInteraction(cancelled: !finishes, tail: remaining)
        try? animator.continueAnimation(curve: nil, durationFactor: 1)
        return true
    }

    /// The grabbing gesture's events up to `elapsed` seconds after the grab, to a plugin's
    /// controller: those written, and between two of them a changed event every frame, each
    /// stamped with the seconds since the transition started. Released once it decided.
    private func deliver(_ gesture: GestureScript, grabbedAt at: Double, to drive: GrabbedInteraction, elapsed: Double,
                         _ transition: ActiveTransition, _ delivered: inout Int, _ released: inout Bool) -> Bool {
        guard let events = gesture.events else {
            released = true
            return false
        }
        func stamped(_ event: GestureEvent) -> GestureEvent {
            var event = event
            event.time += at
            return event
        }
        let due = GestureEvent.due(in: events, at: elapsed, after: &delivered)
        for event in due { drive.deliver(stamped(event)) }
        // While the fingers hold it, the transition waits for them, as with the host's own grab.
        if delivered < events.count {
            transition.deadline = max(transition.deadline, engine.now + transition.context.playedDuration + grace)
        }
        if drive.hasEnded { released = true }
        return !due.isEmpty
    }

    /// After the animator reported a failure: stop what it started, put the scene back as it
    /// was before animateTransition, and finish with the standard cross-dissolve, so that the
    /// transition still ends in its documented state. Runs between frames, never inside a
    /// callback. A failure after completeTransition only needs reporting: the cascade is the
    /// host's own.
    private func fallBackIfFailed(_ transition: ActiveTransition) {
        guard let reason = transition.failure, !transition.fellBack else { return }
        transition.fellBack = true
        let context = transition.context
        guard context.state == .running, let before = transition.sceneBeforeAnimator else {
            trace.error("'\(transition.animator.displayName)' failed after it had completed the \(context.kind.name): \(reason)")
            return
        }
        trace.error("'\(transition.animator.displayName)' failed: \(reason); the host finishes the \(context.kind.name) with the standard cross-dissolve")
        engine.stopAnimations(ownedBy: context.id)
        engine.detachTimeline(of: context.id)
        context.timeline = nil
        context.isInteractive = false
        before.restore()
        let fallback = StandardAnimators.make(.crossDissolve)
        transition.fallbackAnimator = fallback
        context.transitionDuration = fallback.transitionDuration(using: context)
        transition.deadline = engine.now + context.playedDuration + grace
        withOwner(context.id) {
            trace.call("fallback.animateTransition")
            fallback.animateTransition(using: context)
        }
        engine.settle()
    }

    private func cutOff(_ transition: ActiveTransition) {
        let context = transition.context
        let why = context.isInteractive
            ? "was left interactive, with no update, finish or cancel for its duration (\(format(context.transitionDuration)) s) plus \(format(grace)) s grace"
            : "did not call completeTransition within its duration (\(format(context.transitionDuration)) s) plus \(format(grace)) s grace"
        trace.warning("'\(transition.animator.displayName)' \(why); the host cancelled the \(context.kind.name) and restored the scene")
        transition.wasCutOff = true
        context.cutOff()
        engine.stopAnimations(ownedBy: context.id)
        engine.drainSoon()
    }
}

/// What drives an interactive transition frame by frame.
public enum InteractionSource {
    /// A recorded gesture: samples, then a release. A controller that reads gestures
    /// (GestureDrivenInteraction) gets its recogniser's events instead.
    case gesture(GestureScript)
    /// Asked once per frame, with the progress so far, what the user does now.
    case live((Double) -> LiveInput)
    /// Asked once per frame, with the seconds since the transition started, for the
    /// recogniser's events since the last ask (a live window's pointer), stamped with that
    /// time: a controller that reads gestures gets them; the host's percent-driven one reads
    /// them with LiveGestureReading.
    case liveGesture((Double) -> [GestureEvent])
    /// A recorded gesture that grabs the running transition `at` seconds after it started,
    /// through its animator's interruptible animator (the gesture's times count from then):
    /// the transition starts on its own, and the release continues it or throws it back.
    /// With `controller`, a plugin's interaction controller made for the transition's kind
    /// reads the gesture's events from the grab on and decides (GrabbedInteraction).
    case grab(at: Double, GestureScript, controller: ((TransitionKind) -> GestureInteractionController?)?)
}

/// One frame's worth of a live interaction.
public enum LiveInput: Equatable, Sendable {
    case hold
    case scrub(to: Double)
    case finish
    case cancel
}
