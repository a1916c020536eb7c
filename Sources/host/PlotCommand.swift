import ArgumentParser
import PluginHost
import Rendering
import TransitionCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `host plot EFFECT`: runs the effect as `host run` does and draws every animated property
/// of every view against time, so that an author sees at once that a spring overshoots or a
/// fade starts late.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Plot every animated property of a run against time (PNG or SVG).",
        discussion: """
            Presents, then dismisses, the demo scene's detail screen with the effect, as 'host run' \
            does, and draws one panel per animated property of each view: its value at every frame, \
            each transition shaded, its declared duration dashed, complete_transition solid, and the \
            animations that moved it named by their curve. Prints one line per property, with any \
            overshoot or late start.
            """)

    @Argument(help: ArgumentHelp("The effect: a short name such as 'diagonal', or 'plugin:effect'.", valueName: "effect"))
    var effect: String

    @Option(name: [.short, .long], help: ArgumentHelp(
        "Where to write the plot, .png or .svg (default: EFFECT-plot.png).", valueName: "path"))
    var output: String?

    @Option(help: ArgumentHelp("A presentation-controller effect, such as 'dimming'.", valueName: "name"))
    var presentation: String?

    @Option(name: .customLong("param"), help: ArgumentHelp(
        "Set a parameter of the effect, as name=value (repeatable).", valueName: "name=value"))
    var parameters: [String] = []

    @Option(help: ArgumentHelp("Use this curve for every animation.", valueName: "curve"))
    var curve: String?

    @Option(help: ArgumentHelp("Frames per second of the virtual clock (1-1000).", valueName: "n"))
    var fps: Int = 60

    @Option(help: ArgumentHelp("Seconds a transition may overrun its duration before it is cut off.", valueName: "seconds"))
    var grace: Double = 2

    @OptionGroup var plugins: PluginOptions

    var path: String {
        output ?? effect.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? String($0) : "-" }.joined() + "-plot.png"
    }

    func validate() throws {
        try validateOutputs(output: nil, plot: path)
        guard (1...1000).contains(fps) else { throw ValidationError("--fps must be between 1 and 1000, not \(fps)") }
        guard grace.isFinite, grace >= 0, grace <= 3600 else {
            throw ValidationError("--grace must be a number of seconds between 0 and 3600, not \(grace)")
        }
    }

    func run() throws {
        let session = try plugins.session()
        defer { session.shutdown() }
        let report: PresentDismissRun.Report
        do {
            report = try PresentDismissRun.run(
                registry: session.effects, curves: session.curves,
                options: .init(effect: effect, presentation: presentation, framesPerSecond: fps, grace: grace,
                               parameters: parameters, curve: curve))
        } catch let error as ParameterError {
            printError("error: \(error)")
            throw HostExit.badEffect
        } catch let error as EffectRegistry.LookupError {
            printError("error: \(error)")
            throw HostExit.badEffect
        } catch let error as PresentDismissRun.Failure {
            printError("error: \(error)")
            throw HostExit.badEffect
        }
        let plot = CurvePlot(report: report)
        do {
            printText(try plot.write(to: path))
        } catch let error as ExportError {
            printError("error: \(error)")
            throw HostExit.cannotWrite
        }
        printText(plot.summary())
        if !report.isClean { throw HostExit.notClean }
    }
}

extension HostExit {
    /// `--output` or `--plot` could not be written (or needs a program that is missing).
    static let cannotWrite = ExitCode(3)
}

/// Checks that `--output` and `--plot` name something we can write, before anything runs.
func validateOutputs(output: String?, plot: String?) throws {
    if let output {
        do { _ = try ExportFormat.forPath(output) } catch { throw ValidationError("--output: \(error)") }
    }
    if let plot, !(plot.lowercased().hasSuffix(".png") || plot.lowercased().hasSuffix(".svg")) {
        throw ValidationError("--plot writes .png or .svg, not '\(plot)'")
    }
}

/// Writes `--output` and `--plot` for a finished run, saying what was written on standard
/// error (standard output keeps the report).
func writeOutputs(_ report: PresentDismissRun.Report, output: String?, plot: String?) throws {
    do {
        if let output { printError(try RunExporter.write(report, to: output)) }
        if let plot {
            let curves = CurvePlot(report: report)
            printError(try curves.write(to: plot))
        }
    } catch let error as ExportError {
        printError("error: \(error)")
        throw HostExit.cannotWrite
    }
}

/// What decides how the terminal is drawn on: TERM and COLORTERM.
func terminalEnvironment() -> [String: String] {
    var environment: [String: String] = [:]
    for name in ["TERM", "COLORTERM"] {
        if let value = getenv(name) { environment[name] = String(cString: value) }
    }
    return environment
}
