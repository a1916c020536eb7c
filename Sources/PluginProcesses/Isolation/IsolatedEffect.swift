import CTransitionABI
import PluginABI
import TransitionCore

/// A plugin that runs in a child process of its own: started when a run first needs one of
/// its effects, and started afresh for the next transition after it has failed.
public final class IsolatedPlugin {
    public let path: String
    public let pluginID: String
    package let executable: String
    /// Seconds one call into the plugin may take, everything it asks of the host included.
    package let timeout: Double
    /// The runtime whose scene the plugin's calls act on (the session's).
    public let runtime: HostRuntime
    private var process: IsolatedPluginProcess?

    public init(path: String, pluginID: String, executable: String, timeout: Double, runtime: HostRuntime) {
        self.path = path
        self.runtime = runtime
        self.pluginID = pluginID
        self.executable = executable
        self.timeout = timeout
    }

    /// Hands this plugin the spare process, if one waits unclaimed (SpareIsolatedProcess), so
    /// that it enters its sandbox while the host prepares the run. No plugin code runs yet.
    public func claimSpare() {
        SpareIsolatedProcess.claim(executable: executable, path: path)
    }

    /// The process to call, started if there is none or the last one failed; a reason when
    /// it cannot be started or the plugin does not load there.
    func liveProcess(trace: TransitionTrace?) -> Result<IsolatedPluginProcess, IsolatedPluginProcess.LoadFailure> {
        if let process, process.failure == nil { return .success(process) }
        do {
            let started = try IsolatedPluginProcess(executable: executable, path: path, pluginID: pluginID, timeout: timeout, runtime: runtime)
            trace?.info("plugin '\(pluginID)' runs isolated in a child process\(process == nil ? "" : " (restarted after its failure)")")
            process = started
            return .success(started)
        } catch {
            return .failure(.init(reason: "plugin '\(pluginID)' could not run isolated: \(error)"))
        }
    }

    /// The process running now, for the benchmark's round trips.
    public func startedProcess() -> IsolatedPluginProcess? { try? liveProcess(trace: nil).get() }
}

/// A registry entry whose code runs in an isolated plugin's process.
public final class IsolatedEffect: EffectProvider {
    public let info: EffectInfo
    public let plugin: IsolatedPlugin

    public init(info: EffectInfo, plugin: IsolatedPlugin) {
        self.info = info
        self.plugin = plugin
    }

    private func values(_ parameters: [Double]) -> [Double] {
        parameters.count == info.parameters.count ? parameters : info.defaultParameterValues
    }

    /// What creating an instance in the plugin's process gave.
    private enum Creation {
        case instance(IsolatedPluginProcess, token: UInt64)
        /// create returned NULL.
        case null
        /// The process failed in create (token 0), or could not be started at all.
        case failed(IsolatedPluginProcess?, String)
    }

    private func create(_ op: IsolationOp, _ transition: TransitionKind, _ parameters: [Double], trace: TransitionTrace) -> Creation {
        plugin.runtime.trace = trace
        switch plugin.liveProcess(trace: trace) {
        case .failure(let failure):
            return .failed(nil, failure.reason)
        case .success(let process):
            let values = values(parameters)
            guard var reply = try? process.call(op, "create", {
                $0.put(info.effectID); $0.put(transition.rawValue); $0.put(UInt32(values.count))
                for v in values { $0.put(v) }
            }) else { return .failed(process, process.failure ?? "plugin '\(plugin.pluginID)' failed in create") }
            guard let token: UInt64 = try? reply.integer(), token != 0 else { return .null }
            return .instance(process, token: token)
        }
    }

    public func makeAnimator(for transition: TransitionKind, parameters: [Double], trace: TransitionTrace) -> TransitionAnimator? {
        guard info.kind == .animator else { return nil }
        switch create(.createAnimator, transition, parameters, trace: trace) {
        case .null:
            trace.warning("\(info.qualifiedName): create returned NULL for \(transition.name); using the standard style")
            return nil
        case .failed(let process, let reason):
            // An animator whose first call reports the failure, so that the transition falls back.
            return IsolatedAnimator(effect: self, process: process, token: 0, failure: reason)
        case .instance(let process, let token):
            return IsolatedAnimator(effect: self, process: process, token: token)
        }
    }

    public func makePresentationController(parameters: [Double], trace: TransitionTrace) -> PresentationController? {
        guard info.kind == .presentationController else { return nil }
        switch create(.createPresentation, .present, parameters, trace: trace) {
        case .null:
            trace.warning("\(info.qualifiedName): create returned NULL; presenting without a presentation controller")
            return nil
        case .failed(_, let reason):
            trace.error("\(reason); presenting without its presentation controller")
            return nil
        case .instance(let process, let token):
            return IsolatedPresentationController(effect: self, process: process, token: token)
        }
    }

    public func makeInteractionController(for transition: TransitionKind, parameters: [Double], trace: TransitionTrace) -> GestureInteractionController? {
        guard info.kind == .interactionController else { return nil }
        switch create(.createInteraction, transition, parameters, trace: trace) {
        case .null:
            trace.warning("\(info.qualifiedName): create returned NULL for \(transition.name)")
            return nil
        case .failed(_, let reason):
            trace.error("\(reason); the host's percent-driven controller drives the \(transition.name)")
            return nil
        case .instance(let process, let token):
            return IsolatedInteractionController(effect: self, process: process, token: token)
        }
    }

    public func delegateInteractionChoice(for transition: TransitionKind, animator: String?) -> String? {
        guard info.kind == .transitioningDelegate, case .success(let process) = plugin.liveProcess(trace: plugin.runtime.trace),
              var reply = try? process.call(.delegateInteractionFor, "interaction_controller_for", {
                  $0.put(info.effectID); $0.put(transition.rawValue); $0.put(animator)
              })
        else { return nil }
        return (try? reply.string(limit: 200)) ?? nil
    }

    public func delegateAnimatorChoice(for screens: TransitionScreens) -> ScreenChoice {
        guard info.kind == .transitioningDelegate, case .success(let process) = plugin.liveProcess(trace: plugin.runtime.trace),
              var reply = try? process.call(.delegateAnimatorForScreens, "animator_for_screens", { w in
                  w.put(info.effectID); w.put(screens.transition.rawValue)
                  for s in [screens.presented, screens.presenting, screens.source] { w.put(s.name); w.put(s.tag) }
              }),
              let offered = try? reply.bool()
        else { return .notOffered }
        guard offered else { return .notOffered }
        return ((try? reply.string(limit: 200)) ?? nil).map(ScreenChoice.effect) ?? .standard
    }

    public func delegateAnimatorChoice(for transition: TransitionKind) -> String? {
        guard info.kind == .transitioningDelegate, case .success(let process) = plugin.liveProcess(trace: plugin.runtime.trace),
              var reply = try? process.call(.delegateAnimatorFor, "animator_for", { $0.put(info.effectID); $0.put(transition.rawValue) })
        else { return nil }
        return (try? reply.string(limit: 200)) ?? nil
    }

    public func delegatePresentationChoice() -> String? {
        guard info.kind == .transitioningDelegate, case .success(let process) = plugin.liveProcess(trace: plugin.runtime.trace),
              var reply = try? process.call(.delegatePresentation, "presentation_controller", { $0.put(info.effectID) })
        else { return nil }
        return (try? reply.string(limit: 200)) ?? nil
    }
}

/// An animator instance living in the plugin's process. If that process fails, the
/// transition is told and the host falls back (FailableTransitionAnimator).
final class IsolatedAnimator: FailableTransitionAnimator {
    package let effect: IsolatedEffect
    /// The plugin's process; nil when it could not be started.
    package let process: IsolatedPluginProcess?
    /// The instance's token in the plugin's process; 0 when create itself failed.
    package let token: UInt64
    /// Why there is no instance: reported to the transition at the first call.
    package let failure: String?

    package init(effect: IsolatedEffect, process: IsolatedPluginProcess?, token: UInt64, failure: String? = nil) {
        self.effect = effect
        self.process = process
        self.token = token
        self.failure = failure
    }

    package var displayName: String { effect.info.qualifiedName }
    package var declaresCuts: Bool { effect.info.cuts }

    private func call(_ request: IsolationOp, _ context: TransitionContext) -> CallValue? {
        guard let process, token != 0 else {
            context.animatorFailed(failure ?? "plugin '\(effect.plugin.pluginID)' has no instance")
            return nil
        }
        return process.call(PluginFunctions[request], instance: token, during: context)?.result
    }

    package func transitionDuration(using context: TransitionContext) -> Double {
        let fallback = effect.info.defaultDuration
        guard case .double(let value)? = call(.animatorDuration, context) else { return fallback }
        guard value.isFinite, value >= 0 else {
            context.trace.warning("\(displayName): transition_duration returned \(value); using the declared default \(fallback) s")
            return fallback
        }
        return value
    }

    package func animateTransition(using context: TransitionContext) {
        _ = call(.animateTransition, context)
    }

    package func interruptibleAnimator(using context: TransitionContext) -> PropertyAnimator? {
        guard case .uint(let id)? = call(.interruptibleAnimator, context), id != 0 else { return nil }
        return effect.plugin.runtime.handles.propertyAnimator(th_property_animator(id: id))
    }

    package func animationEnded(_ transitionCompleted: Bool) {
        guard token != 0 else { return }
        _ = process?.call(PluginFunctions[.animationEnded], instance: token, [.bool(transitionCompleted)])
    }

    deinit {
        if token != 0 { _ = try? process?.call(.destroyAnimator, "destroy") { $0.put(token) } }
    }
}

/// A presentation controller instance living in the plugin's process.
final class IsolatedPresentationController: PresentationController {
    package let effect: IsolatedEffect
    package let process: IsolatedPluginProcess
    package let token: UInt64

    package init(effect: IsolatedEffect, process: IsolatedPluginProcess, token: UInt64) {
        self.effect = effect
        self.process = process
        self.token = token
    }

    package var displayName: String { effect.info.qualifiedName }

    private func call(_ request: IsolationOp, during context: TransitionContext? = nil, _ arguments: [CallValue] = [])
        -> IsolatedPluginProcess.InstanceReply? {
        process.call(PluginFunctions[request], instance: token, during: context, arguments)
    }

    package func frameOfPresentedView(inContainerBounds bounds: Rect) -> Rect? {
        guard let reply = call(.frameOfPresentedView, [.rect(bounds)]), case .bool(true) = reply.result,
              case .rect(let frame)? = reply.written.first
        else { return nil }
        return frame
    }

    package func presentationTransitionWillBegin(_ context: TransitionContext) {
        _ = call(.presentationWillBegin, during: context)
    }

    package func presentedView(for presented: View) -> View? {
        let runtime = effect.plugin.runtime
        let given = runtime.handles.handle(presented)
        guard case .uint(let id)? = call(.presentedView, [.uint(given.id)])?.result else { return nil }
        return presentedWrapper(named: th_view(id: id), by: displayName, in: runtime)
    }

    package func presentationTransitionDidEnd(_ completed: Bool) {
        _ = call(.presentationDidEnd, [.bool(completed)])
    }

    package func dismissalTransitionWillBegin(_ context: TransitionContext) {
        _ = call(.dismissalWillBegin, during: context)
    }

    package func dismissalTransitionDidEnd(_ completed: Bool) {
        _ = call(.dismissalDidEnd, [.bool(completed)])
    }

    package func containerViewWillLayoutSubviews(_ container: View) {
        let handle = effect.plugin.runtime.handles.handle(container)
        _ = call(.containerWillLayout, [.uint(handle.id)])
    }

    package var shouldRemovePresentersView: Bool {
        guard case .bool(let answer)? = call(.shouldRemovePresenters)?.result else { return true }
        return answer
    }

    package var shouldDismiss: Bool {
        guard case .bool(let answer)? = call(.shouldDismiss)?.result else { return true }
        return answer
    }

    package func didAttemptToDismiss() {
        _ = call(.didAttemptToDismiss)
    }

    package var detentCount: Int {
        guard case .uint(let n)? = call(.detentCount)?.result else { return 0 }
        return Int(n)
    }

    package func detentHeight(at index: Int, inContainerBounds bounds: Rect) -> Double {
        guard case .double(let height)? = call(.detentHeight, [.uint(UInt64(index)), .rect(bounds)])?.result else { return .nan }
        return height
    }

    package func detentDidChange(_ index: Int) {
        _ = call(.detentDidChange, [.uint(UInt64(index))])
    }

    package func viewWillTransition(to size: Size) {
        _ = call(.viewWillTransitionToSize, [.size(size)])
    }

    package func containerViewDidLayoutSubviews(_ container: View) {
        let handle = effect.plugin.runtime.handles.handle(container)
        _ = call(.containerDidLayout, [.uint(handle.id)])
    }

    deinit { _ = try? process.call(.destroyPresentation, "destroy") { $0.put(token) } }
}

/// An interaction controller instance living in the plugin's process (ABI 1.1).
final class IsolatedInteractionController: GestureInteractionController {
    package let effect: IsolatedEffect
    package let process: IsolatedPluginProcess
    package let token: UInt64

    package init(effect: IsolatedEffect, process: IsolatedPluginProcess, token: UInt64) {
        self.effect = effect
        self.process = process
        self.token = token
    }

    package var displayName: String { effect.info.qualifiedName }

    package func startInteractiveTransition(_ context: TransitionContext) {
        _ = process.call(PluginFunctions[.startInteractive], instance: token, during: context)
    }

    package func handle(_ event: GestureEvent, context: TransitionContext) {
        let view = effect.plugin.runtime.handles.handle(context.containerView)
        _ = process.call(PluginFunctions[.gestureEvent], instance: token, during: context, event: th_gesture_event(event, view: view))
    }

    package var completionSpeed: Double {
        guard case .double(let speed)? = process.call(PluginFunctions[.completionSpeed], instance: token)?.result else { return 1 }
        return speed
    }

    package var completionCurve: TimingCurve {
        guard case .uint(let raw)? = process.call(PluginFunctions[.completionCurve], instance: token)?.result else { return .easeInOut }
        guard let known = AnimationOptionsCheck.standardCurves[Int(raw)] else {
            effect.plugin.runtime.reportMisuse("completion_curve returned \(raw), not a TH_CURVE_* value; ease-in-out is used")
            return .easeInOut
        }
        return known
    }

    deinit { _ = try? process.call(.destroyInteraction, "destroy") { $0.put(token) } }
}
