import TransitionCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Every plugin file found on the search path and what became of it.
public struct PluginFileRecord {
    public enum Status {
        case loaded(LoadedPlugin)
        case failed(PluginLoadFailure)
        /// A plugin with the same id was found earlier on the search path.
        case shadowed(byPath: String, pluginID: String)
        /// Not a candidate at all (a directory named *.so, a broken link, ...).
        case skipped(String)
    }

    public let path: String
    public let origin: PluginSearchPath.Origin
    public let status: Status
}

/// Discovers plugins: walks the search path, loads each `*.so` once, and makes the registry.
/// A bad file costs one record; it never stops the others from loading.
public final class PluginCatalog {
    public let records: [PluginFileRecord]
    /// Search-path folders that were named explicitly but could not be read.
    public let folderProblems: [String]

    init(records: [PluginFileRecord], folderProblems: [String]) {
        self.records = records
        self.folderProblems = folderProblems
    }

    /// Whether plugins' TH_LOG_DEBUG lines appear in a run's trace.
    public static var showsPluginDebugLogs: Bool {
        get { HostBridge.shared.showsDebugLogs }
        set { HostBridge.shared.showsDebugLogs = newValue }
    }

    public var loadedPlugins: [LoadedPlugin] {
        records.compactMap { if case .loaded(let p) = $0.status { return p } else { return nil } }
    }

    public static func discover(_ searchPath: PluginSearchPath) -> PluginCatalog {
        var records: [PluginFileRecord] = []
        var problems: [String] = []
        var seenFiles = Set<String>()
        var pluginPaths: [String: String] = [:]  // plugin id → the file that provides it
        for folder in searchPath.folders {
            guard let names = listDirectory(folder.path) else {
                if folder.origin == .option || folder.origin == .environment {
                    problems.append("\(folder.origin.rawValue) folder '\(folder.path)' cannot be read: \(String(cString: strerror(errno)))")
                }
                continue
            }
            for name in names where name.hasSuffix(".so") {
                let path = folder.path.hasSuffix("/") ? folder.path + name : "\(folder.path)/\(name)"
                var info = stat()
                guard stat(path, &info) == 0 else {
                    records.append(PluginFileRecord(path: path, origin: folder.origin,
                        status: .skipped("cannot be read: \(String(cString: strerror(errno)))")))
                    continue
                }
                guard info.st_mode & S_IFMT == S_IFREG else {
                    let what = info.st_mode & S_IFMT == S_IFDIR ? "a directory" : "not a regular file"
                    records.append(PluginFileRecord(path: path, origin: folder.origin, status: .skipped("\(what), not a plugin")))
                    continue
                }
                // The same file reached twice (a folder listed twice, a link) is loaded once.
                let real = realPath(path) ?? path
                guard seenFiles.insert(real).inserted else { continue }

                switch PluginLoader.load(path: path) {
                case .failure(let failure):
                    records.append(PluginFileRecord(path: path, origin: folder.origin, status: .failed(failure)))
                case .success(let plugin):
                    if let first = pluginPaths[plugin.id] {
                        plugin.deinitialize()
                        records.append(PluginFileRecord(path: path, origin: folder.origin,
                            status: .shadowed(byPath: first, pluginID: plugin.id)))
                    } else {
                        pluginPaths[plugin.id] = path
                        records.append(PluginFileRecord(path: path, origin: folder.origin, status: .loaded(plugin)))
                    }
                }
            }
        }
        return PluginCatalog(records: records, folderProblems: problems)
    }

    /// The host's standard effects followed by every loaded plugin's effects.
    public func makeRegistry() -> EffectRegistry {
        let registry = EffectRegistry()
        for effect in StandardEffect.all() { registry.register(effect) }
        for plugin in loadedPlugins {
            for effect in plugin.effects { registry.register(effect) }
        }
        return registry
    }

    /// The standard curves followed by every loaded plugin's curves. Plugins reach it through
    /// the host's TH_EXT_HOST_CURVES extension.
    public func makeCurveRegistry() -> CurveRegistry {
        let registry = CurveRegistry()
        for plugin in loadedPlugins {
            for curve in plugin.curves { registry.register(curve) }
        }
        HostBridge.shared.curves = registry
        return registry
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
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
