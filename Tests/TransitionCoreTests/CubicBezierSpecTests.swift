import Testing
@testable import TransitionCore

/// `cubic-bezier(x1, y1, x2, y2)` as a curve spec (--curve, a plugin's named curve): CSS's
/// syntax, its points checked as ABI 1.2's TH_TIMING_CUBIC checks them.
@Suite("cubic-bezier() curve specs")
struct CubicBezierSpecTests {
    let registry = CurveRegistry()

    @Test("values in order, as CSS writes them, make that curve, named as written")
    func positional() throws {
        let curve = try registry.resolve("cubic-bezier(0.2, 0.8, 0.2, 1)")
        #expect(curve == .bezier(name: "cubic-bezier(0.2, 0.8, 0.2, 1)", CubicBezier(0.2, 0.8, 0.2, 1)))
        // Halfway in time, this ease-out is far past halfway in progress; the ends are exact.
        #expect(curve.progress(at: 0.5) > 0.85 && curve.progress(at: 0) == 0 && curve.progress(at: 1) == 1)
        #expect(curve.progress(at: 0.5) == CubicBezier(0.2, 0.8, 0.2, 1).progress(at: 0.5))
    }

    @Test("named values, and missing ones take CSS's ease (Core Animation's default)")
    func named() throws {
        #expect(try registry.resolve("cubic-bezier(y1=0.5)").name == "cubic-bezier(0.25, 0.5, 0.25, 1)")
        #expect(try registry.resolve("cubic-bezier") == .cubicBezier(.caDefault))
    }

    @Test("an overshooting y is allowed; an x outside [0, 1] or a y past ±10 is refused, naming it",
          arguments: [("cubic-bezier(1.2, 0, 0.5, 1)", "'x1'"), ("cubic-bezier(0.2, 0, -0.1, 1)", "'x2'"),
                      ("cubic-bezier(0.2, 11, 0.5, 1)", "'y1'"), ("cubic-bezier(0.2, 0, 0.5, nan)", "'y2'")])
    func refused(_ spec: String, _ field: String) {
        #expect(throws: ParameterError.self) { try registry.resolve(spec) }
        do { _ = try registry.resolve(spec) } catch { #expect("\(error)".contains(field), "\(error)") }
        #expect((try? registry.resolve("cubic-bezier(0.3, -0.5, 0.7, 1.5)")) != nil)
    }

    @Test("five values, or values both in order and named, are refused saying how to write them")
    func miswritten() {
        do { _ = try registry.resolve("cubic-bezier(0.1, 0.2, 0.3, 0.4, 0.5)"); Issue.record("five values accepted") } catch {
            #expect("\(error)" == "curve cubic-bezier takes at most 4: x1, y1, x2, y2; 5 given")
        }
        do { _ = try registry.resolve("cubic-bezier(0.1, y1=0.2)"); Issue.record("mixed values accepted") } catch {
            #expect("\(error)".contains("in order or as name=value, not both"))
        }
        do { _ = try registry.resolve("ease-in(0.5)"); Issue.record("a value for a curve without any accepted") } catch {
            #expect("\(error)" == "curve ease-in takes no values; 1 given")
        }
    }
}
