import CTransitionABI
import TransitionCore

/// A plugin's easing curve (TH_EXT_TIMING_CURVES) as a registry entry. Each set of parameter
/// values gets a CurveCall whose arguments are laid out once, so that evaluating the curve
/// every frame is one libffi call through the cached interface, with no allocation.
public final class PluginCurve: CurveProvider {
    public let name: String
    public let displayName: String
    public let parameters: [EffectParameter]
    public let source: String
    /// The plugin's C function, and its prepared call interface.
    public let function: UnsafeRawPointer
    public let interface: CallInterface

    package init(name: String, displayName: String, parameters: [EffectParameter], source: String,
         function: UnsafeRawPointer, interface: CallInterface) {
        self.name = name
        self.displayName = displayName
        self.parameters = parameters
        self.source = source
        self.function = function
        self.interface = interface
    }

    public func makeCurve(parameters values: [Double]) -> TimingCurve {
        let call = CurveCall(function: function, interface: interface, parameters: values)
        let label = values.isEmpty ? name
            : "\(name)(" + zip(parameters, values).map { "\($0.id)=\(NumberText.exact($1))" }.joined(separator: ",") + ")"
        let budget = CurveTimeBudget(name: label)
        let function = CurveFunction(name: label) { t in budget.timed { call.evaluate(t) } }
        budget.function = function
        return .custom(function)
    }

    /// Why the curve is refused, or nil: f(0) = 0 and f(1) = 1 within 1e-6, and finite at
    /// 101 samples on [0, 1], with the default parameters.
    package func problem() -> String? {
        let call = CurveCall(function: function, interface: interface, parameters: parameters.map(\.defaultValue))
        let start = call.evaluate(0), end = call.evaluate(1)
        if !(abs(start) <= 1e-6) { return "f(0) = \(start), not 0" }
        if !(abs(end - 1) <= 1e-6) { return "f(1) = \(end), not 1" }
        for i in 0...100 {
            let t = Double(i) / 100
            let v = call.evaluate(t)
            if !v.isFinite { return "f(\(t)) = \(v), not a finite number" }
        }
        return nil
    }
}

/// One curve with fixed parameters, ready to call: argument slots filled once, t rewritten
/// per call.
public final class CurveCall: @unchecked Sendable {
    private let function: UnsafeRawPointer
    private let interface: CallInterface
    private let slots: UnsafeMutableRawPointer
    private let pointers: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let result: UnsafeMutableRawPointer
    private let timeIsFloat: Bool

    public init(function: UnsafeRawPointer, interface: CallInterface, parameters: [Double]) {
        self.function = function
        self.interface = interface
        let types = interface.signature.parameters
        slots = .allocate(byteCount: 8 * max(1, types.count), alignment: 8)
        pointers = .allocate(capacity: max(1, types.count))
        result = .allocate(byteCount: 16, alignment: 8)
        timeIsFloat = types.first == .float
        for (i, type) in types.enumerated() {
            let slot = slots + 8 * i
            pointers[i] = slot
            let v = i == 0 ? 0 : parameters[i - 1]
            switch type {
            case .float: slot.storeBytes(of: Float(v), as: Float.self)
            case .int32: slot.storeBytes(of: Int32(v), as: Int32.self)
            case .uint32: slot.storeBytes(of: UInt32(max(0, v)), as: UInt32.self)
            default: slot.storeBytes(of: v, as: Double.self)
            }
        }
    }

    deinit {
        slots.deallocate()
        pointers.deallocate()
        result.deallocate()
    }

    @inline(__always)
    public func evaluate(_ t: Double) -> Double {
        if timeIsFloat { slots.storeBytes(of: Float(t), as: Float.self) } else { slots.storeBytes(of: t, as: Double.self) }
        interface.call(function, result: result, arguments: pointers)
        return interface.signature.returnType == .float ? Double(result.load(as: Float.self)) : result.load(as: Double.self)
    }

    /// Reads and checks a plugin's curves. A signature or descriptor problem is a load error
    /// (`problems`); a curve that fails its samples is refused alone (`refusals`).
    /// A curve that fails its samples is also kept in `refused`, for `host validate` to report.
    static func readCurves(from entry: th_plugin_entry, plugin: String, runtime: HostRuntime, path: String, cache: CallInterfaceCache,
                           problems: inout [String], refusals: inout [String], refused: inout [PluginCurve]) -> [PluginCurve] {
        guard let getExtension = entry.get_extension,
              let raw = runtime.calling(plugin: plugin, doing: "get_extension", { getExtension(TH_EXT_TIMING_CURVES) })
        else { return [] }
        // The descriptor rules (DescriptorReader, shared with `host validate`), then the
        // signature, which only a call needs.
        var findings = DescriptorFindings()
        let items = DescriptorReader.curves(raw, findings: &findings)
        problems += findings.problems
        var curves: [PluginCurve] = []
        for item in items {
            let (id, displayName, function, params) = (item.id, item.name, item.function, item.parameters)
            let label = "curve '\(id)' (\(symbolName(function)))"
            guard case .success(let text?) = DescriptorReader.string(item.signature, limit: 64) else {
                problems.append("\(label): signature is NULL or unreadable")
                continue
            }
            let signature: Signature
            do { signature = try Signature(parsing: text) } catch { problems.append("\(label): \(error)"); continue }
            let allowed: Set<Signature.ValueType> = [.double, .float, .int32, .uint32]
            if signature.returnType != .double && signature.returnType != .float {
                problems.append("\(label): signature '\(text)' must return d or f, at position 1"); continue
            }
            if let bad = signature.parameters.firstIndex(where: { !allowed.contains($0) }) {
                problems.append("\(label): signature '\(text)': '\(signature.parameters[bad].rawValue)' at position \(bad + 3) is not d, f, i or I"); continue
            }
            guard signature.parameters.first == .double || signature.parameters.first == .float else {
                problems.append("\(label): signature '\(text)' must take t (d or f) first, at position 3"); continue
            }
            guard params.count == signature.parameters.count - 1 else {
                problems.append("\(label): signature '\(text)' has \(signature.parameters.count - 1) parameters after t, but \(params.count) are declared")
                continue
            }
            let interface: CallInterface
            do { interface = try cache.interface(for: signature) } catch { problems.append("\(label): \(error)"); continue }
            let curve = PluginCurve(name: "\(plugin).\(id)", displayName: displayName, parameters: params, source: path,
                                    function: function, interface: interface)
            if let why = runtime.calling(plugin: plugin, doing: "its curve '\(id)'", { curve.problem() }) {
                refusals.append("curve '\(plugin).\(id)' refused: \(why)")
                refused.append(curve)
                continue
            }
            curves.append(curve)
        }
        return curves
    }
}
