import ArgumentParser
import PluginHost
import TransitionCore

/// `host curve SPEC`: a timing curve written as UIKit, Core Animation, SwiftUI and CSS write
/// it (CurveForms), to paste into an app what was tuned with --curve or in the studio.
struct CurveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curve",
        abstract: "Write a timing curve as UIKit, Core Animation, SwiftUI and CSS write it.",
        discussion: """
            A spring in UIKit's terms (a damping ratio over a duration) becomes the physical \
            spring that moves the same way (mass 1, stiffness and damping) and SwiftUI's \
            duration and bounce; a cubic Bézier its control points in each; every curve, a \
            plugin's included, CSS linear() sampled at 41 points. Examples: \
            host curve 'spring(0.6)' --duration 0.5; host curve 'cubic-bezier(0.2, 0.8, 0.2, 1)'; \
            host curve easing.bounce.
            """)

    @Argument(help: ArgumentHelp("A curve, as --curve takes it: 'ease-in-out', 'spring(0.6)', 'cubic-bezier(0.2, 0.8, 0.2, 1)', 'easing.elastic(amplitude=1.2)'.",
                                 valueName: "curve"))
    var spec: String

    @Option(help: ArgumentHelp("The animation's duration in seconds: a UIKit spring's stiffness follows from it.", valueName: "seconds"))
    var duration = 0.5

    @OptionGroup var plugins: PluginOptions

    func validate() throws {
        guard duration.isFinite, duration > 0, duration <= 60 else {
            throw ValidationError("--duration must be a number of seconds above 0 and at most 60, not \(duration)")
        }
    }

    func run() throws {
        let session = try plugins.session()
        defer { session.shutdown() }
        let curve: TimingCurve
        do { curve = try session.curves.resolve(spec) } catch {
            printError("error: \(error)")
            throw HostExit.badEffect
        }
        printText("\(VisibleText.escape(curve.name)) over \(NumberText.exact(duration)) s")
        for form in CurveForms.forms(of: curve, duration: duration) {
            printText("  " + form.platform.padding(16) + VisibleText.escape(form.text))
        }
    }
}

private extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(1, width - count)) }
}
