import CTransitionABI
import PluginABI
import TransitionCore

/// How an instance's function crosses to an isolated plugin (PluginFunctions.InstanceCall):
/// the host sends the instance's token, then each argument after the instance by its letter
/// (a pointer by what it points at), and the child answers with the result by the return
/// letter, then what the plugin wrote through its out-pointers.
enum InstanceCallWire {
    /// The letters an instance's function may use besides `p`; PluginFunctionsTests holds
    /// every listed type to them.
    package static let letters: Set<Signature.ValueType> = [.void, .bool, .uint32, .uint64, .double, .size, .rect]

    package static func put(_ value: CallValue, into w: inout WireWriter) {
        switch value {
        case .bool(let b): w.put(b)
        case .uint(let u): w.put(u)
        case .double(let d): w.put(d)
        case .size(let s): w.put(th_size(width: s.width, height: s.height))
        case .rect(let r): w.put(th_rect(r))
        default: break
        }
    }

    package static func read(_ type: Signature.ValueType, from r: inout WireReader) throws -> CallValue {
        switch type {
        case .bool: return .bool(try r.bool())
        case .uint32, .uint64: return .uint(try r.integer(UInt64.self))
        case .double: return .double(try r.double())
        case .size:
            let s = try r.size()
            return .size(Size(width: s.width, height: s.height))
        case .rect: return .rect(try r.rect().rect)
        case .void: return .void
        default: throw IsolationChannel.Failure.garbage("an instance call's value of type '\(type.rawValue)'")
        }
    }
}

extension IsolatedPluginProcess {
    /// What an instance's function gave: its result, and what it wrote through its out-pointers.
    package struct InstanceReply {
        package let result: CallValue
        package let written: [CallValue]
    }

    /// Calls `function` of instance `token` with `arguments` (those after the instance, by
    /// its C type; a gesture event for its pointer). During `context`'s transition, the
    /// context's handle goes first, the runtime enters the context (the plugin's calls back act
    /// on its scene) and the process serves it (the transition is told if the process fails).
    /// Nil once the process has failed.
    package func call(_ function: PluginFunctions.Function, instance token: UInt64, during context: TransitionContext? = nil,
              _ arguments: [CallValue] = [], event: th_gesture_event? = nil) -> InstanceReply? {
        guard let call = function.instanceCall else { return nil }
        let signature = call.parsed
        var handle: UInt64?
        if let context {
            runtime.enter(context)
            serve(context)
            handle = runtime.handles.handle(context).id
        }
        guard var reply = try? self.call(function.request, function.name, { w in
            w.put(token)
            if let handle { w.put(handle) }
            for value in arguments { InstanceCallWire.put(value, into: &w) }
            if let event { w.put(event) }
        }) else { return nil }
        guard let result = try? InstanceCallWire.read(signature.returnType, from: &reply) else { return nil }
        var written: [CallValue] = []
        for pointer in call.pointers where pointer == .outRect {
            guard let rect = try? InstanceCallWire.read(.rect, from: &reply) else { return nil }
            written.append(rect)
        }
        return InstanceReply(result: result, written: written)
    }
}
