import CTransitionABI
import TransitionCore

/// The host's TH_EXT_HOST_VIEW_TRANSITIONS extension: UIView.transition(from:to:…)'s flips and
/// cross dissolve, played by TransitionCore (Scene.transition).
package enum HostViewTransitions {
    /// Allocated once; plugins may keep the pointer.
    package nonisolated(unsafe) static let table: UnsafeMutablePointer<th_host_view_transitions> = {
        var t = th_host_view_transitions()
        t.struct_size = UInt32(MemoryLayout<th_host_view_transitions>.size)
        t.transition = { from, to, style, options, completion, user in
            api { b in
                guard let options, let parsed = HostAPITable.animationOptions(options.declared) else {
                    let why = AnimationOptionsCheck.problem(options, animations: nil) ?? "invalid arguments"
                    b.reportMisuse("view transition: \(why); nothing ran")
                    return Status.badArgument
                }
                if let repeats = AnimationOptionsCheck.playsMoreThanOnce(parsed) {
                    b.reportMisuse("view transition: \(repeats); a view transition plays once; nothing ran")
                    return Status.badArgument
                }
                guard let style = ViewTransitionStyle(rawValue: style) else {
                    b.reportMisuse("view transition: style is \(style), not a TH_VIEW_TRANSITION_* value; nothing ran")
                    return Status.badArgument
                }
                guard let fromView = b.handles.view(from), let toView = b.handles.view(to) else { return Status.badHandle }
                guard let scene = b.handles.scene else { return Status.badState }
                let plugin = b.currentPlugin
                let refusal = scene.transition(
                    from: fromView, to: toView, style: style, options: parsed,
                    completion: completion.map { f in
                        { finished in b.calling(plugin: plugin, doing: "the completion callback of a view transition") { f(user, finished) } }
                    })
                if let refusal {
                    b.reportMisuse("view transition: \(refusal.reason); nothing ran")
                    return Status.badArgument
                }
                return Status.ok
            }
        }
        let pointer = UnsafeMutablePointer<th_host_view_transitions>.allocate(capacity: 1)
        pointer.initialize(to: t)
        return pointer
    }()
}
