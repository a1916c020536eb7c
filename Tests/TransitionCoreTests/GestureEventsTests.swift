import Testing
@testable import TransitionCore

/// A gesture in points as its recogniser's events (what an ABI 1.1 interaction controller
/// reads), and the host's own interaction when the gesture ends where it began.
@Suite("Gesture events in points")
struct GestureEventsTests {
    let window = Size(width: 390, height: 844)

    @Test("an edge pan from the left starts at the middle of that edge; translation, velocity between samples, release velocity at the end")
    func edgePan() throws {
        let events = try GestureInPoints.events("edge-pan(left): 0s 0pt, 0.2s 100pt, 0.3s 160pt, release 900pt/s", container: window)
        #expect(events.map(\.state) == [.began, .changed, .changed, .ended])
        #expect(events.allSatisfy { $0.kind == .screenEdgePan && $0.edge == .left })
        #expect(events.map(\.time) == [0, 0.2, 0.3, 0.3])
        #expect(events.map(\.translation.x) == [0, 100, 160, 160] && events.allSatisfy { $0.translation.y == 0 })
        #expect(events[0].location == Point(x: 0, y: 422) && events[2].location == Point(x: 160, y: 422))
        #expect(abs(events[1].velocity.x - 500) < 1e-9 && abs(events[2].velocity.x - 600) < 1e-9)
        #expect(events[3].velocity.x == 900)
    }

    @Test("a pan up moves its translation up from the centre; a right edge pan moves left from the right edge")
    func directions() throws {
        let up = try GestureInPoints.events("pan(up): 0s 0pt, 0.1s 50pt, release 10pt/s", container: window)
        #expect(up.allSatisfy { $0.kind == .pan && $0.edge == .none })
        #expect(up[1].translation == Point(x: 0, y: -50) && up[1].location == Point(x: 195, y: 372))
        let right = try GestureInPoints.events("edge-pan(right): 0s 0pt, 0.1s 40pt, release 10pt/s", container: window)
        #expect(right[1].edge == .right && right[1].location == Point(x: 350, y: 422) && right[2].velocity.x == -10)
    }

    @Test("a pinch reports its scale and scale velocity at the window's centre")
    func pinch() throws {
        let events = try GestureInPoints.events("pinch: 0s 1, 0.2s 0.8, 0.4s 0.5, release -1.5/s", container: window)
        #expect(events.map(\.kind) == [.pinch, .pinch, .pinch, .pinch])
        #expect(events.map(\.scale) == [1, 0.8, 0.5, 0.5])
        #expect(abs(events[1].scaleVelocity + 1) < 1e-9 && abs(events[2].scaleVelocity + 1.5) < 1e-9 && events[3].scaleVelocity == -1.5)
        #expect(events.allSatisfy { $0.location == Point(x: 195, y: 422) && $0.translation == Point(x: 0, y: 0) })
    }

    @Test("between two written events the recogniser's changed event lies on the line between them, at the later one's pace")
    func between() throws {
        let events = try GestureInPoints.events("edge-pan(left): 0s 0pt, 0.2s 100pt, 0.3s 160pt, release 900pt/s", container: window)
        let quarter = GestureEvent.between(events[0], events[1], at: 0.05)
        #expect(quarter.state == .changed && quarter.time == 0.05 && quarter.kind == .screenEdgePan && quarter.edge == .left)
        #expect(quarter.translation == Point(x: 25, y: 0) && quarter.location == Point(x: 25, y: 422))
        #expect(abs(quarter.velocity.x - 500) < 1e-9)
        let pinch = try GestureInPoints.events("pinch: 0s 1, 0.2s 0.8, release -1.5/s", container: window)
        let middle = GestureEvent.between(pinch[0], pinch[1], at: 0.1)
        #expect(abs(middle.scale - 0.9) < 1e-12 && abs(middle.scaleVelocity + 1) < 1e-9 && middle.state == .changed)
        // At either end it is the written event's place; outside them, clamped to it.
        #expect(GestureEvent.between(events[1], events[2], at: 0.3).translation.x == 160)
        #expect(GestureEvent.between(events[1], events[2], at: 0.5).translation.x == 160)
    }

    @Test("the progress form has no events, so no controller can read it")
    func progressForm() throws {
        #expect(try GestureScript(parsing: "0=0, 0.1=0.5, release=1").events == nil)
        #expect(try GestureScript(parsing: "pinch: 0s 1, 0.1s 0.5, release -1/s").events?.count == 3)
    }

    @Test("a dismissal cancelled where it began (an opening pinch) ends as it was: the standard animator's view back, the presenter's out again")
    func cancelAtZero() throws {
        let registry = EffectRegistry()
        for effect in StandardEffect.all() { registry.register(effect) }
        for effect in ["cover-vertical", "cross-dissolve"] {
            let report = try TransitionRun.run(registry: registry, options: .init(
                effect: effect, dismissGesture: "pinch: 0s 1, 0.1s 0.9, 0.2s 1.1, release 2/s"))
            let dismissal = try #require(report.outcomes.last)
            #expect(!dismissal.completed && dismissal.cancelledByInteraction && dismissal.violations.isEmpty && !dismissal.cutOff,
                    "\(effect): \(dismissal)")
        }
    }
}

@Suite("An interaction held at 100%")
struct HeldAtTheEndTests {
    @Test("a gesture scrubbed to 100% and held has not finished: the transition completes only after the release finishes it")
    func heldAtTheEnd() throws {
        let registry = EffectRegistry()
        for effect in StandardEffect.all() { registry.register(effect) }
        // Past the window's width by 0.2 s, held there until the release at 0.6 s.
        let report = try TransitionRun.run(registry: registry, options: .init(
            effect: "cover-vertical", dismissGesture: "pan(down): 0s 0pt, 0.2s 900pt, 0.6s 900pt, release 10pt/s"))
        let dismissal = try #require(report.outcomes.last)
        #expect(dismissal.completed && dismissal.violations.isEmpty, "\(dismissal)")
        let names = report.events.map(\.name)
        let finish = try #require(names.firstIndex { $0.hasPrefix("interaction.finish(") }, "\(names)")
        let complete = try #require(names.lastIndex { $0.hasPrefix("context.completeTransition(") }, "\(names)")
        #expect(finish < complete, "the animator completed before the interaction finished: \(names)")
        #expect(dismissal.endTime >= dismissal.startTime + 0.6 - 1e-9, "not before the release: \(dismissal)")
    }

    @Test("the release rule at its boundaries: exactly the flick velocity finishes forwards or cancels backwards wherever the finger is; just under it, half way decides, and exactly half way cancels")
    func releaseRuleBoundaries() {
        let flick = GestureScript.flickVelocity
        #expect(GestureScript.finishes(at: 0.1, velocity: flick))
        #expect(!GestureScript.finishes(at: 0.9, velocity: -flick))
        #expect(!GestureScript.finishes(at: 0.1, velocity: flick.nextDown))
        #expect(GestureScript.finishes(at: 0.9, velocity: -flick.nextDown))
        #expect(!GestureScript.finishes(at: 0.5, velocity: 0))
        #expect(GestureScript.finishes(at: 0.5.nextUp, velocity: 0))
    }
}
