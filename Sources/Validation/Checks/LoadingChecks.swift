import CTransitionABI
import PluginHost
import TransitionCore

import LibC

/// The loading tests: each step of the host's loader on its own, then the whole load, its
/// time and the plugin's answer to an extension id nobody defines.
enum LoadingChecks {
    /// A load taking more CPU than this is reported (warn); more than `scanFailSeconds`, it fails:
    /// every `host` command pays it, at every start.
    static let scanWarnSeconds = 0.1
    static let scanFailSeconds = 0.5
    /// Wall-time limits, generous: wall time also counts what else the machine is doing, so
    /// the budget above is checked on the CPU time the load took, and wall time only catches
    /// a plugin that sleeps or blocks while loading.
    static let scanWarnWallSeconds = 0.5
    static let scanFailWallSeconds = 2.0

    /// Ids a plugin cannot know, so get_extension must answer NULL: one made up, and a real
    /// one at a revision that does not exist (a plugin must compare the whole id).
    static let unknownExtensionIDs = ["th.validate.no-such-extension/1", "\(TH_EXT_TIMING_CURVES.dropLast())999"]

    static func run(_ check: ConformanceTest.LoadCheck, path: String) -> (Verdict, PluginInventory?) {
        switch check {
        case .entry: return (entry(path), nil)
        case .abiVersion: return (abiVersion(path), nil)
        case .immediateBinding: return (immediateBinding(path), nil)
        case .accepted: return accepted(path)
        case .scanTime: return (scanTime(path), nil)
        case .unknownExtension: return (unknownExtension(path), nil)
        }
    }

    static func entry(_ path: String) -> Verdict {
        ChildProgress.step("reading the ELF symbol table of \(path)")
        switch PluginInspection.entryForm(path: path) {
        case .failure(let failure): return .fail(failure.message)
        case .success(let form):
            return .pass(form.isDataSymbol
                ? "exports the data symbol \(TH_ENTRY_SYMBOL) (the preferred form: its version is read before any code runs)"
                : "exports the function \(TH_ENTRY_FUNCTION_SYMBOL)()")
        }
    }

    static func abiVersion(_ path: String) -> Verdict {
        let form: PluginInspection.EntryForm
        switch PluginInspection.entryForm(path: path) {
        case .failure(let failure): return .fail("no entry to read a version from: \(failure.message)")
        case .success(let f): form = f
        }
        let version: PluginInspection.EntryVersion
        if let v = form.fileVersion {
            version = v
        } else {
            // A function entry: its version is only known by calling it, which only loading allows.
            ChildProgress.step("loading \(path) to call \(TH_ENTRY_FUNCTION_SYMBOL)")
            let handle: UnsafeMutableRawPointer
            switch PluginInspection.link(path: path) {
            case .failure(let failure): return .fail("cannot load it to call \(TH_ENTRY_FUNCTION_SYMBOL): \(failure.message)")
            case .success(let h): handle = h
            }
            switch PluginInspection.entry(in: handle, form: form, path: path) {
            case .failure(let failure): return .fail(failure.message)
            case .success(let e):
                version = .init(structSize: e.pointee.struct_size, major: e.pointee.abi_major, minor: e.pointee.abi_minor)
            }
        }
        return judge(version)
    }

    /// The versioning policy (docs/versioning.md): the major must be this host's; a newer
    /// minor loads, but anything the plugin relies on from it is missing here.
    static func judge(_ v: PluginInspection.EntryVersion) -> Verdict {
        let host = "\(TH_ABI_MAJOR).\(TH_ABI_MINOR)"
        let entrySize = FrozenABI.pluginEntry
        guard Int32(v.major) == TH_ABI_MAJOR else {
            return .fail("built for ABI \(v.major).\(v.minor); this host speaks ABI \(host) and refuses another major")
        }
        guard v.structSize >= entrySize else {
            return .fail("th_plugin_entry.struct_size is \(v.structSize); ABI \(TH_ABI_MAJOR).0's entry is \(entrySize) bytes (set it to sizeof(th_plugin_entry))")
        }
        if Int32(v.minor) > TH_ABI_MINOR {
            return .warn("built against ABI \(v.major).\(v.minor), newer than this host's \(host): it loads, but what \(v.major).\(v.minor) added is missing here")
        }
        return .pass("ABI \(v.major).\(v.minor) (this host: \(host)); entry of \(v.structSize) bytes")
    }

    static func immediateBinding(_ path: String) -> Verdict {
        // The host never loads a plugin whose file says it is for another major; neither do we.
        if case .success(let form) = PluginInspection.entryForm(path: path), let v = form.fileVersion, Int32(v.major) != TH_ABI_MAJOR {
            return .skip("built for ABI \(v.major).\(v.minor): the host does not load it; see load.abi-version")
        }
        ChildProgress.step("dlopen(RTLD_NOW) of \(path)")
        switch PluginInspection.link(path: path) {
        case .failure(let failure): return .fail(failure.message)
        case .success: return .pass("dlopen with RTLD_NOW resolves every symbol it needs")
        }
    }

    static func accepted(_ path: String) -> (Verdict, PluginInventory?) {
        ChildProgress.step("loading \(path) as the host does")
        let catalog = PluginCatalog.load(file: path)
        guard let record = catalog.records.first else { return (.fail("nothing was loaded"), nil) }
        switch record.status {
        case .problem(.failed(let failure)): return (.fail("the host refuses it: \(failure.message)"), nil)
        case .problem(.shadowed), .problem(.skipped): return (.fail("not loaded"), nil)
        case .loaded(let plugin):
            let effects = plugin.effects.map { e in
                PluginInventory.Effect(id: e.info.effectID, kind: e.info.kind, transitions: e.info.transitions,
                                       parameterCount: e.info.parameters.count, reducedMotion: e.info.reducedMotion)
            }
            let curves = (plugin.curves.compactMap { $0 as? PluginCurve } + plugin.refusedCurves)
                .map { String($0.name.dropFirst(plugin.id.count + 1)) }
            let inventory = PluginInventory(pluginID: plugin.id, effects: effects, curves: curves)
            let what = "plugin '\(plugin.id)' \(plugin.version): \(effects.count) effect(s)"
                + (effects.isEmpty ? "" : " (\(plugin.effects.map { "\($0.info.effectID): \($0.info.kind.name)" }.joined(separator: ", ")))")
                + ", \(plugin.curves.count) curve(s)"
            if !plugin.warnings.isEmpty { return (.warn("\(what); \(plugin.warnings.joined(separator: "; "))"), inventory) }
            return (.pass(what), inventory)
        }
    }

    static func scanTime(_ path: String) -> Verdict {
        ChildProgress.step("timing the load of \(path)")
        let start = monotonicSeconds(), cpuStart = processCPUSeconds()
        let catalog = PluginCatalog.load(file: path)
        let seconds = monotonicSeconds() - start, cpu = processCPUSeconds() - cpuStart
        let figure = "\(milliseconds(cpu)) ms of CPU (\(milliseconds(seconds)) ms of wall time) to load, initialise and check"
            + " (budget: \(milliseconds(scanWarnSeconds)) ms of CPU)"
        if case .problem(.failed(let failure))? = catalog.records.first?.status {
            return .skip("the host refuses the plugin (\(failure.reason)); see load.accepted")
        }
        if cpu > scanFailSeconds || seconds > scanFailWallSeconds {
            return .fail("\(figure); every host start pays it — move work out of init")
        }
        if cpu > scanWarnSeconds || seconds > scanWarnWallSeconds { return .warn(figure) }
        return .pass(figure)
    }

    static func unknownExtension(_ path: String) -> Verdict {
        ChildProgress.step("loading \(path)")
        guard case .loaded(let plugin)? = PluginCatalog.load(file: path).records.first?.status else {
            return .skip("the host refuses the plugin; see load.accepted")
        }
        var answered: [String] = []
        for id in unknownExtensionIDs {
            ChildProgress.step("get_extension(\"\(id)\")")
            if PluginInspection.extensionOffered(by: plugin, id: id) != nil { answered.append(id) }
        }
        guard answered.isEmpty else {
            return .fail("get_extension returned a pointer for \(answered.map { "\"\($0)\"" }.joined(separator: " and ")), which it cannot know: return NULL for every id you do not implement, comparing the whole id with strcmp")
        }
        return .pass("get_extension answers NULL for ids it does not offer (\(unknownExtensionIDs.joined(separator: ", ")))")
    }
}

/// CPU time this process has used, in seconds: unlike wall time, it does not grow when other
/// work shares the machine.
func processCPUSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

func milliseconds(_ seconds: Double) -> String {
    let ms = (seconds * 10_000).rounded() / 10
    return ms == ms.rounded() ? String(Int(ms)) : String(ms)
}
