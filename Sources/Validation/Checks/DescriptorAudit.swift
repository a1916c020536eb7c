import CTransitionABI
import PluginHost
import TransitionCore

/// The descriptor rules of transition_host.h, checked on the plugin's raw C structs rather
/// than through the loader, which refuses a plugin at its first bad descriptor: here every
/// finding is kept and filed under the rule it breaks, so that each descriptors.* test
/// reports exactly its own. The rules themselves are the loader's (DescriptorReader), so
/// `host validate` and the loader never judge a descriptor differently.
struct DescriptorAudit {
    typealias Rule = ConformanceTest.DescriptorRule

    private(set) var findings = DescriptorFindings()

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
        let fields = DescriptorReader.entryFields(e, findings: &audit.findings)
        guard let count = e.effect_count, let get = e.get_effect, e.`init` != nil else { return .success(audit) }

        ChildProgress.step("init")
        let pluginID = fields?.id ?? path
        guard PluginInspection.initialize(entry, pluginID: pluginID) else {
            return .failure(.fail("init returned false: the plugin declined to start, so no descriptor can be read"))
        }
        ChildProgress.step("effect_count")
        let n = count()
        if n > DescriptorReader.maxEffects {
            audit.findings.fail(.structure, "effect_count() returned \(n); at most \(DescriptorReader.maxEffects)")
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
        // The header's totals, with the loader's own check: a plugin far over them is not
        // audited item by item.
        var budget = DescriptorBudget()
        for case let d? in descriptors { budget.count(effect: d) }
        if let curves { budget.count(curves: curves) }
        if let problem = budget.problem {
            audit.findings.fail(.structure, "the plugin \(problem); \(DescriptorBudget.fix)")
            return .success(audit)
        }
        _ = DescriptorReader.effects(count: n, pluginID: pluginID, findings: &audit.findings) { descriptors[Int($0)] }
        if let curves { _ = DescriptorReader.curves(curves, findings: &audit.findings) }
        return .success(audit)
    }

    /// The verdict of one rule.
    func verdict(_ rule: Rule) -> Verdict {
        let mine = findings.findings(for: rule)
        let f = findings
        let read = "\(f.effects) effect(s), \(f.parameters) parameter(s), \(f.choices) enum choice(s), \(f.curves) curve(s)"
        let passing: String
        switch rule {
        case .ids: passing = "every id is well formed ([a-z][a-z0-9_-]*, at most 63 bytes) and unique where it must be: \(read)"
        case .names: passing = "every name the host shows is present: \(read)"
        case .parameterDefaults: passing = "every range is finite and holds its default: \(f.parameters) parameter(s)"
        case .enumDefaults: passing = "every enum has 1 to 64 choices and defaults to one of them: \(f.choices) choice(s)"
        case .structure: passing = "struct sizes, kinds, transition masks, durations and interfaces as ABI \(TH_ABI_MAJOR).0 requires: \(f.effects) effect(s)"
        }
        return Verdict.from(problems: mine.filter { !$0.isWarning }.map(\.message),
                            warnings: mine.filter(\.isWarning).map(\.message), passing: passing)
    }
}
