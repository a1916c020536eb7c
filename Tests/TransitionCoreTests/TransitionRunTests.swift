import Testing
@testable import TransitionCore

/// A registry with fake providers: the animators "test.fx:slide" (0.4 s) and "test.fx:present-only",
/// the presentation "test.fx:dim", the delegate "test.fx:pair" (slide + dim), and the standard styles.
private func makeRegistry(ending: AnimatorEnding = .complete) -> EffectRegistry {
    let registry = EffectRegistry()
    for effect in StandardEffect.all() { registry.register(effect) }
    let slide = FakeEffectProvider(plugin: "test.fx", effect: "slide", defaultDuration: 0.4)
    slide.ending = ending
    registry.register(slide)
    registry.register(FakeEffectProvider(plugin: "test.fx", effect: "present-only", transitions: [.present], defaultDuration: 0.3))
    registry.register(FakeEffectProvider(plugin: "test.fx", effect: "dim", kind: .presentationController))
    let pair = FakeEffectProvider(plugin: "test.fx", effect: "pair", kind: .transitioningDelegate)
    pair.animatorChoice = "slide"
    pair.presentationChoice = "dim"
    registry.register(pair)
    return registry
}

@Suite("TransitionRun")
struct TransitionRunTests {
    @Test("a run presents then dismisses, with frames from t = 0 at 1/fps steps", arguments: [60, 30])
    func framesAtFixedSteps(framesPerSecond: Int) throws {
        let report = try TransitionRun.run(
            registry: makeRegistry(), options: .init(effect: "slide", framesPerSecond: framesPerSecond))

        #expect(report.outcomes.count == 2)
        #expect(report.outcomes.map(\.kind) == [.present, .dismiss])
        #expect(report.outcomes.allSatisfy { $0.isClean })
        #expect(report.isClean)
        #expect(report.effect.qualifiedName == "test.fx:slide")
        #expect(report.framesPerSecond == framesPerSecond)

        let times = report.frames.map(\.time)
        #expect(times.first == 0)
        for (index, time) in times.enumerated() {
            #expect(abs(time - Double(index) / Double(framesPerSecond)) < 1e-12, "frame \(index) at \(time)")
        }
        // 0.4 s each way: the dismissal starts where the presentation ended, with no frame twice.
        #expect(abs(report.outcomes[0].endTime - 0.4) < 1e-9)
        #expect(report.outcomes[1].startTime == report.outcomes[0].endTime)
        #expect(abs(report.outcomes[1].endTime - 0.8) < 1e-9)
        #expect(abs(report.duration - 0.8) < 1e-9)
        #expect(report.frames.count == Int((0.8 * Double(framesPerSecond)).rounded()) + 1)
    }

    @Test("the frames show the detail screen arriving and leaving")
    func framesShowTheTransition() throws {
        let report = try TransitionRun.run(registry: makeRegistry(), options: .init(effect: "slide"))
        func sample(_ name: String, at frame: TransitionRun.Frame) -> TransitionRun.ViewSample? {
            frame.views.first { $0.name == name }
        }
        let bounds = Rect(origin: .zero, size: DemoScene.windowSize)
        let first = try #require(report.frames.first)
        #expect(sample("home", at: first)?.frame == bounds)
        // Added to the container, off screen to the right.
        #expect(sample("detail", at: first)?.frame.minX == DemoScene.windowSize.width)
        let arrived = try #require(report.frames.first { abs($0.time - 0.4) < 1e-9 })
        #expect(sample("detail", at: arrived)?.frame == bounds)
        let midway = try #require(report.frames.first { abs($0.time - 0.2) < 1e-9 })
        let x = try #require(sample("detail", at: midway)?.frame.minX)
        #expect(x > 0 && x < DemoScene.windowSize.width)
        let last = try #require(report.frames.last)
        #expect(sample("detail", at: last) == nil)
        #expect(sample("home", at: last)?.frame == bounds)
        #expect(last.views.map(\.name).first == "window")
        #expect(!last.views.contains { $0.name == "container" })
    }

    @Test("running twice gives identical reports")
    func deterministic() throws {
        for options in [TransitionRun.Options(effect: "slide"), .init(effect: "pair"), .init(effect: "cover-vertical")] {
            let first = try TransitionRun.run(registry: makeRegistry(), options: options)
            let second = try TransitionRun.run(registry: makeRegistry(), options: options)
            #expect(first.frames == second.frames)
            #expect(first.events == second.events)
            #expect(first.outcomes == second.outcomes)
            #expect(first.frames.count > 2)
            #expect(first.frames.first != first.frames.dropFirst().first)  // something moves
        }
    }

    @Test("a presentation effect selects the custom style")
    func withPresentationEffect() throws {
        let report = try TransitionRun.run(
            registry: makeRegistry(), options: .init(effect: "slide", presentation: "dim"))
        #expect(report.isClean)
        #expect(report.presentation?.qualifiedName == "test.fx:dim")
        let calls = report.events.filter { $0.level == .call }.map(\.name)
        #expect(calls.contains("presentationController.presentationTransitionWillBegin"))
        #expect(calls.contains("presentationController.dismissalTransitionDidEnd(true)"))
        // The fake controller's frame for the presented view.
        let arrived = try #require(report.frames.first { abs($0.time - 0.4) < 1e-9 })
        #expect(arrived.views.first { $0.name == "detail" }?.frame == Rect(x: 20, y: 200, width: 350, height: 600))
        #expect(arrived.views.first { $0.name == "dimming" }?.alpha == 1)
    }

    @Test("onBegin names, before the first frame, the effect the report names and the flow whose first kind the first outcome has")
    func onBeginComesFirst() throws {
        for flow in TransitionRun.Flow.allCases {
            var options = TransitionRun.Options(effect: "pair", flow: flow)
            var begun: (effect: String, flow: TransitionRun.Flow, framesBefore: Int)?
            var frames = 0
            options.onFrame = { _ in frames += 1 }
            options.onBegin = { begun = ($0.qualifiedName, $1, frames) }
            let report = try TransitionRun.run(registry: makeRegistry(), options: options)
            #expect(begun?.effect == report.effect.qualifiedName && begun?.flow == flow && begun?.framesBefore == 0, "\(flow): \(String(describing: begun))")
            #expect(report.outcomes.first?.kind == flow.firstKind, "\(flow): \(report.outcomes.map(\.kind))")
        }
    }

    @Test("a delegate effect brings its animator and its presentation")
    func withDelegateEffect() throws {
        let report = try TransitionRun.run(registry: makeRegistry(), options: .init(effect: "pair"))
        #expect(report.isClean)
        #expect(report.effect.qualifiedName == "test.fx:pair")
        #expect(report.presentation?.qualifiedName == "test.fx:dim")
        #expect(report.outcomes.map(\.animator) == ["test.fx:slide", "test.fx:slide"])
    }

    @Test("an effect that cannot dismiss falls back to the standard style for the dismissal")
    func presentOnlyEffect() throws {
        let report = try TransitionRun.run(registry: makeRegistry(), options: .init(effect: "present-only"))
        #expect(report.isClean)
        #expect(report.outcomes.map(\.animator) == ["test.fx:present-only", "cover-vertical"])
        #expect(abs(report.duration - 0.8) < 1e-9)  // 0.3 s + cover-vertical's 0.5 s
    }

    @Test("a cancelled presentation is not dismissed")
    func cancelledPresentation() throws {
        let report = try TransitionRun.run(registry: makeRegistry(ending: .cancel), options: .init(effect: "slide"))
        #expect(report.outcomes.count == 1)
        #expect(!report.isClean)
        #expect(report.outcomes[0].violations.isEmpty)
        #expect(report.events.contains { $0.level == .info && $0.name == "the presentation did not complete, so there is nothing to dismiss" })
    }

    @Test("a presentation effect is not accepted as the effect")
    func presentationIsNotAnAnimator() throws {
        #expect(throws: TransitionRun.Failure.self) {
            try TransitionRun.run(registry: makeRegistry(), options: .init(effect: "dim"))
        }
        do {
            _ = try TransitionRun.run(registry: makeRegistry(), options: .init(effect: "dim"))
        } catch let error as TransitionRun.Failure {
            // The core names no flag: the command line adds "pass it with --presentation".
            #expect(error.description == "'dim' is a presentation effect, not an animator or a delegate")
        }
    }

    @Test("lookup errors reach the caller")
    func lookupErrors() throws {
        #expect(throws: EffectRegistry.LookupError.unknown(name: "slyde", suggestions: ["slide"])) {
            try TransitionRun.run(registry: makeRegistry(), options: .init(effect: "slyde"))
        }
        #expect(throws: EffectRegistry.LookupError.wrongKind(name: "slide", expected: .presentationController, actual: .animator)) {
            try TransitionRun.run(registry: makeRegistry(), options: .init(effect: "slide", presentation: "slide"))
        }
    }
}
