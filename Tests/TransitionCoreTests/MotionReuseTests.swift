import Testing
@testable import TransitionCore

/// MotionSample.Reuse: a frame taken in part from the frame before is, to the last bit, the
/// frame a whole walk of the tree gives, whatever changed in between; and what did not change
/// is taken, not walked.
@Suite("Motion sample reuse")
struct MotionReuseTests {
    /// A window with a screen holding a card that can slide, a panel of five leaves, and a
    /// fader with five children of its own.
    final class Stage {
        let scene: Scene
        let screen, card, panel, fader: View
        let leaves: [View], faded: [View]
        let reuse = MotionSample.Reuse()

        init() {
            let scene = Scene(windowSize: Size(width: 390, height: 844), clock: VirtualClock(framesPerSecond: 60))
            self.scene = scene
            screen = scene.makeView(name: "screen", frame: Rect(x: 0, y: 0, width: 390, height: 844))
            screen.backgroundColor = .white
            card = scene.makeView(name: "card", frame: Rect(x: 20, y: 40, width: 100, height: 100))
            card.backgroundColor = Color(red: 0, green: 0, blue: 1)
            panel = scene.makeView(name: "panel", frame: Rect(x: 0, y: 300, width: 390, height: 200))
            leaves = (0..<5).map { i in
                let leaf = scene.makeView(name: "leaf \(i)", frame: Rect(x: Double(i) * 70, y: 10, width: 60, height: 60))
                leaf.backgroundColor = Color(red: 1, green: 0.5, blue: 0)
                return leaf
            }
            fader = scene.makeView(name: "fader", frame: Rect(x: 0, y: 600, width: 390, height: 200))
            fader.backgroundColor = Color(red: 0.2, green: 0.2, blue: 0.2, alpha: 0.5)
            faded = (0..<5).map { i in
                let child = scene.makeView(name: "faded \(i)", frame: Rect(x: Double(i) * 70, y: 20, width: 60, height: 150))
                child.backgroundColor = .black
                return child
            }
            scene.window.addSubview(screen)
            for v in [card, panel, fader] { screen.addSubview(v) }
            for leaf in leaves { panel.addSubview(leaf) }
            for child in faded { fader.addSubview(child) }
        }

        /// The scene as it is now, with reuse and by a whole walk, which must agree; then the
        /// clock moves on a frame. Returns how many layers were taken from the frame before.
        @discardableResult
        func shoot(_ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
            let (kept, keptFrame) = MotionSample.withFrame(scene, labels: [:], reuse: reuse)
            let (whole, wholeFrame) = MotionSample.withFrame(scene, labels: [:])
            MotionReuseTests.expectSame(kept, whole, comment, sourceLocation: sourceLocation)
            #expect(keptFrame == wholeFrame, comment, sourceLocation: sourceLocation)
            #expect(keptFrame == TransitionRun.capture(scene), comment, sourceLocation: sourceLocation)
            scene.engine.step()
            return reuse.taken
        }

        /// Starts the panel turning about its vertical axis, in perspective, over `duration`
        /// seconds: every frame after the first carries its subviews by another turn.
        func turnPanel(over duration: Double = 0.2) {
            scene.engine.animate(AnimationOptions(duration: duration, curve: .linear)) {
                self.panel.transform3D = Transform3D.rotation(0.8, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 600))
            }
        }

        /// Every layer below `view`, and it.
        func layers(_ view: View) -> Int { view.subtree().count }
    }

    static func expectSame(_ a: MotionSample, _ b: MotionSample, _ comment: Comment?, sourceLocation: SourceLocation) {
        #expect(a.time == b.time, comment, sourceLocation: sourceLocation)
        #expect(a.ids == b.ids, comment, sourceLocation: sourceLocation)
        #expect(a.looks == b.looks, comment, sourceLocation: sourceLocation)
        #expect(a.layerIDs == b.layerIDs && a.layerParents == b.layerParents, comment, sourceLocation: sourceLocation)
        #expect(a.covers == b.covers, comment, sourceLocation: sourceLocation)
        #expect(a.planes == b.planes, comment, sourceLocation: sourceLocation)
        #expect(a.windowArea == b.windowArea, comment, sourceLocation: sourceLocation)
    }

    @Test("what did not change is taken, not walked: nothing the first frame, every subtree the walk enters as before after, and a changed leaf's siblings but not it")
    func takenNotWalked() {
        let stage = Stage()
        #expect(stage.shoot() == 0, "nothing to take from before the first frame")
        // Nothing changed: each of the window's subviews is taken whole (the screen, and all under it).
        #expect(stage.shoot() == stage.layers(stage.screen))
        stage.leaves[2].backgroundColor = .black
        // The screen and the panel are walked again, and the leaf; the card, the fader and its
        // children, and the other four leaves are taken.
        #expect(stage.shoot() == stage.layers(stage.screen) - 3)
        #expect(stage.shoot() == stage.layers(stage.screen))

        // While the card slides, everything but it (and the screen and window above it) is taken.
        stage.scene.engine.animate(AnimationOptions(duration: 0.2, curve: .linear)) {
            stage.card.frame = Rect(x: 200, y: 40, width: 100, height: 100)
        }
        for _ in 0..<5 { #expect(stage.shoot("sliding") == stage.layers(stage.screen) - 2) }
    }

    @Test("a fading parent's children are taken with their opacities made again, as a walk makes them; the frame it reaches 0 they are walked, no longer drawn")
    func fadingParent() {
        let stage = Stage()
        stage.faded[1].alpha = 0.3
        stage.shoot()
        stage.scene.engine.animate(AnimationOptions(duration: 0.1, curve: .easeInOut)) { stage.fader.alpha = 0 }
        var seen: [(alpha: Double, taken: Int)] = []
        for frame in 0..<9 {
            let alpha = stage.fader.presentation.alpha
            seen.append((alpha, stage.shoot("frame \(frame)")))
        }
        // While it fades, the screen and the fader (which animates) are walked; its five
        // children, the card and the panel's six layers are taken.
        let fading = seen.filter { $0.alpha > 0 && $0.alpha < 1 }
        #expect(fading.count >= 4 && fading.allSatisfy { $0.taken == stage.layers(stage.screen) - 2 }, "\(seen)")
        // At 0 its children stop being drawn: walked that frame, taken whole again the next.
        let zero = seen.firstIndex { $0.alpha == 0 }
        #expect(zero.map { seen[$0].taken } == stage.layers(stage.card) + stage.layers(stage.panel), "\(seen)")
        #expect(zero.map { seen[$0 + 1].taken } == stage.layers(stage.screen), "\(seen)")
    }

    @Test("every change a walk can see is seen: colour, alpha, frame, hidden, name, contents, clipping, corner radius, order, a new subview, one removed, one moved, a 3D turn, a sublayer transform, a mask, a snapshot", arguments: Array(0..<16))
    func everyChangeSeen(change: Int) {
        let stage = Stage()
        stage.shoot()
        stage.shoot()
        let leaf = stage.leaves[1]
        switch change {
        case 0: leaf.backgroundColor = .black
        case 1: leaf.alpha = 0.4
        case 2: leaf.frame = leaf.frame.offsetBy(dx: 3, dy: 0)
        case 3: leaf.isHidden = true
        case 4: leaf.name = "renamed"
        case 5: leaf.contents = .gradient(.angle(90, stops: [.init(color: .black, location: 0), .init(color: .white, location: 1)]))
        case 6:
            stage.panel.clipsToBounds = true
            leaf.frame = Rect(x: 60, y: 150, width: 60, height: 60)
        case 7: leaf.cornerRadius = 20
        case 8: stage.panel.insertSubview(stage.leaves[4], at: 0)
        case 9:
            let extra = stage.scene.makeView(name: "extra", frame: Rect(x: 5, y: 5, width: 80, height: 80))
            extra.backgroundColor = .black
            leaf.addSubview(extra)
        case 10: leaf.removeFromSuperview()
        case 11: stage.fader.addSubview(leaf)
        case 12: leaf.transform3D = Transform3D.rotation(0.5, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 500))
        case 13: stage.panel.sublayerTransform = Transform3D.rotation(0.3, x: 1, y: 0, z: 0).concatenating(.perspective(distance: 500))
        case 14: stage.panel.mask = MaskShape(kind: .roundedRect, rect: Rect(x: 0, y: 0, width: 200, height: 100), cornerRadius: 10)
        default:
            let copy = stage.scene.snapshot(of: stage.panel)
            copy.frame = Rect(x: 0, y: 100, width: 195, height: 100)
            stage.screen.addSubview(copy)
        }
        stage.shoot("change \(change), the frame it is made")
        stage.shoot("change \(change), the frame after")
        stage.shoot("change \(change), two frames after")
    }

    @Test("a subtree moved with its parent is walked the first frame it moves, keeping what places each layer, then placed again from that, not walked, and agrees; one that turns on its own, or a snapshot's picture, is walked every frame")
    func movedWithParent() {
        let stage = Stage()
        // Leaf 3 holds a child turned on its own (its turn depends on where it lies).
        let turned = stage.scene.makeView(name: "turned", frame: Rect(x: 5, y: 5, width: 40, height: 40))
        turned.backgroundColor = .black
        turned.transform3D = Transform3D.rotation(0.4, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 300))
        stage.leaves[3].addSubview(turned)
        // And a snapshot of the card lies on the panel too.
        let copy = stage.scene.snapshot(of: stage.card)
        copy.frame = Rect(x: 0, y: 100, width: 50, height: 50)
        stage.panel.addSubview(copy)
        // Its picture's parts are layers of their own, with negative ids.
        let parts = MotionSample.withFrame(stage.scene, labels: [:]).0.layerIDs.filter { $0 < 0 }.count
        #expect(parts > 0)
        stage.shoot()
        stage.shoot()
        stage.scene.engine.animate(AnimationOptions(duration: 0.2, curve: .easeInOut)) {
            stage.panel.frame = Rect(x: 37.3, y: 411.7, width: 390, height: 200)
        }
        var taken: [Int] = []
        for frame in 0..<6 { taken.append(stage.shoot("frame \(frame)")) }
        let all = stage.layers(stage.screen) - 2 + parts, onPanel = stage.layers(stage.panel) - 1 + parts
        let walkedAlways = stage.layers(stage.leaves[3]) + 1 + parts
        // At t = 0 nothing has moved yet: only the panel (which animates) is walked. The first
        // frame it moves all on it is walked too; from then on only leaf 3 with its turned
        // child, and the snapshot with its picture.
        #expect(taken == [all, all - onPanel] + Array(repeating: all - walkedAlways, count: 4), "\(taken)")
    }

    @Test("a subtree carried by a turning view is placed again from what the walk before kept of it, not walked, and agrees")
    func turnedAncestor() {
        let stage = Stage()
        stage.turnPanel()
        // At t = 0 the panel is still flat.
        stage.shoot()
        var taken: [Int] = []
        for frame in 0..<6 { taken.append(stage.shoot("frame \(frame)")) }
        // The first turned frame walks the leaves (nothing was kept of them under a turn); from
        // then on only the window, the screen and the panel (which animates) are walked.
        #expect(taken == [stage.layers(stage.card) + stage.layers(stage.fader)] + Array(repeating: stage.layers(stage.screen) - 2, count: 5))
    }

    @Test("under a turning view, its subviews' subtrees are taken together, as many in a row as did not change: all five leaves; with leaf 2 changed, leaves 0 and 1 together, 3 and 4 one by one; then all five again, agreeing with a whole walk")
    func siblingsTakenTogether() {
        let stage = Stage()
        stage.turnPanel()
        stage.shoot()
        var taken: [Int] = [], together: [Int] = []
        for frame in 0..<4 {
            if frame == 2 { stage.leaves[2].backgroundColor = Color(red: 0, green: 0.5, blue: 1) }
            taken.append(stage.shoot("frame \(frame)"))
            together.append(stage.reuse.takenTogether)
        }
        let all = stage.layers(stage.screen) - 2
        // The first turned frame walks the leaves; then the five are taken at once; the frame
        // leaf 2 changes, the two before it at once and the two after it one by one.
        #expect(together == [0, 5, 2, 5], "\(together)")
        #expect(Array(taken.dropFirst()) == [all, all - 1, all], "\(taken)")
    }

    @Test("under a turning view inside a clipping screen, a subtree with no turn, mask or clip of its own is retaken within the screen's clip; one that clips or turns itself is placed as the walk places it")
    func retakenSubtrees() {
        let stage = Stage()
        // The screen, narrower than the window, clips the turning panel, which reaches past it.
        stage.screen.frame = Rect(x: 20, y: 0, width: 340, height: 844)
        stage.screen.clipsToBounds = true
        // Leaf 1 clips a child that sticks out of it; leaf 2 is turned on its own.
        stage.leaves[1].clipsToBounds = true
        let sticking = stage.scene.makeView(name: "sticking out", frame: Rect(x: 30, y: 30, width: 80, height: 80))
        sticking.backgroundColor = Color(red: 0, green: 1, blue: 0)
        stage.leaves[1].addSubview(sticking)
        stage.leaves[2].transform3D = Transform3D.rotation(0.5, x: 1, y: 0, z: 0).concatenating(.perspective(distance: 400))
        stage.turnPanel()
        stage.shoot()
        var taken: [Int] = []
        for frame in 0..<6 { taken.append(stage.shoot("frame \(frame)")) }
        // Every leaf's subtree is taken from the second turned frame on, whichever way.
        #expect(Array(taken.dropFirst(2)) == Array(repeating: stage.layers(stage.screen) - 2, count: 4))
    }

    @Test("under a turning view, a leaf changed two frames running is walked with its child, then alone (its child taken), then retaken whole, though its geometry now lies apart from its child's")
    func changedOnceUnderTurn() {
        let stage = Stage()
        let child = stage.scene.makeView(name: "child", frame: Rect(x: 10, y: 10, width: 30, height: 30))
        child.backgroundColor = Color(red: 0, green: 1, blue: 0)
        stage.leaves[1].addSubview(child)
        stage.turnPanel()
        stage.shoot()
        var taken: [Int] = []
        for frame in 0..<6 {
            if frame == 3 || frame == 4 { stage.leaves[1].backgroundColor = Color(red: 1, green: 0, blue: Double(frame) / 4) }
            taken.append(stage.shoot("frame \(frame)"))
        }
        let all = stage.layers(stage.screen) - 2
        // Frame 3 walks leaf 1 and its child (a subtree retaken under a turn leaves its own
        // subtrees' records behind); frame 4 walks leaf 1 and takes the child; frame 5 takes all.
        #expect(Array(taken.dropFirst()) == [all, all, all - 2, all - 1, all])
    }

    @Test("geometries no layer keeps are let go of: under a turn, with every leaf walked every frame, the Reuse holds at most twice what a frame keeps and 64 more; the leaves left alone then are retaken from what it kept, and agree with a whole walk")
    func geometriesLetGo() {
        let stage = Stage()
        stage.turnPanel(over: 1)
        // The panel and its five leaves are placed under the turn: six geometries kept a frame.
        let kept = 1 + stage.leaves.count
        var held: [Int] = [], taken: [Int] = []
        for frame in 0..<30 {
            if frame < 14 {
                for (i, leaf) in stage.leaves.enumerated() { leaf.alpha = 0.5 + Double((frame + i) % 5) / 10 }
            }
            taken.append(stage.shoot("frame \(frame)"))
            held.append(stage.reuse.geometriesHeld)
        }
        // Nothing is turned at t = 0. Then each frame adds six, until frame 13's 78 pass
        // 2 × 6 + 64 = 76: all but the six it keeps are let go of. From frame 14 the leaves are
        // taken from those six, and only the panel (which turns) adds one a frame.
        #expect(held == [0] + (1...12).map { kept * $0 } + (13..<30).map { kept + $0 - 13 }, "\(held)")
        #expect(Array(taken.dropFirst(14)) == Array(repeating: stage.layers(stage.screen) - 2, count: 16), "\(taken)")
    }

    @Test("every frame of every standard effect, in every flow, on the demo scene and on photos, is sampled as a whole walk samples it",
          arguments: StandardEffect.all().map(\.info.effectID), [TransitionRun.Flow.modal, .push, .pop, .tabs])
    func standardEffects(effect: String, flow: TransitionRun.Flow) throws {
        let registry = EffectRegistry()
        for standard in StandardEffect.all() { registry.register(standard) }
        let photos = try SceneDescription(parsing: String(contentsOfFile: SceneContentsTests.photosPath, encoding: .utf8))
        for scene in [nil, photos] where scene == nil || flow == .push || flow == .pop {
            var options = TransitionRun.Options(effect: effect, flow: flow, scene: scene)
            var frames = 0
            options.onMotionSample = { sample, scene, labels in
                let (whole, _) = MotionSample.withFrame(scene, labels: labels)
                Self.expectSame(sample, whole, "\(effect), \(flow), frame at \(sample.time)", sourceLocation: #_sourceLocation)
                frames += 1
            }
            _ = try TransitionRun.run(registry: registry, options: options)
            #expect(frames > 20)
        }
    }
}
