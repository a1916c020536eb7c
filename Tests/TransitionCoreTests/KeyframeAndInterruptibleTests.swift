import Testing
@testable import TransitionCore

// Keyframe animations, time dilation, and grabbing a running transition mid-flight.

@Suite("Keyframes") struct KeyframeTests {
    func run(_ mode: KeyframeMode, sampleAt times: [Double]) -> [Double] {
        let scene = Scene(windowSize: Size(width: 100, height: 100), clock: VirtualClock(framesPerSecond: 100))
        let v = scene.makeView(name: "v", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        scene.window.addSubview(v)
        scene.engine.animateKeyframes(AnimationOptions(duration: 1, curve: .linear), mode: mode) { k in
            k.addKeyframe(relativeStart: 0, relativeDuration: 0.5) { v.alpha = 0.2 }
            k.addKeyframe(relativeStart: 0.5, relativeDuration: 0.5) { v.alpha = 0.8 }
        }
        var samples: [Double] = []
        for t in times {
            while scene.engine.now < t - 1e-9 { scene.engine.step() }
            samples.append(v.presentation.alpha)
        }
        return samples
    }

    @Test func linearPassesThroughEveryKeyValue() {
        let s = run(.linear, sampleAt: [0, 0.25, 0.5, 0.75, 1])
        let expected = [1, 0.6, 0.2, 0.5, 0.8]
        for (a, b) in zip(s, expected) { #expect(abs(a - b) < 1e-9, "\(s)") }
    }

    @Test func discreteHoldsEachValueUntilTheNextKeyTime() {
        let s = run(.discrete, sampleAt: [0.1, 0.49, 0.51, 0.99, 1])
        #expect(s == [1, 1, 0.2, 0.2, 0.8], "\(s)")
    }

    @Test func cubicIsSmoothAndHitsTheKeys() {
        let s = run(.cubic, sampleAt: [0, 0.5, 1])
        #expect(abs(s[0] - 1) < 1e-9 && abs(s[1] - 0.2) < 1e-9 && abs(s[2] - 0.8) < 1e-9, "\(s)")
        let mid = run(.cubic, sampleAt: [0.25])[0]
        #expect(abs(mid - 0.6) > 1e-3, "a cubic track is not the straight line: \(mid)")
    }

    @Test func completionRunsOnceAtTheEnd() {
        let scene = Scene(windowSize: Size(width: 100, height: 100), clock: VirtualClock(framesPerSecond: 10))
        let v = scene.makeView(name: "v", frame: .zero)
        scene.window.addSubview(v)
        var finished: [(Double, Bool)] = []
        scene.engine.animateKeyframes(AnimationOptions(duration: 0.5), animations: { k in
            k.addKeyframe(relativeStart: 0.2, relativeDuration: 0.3) { v.center = Point(x: 5, y: 5) }
        }, completion: { finished.append((scene.engine.now, $0)) })
        for _ in 0..<10 { scene.engine.step() }
        #expect(finished.count == 1 && abs(finished[0].0 - 0.5) < 1e-9 && finished[0].1)
        #expect(v.presentation.center == Point(x: 5, y: 5))
    }
}

@Suite("Time dilation") struct TimeDilationTests {
    @Test func slowMakesEveryTransitionLongerAndOtherwiseTheSame() throws {
        let registry = EffectRegistry()
        for e in StandardEffect.all() { registry.register(e) }
        let normal = try TransitionRun.run(registry: registry, options: .init(effect: "cross-dissolve"))
        let slow = try TransitionRun.run(registry: registry, options: .init(effect: "cross-dissolve", slow: 3))
        #expect(slow.isClean)
        #expect(abs(slow.duration - 3 * normal.duration) < 1e-9)
        #expect(slow.frames.count == (normal.frames.count - 1) * 3 + 1)
        // The slow run's frame k*3 shows what the normal run's frame k shows.
        for k in stride(from: 0, to: normal.frames.count, by: 5) {
            let a = slow.frames[k * 3].views, b = normal.frames[k].views
            let same = a.count == b.count && zip(a, b).allSatisfy {
                $0.name == $1.name && $0.frame.isClose(to: $1.frame, tolerance: 1e-9) && abs($0.alpha - $1.alpha) < 1e-9
            }
            #expect(same, "frame \(k * 3) of the slow run differs from frame \(k) of the normal run")
        }
    }
}

@Suite("Interruptible transitions") struct InterruptibleTests {
    @Test("reversing a running transition mid-flight takes it back to the start and restores the scene")
    func reverseMidFlight() throws {
        let stage = Stage()
        let before = stage.record()
        stage.detail.transitioningDelegate = PlainDelegate(animator: GuideSlideAnimator(duration: 0.5))
        let transition = try stage.presenter.present(stage.detail, from: stage.home)
        for _ in 0..<15 { stage.engine.step() }  // 0.25 s: half way
        let grabbed = try #require(TransitionPropertyAnimator(grabbing: transition))
        #expect(abs(grabbed.fractionComplete - 0.5) < 1e-9)
        let halfWay = stage.detail.view.presentation.frame
        grabbed.pauseAnimation()
        for _ in 0..<5 { stage.engine.step() }
        #expect(stage.detail.view.presentation.frame == halfWay, "paused")
        grabbed.fractionComplete = 0.3
        #expect(abs(grabbed.fractionComplete - 0.3) < 1e-9)
        grabbed.setReversed(true)
        grabbed.continueAnimation(durationFactor: 2)  // 0.3 of 0.5 s, twice as slow: 0.3 s
        let resumed = stage.engine.now
        let outcome = stage.presenter.run(transition)
        #expect(!outcome.completed && !outcome.cutOff && outcome.cancelledByInteraction && outcome.isClean, "\(outcome)")
        #expect(abs(outcome.endTime - resumed - 0.3) < 1e-9, "\(outcome.endTime - resumed)")
        #expect(before.differences().isEmpty, "\(before.differences())")
    }

    @Test("a grabbed transition continued forwards completes")
    func continueForwards() throws {
        let stage = Stage()
        stage.detail.transitioningDelegate = PlainDelegate(animator: GuideSlideAnimator(duration: 0.5))
        let transition = try stage.presenter.present(stage.detail, from: stage.home)
        for _ in 0..<6 { stage.engine.step() }
        let grabbed = try #require(TransitionPropertyAnimator(grabbing: transition))
        grabbed.pauseAnimation()
        grabbed.continueAnimation(curve: .easeOut, durationFactor: 0.5)
        let outcome = stage.presenter.run(transition)
        #expect(outcome.completed && outcome.isClean)
        #expect(stage.detail.view.frame == Stage.bounds)
        #expect(TransitionPropertyAnimator(grabbing: transition) == nil, "an ended transition cannot be grabbed")
    }
}
