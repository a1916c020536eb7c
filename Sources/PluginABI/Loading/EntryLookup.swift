import CTransitionABI
import Synchronization

import LibC

/// The first three steps of loading, each on its own: the loader runs them in order and stops
/// at the first failure; `host validate` (through PluginInspection) runs each as a named test.
extension PluginLoader {
    /// How the file offers its entry point, read from its dynamic symbol table without loading it.
    package struct EntrySymbols {
        /// True for the preferred const data symbol `th_entry`; false for `th_get_entry()`.
        package let isDataSymbol: Bool
        /// struct_size, abi_major and abi_minor as stored in the file, for a data entry whose
        /// bytes are in the file (nil when only loading can tell: a function, or no sections).
        package let fileVersion: (size: UInt32, major: UInt16, minor: UInt16)?
    }

    /// Step 1: probes the ELF headers and finds the entry symbol, running none of the file's code.
    static func entrySymbols(path: String) throws -> EntrySymbols {
        let probe: ELFProbe
        do {
            probe = try ELFProbe.probe(path: path, symbols: [TH_ENTRY_SYMBOL, TH_ENTRY_FUNCTION_SYMBOL])
        } catch let failure as ELFProbe.Failure {
            throw describe(failure)
        }
        let dataSymbol = probe.symbols[TH_ENTRY_SYMBOL]
        let functionSymbol = probe.symbols[TH_ENTRY_FUNCTION_SYMBOL]
        // Without section headers nothing is known before loading: try the data symbol first.
        guard probe.hadSectionHeaders else { return EntrySymbols(isDataSymbol: true, fileVersion: nil) }
        if let s = dataSymbol, s.defined, s.type != .object {
            throw PluginLoadFailure(
                reason: "'\(TH_ENTRY_SYMBOL)' is a \(s.type == .function ? "function" : "non-data symbol"), not a const th_plugin_entry object; calling it would crash the host",
                fix: "declare it as `TH_EXPORT const th_plugin_entry th_entry = {...};`, or export a function named '\(TH_ENTRY_FUNCTION_SYMBOL)'")
        }
        if dataSymbol?.defined != true, let s = functionSymbol, s.defined, s.type != .function {
            throw PluginLoadFailure(reason: "'\(TH_ENTRY_FUNCTION_SYMBOL)' is a data symbol, not a function",
                                    fix: "export `const th_plugin_entry *\(TH_ENTRY_FUNCTION_SYMBOL)(void)`")
        }
        if dataSymbol?.defined != true && functionSymbol?.defined != true {
            throw PluginLoadFailure(
                reason: "no entry symbol: the file exports neither '\(TH_ENTRY_SYMBOL)' nor '\(TH_ENTRY_FUNCTION_SYMBOL)'",
                fix: "define `TH_EXPORT const th_plugin_entry th_entry = {...};` (see transition_host.h) and build with -fPIC -shared")
        }
        guard let s = dataSymbol, s.defined else { return EntrySymbols(isDataSymbol: false, fileVersion: nil) }
        guard let bytes = s.initialBytes, bytes.count >= 8 else { return EntrySymbols(isDataSymbol: true, fileVersion: nil) }
        return EntrySymbols(isDataSymbol: true, fileVersion: (
            UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24,
            UInt16(bytes[4]) | UInt16(bytes[5]) << 8, UInt16(bytes[6]) | UInt16(bytes[7]) << 8))
    }

    /// Step 2: dlopen with immediate binding, so that a missing symbol is found now rather than
    /// when a transition first calls the function that needs it. RTLD_NODELETE: even if a
    /// handle were closed, the code stays mapped.
    package static func link(path: String) throws -> UnsafeMutableRawPointer {
        linkedOne.store(true, ordering: .relaxed)
        _ = dlerror()
        guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else {
            let message = dlerror().map { String(cString: $0) } ?? "unknown dlopen error"
            throw describeDlopen(message, path: path)
        }
        return handle
    }

    /// Whether this process has tried to link a plugin. A copy of it (fork) would then start
    /// with that plugin mapped and its state as this process left it: `host validate` forks
    /// its test processes only while this is false.
    package static var hasLinkedAPlugin: Bool { linkedOne.load(ordering: .relaxed) }
    private static let linkedOne = Atomic<Bool>(false)

    /// Step 3: the entry itself, from the data symbol or by calling th_get_entry. The version
    /// in it is not checked here.
    package static func entry(in handle: UnsafeMutableRawPointer, _ symbols: EntrySymbols, path: String, runtime: HostRuntime) throws -> UnsafePointer<th_plugin_entry> {
        if symbols.isDataSymbol, let symbol = dlsym(handle, TH_ENTRY_SYMBOL) {
            return UnsafeRawPointer(symbol).assumingMemoryBound(to: th_plugin_entry.self)
        }
        guard let symbol = dlsym(handle, TH_ENTRY_FUNCTION_SYMBOL) else {
            throw PluginLoadFailure(reason: "no entry symbol after loading", fix: "export '\(TH_ENTRY_SYMBOL)' with default visibility")
        }
        let getEntry = unsafeBitCast(symbol, to: th_plugin_get_entry_fn.self)
        guard let returned = runtime.calling(plugin: path, doing: "th_get_entry", { getEntry() }) else {
            throw PluginLoadFailure(reason: "'\(TH_ENTRY_FUNCTION_SYMBOL)' returned NULL", fix: "return the address of a static th_plugin_entry")
        }
        return returned
    }
}
