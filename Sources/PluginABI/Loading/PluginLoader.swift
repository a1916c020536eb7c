import CTransitionABI
import TransitionCore

import LibC

/// Why a file could not be used as a plugin: what is wrong and how to fix it.
public struct PluginLoadFailure: Error, Equatable, Sendable {
    /// Refused by a check (the usual case), took the plugin scanner down, or refused before
    /// any check because others could have written it.
    public enum Kind: String, Sendable { case refused, crashed, hung, untrusted }

    public let reason: String
    public let fix: String
    public var kind: Kind = .refused

    public var message: String { fix.isEmpty ? reason : "\(reason) (fix: \(fix))" }

    package init(reason: String, fix: String, kind: Kind = .refused) {
        self.reason = reason
        self.fix = fix
        self.kind = kind
    }
}

/// A plugin that loaded, passed its checks and was initialised. It stays loaded for the life
/// of the process: plugins are never unloaded while anything might still call into them, and
/// a library containing Swift code must never be dlclose'd at all.
public final class LoadedPlugin {
    public let path: String
    public let id: String
    public let name: String
    public let version: String
    public let vendor: String
    public let abiMajor: Int
    public let abiMinor: Int
    public private(set) var effects: [PluginEffect] = []
    /// Easing curves the plugin exports (TH_EXT_TIMING_CURVES) that passed their checks.
    public private(set) var curves: [CurveProvider] = []
    /// What was refused without refusing the plugin: curves that failed their samples.
    public private(set) var warnings: [String] = []
    /// The curves behind those warnings: never registered, kept so that `host validate` can
    /// show where they fail.
    public private(set) var refusedCurves: [PluginCurve] = []
    package let entry: UnsafePointer<th_plugin_entry>
    /// The runtime the plugin was loaded into: every call into it binds this runtime, so what
    /// it calls back reaches the scene, trace and handles of the runs that runtime serves.
    public let runtime: HostRuntime
    private var deinitialized = false

    package init(path: String, entry: UnsafePointer<th_plugin_entry>, runtime: HostRuntime, id: String, name: String, version: String, vendor: String) {
        self.path = path
        self.runtime = runtime
        self.entry = entry
        self.id = id
        self.name = name
        self.version = version
        self.vendor = vendor
        self.abiMajor = Int(entry.pointee.abi_major)
        self.abiMinor = Int(entry.pointee.abi_minor)
    }

    fileprivate func setContents(effects: [PluginEffect], curves: [CurveProvider], warnings: [String], refusedCurves: [PluginCurve]) {
        self.effects = effects
        self.curves = curves
        self.warnings = warnings
        self.refusedCurves = refusedCurves
    }

    /// Calls the plugin's deinit once; nothing of the plugin is called after it.
    public func deinitialize() {
        guard !deinitialized else { return }
        deinitialized = true
        if let finish = entry.pointee.`deinit` { runtime.calling(plugin: id, doing: "deinit") { finish() } }
    }
}

/// Loads one plugin file: probe the ELF headers, check the ABI version, dlopen, check the
/// entry and descriptors, call init.
public enum PluginLoader {
    static let minimumEntrySize = FrozenABI.pluginEntry

    /// Loads the plugin into `runtime` (a new one of its own unless told: a command's session
    /// gives its own, so that all its plugins serve one run).
    public static func load(path: String, runtime: HostRuntime = HostRuntime()) -> Result<LoadedPlugin, PluginLoadFailure> {
        load(path: path, host: runtime.table, runtime: runtime)
    }

    /// `host` is the table the plugin's init receives: the host's own, or in an isolated
    /// plugin's process the table that forwards every call to the host (ChildHostTable).
    package static func load(path: String, host: UnsafeMutablePointer<th_host_api>, runtime: HostRuntime) -> Result<LoadedPlugin, PluginLoadFailure> {
        do {
            return .success(try loadOrThrow(path: path, host: host, runtime: runtime))
        } catch let failure as PluginLoadFailure {
            return .failure(failure)
        } catch {
            return .failure(PluginLoadFailure(reason: "\(error)", fix: ""))
        }
    }

    private static func fail(_ reason: String, fix: String = "") -> PluginLoadFailure {
        PluginLoadFailure(reason: reason, fix: fix)
    }

    private static func loadOrThrow(path: String, host: UnsafeMutablePointer<th_host_api>, runtime: HostRuntime) throws -> LoadedPlugin {
        // 1. Look at the file without loading it; 2. the version, read from the file, so that
        // a plugin for another major runs no code here.
        let symbols = try entrySymbols(path: path)
        if let v = symbols.fileVersion { try checkVersion(size: v.size, major: v.major, minor: v.minor) }

        // 3. Load, find the entry, and check the version it holds.
        let handle = try link(path: path)
        let entry = try self.entry(in: handle, symbols, path: path, runtime: runtime)
        try checkVersion(size: entry.pointee.struct_size, major: entry.pointee.abi_major, minor: entry.pointee.abi_minor)

        // 4. The entry's own fields.
        var findings = DescriptorFindings()
        let e = entry.pointee
        guard let fields = DescriptorReader.entryFields(e, findings: &findings) else {
            throw fail("bad entry: " + findings.problems.joined(separator: "; "), fix: "see th_plugin_entry in transition_host.h")
        }
        let id = fields.id
        let plugin = LoadedPlugin(path: path, entry: entry, runtime: runtime, id: id, name: fields.name, version: fields.version, vendor: fields.vendor)

        // 5. init, then the descriptors.
        let initialised = runtime.calling(plugin: id, doing: "init") { e.`init`!(host) }
        guard initialised else { throw fail("init returned false: the plugin declined to start", fix: "see the plugin's log") }
        let count = runtime.calling(plugin: id, doing: "effect_count") { e.effect_count!() }
        guard count <= DescriptorReader.maxEffects else {
            plugin.deinitialize()
            throw fail("effect_count() returned \(count); at most \(DescriptorReader.maxEffects) effects", fix: "return the number of descriptors")
        }
        let descriptors = (0..<count).map { index in
            runtime.calling(plugin: id, doing: "get_effect") { e.get_effect!(index) }
        }
        // The header's totals first: a plugin far over them is refused before it costs time.
        var budget = DescriptorBudget()
        for case let d? in descriptors { budget.count(effect: d) }
        if let getExtension = e.get_extension,
           let curves = runtime.calling(plugin: id, doing: "get_extension", { getExtension(TH_EXT_TIMING_CURVES) }) {
            budget.count(curves: curves)
        }
        if let problem = budget.problem {
            plugin.deinitialize()
            throw fail("the plugin " + problem, fix: DescriptorBudget.fix)
        }
        let effects = DescriptorReader.effects(count: count, pluginID: id, findings: &findings) { descriptors[Int($0)] }
            .map { PluginEffect(info: $0.info, interface: $0.interface, plugin: plugin) }
        guard findings.problems.isEmpty else {
            plugin.deinitialize()
            throw fail("bad descriptor: " + findings.problems.joined(separator: "; "), fix: "see th_effect_descriptor in transition_host.h")
        }
        var problems: [String] = []

        // 6. Functions called by signature: typed constructors and easing curves.
        let cache = CallInterfaceCache.shared
        let constructors = TypedConstructor.read(from: e, plugin: id, runtime: runtime, effects: effects, cache: cache, problems: &problems)
        for effect in effects { effect.typedConstructor = constructors[effect.info.effectID] }
        var refusals: [String] = []
        var refused: [PluginCurve] = []
        let curves = CurveCall.readCurves(from: e, plugin: id, runtime: runtime, path: path, cache: cache, problems: &problems,
                                          refusals: &refusals, refused: &refused)
        guard problems.isEmpty else {
            plugin.deinitialize()
            throw fail("bad signature: " + problems.joined(separator: "; "), fix: "see \"Calls by signature\" in transition_host.h")
        }
        plugin.setContents(effects: effects, curves: curves, warnings: refusals, refusedCurves: refused)
        return plugin
    }

    package static func checkVersion(size: UInt32, major: UInt16, minor: UInt16) throws {
        guard Int32(major) == TH_ABI_MAJOR else {
            throw fail("built for plugin ABI \(major).\(minor); this host speaks ABI \(TH_ABI_MAJOR).\(TH_ABI_MINOR)",
                       fix: "rebuild the plugin against this host's transition_host.h (ABI \(TH_ABI_MAJOR).x)")
        }
        guard size >= minimumEntrySize else {
            throw fail("th_plugin_entry.struct_size is \(size); ABI \(TH_ABI_MAJOR).0's entry is \(minimumEntrySize) bytes",
                       fix: "set struct_size to sizeof(th_plugin_entry)")
        }
    }

    package static func describe(_ failure: ELFProbe.Failure) -> PluginLoadFailure {
        switch failure {
        case .tooShort(let n):
            return fail("file too short to be a shared library (\(n) bytes)", fix: "rebuild it; the file may have been cut off while copying")
        case .notELF:
            return fail("not an ELF shared library", fix: "plugins are .so files built with `cc -shared -fPIC`")
        case .wrongClass(let what):
            return fail("a \(what) ELF file; this host is 64-bit", fix: "build the plugin for \(ELFProbe.machineName(ELFProbe.hostMachine))")
        case .wrongEndianness:
            return fail("a big-endian ELF file; this host is little-endian", fix: "build the plugin for this machine")
        case .wrongMachine(let machine):
            return fail("built for \(machine); this host is \(ELFProbe.machineName(ELFProbe.hostMachine))",
                        fix: "rebuild the plugin for \(ELFProbe.machineName(ELFProbe.hostMachine))")
        case .notSharedObject(let what):
            return fail("\(what), not a shared library", fix: "link with `-shared -fPIC`")
        case .malformed(let what):
            return fail("malformed ELF file: \(what)", fix: "rebuild it")
        case .unreadable(let what):
            return fail("cannot be read as a plugin: \(what)", fix: "name a shared library file (.so) built with `cc -shared -fPIC`")
        }
    }

    static func describeDlopen(_ message: String, path: String) -> PluginLoadFailure {
        // dlopen's messages start with the path; keep what follows it.
        var detail = message
        if detail.hasPrefix("\(path): ") { detail.removeFirst(path.count + 2) }
        let fix: String
        if detail.contains("position-independent executable") {
            fix = "link with `-shared`, not as a program"
        } else if detail.contains("undefined symbol") {
            fix = "the plugin uses a symbol nothing provides; link the library that defines it, or remove the use"
        } else if detail.contains("cannot open shared object file") {
            fix = "install the library it depends on, or link it statically"
        } else {
            fix = "rebuild it as a shared library for this machine"
        }
        return fail("dlopen failed: \(detail)", fix: fix)
    }
}
