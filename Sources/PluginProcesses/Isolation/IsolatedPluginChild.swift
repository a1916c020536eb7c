import CTransitionABI
import TransitionCore

import LibC
import PluginABI

/// An isolated plugin's process (the hidden subcommand `host _isolate`): loads one plugin
/// with the host's own loader, giving it ChildHostTable instead of the host's table, then
/// does what the host asks over the channel — create an animator, call animate_transition,
/// run a completion — until the host closes the channel. Whatever the plugin does ends this
/// process only.
public final class IsolatedPluginChild {
    public static let commandName = "_isolate"

    private let path: String
    /// The runtime this process's calls into the plugin bind (attribution, the thread rule).
    private let runtime = HostRuntime()
    private var plugin: LoadedPlugin?
    private var instances: [UInt64: (effect: PluginEffect, instance: UnsafeMutableRawPointer)] = [:]
    private var nextInstance: UInt64 = 1
    /// Errors of a typed constructor call land here; the host sees a NULL instance.
    private let trace = TransitionTrace { 0 }
    /// What the sandbox lacks on this kernel, told to the host with the plugin's loading.
    private let sandboxMissing: String?

    private init(path: String, sandboxMissing: String?) {
        self.path = path
        self.sandboxMissing = sandboxMissing
    }

    /// The CPU time an isolated plugin may use in all, over however many runs: transitions
    /// cost it milliseconds; only a plugin that spins in the background comes near.
    package static let cpuSeconds = 3600.0

    /// `filterDescriptor`: where the host writes its compiled seccomp filter (HelperFilter), or -1.
    /// Without a `path`, a spare (SpareIsolatedProcess): the path is the channel's first
    /// message, read before the sandbox, which needs it; nothing of a plugin's runs before.
    public static func run(path given: String?, channelDescriptor fd: Int32, filterDescriptor: Int32 = -1) -> Never {
        HelperProcess.becomeHelper()
        // A spare has time while it waits: it compiles the seccomp filter itself and makes
        // its control groups, namespaces and most of its new root, so that neither the host
        // nor the time after the path arrives pays for them. No plugin code runs before the
        // rest of the sandbox is in place (HelperSandbox.enter below).
        if given == nil { HelperSandbox.prepare(cpuSeconds: cpuSeconds) }
        let filterProgram = given == nil ? HelperFilter.program : []
        guard let path = given ?? IsolatedPathMessage.receive(from: fd) else { _exit(0) }
        // Before the plugin loads: no signal to the host, no tracing, no process started, no
        // file read but the plugin's and the system's libraries, no parent left behind.
        let child = IsolatedPluginChild(path: path, sandboxMissing: HelperSandbox.enter(readable: [path], cpuSeconds: cpuSeconds,
                                                                                         filterDescriptor: filterDescriptor,
                                                                                         filterProgram: filterProgram))
        var info = stat()
        guard fstat(fd, &info) == 0 else { _exit(3) }
        let channel = IsolationChannel(fd: fd, timeout: nil)
        ChildHostTable.channel = channel
        channel.server = { op, reader in try child.serve(op, &reader) }
        _ = channel.serveUntilClosed()
        // No atexit handlers, no library destructors: the plugin's may misbehave.
        _exit(0)
    }

    private func serve(_ raw: UInt16, _ r: inout WireReader) throws -> WireWriter {
        guard let op = IsolationOp(rawValue: raw) else {
            throw IsolationChannel.Failure.garbage("request \(raw) is not for the plugin")
        }
        var w = WireWriter()
        switch op {
        case .loadPlugin:
            switch PluginLoader.load(path: path, host: ChildHostTable.table, runtime: runtime) {
            case .success(let loaded): plugin = loaded; w.put(nil as String?)
            case .failure(let failure): w.put(failure.message)
            }
            w.put(sandboxMissing)
        case .ping:
            break
        case .createAnimator, .createPresentation, .createInteraction:
            let effectID = try r.string(limit: 256) ?? ""
            let transition = TransitionKind(rawValue: try r.integer()) ?? .present
            let count = Int(try r.integer(UInt32.self))
            guard count <= 64 else { throw IsolationChannel.Failure.garbage("\(count) parameters") }
            let parameters = try (0..<count).map { _ in try r.double() }
            guard let effect = plugin?.effects.first(where: { $0.info.effectID == effectID }),
                  let instance = effect.makeInstance(for: transition, parameters: parameters, trace: trace)
            else { w.put(UInt64(0)); break }
            let token = nextInstance
            nextInstance += 1
            instances[token] = (effect, instance)
            w.put(token)
        case .destroyAnimator, .destroyPresentation, .destroyInteraction:
            let token: UInt64 = try r.integer()
            guard let (effect, instance) = instances.removeValue(forKey: token) else { break }
            calling(effect) {
                switch op {
                case .destroyAnimator: effect.animatorInterface.pointee.destroy(instance)
                case .destroyPresentation: effect.presentationInterface.pointee.destroy(instance)
                default: effect.interactionInterface.pointee.destroy(instance)
                }
            }
        case .animatorDuration, .animateTransition, .animationEnded, .interruptibleAnimator,
             .frameOfPresentedView, .presentationWillBegin, .presentationDidEnd, .dismissalWillBegin, .dismissalDidEnd,
             .shouldDismiss, .didAttemptToDismiss, .detentCount, .detentHeight, .detentDidChange,
             .viewWillTransitionToSize, .containerDidLayout,
             .containerWillLayout, .shouldRemovePresenters, .presentedView,
             .startInteractive, .gestureEvent, .completionSpeed, .completionCurve:
            // An instance's function: called by its C type alone (PluginFunctions.InstanceCall).
            return try serveInstanceCall(op, &r)
        case .runCallback:
            try ChildHostTable.runCallback(&r) { body in calling(nil, body) }
        case .delegateAnimatorFor:
            let effectID = try r.string(limit: 256) ?? ""
            let transition = TransitionKind(rawValue: try r.integer()) ?? .present
            w.put(plugin?.effects.first { $0.info.effectID == effectID }?.delegateAnimatorChoice(for: transition))
        case .delegateInteractionFor:
            let effectID = try r.string(limit: 256) ?? ""
            let transition = TransitionKind(rawValue: try r.integer()) ?? .present
            let animator = try r.string(limit: 256)
            w.put(plugin?.effects.first { $0.info.effectID == effectID }?.delegateInteractionChoice(for: transition, animator: animator))
        case .delegateAnimatorForScreens:
            let effectID = try r.string(limit: 256) ?? ""
            let transition = TransitionKind(rawValue: try r.integer()) ?? .present
            var names: [(String, String?)] = []
            for _ in 0..<3 { names.append((try r.string(limit: 256) ?? "", try r.string(limit: 256))) }
            let screens = TransitionScreens(transition, names)
            switch plugin?.effects.first(where: { $0.info.effectID == effectID })?.delegateAnimatorChoice(for: screens) ?? .notOffered {
            case .notOffered: w.put(false)
            case .standard: w.put(true); w.put(nil as String?)
            case .effect(let name): w.put(true); w.put(name)
            }
        case .delegatePresentation:
            let effectID = try r.string(limit: 256) ?? ""
            w.put(plugin?.effects.first { $0.info.effectID == effectID }?.delegatePresentationChoice())
        }
        return w
    }

    /// Calls an instance's function by its C type (PluginFunctions.InstanceCall): reads the
    /// token and the arguments, calls the field through libffi when the plugin's struct has
    /// it and it is set (its NULL answer otherwise), and answers with the result and what the
    /// plugin wrote through its out-pointers.
    private func serveInstanceCall(_ op: IsolationOp, _ r: inout WireReader) throws -> WireWriter {
        guard let function = PluginFunctions.function(calledBy: op), let call = function.instanceCall
        else { throw IsolationChannel.Failure.garbage("request \(op.rawValue) is not an instance's function") }
        let signature = call.parsed
        let (effect, instance) = try self.instance(&r, kind: function.kind)
        var values: [CallValue] = [.pointer(UInt(bitPattern: instance))]
        var event = th_gesture_event(), out = th_rect()
        var pointers = call.pointers.makeIterator()
        for type in signature.parameters.dropFirst() {
            guard type == .pointer else {
                let value = try InstanceCallWire.read(type, from: &r)
                if case .rect(let rect) = value { out = th_rect(rect) }  // an out-rect starts as the rect before it
                values.append(value)
                continue
            }
            if pointers.next() == .gestureEvent { event = try r.gestureEvent() }
            values.append(.pointer(0))  // pointed at below
        }
        // The pointer, not a copy: an older plugin's struct is shorter than today's.
        let vtable = effect.interface
        let offset = PluginFunctions.offset(of: function)
        let present = Int(vtable.load(as: UInt32.self)) >= offset + MemoryLayout<UnsafeRawPointer>.size
        var result = call.absent
        if present, let field = vtable.load(fromByteOffset: offset, as: UnsafeRawPointer?.self) {
            let interface = try CallInterfaceCache.shared.interface(for: signature)
            let answer: CallValue? = withUnsafeMutablePointer(to: &event) { eventAddress in
                withUnsafeMutablePointer(to: &out) { outAddress in
                    var pointers = call.pointers.makeIterator()
                    for i in values.indices.dropFirst() where signature.parameters[i] == .pointer {
                        let address = pointers.next() == .gestureEvent ? UnsafeMutableRawPointer(eventAddress) : UnsafeMutableRawPointer(outAddress)
                        values[i] = .pointer(UInt(bitPattern: address))
                    }
                    return calling(effect) { try? Invoker.call(field, interface, values) }
                }
            }
            guard let answer else { throw IsolationChannel.Failure.garbage("\(function.name) could not be called as '\(call.signature)'") }
            result = answer
        }
        var w = WireWriter()
        InstanceCallWire.put(result, into: &w)
        for pointer in call.pointers where pointer == .outRect { w.put(out) }
        return w
    }

    private func instance(_ r: inout WireReader, kind: EffectKind) throws -> (PluginEffect, UnsafeMutableRawPointer) {
        let token: UInt64 = try r.integer()
        guard let found = instances[token], found.effect.info.kind == kind else {
            throw IsolationChannel.Failure.garbage("no \(kind.name) instance \(token)")
        }
        return found
    }
    private func animator(_ r: inout WireReader) throws -> (PluginEffect, UnsafeMutableRawPointer) {
        try instance(&r, kind: .animator)
    }
    private func presentation(_ r: inout WireReader) throws -> (PluginEffect, UnsafeMutableRawPointer) {
        try instance(&r, kind: .presentationController)
    }

    /// A call into the plugin, attributed to it (and making this thread the ABI's thread).
    private func calling<T>(_ effect: PluginEffect?, _ body: () -> T) -> T {
        runtime.calling(plugin: effect?.plugin.id ?? plugin?.id ?? "plugin", body)
    }
}

extension PluginEffect {
    package var animatorInterface: UnsafePointer<th_animator_interface> { UnsafePointer(interface.assumingMemoryBound(to: th_animator_interface.self)) }
    package var presentationInterface: UnsafePointer<th_presentation_interface> { UnsafePointer(interface.assumingMemoryBound(to: th_presentation_interface.self)) }
    package var interactionInterface: UnsafePointer<th_interaction_interface> { UnsafePointer(interface.assumingMemoryBound(to: th_interaction_interface.self)) }
}
