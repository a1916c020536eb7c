// Crossfade: the presented screen fades in over the presenter; on dismissal it fades out,
// revealing the presenter underneath.
//
// A plugin written in Swift against nothing but transition_host.h. Swift cannot export a
// data symbol under a C name, so the entry point is the function th_get_entry, exported
// with @_cdecl; it only returns the address of static data. Everything handed to the host
// is allocated once and never freed, as the header asks of descriptors.
import CTransitionABI

/// The host table, kept from init. The ABI is single-threaded, so a plain global is safe.
nonisolated(unsafe) private var host: UnsafePointer<th_host_api>?

private func cString(_ s: StaticString) -> UnsafePointer<CChar> {
    UnsafeRawPointer(s.utf8Start).assumingMemoryBound(to: CChar.self)
}

private let crossfadeDuration = 0.3

/// One transition's state; its address is the instance pointer the host passes back.
private final class Crossfade {
    let presenting: Bool
    var context = th_context(id: 0)
    var fromView = th_view(id: 0)
    var toView = th_view(id: 0)

    init(presenting: Bool) { self.presenting = presenting }

    static func from(_ pointer: UnsafeMutableRawPointer) -> Crossfade {
        Unmanaged<Crossfade>.fromOpaque(pointer).takeUnretainedValue()
    }

    func log(_ level: Int, _ message: String) {
        message.withCString { host?.pointee.log(UInt32(level), $0) }
    }

    /// Gives up on the transition cleanly: the host restores the scene.
    func abort(_ what: String, _ status: th_status) {
        log(TH_LOG_ERROR, "crossfade: \(what) failed with status \(status); cancelling")
        _ = host?.pointee.complete_transition(context, false)
    }

    func animate(_ context: th_context) {
        guard let api = host?.pointee else { return }
        self.context = context
        var container = th_view(id: 0)
        var status = api.container_view(context, &container)
        guard status == TH_OK else { return abort("container_view", status) }
        _ = api.view(context, UInt32(TH_FROM), &fromView)
        _ = api.view(context, UInt32(TH_TO), &toView)

        if presenting {
            var toController = th_view_controller(id: 0)
            var final = th_rect()
            status = api.view_controller(context, UInt32(TH_TO), &toController)
            guard status == TH_OK else { return abort("view_controller(to)", status) }
            status = api.final_frame(context, toController, &final)
            guard status == TH_OK else { return abort("final_frame", status) }
            status = api.add_subview(container, toView)
            guard status == TH_OK else { return abort("add_subview(to)", status) }
            _ = api.set_frame(toView, final)
            _ = api.set_alpha(toView, 0)
        } else if toView.id != 0 {
            // The presenter's view comes back underneath, so the fade reveals it.
            status = fromView.id != 0
                ? api.insert_subview_below(container, toView, fromView) : api.add_subview(container, toView)
            guard status == TH_OK else { return abort("insert_subview_below(to)", status) }
        }

        var options = th_animation_options()
        options.struct_size = UInt32(MemoryLayout<th_animation_options>.size)
        options.timing = UInt32(TH_TIMING_CURVE)
        options.curve = UInt32(TH_CURVE_EASE_IN_OUT)
        options.duration = crossfadeDuration
        let me = Unmanaged.passUnretained(self).toOpaque()
        status = api.animate(&options, { user in
            let fade = Crossfade.from(user!)
            if fade.presenting { _ = host?.pointee.set_alpha(fade.toView, 1) } else { _ = host?.pointee.set_alpha(fade.fromView, 0) }
        }, { user, _ in
            Crossfade.from(user!).finish()
        }, me)
        guard status == TH_OK else { return abort("animate", status) }
    }

    /// As the guide says: remove the view that leaves, then complete with the host's verdict.
    func finish() {
        guard let api = host?.pointee else { return }
        var cancelled = false
        _ = api.transition_was_cancelled(context, &cancelled)
        if presenting && cancelled { _ = api.remove_from_superview(toView) }
        if !presenting && !cancelled {
            _ = api.remove_from_superview(fromView)
            _ = api.set_alpha(fromView, 1)  // so that it looks right when presented again
        }
        // A cancelled dismissal leaves the hierarchy as it was: the presenter's view, brought
        // back underneath, goes again.
        if !presenting && cancelled && toView.id != 0 { _ = api.remove_from_superview(toView) }
        _ = api.complete_transition(context, !cancelled)
    }
}

nonisolated(unsafe) private let animatorInterface: UnsafeMutablePointer<th_animator_interface> = {
    var i = th_animator_interface()
    i.struct_size = UInt32(MemoryLayout<th_animator_interface>.size)
    i.create = { config in
        guard let config else { return nil }
        let transition = config.pointee.transition
        guard transition == UInt32(TH_TRANSITION_PRESENT) || transition == UInt32(TH_TRANSITION_DISMISS) else { return nil }
        return Unmanaged.passRetained(Crossfade(presenting: transition == UInt32(TH_TRANSITION_PRESENT))).toOpaque()
    }
    i.destroy = { instance in
        if let instance { Unmanaged<Crossfade>.fromOpaque(instance).release() }
    }
    i.transition_duration = { _, _ in crossfadeDuration }
    i.animate_transition = { instance, context in Crossfade.from(instance!).animate(context) }
    let pointer = UnsafeMutablePointer<th_animator_interface>.allocate(capacity: 1)
    pointer.initialize(to: i)
    return pointer
}()

nonisolated(unsafe) private let descriptor: UnsafeMutablePointer<th_effect_descriptor> = {
    var d = th_effect_descriptor()
    d.struct_size = UInt32(MemoryLayout<th_effect_descriptor>.size)
    d.kind = UInt32(TH_KIND_ANIMATOR)
    d.id = cString("crossfade")
    d.name = cString("Crossfade")
    d.description = cString("The presented screen fades in over the presenter, and out again on dismissal.")
    d.transitions = UInt32(TH_TRANSITION_PRESENT) | UInt32(TH_TRANSITION_DISMISS)
    d.default_duration = crossfadeDuration
    d.interface = UnsafeRawPointer(animatorInterface)
    let pointer = UnsafeMutablePointer<th_effect_descriptor>.allocate(capacity: 1)
    pointer.initialize(to: d)
    return pointer
}()

nonisolated(unsafe) private let entry: UnsafeMutablePointer<th_plugin_entry> = {
    var e = th_plugin_entry()
    e.struct_size = UInt32(MemoryLayout<th_plugin_entry>.size)
    e.abi_major = UInt16(TH_ABI_MAJOR)
    e.abi_minor = UInt16(TH_ABI_MINOR)
    e.id = cString("crossfade")
    e.name = cString("Crossfade (Swift)")
    e.version = cString("1.0.0")
    e.vendor = cString("Transition Host")
    e.`init` = { api in
        guard let api, api.pointee.abi_major == UInt16(TH_ABI_MAJOR) else { return false }
        host = api
        return true
    }
    e.effect_count = { 1 }
    e.get_effect = { index in index == 0 ? UnsafePointer(descriptor) : nil }
    let pointer = UnsafeMutablePointer<th_plugin_entry>.allocate(capacity: 1)
    pointer.initialize(to: e)
    return pointer
}()

/// The entry point the host looks up. Only returns static data.
@_cdecl("th_get_entry")
public func thGetEntry() -> UnsafePointer<th_plugin_entry> {
    UnsafePointer(entry)
}
