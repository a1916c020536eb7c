import TransitionCore

import LibC

/// Every plugin file found on the search path and what became of it.
public struct PluginFileRecord {
    public enum Status {
        case loaded(LoadedPlugin)
        case problem(PluginFileProblem)

        static func failed(_ failure: PluginLoadFailure) -> Status { .problem(.failed(failure)) }
    }

    public let path: String
    public let origin: PluginSearchPath.Origin
    public let status: Status
}

/// The plugins loaded in this process, from what discovery found, and the registries made
/// from them. A bad file costs one record; it never stops the others from loading.
public final class PluginCatalog {
    public let records: [PluginFileRecord]
    /// Search-path folders that were named explicitly but could not be read, or were refused.
    public let folderProblems: [String]

    init(records: [PluginFileRecord], folderProblems: [String]) {
        self.records = records
        self.folderProblems = folderProblems
    }

    public var loadedPlugins: [LoadedPlugin] {
        records.compactMap { if case .loaded(let p) = $0.status { return p } else { return nil } }
    }

    /// Walks the search path and loads every plugin found, in this process. For tests and
    /// tools; the host itself scans in helper processes first (see load(_:)).
    public static func discover(_ searchPath: PluginSearchPath) -> PluginCatalog {
        load(PluginDiscovery(searchPath: searchPath).run())
    }

    /// Loads, in this process, every plugin `discovery` found good (the scanner loaded them
    /// safely in a helper, or they were loaded here already); the others keep their reason.
    /// For tests, the validator and hot reload: commands get plugins through PluginSession,
    /// which loads only what they use and never an untrusted plugin.
    public static func load(_ discovery: DiscoveredPlugins) -> PluginCatalog {
        let records = discovery.files.map { file -> PluginFileRecord in
            let status: PluginFileRecord.Status
            switch file.status {
            case .described:
                if let plugin = discovery.loadedInProcess[file.path] {
                    status = .loaded(plugin)
                } else {
                    switch PluginLoader.load(path: file.path) {
                    case .success(let plugin): status = .loaded(plugin)
                    case .failure(let failure): status = .failed(failure)
                    }
                }
            case .problem(let problem):
                if case .shadowed = problem { discovery.loadedInProcess[file.path]?.deinitialize() }
                status = .problem(problem)
            }
            return PluginFileRecord(path: file.path, origin: file.origin, status: status)
        }
        return PluginCatalog(records: records, folderProblems: discovery.folderProblems)
    }

    /// The host's standard effects followed by every loaded plugin's effects, and every loaded
    /// plugin's curves (PluginSet). Plugins reach the curves through TH_EXT_HOST_CURVES.
    public func makeRegistries() -> (effects: EffectRegistry, curves: CurveRegistry) {
        PluginSet(members: loadedPlugins.map { .loaded($0) }, refused: trustRefusals).registries()
    }

    /// Calls every loaded plugin's deinit, last loaded first. Nothing is unloaded.
    public func shutdown() {
        for plugin in loadedPlugins.reversed() { plugin.deinitialize() }
    }

    /// The names in a directory, sorted so that discovery is the same on every run.
    static func listDirectory(_ path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            // Read in place: readdir's record is only as long as its name, so copying the whole
            // 256-byte d_name (entry.pointee.d_name) reads past it (AddressSanitizer saw it).
            let name = String(cString: UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \.d_name)!)
                .assumingMemoryBound(to: CChar.self))
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}
