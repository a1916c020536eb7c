import Testing
@testable import TransitionCore

@Suite("Invalid durations from animators")
struct InvalidDurationTests {
    @Test("a NaN, infinite or negative duration is replaced, with a warning", arguments: [Double.nan, .infinity, -1])
    func invalidDurationReplaced(duration: Double) throws {
        let stage = Stage()
        let animator = FakeAnimator("odd", log: stage.log, duration: duration)
        stage.detail.transitioningDelegate = FakeDelegate(log: stage.log, present: animator)

        let (transition, outcome) = try stage.present()

        #expect(stage.trace.warnings == ["'odd' returned an invalid duration (\(duration)); using 0"])
        #expect(transition.context.transitionDuration == 0)
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
        let (_, outcome) = try stage.present()
        #expect(outcome.cutOff)
        #expect(abs(outcome.endTime - 0.5) < 1e-9)
    }
}
