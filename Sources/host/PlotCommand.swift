import ArgumentParser
import PluginHost
import Rendering
import TransitionCore

import LibC

/// `host plot EFFECT`: runs the effect as `host run` does and draws every animated property
/// of every view against time, so that an author sees at once that a spring overshoots or a
/// fade starts late.
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Plot every animated property of a run against time (PNG or SVG).",
        discussion: """
            Runs the effect as 'host run' does, with the same options (flows, scenes, gestures, \
            parameters, curves), and draws one panel per animated property of each view: its value at every frame, \
            each transition shaded, its declared duration dashed, complete_transition solid, and the \
            animations that moved it named by their curve. Prints one line per property, with any \
            overshoot or late start.
            """)

    @OptionGroup var transition: TransitionRunOptions

    @Option(name: [.short, .long], help: ArgumentHelp(
        "Where to write the plot, .png or .svg (default: EFFECT-plot.png).", valueName: "path"))
    var output: String?

    @OptionGroup var plugins: PluginOptions

    var path: String {
        output ?? transition.label.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? String($0) : "-" }.joined() + "-plot.png"
    }

    func validate() throws {
        try validateOutputs(output: nil, plot: path)
        guard !transition.usesKeys else { throw ValidationError("--interactive keys is for host run on a terminal; plot a gesture instead") }
    }

    func run() throws {
        let session = try plugins.session()
        defer { session.shutdown() }
        let report = try BadEffectMessages.exitingOnBadEffect {
            try transition.requireWrittenGestures(resolvingWith: session.effects)
            return try TransitionRun.run(registry: session.effects, curves: session.curves, options: transition.runOptions())
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
func writeOutputs(_ report: TransitionRun.Report, output: String?, plot: String?, approximate: Bool = false) throws {
    do {
        if let output { printError(try RunExporter.write(report, to: output, approximate: approximate)) }
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
