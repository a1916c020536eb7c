import Testing
@testable import TransitionCore

/// The y of a cubic Bézier from (0,0) to (1,1) with control points (x1,y1), (x2,y2) at the given
/// x, computed independently of CubicBezier: bisection on the Bernstein form of x(t), which is
/// monotonic for control x-coordinates in [0, 1], then y at the t found.
func referenceBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, at x: Double) -> Double {
    func bernstein(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
        let s = 1 - t
        return 3 * s * s * t * p1 + 3 * s * t * t * p2 + t * t * t
    }
    var low = 0.0, high = 1.0
    for _ in 0..<200 {
        let mid = (low + high) / 2
        if bernstein(x1, x2, mid) < x { low = mid } else { high = mid }
    }
    return bernstein(y1, y2, (low + high) / 2)
}

/// A named curve of the engine and Core Animation's published control points for it.
struct PublishedCurve: Sendable, CustomTestStringConvertible {
    let curve: TimingCurve
    let x1, y1, x2, y2: Double
    var testDescription: String { curve.name }

    static let all = [
        PublishedCurve(curve: .linear, x1: 0, y1: 0, x2: 1, y2: 1),
        PublishedCurve(curve: .easeIn, x1: 0.42, y1: 0, x2: 1, y2: 1),
        PublishedCurve(curve: .easeOut, x1: 0, y1: 0, x2: 0.58, y2: 1),
        PublishedCurve(curve: .easeInOut, x1: 0.42, y1: 0, x2: 0.58, y2: 1),
        PublishedCurve(curve: .caDefault, x1: 0.25, y1: 0.1, x2: 0.25, y2: 1),
    ]
}

@Suite("Cubic Bézier timing curves")
struct TimingCurveTests {
    static let samplePoints = [0.0, 1.0, 0.5, 0.1, 0.25, 0.75, 0.9, 0.01, 0.99]

    @Test("matches the published control points at known points", arguments: PublishedCurve.all)
    func matchesPublishedControlPoints(_ published: PublishedCurve) {
        for x in Self.samplePoints {
            let expected = referenceBezier(published.x1, published.y1, published.x2, published.y2, at: x)
            let actual = published.curve.progress(at: x)
            #expect(abs(actual - expected) <= 1e-6, "\(published.curve.name) at \(x): \(actual), expected \(expected)")
        }
    }

    @Test("starts at 0 and ends at 1, and clamps outside [0, 1]", arguments: PublishedCurve.all)
    func endpointsAndClamping(_ published: PublishedCurve) {
        #expect(published.curve.progress(at: 0) == 0)
        #expect(published.curve.progress(at: 1) == 1)
        #expect(published.curve.progress(at: -0.5) == 0)
        #expect(published.curve.progress(at: 1.5) == 1)
    }

    @Test("the reference itself agrees with the values CSS and Core Animation document")
    func referenceMatchesDocumentedValues() {
        // Values of the same curves as browsers document them (four decimals), so that a mistake
        // in the reference cannot make the comparison above pass against a wrong curve.
        #expect(abs(referenceBezier(0.42, 0, 1, 1, at: 0.5) - 0.3154) < 1e-4)
        #expect(abs(referenceBezier(0, 0, 0.58, 1, at: 0.5) - 0.6846) < 1e-4)
        #expect(abs(referenceBezier(0.42, 0, 0.58, 1, at: 0.25) - 0.1292) < 1e-4)
        #expect(abs(referenceBezier(0.25, 0.1, 0.25, 1, at: 0.5) - 0.8024) < 1e-4)
    }

    @Test("ease-in and ease-out are distinct and lie on either side of linear")
    func easeInBelowEaseOutAbove() {
        for x in stride(from: 0.05, through: 0.95, by: 0.05) {
            #expect(TimingCurve.easeIn.progress(at: x) < x)
            #expect(TimingCurve.easeOut.progress(at: x) > x)
        }
    }

    @Test("linear is the identity")
    func linearIsIdentity() {
        for i in 0...100 {
            let x = Double(i) / 100
            #expect(abs(TimingCurve.linear.progress(at: x) - x) <= 1e-9)
        }
    }

    @Test("ease-in-out is point-symmetric: p(x) + p(1 - x) = 1")
    func easeInOutSymmetry() {
        for i in 0...100 {
            let x = Double(i) / 100
            let sum = TimingCurve.easeInOut.progress(at: x) + TimingCurve.easeInOut.progress(at: 1 - x)
            #expect(abs(sum - 1) <= 1e-9, "at \(x): \(sum)")
        }
        #expect(abs(TimingCurve.easeInOut.progress(at: 0.5) - 0.5) <= 1e-9)
    }

    @Test("ease-in is the mirror image of ease-out: in(x) = 1 - out(1 - x)")
    func easeInMirrorsEaseOut() {
        for i in 0...100 {
            let x = Double(i) / 100
            let mirrored = 1 - TimingCurve.easeOut.progress(at: 1 - x)
            #expect(abs(TimingCurve.easeIn.progress(at: x) - mirrored) <= 1e-9)
        }
    }

    @Test("curves are monotonic non-decreasing", arguments: PublishedCurve.all)
    func monotonic(_ published: PublishedCurve) {
        var previous = 0.0
        for i in 0...1000 {
            let p = published.curve.progress(at: Double(i) / 1000)
            #expect(p >= previous - 1e-12, "\(published.curve.name) decreases at \(Double(i) / 1000)")
            previous = p
        }
    }
}
