import Testing
@testable import TransitionCore

/// snapshot_view as UIKit's snapshotView: a picture of the view as it is now, which scales
/// with the snapshot's frame, rather than a copy of the view tree whose subviews keep their
/// size and move about.
@Suite("Snapshot views")
struct SnapshotViewTests {
    /// A 100×50 card at (20, 30) with a 40×10 label at (10, 20) inside it.
    func makeScene() -> (Scene, View, View) {
        let scene = Scene(windowSize: Size(width: 400, height: 800), clock: VirtualClock(framesPerSecond: 60))
        let card = scene.makeView(name: "card", frame: Rect(x: 20, y: 30, width: 100, height: 50))
        card.backgroundColor = Color(red: 1, green: 0, blue: 0)
        let label = scene.makeView(name: "card.label", frame: Rect(x: 10, y: 20, width: 40, height: 10))
        label.backgroundColor = .black
        card.addSubview(label)
        scene.window.addSubview(card)
        return (scene, card, label)
    }

    /// Where `layer`'s rectangle lands in the window.
    func placed(_ layer: SceneSnapshot.Layer) -> Rect { layer.transform.apply(to: Rect(x: 0, y: 0, width: layer.size.width, height: layer.size.height)) }

    @Test("a snapshot has no subviews; its picture shows the view and its subviews where they were")
    func picture() throws {
        let (scene, card, _) = makeScene()
        let shot = scene.snapshot(of: card)
        #expect(shot.subviews.isEmpty && shot.frame == card.frame && shot.name == "snapshot of card")
        scene.window.addSubview(shot)
        card.isHidden = true
        let frame = SceneSnapshot.capture(scene)
        let picture = frame.layers.filter { $0.viewID < 0 }
        #expect(picture.map(\.name) == ["card", "card.label"])
        #expect(placed(picture[0]).isClose(to: Rect(x: 20, y: 30, width: 100, height: 50), tolerance: 1e-9))
        #expect(placed(picture[1]).isClose(to: Rect(x: 30, y: 50, width: 40, height: 10), tolerance: 1e-9))
        #expect(picture.allSatisfy { !$0.isHidden }, "taken before the card was hidden, the picture shows it")
    }

    @Test("the picture scales with the snapshot's frame: twice the size, the label twice as large and twice as far in")
    func scales() throws {
        let (scene, card, _) = makeScene()
        let shot = scene.snapshot(of: card)
        scene.window.addSubview(shot)
        shot.frame = Rect(x: 0, y: 100, width: 200, height: 100)
        let picture = SceneSnapshot.capture(scene).layers.filter { $0.viewID < 0 }
        #expect(placed(picture[1]).isClose(to: Rect(x: 20, y: 140, width: 80, height: 20), tolerance: 1e-9))
    }

    @Test("changes to the view after the snapshot do not reach its picture")
    func frozen() throws {
        let (scene, card, label) = makeScene()
        let shot = scene.snapshot(of: card)
        scene.window.addSubview(shot)
        label.backgroundColor = .white
        card.alpha = 0.2
        let picture = SceneSnapshot.capture(scene).layers.filter { $0.viewID < 0 }
        #expect(picture[1].color == .black && picture[0].opacity == 1)
    }

    @Test("before screen updates: a view added since the last drawing gives a blank picture; after them, the view")
    func blankBeforeDrawn() throws {
        let (scene, card, _) = makeScene()
        scene.engine.markDrawn()
        let fresh = scene.makeView(name: "fresh", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        fresh.backgroundColor = .black
        scene.window.addSubview(fresh)
        #expect(scene.snapshot(of: fresh, afterScreenUpdates: false).snapshotContent?.layers.isEmpty == true)
        #expect(scene.snapshot(of: fresh, afterScreenUpdates: true).snapshotContent?.layers.count == 1)
        // Once a frame has drawn it, it is on screen.
        scene.engine.step()
        #expect(scene.snapshot(of: fresh, afterScreenUpdates: false).snapshotContent?.layers.count == 1)
        #expect(scene.snapshot(of: card, afterScreenUpdates: false).snapshotContent?.layers.count == 2)
    }

    @Test("before screen updates, changes made since the last drawing do not show: the colour, the frame and a subview added; after them, they do")
    func asLastDrawn() throws {
        let (scene, card, label) = makeScene()
        scene.engine.markDrawn()
        label.backgroundColor = .white
        card.frame = Rect(x: 0, y: 0, width: 300, height: 50)
        let badge = scene.makeView(name: "badge", frame: Rect(x: 0, y: 0, width: 5, height: 5))
        card.addSubview(badge)
        let before = try #require(scene.snapshot(of: card, afterScreenUpdates: false).snapshotContent)
        #expect(before.layers.map(\.name) == ["card", "card.label"] && before.layers[1].color == .black)
        #expect(before.size == Size(width: 100, height: 50))
        #expect(scene.snapshot(of: card, afterScreenUpdates: false).frame == Rect(x: 20, y: 30, width: 100, height: 50))
        let after = try #require(scene.snapshot(of: card, afterScreenUpdates: true).snapshotContent)
        #expect(after.layers.map(\.name) == ["card", "card.label", "badge"] && after.layers[1].color == .white)
        #expect(after.size == Size(width: 300, height: 50))
    }

    @Test("a resizable snapshot of part of a view is framed where the part is, shows only it, and is cut to it")
    func part() throws {
        let (scene, card, _) = makeScene()
        let shot = scene.resizableSnapshot(of: card, rect: Rect(x: 10, y: 10, width: 50, height: 30), afterScreenUpdates: true, capInsets: .zero)
        #expect(shot.frame == Rect(x: 30, y: 40, width: 50, height: 30))
        scene.window.addSubview(shot)
        let picture = SceneSnapshot.capture(scene).layers.filter { $0.viewID < 0 }
        // A clipping layer the size of the part, then the card and its label placed so that
        // the part's corner is at the snapshot's.
        #expect(picture[0].appearance.clipsToBounds && placed(picture[0]).isClose(to: shot.frame, tolerance: 1e-9))
        #expect(placed(picture[2]).isClose(to: Rect(x: 30, y: 50, width: 40, height: 10), tolerance: 1e-9), "the label, at (10, 20) of the card")
    }

    @Test("cap insets keep their size when the snapshot is stretched: a label in the corner stays as large, one in the middle stretches")
    func capInsets() throws {
        let (scene, card, label) = makeScene()
        label.frame = Rect(x: 2, y: 2, width: 8, height: 8)  // inside the 12-point top-left cap
        let shot = scene.resizableSnapshot(of: card, rect: Rect(x: 0, y: 0, width: 100, height: 50), afterScreenUpdates: true,
                                           capInsets: EdgeInsets(top: 12, left: 12, bottom: 12, right: 12))
        scene.window.addSubview(shot)
        shot.frame = Rect(x: 0, y: 0, width: 276, height: 76)  // the middle, 76 × 26, becomes 252 × 52
        let layers = SceneSnapshot.capture(scene).layers.filter { $0.viewID < 0 }
        let clips = layers.filter { $0.appearance.clipsToBounds }
        #expect(clips.count == 9)
        // The first piece is the top-left corner: its label is drawn at its own size.
        let corner = layers.prefix { $0.viewID != clips[1].viewID }.filter { $0.name == "card.label" }
        #expect(corner.count == 1 && placed(corner[0]).isClose(to: Rect(x: 2, y: 2, width: 8, height: 8), tolerance: 1e-9))
        // In the middle piece the card is stretched by 252 / 76 across and 52 / 26 down.
        let middleStart = try #require(layers.firstIndex { $0.viewID == clips[4].viewID })
        let middleCard = layers[middleStart + 1]
        let r = placed(middleCard)
        #expect(abs(r.size.width - 100 * 252.0 / 76) < 1e-9 && abs(r.size.height - 50 * 52.0 / 26) < 1e-9, "\(r)")
    }

    @Test("caps wider than the snapshot shrink in proportion; parts of no size are left out")
    func capsShrink() throws {
        let content = SnapshotContent(of: makeScene().1, capInsets: EdgeInsets(top: 0, left: 30, bottom: 0, right: 10))
        let pieces = content.pieces(in: Size(width: 20, height: 50))
        #expect(pieces.map(\.destination) == [Rect(x: 0, y: 0, width: 15, height: 50), Rect(x: 15, y: 0, width: 5, height: 50)])
        #expect(pieces.map(\.source) == [Rect(x: 0, y: 0, width: 30, height: 50), Rect(x: 90, y: 0, width: 10, height: 50)])
    }
}
