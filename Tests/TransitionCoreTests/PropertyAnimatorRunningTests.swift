import Testing
@testable import TransitionCore

/// UIViewPropertyAnimator's rules for an animator that is running (not paused): animations
/// added now take the time it has left, and continue re-times what is left by its factor. The
/// figures are exact: a 1 s linear animator moving a view from x 0 to 100.
@Suite("PropertyAnimator while running")
struct PropertyAnimatorRunningTests {
    /// PropertyAnimatorTests' animator, started, and run 0.4 s (to x 40); `begun`, when it started.
    static func runningFor04() throws -> (Scene, View, PropertyAnimator, PropertyAnimatorTests.Positions, begun: Double) {
        let (scene, view, animator, positions) = try PropertyAnimatorTests.make()
        let begun = scene.engine.now
        try animator.start()
        PropertyAnimatorTests.step(scene.engine, until: begun + 0.4)
        return (scene, view, animator, positions, begun)
    }

    @Test("animations added at 0.4 s take the 0.6 s it has left: half of them done at 0.7 s, all of them at 1 s, one completion at .end")
    func addedWhileRunning() throws {
        let (scene, view, animator, positions, begun) = try Self.runningFor04()
        let engine = scene.engine
        try animator.addAnimations { view.frame = Rect(x: view.model.frame.minX, y: 60, width: 100, height: 100) }
        #expect(animator.isRunning)
        PropertyAnimatorTests.step(engine, until: begun + 0.7)
        #expect(abs(view.presentation.frame.minY - 30) < 1e-6, "y \(view.presentation.frame.minY)")
        #expect(abs(view.presentation.frame.minX - 70) < 1e-6, "the first animations go on as before: x \(view.presentation.frame.minX)")
        PropertyAnimatorTests.step(engine, until: begun + 1 + 2 / 60)
        #expect(view.model.frame.minY == 60 && view.model.frame.minX == 100)
        #expect(positions.seen == [.end] && animator.state == .inactive, "\(positions.seen)")
    }

    @Test("continued at 0.4 s with a duration factor of 2: the 0.6 s left takes 1.2 s, so it is at 70 at 1 s and ends at 1.6 s")
    func continuedWhileRunning() throws {
        let (scene, view, animator, positions, begun) = try Self.runningFor04()
        let engine = scene.engine
        try animator.continueAnimation(curve: nil, durationFactor: 2)
        #expect(animator.isRunning)
        PropertyAnimatorTests.step(engine, until: begun + 1)
        #expect(abs(view.presentation.frame.minX - 70) < 1e-6, "x \(view.presentation.frame.minX)")
        #expect(abs(animator.fractionComplete - 0.7) < 1e-6)
        PropertyAnimatorTests.step(engine, until: begun + 1.55)
        #expect(positions.seen.isEmpty && animator.state == .active, "still running at 1.55 s")
        PropertyAnimatorTests.step(engine, until: begun + 1.6 + 2 / 60)
        #expect(view.model.frame.minX == 100 && positions.seen == [.end] && animator.state == .inactive, "\(positions.seen)")
    }

    @Test("a duration factor of 0, below 0 or not finite is refused while running, and the animator runs on unchanged")
    func badFactorWhileRunning() throws {
        let (scene, view, animator, _, begun) = try Self.runningFor04()
        let engine = scene.engine
        for factor in [0.0, -1, .nan, .infinity] {
            #expect(throws: PropertyAnimator.Refusal.self) { try animator.continueAnimation(curve: nil, durationFactor: factor) }
        }
        PropertyAnimatorTests.step(engine, until: begun + 0.5)
        #expect(abs(view.presentation.frame.minX - 50) < 1e-6)
    }
}
