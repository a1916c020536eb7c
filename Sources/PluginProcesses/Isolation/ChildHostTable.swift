import CFFI
import CTransitionABI

import LibC
import PluginABI

/// The host functions an isolated plugin gets, in its own process: each is a libffi closure
/// made from its HostFunctions entry that sends the arguments to the host over the channel,
/// by their kinds (HostCallWire), and writes back what the host answered. The scene stays in
/// the host and the host's own checks judge every call. Pointers never cross: handles and
/// values do, and the callbacks the plugin passes stay here under a token that the host
/// names when it wants one run. Two functions are answered here: get_extension (this
/// process's own tables) and curve_function (the standard curves, evaluated here).
package enum ChildHostTable {
    /// The channel to the host; set once by IsolatedPluginChild before the plugin loads, on
    /// the thread that then makes every call into the plugin.
    package nonisolated(unsafe) static var channel: IsolationChannel! {
        didSet { owner = pthread_self() }
    }

    /// The thread the header's rule allows: the one that calls into the plugin. A call from any
    /// other is refused here with TH_ERR_WRONG_THREAD, before anything is checked or sent, as
    /// the in-process table refuses it; the channel is never used from two threads.
    nonisolated(unsafe) private static var owner: pthread_t = pthread_self()
    static var onOwnerThread: Bool { pthread_equal(pthread_self(), owner) != 0 }

    /// The callbacks one call handed to the host, kept until the host has run every one that
    /// outlives the call (a completion, an alongside block) for the last time.
    struct Callbacks {
        /// By place among the call's callbacks: the kind and the function pointer, or nil.
        package var functions: [(kind: HostFunctions.Kind, pointer: UnsafeRawPointer?)]
        package var user: UnsafeMutableRawPointer?
        /// Places still to run once.
        package var pending: Set<Int>
    }
    nonisolated(unsafe) private static var callbacks: [UInt64: Callbacks] = [:]
    nonisolated(unsafe) private static var nextToken: UInt64 = 1

    /// Runs the callback the host names (IsolationOp.runCallback): its token, its place, then
    /// what its kind takes.
    package static func runCallback(_ r: inout WireReader, calling: (() -> Void) -> Void) throws {
        let token: UInt64 = try r.integer()
        let place = Int(try r.integer(UInt8.self))
        guard let entry = callbacks[token], entry.functions.indices.contains(place),
              let pointer = entry.functions[place].pointer
        else { return }
        switch entry.functions[place].kind {
        case .animations:
            let f = unsafeBitCast(pointer, to: th_animations_fn.self)
            calling { f(entry.user) }
        case .completion:
            let finished = try r.bool()
            let f = unsafeBitCast(pointer, to: th_completion_fn.self)
            calling { f(entry.user, finished) }
        case .alongside:
            let ctx = th_context(id: try r.integer())
            let f = unsafeBitCast(pointer, to: th_alongside_fn.self)
            calling { f(entry.user, ctx) }
        case .positionCompletion:
            let position: UInt32 = try r.integer()
            let f = unsafeBitCast(pointer, to: th_position_fn.self)
            calling { f(entry.user, position) }
        default:
            throw IsolationChannel.Failure.garbage("callback \(token) at \(place) is not a callback")
        }
        callbacks[token]?.pending.remove(place)
        if callbacks[token]?.pending.isEmpty == true { callbacks[token] = nil }
    }

    /// The host is gone or spoke garbage: nothing sensible is left to do in this process.
    static func lostHost(_ error: Error) -> Never {
        if case IsolationChannel.Failure.closed? = error as? IsolationChannel.Failure { _exit(0) }
        _exit(70)
    }

    /// One forwarded call: `index` names the function, `arguments` are libffi's pointers to
    /// the plugin's arguments; the status (if the function returns one) goes to `result`.
    package static func forward(_ index: Int, _ arguments: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ result: UnsafeMutableRawPointer) {
        let f = HostFunctions.all[index]
        // From another thread: refused before anything is read; a log line is dropped.
        guard onOwnerThread else {
            if f.result == .status { result.storeBytes(of: Int(Status.wrongThread), as: Int.self) }
            return
        }
        var token: UInt64?
        do {
            var reply = try channel.call(HostFunctions.request(for: index)) { w in
                var functions: [(kind: HostFunctions.Kind, pointer: UnsafeRawPointer?)] = []
                var user: UnsafeMutableRawPointer?
                var count: UInt32 = 0
                for (i, kind) in f.parameters.enumerated() {
                    let argument = arguments[i]!
                    HostCallWire.write(kind, argument, count: count, to: &w)
                    if kind == .count { count = argument.load(as: UInt32.self) }
                    if HostCallWire.isCallback(kind) { functions.append((kind, argument.load(as: UnsafeRawPointer?.self))) }
                    if kind == .userData { user = argument.load(as: UnsafeMutableRawPointer?.self) }
                }
                guard !functions.isEmpty else { return }
                let pending = Set(functions.indices.filter { functions[$0].pointer != nil && !HostCallWire.runsDuringCall(functions[$0].kind) })
                let t = nextToken
                nextToken += 1
                callbacks[t] = Callbacks(functions: functions, user: user, pending: pending)
                token = t
                w.put(t)
            }
            guard f.result == .status else { return }
            let status = try reply.integer(Int32.self)
            result.storeBytes(of: Int(status), as: Int.self)
            // What outlives the call is kept only when the host took it.
            if let token, status != Status.ok || callbacks[token]?.pending.isEmpty == true { callbacks[token] = nil }
            guard status == Status.ok else { return }
            for (i, kind) in f.parameters.enumerated() where kind.isOut {
                guard let pointer = arguments[i]!.load(as: UnsafeMutableRawPointer?.self) else { continue }
                try HostCallWire.readOut(kind, into: pointer, from: &reply)
            }
        } catch {
            lostHost(error)
        }
    }

    /// A table of `T` whose every forwarded function is its closure; `local` sets the rest.
    private static func make<T>(_ table: HostFunctions.Table, _ initial: T, _ local: (inout T) -> Void) -> UnsafeMutablePointer<T> {
        let pointer = UnsafeMutablePointer<T>.allocate(capacity: 1)
        pointer.initialize(to: initial)
        local(&pointer.pointee)
        for (index, f) in HostFunctions.all.enumerated() where f.table == table && f.crossesSocket {
            UnsafeMutableRawPointer(pointer).storeBytes(
                of: ForwardingClosure.make(index), toByteOffset: HostFunctionInterfaces.offset(index), as: UnsafeRawPointer.self)
        }
        return pointer
    }

    /// Allocated once; the plugin may keep the pointer until deinit.
    package nonisolated(unsafe) static let table: UnsafeMutablePointer<th_host_api> = {
        var t = th_host_api()
        t.struct_size = UInt32(MemoryLayout<th_host_api>.size)
        t.abi_major = UInt16(TH_ABI_MAJOR)
        t.abi_minor = UInt16(TH_ABI_MINOR)
        return make(.api, t) { t in
            t.get_extension = { id in
                guard onOwnerThread, let id else { return nil }
                switch String(cString: id) {
                case TH_EXT_HOST_CURVES: return UnsafeRawPointer(curves)
                case TH_EXT_HOST_KEYFRAMES: return UnsafeRawPointer(keyframes)
                case TH_EXT_HOST_SHARED_ELEMENTS: return UnsafeRawPointer(sharedElements)
                case TH_EXT_HOST_PROPERTY_ANIMATORS: return UnsafeRawPointer(propertyAnimators)
                case TH_EXT_HOST_VIEW_TRANSITIONS: return UnsafeRawPointer(viewTransitions)
                default: return nil
                }
            }
        }
    }()

    /// Curves are evaluated here, in the plugin's process, by the host's own code (the
    /// standard curves; curves of other plugins are not loaded here); animations go to the host.
    package nonisolated(unsafe) static let curves: UnsafeMutablePointer<th_host_curves> = {
        var t = th_host_curves()
        t.struct_size = UInt32(MemoryLayout<th_host_curves>.size)
        return make(.curves, t) { $0.curve_function = HostCurves.table.pointee.curve_function }
    }()

    package nonisolated(unsafe) static let keyframes: UnsafeMutablePointer<th_host_keyframes> = {
        var t = th_host_keyframes()
        t.struct_size = UInt32(MemoryLayout<th_host_keyframes>.size)
        return make(.keyframes, t) { _ in }
    }()

    package nonisolated(unsafe) static let propertyAnimators: UnsafeMutablePointer<th_host_property_animators> = {
        var t = th_host_property_animators()
        t.struct_size = UInt32(MemoryLayout<th_host_property_animators>.size)
        return make(.propertyAnimators, t) { _ in }
    }()

    package nonisolated(unsafe) static let sharedElements: UnsafeMutablePointer<th_host_shared_elements> = {
        var t = th_host_shared_elements()
        t.struct_size = UInt32(MemoryLayout<th_host_shared_elements>.size)
        return make(.sharedElements, t) { _ in }
    }()

    package nonisolated(unsafe) static let viewTransitions: UnsafeMutablePointer<th_host_view_transitions> = {
        var t = th_host_view_transitions()
        t.struct_size = UInt32(MemoryLayout<th_host_view_transitions>.size)
        return make(.viewTransitions, t) { _ in }
    }()
}

/// One host function as a plain C function pointer in the isolated child: a libffi closure
/// over the function's call interface whose handler forwards the call (ChildHostTable.forward).
/// Made once per function and kept for the life of the process.
enum ForwardingClosure {
    package static func make(_ index: Int) -> UnsafeRawPointer {
        var code: UnsafeMutableRawPointer?
        guard let memory = ffi_closure_alloc(MemoryLayout<ffi_closure>.size, &code), let code else {
            fatalError("libffi cannot allocate a closure for \(HostFunctions.all[index].name)")
        }
        let status = ffi_prep_closure_loc(
            memory.assumingMemoryBound(to: ffi_closure.self), HostFunctionInterfaces.cif(index),
            { _, result, arguments, user in
                guard let result, let arguments else { return }
                ChildHostTable.forward(Int(bitPattern: user) - 1, arguments, result)
            },
            UnsafeMutableRawPointer(bitPattern: index + 1), code)
        precondition(status == FFI_OK, "libffi cannot prepare a closure for \(HostFunctions.all[index].name)")
        return UnsafeRawPointer(code)
    }
}
