import Testing
@testable import TransitionCore

/// The motion check's rule, pinned at its boundaries: a step is a pop when it reaches the floor
/// (8 pt, 8 pt of radius, 1% of the window shown) and is more than four times every step of
/// the same view within two frames. Each test films a real scene frame by frame.
@Suite("Motion check")
struct MotionCheckTests {
    /// A 390 × 844 window (1% of it: 3291.6 pt²) with a white screen filling it and one
    /// blue 100 × 100 card on it, filmed one frame per change.
    final class Film {
        let scene = Scene(windowSize: Size(width: 390, height: 844), clock: VirtualClock(framesPerSecond: 60))
        let screen: View
        let card: View
        private(set) var frames: [MotionSample] = []

        /// `setup` changes the scene before its first frame, the scene at rest.
        init(_ setup: (Film) -> Void = { _ in }) {
            screen = scene.makeView(name: "screen", frame: Rect(x: 0, y: 0, width: 390, height: 844))
            screen.backgroundColor = .white
            card = scene.makeView(name: "card", frame: Rect(x: 100, y: 100, width: 100, height: 100))
            card.backgroundColor = Color(red: 0, green: 0, blue: 1)
            scene.window.addSubview(screen)
            screen.addSubview(card)
            setup(self)
            shoot()
        }

        /// The scene as it is now is the next frame; the clock then moves on a frame.
        func shoot() {
            frames.append(MotionSample(SceneSnapshot.capture(scene)))
            scene.engine.step()
        }

        /// The card moved by `dx` points per frame for each of `steps`.
        func slide(_ steps: [Double]) {
            for dx in steps {
                card.frame = card.frame.offsetBy(dx: dx, dy: 0)
                shoot()
            }
        }

        var pops: [MotionPop] { MotionCheck.pops(in: frames) }
    }

    @Test("an even slide does not pop; one step more than four times the others does, and exactly four times does not")
    func ratioBoundary() {
        let even = Film()
        even.slide([10, 10, 10, 10, 10])
        #expect(even.pops.isEmpty)

        let four = Film()
        four.slide([10, 10, 10, 40, 10, 10])
        #expect(four.pops.isEmpty, "\(four.pops.map(\.description))")

        let more = Film()
        more.slide([10, 10, 10, 41, 10, 10])
        let pops = more.pops
        #expect(pops.count == 1)
        #expect(pops.first?.view == "card" && pops.first?.quantity == .position && pops.first?.moment == .during)
        #expect(pops.first?.size == 41 && pops.first?.around == 10)
        // The frame it lands on: the fifth frame after the first.
        #expect(pops.first?.time == more.frames[4].time)
    }

    @Test("a step below the floor never pops, however still the frames around it; at the floor it does")
    func positionFloor() {
        let below = Film()
        below.slide([0, 0, 7.99, 0, 0])
        #expect(below.pops.isEmpty)
        let at = Film()
        at.slide([0, 0, 8, 0, 0])
        #expect(at.pops.map(\.size) == [8])
    }

    @Test("the frames around a step are two before and two after it, no more")
    func reach() {
        let far = Film()
        // The last large step is three frames before the jump: too far to excuse it.
        far.slide([50, 0, 0, 50, 0, 0, 0])
        #expect(far.pops.count == 2)
        let near = Film()
        near.slide([0, 50, 0, 50, 0])
        #expect(near.pops.isEmpty)
    }

    @Test("a jump into the end state on the last frame, and a first frame unlike the scene at rest, are named as such")
    func moments() {
        let end = Film()
        end.slide([10, 8, 5, 2, 1, 60])
        #expect(end.pops.map(\.moment) == [.lastFrame])
        #expect(end.pops.first?.description.contains("into the end state, on the last frame") == true)

        let start = Film()
        start.slide([60, 0, 1, 2, 3])
        #expect(start.pops.map(\.moment) == [.firstFrame])
    }

    @Test("a view appearing at full opacity pops by its area (40,000 pt²); fading in over four frames it does not")
    func appearance() {
        let film = Film()
        let badge = film.scene.makeView(name: "badge", frame: Rect(x: 50, y: 300, width: 200, height: 200))
        badge.backgroundColor = .black
        film.shoot()
        film.screen.addSubview(badge)
        film.shoot()
        film.shoot()
        let pops = film.pops
        #expect(pops.count == 1)
        #expect(pops.first?.view == "badge" && pops.first?.quantity == .shown && pops.first?.size == 40_000)

        let fading = Film()
        let soft = fading.scene.makeView(name: "badge", frame: Rect(x: 50, y: 300, width: 200, height: 200))
        soft.backgroundColor = .black
        soft.alpha = 0
        fading.screen.addSubview(soft)
        fading.shoot()
        for alpha in [0.25, 0.5, 0.75, 1] {
            soft.alpha = alpha
            fading.shoot()
        }
        #expect(fading.pops.isEmpty, "\(fading.pops.map(\.description))")
    }

    @Test("what shows is opacity times area: a half-transparent view appearing pops by half its area, and the floor is 1% of the window")
    func shownFloor() {
        let half = Film()
        let badge = half.scene.makeView(name: "badge", frame: Rect(x: 0, y: 300, width: 100, height: 100))
        badge.backgroundColor = .black
        badge.alpha = 0.5
        half.screen.addSubview(badge)
        half.shoot()
        #expect(half.pops.map(\.size) == [5_000])

        // 3291.6 pt² is 1% of 390 × 844: a 57 × 57 view (3249 pt²) is below it, 58 × 58 (3364) above.
        for (side, pops) in [(57.0, 0), (58.0, 1)] {
            let film = Film()
            let small = film.scene.makeView(name: "small", frame: Rect(x: 0, y: 300, width: side, height: side))
            small.backgroundColor = .black
            film.screen.addSubview(small)
            film.shoot()
            #expect(film.pops.count == pops, "a \(side) pt square")
        }
    }

    @Test("a view added under an opaque view does not appear, and shows as the view above it fades out")
    func covered() {
        let film = Film()
        let under = film.scene.makeView(name: "under", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        under.backgroundColor = .black
        film.scene.window.insertSubview(under, below: film.screen)
        film.shoot()
        for alpha in [0.8, 0.6, 0.4, 0.2, 0] {
            film.screen.alpha = alpha
            film.shoot()
        }
        #expect(film.pops.isEmpty, "\(film.pops.map(\.description))")
        // What shows of it grows as the screen fades: 20% of the window more each frame.
        let shown = film.frames.map { $0.look(of: under.id)?.shown ?? -1 }
        #expect(shown[0] == -1 && shown[1] == 0 && shown.last == 390 * 844)
        #expect(abs(shown[3] - 0.4 * 390 * 844) < 1e-6)
    }

    @Test("an opaque view counts as a cover from half of 1% of the window, in proportion up to 1%: at 0.75% it hides half as much as it overlaps")
    func coverWeightBoundary() {
        // The window is 329,160 pt²; 1% is 3,291.6 pt². A 40 × 40 card (1,600 pt², under half
        // of 1%) hides nothing; a 60 × 41.145 card (2,468.7 pt², 0.75%) hides half of what it
        // overlaps; a 60 × 60 card (3,600 pt², over 1%) hides all of it.
        func shownUnder(_ width: Double, _ height: Double) -> Double {
            let film = Film()
            let lid = film.scene.makeView(name: "lid", frame: Rect(x: 100, y: 100, width: width, height: height))
            lid.backgroundColor = .white
            film.screen.addSubview(lid)
            film.shoot()
            return film.frames.last?.look(of: film.card.id)?.shown ?? -1
        }
        let card = 100.0 * 100
        #expect(shownUnder(40, 40) == card)
        let weight = 60 * 41.145 / 3291.6 * 2 - 1
        #expect(abs(shownUnder(60, 41.145) - (card - 60 * 41.145 * weight)) < 1e-6)
        #expect(shownUnder(60, 60) == card - 3600)
    }

    @Test("covers are passed by in runs of eight only where none of the run meets the view: the one tile of twenty in front of the card that overlaps it hides its 2,500 pt² wherever it stands among them", arguments: [0, 4, 5, 12, 13, 19])
    func coverRuns(overlapping: Int) {
        // The window, the screen and the card are covers 0 to 2; the tiles 3 to 22, each 60 × 60
        // (over 1% of the window: all it overlaps is hidden). Runs are covers 0–7 and 8–15;
        // 16–22 are met one by one. Tiles 0 to 4 are met one by one in a run the card stands in,
        // tile 5 starts a run, tile 12 ends one, tile 13 and 19 lie past the runs.
        let film = Film { film in
            for tile in 0..<20 {
                let frame = tile == overlapping ? Rect(x: 150, y: 150, width: 60, height: 60)
                    : Rect(x: Double(tile % 6) * 65, y: 480 + Double(tile / 6) * 65, width: 60, height: 60)
                let view = film.scene.makeView(name: "tile \(tile)", frame: frame)
                view.backgroundColor = .black
                film.screen.addSubview(view)
            }
        }
        let frame = film.frames[0]
        // The window is a cover too: the tiles are covers 3 to 22.
        #expect(frame.covers.map(\.id) == [film.scene.window.id, film.screen.id, film.card.id] + frame.covers.dropFirst(3).map(\.id))
        #expect(frame.covers.count == 23)
        let shown: Double? = frame.look(of: film.card.id)?.shown
        #expect(shown == 7500)
    }

    @Test("a step is measured at the corner that moved farthest: a card widening to the right by 5 pt a frame, then 50 pt once, pops with a step of 50 pt though its left corners never move")
    func farthestCorner() {
        let film = Film()
        for width in [105.0, 110, 115, 165, 170, 175] {
            film.card.frame = Rect(x: 100, y: 100, width: width, height: 100)
            film.shoot()
        }
        let pops = film.pops
        #expect(pops.count == 1, "\(pops.map(\.description))")
        #expect(pops.first?.quantity == .position && pops.first?.size == 50)
    }

    @Test("an opaque view sliding over another hides it frame by frame: no pop when it covers it whole")
    func slidingCover() {
        let film = Film()
        let sheet = film.scene.makeView(name: "sheet", frame: Rect(x: 390, y: 0, width: 390, height: 844))
        sheet.backgroundColor = .white
        film.scene.window.addSubview(sheet)
        film.shoot()
        for _ in 0..<13 {
            sheet.frame = sheet.frame.offsetBy(dx: -30, dy: 0)
            film.shoot()
        }
        #expect(sheet.frame.minX == 0)
        #expect(film.pops.isEmpty, "\(film.pops.map(\.description))")
        #expect(film.frames.last?.look(of: film.card.id)?.shown == 0)
    }

    @Test("a view put in another's place, corner for corner, changes nothing a person sees")
    func replacement() {
        let film = Film()
        let copy = film.scene.makeView(name: "snapshot of card", frame: film.card.frame)
        copy.backgroundColor = film.card.backgroundColor
        film.shoot()
        film.card.removeFromSuperview()
        film.screen.addSubview(copy)
        film.shoot()
        film.shoot()
        #expect(film.pops.isEmpty, "\(film.pops.map(\.description))")

        // Two points off, it is a different picture.
        let moved = Film()
        let off = moved.scene.makeView(name: "snapshot of card", frame: moved.card.frame.offsetBy(dx: 30, dy: 0))
        off.backgroundColor = moved.card.backgroundColor
        moved.shoot()
        moved.card.removeFromSuperview()
        moved.screen.addSubview(off)
        moved.shoot()
        #expect(moved.pops.count == 2)
    }

    @Test("a view moving off screen keeps its pace there: the step that takes it off is no pop")
    func offScreen() {
        let film = Film()
        film.slide([0, 0] + Array(repeating: 40, count: 10))
        #expect(film.frames.last?.look(of: film.card.id)?.shown == 0)
        #expect(film.pops.isEmpty, "\(film.pops.map(\.description))")
    }

    @Test("a corner radius that snaps pops; one that animates does not")
    func cornerRadius() {
        let film = Film { $0.card.cornerRadius = 40 }
        film.shoot()
        film.card.cornerRadius = 0
        film.shoot()
        film.shoot()
        #expect(film.pops.map(\.quantity) == [.cornerRadius])
        #expect(film.pops.first?.size == 40 && film.pops.first?.around == 0)

        let smooth = Film { $0.card.cornerRadius = 40 }
        for r in stride(from: 32.0, through: 0, by: -8) {
            smooth.card.cornerRadius = r
            smooth.shoot()
        }
        #expect(smooth.pops.isEmpty)
    }

    @Test("a blur that snaps on pops, its size the radius; one that grows does not; below 4 pt nothing is a pop")
    func blur() {
        let film = Film()
        film.shoot()
        film.card.blur = BlurEffect(kind: .backdrop, radius: 20)
        film.shoot()
        film.shoot()
        #expect(film.pops.map(\.quantity) == [.blur])
        #expect(film.pops.first?.size == 20 && film.pops.first?.around == 0)
        #expect(film.pops.first?.description.contains("'card' changed its blur by 20 pt in one frame") == true)

        let smooth = Film { $0.card.blur = BlurEffect(kind: .layer, radius: 0) }
        for r in stride(from: 3.0, through: 21, by: 3) {
            smooth.card.blur = BlurEffect(kind: .layer, radius: r)
            smooth.shoot()
        }
        #expect(smooth.pops.isEmpty, "\(smooth.pops.map(\.description))")

        let slight = Film()
        slight.card.blur = BlurEffect(kind: .layer, radius: 3.9)
        slight.shoot()
        slight.shoot()
        #expect(slight.pops.isEmpty, "3.9 pt is under the floor")
    }

    @Test("a 3D turn is seen through its projection: a card turning steadily does not pop; snapping flat again does")
    func turned() {
        let film = Film { $0.card.frame = Rect(x: 0, y: 0, width: 390, height: 844) }
        for angle in [0.05, 0.1, 0.15, 0.2, 0.25, 0.3] {
            film.card.transform3D = Transform3D.rotation(angle, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 800))
            film.shoot()
        }
        #expect(film.pops.isEmpty, "\(film.pops.map(\.description))")
        film.card.transform3D = .identity
        film.shoot()
        let card = film.pops.filter { $0.view == "card" }
        #expect(card.map(\.quantity) == [.position])
        #expect(card.first?.moment == .lastFrame)
    }

    @Test("degenerate looks never crash the check: a zero scale, a singular 3D matrix, a view behind the eye")
    func degenerate() {
        let film = Film()
        film.card.transform = .scale(0, 0)
        film.shoot()
        film.card.transform = .identity
        film.card.transform3D = Transform3D(values: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])
        film.shoot()
        film.card.transform3D = Transform3D.translation(0, 0, 900).concatenating(.perspective(distance: 800))
        film.shoot()
        _ = film.pops
        #expect(film.frames[3].look(of: film.card.id)?.corners == nil)
    }

    @Test("a snapshot laid over the view it copies, which stays, shows nothing new; another view laid there does")
    func snapshotOverItsOriginal() {
        let film = Film()
        let copy = film.scene.makeView(name: "snapshot of card", frame: film.card.frame)
        copy.backgroundColor = film.card.backgroundColor
        film.screen.addSubview(copy)
        film.shoot()
        #expect(film.pops.isEmpty, "\(film.pops.map(\.description))")

        let other = Film()
        let stranger = other.scene.makeView(name: "badge", frame: other.card.frame)
        stranger.backgroundColor = .black
        other.screen.addSubview(stranger)
        other.shoot()
        #expect(other.pops.map(\.view) == ["badge"])
    }

    @Test("a screen that jumps is one pop, not one per view on it")
    func outermostOnly() {
        let film = Film()
        film.screen.frame = film.screen.frame.offsetBy(dx: 0, dy: 100)
        film.shoot()
        film.shoot()
        #expect(film.pops.map(\.view) == ["screen"])
        #expect(film.pops.first?.size == 100)
    }

    @Test("a view taken away where something now hides it vanishes from no one's sight")
    func removedUnderCover() {
        let film = Film()
        let sheet = film.scene.makeView(name: "sheet", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        sheet.backgroundColor = .white
        sheet.alpha = 0
        film.scene.window.addSubview(sheet)
        film.shoot()
        for alpha in [0.2, 0.4, 0.6, 0.8] {
            sheet.alpha = alpha
            film.shoot()
        }
        // The last frame: the sheet opaque, and the screen under it taken away.
        sheet.alpha = 1
        film.screen.removeFromSuperview()
        film.shoot()
        #expect(film.pops.isEmpty, "\(film.pops.map(\.description))")
        // Taken away while it still showed, it is a pop.
        let early = Film()
        early.screen.removeFromSuperview()
        early.shoot()
        #expect(early.pops.map(\.view) == ["screen"])
        #expect(abs((early.pops.first?.size ?? 0) + (390 * 844 - 10_000)) < 1e-6)
    }

    @Test("what two turned views share is cut by every edge of each, the last (from the last corner to the first) too: 50 of 100 pt²")
    func sharedByEveryEdge() {
        func square(_ x: Double) -> MotionQuad {
            MotionQuad(topLeft: Point(x: x, y: 0), topRight: Point(x: x + 10, y: 0), bottomRight: Point(x: x + 10, y: 10),
                       bottomLeft: Point(x: x, y: 10))
        }
        // The cover's left edge, from its bottom-left corner back to its top-left one, is the only one that cuts.
        let look = square(-5), cover = square(0)
        func whole(_ quad: MotionQuad) -> MotionRegion { .whole(box: quad.box, area: quad.area) }
        #expect(whole(look).overlap(look, with: whole(cover), cover) == 50)
        #expect(whole(cover).overlap(cover, with: whole(look), look) == 50)
        #expect(whole(look).area(look) == 100)
        // Made by a clip that leaves the corners whole, the region keeps their box and area.
        let turned = MotionQuad(topLeft: Point(x: 0, y: 0), topRight: Point(x: 10, y: 2), bottomRight: Point(x: 10, y: 8),
                                bottomLeft: Point(x: 0, y: 10))
        #expect(MotionRegion(turned, within: Rect(x: -1, y: -1, width: 20, height: 20)) == .whole(box: turned.box, area: 80))
    }

    @Test("one walk gives the run its frame and the check its sample, each as its own walk would: mid-animation, turned in 3D, beside a snapshot")
    func oneWalkForBoth() {
        let film = Film()
        let copy = film.scene.snapshot(of: film.card)
        copy.frame = Rect(x: 200, y: 400, width: 150, height: 150)
        film.screen.addSubview(copy)
        film.scene.engine.animate(AnimationOptions(duration: 1, curve: .linear)) {
            film.card.frame = Rect(x: 100, y: 500, width: 200, height: 100)
            film.card.alpha = 0.5
            film.card.transform3D = Transform3D.rotation(0.6, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 800))
        }
        for _ in 0..<30 { film.scene.engine.step() }

        let (sample, frame) = MotionSample.withFrame(film.scene, labels: [:])
        let alone = MotionSample(film.scene)
        #expect(sample.time == alone.time && sample.ids == alone.ids && sample.looks == alone.looks)
        #expect(sample.layerIDs == alone.layerIDs && sample.layerParents == alone.layerParents)
        #expect(frame == TransitionRun.capture(film.scene))
        // Views only, not the parts of the snapshot's picture; and caught mid-animation.
        #expect(frame.views.map(\.name) == ["window", "screen", "card", "snapshot of card"])
        let card = frame.views[2]
        #expect(card.alpha > 0.5 && card.alpha < 1)
        #expect(sample.layerIDs.contains { $0 < 0 })
    }
}
