import CTransitionABI

/// The host's side of an isolated plugin's host-table calls: decodes each request and makes
/// the very same call into the host's own th_host_api (and extensions) that an in-process
/// plugin would make, so an isolated plugin meets exactly the checks and behaviour an
/// in-process one does. Callbacks the plugin passed become the host's trampolines below,
/// which ask the plugin's process to run them.
enum HostTableServer {
    static func serve(_ raw: UInt16, _ r: inout WireReader, for process: IsolatedPluginProcess) throws -> WireWriter {
        guard raw < 100, let op = IsolationOp(rawValue: raw) else {
            throw IsolationChannel.Failure.garbage("the plugin sent request \(raw), which is not a host-table call")
        }
        let t = HostBridge.shared.table.pointee
        var w = WireWriter()
        func context() throws -> th_context { th_context(id: try r.integer()) }
        func view() throws -> th_view { th_view(id: try r.integer()) }
        /// A call that writes one value: its status, then the value.
        func out<T>(_ initial: T, _ call: (UnsafeMutablePointer<T>) -> th_status, _ put: (inout WireWriter, T) -> Void) {
            var value = initial
            w.put(call(&value))
            put(&w, value)
        }
        let putView: (inout WireWriter, th_view) -> Void = { $0.put($1.id) }
        let putRect: (inout WireWriter, th_rect) -> Void = { $0.put($1) }

        switch op {
        case .containerView: let c = try context(); out(th_view(), { t.container_view!(c, $0) }, putView)
        case .viewController:
            let c = try context(), key: UInt32 = try r.integer()
            out(th_view_controller(), { t.view_controller!(c, key, $0) }) { $0.put($1.id) }
        case .view: let c = try context(), key: UInt32 = try r.integer(); out(th_view(), { t.view!(c, key, $0) }, putView)
        case .initialFrame:
            let c = try context(), vc = th_view_controller(id: try r.integer())
            out(th_rect(), { t.initial_frame!(c, vc, $0) }, putRect)
        case .finalFrame:
            let c = try context(), vc = th_view_controller(id: try r.integer())
            out(th_rect(), { t.final_frame!(c, vc, $0) }, putRect)
        case .isAnimated: let c = try context(); out(false, { t.is_animated!(c, $0) }) { $0.put($1) }
        case .isInteractive: let c = try context(); out(false, { t.is_interactive!(c, $0) }) { $0.put($1) }
        case .transitionWasCancelled: let c = try context(); out(false, { t.transition_was_cancelled!(c, $0) }) { $0.put($1) }
        case .presentationStyle: let c = try context(); out(UInt32(0), { t.presentation_style!(c, $0) }) { $0.put($1) }
        case .transitionKind: let c = try context(); out(UInt32(0), { t.transition_kind!(c, $0) }) { $0.put($1) }
        case .completeTransition: let c = try context(), ok = try r.bool(); w.put(t.complete_transition!(c, ok))
        case .animateAlongside:
            let c = try context(), token: UInt64 = try r.integer(), hasAnimation = try r.bool(), hasCompletion = try r.bool()
            let user = IsolationCallbacks.register(process, token)
            w.put(t.animate_alongside!(c, hasAnimation ? IsolationCallbacks.alongside : nil,
                                       hasCompletion ? IsolationCallbacks.alongsideCompletion : nil, user))
        case .transitionDuration: let c = try context(); out(0.0, { t.transition_duration!(c, $0) }) { $0.put($1) }

        case .viewOfController:
            let vc = th_view_controller(id: try r.integer())
            out(th_view(), { t.view_of_controller!(vc, $0) }, putView)
        case .createView:
            let name = try r.stringBytes(limit: 4096), frame = try r.rect()
            withOptionalCString(name) { name in out(th_view(), { t.create_view!(name, frame, $0) }, putView) }
        case .snapshotView: let v = try view(); out(th_view(), { t.snapshot_view!(v, $0) }, putView)
        case .addSubview: let p = try view(), c = try view(); w.put(t.add_subview!(p, c))
        case .insertSubviewBelow: let p = try view(), c = try view(), s = try view(); w.put(t.insert_subview_below!(p, c, s))
        case .removeFromSuperview: let v = try view(); w.put(t.remove_from_superview!(v))
        case .superview: let v = try view(); out(th_view(), { t.superview!(v, $0) }, putView)
        case .convertRect:
            let rect = try r.rect(), from = try view(), to = try view()
            out(th_rect(), { t.convert_rect!(rect, from, to, $0) }, putRect)

        case .getFrame: let v = try view(); out(th_rect(), { t.get_frame!(v, $0) }, putRect)
        case .setFrame: let v = try view(), x = try r.rect(); w.put(t.set_frame!(v, x))
        case .getBounds: let v = try view(); out(th_rect(), { t.get_bounds!(v, $0) }, putRect)
        case .setBounds: let v = try view(), x = try r.rect(); w.put(t.set_bounds!(v, x))
        case .getCenter: let v = try view(); out(th_point(), { t.get_center!(v, $0) }) { $0.put($1) }
        case .setCenter: let v = try view(), x = try r.point(); w.put(t.set_center!(v, x))
        case .getAlpha: let v = try view(); out(0.0, { t.get_alpha!(v, $0) }) { $0.put($1) }
        case .setAlpha: let v = try view(), x = try r.double(); w.put(t.set_alpha!(v, x))
        case .getHidden: let v = try view(); out(false, { t.get_hidden!(v, $0) }) { $0.put($1) }
        case .setHidden: let v = try view(), x = try r.bool(); w.put(t.set_hidden!(v, x))
        case .getTransform: let v = try view(); out(th_affine(), { t.get_transform!(v, $0) }) { $0.put($1) }
        case .setTransform: let v = try view(), x = try r.affine(); w.put(t.set_transform!(v, x))
        case .getBackgroundColor: let v = try view(); out(th_color(), { t.get_background_color!(v, $0) }) { $0.put($1) }
        case .setBackgroundColor: let v = try view(), x = try r.color(); w.put(t.set_background_color!(v, x))
        case .getCornerRadius: let v = try view(); out(0.0, { t.get_corner_radius!(v, $0) }) { $0.put($1) }
        case .setCornerRadius: let v = try view(), x = try r.double(); w.put(t.set_corner_radius!(v, x))

        case .animate:
            var options = try r.options()
            let (user, completion) = try animationCallbacks(&r, process)
            w.put(t.animate!(&options, IsolationCallbacks.animations, completion, user))
        case .log:
            let level: UInt32 = try r.integer()
            let message = try r.stringBytes(limit: 1 << 15)
            withOptionalCString(message) { t.log!(level, $0) }
            w.put(Status.ok)
        case .animateWithCurve:
            var options = try r.options()
            let spec = try r.stringBytes(limit: 512)
            let (user, completion) = try animationCallbacks(&r, process)
            let curves = HostCurves.table.pointee
            withOptionalCString(spec) { spec in
                w.put(curves.animate_with_curve!(&options, spec, IsolationCallbacks.animations, completion, user))
            }
        case .animateKeyframes:
            var options = try r.options()
            let mode: UInt32 = try r.integer()
            let (user, completion) = try animationCallbacks(&r, process)
            w.put(HostKeyframes.table.pointee.animate_keyframes!(&options, mode, IsolationCallbacks.animations, completion, user))
        case .addKeyframe:
            let start = try r.double(), duration = try r.double(), token: UInt64 = try r.integer()
            let user = IsolationCallbacks.register(process, token)
            w.put(HostKeyframes.table.pointee.add_keyframe!(start, duration, IsolationCallbacks.animations, user))
        case .sharedViews:
            let root = try view(), wanted: UInt32 = try r.integer()
            guard wanted <= 4096 else { throw IsolationChannel.Failure.garbage("shared_views with a capacity of \(wanted)") }
            var views = [th_view](repeating: th_view(), count: Int(wanted))
            var count: UInt32 = 0
            let s = views.withUnsafeMutableBufferPointer {
                HostSharedElements.table.pointee.shared_views!(root, $0.baseAddress, wanted, &count)
            }
            w.put(s)
            let written = min(count, wanted)
            w.put(count)
            w.put(written)
            for v in views.prefix(Int(written)) { w.put(v.id) }
        case .matchingView:
            let v = try view(), root = try view()
            out(th_view(), { HostSharedElements.table.pointee.matching_view!(v, root, $0) }, putView)

        default:
            throw IsolationChannel.Failure.garbage("the plugin sent request \(raw), which is not a host-table call")
        }
        return w
    }

    /// The token of an animate-like call and whether it has a completion, as the host's
    /// user_data and completion trampoline.
    private static func animationCallbacks(
        _ r: inout WireReader, _ process: IsolatedPluginProcess
    ) throws -> (UnsafeMutableRawPointer, th_completion_fn?) {
        let token: UInt64 = try r.integer()
        let hasCompletion = try r.bool()
        return (IsolationCallbacks.register(process, token), hasCompletion ? IsolationCallbacks.completion : nil)
    }

    private static func withOptionalCString<T>(_ bytes: [UInt8]?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
        guard let bytes else { return body(nil) }
        return (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0) }
        }
    }
}

/// The host's stand-ins for an isolated plugin's callbacks. A C callback carries only its
/// user_data, so that is an index here naming the plugin's process and the plugin's token
/// for the callback; an index stays valid for the life of the host, whatever became of the
/// process, so a late completion never reaches freed memory.
enum IsolationCallbacks {
    private struct Entry {
        weak var process: IsolatedPluginProcess?
        let token: UInt64
    }
    nonisolated(unsafe) private static var entries: [Entry] = []

    static func register(_ process: IsolatedPluginProcess, _ token: UInt64) -> UnsafeMutableRawPointer {
        entries.append(Entry(process: process, token: token))
        return UnsafeMutableRawPointer(bitPattern: entries.count)!
    }

    private static func entry(_ user: UnsafeMutableRawPointer?) -> Entry? {
        guard let user else { return nil }
        let index = Int(bitPattern: user) - 1
        return entries.indices.contains(index) ? entries[index] : nil
    }

    static let animations: th_animations_fn = { user in
        guard let e = entry(user) else { return }
        e.process?.runCallback(.runAnimations) { $0.put(e.token) }
    }
    static let completion: th_completion_fn = { user, finished in
        guard let e = entry(user) else { return }
        e.process?.runCallback(.runCompletion) { $0.put(e.token); $0.put(finished) }
    }
    static let alongside: th_alongside_fn = { user, ctx in
        guard let e = entry(user) else { return }
        e.process?.runCallback(.runAlongside) { $0.put(e.token); $0.put(false); $0.put(ctx.id) }
    }
    static let alongsideCompletion: th_alongside_fn = { user, ctx in
        guard let e = entry(user) else { return }
        e.process?.runCallback(.runAlongside) { $0.put(e.token); $0.put(true); $0.put(ctx.id) }
    }
}
