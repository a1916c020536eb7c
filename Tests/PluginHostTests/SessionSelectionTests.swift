import Testing
import TransitionCore
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

/// A session told the effect names its command will resolve (`host run EFFECT`) registers only
/// the plugins that offer them, and still answers every name as a session of every plugin
/// does: the same effect, the same ambiguity, the same unknown-name error with its suggestions
/// and refused plugins. Nothing here is loaded: a session loads a plugin's code only when an
/// effect of it is used.
@Suite("A session of the effects a command names")
struct SessionSelectionTests {
    static func effect(_ plugin: String, _ id: String, _ kind: EffectKind = .animator) -> EffectInfo {
        EffectInfo(pluginID: plugin, effectID: id, displayName: id, summary: "", kind: kind, transitions: .all,
                   defaultDuration: 0.3)
    }

    static func plugin(_ id: String, _ effects: [EffectInfo]) -> DiscoveredPlugins.File {
        let description = PluginDescription(id: id, name: id, version: "1", vendor: "", abiMajor: 1, abiMinor: 0,
                                            effects: effects, curves: [], warnings: [])
        return DiscoveredPlugins.File(path: "/plugins/\(id).so", origin: .option, status: .described(description))
    }

    /// Made anew for each use: a DiscoveredPlugins is not Sendable, so it cannot be a stored static.
    static var discovery: DiscoveredPlugins {
        DiscoveredPlugins(
            files: [
                plugin("alpha", [effect("alpha", "fly"), effect("alpha", "sheet", .presentationController)]),
                plugin("beta", [effect("beta", "fly"), effect("beta", "spin")]),
                plugin("gamma", [effect("gamma", "pick", .transitioningDelegate)]),
                plugin("delta", [effect("delta", "zoom")]),
                DiscoveredPlugins.File(path: "/plugins/refused.so", origin: .option,
                               status: .failed(PluginLoadFailure(reason: "writable by others", fix: "chmod o-w"))),
            ],
            folderProblems: [], statistics: .init(), loadedInProcess: [:])
    }

    /// What resolving `name` gives: the effect's qualified name, or the error's text.
    static func answer(_ session: PluginSession, _ name: String, kind: EffectKind? = nil) -> String {
        do {
            return try session.effects.resolve(name, kind: kind).info.qualifiedName
        } catch {
            return "error: \(error)"
        }
    }

    @Test("Every name resolves as with every plugin registered", arguments: [
        ["beta:spin"], ["spin"], ["fly"], ["alpha:fly"], ["flyy"], ["nothing"], ["beta:nothing"], ["pick"],
        ["cover-vertical"], ["spin", "sheet"], ["spin", "zoom"],
    ])
    func sameAnswers(names: [String]) {
        let all = PluginSession(Self.discovery, executable: nil)
        let named = PluginSession(Self.discovery, executable: nil, effectsNamed: names)
        for name in names {
            #expect(Self.answer(named, name) == Self.answer(all, name), "\(names): \(name)")
            #expect(Self.answer(named, name, kind: .presentationController) == Self.answer(all, name, kind: .presentationController))
        }
    }

    @Test("Only the plugins offering a named effect have their effects registered")
    func registersOnlyWhatIsNamed() {
        let named = PluginSession(Self.discovery, executable: nil, effectsNamed: ["spin", "alpha:sheet"])
        let plugins = Set(named.effects.providers.map(\.info.pluginID)).subtracting(["builtin"])
        #expect(plugins == ["alpha", "beta"])
        #expect(Self.answer(named, "spin") == "beta:spin")
        #expect(Self.answer(named, "sheet", kind: .presentationController) == "alpha:sheet")
    }

    @Test("A name no effect offers, or a delegate's (whose choices come during the run), registers every plugin")
    func everythingWhenItCannotKnow() {
        let everyPlugin: Set<String> = ["alpha", "beta", "gamma", "delta"]
        for names in [["nothing"], ["pick"], ["gamma:pick"], ["spin", "nothing"], []] {
            let session = PluginSession(Self.discovery, executable: nil, effectsNamed: names)
            let plugins = Set(session.effects.providers.map(\.info.pluginID)).subtracting(["builtin"])
            #expect(plugins == everyPlugin, "\(names)")
        }
        let unknown = Self.answer(PluginSession(Self.discovery, executable: nil, effectsNamed: ["zom"]), "zom")
        #expect(unknown.contains("did you mean 'zoom'"), "\(unknown)")
    }
}
