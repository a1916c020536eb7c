import Testing
@testable import TransitionCore

/// A scene at 60 frames per second with one view at (0, 0, 100, 100).
private func makeScene() -> (Scene, View) {
    let scene = Scene(windowSize: Size(width: 400, height: 800), clock: VirtualClock(framesPerSecond: 60))
    let view = scene.makeView(name: "box", frame: Rect(x: 0, y: 0, width: 100, height: 100))
    scene.window.addSubview(view)
    return (scene, view)
}

/// Steps until the clock reads `time` (a whole number of frames at 60 fps).
private func step(_ engine: AnimationEngine, until time: Double) {
    while engine.now < time - 1e-9 { engine.step() }
}

private func lerp(_ a: Rect, _ b: Rect, _ p: Double) -> Rect {
    Rect(x: a.minX + (b.minX - a.minX) * p, y: a.minY + (b.minY - a.minY) * p,
         width: a.size.width + (b.size.width - a.size.width) * p,
         height: a.size.height + (b.size.height - a.size.height) * p)
}

/// Records each run of a completion: its finished flag and the virtual time.
private final class CompletionRecorder {
    private(set) var calls: [(finished: Bool, time: Double)] = []
    func handler(_ engine: AnimationEngine) -> (Bool) -> Void {
        { [self] finished in calls.append((finished, engine.now)) }
    }
}

@Suite("Animation engine")
struct AnimationEngineTests {
    let old = Rect(x: 0, y: 0, width: 100, height: 100)
    let new = Rect(x: 200, y: 400, width: 50, height: 150)

    @Test("inside animate, the model jumps at once and the presentation moves over the duration")
    func animatesFrameAndAlpha() {
        let (scene, view) = makeScene()
        let engine = scene.engine
        let done = CompletionRecorder()
        engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: {
            view.frame = new
            view.alpha = 0
        }, completion: done.handler(engine))

        // The model (what getters return) is the new value right away; the screen is not.
        #expect(view.frame == new)
        #expect(view.alpha == 0)
        engine.settle()
        #expect(view.presentation.frame == old)
        #expect(view.presentation.alpha == 1)
        #expect(engine.runningAnimationCount == 3)  // centre, bounds, alpha

        var previousX = view.presentation.frame.minX
        for frame in 1...59 {
            engine.step()
            let p = Double(frame) / 60
            #expect(view.presentation.frame.isClose(to: lerp(old, new, p), tolerance: 1e-9), "at frame \(frame)")
            #expect(abs(view.presentation.alpha - (1 - p)) < 1e-9)
            #expect(view.presentation.frame.minX > previousX)
            previousX = view.presentation.frame.minX
            #expect(view.frame == new)  // the model never moves
        }
        #expect(done.calls.isEmpty)
        engine.step()
        #expect(view.presentation.frame == new)
        #expect(view.presentation.alpha == 0)
        #expect(done.calls.count == 1)
        #expect(done.calls.first?.finished == true)
        #expect(abs((done.calls.first?.time ?? -1) - 1) < 1e-12)
        #expect(engine.isIdle)
    }

    @Test("the presentation follows the animation's curve")
    func followsTheCurve() {
        let (scene, view) = makeScene()
        let engine = scene.engine
        engine.animate(AnimationOptions(duration: 0.5, curve: .easeIn)) { view.alpha = 0 }
        step(engine, until: 0.25)
        let expected = 1 - referenceBezier(0.42, 0, 1, 1, at: 0.5)
        #expect(abs(view.presentation.alpha - expected) < 1e-6)
    }

    @Test("a delay holds the start value, then the animation runs its full duration")
    func delayHoldsStartValue() {
        let (scene, view) = makeScene()
        let engine = scene.engine
        let done = CompletionRecorder()
        engine.animate(AnimationOptions(duration: 1, delay: 0.5, curve: .linear),
                       animations: { view.alpha = 0 }, completion: done.handler(engine))
        #expect(view.alpha == 0)
        for _ in 0..<30 {
            engine.step()
            #expect(view.presentation.alpha == 1, "moved during the delay at \(engine.now)")
        }
        step(engine, until: 1.0)
        #expect(abs(view.presentation.alpha - 0.5) < 1e-9)
        step(engine, until: 1.5 - 1.0 / 60)
        #expect(done.calls.isEmpty)
        engine.step()
        #expect(view.presentation.alpha == 0)
        #expect(done.calls.map(\.finished) == [true])
        #expect(abs(done.calls[0].time - 1.5) < 1e-12)
    }

    @Test("a nested animate call is a group of its own, with its own options and completion")
    func nestedAnimateIsItsOwnGroup() {
        let (scene, view) = makeScene()
        let other = scene.makeView(name: "other", frame: old)
        let engine = scene.engine
        let outer = CompletionRecorder(), inner = CompletionRecorder()
        engine.animate(AnimationOptions(duration: 0.5, curve: .linear), animations: {
            view.alpha = 0
            engine.animate(AnimationOptions(duration: 0.25, delay: 0.5, curve: .linear),
                           animations: { other.alpha = 0.5 }, completion: inner.handler(engine))
        }, completion: outer.handler(engine))
        step(engine, until: 0.5)
        #expect(outer.calls.map(\.finished) == [true])
        #expect(abs(outer.calls[0].time - 0.5) < 1e-12)
        #expect(other.presentation.alpha == 1)  // still in its delay
        step(engine, until: 2)
        #expect(outer.calls.count == 1)
        #expect(inner.calls.map(\.finished) == [true])
        #expect(abs(inner.calls[0].time - 0.75) < 1e-12)
        #expect(other.presentation.alpha == 0.5)
    }

    @Test("an empty animate block completes on the next frame, never inside the call")
    func emptyBlockCompletesOnNextFrame() {
        let (scene, _) = makeScene()
        let engine = scene.engine
        let done = CompletionRecorder()
        engine.animate(AnimationOptions(duration: 1), animations: {}, completion: done.handler(engine))
        #expect(done.calls.isEmpty)
        #expect(!engine.isIdle)
        engine.step()
        #expect(done.calls.count == 1)
        #expect(done.calls.first?.finished == true)
        #expect(abs((done.calls.first?.time ?? -1) - 1.0 / 60) < 1e-12)
        engine.step()
        #expect(done.calls.count == 1)
    }

    @Test("setting a property outside a block removes its running animation; the completion gets finished=false")
    func settingOutsideABlockInterrupts() {
        let (scene, view) = makeScene()
        let engine = scene.engine
        let done = CompletionRecorder()
        engine.animate(AnimationOptions(duration: 1, curve: .linear),
                       animations: { view.alpha = 0 }, completion: done.handler(engine))
        step(engine, until: 0.5)
        #expect(engine.runningAnimationCount == 1)

        view.alpha = 0.8
        #expect(engine.runningAnimationCount == 0)
        #expect(view.presentation.alpha == 0.8)  // on screen at once, no animation
        step(engine, until: 2)
        #expect(view.presentation.alpha == 0.8)
        #expect(done.calls.map(\.finished) == [false])
        #expect(done.calls[0].time <= 1 + 1e-12)
    }

    @Test("setting a different property outside a block leaves the animation running")
    func settingAnotherPropertyDoesNotInterrupt() {
        let (scene, view) = makeScene()
        let engine = scene.engine
        let done = CompletionRecorder()
        engine.animate(AnimationOptions(duration: 1, curve: .linear),
                       animations: { view.alpha = 0 }, completion: done.handler(engine))
        step(engine, until: 0.5)
        view.cornerRadius = 4
        #expect(engine.runningAnimationCount == 1)
        step(engine, until: 1)
        #expect(done.calls.map(\.finished) == [true])
    }

    @Test("a new animation of the same property starts from what is on screen")
    func retargetStartsFromPresentation() {
        let (scene, view) = makeScene()
        let engine = scene.engine
        let first = CompletionRecorder()
        engine.animate(AnimationOptions(duration: 1, curve: .linear),
                       animations: { view.alpha = 0 }, completion: first.handler(engine))
        step(engine, until: 0.5)
        engine.animate(AnimationOptions(duration: 1, curve: .linear)) { view.alpha = 1 }
        engine.step()
        // From 0.5 towards 1, not from 0 (the old model value) or 1 (the old start).
        #expect(abs(view.presentation.alpha - (0.5 + 0.5 / 60)) < 1e-9)
        step(engine, until: 2)
        #expect(first.calls.map(\.finished) == [false])
        #expect(view.presentation.alpha == 1)
    }

    @Test("stopAnimations(ownedBy:) stops exactly that owner's animations")
    func stopAnimationsByOwner() {
        let (scene, a) = makeScene()
        let b = scene.makeView(name: "b", frame: old)
        let c = scene.makeView(name: "c", frame: old)
        let engine = scene.engine
        let doneA = CompletionRecorder(), emptyA = CompletionRecorder()
        let doneB = CompletionRecorder(), doneC = CompletionRecorder()

        engine.currentOwner = 1
        engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: { a.frame = new }, completion: doneA.handler(engine))
        engine.currentOwner = 2
        engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: { b.alpha = 0 }, completion: doneB.handler(engine))
        engine.currentOwner = nil
        engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: { c.alpha = 0 }, completion: doneC.handler(engine))
        step(engine, until: 0.25)
        engine.currentOwner = 1
        engine.animate(AnimationOptions(duration: 1), animations: {}, completion: emptyA.handler(engine))
        engine.currentOwner = nil

        engine.stopAnimations(ownedBy: 1)
        // Owner 1: stopped now, completions told finished=false, screen snapped to the model.
        #expect(doneA.calls.map(\.finished) == [false])
        #expect(emptyA.calls.map(\.finished) == [false])
        #expect(abs(doneA.calls[0].time - 0.25) < 1e-12)
        #expect(a.presentation.frame == new)
        // The others keep going.
        #expect(engine.runningAnimationCount == 2)
        #expect(abs(b.presentation.alpha - 0.75) < 1e-9)
        #expect(abs(c.presentation.alpha - 0.75) < 1e-9)
        #expect(doneB.calls.isEmpty && doneC.calls.isEmpty)
        engine.step()
        #expect(abs(b.presentation.alpha - (0.75 - 1.0 / 60)) < 1e-9)

        step(engine, until: 1)
        #expect(doneB.calls.map(\.finished) == [true])
        #expect(doneC.calls.map(\.finished) == [true])
        #expect(doneA.calls.count == 1 && emptyA.calls.count == 1)
    }

    @Test("completions run with the owner of their animation as the current owner")
    func completionRunsUnderItsOwner() {
        let (scene, view) = makeScene()
        let engine = scene.engine
        var ownerInCompletion: Int?? = .none
        engine.currentOwner = 7
        engine.animate(AnimationOptions(duration: 0.1), animations: { view.alpha = 0.5 }) { _ in
            ownerInCompletion = .some(engine.currentOwner)
        }
        engine.currentOwner = nil
        step(engine, until: 0.2)
        #expect(ownerInCompletion == .some(7))
        #expect(engine.currentOwner == nil)
    }

    @Test("runSoon work runs after the call, at the same virtual time, in order")
    func runSoonRunsInOrder() {
        let (scene, _) = makeScene()
        let engine = scene.engine
        var order: [String] = []
        engine.runSoon {
            order.append("first")
            engine.runSoon { order.append("queued by first") }
        }
        engine.runSoon { order.append("second") }
        #expect(order.isEmpty)
        engine.drainSoon()
        #expect(order == ["first", "second", "queued by first"])
        #expect(engine.now == 0)
    }

    @Test("the same inputs give identical presentation sequences")
    func deterministic() {
        func run() -> [[ViewAppearance]] {
            let (scene, view) = makeScene()
            let other = scene.makeView(name: "other", frame: Rect(x: 50, y: 50, width: 10, height: 10))
            scene.window.addSubview(other)
            let engine = scene.engine
            engine.animate(.spring(duration: 0.7, dampingRatio: 0.55, initialVelocity: 2)) {
                view.frame = Rect(x: 120, y: 333, width: 77, height: 91)
                view.transform = .scale(0.5, 0.5)
            }
            engine.animate(AnimationOptions(duration: 0.4, delay: 0.1, curve: .caDefault)) {
                other.alpha = 0.2
                other.backgroundColor = Color(red: 0.3, green: 0.6, blue: 0.9)
            }
            var frames: [[ViewAppearance]] = []
            for _ in 0..<50 {
                engine.step()
                frames.append(scene.visibleViews.map(\.presentation))
            }
            return frames
        }
        let first = run(), second = run()
        #expect(first == second)
        // The sequence does move (so the comparison means something).
        #expect(first.first != first.last)
    }
}
