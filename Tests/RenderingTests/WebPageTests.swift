import Foundation
import Testing
import TransitionCore
@testable import Rendering

/// The web page export's model (WebPageTree, WebPageNode) with exact numbers: elements nest
/// as views do, each transform is the view's window transform after its parent's, 3D subtrees
/// carry their warp, and every CSS value is written as CSS reads it. The page itself is
/// checked against the host's frames in headless Chromium (WebPageExportTests).
@Suite("Web page export")
struct WebPageTests {
    static func close(_ h: Homography, _ values: [Double]) -> Bool {
        zip([h.a, h.b, h.c, h.d, h.e, h.f, h.g, h.h, h.i], values).allSatisfy { abs($0 - $1) < 1e-9 }
    }

    @Test("each view is an element under its parent's, its transform its window transform with its parent's undone")
    func nesting() throws {
        let scene = Scene(windowSize: Size(width: 390, height: 844))
        let card = scene.makeView(name: "card", frame: Rect(x: 100, y: 200, width: 200, height: 100))
        let badge = scene.makeView(name: "badge", frame: Rect(x: 10, y: 20, width: 30, height: 30))
        card.backgroundColor = .white
        badge.backgroundColor = .black
        card.transform = .scale(2, 2)
        scene.window.addSubview(card)
        card.addSubview(badge)
        let tree = WebPageTree([SceneSnapshot.capture(scene)])
        let names = tree.nodes.map(\.name)
        let cardNode = try #require(names.firstIndex(of: "card")), badgeNode = try #require(names.firstIndex(of: "badge"))
        #expect(tree.nodes[badgeNode].parent == cardNode && tree.nodes[cardNode].parent == names.firstIndex(of: scene.window.name))
        // Scaled 2× about its centre (200, 250): its corner at (0, 150), 400 × 200.
        #expect(Self.close(try #require(tree.nodes[cardNode].states[0]).transform, [2, 0, 0, 0, 2, 0, 0, 150, 1]))
        // Within the card, where its frame puts it: the card's scale is the card's own.
        #expect(Self.close(try #require(tree.nodes[badgeNode].states[0]).transform, [1, 0, 0, 0, 1, 0, 10, 20, 1]))
    }

    @Test("a 3D view's element carries its warp; its subviews stay flat in its plane, affine within it")
    func threeD() throws {
        let scene = Scene(windowSize: Size(width: 390, height: 844))
        let card = scene.makeView(name: "card", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let label = scene.makeView(name: "label", frame: Rect(x: 20, y: 40, width: 100, height: 30))
        card.backgroundColor = .white
        card.transform3D = Transform3D.rotation(0.5, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 500))
        scene.window.addSubview(card)
        card.addSubview(label)
        let snapshot = SceneSnapshot.capture(scene)
        let tree = WebPageTree([snapshot])
        let cardState = try #require(tree.nodes.first { $0.name == "card" }?.states[0])
        let labelState = try #require(tree.nodes.first { $0.name == "label" }?.states[0])
        let warp = try #require(snapshot.layers.first { $0.name == "card" }?.warp)
        // The card at the top of the window: its transform is its warp (its flat place is the identity).
        #expect(Self.close(cardState.transform, [warp.a, warp.b, warp.c, warp.d, warp.e, warp.f, warp.g, warp.h, warp.i]))
        #expect(!WebPageNode.isAffine(cardState.transform))
        #expect(Self.close(labelState.transform, [1, 0, 0, 0, 1, 0, 20, 40, 1]))
    }

    @Test("a view moved under another parent gets an element under each, seen only while it is there")
    func reparented() throws {
        let scene = Scene(windowSize: Size(width: 390, height: 844))
        let a = scene.makeView(name: "a", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let b = scene.makeView(name: "b", frame: Rect(x: 0, y: 200, width: 100, height: 100))
        let moved = scene.makeView(name: "moved", frame: Rect(x: 5, y: 5, width: 10, height: 10))
        for v in [a, b, moved] { v.backgroundColor = .white }
        scene.window.addSubview(a)
        scene.window.addSubview(b)
        a.addSubview(moved)
        let first = SceneSnapshot.capture(scene)
        moved.removeFromSuperview()
        b.addSubview(moved)
        let tree = WebPageTree([first, SceneSnapshot.capture(scene)])
        let nodes = tree.nodes.enumerated().filter { $0.element.name == "moved" }
        #expect(nodes.count == 2)
        let underA = try #require(nodes.first { tree.nodes[$0.element.parent!].name == "a" }?.element)
        let underB = try #require(nodes.first { tree.nodes[$0.element.parent!].name == "b" }?.element)
        #expect(underA.states[0] != nil && underA.states[1] == nil && underB.states[0] == nil && underB.states[1] != nil)
        let steps = WebPageNode(underB, frames: 2).steps
        #expect(steps.first { $0.name == "visibility" }?.values == ["hidden", "visible"])
    }

    @Test("CSS as CSS reads it: matrix() and matrix3d() from a row-vector map, colours, corners, shadows, masks")
    func cssValues() {
        let affine = Homography(2, 0.5, 0, -0.5, 2, 0, 10, 20, 1)
        #expect(WebPageNode.transform(affine, projective: false) == "matrix(2, 0.5, -0.5, 2, 10, 20)")
        // matrix3d lists the column-vector matrix by columns: the row-vector one by rows, z kept.
        let projective = Homography(1, 0.1, -0.002, 0.2, 1, 0.0005, 5, 6, 1.5)
        #expect(WebPageNode.transform(projective, projective: true)
                == "matrix3d(1, 0.1, 0, -0.002, 0.2, 1, 0, 0.0005, 0, 0, 1, 0, 5, 6, 0, 1.5)")
        #expect(WebPageNode.color(Color(red: 1, green: 0.5, blue: 0, alpha: 0.25)) == "rgba(255, 128, 0, 0.25)")
        let numbers = [(-0.002, 6), (12, 3), (0.5, 4), (0.00004, 4), (-0.00004, 4), (1.23456789, 6), (0.05, 2), (-3.5, 1), (100.0001, 3)]
            .map { WebPageNode.number($0.0, $0.1) }
        #expect(numbers == ["-0.002", "12", "0.5", "0", "0", "1.234568", "0.05", "-3.5", "100"], "\(numbers)")
        var look = ViewAppearance(frame: Rect(x: 0, y: 0, width: 100, height: 40))
        look.cornerRadius = 30
        look.maskedCorners = .top
        // Clamped to half the shorter side, on the top corners only (top left, top right, bottom right, bottom left).
        #expect(WebPageNode.radii(look) == "20px 20px 0px 0px")
        #expect(WebPageNode.shadow(look) == "none")
        look.shadowOpacity = 0.5
        look.shadowRadius = 8
        look.shadowOffset = Size(width: 0, height: 4)
        #expect(WebPageNode.shadow(look) == "0px 4px 8px rgba(0, 0, 0, 0.5)")
        look.mask = MaskShape(kind: .roundedRect, rect: Rect(x: 10, y: 5, width: 50, height: 20), cornerRadius: 40)
        #expect(WebPageNode.clipPath(look) == "inset(5px 40px 15px 10px round 10px)")
        look.mask = MaskShape(kind: .ellipse, rect: Rect(x: 0, y: 0, width: 100, height: 40))
        #expect(WebPageNode.clipPath(look) == "ellipse(50px 20px at 50px 20px)")
        look.mask = MaskShape(kind: .ellipse, rect: Rect(x: 0, y: 0, width: 0, height: 40))
        #expect(WebPageNode.clipPath(look) == "polygon(0px 0px, 0px 0px, 0px 0px)", "an empty mask leaves nothing")
        look.mask = MaskShape(path: [PathElement(.moveTo, [Point(x: 0, y: 0)]), PathElement(.lineTo, [Point(x: 100, y: 0)]),
                                     PathElement(.curveTo, [Point(x: 100, y: 20), Point(x: 50, y: 40), Point(x: 0, y: 40)]), PathElement(.close)])
        #expect(WebPageNode.clipPath(look) == "path('M 0 0 L 100 0 C 100 20 50 40 0 40 Z')")
    }

    @Test("base64 as RFC 4648 writes it, padding included")
    func base64() {
        #expect(Base64.encode(Array("Man".utf8)) == "TWFu" && Base64.encode(Array("Ma".utf8)) == "TWE=" && Base64.encode(Array("M".utf8)) == "TQ==")
        #expect(Base64.encode([]) == "" && Base64.encode([0xFB, 0xFF, 0xBF]) == "+/+/")
    }

    @Test("a name holding </script> cannot end the page's script; the title is escaped")
    func scriptSafe() throws {
        let scene = Scene(windowSize: Size(width: 100, height: 100))
        let view = scene.makeView(name: "</script><script>alert(1)</script>", frame: Rect(x: 0, y: 0, width: 50, height: 50))
        view.backgroundColor = .white
        scene.window.addSubview(view)
        let page = try WebPage.render(title: "<b>x</b>", snapshots: [SceneSnapshot.capture(scene)])
        #expect(page.components(separatedBy: "</script>").count == 2, "one script, ended once")
        #expect(!page.contains("<b>x</b>") && page.contains("&lt;b&gt;x&lt;/b&gt;"))
        #expect(!page.contains("http://") && !page.contains("https://"), "nothing is fetched")
    }

    @Test("a page larger than the limit, or in a folder that cannot hold it, is not written, not even in part")
    func wholeOrNothing() throws {
        let dir = NSTemporaryDirectory() + "page-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: ExportError.tooLarge(path: dir + "/p.html", bytes: 100, limit: 10)) {
            try FileOutput.writeWhole(String(repeating: "x", count: 100), to: dir + "/p.html", limit: 10)
        }
        #expect(throws: ExportError.self) { try FileOutput.writeWhole("x", to: dir + "/missing/p.html", limit: 10) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
        // Written, but not renamed into place (a folder with something in it has the name):
        // the part written goes too.
        try FileManager.default.createDirectory(atPath: dir + "/taken.html/inside", withIntermediateDirectories: true)
        #expect(throws: ExportError.self) { try FileOutput.writeWhole("x", to: dir + "/taken.html", limit: 10) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["taken.html"])
        try FileManager.default.removeItem(atPath: dir + "/taken.html")
        try FileOutput.writeWhole("page", to: dir + "/p.html", limit: 10)
        #expect(try String(contentsOfFile: dir + "/p.html", encoding: .utf8) == "page")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["p.html"])
    }

    @Test("a Lottie transform is exact for any 2D map: the two rotations and the scale between them give it back, a mirror too")
    func lottieDecomposition() {
        for (a, b, c, d) in [(1.0, 0.0, 0.0, 1.0), (2, 0.5, -0.3, 1.5), (0, 1, -1, 0), (-1, 0, 0, 1), (0.3, -2, 1.1, 0.2), (1, 0.4, 0, 1)] {
            let h = Homography(a, b, 0, c, d, 0, 7, -3, 1)
            let p = LottieWriter.decompose(h)
            func rotation(_ degrees: Double) -> (Double, Double, Double, Double) {
                let r = degrees * Double.pi / 180
                return (cos(r), sin(r), -sin(r), cos(r))  // columns: x' = m0 x + m2 y, y' = m1 x + m3 y
            }
            // translate · rotate(first) · scale · rotate(second), column vectors.
            let (r1, s, r2) = (rotation(p.first), (p.sx, 0.0, 0.0, p.sy), rotation(p.second))
            func times(_ m: (Double, Double, Double, Double), _ n: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
                (m.0 * n.0 + m.2 * n.1, m.1 * n.0 + m.3 * n.1, m.0 * n.2 + m.2 * n.3, m.1 * n.2 + m.3 * n.3)
            }
            let m = times(times(r1, s), r2)
            // The homography's row-vector entries: x' = a x + c y (a = h.a, c = h.d), y' = b x + d y.
            #expect(abs(m.0 - a) < 1e-9 && abs(m.1 - b) < 1e-9 && abs(m.2 - c) < 1e-9 && abs(m.3 - d) < 1e-9, "\(a) \(b) \(c) \(d) → \(m)")
            #expect(p.tx == 7 && p.ty == -3)
        }
    }

    @Test("Lottie's unexpressed: perspective, clipped subviews, masks, a fading parent; none for a plain move")
    func lottieUnexpressed() throws {
        let scene = Scene(windowSize: Size(width: 390, height: 844))
        let card = scene.makeView(name: "card", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        let child = scene.makeView(name: "child", frame: Rect(x: 10, y: 10, width: 20, height: 20))
        card.backgroundColor = .white
        child.backgroundColor = .black
        scene.window.addSubview(card)
        card.addSubview(child)
        #expect(LottieExport.unexpressed(WebPageTree([SceneSnapshot.capture(scene)])).isEmpty)
        card.clipsToBounds = true
        card.alpha = 0.5
        card.transform3D = Transform3D.rotation(0.3, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 500))
        child.mask = MaskShape(kind: .ellipse, rect: Rect(x: 0, y: 0, width: 20, height: 20))
        let found = LottieExport.unexpressed(WebPageTree([SceneSnapshot.capture(scene)]))
        #expect(found.contains("3D perspective (drawn without it)") && found.contains("subviews clipped to a view (drawn whole)"), "\(found)")
        #expect(found.contains("masks (left out)") && found.contains("a fading view's subviews fade one by one, not as one picture"), "\(found)")
    }
}
