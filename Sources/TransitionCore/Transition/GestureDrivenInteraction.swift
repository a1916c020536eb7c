/// An interaction controller that a gesture drives and that decides for itself what the
/// gesture means (a plugin's, th_interaction_interface): it reads each event and calls the
/// context's update, finish, cancel and pause, as an app's UIPercentDrivenInteractiveTransition
/// subclass with its gesture handler does.
public protocol GestureInteractionController: AnyObject {
    var displayName: String { get }
    /// The transition starts: the animator is running, held at 0.
    func startInteractiveTransition(_ context: TransitionContext)
    func handle(_ event: GestureEvent, context: TransitionContext)
    /// Read when the interaction finishes or cancels: > 0, and the tail's curve.
    var completionSpeed: Double { get }
    var completionCurve: TimingCurve { get }
}

/// What the context's interactive functions move (UIViewControllerContextTransitioning's
/// update-, finish-, cancel- and pauseInteractiveTransition): the percent-driven engine of
/// the transition's interaction.
public protocol InteractiveDriving: AnyObject {
    func update(_ percent: Double)
    func finish()
    func cancel()
    func pause()
}

extension PercentDrivenInteraction: InteractiveDriving {}

/// Joins a GestureInteractionController to the host's percent-driven engine: the engine runs
/// the animator and the tail, the controller decides from the gesture's events.
public final class GestureDrivenInteraction: InteractiveTransitioning, InteractiveDriving {
    public let controller: GestureInteractionController
    public let engine = PercentDrivenInteraction()

    public init(controller: GestureInteractionController) { self.controller = controller }

    public func startInteractiveTransition(_ context: TransitionContext) {
        engine.startInteractiveTransition(context)
        context.interactiveDriver = self
        context.trace.call("\(controller.displayName).startInteractiveTransition")
        controller.startInteractiveTransition(context)
    }

    /// One event of the gesture, for the controller to act on.
    public func deliver(_ event: GestureEvent) {
        guard let context = engine.context, context.isRunning else { return }
        context.trace.call("gesture.\(event.traceName)")
        controller.handle(event, context: context)
    }

    public func update(_ percent: Double) {
        engine.context?.trace.call("interaction.update(\(format(percent)))")
        engine.update(percent)
    }
    public func pause() { engine.pause() }

    public func finish() {
        takeTailSettings()
        engine.finish()
    }

    public func cancel() {
        takeTailSettings()
        engine.cancel()
    }

    /// The controller's completion speed and curve, read as the interaction ends.
    private func takeTailSettings() {
        let speed = controller.completionSpeed
        if speed.isFinite && speed > 0 {
            engine.completionSpeed = speed
        } else {
            engine.context?.trace.warning("\(controller.displayName): completion_speed returned \(speed), not a positive number; using 1")
            engine.completionSpeed = 1
        }
        engine.completionCurve = controller.completionCurve
    }
}
