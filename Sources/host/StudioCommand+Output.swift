import LiveWindow
import PluginHost
import Rendering
import TransitionCore

import LibC

/// What the studio shows and prints besides a run in its window: an A/B, the curve tuner, the
/// panel, the effect's provenance.
extension StudioCommand {
    /// A/B: `a` and `b` run through (no waiting for clicks), then shown side by side in the
    /// window in lockstep until the next change.
    static func compare(_ a: StudioSettings, _ b: StudioSettings, number: Int, session: PluginSession, scene: SceneDescription?,
                        on player: WindowPlayer) throws {
        player.title = "host studio: A/B, \(VisibleText.escape(a.effectName)) | \(VisibleText.escape(b.effectName))"
        showPanel(b, on: player)
        printText("── run \(number): A/B: \(VisibleText.escape(a.command)) | \(VisibleText.escape(b.command))")
        fflush(nil)
        player.beginReplay(notices: [])
        var reports: [TransitionRun.Report] = []
        for settings in [a, b] {
            var options = settings.runOptions
            options.scene = scene
            options.recordsSnapshots = true
            reports.append(try TransitionRun.run(registry: session.effects, curves: session.curves, options: options))
        }
        for (side, report) in zip(["A: ", "B: "], reports) {
            let notes = RunReportText.undeclaredTransitions(report).map { "\n" + side + VisibleText.escape($0) }.joined()
            printText(side + RunReportText.summary(report).replacingNewlines(with: "\n" + side) + notes)
        }
        fflush(nil)
        player.compare(reports[0].snapshots, reports[1].snapshots,
                       labels: ("A  " + VisibleText.escape(a.command), "B  " + VisibleText.escape(b.command)))
    }

    /// T: the curve chosen, written for UIKit, Core Animation, SwiftUI and CSS, printed and put
    /// on the clipboard (as `host curve` writes it), over the duration of the effect.
    static func tune(_ settings: StudioSettings, _ curves: CurveRegistry, on player: WindowPlayer) {
        guard let spec = settings.curve, let curve = try? curves.resolve(spec) else {
            printText("tune: no curve chosen (K picks one); the effect's own curves play")
            fflush(nil)
            return
        }
        let duration = settings.effect.defaultDuration
        var lines = ["\(curve.name) over \(NumberText.exact(duration)) s"]
        lines += CurveForms.forms(of: curve, duration: duration).map { "  \($0.platform): \($0.text)" }
        let text = lines.map(VisibleText.escape).joined(separator: "\n")
        let failed = player.copyToClipboard(text)
        printText("tune: " + text + (failed.map { "\n  (not on the clipboard: \(VisibleText.escape($0)))" } ?? ""))
        fflush(nil)
    }

    /// The settings in the panel, each parameter row with its slider.
    static func showPanel(_ settings: StudioSettings, on player: WindowPlayer) {
        player.panelBars = Dictionary(uniqueKeysWithValues: settings.rows.indices.map {
            (StudioSettings.panelLine(ofRow: $0), settings.share(ofRow: $0))
        })
        player.panel = settings.panel.map(VisibleText.escape)
    }

    /// The effect picked, its kind and where it comes from: "cube:cube — Cube, animator, from
    /// cube 1.0.0 (PATH)".
    static func describe(_ effect: EffectInfo, in session: PluginSession) -> String {
        let plugin = session.discovery.plugins.first { $0.description.id == effect.pluginID }
        let source = plugin.map { "\($0.description.id) \($0.description.version) (\($0.file.path))" } ?? "the host (built in)"
        return "\(effect.qualifiedName) — \(effect.displayName), \(effect.kind.name), from \(source)"
    }

    static func milliseconds(_ seconds: Double) -> String { NumberText.exact((seconds * 100_000).rounded() / 100) }
}

private extension String {
    func replacingNewlines(with replacement: String) -> String { split(separator: "\n", omittingEmptySubsequences: false).joined(separator: replacement) }
}
