import Foundation
import Testing
@testable import TransitionCore

/// Repeats and reversal (ABI 1.2; CAMediaTiming.repeatCount and autoreverses) and a spring's
/// 2D initial velocity (UISpringTimingParameters(initialVelocity: CGVector)).
@Suite("Repeat, autoreverse and 2D spring velocity")
struct RepeatAndVelocityTests {
    /// A view's alpha animated from 1 to 0 with `options`, sampled at `times`, and when the
    /// completion ran.
    func alpha(_ options: AnimationOptions, at times: [Double]) -> (samples: [Double], completed: Double?) {
        let scene = Scene(windowSize: Size(width: 100, height: 100), clock: VirtualClock(framesPerSecond: 100))
        let v = scene.makeView(name: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        scene.window.addSubview(v)
        var completed: Double?
        scene.engine.animate(options, animations: { v.alpha = 0 }, completion: { _ in completed = scene.engine.now })
        var samples: [Double] = []
        for t in times {
            while scene.engine.now < t - 1e-9 { scene.engine.step() }
            samples.append(v.presentation.alpha)
        }
        while scene.engine.now < 3 { scene.engine.step() }
        return (samples, completed)
    }

    func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    @Test("repeat 2: plays twice from the start, then the model value; the completion at 1 s")
    func repeatsTwice() {
        var o = AnimationOptions(duration: 0.5, curve: .linear)
        o.repeatCount = 2
        #expect(o.activeDuration == 1)
        let r = alpha(o, at: [0.25, 0.5, 0.75, 0.99, 1])
        #expect(close(r.samples, [0.5, 1, 0.5, 0.02, 0]), "\(r.samples)")
        #expect(abs((r.completed ?? -1) - 1) < 1e-9)
    }

    @Test("autoreverse: forwards, then back to the start, then the model value (Core Animation's snap); twice as long")
    func autoreverses() {
        var o = AnimationOptions(duration: 0.5, curve: .linear)
        o.autoreverses = true
        #expect(o.activeDuration == 1)
        let r = alpha(o, at: [0.25, 0.5, 0.75, 0.99, 1])
        #expect(close(r.samples, [0.5, 0, 0.5, 0.98, 0]), "\(r.samples)")
        #expect(abs((r.completed ?? -1) - 1) < 1e-9)
    }

    @Test("repeat 1.5 with autoreverse: forwards, back, forwards, 1.5 s; repeat 2.5 stops half way into its third play")
    func fractionalRepeats() {
        var o = AnimationOptions(duration: 0.5, curve: .linear)
        o.repeatCount = 1.5
        o.autoreverses = true
        #expect(o.activeDuration == 1.5)
        let r = alpha(o, at: [0.75, 1.25, 1.49])
        #expect(close(r.samples, [0.5, 0.5, 0.02]), "\(r.samples)")
        #expect(abs((r.completed ?? -1) - 1.5) < 1e-9)

        var p = AnimationOptions(duration: 0.5, curve: .linear)
        p.repeatCount = 2.5
        #expect(p.activeDuration == 1.25)
        let q = alpha(p, at: [1.2, 1.24])
        #expect(close(q.samples, [0.6, 0.52]), "\(q.samples)")
        #expect(abs((q.completed ?? -1) - 1.25) < 1e-9)
    }

    @Test("each play follows the whole curve; a reversed one plays it backwards")
    func curvePerPlay() {
        var o = AnimationOptions(duration: 0.5, curve: .easeInOut)
        o.repeatCount = 2
        o.autoreverses = true
        let early = 1 - TimingCurve.easeInOut.progress(at: 0.2), late = 1 - TimingCurve.easeInOut.progress(at: 0.8)
        // Forwards 0.2 in; back 0.2 in (0.8 of the way); back 0.8 in; forwards again 0.2 in, 0.8 in.
        let r = alpha(o, at: [0.1, 0.6, 0.9, 1.1, 1.4])
        #expect(close(r.samples, [early, late, early, early, late]), "\(r.samples)")
        #expect(abs((r.completed ?? -1) - 2) < 1e-9)
    }

    @Test("a centre with a 2D velocity: x at the x spring, y at the y one, every other property at x's")
    func twoAxisSpring() {
        let scene = Scene(windowSize: Size(width: 400, height: 400), clock: VirtualClock(framesPerSecond: 100))
        let v = scene.makeView(name: "v", frame: Rect(x: -5, y: -5, width: 10, height: 10))
        scene.window.addSubview(v)
        var o = AnimationOptions.spring(duration: 1, dampingRatio: 1, initialVelocity: 0)
        let vertical = SpringCurve(dampingRatio: 1, initialVelocity: 5, duration: 1)
        o.verticalCurve = .spring(vertical)
        var completed: Double?
        scene.engine.animate(o, animations: {
            v.center = Point(x: 100, y: 100)
            v.alpha = 0
        }, completion: { _ in completed = scene.engine.now })
        while scene.engine.now < 0.1 - 1e-9 { scene.engine.step() }
        let horizontal = SpringCurve(dampingRatio: 1, initialVelocity: 0, duration: 1)
        #expect(abs(v.presentation.center.x - 100 * horizontal.progress(at: 0.1)) < 1e-9)
        #expect(abs(v.presentation.center.y - 100 * vertical.progress(at: 0.1)) < 1e-9)
        #expect(v.presentation.center.y > v.presentation.center.x + 10, "thrown down, y leads")
        #expect(abs(v.presentation.alpha - (1 - horizontal.progress(at: 0.1))) < 1e-9)
        while scene.engine.now < 1.5 { scene.engine.step() }
        #expect(v.presentation.center == Point(x: 100, y: 100) && abs((completed ?? -1) - 1) < 1e-9)
    }

    @Test("a physical spring's two axes last as long as the slower one takes to settle")
    func physicalTwoAxes() {
        let x = SpringCurve(mass: 1, stiffness: 100, damping: 10, initialVelocity: 0)
        let y = SpringCurve(mass: 1, stiffness: 100, damping: 10, initialVelocity: 40)
        #expect(y.duration > x.duration)
        let longer = x.lasting(y.duration)
        #expect(longer.duration == y.duration && longer.omega == x.omega && longer.dampingRatio == x.dampingRatio)
        // The same motion in seconds, played longer.
        let t = 0.3
        #expect(abs(longer.progress(at: t / longer.duration) - x.progress(at: t / x.duration)) < 1e-12)
    }
}
