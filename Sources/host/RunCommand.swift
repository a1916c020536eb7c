import ArgumentParser
import LiveWindow
import PluginHost
import Rendering
import TransitionCore

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Present, then dismiss, the demo scene's detail screen with an effect.",
        discussion: """
            Prints every callback in call order with its virtual time, then a summary. The clock \
            is virtual, so a run is the same bit for bit every time. A transition whose animator \
            never calls complete_transition is cut off after its duration plus the grace period, \
            cancelled, and the scene restored.
            """)

    @OptionGroup var transition: TransitionRunOptions

    @Option(help: "Output: 'text' (the trace and a summary) or 'json' (events and frames).")
    var format: OutputFormat = .text

    @Option(help: ArgumentHelp(
        "Also write the run to a file, chosen by extension: .gif, .png (filmstrip), .svg, .html (a web page), .lottie.json (Lottie), .json, .mp4, .webm, or DIR/ for PNG frames.",
        valueName: "path"))
    var output: String?

    @Flag(help: "With --output NAME.lottie.json: write a run that uses what Lottie cannot say (3D perspective, clipping, masks, blurs, shadows) all the same, without them, and say what was left out; without it such a run is refused (exit 3).")
    var approximate = false

    @Option(help: ArgumentHelp("Also plot every animated property against time, as .png or .svg.", valueName: "path"))
    var plot: String?

    @Flag(help: "Also show the plugins' debug-level log lines in the trace.")
    var verbose = false

    @Flag(help: ArgumentHelp(
        "Run every plugin in a child process of its own: the scene stays here and the plugin's calls cross a socket. The process is sandboxed (it reads only its plugin and the system's libraries, writes, starts and signals nothing: docs/SANDBOX.md) and what it prints goes to the trace, escaped. A plugin that crashes, hangs or sends garbage costs its transition, which the host finishes with the cross-dissolve. Curves from plugins are not available."))
    var isolate = false

    @Option(name: .customLong("isolate-timeout"), help: ArgumentHelp(
        "With --isolate: seconds one call into a plugin may take before it counts as hung; its calls together may take five times this in a run, after which it is killed and its transitions fall back.", valueName: "seconds"))
    var isolateTimeout: Double = 2

    @Flag(help: ArgumentHelp(
        "Keep running, and replay the transition each time a plugin file in the searched folders is added, replaced or removed: the edit-build-see loop. A new version that fails to load is refused with its reason; the one before it goes on running. Each replay starts with a line saying when, which file changed and which version runs (on standard error with --format json). With --isolate, each version runs in a child process, so an animator that crashes costs only its replay. With --window, one window stays open: the run being shown goes on unseen, then each replay plays in it, its first transition at once (the title says 'replay N'), and a refused version's line shows over the bottom of the window while the version before plays again; closing the window ends the watch. Ctrl-C stops (exit status 130)."))
    var watch = false

    @Option(name: .customLong("watch-runs"), help: ArgumentHelp(
        "With --watch: stop after this many replays (the first run not counted), with the last replay's exit status.", valueName: "n"))
    var watchRuns: Int?

    @Flag(help: ArgumentHelp(
        "Show the run in a window on the display, as on a device: at the scene's size in points (sharp on a HiDPI display), drawn by the renderer of the exports, each frame at its time on the real clock. The scene waits for you, like an app: click it to present (push, switch tab); press Escape or click the back button to go back. A gesture makes a transition interactive: a drag from the left edge (going back) is a screen-edge pan, a drag elsewhere a pan, a Ctrl-drag (toward the centre closes) or the wheel (down closes) a pinch; its events, in points with real velocities, reach the interaction controller named by --interactive or --interactive-dismiss (no --gesture needed), else the host's, for which a pan released past the middle, or flicked, finishes, and a closing pinch finishes; else it cancels. While it plays, Space pauses and resumes, ← and → step a frame back and forth while paused (the title shows the virtual time), S makes it ten times slower on the real clock, or normal again, M turns Reduce Motion on or off for the transitions that start after it (the title says 'Reduce Motion' while it is on; --reduce-motion starts with it on), and H shows or hides a panel with what runs, the phase, the virtual time, the frame rate and the worst frame time. R replays from the frames the run made (no plugin is called again; each --window-capture due is written again): the transition playing, from its start; while the scene waits, the transition just ended; once the run has ended (the title says so), the whole run. Q, or closing the window, ends: what has not run yet runs unseen, then the trace and the summary are printed. Needs a display: a desktop session, or a virtual one with 'xvfb-run -a host run EFFECT --window' (without one, exit code 3)."))
    var window = false

    @Option(name: .customLong("window-capture"), help: ArgumentHelp(
        "With --window: write what the window shows at this virtual time to a PNG file, read back from the window (repeatable), e.g. 0.25=frame.png. The frame is the run's frame nearest that time, at the window's pixel size; a replay (R) writes it again.",
        valueName: "time=path.png"))
    var windowCaptures: [String] = []

    @OptionGroup var plugins: PluginOptions

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable { case text, json }

    func validate() throws {
        try validateOutputs(output: output, plot: plot)
        if approximate, output.flatMap({ try? ExportFormat.forPath($0) }) != .lottie {
            throw ValidationError("--approximate is for --output NAME.lottie.json: only Lottie leaves things out")
        }
        try validateWatch()
        try validateWindow()
        guard isolateTimeout.isFinite, isolateTimeout > 0, isolateTimeout <= 3600 else {
            throw ValidationError("--isolate-timeout must be a number of seconds above 0 and at most 3600, not \(isolateTimeout)")
        }
    }

    func run() throws {
        if watch { return try runWatching() }
        // The effect, presentation and interaction controllers named here are all the run
        // resolves up front (a scene's segue names its own: every plugin's effects then).
        let names = transition.effect.map { [$0] + (transition.presentation.map { [$0] } ?? []) + transition.interactionControllers }
        let session = try plugins.session(isolateAll: isolate, timeout: isolateTimeout, effectsNamed: names)
        session.runtime.showsDebugLogs = verbose
        defer { session.shutdown() }
        // The process ends right after the run: freeing what the session knows of every plugin
        // on the search path, one by one, only delays that (with 500 plugins, 1 M instructions).
        sessionKeptUntilExit = session
        try play(registry: session.effects, curves: session.curves)
    }

    /// One run with these effects and curves, printed (and written to --output and --plot).
    /// `window`: a window that outlives the run (--watch), instead of one of its own.
    func play(registry: EffectRegistry, curves: CurveRegistry, window kept: WindowPlayer? = nil) throws {
        // In a window, the pointer makes the gestures an interaction controller reads.
        if !window {
            try BadEffectMessages.exitingOnBadEffect { try transition.requireWrittenGestures(resolvingWith: registry) }
        }
        let report: TransitionRun.Report
        var options = try transition.runOptions()
        var keys: TerminalKeys?
        if transition.usesKeys {
            keys = TerminalKeys(framesPerSecond: transition.fps)
            if keys == nil {
                printError("error: --interactive keys needs a terminal on standard input and output")
                throw ExitCode(64)
            }
        }
        defer { TerminalKeys.restore() }
        let player = try kept ?? (window ? windowPlayer() : nil)
        let playsInTerminal = player == nil && keys == nil && output == nil && plot == nil && format == .text
            && TerminalScreen.canShowPictures(descriptor: 1, environment: terminalEnvironment())
        // Snapshots are kept only for what draws them: most of a large scene's memory.
        options.recordsSnapshots = output != nil || plot != nil || playsInTerminal
        // The replay's first frame as soon as the run makes it, the rest once it is done.
        let terminal = playsInTerminal ? TerminalPlayer(colorMode: .detect(environment: terminalEnvironment())) : nil
        if let terminal {
            var begun: (effect: String, flow: TransitionRun.Flow)?
            options.onBegin = { begun = ($0.qualifiedName, $1) }
            options.onSnapshot = { snapshot in
                if !terminal.hasStarted, let begun { terminal.showFirst(snapshot, effect: begun.effect, flow: begun.flow) }
            }
        }
        // While the user scrubs, the scene itself where the terminal can show it; else a
        // status line.
        var live: TerminalLiveView?
        if let player {
            options.liveGestures = true
            options.onSnapshot = { player.show($0) }
            options.beforeTransition = { player.start(goesBack: $0, scene: $1) }
            player.reducesMotion = options.reducesMotion
            options.reducesMotionNow = { player.reducesMotion }
        }
        if let keys {
            options.liveInteraction = { keys.next($0) }
            if TerminalScreen.canShowPictures(descriptor: 1, environment: terminalEnvironment()) {
                let view = TerminalLiveView(colorMode: .detect(environment: terminalEnvironment()))
                view.enter()
                live = view
                options.onSnapshot = { view.draw($0, status: keys.status(at: $0.time) + "  · ← → scrub, Enter finishes, Esc cancels") }
            } else {
                options.onFrame = { keys.show($0) }
            }
        }
        report = try BadEffectMessages.exitingOnBadEffect {
            // Back to the normal screen before anything is printed (an error or the report).
            defer { live?.leave() }
            do { return try TransitionRun.run(registry: registry, curves: curves, options: options) } catch {
                terminal?.leave()
                throw error
            }
        }
        if keys != nil { print("") }
        if let player {
            player.hold()
            // A kept window's captures may come in a later run: checked when it closes.
            if kept == nil { try finishWindow(player) }
        }
        try writeOutputs(report, output: output, plot: plot, approximate: approximate)
        terminal?.finish(report)
        switch format {
        case .text: printText(RunReportText.render(report))
        case .json:
            // Streamed: the document of a large scene runs to tens of megabytes.
            RunReportJSON.write(report) { print($0, terminator: "") }
            print("")
        }
        if !report.isClean { throw HostExit.notClean }
    }
}

/// The session of `host run`, never freed: see RunCommand.run.
nonisolated(unsafe) private var sessionKeptUntilExit: PluginSession?

/// Reads and parses a scene: `argument` is a file, or the name of a scene bundled next to
/// the host binary. A scene that cannot be read or parsed ends the command with exit code 2.
func loadScene(_ argument: String) throws -> SceneDescription {
    try sceneFile(argument).description
}

/// The scene `argument` names (a file, or a bundled scene's name), with the path it was read
/// from. Exit code 2 when it cannot be read or parsed.
func sceneFile(_ argument: String) throws -> (path: String, description: SceneDescription) {
    var path = argument
    var read = InputFile.read(path, limit: JSONDocument.maxBytes)
    if read == .failure(.missing), !argument.contains("/"), let exe = PluginSearchPath.currentExecutablePath(),
       let slash = exe.lastIndex(of: "/") {
        path = "\(exe[..<slash])/scenes/\(argument.hasSuffix(".json") ? argument : argument + ".json")"
        read = InputFile.read(path, limit: JSONDocument.maxBytes)
    }
    let text: String
    switch read {
    case .success(let contents): text = contents
    case .failure(.missing):
        printError("error: cannot read the scene '\(argument)': no such file, and no bundled scene of that name")
        throw HostExit.badEffect
    case .failure(let why):
        printError("error: cannot read the scene '\(argument)': \(why)")
        throw HostExit.badEffect
    }
    do { return (path, try SceneDescription(parsing: text)) } catch {
        printError("error: scene \(path), \(error)")
        throw HostExit.badEffect
    }
}
