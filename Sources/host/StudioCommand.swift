import ArgumentParser
import LiveWindow
import PluginHost
import Rendering
import TransitionCore

import LibC

/// `host studio [EFFECT]`: a window that stays open and plays the transition again each time
/// a key changes what plays (StudioSettings), so that an effect can be tuned by eye. The CLI
/// wires keys to settings and settings to runs; the runs and the window are the libraries'.
struct StudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Design a transition live: a window that replays it as you change the effect, flow, presentation and parameters.",
        discussion: """
            The window plays as 'host run --window' does (click to present, Escape or the back \
            button to go back, gestures, Space, ← →, S, M, R) and stays open until it is \
            closed (Q). Each change replays at once: [ and ] pick the previous or next \
            animator found, F the next flow (modal, push, pop, tabs; on a scene file, those its containment \
            allows, then its next segue), P the next presentation \
            controller (then none), K and Shift-K a curve for every animation (then the \
            effects' own), Shift-S the speed (as --slow: 2, 4 and 10 times slower, twice as \
            fast, normal; S alone still slows the window's clock ten times), Tab and Shift-Tab the parameter row, - and = change its value by a \
            step (a twentieth of its range, the next choice, the other bool), or drag its \
            slider on the panel, and 0 puts every value back to its default. T writes the \
            curve chosen for UIKit, Core Animation, SwiftUI and CSS (as 'host curve' does), \
            printed and on the clipboard. Once a run has ended, the timeline along the bottom \
            scrubs it, and G shows the curves of what it animated over the timeline (as \
            'host plot' draws them, small), a line at the frame shown. B compares: what \
            plays now becomes A, and from then on each change plays A and B side by side in \
            lockstep (both run through, no click needed); B again goes back to one run. C copies the 'host run' line that plays what is on \
            screen (to the clipboard, and printed). The panel at the top right shows all of \
            it; H hides it. Each run's line and summary are printed as it ends, with a note when \
            the standard style played a transition the animator does not declare. Needs a \
            display, as --window does (exit code 3 without one).
            """)

    @Argument(help: ArgumentHelp("The animator to start with: a short name such as 'cube', or 'plugin:effect'. Default: the scene's first segue's, else diagonal.",
                                 valueName: "effect"))
    var effect: String?

    @Option(help: ArgumentHelp("Screen pixels per point: 1 shows the scene at a device's size, 2 twice as large, 0.5 half; a screen too small for it gets as much as fits.",
                               valueName: "factor"))
    var scale = 1.0

    @Flag(help: "Draw a phone's body around the screen, as the iOS Simulator's bezel: the window grows by it, the scene keeps its size.")
    var deviceFrame = false

    @Option(help: ArgumentHelp("A scene file to play on (a file, or a bundled scene's name such as 'photos'), as host run --scene.", valueName: "scene"))
    var scene: String?

    @OptionGroup var plugins: PluginOptions

    func validate() throws {
        guard scale.isFinite, scale >= 0.25, scale <= 4 else {
            throw ValidationError("--scale must be a factor from 0.25 to 4, not \(scale)")
        }
    }

    func run() throws {
        let sceneDescription = try scene.map(loadScene)
        let session = try plugins.session(isolateAll: false, timeout: 2, effectsNamed: nil)  // every effect: the picker offers them all
        defer { session.shutdown() }
        let state: Box
        // K's curves: every named one but cubic-bezier, whose points only the command line gives.
        let curves = session.curves.providers.map(\.name).filter { $0 != "cubic-bezier" }
        do {
            state = Box(try StudioSettings(registry: session.effects, effect: effect, curves: curves,
                                           scene: sceneDescription.map { (name: scene ?? "", description: $0) }))
        } catch {
            printError("error: \(error)")
            throw HostExit.badEffect
        }
        var environment: [String: String] = [:]
        for name in ["DISPLAY", "WAYLAND_DISPLAY"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        let player: WindowPlayer
        do { player = try WindowPlayer(title: "", framesPerSecond: 60, captures: [], environment: environment) } catch {
            printError("error: \(error)")
            throw HostExit.cannotWrite
        }
        // A slider dragged moves its value and the panel; released, it plays.
        player.onSlider = { line, share, released in
            let row = line - StudioSettings.panelLine(ofRow: 0)
            guard state.settings.rows.indices.contains(row) else { return false }
            state.settings.set(row: row, share: share)
            Self.showPanel(state.settings, on: player)
            // Released where it changed nothing of the run on screen: nothing to play again.
            return released && state.settings.command != state.played.command
        }
        player.zoom = scale
        player.deviceFrame = deviceFrame ? DeviceFrame() : nil
        player.onKey = { key, shift in
            if key == .c {
                let line = state.settings.command
                let failed = player.copyToClipboard(line)
                printText("copied: \(VisibleText.escape(line))" + (failed.map { " (not on the clipboard: \(VisibleText.escape($0)))" } ?? ""))
                fflush(nil)
                return false
            }
            if key == .b {
                // A/B: what plays now becomes A; the keys go on changing B. B again: one run.
                state.compared = state.compared == nil ? state.settings : nil
                return true
            }
            if key == .t {
                Self.tune(state.settings, session.curves, on: player)
                return false
            }
            guard let action = Self.action(for: key, shift: shift) else { return false }
            state.settings.apply(action)
            // A row picked changes nothing that plays: the panel shows it, no replay.
            if case .selectParameter = action {
                Self.showPanel(state.settings, on: player)
                return false
            }
            return true
        }
        // For Scripts/bench-studio: how long each change takes to show, and each scrubbed frame.
        let timing = getenv("HOST_STUDIO_TIMING") != nil
        if timing {
            player.onChangeShown = { seconds in
                printText("timing: first frame \(Self.milliseconds(seconds)) ms after the change")
                fflush(nil)
            }
        }
        defer {
            if timing, !player.scrubCosts.isEmpty {
                let sorted = player.scrubCosts.sorted()
                printText("timing: \(sorted.count) scrubbed frames, median \(Self.milliseconds(sorted[sorted.count / 2])) ms, worst \(Self.milliseconds(sorted.last!)) ms")
            }
        }
        var notices: [String] = []
        for number in 0... {
            let settings = state.settings
            state.played = settings
            if let a = state.compared {
                do { try Self.compare(a, settings, number: number, session: session, scene: sceneDescription, on: player) } catch {
                    printError("error: \(error)")
                    player.beginReplay(notices: ["\(error)"].map(VisibleText.escape))
                    player.hold()
                }
                if player.closed || player.failure != nil { break }
                continue
            }
            player.title = "host studio: \(VisibleText.escape(settings.effectName)), \(settings.flow.rawValue)"
            Self.showPanel(settings, on: player)
            printText("── run \(number): \(VisibleText.escape(settings.command))")
            printText("   " + VisibleText.escape(Self.describe(settings.effect, in: session)))
            fflush(nil)
            if number > 0 { player.beginReplay(notices: notices) }
            do {
                var options = settings.runOptions
                options.scene = sceneDescription
                options.recordsSnapshots = true  // for G's graph, once the run has ended
                player.curveStrip = nil
                options.liveGestures = true
                options.onSnapshot = { player.show($0) }
                options.beforeTransition = { player.start(goesBack: $0, scene: $1) }
                options.reducesMotionNow = { player.reducesMotion }
                let report = try TransitionRun.run(registry: session.effects, curves: session.curves, options: options)
                player.curveStrip = CurveStrip(snapshots: report.snapshots)
                printText(RunReportText.summary(report))
                for note in RunReportText.undeclaredTransitions(report) { printText(VisibleText.escape(note)) }
                notices = []
            } catch {
                // Nothing shown yet: there is no window to wait in.
                guard player.isOpen else {
                    printError("error: \(error)")
                    throw HostExit.badEffect
                }
                printError("error: \(error)")
                notices = ["\(error)"].map(VisibleText.escape)
                player.beginReplay(notices: notices)
            }
            fflush(nil)
            player.hold()
            if player.closed || player.failure != nil { break }
        }
        if let failure = player.failure {
            printError("error: \(failure)")
            throw HostExit.cannotWrite
        }
    }

    /// What each of the studio's keys does to the settings; nil for the keys it leaves alone.
    static func action(for key: WindowEvent.Key, shift: Bool) -> StudioSettings.Action? {
        switch key {
        case .leftBracket: .effect(-1)
        case .rightBracket: .effect(1)
        case .f: .flow
        case .p: .presentation
        case .tab: .selectParameter(shift ? -1 : 1)
        case .minus: .adjust(-1)
        case .equals: .adjust(1)
        case .zero: .reset
        case .k: .curve(shift ? -1 : 1)
        case .s where shift: .speed
        default: nil
        }
    }

    /// The settings the window's keys change, shared with the key handler.
    final class Box {
        var settings: StudioSettings
        /// What the run on screen plays.
        var played: StudioSettings
        /// A/B: what B is compared with, side by side; nil for one run.
        var compared: StudioSettings?
        init(_ settings: StudioSettings) { (self.settings, played) = (settings, settings) }
    }
}
