import Testing
@testable import TransitionCore

/// A curve written for UIKit, Core Animation, SwiftUI and CSS (`host curve`, the studio's
/// tuner): the numbers exact, and each form moving as the curve does.
@Suite("Curve forms for other platforms")
struct CurveFormsTests {
    @Test("a cubic Bézier keeps its control points in every form")
    func bezier() {
        let forms = CurveForms.forms(of: .easeInOut, duration: 0.3)
        #expect(forms.map(\.platform) == ["UIKit", "Core Animation", "SwiftUI", "CSS"])
        #expect(forms[2].text == ".timingCurve(0.42, 0, 0.58, 1, duration: 0.3)")
        #expect(forms[3].text == "cubic-bezier(0.42, 0, 0.58, 1) 0.3s")
    }

    @Test("a UIKit spring becomes the physical spring that moves the same way, and SwiftUI's duration and bounce",
          arguments: [(0.6, 0.5), (1.0, 1.0), (0.3, 0.8)])
    func spring(_ zeta: Double, _ duration: Double) throws {
        let spring = SpringCurve(dampingRatio: zeta, initialVelocity: 0, duration: duration)
        let forms = CurveForms.forms(of: .spring(spring), duration: duration)
        let omega = spring.omega
        let physical = SpringCurve(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega, initialVelocity: 0)
        // Sampled at the same times of the clock, they are one motion.
        for i in 1..<20 {
            let t = duration * Double(i) / 20
            #expect(abs(physical.progress(at: t / physical.duration) - spring.progress(at: t / duration)) < 1e-9, "at \(t) s")
        }
        let swiftUI = try #require(forms.first { $0.platform == "SwiftUI" }).text
        #expect(swiftUI == ".spring(duration: \(CurveForms.number(2 * Double.pi / omega, 3)), bounce: \(CurveForms.number(1 - zeta, 3)))")
    }

    @Test("spring(0.6) over 0.5 s: stiffness 565, damping 28.52, SwiftUI 0.264 and 0.4; CSS linear() has 41 stops, 1 at the end")
    func pinned() throws {
        let curve = try CurveRegistry().resolve("spring(0.6)")
        let forms = CurveForms.forms(of: curve, duration: 0.5)
        #expect(forms[1].text == "CASpringAnimation: mass 1, stiffness 565, damping 28.52, initialVelocity 0 (settles in 0.5 s)")
        #expect(forms[2].text == ".spring(duration: 0.264, bounce: 0.4)")
        let css = forms[3].text
        #expect(css.hasPrefix("linear(0, 0.039 2.5%, ") && css.hasSuffix(", 1) 0.5s"))
        #expect(css.split(separator: ",").count == CurveForms.cssSamples + 1)
        #expect(throws: ParameterError.self) { try CurveRegistry().resolve("spring(1.5)") }
    }
}
