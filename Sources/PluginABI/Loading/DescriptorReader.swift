import CTransitionABI
import TransitionCore

import LibC

/// Turns a plugin's C descriptors into Swift values, checking every rule the header states:
/// the one statement of those rules, used by the loader and by `host validate` alike (see
/// DescriptorFindings). Every finding is collected, so that one run tells an author
/// everything to fix.
public enum DescriptorReader {
    // The header's per-item limits (TH_MAX_*); the totals are DescriptorBudget's.
    public static let maxEffects = UInt32(TH_MAX_EFFECTS)
    package static let maxParameters = UInt32(TH_MAX_PARAMS)
    package static let maxChoices = UInt32(TH_MAX_CHOICES)
    static let maxIdentifierBytes = Int(TH_MAX_ID_BYTES)
    package static let maxTextBytes = Int(TH_MAX_TEXT_BYTES)

    /// Why a C string was refused.
    package struct TextProblem: Error { let why: String }

    /// Reads a C string of at most `limit` bytes: nil for NULL; a failure when longer or not
    /// UTF-8. Never reads past `limit` + 1 bytes.
    package static func string(_ p: UnsafePointer<CChar>?, limit: Int = maxTextBytes) -> Result<String?, TextProblem> {
        guard let p else { return .success(nil) }
        let length = strnlen(p, limit + 1)
        guard length <= limit else { return .failure(TextProblem(why: "longer than \(limit) bytes")) }
        let buffer = UnsafeRawBufferPointer(start: p, count: length)
        guard let s = String(validating: buffer, as: UTF8.self) else { return .failure(TextProblem(why: "not valid UTF-8")) }
        return .success(s)
    }

    /// True for ids of the form [a-z][a-z0-9_-]* (plus '.' when `allowDots`).
    package static func isIdentifier(_ s: String, allowDots: Bool = false) -> Bool {
        guard let first = s.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first),
              s.utf8.count <= maxIdentifierBytes
        else { return false }
        // Over the contiguous bytes: through the generic UTF-8 view, reading the registry
        // cache of 500 plugins spent 0.4 M instructions here.
        var text = s
        return text.withUTF8 { bytes in
            bytes.allSatisfy { c in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
                    || c == UInt8(ascii: "_") || c == UInt8(ascii: "-") || (allowDots && c == UInt8(ascii: "."))
            }
        }
    }

    /// What an id must look like, said in each finding about one.
    static func idShape(allowDots: Bool) -> String {
        "lower-case letters, digits, '_', '-'\(allowDots ? ", '.'" : ""); starting with a letter; at most \(maxIdentifierBytes) bytes"
    }

    /// A required identifier field (rule: ids).
    package static func identifier(_ p: UnsafePointer<CChar>?, field: String, allowDots: Bool = false,
                           findings: inout DescriptorFindings) -> String? {
        switch string(p, limit: maxIdentifierBytes) {
        case .failure(let problem): findings.fail(.ids, "\(field) is \(problem.why)"); return nil
        case .success(nil): findings.fail(.ids, "\(field) is NULL"); return nil
        case .success(let s?):
            if s.isEmpty { findings.fail(.ids, "\(field) is empty"); return nil }
            guard isIdentifier(s, allowDots: allowDots) else {
                findings.fail(.ids, "\(field) '\(s)' is not well formed (\(idShape(allowDots: allowDots)))")
                return nil
            }
            return s
        }
    }

    /// A required or optional text field (rule: names).
    package static func text(_ p: UnsafePointer<CChar>?, field: String, required: Bool, findings: inout DescriptorFindings) -> String {
        switch string(p) {
        case .failure(let problem): findings.fail(.names, "\(field) is \(problem.why)"); return ""
        case .success(nil):
            if required { findings.fail(.names, "\(field) is NULL") }
            return ""
        case .success(let s?):
            if required && s.isEmpty { findings.fail(.names, "\(field) is empty") }
            return s
        }
    }

    /// The entry's own fields, as the loader reads them before calling anything.
    public struct EntryFields {
        public let id: String
        public let name: String
        public let version: String
        public let vendor: String
    }

    /// Checks the entry's strings and required functions; nil when the plugin cannot be used.
    public static func entryFields(_ e: th_plugin_entry, findings: inout DescriptorFindings) -> EntryFields? {
        let before = findings.problemCount
        let id = identifier(e.id, field: "plugin id", allowDots: true, findings: &findings)
        let name = text(e.name, field: "plugin name", required: true, findings: &findings)
        let version = text(e.version, field: "plugin version", required: true, findings: &findings)
        let vendor = text(e.vendor, field: "plugin vendor", required: false, findings: &findings)
        for (present, field) in [(e.`init` != nil, "init"), (e.effect_count != nil, "effect_count"),
                                 (e.get_effect != nil, "get_effect")] where !present {
            findings.fail(.structure, "the entry has no \(field) (required)")
        }
        guard findings.problemCount == before, let id else { return nil }
        return EntryFields(id: id, name: name, version: version, vendor: vendor)
    }

    /// Reads and checks `count` effect descriptors (count already checked against
    /// maxEffects), each from `descriptor(index)`, the plugin's get_effect: a NULL, a bad
    /// descriptor or an id declared twice is a finding. The effects that passed, in order.
    public static func effects(
        count: UInt32, pluginID: String, findings: inout DescriptorFindings,
        descriptor: (UInt32) -> UnsafePointer<th_effect_descriptor>?
    ) -> [(info: EffectInfo, interface: UnsafeRawPointer)] {
        var effects: [(info: EffectInfo, interface: UnsafeRawPointer)] = []
        var seen: [String: UInt32] = [:]
        for index in 0..<count {
            guard let d = descriptor(index) else {
                findings.fail(.structure, "get_effect(\(index)) returned NULL; it must return a descriptor for every index below effect_count()")
                continue
            }
            guard let (info, interface) = effect(d, index: index, pluginID: pluginID, findings: &findings) else { continue }
            if let first = seen[info.effectID] {
                findings.fail(.ids, "effect id '\(info.effectID)' is declared twice (effects #\(first) and #\(index))")
                continue
            }
            seen[info.effectID] = index
            effects.append((info, interface))
        }
        checkReducedVariants(effects, findings: &findings)
        return effects
    }

    /// Checks one effect descriptor and converts it. Returns nil when it cannot be used.
    package static func effect(
        _ d: UnsafePointer<th_effect_descriptor>, index: UInt32, pluginID: String, findings: inout DescriptorFindings
    ) -> (EffectInfo, UnsafeRawPointer)? {
        findings.effects += 1
        let before = findings.problemCount
        let size = d.pointee.struct_size
        guard size >= FrozenABI.effectDescriptor else {
            findings.fail(.structure, "effect #\(index): struct_size is \(size); a 1.0 descriptor is \(FrozenABI.effectDescriptor) bytes")
            return nil
        }
        let id = identifier(d.pointee.id, field: "effect #\(index) id", findings: &findings)
        let label = id.map { "effect '\($0)'" } ?? "effect #\(index)"
        let name = text(d.pointee.name, field: "\(label) name", required: true, findings: &findings)
        let summary = text(d.pointee.description, field: "\(label) description", required: false, findings: &findings)
        let kind = EffectKind(rawValue: d.pointee.kind)
        if kind == nil { findings.fail(.structure, "\(label) kind is \(d.pointee.kind); expected 1 to 4 (TH_KIND_*)") }
        let mask = d.pointee.transitions
        if mask == 0 || mask & ~TransitionSet.all.rawValue != 0 {
            findings.fail(.structure, "\(label) transitions mask is 0x\(String(mask, radix: 16)); expected a non-zero mask of TH_TRANSITION_* bits")
        }
        let duration = d.pointee.default_duration
        if !(duration.isFinite && duration >= 0 && duration <= 60) {
            findings.fail(.structure, "\(label) default_duration is \(duration); expected seconds in [0, 60]")
        }
        if d.pointee.interface == nil { findings.fail(.structure, "\(label) interface is NULL") }
        let parameters = self.parameters(count: d.pointee.param_count, list: d.pointee.params, label: label, findings: &findings)
        if let kind, let interface = d.pointee.interface {
            checkInterface(kind: kind, interface, label: label, findings: &findings)
        }
        // ABI 1.2's fields, only where the plugin's descriptor has them. Unknown flags are a
        // later version's: ignored.
        var cuts = false, startsNonInteractive = false
        var reducedMotion: String?
        if FrozenABI.has(size, field: \th_effect_descriptor.flags, of: UInt32.self) {
            cuts = d.pointee.flags & UInt32(TH_EFFECT_CUTS) != 0
            startsNonInteractive = d.pointee.flags & UInt32(TH_EFFECT_NON_INTERACTIVE_START) != 0
        }
        if FrozenABI.has(size, field: \th_effect_descriptor.reduced_motion, of: UnsafePointer<CChar>?.self), d.pointee.reduced_motion != nil {
            reducedMotion = identifier(d.pointee.reduced_motion, field: "\(label) reduced_motion", findings: &findings)
        }
        guard findings.problemCount == before, let id, let kind, let interface = d.pointee.interface else { return nil }
        return (EffectInfo(
            pluginID: pluginID, effectID: id, displayName: name, summary: summary, kind: kind,
            transitions: TransitionSet(rawValue: mask), defaultDuration: duration, parameters: parameters,
            cuts: cuts, reducedMotion: reducedMotion, startsNonInteractive: startsNonInteractive), interface)
    }

    /// Checks what the effects say of each other: a reduced_motion names another effect of the
    /// same kind in the same plugin. Those that do not are findings.
    static func checkReducedVariants(_ effects: [(info: EffectInfo, interface: UnsafeRawPointer)], findings: inout DescriptorFindings) {
        for (info, _) in effects {
            guard let variant = info.reducedMotion else { continue }
            let label = "effect '\(info.effectID)' reduced_motion"
            guard variant != info.effectID else {
                findings.fail(.ids, "\(label) names the effect itself; name a calmer effect of this plugin, or leave it NULL")
                continue
            }
            guard let other = effects.first(where: { $0.info.effectID == variant })?.info else {
                findings.fail(.ids, "\(label) names '\(variant)', which this plugin does not offer")
                continue
            }
            if other.kind != info.kind {
                findings.fail(.ids, "\(label) names '\(variant)', \(other.kind.withArticle); it must be \(info.kind.withArticle) as the effect is")
            }
        }
    }

    /// Checks and converts a list of parameter descriptors (an effect's or a curve's).
    package static func parameters(
        count: UInt32, list: UnsafePointer<th_param_descriptor>?, label: String, findings: inout DescriptorFindings
    ) -> [EffectParameter] {
        guard count <= maxParameters else {
            findings.fail(.structure, "\(label) declares \(count) parameters; at most \(maxParameters)")
            return []
        }
        guard count > 0 else { return [] }
        guard let params = list else {
            findings.fail(.structure, "\(label) declares \(count) parameters but params is NULL")
            return []
        }
        let stride: Int
        switch FrozenABI.stride(of: params, minimum: FrozenABI.paramDescriptor) {
        case .success(let size): stride = size
        case .failure(let fault):
            findings.fail(.structure, "\(label) parameters: \(fault); a 1.0 parameter descriptor is \(FrozenABI.paramDescriptor) bytes")
            return []
        }
        var result: [EffectParameter] = []
        var seen = Set<String>()
        for i in 0..<Int(count) {
            let p = FrozenABI.element(params, i, stride: stride)
            findings.parameters += 1
            guard p.pointee.struct_size == UInt32(stride) else {
                findings.fail(.structure, "\(label) parameter #\(i): struct_size is \(p.pointee.struct_size), parameter #0's \(stride)")
                continue
            }
            guard let id = identifier(p.pointee.id, field: "\(label) parameter #\(i) id", findings: &findings) else { continue }
            let plabel = "\(label) parameter '\(id)'"
            if !seen.insert(id).inserted { findings.fail(.ids, "\(plabel) is declared twice") }
            let name = text(p.pointee.name, field: "\(plabel) name", required: true, findings: &findings)
            let unit = text(p.pointee.unit, field: "\(plabel) unit", required: false, findings: &findings)
            guard let type = EffectParameter.ValueType(rawValue: p.pointee.type) else {
                findings.fail(.structure, "\(plabel) type is \(p.pointee.type); expected 0 to 3 (TH_PARAM_*)")
                continue
            }
            var lo = p.pointee.min_value, hi = p.pointee.max_value
            let def = p.pointee.default_value
            var choices: [String] = []
            switch type {
            case .choice:
                let n = p.pointee.choice_count
                guard n >= 1, n <= maxChoices, let list = p.pointee.choices else {
                    findings.fail(.enumDefaults, "\(plabel) is an enum with \(n) choices\(p.pointee.choices == nil ? " and choices NULL" : ""); expected 1 to \(maxChoices)")
                    continue
                }
                for c in 0..<Int(n) {
                    findings.choices += 1
                    guard let choice = identifier(list[c], field: "\(plabel) choice #\(c)", findings: &findings) else { continue }
                    if choices.contains(choice) {
                        findings.fail(.ids, "\(plabel) lists choice '\(choice)' twice; --param can only ever pick the first")
                    }
                    choices.append(choice)
                }
                lo = 0; hi = Double(n - 1)
                if !(def.isFinite && def == def.rounded() && def >= 0 && def <= hi) {
                    findings.fail(.enumDefaults, "\(plabel) default \(def) is not a choice index (0 to \(Int(hi)))")
                }
            case .bool:
                lo = 0; hi = 1
                if def != 0 && def != 1 { findings.fail(.parameterDefaults, "\(plabel) is a bool whose default \(def) is neither 0 nor 1") }
            case .int, .double:
                guard lo.isFinite, hi.isFinite, def.isFinite else {
                    findings.fail(.parameterDefaults, "\(plabel) range [\(lo), \(hi)] or default \(def) is not finite")
                    continue
                }
                if lo > hi { findings.fail(.parameterDefaults, "\(plabel) min \(lo) is greater than max \(hi)") }
                if def < lo || def > hi { findings.fail(.parameterDefaults, "\(plabel) default \(def) is outside its range [\(lo), \(hi)]") }
                if type == .int && (def != def.rounded() || lo != lo.rounded() || hi != hi.rounded()) {
                    findings.fail(.parameterDefaults, "\(plabel) is an int but its range [\(lo), \(hi)] or default \(def) is not whole")
                }
            }
            result.append(EffectParameter(id: id, name: name, type: type, unit: unit, minimum: lo, maximum: hi,
                                          defaultValue: def, choices: choices))
        }
        return result
    }

    /// One timing curve of a plugin's TH_EXT_TIMING_CURVES list that passed the descriptor
    /// rules; its signature is the caller's to check (CurveCall).
    public struct CurveItem {
        public let index: Int
        public let id: String
        public let name: String
        public let function: UnsafeRawPointer
        public let signature: UnsafePointer<CChar>?
        public let parameters: [EffectParameter]
    }

    /// Checks the list a plugin returned for TH_EXT_TIMING_CURVES: its shape, each curve's
    /// struct_size, id (unique), name, function and parameters. The curves that passed.
    public static func curves(_ raw: UnsafeRawPointer, findings: inout DescriptorFindings) -> [CurveItem] {
        let list = raw.assumingMemoryBound(to: th_timing_curves.self).pointee
        guard list.struct_size >= FrozenABI.timingCurves, list.count <= 256, list.count == 0 || list.items != nil else {
            findings.fail(.structure, "the timing-curve list is malformed (struct_size \(list.struct_size), count \(list.count))")
            return []
        }
        guard list.count > 0, let items = list.items else { return [] }
        let stride: Int
        switch FrozenABI.stride(of: items, minimum: FrozenABI.timingCurve) {
        case .success(let size): stride = size
        case .failure(let fault):
            findings.fail(.structure, "timing curves: \(fault); a 1.0 th_timing_curve is \(FrozenABI.timingCurve) bytes")
            return []
        }
        var result: [CurveItem] = []
        var seen = Set<String>()
        for i in 0..<Int(list.count) {
            let item = FrozenABI.element(items, i, stride: stride).pointee
            findings.curves += 1
            guard item.struct_size == UInt32(stride) else {
                findings.fail(.structure, "curve #\(i): struct_size is \(item.struct_size), curve #0's \(stride)")
                continue
            }
            guard let id = identifier(item.id, field: "curve #\(i) id", findings: &findings) else { continue }
            guard seen.insert(id).inserted else { findings.fail(.ids, "curve '\(id)' is declared twice"); continue }
            let before = findings.problemCount
            let name = text(item.name, field: "curve '\(id)' name", required: true, findings: &findings)
            let parameters = self.parameters(count: item.param_count, list: item.params, label: "curve '\(id)'", findings: &findings)
            guard let function = item.function.map({ unsafeBitCast($0, to: UnsafeRawPointer.self) }) else {
                findings.fail(.structure, "curve '\(id)': function is NULL")
                continue
            }
            guard findings.problemCount == before else { continue }
            result.append(CurveItem(index: i, id: id, name: name, function: function, signature: item.signature, parameters: parameters))
        }
        return result
    }

    /// Checks that the interface for `kind` has its required functions and a plausible size.
    private static func checkInterface(kind: EffectKind, _ raw: UnsafeRawPointer, label: String, findings: inout DescriptorFindings) {
        switch kind {
        case .animator:
            let i = raw.assumingMemoryBound(to: th_animator_interface.self)
            guard i.pointee.struct_size >= FrozenABI.animatorInterface else {
                return findings.fail(.structure, "\(label) animator interface struct_size is \(i.pointee.struct_size); 1.0's is \(FrozenABI.animatorInterface)")
            }
            for (present, field) in [(i.pointee.create != nil, "create"), (i.pointee.destroy != nil, "destroy"),
                                     (i.pointee.transition_duration != nil, "transition_duration"),
                                     (i.pointee.animate_transition != nil, "animate_transition")] where !present {
                findings.fail(.structure, "\(label) animator interface has no \(field) (required)")
            }
        case .presentationController:
            let i = raw.assumingMemoryBound(to: th_presentation_interface.self)
            guard i.pointee.struct_size >= FrozenABI.presentationInterface else {
                return findings.fail(.structure, "\(label) presentation interface struct_size is \(i.pointee.struct_size); 1.0's is \(FrozenABI.presentationInterface)")
            }
            if i.pointee.create == nil { findings.fail(.structure, "\(label) presentation interface has no create (required)") }
            if i.pointee.destroy == nil { findings.fail(.structure, "\(label) presentation interface has no destroy (required)") }
        case .transitioningDelegate:
            let i = raw.assumingMemoryBound(to: th_delegate_interface.self)
            if i.pointee.struct_size < FrozenABI.delegateInterface {
                findings.fail(.structure, "\(label) delegate interface struct_size is \(i.pointee.struct_size); 1.0's is \(FrozenABI.delegateInterface)")
            }
        case .interactionController:
            // New in ABI 1.1: its smallest size is 1.1's.
            let i = raw.assumingMemoryBound(to: th_interaction_interface.self)
            guard i.pointee.struct_size >= FrozenABI.interactionInterface else {
                return findings.fail(.structure, "\(label) interaction interface struct_size is \(i.pointee.struct_size); 1.1's is \(FrozenABI.interactionInterface)")
            }
            for (present, field) in [(i.pointee.create != nil, "create"), (i.pointee.destroy != nil, "destroy"),
                                     (i.pointee.start_interactive_transition != nil, "start_interactive_transition")] where !present {
                findings.fail(.structure, "\(label) interaction interface has no \(field) (required)")
            }
        }
    }
}
