import Foundation
import Testing
@testable import TransitionCore

@Suite("Spring timing curves")
struct SpringCurveTests {
    /// Progress at `count + 1` evenly spaced points of [0, 1].
    static func samples(_ spring: SpringCurve, count: Int = 2000) -> [Double] {
        (0...count).map { spring.progress(at: Double($0) / Double(count)) }
    }

    @Test("starts at 0 and ends exactly at 1", arguments: [0.05, 0.3, 0.55, 0.8, 1.0])
    func endpoints(damping: Double) {
        for velocity in [0.0, 3.0] {
            let spring = SpringCurve(dampingRatio: damping, initialVelocity: velocity, duration: 0.5)
            #expect(spring.progress(at: 0) == 0)
            #expect(spring.progress(at: 1) == 1)
            #expect(spring.progress(at: -1) == 0)
            #expect(spring.progress(at: 2) == 1)
        }
    }

    @Test("damping 1 never overshoots and is monotonic", arguments: [0.25, 0.5, 1.0])
    func criticallyDampedIsMonotonic(duration: Double) {
        let values = Self.samples(SpringCurve(dampingRatio: 1, initialVelocity: 0, duration: duration))
        for (previous, next) in zip(values, values.dropFirst()) {
            #expect(next >= previous)
        }
        #expect(values.max()! <= 1)
        // And it does move: halfway through it has covered most of the distance.
        #expect(values[values.count / 2] > 0.9)
    }

    @Test("damping 0.55 overshoots by about 12.6 % and settles on the target")
    func underdampedOvershoots() {
        let spring = SpringCurve(dampingRatio: 0.55, initialVelocity: 0, duration: 0.6)
        let values = Self.samples(spring, count: 10_000)
        let peak = values.max()!
        #expect(peak > 1.1 && peak < 1.2)
        // The step response's overshoot is exp(−ζπ/√(1−ζ²)) whatever the frequency.
        let zeta = 0.55
        let analytic = exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot())
        #expect(abs((peak - 1) - analytic) < 1e-3)
        // Lands on the target: within 0.1 % of the distance just before the end, so the jump to
        // exactly 1 at the end is invisible.
        for u in [0.999, 0.9995, 0.9999] {
            #expect(abs(spring.progress(at: u) - 1) <= 0.001, "at \(u): \(spring.progress(at: u))")
        }
    }

    @Test("lands within 0.1 % of the distance at the end for any damping", arguments: [0.1, 0.3, 0.55, 0.7, 0.9, 0.99, 0.999, 1])
    func landsForAnyDamping(damping: Double) {
        let spring = SpringCurve(dampingRatio: damping, initialVelocity: 0, duration: 0.5)
        // 0.1 %, plus the hair the motion still covers in the last 0.01 % of the time.
        #expect(abs(spring.progress(at: 0.9999) - 1) <= 0.001_01)
    }

    @Test("the curve changes continuously as the damping ratio approaches 1")
    func continuousAtCriticalDamping() {
        let critical = SpringCurve(dampingRatio: 1, initialVelocity: 0, duration: 0.5)
        let almost = SpringCurve(dampingRatio: 0.99999, initialVelocity: 0, duration: 0.5)
        for u in [0.05, 0.1, 0.2, 0.4, 0.8] {
            #expect(abs(critical.progress(at: u) - almost.progress(at: u)) < 1e-3)
        }
    }

    @Test("an initial velocity makes early progress larger", arguments: [1.0, 0.55])
    func initialVelocityAdvancesEarlyProgress(damping: Double) {
        let still = SpringCurve(dampingRatio: damping, initialVelocity: 0, duration: 0.5)
        let pushed = SpringCurve(dampingRatio: damping, initialVelocity: 5, duration: 0.5)
        for u in [0.02, 0.05, 0.1] {
            #expect(pushed.progress(at: u) > still.progress(at: u))
        }
    }

    @Test("the initial velocity is in distances per second")
    func initialVelocityUnits() {
        // Over the first instant, progress grows at `initialVelocity` distances per second.
        let duration = 0.8, velocity = 3.0
        let spring = SpringCurve(dampingRatio: 0.7, initialVelocity: velocity, duration: duration)
        let h = 1e-7
        let rate = spring.progress(at: h) / (h * duration)
        #expect(abs(rate - velocity) < 1e-3 * velocity)
        // Without a velocity it starts at rest.
        let atRest = SpringCurve(dampingRatio: 0.7, initialVelocity: 0, duration: duration)
        #expect(atRest.progress(at: h) / (h * duration) < 1e-3)
    }

    @Test("without a velocity the shape does not depend on the duration")
    func shapeIndependentOfDuration() {
        let short = SpringCurve(dampingRatio: 0.55, initialVelocity: 0, duration: 0.3)
        let long = SpringCurve(dampingRatio: 0.55, initialVelocity: 0, duration: 1.2)
        for i in 1..<20 {
            let u = Double(i) / 20
            #expect(abs(short.progress(at: u) - long.progress(at: u)) < 1e-9)
        }
    }

    @Test("damping ratios outside (0, 1] are clamped")
    func dampingIsClamped() {
        let over = SpringCurve(dampingRatio: 3, initialVelocity: 0, duration: 0.5)
        let critical = SpringCurve(dampingRatio: 1, initialVelocity: 0, duration: 0.5)
        #expect(over.dampingRatio == 1)
        #expect(over.progress(at: 0.3) == critical.progress(at: 0.3))
        let zero = SpringCurve(dampingRatio: 0, initialVelocity: 0, duration: 0.5)
        #expect(zero.dampingRatio == 0.05)
        #expect(zero.progress(at: 0.3).isFinite)
    }

    @Test("TimingCurve.spring and AnimationOptions.spring use the spring")
    func springThroughOptions() {
        let options = AnimationOptions.spring(duration: 0.6, dampingRatio: 0.55)
        let spring = SpringCurve(dampingRatio: 0.55, initialVelocity: 0, duration: 0.6)
        #expect(options.duration == 0.6)
        for u in [0.1, 0.3, 0.5] {
            #expect(options.curve.progress(at: u) == spring.progress(at: u))
        }
        // Its overshoot reaches the timing curve (a Bézier never exceeds 1).
        #expect((0...100).map { options.curve.progress(at: Double($0) / 100) }.max()! > 1.1)
    }
}
