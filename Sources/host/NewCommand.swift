import ArgumentParser
import PluginSDK

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new",
        abstract: "Start a plugin: a small project in C, Swift or Rust with one working animator.",
        discussion: """
            Writes the folder NAME (or --directory) with an animator named NAME that fades the incoming \
            screen in and the outgoing one out, with comments marking what to change. It builds with one \
            command (make, swift build or cargo build) and installs into the user plugin folder (make \
            install, or ./install.sh). An existing folder is never overwritten.
            """)

    enum Language: String, ExpressibleByArgument, CaseIterable {
        case c, swift, rust
        var language: PluginProject.Language { PluginProject.Language(rawValue: rawValue)! }
    }

    @Argument(help: ArgumentHelp("The plugin's name, which is also its effect's id: lower-case letters, digits, '-' and '_'.",
                                 valueName: "name"))
    var name: String

    @Option(help: "The language: c, swift or rust.")
    var lang: Language = .c

    @Option(help: ArgumentHelp("Where to write the project (default: ./NAME).", valueName: "dir"))
    var directory: String?

    func run() throws {
        let project: ProjectName
        do { project = try ProjectName(name) } catch { throw ValidationError("\(error)") }
        let folder = directory ?? name
        let language = lang.language
        do {
            try PluginProject.create(project, language: language, at: folder)
        } catch let refusal as PluginProject.Refusal {
            printError("error: \(refusal)")
            throw ExitCode(1)
        }
        printText("""
            Created \(folder)/: a \(lang.rawValue) plugin with the animator '\(project.id)'.

              cd \(folder)
              \(language.buildCommand)\(language == .c ? "                    # needs the SDK: host sdk install" : "")
              host validate \(language.builtLibrary(project))
              \(language.installCommand)
              host run \(project.id)
            """)
    }
}
