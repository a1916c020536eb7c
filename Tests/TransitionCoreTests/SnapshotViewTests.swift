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
}
