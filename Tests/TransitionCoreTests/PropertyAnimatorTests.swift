import Testing
@testable import TransitionCore

/// UIViewPropertyAnimator's states and rules, as plugins get them through
/// TH_EXT_HOST_PROPERTY_ANIMATORS (ABI 1.1).
@Suite("PropertyAnimator: UIViewPropertyAnimator's states and rules")
struct PropertyAnimatorTests {
    /// A scene at 60 fps with a view at x 0, and an animator of 1 s, linear, moving it to x 100.
    /// The scene is kept by the caller: its views and engine live as long as it does.
    static func make() throws -> (Scene, View, PropertyAnimator, Positions) {
        let scene = Scene(windowSize: Size(width: 400, height: 800), clock: VirtualClock(framesPerSecond: 60))
        let view = scene.makeView(name: "box", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.window.addSubview(view)
        let animator = PropertyAnimator(engine: scene.engine, timing: AnimationOptions(duration: 1, curve: .linear))
        try animator.addAnimations { view.frame = Rect(x: 100, y: 0, width: 100, height: 100) }
        let positions = Positions()
        try animator.addCompletion { positions.seen.append($0) }
        return (scene, view, animator, positions)
    }

    final class Positions { var seen: [PropertyAnimator.Position] = [] }

    static func step(_ engine: AnimationEngine, until time: Double) {
        while engine.now < time - 1e-9 { engine.step() }
    }

    @Test("inactive until started: the animations wait at their start; started, it runs to the end, then is inactive with its completion run once at .end")
    func runsToTheEnd() throws {
        let (scene, view, animator, positions) = try Self.make()
        let engine = scene.engine
        #expect(animator.state == .inactive && !animator.isRunning)
        Self.step(engine, until: 0.5)
        #expect(view.presentation.frame.minX == 0, "nothing moves before start")
        try animator.start()
        #expect(animator.state == .active && animator.isRunning)
        Self.step(engine, until: 1.0)
        #expect(abs(view.presentation.frame.minX - 50) < 1e-6 && abs(animator.fractionComplete - 0.5) < 1e-6)
        Self.step(engine, until: 1.6)
        #expect(view.model.frame.minX == 100 && animator.state == .inactive && positions.seen == [.end])
    }

    @Test("paused, it holds; the fraction scrubs it (not while running); reversed and continued, it runs back and ends at .start with the start values")
    func scrubReverseContinue() throws {
        let (scene, view, animator, positions) = try Self.make()
        let engine = scene.engine
        try animator.start()
        Self.step(engine, until: 0.25)
        #expect(throws: PropertyAnimator.Refusal.self) { try animator.setFractionComplete(0.9) }
        try animator.pause()
        Self.step(engine, until: 0.5)
        #expect(abs(animator.fractionComplete - 0.25) < 1e-6, "held while paused")
        try animator.setFractionComplete(0.6)
        #expect(abs(view.presentation.frame.minX - 60) < 1e-6)
        try animator.setReversed(true)
        try animator.continueAnimation(curve: nil, durationFactor: 1)
        Self.step(engine, until: 0.5 + 0.6 + 2 / 60)
        #expect(view.model.frame.minX == 0 && positions.seen == [.start] && animator.state == .inactive, "\(positions.seen)")
    }

    @Test("reversed while running, it turns around at once: at 0.4 s it is at 40, 0.1 s later at 30, and it ends at .start 0.4 s after the turn")
    func reversedWhileRunning() throws {
        let (scene, view, animator, positions) = try Self.make()
        let engine = scene.engine
        let begun = engine.now
        try animator.start()
        Self.step(engine, until: begun + 0.4)
        #expect(abs(view.presentation.frame.minX - 40) < 1e-6)
        try animator.setReversed(true)
        #expect(animator.isRunning && animator.isReversed)
        Self.step(engine, until: begun + 0.5)
        #expect(abs(view.presentation.frame.minX - 30) < 1e-6, "\(view.presentation.frame.minX)")
        #expect(abs(animator.fractionComplete - 0.3) < 1e-6)
        Self.step(engine, until: begun + 0.8 + 2 / 60)
        #expect(view.model.frame.minX == 0 && positions.seen == [.start] && animator.state == .inactive, "\(positions.seen)")
    }

    @Test("stopped without finishing: the view keeps where it was, no completion, inactive; stopped, then finished at .start: the start values and the completion")
    func stopAndFinish() throws {
        var (scene, view, animator, positions) = try Self.make()
        var engine = scene.engine
        try animator.start()
        Self.step(engine, until: 0.3)
        try animator.stop(withoutFinishing: true)
        #expect(abs(view.model.frame.minX - 30) < 1e-6 && animator.state == .inactive && positions.seen.isEmpty)
        Self.step(engine, until: 1.5)
        #expect(abs(view.presentation.frame.minX - 30) < 1e-6 && positions.seen.isEmpty, "nothing runs on")

        (scene, view, animator, positions) = try Self.make()
        engine = scene.engine
        try animator.start()
        Self.step(engine, until: 0.4)
        try animator.stop(withoutFinishing: false)
        #expect(animator.state == .stopped && abs(view.model.frame.minX - 40) < 1e-6)
        #expect(throws: PropertyAnimator.Refusal.self) { try animator.start() }
        #expect(throws: PropertyAnimator.Refusal.self) { try animator.addAnimations {} }
        try animator.finish(at: .start)
        #expect(view.model.frame.minX == 0 && positions.seen == [.start] && animator.state == .inactive)
        #expect(throws: PropertyAnimator.Refusal.self) { try animator.finish(at: .end) }
    }

    @Test("an animator with no animations ends as soon as it starts; continue needs an active animator")
    func emptyAndRules() throws {
        let scene = Scene(windowSize: Size(width: 400, height: 800), clock: VirtualClock(framesPerSecond: 60))
        let animator = PropertyAnimator(engine: scene.engine, timing: AnimationOptions(duration: 1, curve: .linear))
        var ended: [PropertyAnimator.Position] = []
        try animator.addCompletion { ended.append($0) }
        #expect(throws: PropertyAnimator.Refusal.self) { try animator.continueAnimation(curve: nil, durationFactor: 1) }
        try animator.start()
        scene.engine.settle()
        #expect(ended == [.end] && animator.state == .inactive)
    }

    @Test("made during a transition, it is stopped without finishing when the host stops that transition's animations (a cut-off): no completion runs")
    func stoppedWithItsTransition() throws {
        let scene = Scene(windowSize: Size(width: 400, height: 800), clock: VirtualClock(framesPerSecond: 60))
        let view = scene.makeView(name: "box", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.window.addSubview(view)
        let engine = scene.engine
        engine.currentOwner = 7
        let animator = PropertyAnimator(engine: engine, timing: AnimationOptions(duration: 1, curve: .linear))
        engine.currentOwner = nil
        var ended: [PropertyAnimator.Position] = []
        try animator.addAnimations { view.frame = Rect(x: 100, y: 0, width: 100, height: 100) }
        try animator.addCompletion { ended.append($0) }
        try animator.start()
        Self.step(engine, until: 0.5)
        engine.stopAnimations(ownedBy: 7)
        Self.step(engine, until: 2)
        #expect(animator.state == .inactive && ended.isEmpty, "\(ended)")
        #expect(abs(view.presentation.frame.minX - 50) < 1e-6, "it stays where it was stopped")
    }
}
