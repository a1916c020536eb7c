import CTransitionABI

import LibC

/// The th_host_api an isolated plugin gets, in its own process: every function sends its
/// arguments to the host over the channel and waits for the answer, so the scene stays in
/// the host and the host's own checks judge every call. Pointers never cross: handles and
/// values do, and each callback the plugin passes stays here under a token that the host
/// names when it wants the callback run.
enum ChildHostTable {
    /// The channel to the host; set once by IsolatedPluginChild before the plugin loads, on
    /// the thread that then makes every call into the plugin.
    nonisolated(unsafe) static var channel: IsolationChannel! {
        didSet { owner = pthread_self() }
    }

    /// The thread the header's rule allows: the one that calls into the plugin. A call from any
    /// other is refused here with TH_ERR_WRONG_THREAD, before anything is checked or sent, as
    /// the in-process table refuses it; the channel is never used from two threads.
    nonisolated(unsafe) private static var owner: pthread_t = pthread_self()
    static var onOwnerThread: Bool { pthread_equal(pthread_self(), owner) != 0 }

    /// A callback the plugin handed to the host, kept until the host has run it for the last time.
    struct Callback {
        var animations: th_animations_fn?
        var completion: th_completion_fn?
        var alongside: th_alongside_fn?
        var alongsideCompletion: th_alongside_fn?
        var user: UnsafeMutableRawPointer?
    }
    nonisolated(unsafe) static var callbacks: [UInt64: Callback] = [:]
    nonisolated(unsafe) private static var nextToken: UInt64 = 1

    static func register(_ callback: Callback) -> UInt64 {
        let token = nextToken
        nextToken += 1
        callbacks[token] = callback
        return token
    }

    /// The host is gone or spoke garbage: nothing sensible is left to do in this process.
    static func lostHost(_ error: Error) -> Never {
        if case IsolationChannel.Failure.closed? = error as? IsolationChannel.Failure { _exit(0) }
        _exit(70)
    }

    static func call(_ op: IsolationOp, _ args: (inout WireWriter) -> Void = { _ in }) -> WireReader {
        do { return try channel.call(op.rawValue, args) } catch { lostHost(error) }
    }

    /// A call whose answer is a status only.
    static func status(_ op: IsolationOp, _ args: (inout WireWriter) -> Void = { _ in }) -> th_status {
        guard onOwnerThread else { return Status.wrongThread }
        var reply = call(op, args)
        do { return try reply.integer(Int32.self) } catch { lostHost(error) }
    }

    /// A call whose answer is a status and, when it is TH_OK, one value for `out`. A NULL
    /// `out` is refused here exactly as the host would refuse it.
    static func query<T>(
        _ op: IsolationOp, _ out: UnsafeMutablePointer<T>?, _ args: (inout WireWriter) -> Void,
        _ read: (inout WireReader) throws -> T
    ) -> th_status {
        guard onOwnerThread else { return Status.wrongThread }
        guard let out else { return Status.badArgument }
        var reply = call(op, args)
        do {
            let s = try reply.integer(Int32.self)
            if s == Status.ok { out.pointee = try read(&reply) }
            return s
        } catch { lostHost(error) }
    }

    static func view(_ r: inout WireReader) throws -> th_view { th_view(id: try r.integer()) }

    /// Allocated once; the plugin may keep the pointer until deinit.
    nonisolated(unsafe) static let table: UnsafeMutablePointer<th_host_api> = {
        var t = th_host_api()
        t.struct_size = UInt32(MemoryLayout<th_host_api>.size)
        t.abi_major = UInt16(TH_ABI_MAJOR)
        t.abi_minor = UInt16(TH_ABI_MINOR)

        t.container_view = { ctx, out in query(.containerView, out, { $0.put(ctx.id) }, view) }
        t.view_controller = { ctx, key, out in
            query(.viewController, out, { $0.put(ctx.id); $0.put(key) }) { th_view_controller(id: try $0.integer()) }
        }
        t.view = { ctx, key, out in query(.view, out, { $0.put(ctx.id); $0.put(key) }, view) }
        t.initial_frame = { ctx, vc, out in query(.initialFrame, out, { $0.put(ctx.id); $0.put(vc.id) }) { try $0.rect() } }
        t.final_frame = { ctx, vc, out in query(.finalFrame, out, { $0.put(ctx.id); $0.put(vc.id) }) { try $0.rect() } }
        t.is_animated = { ctx, out in query(.isAnimated, out, { $0.put(ctx.id) }) { try $0.bool() } }
        t.is_interactive = { ctx, out in query(.isInteractive, out, { $0.put(ctx.id) }) { try $0.bool() } }
        t.transition_was_cancelled = { ctx, out in query(.transitionWasCancelled, out, { $0.put(ctx.id) }) { try $0.bool() } }
        t.presentation_style = { ctx, out in query(.presentationStyle, out, { $0.put(ctx.id) }) { try $0.integer() } }
        t.transition_kind = { ctx, out in query(.transitionKind, out, { $0.put(ctx.id) }) { try $0.integer() } }
        t.complete_transition = { ctx, ok in status(.completeTransition) { $0.put(ctx.id); $0.put(ok) } }
        t.animate_alongside = { ctx, animation, completion, user in
            guard onOwnerThread else { return Status.wrongThread }
            guard animation != nil || completion != nil else { return Status.badArgument }
            let token = register(Callback(alongside: animation, alongsideCompletion: completion, user: user))
            let s = status(.animateAlongside) {
                $0.put(ctx.id); $0.put(token); $0.put(animation != nil); $0.put(completion != nil)
            }
            if s != Status.ok { callbacks[token] = nil }
            return s
        }
        t.transition_duration = { ctx, out in query(.transitionDuration, out, { $0.put(ctx.id) }) { try $0.double() } }

        t.view_of_controller = { vc, out in query(.viewOfController, out, { $0.put(vc.id) }, view) }
        t.create_view = { name, frame, out in query(.createView, out, { $0.putCString(name); $0.put(frame) }, view) }
        t.snapshot_view = { v, out in query(.snapshotView, out, { $0.put(v.id) }, view) }
        t.add_subview = { p, c in status(.addSubview) { $0.put(p.id); $0.put(c.id) } }
        t.insert_subview_below = { p, c, s in status(.insertSubviewBelow) { $0.put(p.id); $0.put(c.id); $0.put(s.id) } }
        t.remove_from_superview = { v in status(.removeFromSuperview) { $0.put(v.id) } }
        t.superview = { v, out in query(.superview, out, { $0.put(v.id) }, view) }
        t.convert_rect = { r, from, to, out in
            query(.convertRect, out, { $0.put(r); $0.put(from.id); $0.put(to.id) }) { try $0.rect() }
        }

        t.get_frame = { v, out in query(.getFrame, out, { $0.put(v.id) }) { try $0.rect() } }
        t.set_frame = { v, r in status(.setFrame) { $0.put(v.id); $0.put(r) } }
        t.get_bounds = { v, out in query(.getBounds, out, { $0.put(v.id) }) { try $0.rect() } }
        t.set_bounds = { v, r in status(.setBounds) { $0.put(v.id); $0.put(r) } }
        t.get_center = { v, out in query(.getCenter, out, { $0.put(v.id) }) { try $0.point() } }
        t.set_center = { v, p in status(.setCenter) { $0.put(v.id); $0.put(p) } }
        t.get_alpha = { v, out in query(.getAlpha, out, { $0.put(v.id) }) { try $0.double() } }
        t.set_alpha = { v, a in status(.setAlpha) { $0.put(v.id); $0.put(a) } }
        t.get_hidden = { v, out in query(.getHidden, out, { $0.put(v.id) }) { try $0.bool() } }
        t.set_hidden = { v, h in status(.setHidden) { $0.put(v.id); $0.put(h) } }
        t.get_transform = { v, out in query(.getTransform, out, { $0.put(v.id) }) { try $0.affine() } }
        t.set_transform = { v, x in status(.setTransform) { $0.put(v.id); $0.put(x) } }
        t.get_background_color = { v, out in query(.getBackgroundColor, out, { $0.put(v.id) }) { try $0.color() } }
        t.set_background_color = { v, c in status(.setBackgroundColor) { $0.put(v.id); $0.put(c) } }
        t.get_corner_radius = { v, out in query(.getCornerRadius, out, { $0.put(v.id) }) { try $0.double() } }
        t.set_corner_radius = { v, r in status(.setCornerRadius) { $0.put(v.id); $0.put(r) } }

        t.animate = { options, animations, completion, user in
            guard onOwnerThread else { return Status.wrongThread }
            guard let options, let animations else { return Status.badArgument }
            return startAnimation(.animate, animations, completion, user) { $0.put(options.pointee) }
        }
        t.log = { level, message in
            // From another thread the line is dropped, as in process.
            guard onOwnerThread, let message else { return }
            _ = call(.log) { $0.put(level); $0.putCString(message, limit: 1 << 15) }
        }
        t.get_extension = { id in
            guard onOwnerThread, let id else { return nil }
            switch String(cString: id) {
            case TH_EXT_HOST_CURVES: return UnsafeRawPointer(curves)
            case TH_EXT_HOST_KEYFRAMES: return UnsafeRawPointer(keyframes)
            case TH_EXT_HOST_SHARED_ELEMENTS: return UnsafeRawPointer(sharedElements)
            default: return nil
            }
        }
        let pointer = UnsafeMutablePointer<th_host_api>.allocate(capacity: 1)
        pointer.initialize(to: t)
        return pointer
    }()

    /// An animate-like call: the blocks stay here under a token; `args` writes the rest.
    static func startAnimation(
        _ op: IsolationOp, _ animations: th_animations_fn, _ completion: th_completion_fn?,
        _ user: UnsafeMutableRawPointer?, _ args: (inout WireWriter) -> Void
    ) -> th_status {
        let token = register(Callback(animations: animations, completion: completion, user: user))
        let s = status(op) { args(&$0); $0.put(token); $0.put(completion != nil) }
        // The animations block has run by now; only a completion is still to come.
        if s != Status.ok || completion == nil { callbacks[token] = nil } else { callbacks[token]?.animations = nil }
        return s
    }

    /// Curves are evaluated here, in the plugin's process, by the host's own code (the
    /// standard curves; curves of other plugins are not loaded here); animations go to the host.
    nonisolated(unsafe) static let curves: UnsafeMutablePointer<th_host_curves> = {
        var t = th_host_curves()
        t.struct_size = UInt32(MemoryLayout<th_host_curves>.size)
        t.curve_function = HostCurves.table.pointee.curve_function
        t.animate_with_curve = { options, spec, animations, completion, user in
            guard onOwnerThread else { return Status.wrongThread }
            guard let options, let animations, let spec else { return Status.badArgument }
            return startAnimation(.animateWithCurve, animations, completion, user) {
                $0.put(options.pointee); $0.putCString(spec, limit: 512)
            }
        }
        let pointer = UnsafeMutablePointer<th_host_curves>.allocate(capacity: 1)
        pointer.initialize(to: t)
        return pointer
    }()

    nonisolated(unsafe) static let keyframes: UnsafeMutablePointer<th_host_keyframes> = {
        var t = th_host_keyframes()
        t.struct_size = UInt32(MemoryLayout<th_host_keyframes>.size)
        t.animate_keyframes = { options, mode, animations, completion, user in
            guard onOwnerThread else { return Status.wrongThread }
            guard let options, let animations else { return Status.badArgument }
            return startAnimation(.animateKeyframes, animations, completion, user) { $0.put(options.pointee); $0.put(mode) }
        }
        t.add_keyframe = { start, duration, changes, user in
            guard onOwnerThread else { return Status.wrongThread }
            guard let changes else { return Status.badArgument }
            let token = register(Callback(animations: changes, user: user))
            defer { callbacks[token] = nil }
            return status(.addKeyframe) { $0.put(start); $0.put(duration); $0.put(token) }
        }
        let pointer = UnsafeMutablePointer<th_host_keyframes>.allocate(capacity: 1)
        pointer.initialize(to: t)
        return pointer
    }()

    nonisolated(unsafe) static let sharedElements: UnsafeMutablePointer<th_host_shared_elements> = {
        var t = th_host_shared_elements()
        t.struct_size = UInt32(MemoryLayout<th_host_shared_elements>.size)
        t.shared_views = { root, out, capacity, count in
            guard onOwnerThread else { return Status.wrongThread }
            guard let count, out != nil || capacity == 0 else { return Status.badArgument }
            let wanted = min(capacity, 4096)
            var reply = call(.sharedViews) { $0.put(root.id); $0.put(wanted) }
            do {
                let s = try reply.integer(Int32.self)
                guard s == Status.ok else { return s }
                let total = try reply.integer(UInt32.self)
                let written = try reply.integer(UInt32.self)
                guard written <= wanted else { lostHost(WireReader.Malformed(description: "more views than asked for")) }
                for i in 0..<Int(written) { out![i] = try view(&reply) }
                count.pointee = total
                return s
            } catch { lostHost(error) }
        }
        t.matching_view = { v, root, out in query(.matchingView, out, { $0.put(v.id); $0.put(root.id) }, view) }
        let pointer = UnsafeMutablePointer<th_host_shared_elements>.allocate(capacity: 1)
        pointer.initialize(to: t)
        return pointer
    }()
}
