import CFFI
import CTransitionABI
import TransitionCore

import LibC

/// An effect's constructor called by signature (TH_EXT_TYPED_CONSTRUCTORS): the transition
/// bit, then one argument per declared parameter, converted to the declared C type.
struct TypedConstructor {
    package let effectID: String
    package let symbol: String
    package let function: UnsafeRawPointer
    package let interface: CallInterface

    /// The arguments for one call: checked values (one per parameter) as the signature's types.
    package func arguments(transition: TransitionKind, values: [Double], parameters: [EffectParameter]) -> [CallValue] {
        var args: [CallValue] = [.uint(UInt64(transition.rawValue))]
        for (i, type) in interface.signature.parameters.dropFirst().enumerated() {
            let v = values[i], p = parameters[i]
            switch type {
            case .double: args.append(.double(v))
            case .float: args.append(.float(Float(v)))
            case .bool: args.append(.bool(v != 0))
            case .string: args.append(.string(p.choices[Int(v)]))
            case .int8, .int16, .int32, .int64: args.append(.int(Int64(v)))
            default: args.append(.uint(UInt64(max(0, v))))
            }
        }
        return args
    }

    /// Reads and checks the plugin's typed constructors. Every problem names the effect, the
    /// constructor's symbol and, for signatures, the position of the fault.
    package static func read(from entry: th_plugin_entry, plugin: String, runtime: HostRuntime, effects: [PluginEffect],
                     cache: CallInterfaceCache, problems: inout [String]) -> [String: TypedConstructor] {
        guard let getExtension = entry.get_extension else { return [:] }
        guard let raw = runtime.calling(plugin: plugin, doing: "get_extension", { getExtension(TH_EXT_TYPED_CONSTRUCTORS) }) else { return [:] }
        let list = raw.assumingMemoryBound(to: th_typed_constructors.self).pointee
        guard list.struct_size >= FrozenABI.typedConstructors else {
            problems.append("typed constructors: struct_size is \(list.struct_size)")
            return [:]
        }
        guard list.count <= 256, list.count == 0 || list.items != nil else {
            problems.append("typed constructors: count \(list.count) with \(list.items == nil ? "NULL items" : "more than 256")")
            return [:]
        }
        guard list.count > 0, let items = list.items else { return [:] }
        let stride: Int
        switch FrozenABI.stride(of: items, minimum: FrozenABI.typedConstructor) {
        case .success(let size): stride = size
        case .failure(let fault):
            problems.append("typed constructors: \(fault); a 1.0 th_typed_constructor is \(FrozenABI.typedConstructor) bytes")
            return [:]
        }
        var result: [String: TypedConstructor] = [:]
        for i in 0..<Int(list.count) {
            let item = FrozenABI.element(items, i, stride: stride).pointee
            var findings = DescriptorFindings()
            let effectID = DescriptorReader.identifier(item.effect_id, field: "typed constructor #\(i) effect_id", findings: &findings)
            problems += findings.problems
            guard let effectID else { continue }
            guard let function = item.function.map({ unsafeBitCast($0, to: UnsafeRawPointer.self) }) else {
                problems.append("typed constructor of '\(effectID)': function is NULL")
                continue
            }
            let symbol = symbolName(function)
            let label = "typed constructor \(symbol) of '\(effectID)'"
            guard let effect = effects.first(where: { $0.info.effectID == effectID }) else {
                problems.append("\(label): the plugin has no effect '\(effectID)'")
                continue
            }
            guard effect.info.kind == .animator || effect.info.kind == .presentationController else {
                problems.append("\(label): '\(effectID)' is a \(effect.info.kind.name), which has no constructor")
                continue
            }
            guard case .success(let text?) = DescriptorReader.string(item.signature, limit: 64) else {
                problems.append("\(label): signature is NULL or unreadable")
                continue
            }
            let signature: Signature
            do { signature = try Signature(parsing: text) } catch {
                problems.append("\(label): \(error)")
                continue
            }
            guard let fault = check(signature, against: effect.info.parameters) else {
                do {
                    result[effectID] = TypedConstructor(effectID: effectID, symbol: symbol, function: function,
                                                        interface: try cache.interface(for: signature))
                } catch { problems.append("\(label): \(error)") }
                continue
            }
            problems.append("\(label): signature '\(text)': \(fault)")
        }
        return result
    }

    /// Why a constructor signature does not fit the declared parameters, or nil when it does.
    package static func check(_ s: Signature, against parameters: [EffectParameter]) -> String? {
        guard s.returnType == .pointer else { return "must return p (the instance) at position 1" }
        guard s.parameters.first == .uint32 else { return "the first parameter must be I (the transition bit) at position 3" }
        guard s.parameters.count == parameters.count + 1 else {
            return "has \(s.parameters.count - 1) parameters after the transition but the effect declares \(parameters.count)"
        }
        let integers: Set<Signature.ValueType> = [.int8, .uint8, .int16, .uint16, .int32, .uint32, .int64, .uint64]
        for (i, (type, p)) in zip(s.parameters.dropFirst(), parameters).enumerated() {
            let fits: Bool
            switch p.type {
            case .double: fits = type == .double || type == .float
            case .int: fits = integers.contains(type)
            case .bool: fits = type == .bool
            case .choice: fits = type == .string || type == .int32 || type == .uint32
            }
            if !fits { return "'\(type.rawValue)' at position \(i + 4) does not fit parameter '\(p.id)' (\(p.type.name))" }
        }
        return nil
    }
}

/// The exported name of a function in a loaded library, for messages; its address otherwise.
func symbolName(_ function: UnsafeRawPointer) -> String {
    if let name = cffi_symbol_name(function) { return String(cString: name) }
    return "an unexported function"
}
