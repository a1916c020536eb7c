import ArgumentParser
import PluginHost
import Rendering
import TransitionCore

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show an effect's kind, transitions, duration and typed parameters, or a curve's parameters.")

    @Argument(help: ArgumentHelp("An effect ('diagonal', 'plugin:effect') or a curve ('easing.elastic').", valueName: "name"))
    var name: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var plugins: PluginOptions

    func run() throws {
        // Plugins from untrusted folders are described from the scan, never loaded here; the
        // others load only if what is shown needs their code (a typed constructor's signature).
        let session = try plugins.session()
        defer { session.shutdown() }
        let details: EffectDetails
        do {
            let provider = try session.effects.resolve(name)
            let source = session.discovery.plugins.first { $0.description.id == provider.info.pluginID }
            let vends = provider.info.kind == .transitioningDelegate ? session.effects.vended(by: provider) : nil
            details = EffectDetails(
                info: provider.info, kindName: provider.info.kind.name,
                plugin: source.map { "\($0.description.id) \($0.description.version)" } ?? "builtin",
                path: source?.file.path ?? "(built in)", constructor: (provider as? LazyPluginEffect)?.constructorSignature,
                vends: vends.map { v in
                    EffectDetails.Vended(animators: v.animators.map { ($0.name, $0.transitions.map(\.name).joined(separator: ", ")) },
                                         presentation: v.presentation,
                                         interactions: v.interactions.map { ($0.name, $0.transitions.map(\.name).joined(separator: ", ")) })
                })
        } catch let lookup as EffectRegistry.LookupError {
            // Not an effect: perhaps a curve.
            guard let curve = session.curves.providers.first(where: { $0.name == name || $0.name.hasSuffix(".\(name)") }) else {
                printError("error: \(BadEffectMessages.text(lookup))")
                throw HostExit.badEffect
            }
            details = EffectDetails(curve: curve)
        }
        if json { print(details.json()) } else { printText(details.text()) }
    }
}
