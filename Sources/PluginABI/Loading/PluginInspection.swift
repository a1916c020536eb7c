import CTransitionABI
import TransitionCore

/// A plugin file taken apart step by step, for `host validate`: each step of the loader run
/// on its own, so that a conformance test can say which step fails and why, and raw access to
/// what the loader would refuse (an entry whose descriptors break the rules), so that each
/// rule can be reported by name. PluginLoader.load runs the same steps and stops at the first
/// failure; everything here is for tools, not for running transitions.
public enum PluginInspection {
    /// How a file offers its entry point, read from the ELF file without running its code.
    public struct EntryForm: Sendable {
        /// True for the const data symbol `th_entry`; false for the function `th_get_entry`.
        public let isDataSymbol: Bool
        /// struct_size, abi_major, abi_minor as stored in the file (a data entry only).
        public let fileVersion: EntryVersion?
        let symbols: PluginLoader.EntrySymbols
    }

    public struct EntryVersion: Sendable, Equatable {
        public let structSize: UInt32
        public let major: UInt16
        public let minor: UInt16

        public init(structSize: UInt32, major: UInt16, minor: UInt16) {
            self.structSize = structSize
            self.major = major
            self.minor = minor
        }
    }

    /// The loader's step 1: the file is an ELF shared library for this machine that exports
    /// an entry symbol of the right type.
    public static func entryForm(path: String) -> Result<EntryForm, PluginLoadFailure> {
        catching {
            let symbols = try PluginLoader.entrySymbols(path: path)
            return EntryForm(
                isDataSymbol: symbols.isDataSymbol,
                fileVersion: symbols.fileVersion.map { EntryVersion(structSize: $0.size, major: $0.major, minor: $0.minor) },
                symbols: symbols)
        }
    }

    /// The loader's step 2: dlopen with RTLD_NOW. The library stays loaded.
    public static func link(path: String) -> Result<UnsafeMutableRawPointer, PluginLoadFailure> {
        catching { try PluginLoader.link(path: path) }
    }

    /// The loader's step 3: the entry, read from the data symbol or returned by th_get_entry.
    /// Its version is not checked.
    public static func entry(in handle: UnsafeMutableRawPointer, form: EntryForm, path: String, runtime: HostRuntime = HostRuntime())
        -> Result<UnsafePointer<th_plugin_entry>, PluginLoadFailure>
    {
        catching { try PluginLoader.entry(in: handle, form.symbols, path: path, runtime: runtime) }
    }

    /// Calls the entry's init with the host table, as the loader does; false when init is
    /// missing or declines. Call it once, and only for an entry of this host's ABI major.
    public static func initialize(_ entry: UnsafePointer<th_plugin_entry>, pluginID: String, runtime: HostRuntime = HostRuntime()) -> Bool {
        guard let start = entry.pointee.`init` else { return false }
        return runtime.calling(plugin: pluginID, doing: "init") { start(runtime.table) }
    }

    /// What a loaded plugin's get_extension answers for `id` (nil when it has no get_extension).
    public static func extensionOffered(by plugin: LoadedPlugin, id: String) -> UnsafeRawPointer? {
        guard let ask = plugin.entry.pointee.get_extension else { return nil }
        return plugin.runtime.calling(plugin: plugin.id, doing: "get_extension") { id.withCString { ask($0) } }
    }

    /// The header's rule for ids: [a-z][a-z0-9_-]* (plus '.' for plugin ids), at most 63 bytes
    /// (for the fuzzer's oracle, which checks what the loader accepted).
    public static func isWellFormedID(_ s: String, allowDots: Bool = false) -> Bool {
        DescriptorReader.isIdentifier(s, allowDots: allowDots)
    }

    public static let maxEffects = Int(DescriptorReader.maxEffects)
    public static let maxParameters = Int(DescriptorReader.maxParameters)
    public static let maxChoices = Int(DescriptorReader.maxChoices)

    private static func catching<T>(_ body: () throws -> T) -> Result<T, PluginLoadFailure> {
        do { return .success(try body()) } catch let failure as PluginLoadFailure {
            return .failure(failure)
        } catch {
            return .failure(PluginLoadFailure(reason: "\(error)", fix: ""))
        }
    }
}
