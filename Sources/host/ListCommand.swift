import ArgumentParser
import PluginHost
import Rendering
import TransitionCore

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List every effect the host found, where it came from, and whether it loaded.",
        discussion: """
            Files that could not be loaded are listed with the reason and the fix; they never stop \
            the others. Plugin files are loaded in helper processes, never in this one: a plugin that \
            crashes or hangs while loading is listed as crashed or hung and skipped until its file \
            changes. What was learned is kept in $XDG_CACHE_HOME/transition-host/registry-v1 \
            (default ~/.cache/...), so that a later list loads nothing unless a file changed; and \
            what was listed in .../listing-v1, so that a list with nothing changed on the search path \
            prints it again.
            """)

    @OptionGroup var plugins: PluginOptions

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    @Flag(help: "Forget the registry cache, scan every plugin file again, and make the listing afresh.")
    var rescan = false

    func run() throws {
        // Listing loads no plugin in this process: the cache and the scanner's helpers say
        // what each file holds, or the listing kept from the last run says it all.
        let listing = plugins.list(rescan: rescan, make: Self.listing)
        if json { print(listing.json()) } else { printText(listing.table()) }
    }

    static func listing(_ discovery: Discovery) -> PluginListing {
        let described = discovery.plugins  // made once: each pass copies every description
        let warnings = described.flatMap { file, description in description.warnings.map { "\(file.path): \($0)" } }
        return PluginListing(rows: rows(discovery, described), notes: discovery.folderProblems + warnings)
    }

    /// One row per effect (the host's standard ones first), then one per curve, then one per
    /// file that gave none.
    static func rows(_ discovery: Discovery, _ plugins: [(file: Discovery.File, description: PluginDescription)]) -> [PluginListing.Row] {
        let registry = discovery.makeRegistry()
        // Indices, not copies: a plugin's description is a tree of strings and arrays.
        var byID: [String: Int] = [:]
        byID.reserveCapacity(plugins.count)
        for (i, plugin) in plugins.enumerated() where byID[plugin.description.id] == nil { byID[plugin.description.id] = i }
        var rows: [PluginListing.Row] = []
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
            case .failed(let failure):
                // "crashed", "hung" and "untrusted" say more than "error" at a glance.
                rows.append(.init(name: "-", kind: "-", plugin: "-", version: "-", path: file.path, origin: origin,
                                  status: failure.kind == .refused ? "error" : failure.kind.rawValue, error: failure.message))
            case .shadowed(let first, let id):
                rows.append(.init(name: "-", kind: "-", plugin: id, version: "-", path: file.path, origin: origin,
                                  status: "shadowed",
                                  error: "plugin '\(id)' is already loaded from \(first), earlier on the search path"))
            case .skipped(let why):
                rows.append(.init(name: "-", kind: "-", plugin: "-", version: "-", path: file.path, origin: origin,
                                  status: "skipped", error: why))
            }
        }
        return rows
    }
}

/// Kept between runs by PluginDiscovery.listing(make:) as the records Rendering gives it.
extension PluginListing: KeepableListing {}
