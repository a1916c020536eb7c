import Testing
@testable import TransitionCore

/// CALayer.isDoubleSided (ABI 1.2): a view that is not double-sided is not drawn, with its
/// subviews, while its own 3D transform shows its back; the snapshot the renderer and the
/// motion check read says so.
@Suite("Double-sided views")
struct DoubleSidedTests {
    /// A card with a label on it, turned `degrees` about the vertical axis, seen with perspective.
    func snapshot(turned degrees: Double, doubleSided: Bool) -> (SceneSnapshot, card: Int, label: Int) {
        let scene = Scene(windowSize: Size(width: 390, height: 844), clock: VirtualClock(framesPerSecond: 60))
        let card = scene.makeView(name: "card", frame: Rect(x: 45, y: 200, width: 300, height: 400))
        card.backgroundColor = Color(red: 0, green: 0, blue: 1)
        let label = scene.makeView(name: "label", frame: Rect(x: 20, y: 20, width: 100, height: 30))
        label.backgroundColor = .white
        card.addSubview(label)
        scene.window.addSubview(card)
        card.isDoubleSided = doubleSided
        card.transform3D = Transform3D.rotation(degrees * .pi / 180, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 800))
        return (SceneSnapshot.capture(scene), card.id, label.id)
    }

    func hidden(_ s: SceneSnapshot, _ id: Int) -> Bool? { s.layers.first { $0.viewID == id }?.isHidden }

    @Test("turned past 90°, a view that is not double-sided is hidden with its subviews; up to 90° it shows",
          arguments: [(0.0, false), (60.0, false), (89.0, false), (91.0, true), (120.0, true), (180.0, true), (269.0, true), (271.0, false)])
    func culled(degrees: Double, away: Bool) {
        let (s, card, label) = snapshot(turned: degrees, doubleSided: false)
        #expect(hidden(s, card) == away, "\(degrees)°")
        #expect(hidden(s, label) == away, "\(degrees)°: the label lies in the card's plane")
    }

    @Test("a double-sided view (the default) shows its back")
    func doubleSidedShows() {
        let (s, card, label) = snapshot(turned: 180, doubleSided: true)
        #expect(hidden(s, card) == false && hidden(s, label) == false)
        #expect(ViewAppearance(frame: .zero).isDoubleSided)
    }
}

/// CALayer.zPosition (ABI 1.2): siblings are drawn by it, then by their order as subviews.
@Suite("zPosition")
struct ZPositionTests {
    @Test("a higher zPosition is drawn over later siblings; equal ones keep their order; the subviews' order stays")
    func drawingOrder() {
        let scene = Scene(windowSize: Size(width: 390, height: 844), clock: VirtualClock(framesPerSecond: 60))
        let names = ["a", "b", "c", "d"]
        let views = names.map { scene.makeView(name: $0, frame: Rect(x: 0, y: 0, width: 100, height: 100)) }
        for v in views { scene.window.addSubview(v) }
        func drawn() -> [String] { SceneSnapshot.capture(scene).layers.map(\.name).filter { names.contains($0) } }
        #expect(drawn() == ["a", "b", "c", "d"])
        views[0].zPosition = 1
        views[2].zPosition = -0.5
        #expect(drawn() == ["c", "b", "d", "a"])
        views[3].zPosition = 1
        #expect(drawn() == ["c", "b", "a", "d"], "equal values keep the subviews' order")
        #expect(scene.window.subviews.map(\.name) == names)
    }
}
