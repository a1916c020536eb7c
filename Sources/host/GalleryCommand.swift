import ArgumentParser
import PluginHost
import Rendering
import TransitionCore
import Validation

import LibC

/// `host gallery DIR`: every effect found as a card of a static site (Gallery), its preview
/// the run `host run` would play, written as a web page (WebPage), and its plugin's `host
/// validate` verdict. The runs and the validation are the libraries'; this wires them.
struct GalleryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "Write a static site of every effect found: a preview that plays, its kind, transitions, parameters, plugin and validate verdict.",
        discussion: """
            DIR/index.html has a card per effect; DIR/previews/ the pages the previews play \
            (as 'host run EFFECT --output NAME.html' writes them: an animator on the demo scene, \
            a presentation controller under cover-vertical, a delegate as it chooses; an \
            interaction controller needs a gesture and has none). Every plugin file is validated \
            as 'host validate' validates several, in one pool of test processes, while the \
            previews are drawn beside it (--no-validate leaves the verdicts out). Nothing is \
            fetched: open index.html from the folder. DIR must not exist or be empty; it is \
            written whole, or not at all (exit 3).
            """)

    @Argument(help: ArgumentHelp("The folder to write, new or empty.", valueName: "dir"))
    var folder: String

    @Flag(help: "Leave out the host validate verdicts (faster).")
    var noValidate = false

    @OptionGroup var plugins: PluginOptions

    func run() throws {
        // A folder that cannot take the site is said at once, before minutes of work.
        do { try Gallery.checkFolder(folder) } catch {
            printError("error: \(error)")
            throw HostExit.cannotWrite
        }
        let session = try plugins.session(isolateAll: false, timeout: 2, effectsNamed: nil)
        defer { session.shutdown() }
        let effects = session.effects.providers.map(\.info)
        // The previews are drawn beside the validation, which forks its tests from here.
        let previews = GalleryPreviews(effects, session: session)
        let verdicts = noValidate ? [:] : try validate(session)
        var entries: [Gallery.Entry] = []
        for (info, preview) in zip(effects, previews.collect()) {
            let plugin = session.discovery.plugins.first { $0.description.id == info.pluginID }
            let source = plugin.map { "\($0.description.id) \($0.description.version), \($0.file.path)" } ?? "the host (built in)"
            if case .failure(let missing) = preview, info.kind != .interactionController {
                printError("note: no preview of \(VisibleText.escape(info.qualifiedName)): \(VisibleText.escape(missing.reason))")
            }
            entries.append(Gallery.Entry(info: info, source: source, preview: preview, verdict: plugin.flatMap { verdicts[$0.file.path] }))
        }
        do {
            let files = try Gallery.write(entries, to: folder)
            printText("wrote \(VisibleText.escape(folder))/index.html: \(entries.count) effects, \(files) files; open it in a browser")
        } catch {
            printError("error: \(error)")
            throw HostExit.cannotWrite
        }
    }

    /// The run a card plays, as a page; why there is none for an interaction controller.
    static func preview(of info: EffectInfo, in session: PluginSession) -> Result<String, Gallery.PreviewMissing> {
        var options: TransitionRun.Options
        switch info.kind {
        case .animator, .transitioningDelegate: options = TransitionRun.Options(effect: info.qualifiedName)
        case .presentationController:
            options = TransitionRun.Options(effect: "builtin:cover-vertical")
            options.presentation = info.qualifiedName
        case .interactionController: return .failure(.init("an interaction controller follows a gesture: try it with host run --interactive"))
        }
        do {
            return .success(try WebPage.render(try TransitionRun.run(registry: session.effects, curves: session.curves, options: options)))
        } catch {
            return .failure(.init("\(error)"))
        }
    }

    /// Each plugin file's verdict, by path, with a line of progress as each is known. The
    /// files share one pool of test processes (Validator).
    func validate(_ session: PluginSession) throws -> [String: (summary: String, failed: Bool)] {
        guard let executable = PluginSearchPath.currentExecutablePath() else {
            printError("error: cannot find this program's own path (/proc/self/exe), which validate runs for each test; try --no-validate")
            throw ExitCode.failure
        }
        let files = session.discovery.plugins.map(\.file.path)
        printError("validating \(files.count) plugin files")
        var done = 0
        let reports: [ValidationReport]
        do {
            reports = try Validator.run(files.map { ValidationOptions(pluginPath: $0) }, jobs: ValidationOptions.defaultJobs,
                                        executable: executable) { _, report in
                done += 1
                printError("validated \(done) of \(files.count): \(VisibleText.escape(report.plugin))")
            }
        } catch {
            // The site is still worth having: each card says why it has no verdict.
            return Dictionary(files.map { ($0, ("could not be validated: \(error)", true)) }, uniquingKeysWith: { first, _ in first })
        }
        return Dictionary(reports.map { ($0.plugin, ($0.summary, $0.failed)) }, uniquingKeysWith: { first, _ in first })
    }
}
