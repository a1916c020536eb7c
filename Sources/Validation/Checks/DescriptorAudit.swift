import CTransitionABI
import PluginHost
import TransitionCore

/// The descriptor rules of transition_host.h, checked on the plugin's raw C structs rather
/// than through the loader, which refuses a plugin at its first bad descriptor: here every
/// finding is kept and filed under the rule it breaks, so that each descriptors.* test
/// reports exactly its own.
struct DescriptorAudit {
    typealias Rule = ConformanceTest.DescriptorRule

    struct Finding {
        let rule: Rule
        let isWarning: Bool
        let message: String
    }

    private(set) var findings: [Finding] = []
    /// What was read, for the passing message of each rule.
    private(set) var counts = (effects: 0, parameters: 0, choices: 0, curves: 0)

    private mutating func fail(_ rule: Rule, _ message: String) { findings.append(Finding(rule: rule, isWarning: false, message: message)) }
    private mutating func warn(_ rule: Rule, _ message: String) { findings.append(Finding(rule: rule, isWarning: true, message: message)) }

    /// Opens, initialises and reads the plugin at `path`. A failure before any descriptor
    /// could be read is returned as the verdict every rule shares.
    static func run(path: String) -> Result<DescriptorAudit, Verdict> {
        ChildProgress.step("opening \(path)")
        let form: PluginInspection.EntryForm
        switch PluginInspection.entryForm(path: path) {
        case .failure(let f): return .failure(.skip("no entry to read descriptors from (\(f.reason)); see load.entry"))
        case .success(let found): form = found
        }
        let handle: UnsafeMutableRawPointer
        switch PluginInspection.link(path: path) {
        case .failure(let f): return .failure(.skip("cannot be loaded (\(f.reason)); see load.immediate-binding"))
        case .success(let h): handle = h
        }
        let entry: UnsafePointer<th_plugin_entry>
        switch PluginInspection.entry(in: handle, form: form, path: path) {
        case .failure(let f): return .failure(.skip("no entry (\(f.reason)); see load.entry"))
        case .success(let e): entry = e
        }
        guard Int32(entry.pointee.abi_major) == TH_ABI_MAJOR,
              entry.pointee.struct_size >= FrozenABI.pluginEntry
        else { return .failure(.skip("the entry is not an ABI \(TH_ABI_MAJOR) entry; see load.abi-version")) }

        var audit = DescriptorAudit()
        let e = entry.pointee
        let pluginID = audit.identifier(e.id, "plugin id", allowDots: true)
        audit.text(e.name, "plugin name", required: true)
        audit.text(e.version, "plugin version", required: true)
        audit.text(e.vendor, "plugin vendor", required: false)
        for (present, field) in [(e.`init` != nil, "init"), (e.effect_count != nil, "effect_count"), (e.get_effect != nil, "get_effect")]
        where !present {
            audit.fail(.structure, "the entry has no \(field) (required)")
        }
        guard let count = e.effect_count, let get = e.get_effect, e.`init` != nil else { return .success(audit) }

        ChildProgress.step("init")
        guard PluginInspection.initialize(entry, pluginID: pluginID ?? path) else {
            return .failure(.fail("init returned false: the plugin declined to start, so no descriptor can be read"))
        }
        ChildProgress.step("effect_count")
        let n = count()
        if n > UInt32(PluginInspection.maxEffects) {
            audit.fail(.structure, "effect_count() returned \(n); at most \(PluginInspection.maxEffects)")
            return .success(audit)
        }
        var descriptors: [UnsafePointer<th_effect_descriptor>?] = []
        for i in 0..<n {
            ChildProgress.step("get_effect(\(i))")
            descriptors.append(get(i))
        }
        var curves: UnsafeRawPointer?
        if let getExtension = e.get_extension {
            ChildProgress.step("get_extension(\"\(TH_EXT_TIMING_CURVES)\")")
            curves = getExtension(TH_EXT_TIMING_CURVES)
        }
        // The header's totals, with the loader's own check: the two never disagree, and a
        // plugin far over them is not audited item by item.
        var budget = DescriptorBudget()
        for case let d? in descriptors { budget.count(effect: d) }
        if let curves { budget.count(curves: curves) }
        if let problem = budget.problem {
            audit.fail(.structure, "the plugin \(problem); \(DescriptorBudget.fix)")
            return .success(audit)
        }
        var effectIDs: [String: Int] = [:]
        for (i, descriptor) in descriptors.enumerated() {
            guard let d = descriptor else {
                audit.fail(.structure, "get_effect(\(i)) returned NULL; it must return a descriptor for every index below effect_count()")
                continue
            }
            audit.effect(d, index: i, seen: &effectIDs)
        }
        if let curves { audit.curves(curves.assumingMemoryBound(to: th_timing_curves.self)) }
        return .success(audit)
    }

    /// The verdict of one rule.
    func verdict(_ rule: Rule) -> Verdict {
        let mine = findings.filter { $0.rule == rule }
        let read = "\(counts.effects) effect(s), \(counts.parameters) parameter(s), \(counts.choices) enum choice(s), \(counts.curves) curve(s)"
        let passing: String
        switch rule {
        case .ids: passing = "every id is well formed ([a-z][a-z0-9_-]*, at most 63 bytes) and unique where it must be: \(read)"
        case .names: passing = "every name the host shows is present: \(read)"
        case .parameterDefaults: passing = "every range is finite and holds its default: \(counts.parameters) parameter(s)"
        case .enumDefaults: passing = "every enum has 1 to 64 choices and defaults to one of them: \(counts.choices) choice(s)"
        case .structure: passing = "struct sizes, kinds, transition masks, durations and interfaces as ABI \(TH_ABI_MAJOR).0 requires: \(counts.effects) effect(s)"
        }
        return Verdict.from(problems: mine.filter { !$0.isWarning }.map(\.message),
                            warnings: mine.filter(\.isWarning).map(\.message), passing: passing)
    }

    // MARK: Fields

    @discardableResult
    private mutating func identifier(_ p: UnsafePointer<CChar>?, _ field: String, allowDots: Bool = false) -> String? {
        switch PluginInspection.text(p, limit: 63) {
        case .failure(let f): fail(.ids, "\(field) is \(f.reason)"); return nil
        case .success(nil): fail(.ids, "\(field) is NULL"); return nil
        case .success(let s?):
            guard PluginInspection.isWellFormedID(s, allowDots: allowDots) else {
                fail(.ids, "\(field) '\(s)' is not well formed: lower-case letters, digits, '_', '-'\(allowDots ? ", '.'" : ""), starting with a letter")
                return nil
            }
            return s
        }
    }

    private mutating func text(_ p: UnsafePointer<CChar>?, _ field: String, required: Bool) {
        switch PluginInspection.text(p) {
        case .failure(let f): fail(.names, "\(field) is \(f.reason)")
        case .success(nil): if required { fail(.names, "\(field) is NULL") }
        case .success(let s?): if required && s.isEmpty { fail(.names, "\(field) is empty") }
        }
    }

    private mutating func effect(_ d: UnsafePointer<th_effect_descriptor>, index: Int, seen: inout [String: Int]) {
        counts.effects += 1
        let size = d.pointee.struct_size
        guard size >= FrozenABI.effectDescriptor else {
            fail(.structure, "effect #\(index): struct_size is \(size); a 1.0 descriptor is \(FrozenABI.effectDescriptor) bytes")
            return
        }
        let id = identifier(d.pointee.id, "effect #\(index) id")
        let label = id.map { "effect '\($0)'" } ?? "effect #\(index)"
        if let id {
            if let first = seen[id] { fail(.ids, "effect id '\(id)' is used by effects #\(first) and #\(index)") } else { seen[id] = index }
        }
        text(d.pointee.name, "\(label) name", required: true)
        text(d.pointee.description, "\(label) description", required: false)
        let kind = EffectKind(rawValue: d.pointee.kind)
        if kind == nil { fail(.structure, "\(label) kind is \(d.pointee.kind); expected 1 to 4 (TH_KIND_*)") }
        let mask = d.pointee.transitions
        if mask == 0 || mask & ~TransitionSet.all.rawValue != 0 {
            fail(.structure, "\(label) transitions mask is 0x\(String(mask, radix: 16)); expected a non-zero mask of TH_TRANSITION_* bits")
        }
        let duration = d.pointee.default_duration
        if !(duration.isFinite && duration >= 0 && duration <= 60) {
            fail(.structure, "\(label) default_duration is \(duration); expected seconds in [0, 60]")
        }
        if let kind, let interface = d.pointee.interface {
            checkInterface(kind, interface, label)
        } else if d.pointee.interface == nil {
            fail(.structure, "\(label) interface is NULL")
        }
        parameters(count: d.pointee.param_count, list: d.pointee.params, label: label)
    }

    private mutating func checkInterface(_ kind: EffectKind, _ raw: UnsafeRawPointer, _ label: String) {
        switch kind {
        case .animator:
            let i = raw.assumingMemoryBound(to: th_animator_interface.self).pointee
            guard i.struct_size >= FrozenABI.animatorInterface else {
                return fail(.structure, "\(label) animator interface struct_size is \(i.struct_size); 1.0's is \(FrozenABI.animatorInterface)")
            }
            for (present, field) in [(i.create != nil, "create"), (i.destroy != nil, "destroy"),
                                     (i.transition_duration != nil, "transition_duration"),
                                     (i.animate_transition != nil, "animate_transition")] where !present {
                fail(.structure, "\(label) animator interface has no \(field) (required)")
            }
        case .presentationController:
            let i = raw.assumingMemoryBound(to: th_presentation_interface.self).pointee
            guard i.struct_size >= FrozenABI.presentationInterface else {
                return fail(.structure, "\(label) presentation interface struct_size is \(i.struct_size); 1.0's is \(FrozenABI.presentationInterface)")
            }
            if i.create == nil { fail(.structure, "\(label) presentation interface has no create (required)") }
            if i.destroy == nil { fail(.structure, "\(label) presentation interface has no destroy (required)") }
        case .transitioningDelegate:
            let i = raw.assumingMemoryBound(to: th_delegate_interface.self).pointee
            if i.struct_size < FrozenABI.delegateInterface {
                fail(.structure, "\(label) delegate interface struct_size is \(i.struct_size); 1.0's is \(FrozenABI.delegateInterface)")
            }
        case .interactionController:
            warn(.structure, "\(label) is an interaction controller, which ABI 1.0 only lists: the host will not use it")
        }
    }

    private mutating func parameters(count: UInt32, list: UnsafePointer<th_param_descriptor>?, label: String) {
        guard count <= UInt32(PluginInspection.maxParameters) else {
            return fail(.structure, "\(label) declares \(count) parameters; at most \(PluginInspection.maxParameters)")
        }
        guard count > 0 else { return }
        guard let list else { return fail(.structure, "\(label) declares \(count) parameters but params is NULL") }
        let stride: Int
        switch FrozenABI.stride(of: list, minimum: FrozenABI.paramDescriptor) {
        case .success(let size): stride = size
        case .failure(let fault):
            return fail(.structure, "\(label) parameters: \(fault); 1.0's is \(FrozenABI.paramDescriptor)")
        }
        var seen = Set<String>()
        for i in 0..<Int(count) {
            let p = FrozenABI.element(list, i, stride: stride).pointee
            counts.parameters += 1
            guard p.struct_size == UInt32(stride) else {
                fail(.structure, "\(label) parameter #\(i): struct_size is \(p.struct_size), parameter #0's \(stride)")
                continue
            }
            let id = identifier(p.id, "\(label) parameter #\(i) id")
            let plabel = id.map { "\(label) parameter '\($0)'" } ?? "\(label) parameter #\(i)"
            if let id, !seen.insert(id).inserted { fail(.ids, "\(plabel) is declared twice") }
            text(p.name, "\(plabel) name", required: true)
            text(p.unit, "\(plabel) unit", required: false)
            guard let type = EffectParameter.ValueType(rawValue: p.type) else {
                fail(.structure, "\(plabel) type is \(p.type); expected 0 to 3 (TH_PARAM_*)")
                continue
            }
            let lo = p.min_value, hi = p.max_value, def = p.default_value
            switch type {
            case .choice:
                let n = p.choice_count
                guard n >= 1, n <= UInt32(PluginInspection.maxChoices), let choices = p.choices else {
                    fail(.enumDefaults, "\(plabel) is an enum with \(n) choices\(p.choices == nil ? " and choices NULL" : ""); expected 1 to \(PluginInspection.maxChoices)")
                    continue
                }
                var names = Set<String>()
                for c in 0..<Int(n) {
                    counts.choices += 1
                    if let name = identifier(choices[c], "\(plabel) choice #\(c)"), !names.insert(name).inserted {
                        fail(.ids, "\(plabel) lists choice '\(name)' twice; --param can only ever pick the first")
                    }
                }
                if !(def.isFinite && def == def.rounded() && def >= 0 && def < Double(n)) {
                    fail(.enumDefaults, "\(plabel) default \(def) is not the index of one of its \(n) choices (0 to \(n - 1))")
                }
            case .bool:
                if def != 0 && def != 1 { fail(.parameterDefaults, "\(plabel) is a bool whose default \(def) is neither 0 nor 1") }
            case .int, .double:
                guard lo.isFinite, hi.isFinite, def.isFinite else {
                    fail(.parameterDefaults, "\(plabel) range [\(lo), \(hi)] or default \(def) is not finite")
                    continue
                }
                if lo > hi { fail(.parameterDefaults, "\(plabel) min \(lo) is greater than max \(hi)") }
                if def < lo || def > hi { fail(.parameterDefaults, "\(plabel) default \(def) is outside its range [\(lo), \(hi)]") }
                if type == .int && (def != def.rounded() || lo != lo.rounded() || hi != hi.rounded()) {
                    fail(.parameterDefaults, "\(plabel) is an int but its range [\(lo), \(hi)] or default \(def) is not whole")
                }
            }
        }
    }

    private mutating func curves(_ list: UnsafePointer<th_timing_curves>) {
        let l = list.pointee
        guard l.struct_size >= FrozenABI.timingCurves, l.count <= 256, l.count == 0 || l.items != nil else {
            return fail(.structure, "the timing-curve list is malformed (struct_size \(l.struct_size), count \(l.count))")
        }
        guard l.count > 0, let items = l.items else { return }
        let stride: Int
        switch FrozenABI.stride(of: items, minimum: FrozenABI.timingCurve) {
        case .success(let size): stride = size
        case .failure(let fault): return fail(.structure, "timing curves: \(fault); 1.0's is \(FrozenABI.timingCurve)")
        }
        var seen = Set<String>()
        for i in 0..<Int(l.count) {
            let c = FrozenABI.element(items, i, stride: stride).pointee
            counts.curves += 1
            guard c.struct_size == UInt32(stride) else {
                fail(.structure, "curve #\(i): struct_size is \(c.struct_size), curve #0's \(stride)")
                continue
            }
            let id = identifier(c.id, "curve #\(i) id")
            let label = id.map { "curve '\($0)'" } ?? "curve #\(i)"
            if let id, !seen.insert(id).inserted { fail(.ids, "\(label) is declared twice") }
            text(c.name, "\(label) name", required: true)
            if c.function == nil { fail(.structure, "\(label) function is NULL") }
            parameters(count: c.param_count, list: c.params, label: label)
        }
    }
}
