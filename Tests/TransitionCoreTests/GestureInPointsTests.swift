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
        ("swipe: 0s 0pt, release 1pt/s", "is not edge-pan(EDGE), pan(DIRECTION) or pinch"),
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
