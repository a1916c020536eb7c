import PluginHost
import Rendering
import TransitionCore

/// What `host list` shows of a discovery, as rows and notes for Rendering's PluginListing:
/// the command's wording, kept out of PluginHost.
extension DiscoveredPlugins {
    /// The rows and, for below the table, the notes: the folders' problems, then each
    /// plugin's warnings.
    func listingContents() -> (rows: [ListingRow], notes: [String]) {
        let described = plugins  // made once: each pass copies every description
        let warnings = described.flatMap { file, description in description.warnings.map { "\(file.path): \($0)" } }
        return (listingRows(described), folderProblems + warnings)
    }

    /// One row per effect (the host's standard ones first), then one per curve, then one per
    /// file that gave none.
    private func listingRows(_ plugins: [(file: DiscoveredPlugins.File, description: PluginDescription)]) -> [ListingRow] {
        let discovery = self
        let registry = discovery.makeRegistry()
        // Indices, not copies: a plugin's description is a tree of strings and arrays.
        var byID: [String: Int] = [:]
        byID.reserveCapacity(plugins.count)
        for (i, plugin) in plugins.enumerated() where byID[plugin.description.id] == nil { byID[plugin.description.id] = i }
        var rows: [ListingRow] = []
        rows.reserveCapacity(registry.providers.count + discovery.files.count)
        for provider in registry.providers {
            let info = provider.info
            let name = registry.isAmbiguous(info.effectID) ? info.qualifiedName : info.effectID
            if provider is DescribedEffect, let i = byID[info.pluginID] {
                let (file, plugin) = plugins[i]
                rows.append(.init(name: name, kind: info.kind.name, plugin: plugin.id, version: plugin.version,
                                  path: file.path, origin: file.origin.rawValue, status: "ok"))
            } else {
                rows.append(.init(name: name, kind: info.kind.name, plugin: info.pluginID, version: "-",
                                  path: "(built in)", origin: "builtin", status: "ok"))
            }
        }
        for (file, plugin) in plugins {
            for curve in plugin.curves {
                rows.append(.init(name: curve.name, kind: "curve", plugin: plugin.id, version: plugin.version,
                                  path: file.path, origin: file.origin.rawValue, status: "ok"))
            }
        }
        for file in discovery.files {
            let origin = file.origin.rawValue
            switch file.status {
            case .described(let plugin) where plugin.effects.isEmpty && plugin.curves.isEmpty:
                rows.append(.init(name: "-", kind: "-", plugin: plugin.id, version: plugin.version, path: file.path,
                                  origin: origin, status: "ok (no effects)"))
            case .described:
                break
            case .problem(.failed(let failure)):
                // "crashed", "hung" and "untrusted" say more than "error" at a glance.
                rows.append(.init(name: "-", kind: "-", plugin: "-", version: "-", path: file.path, origin: origin,
                                  status: failure.kind == .refused ? "error" : failure.kind.rawValue, error: failure.message))
            case .problem(.shadowed(let first, let id)):
                rows.append(.init(name: "-", kind: "-", plugin: id, version: "-", path: file.path, origin: origin,
                                  status: "shadowed",
                                  error: "plugin '\(id)' is already loaded from \(first), earlier on the search path"))
            case .problem(.skipped(let why)):
                rows.append(.init(name: "-", kind: "-", plugin: "-", version: "-", path: file.path, origin: origin,
                                  status: "skipped", error: why))
            }
        }
        return rows
    }
}
