import Testing
@testable import TransitionCore

/// The host's percent-driven interaction reading a recogniser's events as they come (a live
/// window's pointer): the same progress and release as the gesture written in points.
@Suite("Live gesture events read as progress")
struct LiveGestureReadingTests {
    let window = Size(width: 390, height: 844)

    @Test("a gesture written in points reads the same, event by event, as its samples and release")
    func sameAsWritten() throws {
        for text in ["edge-pan(left): 0s 0pt, 0.2s 100pt, 0.3s 300pt, release 0pt/s",
                     "edge-pan(left): 0s 0pt, 0.2s 80pt, release 0pt/s",
                     "edge-pan(left): 0s 0pt, 0.1s 60pt, release 900pt/s",
                     "pan(up): 0s 0pt, 0.2s 500pt, release -10pt/s",
                     "pinch: 0s 1, 0.2s 0.7, release -0.5/s", "pinch: 0s 1, 0.2s 0.4, release 0.5/s"] {
            let script = try GestureScript(parsing: text, container: window)
            var reading = LiveGestureReading(container: window)
            let inputs = try GestureInPoints.events(text, container: window).map { reading.read($0) }
            let samples = script.samples.map { LiveInput.scrub(to: $0.progress) }
            #expect(inputs.dropLast() == samples[...], "\(text)")
            #expect(inputs.last == (script.finishes ? .finish : .cancel), "\(text)")
        }
    }

    @Test("a pan anywhere takes its direction from its translation when it began, and keeps it")
    func panDirection() {
        var reading = LiveGestureReading(container: window)
        let began = GestureEvent(kind: .pan, state: .began, time: 0, location: Point(x: 0, y: 0), translation: Point(x: 2, y: 84.4))
        #expect(reading.read(began) == .scrub(to: 0.1))
        // Later sideways movement does not count: the pan goes down.
        let changed = GestureEvent(kind: .pan, state: .changed, time: 0.1, location: Point(x: 0, y: 0), translation: Point(x: 300, y: 422))
        #expect(reading.read(changed) == .scrub(to: 0.5))
        let flick = GestureEvent(kind: .pan, state: .ended, time: 0.2, location: Point(x: 0, y: 0), translation: Point(x: 0, y: 100),
                                 velocity: Point(x: 0, y: 900))
        #expect(reading.read(flick) == .finish, "900 pt/s down is more than one window height a second")
        let cancelled = GestureEvent(kind: .pan, state: .cancelled, time: 0.2, location: Point(x: 0, y: 0), translation: Point(x: 0, y: 800))
        #expect(reading.read(cancelled) == .cancel)
    }

    @Test("a pan that begins without moving takes its direction from its first movement, and keeps it: down, then a larger sideways move still reads down")
    func directionFromFirstMovement() {
        var reading = LiveGestureReading(container: window)
        let at = Point(x: 100, y: 100)
        #expect(reading.read(GestureEvent(kind: .pan, state: .began, time: 0, location: at)) == .scrub(to: 0))
        #expect(reading.read(GestureEvent(kind: .pan, state: .changed, time: 0.1, location: at, translation: Point(x: 1, y: 42.2))) == .scrub(to: 0.05))
        #expect(reading.read(GestureEvent(kind: .pan, state: .changed, time: 0.2, location: at, translation: Point(x: 300, y: 84.4))) == .scrub(to: 0.1))
    }

    @Test("a translation as long across as down reads across; a pan from the right edge reads leftwards")
    func directionTiesAndEdges() {
        var tie = LiveGestureReading(container: window)
        #expect(tie.read(GestureEvent(kind: .pan, state: .began, time: 0, location: Point(x: 0, y: 0), translation: Point(x: 39, y: 39))) == .scrub(to: 0.1))
        var right = LiveGestureReading(container: window)
        #expect(right.read(GestureEvent(kind: .screenEdgePan, state: .began, edge: .right, time: 0, location: Point(x: 390, y: 400),
                                        translation: Point(x: -195, y: 0))) == .scrub(to: 0.5))
    }

    @Test("a pinch released with its scale still (0/s) cancels; closing at the least speed finishes; opening cancels")
    func pinchReleaseAtZero() {
        func release(_ velocity: Double) -> LiveInput {
            var reading = LiveGestureReading(container: window)
            _ = reading.read(GestureEvent(kind: .pinch, state: .began, time: 0, location: Point(x: 195, y: 422), scale: 1))
            return reading.read(GestureEvent(kind: .pinch, state: .ended, time: 0.3, location: Point(x: 195, y: 422), scale: 0.4,
                                             scaleVelocity: velocity))
        }
        #expect(release(0) == .cancel)
        #expect(release(-Double.leastNonzeroMagnitude) == .finish)
        #expect(release(0.5) == .cancel)
    }
}
