import CFFI
import CTransitionABI
import PluginABI

/// The host's side of an isolated plugin's host-function calls: reads each request's
/// arguments by their kinds (HostFunctions, HostCallWire) and makes the very same call into
/// the host's own table that an in-process plugin would make, through libffi, so an isolated
/// plugin meets exactly the checks and behaviour an in-process one does, function by
/// function, with no code written per function. Callbacks the plugin passed become the
/// host's trampolines below, which ask the plugin's process to run them.
package enum HostTableServer {
    /// Bytes of each argument's slot: the largest value any parameter takes (a th_transform3d,
    /// 128), rounded up to 16, so that no value runs past its slot, whatever a new function takes.
    package static let slotSize: Int = {
        let largest = HostFunctions.all.flatMap(\.parameters).map(HostFunctionInterfaces.size).max() ?? 8
        return (largest + 15) / 16 * 16
    }()

    package static func serve(_ raw: UInt16, _ r: inout WireReader, for process: IsolatedPluginProcess) throws -> WireWriter {
        guard let index = HostFunctions.index(ofRequest: raw), HostFunctions.all[index].crossesSocket else {
            throw IsolationChannel.Failure.garbage("the plugin sent request \(raw), which is not a host-function call")
        }
        let f = HostFunctions.all[index]
        let function = table(f.table).load(fromByteOffset: HostFunctionInterfaces.offset(index), as: UnsafeRawPointer?.self)!

        let count = f.parameters.count
        let slotSize = Self.slotSize
        let slots = UnsafeMutableRawPointer.allocate(byteCount: slotSize * max(count, 1), alignment: 16)
        defer { slots.deallocate() }
        let arguments = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: max(count, 1))
        defer { arguments.deallocate() }
        var storage = CallStorage()
        var callbacks: [(parameter: Int, kind: HostFunctions.Kind, given: Bool)] = []
        for (i, kind) in f.parameters.enumerated() {
            let slot = slots + slotSize * i
            arguments[i] = slot
            if HostCallWire.isCallback(kind) {
                callbacks.append((i, kind, try r.bool()))
            } else if kind != .userData {
                try HostCallWire.read(kind, into: slot, from: &r, storage: &storage)
            }
        }
        if !callbacks.isEmpty {
            let user = IsolationCallbacks.register(process, try r.integer(UInt64.self), in: process.runtime)
            for (place, callback) in callbacks.enumerated() {
                let trampoline = callback.given ? IsolationCallbacks.trampoline(callback.kind, place: place) : nil
                (slots + slotSize * callback.parameter).storeBytes(of: trampoline, as: UnsafeRawPointer?.self)
            }
            if let i = f.parameters.firstIndex(of: .userData) {
                (slots + slotSize * i).storeBytes(of: UnsafeRawPointer(user), as: UnsafeRawPointer?.self)
            }
        } else if let i = f.parameters.firstIndex(of: .userData) {
            (slots + slotSize * i).storeBytes(of: nil, as: UnsafeRawPointer?.self)
        }
        guard r.isAtEnd else { throw IsolationChannel.Failure.garbage("\(f.name): bytes after the arguments") }

        var result: Int64 = 0
        ffi_call(HostFunctionInterfaces.cif(index), unsafeBitCast(function, to: (@convention(c) () -> Void).self), &result, arguments)

        var w = WireWriter()
        guard f.result == .status else { return w }
        w.put(Int32(truncatingIfNeeded: result))
        for (i, kind) in f.parameters.enumerated() where kind.isOut {
            guard let pointer = (slots + slotSize * i).load(as: UnsafeRawPointer?.self) else { continue }
            HostCallWire.writeOut(kind, from: pointer, count: elementsWritten(kind, f, slots: slots, slotSize: slotSize), to: &w)
        }
        return w
    }

    /// How many elements of an array the function wrote (0 for a function without one). Views:
    /// at most the capacity it was given, and at most the count it reported. Text: the
    /// reported length and its NUL when the capacity holds them; nothing otherwise, since the
    /// text is never cut.
    private static func elementsWritten(
        _ kind: HostFunctions.Kind, _ f: HostFunctions.Function, slots: UnsafeMutableRawPointer, slotSize: Int
    ) -> Int {
        guard HostCallWire.isArray(kind), let capacity = f.parameters.firstIndex(of: .capacity),
              let count = f.parameters.firstIndex(of: .outUInt32),
              let reported = (slots + slotSize * count).load(as: UnsafeRawPointer?.self)
        else { return 0 }
        let given = (slots + slotSize * capacity).load(as: UInt32.self), length = reported.load(as: UInt32.self)
        if kind == .outChars { return given > length ? Int(length) + 1 : 0 }
        return Int(min(given, length))
    }

    /// The host's own table that `table` names.
    private static func table(_ table: HostFunctions.Table) -> UnsafeRawPointer {
        switch table {
        case .api: UnsafeRawPointer(HostAPITable.table)
        case .curves: UnsafeRawPointer(HostCurves.table)
        case .keyframes: UnsafeRawPointer(HostKeyframes.table)
        case .sharedElements: UnsafeRawPointer(HostSharedElements.table)
        case .propertyAnimators: UnsafeRawPointer(HostPropertyAnimators.table)
        case .viewTransitions: UnsafeRawPointer(HostViewTransitions.table)
        }
    }
}

/// The host's stand-ins for an isolated plugin's callbacks. A C callback carries only its
/// user_data, so that is an index here naming the plugin's process and the plugin's token
/// for the call's callbacks; which of them runs is the trampoline's place. An index stays
/// valid for the life of the host, whatever became of the process, so a late completion
/// never reaches freed memory.
package enum IsolationCallbacks {
    /// Kept by the runtime (HostRuntime.isolatedCallbacks) for as long as it lives.
    package static func register(_ process: IsolatedPluginProcess, _ token: UInt64, in runtime: HostRuntime) -> UnsafeMutableRawPointer {
        runtime.isolatedCallbacks.append(IsolatedCallback(process: process, token: token))
        return UnsafeMutableRawPointer(bitPattern: runtime.isolatedCallbacks.count)!
    }

    /// Asks the plugin's process to run its callback at `place` among the call's callbacks;
    /// `args` writes what the callback's kind takes.
    /// `what` names the callback in the report when the plugin fails inside it.
    private static func run(
        _ user: UnsafeMutableRawPointer?, _ place: UInt8, _ what: String, _ args: (inout WireWriter) -> Void = { _ in }
    ) {
        // The engine runs the trampoline inside a call into the plugin's process, on the
        // thread its runtime is bound to.
        guard let user, let runtime = HostRuntime.current else { return }
        let index = Int(bitPattern: user) - 1
        guard runtime.isolatedCallbacks.indices.contains(index) else { return }
        let e = runtime.isolatedCallbacks[index]
        (e.process as? IsolatedPluginProcess)?.runCallback(what) { $0.put(e.token); $0.put(place); args(&$0) }
    }

    /// The trampoline for a callback of `kind` at `place` (0 or 1) among its call's callbacks.
    package static func trampoline(_ kind: HostFunctions.Kind, place: Int) -> UnsafeRawPointer {
        switch kind {
        case .animations: unsafeBitCast(animations[place], to: UnsafeRawPointer.self)
        case .completion: unsafeBitCast(completions[place], to: UnsafeRawPointer.self)
        case .alongside: unsafeBitCast(alongside[place], to: UnsafeRawPointer.self)
        case .positionCompletion: unsafeBitCast(positionCompletions[place], to: UnsafeRawPointer.self)
        default: preconditionFailure("\(kind) is not a callback")
        }
    }

    private static let animations: [th_animations_fn] = [
        { run($0, 0, "an animations block") }, { run($0, 1, "an animations block") },
    ]
    private static let completions: [th_completion_fn] = [
        { user, finished in run(user, 0, "a completion callback") { $0.put(finished) } },
        { user, finished in run(user, 1, "a completion callback") { $0.put(finished) } },
    ]
    private static let positionCompletions: [th_position_fn] = [
        { user, position in run(user, 0, "a property animator's completion") { $0.put(position) } },
        { user, position in run(user, 1, "a property animator's completion") { $0.put(position) } },
    ]
    private static let alongside: [th_alongside_fn] = [
        { user, ctx in run(user, 0, "an alongside callback") { $0.put(ctx.id) } },
        { user, ctx in run(user, 1, "an alongside callback") { $0.put(ctx.id) } },
    ]
}
