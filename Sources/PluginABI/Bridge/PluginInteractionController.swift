import CTransitionABI
import TransitionCore

/// A plugin's interaction controller instance (ABI 1.1, th_interaction_interface) seen as a
/// GestureInteractionController: the host's percent-driven engine runs the transition, the
/// plugin reads the gesture's events and drives it through the context.
final class PluginInteractionController: GestureInteractionController {
    package let effect: PluginEffect
    package let vtable: UnsafePointer<th_interaction_interface>
    private let instance: UnsafeMutableRawPointer
    private var runtime: HostRuntime { effect.plugin.runtime }

    package init(effect: PluginEffect, vtable: UnsafePointer<th_interaction_interface>, instance: UnsafeMutableRawPointer) {
        self.effect = effect
        self.vtable = vtable
        self.instance = instance
    }

    package var displayName: String { effect.info.qualifiedName }

    private func call<T>(_ context: TransitionContext, doing: String, _ body: (th_context) -> T) -> T {
        runtime.enter(context)
        let handle = runtime.handles.handle(context)
        return runtime.calling(plugin: effect.plugin.id, doing: doing) { body(handle) }
    }

    package func startInteractiveTransition(_ context: TransitionContext) {
        call(context, doing: "start_interactive_transition") { vtable.pointee.start_interactive_transition(instance, $0) }
    }

    package func handle(_ event: GestureEvent, context: TransitionContext) {
        guard let gesture = vtable.pointee.gesture else { return }
        call(context, doing: "gesture") { ctx in
            var e = th_gesture_event(event, view: runtime.handles.handle(context.containerView))
            return gesture(instance, ctx, &e)
        }
    }

    package var completionSpeed: Double {
        guard let speed = vtable.pointee.completion_speed else { return 1 }
        return runtime.calling(plugin: effect.plugin.id, doing: "completion_speed") { speed(instance) }
    }

    package var completionCurve: TimingCurve {
        guard let curve = vtable.pointee.completion_curve else { return .easeInOut }
        let raw = runtime.calling(plugin: effect.plugin.id, doing: "completion_curve") { curve(instance) }
        guard let known = AnimationOptionsCheck.standardCurves[Int(raw)] else {
            runtime.reportMisuse("completion_curve returned \(raw), not a TH_CURVE_* value; ease-in-out is used")
            return .easeInOut
        }
        return known
    }

    /// After the transition has ended and the run has stepped past it, as the animator's.
    deinit { runtime.calling(plugin: effect.plugin.id, doing: "destroy") { vtable.pointee.destroy(instance) } }
}

extension th_gesture_event {
    /// The C event for `event`, on `view` (the container's handle).
    package init(_ event: GestureEvent, view: th_view) {
        self.init(
            struct_size: UInt32(MemoryLayout<th_gesture_event>.size), kind: event.kind.rawValue, state: event.state.rawValue,
            edge: event.edge.rawValue, time: event.time, view: view, location: th_point(event.location),
            translation: th_point(event.translation), velocity: th_point(event.velocity), scale: event.scale,
            scale_velocity: event.scaleVelocity, rotation: event.rotation, rotation_velocity: event.rotationVelocity)
    }
}
