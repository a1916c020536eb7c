import ArgumentParser
import PluginHost
import PluginSDK

/// `host`: the command-line face of the transition plugin host. Parses, wires, prints; the
/// transitions themselves live in TransitionCore and the plugins in PluginHost.
@main
struct Host: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "host",
        abstract: "Run UIKit-style view-controller transitions whose effects are loaded from plugins.",
        discussion: """
            Plugins are shared libraries (.so) built against transition_host.h. They are found in \
            --plugin-path folders, then HOST_PLUGIN_PATH (colon-separated), then \
            $XDG_DATA_HOME/transition-host/plugins (default ~/.local/share/transition-host/plugins), \
            then the plugins bundled next to this binary.

            Exit codes: 0 success (every transition completed, or was cancelled because its gesture asked \
            for it); 1 an animator cancelled on its own, a transition was cut off, broke the contract or popped on \
            screen (the motion check; --no-motion-check turns it off), or its isolated \
            plugin crashed, hung or sent garbage (the host finished it with the cross-dissolve); \
            2 the effect, a parameter or the curve is unknown, ambiguous, of the wrong kind or out of \
            range (nothing ran); 3 an output file could not be written (or ffmpeg is missing); 64 bad usage; \
            70 a plugin loaded in this process called exit() during a call (standard error names the plugin \
            and the call; _exit() and exec are contained only by --isolate).
            """,
        version: "host, plugin ABI \(SDKHeader.abiVersion)",
        subcommands: [
            ListCommand.self, RunCommand.self, StudioCommand.self, CurveCommand.self, PlotCommand.self, InspectCommand.self, ValidateCommand.self, GalleryCommand.self,
            NewCommand.self, SDKCommand.self,
            ValidateChildCommand.self, ScanCommand.self, IsolateCommand.self,
        ])

    /// `host run … --isolate` starts its isolated helper before anything else, so that the
    /// helper's own start-up passes while this process parses its arguments, reads its
    /// catalog and prepares the run (SpareIsolatedProcess; a spare never needed costs a
    /// process that ends with this one). Then the command runs as usual.
    static func main() {
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "run", arguments.contains("--isolate"), !arguments.contains("--watch"),
           let executable = PluginSearchPath.currentExecutablePath() {
            SpareIsolatedProcess.prestart(executable: executable)
        }
        main(nil as [String]?)
    }
}

/// Exit codes documented in `host --help`.
enum HostExit {
    static let notClean = ExitCode(1)
    static let badEffect = ExitCode(2)
}
