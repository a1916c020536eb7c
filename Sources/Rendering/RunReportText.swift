import TransitionCore

/// `host run`'s text output: the trace, one line per event with its virtual time, then a
/// summary of each transition.
public enum RunReportText {
    public static func render(_ report: TransitionRun.Report) -> String {
        var lines: [String] = []
        var title = "\(report.effect.qualifiedName) (\(report.effect.kind.name))"
        if let p = report.presentation { title += " with presentation controller \(p.qualifiedName)" }
        lines.append("Running \(title) on \(report.stageName) at \(report.framesPerSecond) fps")
        for e in report.events {
            let time = fixed(e.time, decimals: 3).leftPadded(to: 7)
            switch e.level {
            case .call: lines.append("\(time)  \(e.name)")
            case .info: lines.append("\(time)  · \(e.name)")
            case .warning: lines.append("\(time)  warning: \(e.name)")
            case .error: lines.append("\(time)  error: \(e.name)")
            }
        }
        lines.append("")
        lines.append(summary(report))
        return lines.joined(separator: "\n")
    }

    /// The summary alone: a line per transition, then the frames and the verdict.
    public static func summary(_ report: TransitionRun.Report) -> String {
        var lines: [String] = []
        for o in report.outcomes {
            // A cancel the gesture asked for is an expected end (exit 0); say so, so that it is
            // not read as the animator's own cancel (exit 1).
            let state = o.cutOff ? "cut off (never completed)" : o.completed ? "completed"
                : o.refused ? "refused (should_dismiss: the screen stays presented), as asked,"
                : o.cancelledByInteraction ? "cancelled by its gesture, as asked," : "cancelled"
            var verified = o.violations.isEmpty ? "end state verified" : "\(o.violations.count) contract violation(s)"
            if !o.motion.isEmpty { verified += "; its motion popped \(o.motion.count == 1 ? "once" : "\(o.motion.count) times")" }
            let by = o.failure.map { "by the standard cross-dissolve after \(o.animator) failed (\($0))" } ?? "by \(o.animator)"
            let declared = o.refused ? "" : " (declared \(fixed(o.duration, decimals: 3)) s)"
            lines.append("\(o.kind.name.capitalizedFirst): \(state) \(by) in \(fixed(o.endTime - o.startTime, decimals: 3)) s\(declared); \(verified)")
        }
        lines.append("\(report.frames.count) frames, \(fixed(report.duration, decimals: 3)) s of virtual time; \(report.isClean ? "OK" : "NOT CLEAN")")
        return lines.joined(separator: "\n")
    }
}

extension RunReportText {
    /// A line for each transition of the run that its animator does not declare, which the
    /// standard style played instead (as UIKit plays its own when the delegate vends no
    /// animator): what the trace says and a summary alone does not (the studio prints no
    /// trace). Empty for a delegate, which picks its own animators.
    public static func undeclaredTransitions(_ report: TransitionRun.Report) -> [String] {
        let effect = report.effect
        guard effect.kind == .animator else { return [] }
        return report.outcomes.filter { !effect.transitions.contains($0.kind) }.map {
            "note: \(effect.qualifiedName) declares no \($0.kind.name) (only \(effect.transitions.kinds.map(\.name).joined(separator: ", "))), "
                + "so the standard \($0.animator) played it"
        }
    }
}

/// A number with exactly `decimals` decimals, without Foundation's String(format:).
func fixed(_ x: Double, decimals: Int) -> String {
    guard x.isFinite else { return "\(x)" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int64((abs(x) * scale).rounded())
    let whole = scaled / Int64(scale), fraction = scaled % Int64(scale)
    var digits = String(fraction)
    digits = String(repeating: "0", count: max(0, decimals - digits.count)) + digits
    return (x < 0 && scaled != 0 ? "-" : "") + String(whole) + (decimals > 0 ? "." + digits : "")
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
    func rightPadded(to width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
