import Testing
@testable import TransitionCore

/// Gestures in points and seconds, turned into progress as the guide's handlers do.
@Suite("Gestures in points")
struct GestureInPointsTests {
    let window = Size(width: 400, height: 800)

    @Test("an edge pan from the left: progress is the distance over the width, the release velocity per width")
    func edgePan() throws {
        let g = try GestureScript(parsing: "edge-pan(left): 0s 0pt, 0.3s 100pt, 0.5s 300pt, release 800pt/s", container: window)
        #expect(g.samples.map(\.progress) == [0, 0.25, 0.75])
        #expect(g.samples.map(\.time) == [0, 0.3, 0.5])
        #expect(g.releaseVelocity == 2)
        #expect(g.finishes)  // past half and a flick
        let slow = try GestureScript(parsing: "edge-pan(left): 0s 0pt, 0.5s 120pt, release 40pt/s", container: window)
        #expect(!slow.finishes && slow.samples.last?.progress == 0.3)
    }

    @Test("a pan's direction picks the extent: down and up along the height; past the container it is clamped")
    func panDirections() throws {
        let down = try GestureScript(parsing: "pan(down): 0s 0pt, 0.2s 400pt, release 0pt/s", container: window)
        #expect(down.samples.last?.progress == 0.5 && !down.finishes)  // not past half: cancel
        let far = try GestureScript(parsing: "pan(up): 0s 0pt, 0.2s 2000pt, release 0pt/s", container: window)
        #expect(far.samples.last?.progress == 1 && far.finishes)
        let back = try GestureScript(parsing: "edge-pan(right): 0s 0pt, 0.2s -50pt, release -100pt/s", container: window)
        #expect(back.samples.last?.progress == 0)
    }

    @Test("a pinch: progress is 1 − scale / the first scale; closing finishes, opening cancels, whatever the progress")
    func pinch() throws {
        let closing = try GestureScript(parsing: "pinch: 0s 2.0, 0.2s 1.5, 0.4s 1.0, release -0.1/s", container: window)
        #expect(closing.samples.map(\.progress) == [0, 0.25, 0.5])
        #expect(closing.finishes && closing.releaseVelocity == 0.05)
        let opening = try GestureScript(parsing: "pinch: 0s 1, 0.3s 0.2, release 0.5/s", container: window)
        #expect(!opening.finishes)  // 80 % of the way, but the fingers open: cancel, as the guide's handler
    }

    @Test("a rotation: progress is the angle over a quarter turn, released as a pan; its events in radians")
    func rotation() throws {
        let g = try GestureScript(parsing: "rotation: 0s 0deg, 0.2s 45deg, 0.4s 72deg, release 180deg/s", container: window)
        #expect(g.samples.map(\.progress) == [0, 0.5, 0.8] && g.releaseVelocity == 2 && g.finishes)
        let slow = try GestureScript(parsing: "rotation: 0s 0deg, 0.2s 30deg, release 45deg/s", container: window)
        #expect(!slow.finishes, "a third of a quarter turn, slowly: cancel")
        let backwards = try GestureScript(parsing: "rotation: 0s 0deg, 0.2s -30deg, release -90deg/s", container: window)
        #expect(backwards.samples.last?.progress == 0 && !backwards.finishes)
        let events = try #require(g.events)
        #expect(events.map(\.kind) == [.rotation, .rotation, .rotation, .rotation] && events.map(\.state) == [.began, .changed, .changed, .ended])
        #expect(abs(events[1].rotation - .pi / 4) < 1e-12 && abs(events[3].rotationVelocity - .pi) < 1e-12)
    }

    @Test("a long press: a pan that begins when held; its events say where the finger is, with no translation")
    func longPress() throws {
        let g = try GestureScript(parsing: "long-press(right): 0.5s 0pt, 0.7s 200pt, release 0pt/s", container: window)
        #expect(g.samples.map(\.progress) == [0, 0.5] && g.samples.first?.time == 0.5 && !g.finishes)
        let events = try #require(g.events)
        #expect(events.map(\.kind) == [.longPress, .longPress, .longPress] && events.map(\.state) == [.began, .changed, .ended])
        #expect(events[1].location == Point(x: 400, y: 400) && events[1].translation == Point(x: 0, y: 0) && events[1].velocity == Point(x: 0, y: 0))
    }

    @Test("a tap: one recognised event at its time; the transition held until then, then finished")
    func tap() throws {
        let g = try GestureScript(parsing: "tap: 0.3s", container: window)
        #expect(g.samples == [GestureScript.Sample(time: 0.3, progress: 0)] && g.finishes && g.releaseTime == 0.3)
        #expect(g.events == [GestureEvent(kind: .tap, state: .ended, time: 0.3, location: Point(x: 200, y: 400))])
        for bad in ["tap: 0.3s, 0.4s", "tap: ", "tap: -1s", "tap: 0.3"] {
            #expect(throws: GestureScript.ParseError.self, "\(bad)") { try GestureScript(parsing: bad, container: window) }
        }
        #expect(throws: GestureScript.ParseError(description: "gesture: '0pt' is not a number in deg")) {
            try GestureScript(parsing: "rotation: 0s 0pt, release 1deg/s", container: window)
        }
        #expect(throws: GestureScript.ParseError(description: "gesture: 'long-press(north)': a direction is one of down, left, right, up")) {
            try GestureScript(parsing: "long-press(north): 0s 0pt, release 0pt/s", container: window)
        }
    }

    @Test("read live, as a window's pointer sends them: a rotation scrubs and flicks, a long press scrubs from where it began, a tap finishes")
    func liveKinds() {
        var reading = LiveGestureReading(container: window)
        #expect(reading.read(GestureEvent(kind: .rotation, state: .changed, time: 0, location: .zero, rotation: .pi / 4)) == .scrub(to: 0.5))
        #expect(reading.read(GestureEvent(kind: .rotation, state: .ended, time: 0, location: .zero, rotation: .pi / 8, rotationVelocity: .pi)) == .finish)
        var press = LiveGestureReading(container: window)
        #expect(press.read(GestureEvent(kind: .longPress, state: .began, time: 0, location: Point(x: 200, y: 600))) == .scrub(to: 0))
        #expect(press.read(GestureEvent(kind: .longPress, state: .changed, time: 0, location: Point(x: 200, y: 400))) == .scrub(to: 0.25))
        var tap = LiveGestureReading(container: window)
        #expect(tap.read(GestureEvent(kind: .tap, state: .ended, time: 0, location: .zero)) == .finish)
    }

    @Test("comments and new lines are allowed; the progress form still parses as before")
    func forms() throws {
        let commented = try GestureScript(parsing: "# a quick swipe\nedge-pan(left):\n 0s 0pt, # start\n 0.1s 200pt,\n release 2000pt/s", container: window)
        #expect(commented.samples.count == 2 && commented.finishes)
        let progress = try GestureScript(parsing: "0=0, 0.1=0.2, release=0.4")
        #expect(progress.samples.count == 2 && progress.decision == nil)
    }

    @Test("bad gestures are refused, naming the fault", arguments: [
        ("pan(sideways): 0s 0pt, release 1pt/s", "a direction is one of down, left, right, up"),
        ("edge-pan(middle): 0s 0pt, release 1pt/s", "an edge is one of bottom, left, right, top"),
        ("swipe: 0s 0pt, release 1pt/s", "is not edge-pan(EDGE), pan(DIRECTION), pinch, rotation, long-press(DIRECTION) or tap"),
        ("edge-pan(left): 0s 0pt, 0.2s 100", "'100' is not a number in pt"),
        ("edge-pan(left): 0s 0pt, 0.2s 100pt", "no 'release VELOCITY' at the end"),
        ("edge-pan(left): 0.2s 0pt, 0.1s 100pt, release 1pt/s", "times must increase"),
        ("pinch: 0s 0, release -1/s", "a pinch's scale is above 0"),
        ("pinch: 0s 1, release -1/s, 0.2s 0.5", "nothing may follow the release"),
        ("pinch: 0s 1, release nan/s", "'nan/s' is not a number in /s"),
    ])
    func refused(_ text: String, _ says: String) {
        #expect(throws: GestureScript.ParseError.self) { try GestureScript(parsing: text) }
        do { _ = try GestureScript(parsing: text) } catch { #expect("\(error)".contains(says), "\(error)") }
    }
}
