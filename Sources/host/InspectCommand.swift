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
        let catalog = plugins.discover()
        defer { catalog.shutdown() }
        let registry = catalog.makeRegistry()
        let details: EffectDetails
        do {
            let provider = try registry.resolve(name)
            let effect = provider as? PluginEffect
            details = EffectDetails(
                info: provider.info, kindName: provider.info.kind.name,
                plugin: effect.map { "\($0.plugin.id) \($0.plugin.version)" } ?? "builtin",
                path: effect?.plugin.path ?? "(built in)", constructor: effect?.constructorSignature)
        } catch let lookup as EffectRegistry.LookupError {
            // Not an effect: perhaps a curve.
            let curves = catalog.makeCurveRegistry()
            guard let curve = curves.providers.first(where: { $0.name == name || $0.name.hasSuffix(".\(name)") }) else {
                printError("error: \(lookup)")
                throw HostExit.badEffect
            }
            details = EffectDetails(curve: curve)
        }
        if json { print(details.json()) } else { printText(details.text()) }
    }
}
