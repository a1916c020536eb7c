import TransitionCore

import LibC

/// Holds a plugin's curve to a time budget while a run evaluates it: the host evaluates a
/// curve for every animated property at every frame, so one that sleeps or spins would
/// stretch a run without limit. A single value taking over `perCall`, or all of them together
/// over `total`, is a broken contract: reported once, naming the curve, and the curve is
/// linear from then on (CurveFunction.breach). Timed with the coarse monotonic clock, a few
/// nanoseconds a read, so a fast curve pays next to nothing; it sees milliseconds, which is
/// all a budget of milliseconds needs.
final class CurveTimeBudget {
    static let perCall = 0.05
    package static let total = 1.0

    package let name: String
    package weak var function: CurveFunction?
    private var spent = 0.0

    package init(name: String) { self.name = name }

    package func timed(_ evaluate: () -> Double) -> Double {
        var start = Self.now()
        var value = evaluate()
        var took = Self.now() - start
        guard took > 0 else { return value }
        if took > Self.perCall {
            // Over the budget once may be the machine, not the curve: on a busy machine a
            // thread can wait that long for a core (64 ms, seen in CI). A curve is a function
            // of its input, so the host asks again; only a second slow answer is the curve's.
            start = Self.now()
            value = evaluate()
            took = Self.now() - start
        }
        spent += took
        if took > Self.perCall {
            function?.breach("curve '\(name)' took \(Int((took * 1000).rounded())) ms for one value (at most \(Int(Self.perCall * 1000)) ms: a frame has 16); the host uses linear for it for the rest of the run")
        } else if spent > Self.total {
            function?.breach("curve '\(name)' took \(Int((spent * 1000).rounded())) ms in all this run (at most \(Int(Self.total * 1000)) ms); the host uses linear for it for the rest of the run")
        }
        return value
    }

    private static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
