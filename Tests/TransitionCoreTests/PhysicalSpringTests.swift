import Foundation
import Testing
@testable import TransitionCore

/// Physical springs (ABI 1.2's TH_TIMING_SPRING_PHYSICAL; CASpringAnimation): frequency and
/// damping ratio from mass, stiffness and damping, the motion of a damped oscillator, and a
/// duration that is the time it takes to settle.
@Suite("Physical springs")
struct PhysicalSpringTests {
    @Test("mass 1, stiffness 100, damping 10: ω 10, ζ 0.5, the oscillator's own motion, settled in 1.4103 s")
    func underdamped() {
        let spring = SpringCurve(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        #expect(spring.omega == 10 && spring.dampingRatio == 0.5)
        // The envelope e^(−5t)·√(1 + b²), b = −5 / (10·√0.75), falls to 0.001 at ln(1000·√(4/3)) / 5.
        let settled = log(1000 * (4.0 / 3).squareRoot()) / 5
        #expect(abs(spring.duration - settled) < 1e-9, "\(spring.duration)")
        // y = x − 1 = e^(−5t)(−cos(ωd t) + b sin(ωd t)) at t = 0.2 s and 0.5 s.
        let wd = 10 * 0.75.squareRoot(), b = -5 / wd
        for t in [0.2, 0.5] {
            let expected = 1 + exp(-5 * t) * (-cos(wd * t) + b * sin(wd * t))
            #expect(abs(spring.progress(at: t / spring.duration) - expected) < 1e-12)
        }
        #expect(spring.progress(at: 0) == 0 && spring.progress(at: 1) == 1)
        // It overshoots: about 16.3 % at its first peak, e^(−πζ/√(1−ζ²)).
        let peak = (0...2000).map { spring.progress(at: Double($0) / 2000) }.max()!
        #expect(abs(peak - 1 - exp(-Double.pi * 0.5 / 0.75.squareRoot())) < 0.001, "\(peak)")
    }

    @Test("damping 40 (ζ 2) creeps in without overshoot; damping 20 (ζ 1) too, faster")
    func overdampedAndCritical() {
        for damping in [40.0, 20.0] {
            let spring = SpringCurve(mass: 1, stiffness: 100, damping: damping, initialVelocity: 0)
            let values = (0...1000).map { spring.progress(at: Double($0) / 1000) }
            #expect(zip(values, values.dropFirst()).allSatisfy { $1 >= $0 - 1e-12 }, "damping \(damping) is monotonic")
            #expect(values.max()! <= 1)
            // Within the residual of the end at the end of its duration.
            #expect(abs(spring.progress(at: 0.999_999) - 1) <= 0.001 + 1e-7)
        }
        let critical = SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0)
        let creeping = SpringCurve(mass: 1, stiffness: 100, damping: 40, initialVelocity: 0)
        #expect(critical.dampingRatio == 1 && creeping.dampingRatio == 2)
        #expect(critical.duration < creeping.duration)
        // ζ 2: y = A e^(r1 t) + B e^(r2 t), r = −10(2 ∓ √3), at t = 0.3 s.
        let r1 = -10 * (2 - 3.0.squareRoot()), r2 = -10 * (2 + 3.0.squareRoot()), a = r2 / (r1 - r2)
        let expected = 1 + a * exp(r1 * 0.3) + (-1 - a) * exp(r2 * 0.3)
        #expect(abs(creeping.progress(at: 0.3 / creeping.duration) - expected) < 1e-12)
    }

    @Test("played slower, the same motion: frequency over the factor, ratio kept, twice the time")
    func dilated() throws {
        let options = AnimationOptions(duration: 0, curve: .spring(SpringCurve(mass: 2, stiffness: 50, damping: 6, initialVelocity: 1)))
        let spring = SpringCurve(mass: 2, stiffness: 50, damping: 6, initialVelocity: 1)
        let slow = options.dilated(by: 2)
        guard case .spring(let s) = slow.curve else { Issue.record("not a spring"); return }
        #expect(abs(s.omega - spring.omega / 2) < 1e-12 && abs(s.dampingRatio - spring.dampingRatio) < 1e-12)
        #expect(abs(s.duration - 2 * spring.duration) < 1e-9)
        for u in [0.1, 0.4, 0.7] { #expect(abs(s.progress(at: u) - spring.progress(at: u)) < 1e-9) }
        #expect(TimingCurve.spring(spring).name == "spring(mass: 2.0, stiffness: 50.0, damping: 6.0, velocity: 1.0)")
    }
}
