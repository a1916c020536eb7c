import ArgumentParser
import LiveWindow
import TransitionCore

import LibC

/// `host run EFFECT --window`: the run shown in a window on the display as it is made, on the
/// real clock. The CLI only wires options to the player (LiveWindow) and says what failed.
extension RunCommand {
    func validateWindow() throws {
        guard window || windowCaptures.isEmpty else { throw ValidationError("--window-capture needs --window") }
        for capture in windowCaptures {
            do { _ = try WindowCapture(parsing: capture) } catch { throw ValidationError("\(error)") }
        }
        guard !window || !transition.usesKeys else {
            throw ValidationError("--window and --interactive keys both want the keys: choose one")
        }
    }

    /// A player for the run, checked before anything runs. With no display (or no SDL) it
    /// says why and how to get one, and the command ends with exit code 3, as when an output
    /// cannot be made.
    func windowPlayer() throws -> WindowPlayer {
        var environment: [String: String] = [:]
        for name in ["DISPLAY", "WAYLAND_DISPLAY"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        do {
            return try WindowPlayer(
                title: "host run \(transition.label)", framesPerSecond: transition.fps,
                captures: try windowCaptures.map(WindowCapture.init(parsing:)), environment: environment)
        } catch {
            printError("error: \(error)")
            throw HostExit.cannotWrite
        }
    }

    /// After the run: what the window could not do (exit code 3), said on standard error.
    func finishWindow(_ player: WindowPlayer) throws {
        if let failure = player.failure {
            printError("error: \(failure)")
            throw HostExit.cannotWrite
        }
        for capture in player.missedCaptures {
            let why = player.closed ? "the window was closed first" : "the run ended before it"
            printError("error: --window-capture \(capture.path) at \(capture.time) s was not written: \(why)")
        }
        if !player.missedCaptures.isEmpty { throw HostExit.cannotWrite }
    }
}
