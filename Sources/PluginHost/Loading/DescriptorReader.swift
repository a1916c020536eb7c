import CTransitionABI
import TransitionCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Turns a plugin's C descriptors into Swift values, checking every rule the header states.
/// Every problem found is collected, so that one run tells an author everything to fix.
enum DescriptorReader {
    // The header's per-item limits (TH_MAX_*); the totals are DescriptorBudget's.
    static let maxEffects = UInt32(TH_MAX_EFFECTS)
    static let maxParameters = UInt32(TH_MAX_PARAMS)
    static let maxChoices = UInt32(TH_MAX_CHOICES)
    static let maxIdentifierBytes = Int(TH_MAX_ID_BYTES)
    static let maxTextBytes = Int(TH_MAX_TEXT_BYTES)

    /// Why a C string was refused.
    struct TextProblem: Error { let why: String }

    /// Reads a C string of at most `limit` bytes: nil for NULL; a failure when longer or not
    /// UTF-8. Never reads past `limit` + 1 bytes.
    static func string(_ p: UnsafePointer<CChar>?, limit: Int = maxTextBytes) -> Result<String?, TextProblem> {
        guard let p else { return .success(nil) }
        let length = strnlen(p, limit + 1)
        guard length <= limit else { return .failure(TextProblem(why: "longer than \(limit) bytes")) }
        let buffer = UnsafeRawBufferPointer(start: p, count: length)
        guard let s = String(validating: buffer, as: UTF8.self) else { return .failure(TextProblem(why: "not valid UTF-8")) }
        return .success(s)
    }

    /// True for ids of the form [a-z][a-z0-9_-]* (plus '.' when `allowDots`).
    static func isIdentifier(_ s: String, allowDots: Bool = false) -> Bool {
        guard let first = s.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first),
              s.utf8.count <= maxIdentifierBytes
        else { return false }
        return s.utf8.allSatisfy { c in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
                || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || (allowDots && c == UInt8(ascii: "."))
        }
    }

    /// A required identifier field.
    static func identifier(_ p: UnsafePointer<CChar>?, field: String, allowDots: Bool = false, problems: inout [String]) -> String? {
        switch string(p, limit: maxIdentifierBytes) {
        case .failure(let problem): problems.append("\(field) is \(problem.why)"); return nil
        case .success(nil): problems.append("\(field) is NULL"); return nil
        case .success(let s?):
            if s.isEmpty { problems.append("\(field) is empty"); return nil }
            guard isIdentifier(s, allowDots: allowDots) else {
                problems.append("\(field) '\(s)' is not a valid id (lower-case letters, digits, '_', '-'\(allowDots ? ", '.'" : ""); starts with a letter; at most 63 bytes)")
                return nil
            }
            return s
        }
    }

    /// A required or optional text field.
    static func text(_ p: UnsafePointer<CChar>?, field: String, required: Bool, problems: inout [String]) -> String {
        switch string(p) {
        case .failure(let problem): problems.append("\(field) is \(problem.why)"); return ""
        case .success(nil):
            if required { problems.append("\(field) is NULL") }
            return ""
        case .success(let s?):
            if required && s.isEmpty { problems.append("\(field) is empty") }
            return s
        }
    }

    /// The entry's own fields, as the loader reads them before calling anything.
    struct EntryFields {
        let id: String
        let name: String
        let version: String
        let vendor: String
    }

    /// Checks the entry's strings and required functions; nil (with problems) when the
    /// plugin cannot be used.
    static func entryFields(_ e: th_plugin_entry, problems: inout [String]) -> EntryFields? {
        var local: [String] = []
        let id = identifier(e.id, field: "plugin id", allowDots: true, problems: &local)
        let name = text(e.name, field: "plugin name", required: true, problems: &local)
        let version = text(e.version, field: "plugin version", required: true, problems: &local)
        let vendor = text(e.vendor, field: "plugin vendor", required: false, problems: &local)
        for (present, field) in [(e.`init` != nil, "init"), (e.effect_count != nil, "effect_count"),
                                 (e.get_effect != nil, "get_effect")] where !present {
            local.append("entry has no \(field) (required)")
        }
        problems += local
        guard local.isEmpty, let id else { return nil }
        return EntryFields(id: id, name: name, version: version, vendor: vendor)
    }

    /// Reads and checks `count` effect descriptors (count already checked against
    /// maxEffects), each from `descriptor(index)`, the plugin's get_effect: a NULL, a bad
    /// descriptor or an id declared twice is a problem. The effects that passed, in order.
    static func effects(
        count: UInt32, pluginID: String, problems: inout [String],
        descriptor: (UInt32) -> UnsafePointer<th_effect_descriptor>?
    ) -> [(info: EffectInfo, interface: UnsafeRawPointer)] {
        var effects: [(info: EffectInfo, interface: UnsafeRawPointer)] = []
        var seen = Set<String>()
        for index in 0..<count {
            guard let d = descriptor(index) else {
                problems.append("get_effect(\(index)) returned NULL")
                continue
            }
            guard let (info, interface) = effect(d, index: index, pluginID: pluginID, problems: &problems) else { continue }
            if !seen.insert(info.effectID).inserted {
                problems.append("effect id '\(info.effectID)' is declared twice")
                continue
            }
            effects.append((info, interface))
        }
        return effects
    }

    /// Checks one effect descriptor and converts it. Returns nil (with problems) when it
    /// cannot be used.
    static func effect(
        _ d: UnsafePointer<th_effect_descriptor>, index: UInt32, pluginID: String, problems: inout [String]
    ) -> (EffectInfo, UnsafeRawPointer)? {
        var local: [String] = []
        let size = d.pointee.struct_size
        guard size >= FrozenABI.effectDescriptor else {
            problems.append("effect #\(index): struct_size is \(size); a 1.0 descriptor is \(FrozenABI.effectDescriptor) bytes")
            return nil
        }
        let id = identifier(d.pointee.id, field: "effect #\(index) id", problems: &local)
        let label = id.map { "effect '\($0)'" } ?? "effect #\(index)"
        let name = text(d.pointee.name, field: "\(label) name", required: true, problems: &local)
        let summary = text(d.pointee.description, field: "\(label) description", required: false, problems: &local)
        let kind = EffectKind(rawValue: d.pointee.kind)
        if kind == nil { local.append("\(label) kind is \(d.pointee.kind); expected 1 to 4 (TH_KIND_*)") }
        let mask = d.pointee.transitions
        if mask == 0 || mask & ~TransitionSet.all.rawValue != 0 {
            local.append("\(label) transitions mask is 0x\(String(mask, radix: 16)); expected a non-zero mask of TH_TRANSITION_* bits")
        }
        let duration = d.pointee.default_duration
        if !(duration.isFinite && duration >= 0 && duration <= 60) {
            local.append("\(label) default_duration is \(duration); expected seconds in [0, 60]")
        }
        if d.pointee.interface == nil { local.append("\(label) interface is NULL") }
        let parameters = self.parameters(of: d, label: label, problems: &local)
        if let kind, let interface = d.pointee.interface {
            checkInterface(kind: kind, interface, label: label, problems: &local)
        }
        problems += local
        guard local.isEmpty, let id, let kind, let interface = d.pointee.interface else { return nil }
        return (EffectInfo(
            pluginID: pluginID, effectID: id, displayName: name, summary: summary, kind: kind,
            transitions: TransitionSet(rawValue: mask), defaultDuration: duration, parameters: parameters), interface)
    }

    private static func parameters(
        of d: UnsafePointer<th_effect_descriptor>, label: String, problems: inout [String]
    ) -> [EffectParameter] {
        parameters(count: d.pointee.param_count, list: d.pointee.params, label: label, problems: &problems)
    }

    /// Checks and converts a list of parameter descriptors (an effect's or a curve's).
    static func parameters(
        count: UInt32, list: UnsafePointer<th_param_descriptor>?, label: String, problems: inout [String]
    ) -> [EffectParameter] {
        guard count <= maxParameters else {
            problems.append("\(label) declares \(count) parameters; at most \(maxParameters)")
            return []
        }
        guard count > 0 else { return [] }
        guard let params = list else {
            problems.append("\(label) declares \(count) parameters but params is NULL")
            return []
        }
        let stride: Int
        switch FrozenABI.stride(of: params, minimum: FrozenABI.paramDescriptor) {
        case .success(let size): stride = size
        case .failure(let fault):
            problems.append("\(label) parameters: \(fault); a 1.0 parameter descriptor is \(FrozenABI.paramDescriptor) bytes")
            return []
        }
        var result: [EffectParameter] = []
        var seen = Set<String>()
        for i in 0..<Int(count) {
            let p = FrozenABI.element(params, i, stride: stride)
            guard p.pointee.struct_size == UInt32(stride) else {
                problems.append("\(label) parameter #\(i): struct_size is \(p.pointee.struct_size), parameter #0's \(stride)")
                continue
            }
            guard let id = identifier(p.pointee.id, field: "\(label) parameter #\(i) id", problems: &problems) else { continue }
            let plabel = "\(label) parameter '\(id)'"
            if !seen.insert(id).inserted { problems.append("\(plabel) is declared twice") }
            let name = text(p.pointee.name, field: "\(plabel) name", required: true, problems: &problems)
            let unit = text(p.pointee.unit, field: "\(plabel) unit", required: false, problems: &problems)
            guard let type = EffectParameter.ValueType(rawValue: p.pointee.type) else {
                problems.append("\(plabel) type is \(p.pointee.type); expected 0 to 3 (TH_PARAM_*)")
                continue
            }
            var lo = p.pointee.min_value, hi = p.pointee.max_value
            let def = p.pointee.default_value
            var choices: [String] = []
            switch type {
            case .choice:
                let n = p.pointee.choice_count
                guard n >= 1, n <= maxChoices, let list = p.pointee.choices else {
                    problems.append("\(plabel) is an enum with \(n) choices\(p.pointee.choices == nil ? " and choices NULL" : ""); expected 1 to \(maxChoices)")
                    continue
                }
                for c in 0..<Int(n) {
                    if let choice = identifier(list[c], field: "\(plabel) choice #\(c)", problems: &problems) {
                        choices.append(choice)
                    }
                }
                lo = 0; hi = Double(n - 1)
                if def != def.rounded() || def < 0 || def > hi {
                    problems.append("\(plabel) default \(def) is not a choice index (0 to \(Int(hi)))")
                }
            case .bool:
                lo = 0; hi = 1
                if def != 0 && def != 1 { problems.append("\(plabel) default \(def) is not 0 or 1") }
            case .int, .double:
                guard lo.isFinite, hi.isFinite, def.isFinite else {
                    problems.append("\(plabel) range [\(lo), \(hi)] or default \(def) is not finite")
                    continue
                }
                if lo > hi { problems.append("\(plabel) min \(lo) is greater than max \(hi)") }
                if def < lo || def > hi { problems.append("\(plabel) default \(def) is outside [\(lo), \(hi)]") }
                if type == .int && (def != def.rounded() || lo != lo.rounded() || hi != hi.rounded()) {
                    problems.append("\(plabel) is an int but its range or default is not whole")
                }
            }
            result.append(EffectParameter(id: id, name: name, type: type, unit: unit, minimum: lo, maximum: hi,
                                          defaultValue: def, choices: choices))
        }
        return result
    }

    /// Checks that the interface for `kind` has its required functions and a plausible size.
    private static func checkInterface(kind: EffectKind, _ raw: UnsafeRawPointer, label: String, problems: inout [String]) {
        switch kind {
        case .animator:
            let i = raw.assumingMemoryBound(to: th_animator_interface.self).pointee
            if i.struct_size < FrozenABI.animatorInterface {
                problems.append("\(label) animator interface struct_size is \(i.struct_size); 1.0's is \(FrozenABI.animatorInterface)")
                return
            }
            for (present, field) in [(i.create != nil, "create"), (i.destroy != nil, "destroy"),
                                     (i.transition_duration != nil, "transition_duration"),
                                     (i.animate_transition != nil, "animate_transition")] where !present {
                problems.append("\(label) animator interface has no \(field) (required)")
            }
        case .presentationController:
            let i = raw.assumingMemoryBound(to: th_presentation_interface.self).pointee
            if i.struct_size < FrozenABI.presentationInterface {
                problems.append("\(label) presentation interface struct_size is \(i.struct_size); 1.0's is \(FrozenABI.presentationInterface)")
                return
            }
            if i.create == nil { problems.append("\(label) presentation interface has no create (required)") }
            if i.destroy == nil { problems.append("\(label) presentation interface has no destroy (required)") }
        case .transitioningDelegate:
            let i = raw.assumingMemoryBound(to: th_delegate_interface.self).pointee
            if i.struct_size < FrozenABI.delegateInterface {
                problems.append("\(label) delegate interface struct_size is \(i.struct_size); 1.0's is \(FrozenABI.delegateInterface)")
            }
        case .interactionController:
            break  // Its interface arrives as an extension; ABI 1.0 only lists it.
        }
    }
}
