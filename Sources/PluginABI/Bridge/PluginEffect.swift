import CTransitionABI
import TransitionCore

import LibC

/// A registry entry backed by one effect descriptor of a loaded plugin: makes the plugin's
/// animators and presentation controllers, and answers for its delegates.
public final class PluginEffect: EffectProvider {
    public let info: EffectInfo
    package let interface: UnsafeRawPointer
    /// Plugins are never unloaded, so effects keep their plugin for the life of the process.
    public let plugin: LoadedPlugin
    /// Set when the plugin creates this effect through a typed constructor.
    var typedConstructor: TypedConstructor?

    /// The C signature of the typed constructor, if the effect has one.
    public var constructorSignature: String? { typedConstructor?.interface.signature.text }

    package init(info: EffectInfo, interface: UnsafeRawPointer, plugin: LoadedPlugin) {
        self.info = info
        self.interface = interface
        self.plugin = plugin
    }

    /// Calls `body` with a th_effect_config for `transition` and `parameters`; the config's
    /// pointers live only during the call, as the header promises.
    private func withConfig<T>(_ transition: TransitionKind, _ parameters: [Double], _ body: (UnsafePointer<th_effect_config>) -> T) -> T {
        let values = parameters.count == info.parameters.count ? parameters : info.defaultParameterValues
        return values.withUnsafeBufferPointer { buffer in
            var config = th_effect_config(
                struct_size: UInt32(MemoryLayout<th_effect_config>.size), transition: transition.rawValue,
                param_count: UInt32(values.count), reserved: 0, params: buffer.baseAddress)
            return withUnsafePointer(to: &config) { body($0) }
        }
    }

    public func makeAnimator(for transition: TransitionKind, parameters: [Double], trace: TransitionTrace) -> TransitionAnimator? {
        guard info.kind == .animator else { return nil }
        let vtable = interface.assumingMemoryBound(to: th_animator_interface.self)
        plugin.runtime.trace = trace
        let instance = create(transition, parameters, trace: trace) {
            withConfig(transition, parameters) { config in
                plugin.runtime.calling(plugin: plugin.id, doing: "create") { vtable.pointee.create(config) }
            }
        }
        guard let instance else {
            trace.warning("\(info.qualifiedName): create returned NULL for \(transition.name); using the standard style")
            return nil
        }
        return PluginAnimator(effect: self, vtable: vtable, instance: instance)
    }

    public func makePresentationController(parameters: [Double], trace: TransitionTrace) -> PresentationController? {
        guard info.kind == .presentationController else { return nil }
        let vtable = interface.assumingMemoryBound(to: th_presentation_interface.self)
        plugin.runtime.trace = trace
        let instance = create(.present, parameters, trace: trace) {
            withConfig(.present, parameters) { config in
                plugin.runtime.calling(plugin: plugin.id, doing: "create") { vtable.pointee.create(config) }
            }
        }
        guard let instance else {
            trace.warning("\(info.qualifiedName): create returned NULL; presenting without a presentation controller")
            return nil
        }
        return PluginPresentationController(effect: self, vtable: vtable, instance: instance)
    }

    public func makeInteractionController(for transition: TransitionKind, parameters: [Double], trace: TransitionTrace) -> GestureInteractionController? {
        guard info.kind == .interactionController else { return nil }
        let vtable = interface.assumingMemoryBound(to: th_interaction_interface.self)
        plugin.runtime.trace = trace
        let instance = withConfig(transition, parameters) { config in
            plugin.runtime.calling(plugin: plugin.id, doing: "create") { vtable.pointee.create(config) }
        }
        guard let instance else {
            trace.warning("\(info.qualifiedName): create returned NULL for \(transition.name)")
            return nil
        }
        return PluginInteractionController(effect: self, vtable: vtable, instance: instance)
    }

    /// A new instance of this effect's animator or presentation controller, for an isolated
    /// plugin's process, which calls the interface itself with the host's handles.
    package func makeInstance(for transition: TransitionKind, parameters: [Double], trace: TransitionTrace) -> UnsafeMutableRawPointer? {
        create(transition, parameters, trace: trace) {
            withConfig(transition, parameters) { config in
                plugin.runtime.calling(plugin: plugin.id, doing: "create") {
                    switch info.kind {
                    case .animator: return interface.assumingMemoryBound(to: th_animator_interface.self).pointee.create(config)
                    case .presentationController: return interface.assumingMemoryBound(to: th_presentation_interface.self).pointee.create(config)
                    case .interactionController: return interface.assumingMemoryBound(to: th_interaction_interface.self).pointee.create(config)
                    default: return nil
                    }
                }
            }
        }
    }

    /// An instance from the typed constructor when there is one (through libffi), otherwise
    /// from the interface's create.
    private func create(
        _ transition: TransitionKind, _ parameters: [Double], trace: TransitionTrace,
        plain: () -> UnsafeMutableRawPointer?
    ) -> UnsafeMutableRawPointer? {
        guard let constructor = typedConstructor else { return plain() }
        let values = parameters.count == info.parameters.count ? parameters : info.defaultParameterValues
        let arguments = constructor.arguments(transition: transition, values: values, parameters: info.parameters)
        do {
            let result = try plugin.runtime.calling(plugin: plugin.id, doing: constructor.symbol) {
                try Invoker.call(constructor.function, constructor.interface, arguments)
            }
            guard case .pointer(let address) = result else { return nil }
            return UnsafeMutableRawPointer(bitPattern: address)
        } catch {
            trace.error("\(info.qualifiedName): calling \(constructor.symbol) failed: \(error)")
            return nil
        }
    }

    public func delegateAnimatorChoice(for transition: TransitionKind) -> String? {
        guard info.kind == .transitioningDelegate else { return nil }
        let vtable = interface.assumingMemoryBound(to: th_delegate_interface.self)
        guard let choose = vtable.pointee.animator_for else { return nil }
        let name = plugin.runtime.calling(plugin: plugin.id, doing: "animator_for") { choose(transition.rawValue) }
        return try? DescriptorReader.string(name, limit: 200).get()
    }

    public func delegateInteractionChoice(for transition: TransitionKind, animator: String?) -> String? {
        guard info.kind == .transitioningDelegate else { return nil }
        let vtable = interface.assumingMemoryBound(to: th_delegate_interface.self)
        // ABI 1.1's field: read only when the plugin's struct has it (TH_HAS_FIELD).
        guard FrozenABI.has(vtable.pointee.struct_size, function: \th_delegate_interface.interaction_controller_for),
              let choose = vtable.pointee.interaction_controller_for
        else { return nil }
        let name = plugin.runtime.calling(plugin: plugin.id, doing: "interaction_controller_for") {
            withOptionalCString(animator) { choose(transition.rawValue, $0) }
        }
        return try? DescriptorReader.string(name, limit: 200).get()
    }

    public func delegateAnimatorChoice(for screens: TransitionScreens) -> ScreenChoice {
        guard info.kind == .transitioningDelegate else { return .notOffered }
        let vtable = interface.assumingMemoryBound(to: th_delegate_interface.self)
        // ABI 1.1's field: read only when the plugin's struct has it (TH_HAS_FIELD).
        guard FrozenABI.has(vtable.pointee.struct_size, function: \th_delegate_interface.animator_for_screens),
              let choose = vtable.pointee.animator_for_screens
        else { return .notOffered }
        let name = withCScreens(screens) { c in
            plugin.runtime.calling(plugin: plugin.id, doing: "animator_for_screens") { choose(c) }
        }
        guard case .success(let text?) = DescriptorReader.string(name, limit: 200) else { return .standard }
        return .effect(text)
    }

    public func delegatePresentationChoice() -> String? {
        guard info.kind == .transitioningDelegate else { return nil }
        let vtable = interface.assumingMemoryBound(to: th_delegate_interface.self)
        guard let choose = vtable.pointee.presentation_controller else { return nil }
        let name = plugin.runtime.calling(plugin: plugin.id, doing: "presentation_controller") { choose() }
        return try? DescriptorReader.string(name, limit: 200).get()
    }
}

/// A plugin's animator instance seen as a TransitionAnimator.
final class PluginAnimator: TransitionAnimator {
    package let effect: PluginEffect
    package let vtable: UnsafePointer<th_animator_interface>
    private let instance: UnsafeMutableRawPointer?

    package init(effect: PluginEffect, vtable: UnsafePointer<th_animator_interface>, instance: UnsafeMutableRawPointer) {
        self.effect = effect
        self.vtable = vtable
        self.instance = instance
    }

    package var displayName: String { effect.info.qualifiedName }
    package var declaresCuts: Bool { effect.info.cuts }

    private func call<T>(_ context: TransitionContext, doing: String, _ body: (UnsafeMutableRawPointer, th_context) -> T) -> T? {
        guard let instance else { return nil }
        let runtime = effect.plugin.runtime
        runtime.enter(context)
        let handle = runtime.handles.handle(context)
        return runtime.calling(plugin: effect.plugin.id, doing: doing) { body(instance, handle) }
    }

    package func transitionDuration(using context: TransitionContext) -> Double {
        let value = call(context, doing: "transition_duration") { vtable.pointee.transition_duration($0, $1) } ?? effect.info.defaultDuration
        guard value.isFinite, value >= 0 else {
            context.trace.warning("\(displayName): transition_duration returned \(value); using the declared default \(effect.info.defaultDuration) s")
            return effect.info.defaultDuration
        }
        return value
    }

    package func animateTransition(using context: TransitionContext) {
        _ = call(context, doing: "animate_transition") { vtable.pointee.animate_transition($0, $1) }
    }

    package func interruptibleAnimator(using context: TransitionContext) -> PropertyAnimator? {
        // ABI 1.1's field: read only when the plugin's struct has it (TH_HAS_FIELD).
        guard FrozenABI.has(vtable.pointee.struct_size, function: \th_animator_interface.interruptible_animator),
              let offer = vtable.pointee.interruptible_animator,
              let handle = call(context, doing: "interruptible_animator", { offer($0, $1) })
        else { return nil }
        return effect.plugin.runtime.handles.propertyAnimator(handle)
    }

    package func animationEnded(_ transitionCompleted: Bool) {
        guard let instance, let ended = vtable.pointee.animation_ended else { return }
        effect.plugin.runtime.calling(plugin: effect.plugin.id, doing: "animation_ended") { ended(instance, transitionCompleted) }
    }

    /// destroy runs when the host lets go of the animator: after animation_ended and after
    /// the run has stepped past every animation the transition scheduled, so no callback
    /// with this instance can follow it.
    deinit {
        if let instance { effect.plugin.runtime.calling(plugin: effect.plugin.id, doing: "destroy") { vtable.pointee.destroy(instance) } }
    }
}

/// A plugin's presentation controller instance seen as a PresentationController.
final class PluginPresentationController: PresentationController {
    package let effect: PluginEffect
    package let vtable: UnsafePointer<th_presentation_interface>
    private let instance: UnsafeMutableRawPointer?

    package init(effect: PluginEffect, vtable: UnsafePointer<th_presentation_interface>, instance: UnsafeMutableRawPointer) {
        self.effect = effect
        self.vtable = vtable
        self.instance = instance
    }

    package var displayName: String { effect.info.qualifiedName }

    private func call(doing: String, _ body: (UnsafeMutableRawPointer) -> Void) {
        guard let instance else { return }
        effect.plugin.runtime.calling(plugin: effect.plugin.id, doing: doing) { body(instance) }
    }

    private func call(_ context: TransitionContext, doing: String, _ body: (UnsafeMutableRawPointer, th_context) -> Void) {
        let runtime = effect.plugin.runtime
        runtime.enter(context)
        let handle = runtime.handles.handle(context)
        call(doing: doing) { body($0, handle) }
    }

    package func frameOfPresentedView(inContainerBounds bounds: Rect) -> Rect? {
        guard let instance, let f = vtable.pointee.frame_of_presented_view else { return nil }
        var out = th_rect(bounds)
        let given = effect.plugin.runtime.calling(plugin: effect.plugin.id, doing: "frame_of_presented_view") { f(instance, th_rect(bounds), &out) }
        return given ? out.rect : nil
    }

    package func presentationTransitionWillBegin(_ context: TransitionContext) {
        call(context, doing: "presentation_will_begin") { vtable.pointee.presentation_will_begin?($0, $1) }
    }

    package func presentedView(for presented: View) -> View? {
        // ABI 1.1's field: read only when the plugin's struct has it (TH_HAS_FIELD).
        guard let instance, FrozenABI.has(vtable.pointee.struct_size, function: \th_presentation_interface.presented_view),
              let f = vtable.pointee.presented_view
        else { return nil }
        let runtime = effect.plugin.runtime
        let given = runtime.handles.handle(presented)
        let handle = runtime.calling(plugin: effect.plugin.id, doing: "presented_view") { f(instance, given) }
        return presentedWrapper(named: handle, by: displayName, in: runtime)
    }

    package func presentationTransitionDidEnd(_ completed: Bool) {
        call(doing: "presentation_did_end") { vtable.pointee.presentation_did_end?($0, completed) }
    }

    package func dismissalTransitionWillBegin(_ context: TransitionContext) {
        call(context, doing: "dismissal_will_begin") { vtable.pointee.dismissal_will_begin?($0, $1) }
    }

    package func dismissalTransitionDidEnd(_ completed: Bool) {
        call(doing: "dismissal_did_end") { vtable.pointee.dismissal_did_end?($0, completed) }
    }

    package func containerViewWillLayoutSubviews(_ container: View) {
        let handle = effect.plugin.runtime.handles.handle(container)
        call(doing: "container_will_layout") { vtable.pointee.container_will_layout?($0, handle) }
    }

    package var shouldRemovePresentersView: Bool {
        guard let instance, let f = vtable.pointee.should_remove_presenters_view else { return true }
        return effect.plugin.runtime.calling(plugin: effect.plugin.id, doing: "should_remove_presenters_view") { f(instance) }
    }

    package var shouldDismiss: Bool {
        // ABI 1.2's field: read only when the plugin's struct has it.
        guard let instance, FrozenABI.has(vtable.pointee.struct_size, function: \th_presentation_interface.should_dismiss),
              let f = vtable.pointee.should_dismiss
        else { return true }
        return effect.plugin.runtime.calling(plugin: effect.plugin.id, doing: "should_dismiss") { f(instance) }
    }

    // Both read only when the plugin's struct has ABI 1.2's detents (detent_did_change ends them).
    package var detentCount: Int {
        guard let instance, FrozenABI.has(vtable.pointee.struct_size, function: \th_presentation_interface.detent_did_change),
              let count = vtable.pointee.detent_count, vtable.pointee.detent_height != nil
        else { return 0 }
        return Int(effect.plugin.runtime.calling(plugin: effect.plugin.id, doing: "detent_count") { count(instance) })
    }

    package func detentHeight(at index: Int, inContainerBounds bounds: Rect) -> Double {
        guard let instance, FrozenABI.has(vtable.pointee.struct_size, function: \th_presentation_interface.detent_did_change),
              let height = vtable.pointee.detent_height
        else { return .nan }
        return effect.plugin.runtime.calling(plugin: effect.plugin.id, doing: "detent_height") { height(instance, UInt32(index), th_rect(bounds)) }
    }

    package func detentDidChange(_ index: Int) {
        guard FrozenABI.has(vtable.pointee.struct_size, function: \th_presentation_interface.detent_did_change) else { return }
        call(doing: "detent_did_change") { vtable.pointee.detent_did_change?($0, UInt32(index)) }
    }

    package func viewWillTransition(to size: Size) {
        guard FrozenABI.has(vtable.pointee.struct_size, function: \th_presentation_interface.view_will_transition_to_size) else { return }
        call(doing: "view_will_transition_to_size") { vtable.pointee.view_will_transition_to_size?($0, th_size(width: size.width, height: size.height)) }
    }

    package func containerViewDidLayoutSubviews(_ container: View) {
        guard FrozenABI.has(vtable.pointee.struct_size, function: \th_presentation_interface.container_did_layout) else { return }
        let handle = effect.plugin.runtime.handles.handle(container)
        call(doing: "container_did_layout") { vtable.pointee.container_did_layout?($0, handle) }
    }

    package func didAttemptToDismiss() {
        guard FrozenABI.has(vtable.pointee.struct_size, function: \th_presentation_interface.did_attempt_to_dismiss) else { return }
        call(doing: "did_attempt_to_dismiss") { vtable.pointee.did_attempt_to_dismiss?($0) }
    }

    /// Released after a completed dismissal or a cancelled presentation, once the run has
    /// stepped past everything the transition scheduled.
    deinit { call(doing: "destroy") { vtable.pointee.destroy($0) } }
}

/// The view a presentation controller's presented_view answer names: nil for the null view;
/// a handle that names no view is reported, and means no wrapper too.
package func presentedWrapper(named handle: th_view, by controller: String, in runtime: HostRuntime) -> View? {
    guard handle.id != 0 else { return nil }
    guard let view = runtime.handles.view(handle) else {
        runtime.trace?.warning("\(controller): presented_view returned a handle that names no view (\(handle.id)); presenting without a wrapper")
        return nil
    }
    return view
}

/// Calls `body` with `text` as a C string, or with NULL for nil.
func withOptionalCString<T>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}

/// Calls `body` with `screens` as th_transition_screens, its strings valid during the call.
func withCScreens<T>(_ screens: TransitionScreens, _ body: (UnsafePointer<th_transition_screens>) -> T) -> T {
    let strings = [screens.presented.name, screens.presented.tag, screens.presenting.name, screens.presenting.tag,
                   screens.source.name, screens.source.tag]
    let copies = strings.map { $0.map { strdup($0) } ?? nil }
    defer { copies.forEach { free($0) } }
    let screen = { (i: Int) in th_screen(name: UnsafePointer(copies[i]), tag: UnsafePointer(copies[i + 1])) }
    var c = th_transition_screens(
        struct_size: UInt32(MemoryLayout<th_transition_screens>.size), transition: screens.transition.rawValue,
        presented: screen(0), presenting: screen(2), source: screen(4))
    return withUnsafePointer(to: &c) { body($0) }
}
