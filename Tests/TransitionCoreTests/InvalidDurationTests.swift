import Testing
@testable import TransitionCore

@Suite("Invalid durations from animators")
struct InvalidDurationTests {
    @Test("a NaN, infinite or negative duration is replaced, with a warning", arguments: [Double.nan, .infinity, -1])
    func invalidDurationReplaced(duration: Double) throws {
        let stage = Stage()
        let animator = FakeAnimator("odd", log: stage.log, duration: duration)
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: animator)

        let transition = try stage.presenter.present(stage.detail, from: stage.home)
        // Required before running: an unsanitised NaN would make the deadline NaN, and a run
        // that can never reach its deadline would hang instead of failing.
        try #require(transition.context.transitionDuration == 0)
        let outcome = stage.presenter.run(transition)

        #expect(stage.trace.warnings == ["'odd' returned an invalid duration (\(duration)); using 0"])
        #expect(outcome.duration == 0)
        #expect(outcome.completed)
        #expect(outcome.violations.isEmpty)
        #expect(outcome.endTime == 0)
        #expect(stage.detail.view.frame == Stage.bounds)
    }

    @Test("a NaN duration does not disable the cut-off")
    func nanDurationStillCutOff() throws {
        let stage = Stage(grace: 0.5)
        let animator = FakeAnimator("odd", log: stage.log, duration: .nan, ending: .never)
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: animator)
        let transition = try stage.presenter.present(stage.detail, from: stage.home)
        try #require(transition.context.transitionDuration == 0)  // else the run below would hang
        let outcome = stage.presenter.run(transition)
        #expect(outcome.cutOff)
        #expect(abs(outcome.endTime - 0.5) < 1e-9)
    }
}
