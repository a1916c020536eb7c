/// A plugin's interaction controller driving a transition that a gesture grabbed mid-flight,
/// as UIKit's interaction controller with wantsInteractiveStart = false does once its gesture
/// pauses the transition: the gesture's events reach the controller, and what it calls on the
/// context moves the grabbed animator, counted from where it was grabbed. update(p) shows the
/// fraction at the grab plus p (the controller cannot know where it was grabbed, so its percent
/// starts at 0 there, as the host's own grab does); finish continues the animator to the end,
/// cancel reverses it and throws the transition back; pause holds it.
final class GrabbedInteraction: InteractiveDriving {
    let controller: GestureInteractionController
    let animator: PropertyAnimator
    private let transition: ActiveTransition
    /// The animator's fraction when it was grabbed.
    private let grabbedAt: Double
    /// Finished or cancelled: the controller has decided.
    private(set) var hasEnded = false

    private var context: TransitionContext { transition.context }

    init(controller: GestureInteractionController, animator: PropertyAnimator, transition: ActiveTransition) {
        self.controller = controller
        self.animator = animator
        self.transition = transition
        grabbedAt = animator.fractionComplete
    }

    /// One event of the gesture, for the controller to act on.
    func deliver(_ event: GestureEvent) {
        guard context.isRunning else { return }
        context.trace.call("gesture.\(event.traceName)")
        controller.handle(event, context: context)
    }

    func update(_ percent: Double) {
        guard !hasEnded else { return context.trace.warning("update(\(format(percent))) after the interaction had ended; ignored") }
        guard percent.isFinite else { return context.trace.warning("update(\(percent)): not a number; ignored") }
        context.trace.call("interaction.update(\(format(percent)))")
        try? animator.setFractionComplete(min(1, max(0, grabbedAt + percent)))
        transition.deadline = max(transition.deadline, context.containerView.scene.engine.now + context.playedDuration + transition.grace)
    }

    func pause() {}

    func finish() { end(cancelled: false) }

    func cancel() { end(cancelled: true) }

    /// Plays the rest forwards, or back to the start, at the controller's completion speed
    /// and along its curve; the context says the transition was cancelled from then on.
    private func end(cancelled: Bool) {
        guard !hasEnded else { return }
        hasEnded = true
        let f = animator.fractionComplete
        context.trace.call("interaction.\(cancelled ? "cancel" : "finish")(at: \(format(f)))")
        let speed = controller.completionSpeed.isFinite && controller.completionSpeed > 0 ? controller.completionSpeed : 1
        if cancelled { try? animator.setReversed(true) }
        context.endInteraction(cancelled: cancelled, tail: (cancelled ? f : 1 - f) * animator.duration / speed, speed: speed,
                               curve: controller.completionCurve)
        try? animator.continueAnimation(curve: controller.completionCurve, durationFactor: 1 / speed)
    }
}
