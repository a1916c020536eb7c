import ArgumentParser
import PluginHost
import Rendering
import TransitionCore

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List every effect the host found, where it came from, and whether it loaded.",
        discussion: "Files that could not be loaded are listed with the reason and the fix; they never stop the others.")

    @OptionGroup var plugins: PluginOptions

    @Flag(help: "Print a JSON array instead of a table.")
    var json = false

    func run() throws {
        let catalog = plugins.discover()
        defer { catalog.shutdown() }
        let warnings = catalog.loadedPlugins.flatMap { plugin in plugin.warnings.map { "\(plugin.path): \($0)" } }
        let listing = PluginListing(rows: Self.rows(catalog), notes: catalog.folderProblems + warnings)
        print(json ? listing.json() : listing.table())
    }

    /// One row per effect (the host's standard ones first), then one per file that gave none.
    static func rows(_ catalog: PluginCatalog) -> [PluginListing.Row] {
        let registry = catalog.makeRegistry()
        var rows: [PluginListing.Row] = []
        for provider in registry.providers {
            let info = provider.info
            let name = registry.isAmbiguous(info.effectID) ? info.qualifiedName : info.effectID
            if let effect = provider as? PluginEffect {
                rows.append(.init(name: name, kind: info.kind.name, plugin: effect.plugin.id, version: effect.plugin.version,
                                  path: effect.plugin.path, origin: origin(of: effect.plugin.path, in: catalog), status: "ok"))
            } else {
                rows.append(.init(name: name, kind: info.kind.name, plugin: info.pluginID, version: "-",
                                  path: "(built in)", origin: "builtin", status: "ok"))
            }
        }
        for curve in catalog.makeCurveRegistry().providers where curve.source != "built in" {
            let plugin = catalog.loadedPlugins.first { $0.path == curve.source }
            rows.append(.init(name: curve.name, kind: "curve", plugin: plugin?.id ?? "-", version: plugin?.version ?? "-",
                              path: curve.source, origin: origin(of: curve.source, in: catalog), status: "ok"))
        }
        for record in catalog.records {
            switch record.status {
            case .loaded(let plugin) where plugin.effects.isEmpty && plugin.curves.isEmpty:
                rows.append(.init(name: "-", kind: "-", plugin: plugin.id, version: plugin.version, path: record.path,
                                  origin: record.origin.rawValue, status: "ok (no effects)"))
            case .loaded:
                break
            case .failed(let failure):
                rows.append(.init(name: "-", kind: "-", plugin: "-", version: "-", path: record.path,
                                  origin: record.origin.rawValue, status: "error", error: failure.message))
            case .shadowed(let first, let id):
                rows.append(.init(name: "-", kind: "-", plugin: id, version: "-", path: record.path,
                                  origin: record.origin.rawValue, status: "shadowed",
                                  error: "plugin '\(id)' is already loaded from \(first), earlier on the search path"))
            case .skipped(let why):
                rows.append(.init(name: "-", kind: "-", plugin: "-", version: "-", path: record.path,
                                  origin: record.origin.rawValue, status: "skipped", error: why))
            }
        }
        return rows
    }

    private static func origin(of path: String, in catalog: PluginCatalog) -> String {
        catalog.records.first { $0.path == path }?.origin.rawValue ?? "-"
    }
}
