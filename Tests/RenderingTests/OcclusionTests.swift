import CCairo
import Testing
import TransitionCore
@testable import Rendering

/// What the renderer leaves out under views that cover it (Occlusion): nothing anyone could see.
/// Each frame drawn into an image, where covered pixels are spared, is compared pixel by pixel
/// with the same frame drawn whole on a canvas filled first (SceneRasterizer.draw, which spares
/// nothing); and the rules that decide what may be spared are pinned on a sheet over frosted
/// glass.
@Suite("Occlusion")
struct OcclusionTests {
    /// The frame drawn whole: the canvas filled, then every layer painted.
    static func drawnWhole(_ snapshot: SceneSnapshot, width: Int, height: Int, background: Color = .black) -> CairoImage {
        let image = CairoImage(width: width, height: height)
        image.draw { cr in
            SceneRasterizer.fill(cr, with: background)
            SceneRasterizer.draw(snapshot, on: cr, placement: .fit(snapshot.windowSize, into: Double(width), Double(height)), background: background)
        }
        return image
    }

    /// The first pixel where two images differ, and its two values.
    static func firstDifference(_ a: CairoImage, _ b: CairoImage) -> (x: Int, y: Int, spared: UInt32, whole: UInt32)? {
        a.withPixels { pa in
            b.withPixels { pb in
                for y in 0..<a.height {
                    for x in 0..<a.width {
                        let p = pa[y * a.stride / 4 + x], q = pb[y * b.stride / 4 + x]
                        if p != q { return (x, y, p, q) }
                    }
                }
                return nil
            }
        }
    }

    static func expectSpared(_ snapshots: [SceneSnapshot], scale: Int, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (n, snapshot) in snapshots.enumerated() {
            let width = Int(snapshot.windowSize.width) * scale, height = Int(snapshot.windowSize.height) * scale
            let spared = SceneRasterizer.render(snapshot, width: width, height: height)
            let whole = drawnWhole(snapshot, width: width, height: height)
            if let at = firstDifference(spared, whole) {
                let (sparedText, wholeText) = (String(at.spared, radix: 16), String(at.whole, radix: 16))
                Issue.record("\(what), frame \(n): pixel (\(at.x), \(at.y)) is \(sparedText) spared, \(wholeText) drawn whole", sourceLocation: sourceLocation)
                return
            }
        }
    }

    /// The window-bench's sheet: a card with a shadow and a masked avatar, over a full-window
    /// backdrop blur under a white tint, coming up over a list of rows.
    static func frostedSheet(rowColor: String = "#ffffff") throws -> [SceneSnapshot] {
        let rows = (0..<10).map { i in
            "{\"name\": \"row\(i)\", \"frame\": [16, \(60 + i * 76), 358, 64], \"color\": \"\(rowColor)\", \"cornerRadius\": 12, \"views\": ["
                + "{\"name\": \"icon\(i)\", \"frame\": [12, 12, 40, 40], \"color\": \"#3478f6\", \"cornerRadius\": 8},"
                + "{\"name\": \"title\(i)\", \"frame\": [64, 18, 280, 28], \"text\": \"Destination \(i + 1)\"}]}"
        }
        var options = TransitionRun.Options(effect: "cover-vertical", framesPerSecond: 30)
        options.scene = try SceneDescription(parsing: """
            {"window": [390, 844], "screens": [
              {"name": "list", "color": "#f2f2f7", "views": [\(rows.joined(separator: ", "))]},
              {"name": "sheet", "color": "#00000000", "views": [
                {"name": "glass", "frame": [0, 0, 390, 844], "color": "#ffffff4d", "blur": {"kind": "backdrop", "radius": 20}},
                {"name": "card", "frame": [0, 300, 390, 544], "color": "#ffffff", "cornerRadius": 16,
                 "shadowOpacity": 0.3, "shadowRadius": 10, "shadowOffset": [0, 0], "views": [
                  {"name": "avatar", "frame": [145, 40, 100, 100], "color": "#3478f6", "mask": {"kind": "ellipse", "rect": [0, 0, 100, 100]}}]}]}],
             "segues": [{"name": "open", "from": "list", "to": "sheet", "effect": "cover-vertical"}]}
            """)
        options.segue = "open"
        let registry = EffectRegistry()
        for standard in StandardEffect.all() { registry.register(standard) }
        return try TransitionRun.run(registry: registry, options: options).snapshots
    }

    @Test("every frame of the standard effects on the demo scene, spared, is the frame drawn whole",
          arguments: ModalTransitionStyle.allCases.map(\.rawValue))
    func standardEffects(effect: String) throws {
        Self.expectSpared(try standardRun(effect, fps: 30).snapshots, scale: 2, effect)
    }

    /// An image wider than the window's shape: the window fitted in the middle, the canvas
    /// filled on both sides of it, where no view covers anything.
    @Test("a window letterboxed in a wider image: the canvas beside it is still filled")
    func letterboxed() throws {
        for (n, snapshot) in try standardRun("cover-vertical", fps: 10).snapshots.enumerated() {
            let image = CairoImage(width: 600, height: 844)
            image.draw { cr in SceneRasterizer.fill(cr, with: Color(red: 1, green: 0, blue: 1)) }  // what the frame before left
            SceneRasterizer.render(snapshot, into: image)
            if let at = Self.firstDifference(image, Self.drawnWhole(snapshot, width: 600, height: 844)) {
                Issue.record("frame \(n): pixel (\(at.x), \(at.y)) is \(String(at.spared, radix: 16)), \(String(at.whole, radix: 16)) drawn whole")
                return
            }
        }
    }

    @Test("every frame of a sheet over frosted glass, spared, is the frame drawn whole, at scales 1 and 3")
    func frostedGlass() throws {
        let snapshots = try Self.frostedSheet()
        Self.expectSpared(snapshots, scale: 1, "scale 1")
        Self.expectSpared(Array(snapshots[6...9]), scale: 3, "scale 3")
    }

    /// The backdrop blur's picture is kept from frame to frame (KeptBackdrop) while what lies
    /// under the glass is the same, and then, when it is opaque, what lies under the glass is
    /// not drawn. Each frame goes into a fresh image, so a pixel left out shows: the same frame
    /// twice, then one whose rows are yellow, then the first again; and glass over a window of
    /// its own translucent colour on a clear canvas, whose picture is not opaque, twice.
    @Test("a backdrop blur kept from the frame before is used only while what lies under the glass is the same")
    func keptBackdrop() throws {
        let white = try Self.frostedSheet()[8], yellow = try Self.frostedSheet(rowColor: "#ffcc00")[8]
        let scene = Scene(windowSize: Size(width: 300, height: 300), clock: VirtualClock(framesPerSecond: 60))
        scene.window.backgroundColor = Color(red: 0.2, green: 0.6, blue: 0.3, alpha: 0.5)
        let under = scene.makeView(name: "under", frame: Rect(x: 40, y: 40, width: 120, height: 200))
        under.backgroundColor = Color(red: 0.9, green: 0.2, blue: 0.2)
        let glass = scene.makeView(name: "glass", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        glass.blur = BlurEffect(kind: .backdrop, radius: 12)
        scene.window.addSubview(under)
        scene.window.addSubview(glass)
        let translucent = SceneSnapshot.capture(scene)
        let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
        let frames = [("first", white, Color.black), ("again", white, .black), ("yellow rows", yellow, .black), ("white again", white, .black),
                      ("and again", white, .black), ("over a translucent window", translucent, clear), ("over it again", translucent, clear)]
        // Its own keeper: tests drawing in parallel would take turns with the shared one.
        let backdrops = KeptBackdrop()
        for (what, snapshot, background) in frames {
            let (width, height) = (Int(snapshot.windowSize.width), Int(snapshot.windowSize.height))
            let image = CairoImage(width: width, height: height)
            SceneRasterizer.render(snapshot, into: image, background: background, keeping: backdrops)
            if let at = Self.firstDifference(image, Self.drawnWhole(snapshot, width: width, height: height, background: background)) {
                Issue.record("\(what): pixel (\(at.x), \(at.y)) is \(String(at.spared, radix: 16)), \(String(at.whole, radix: 16)) drawn whole")
            }
        }
    }

    /// What a kept backdrop is kept for leaves out containers that draw nothing and shape
    /// nothing: a transition that ends by moving the screen under the glass into a container
    /// of its own still finds the picture; a container that fades what it holds as one, or
    /// clips it, does not.
    @Test("a kept backdrop blur is found again when the views under the glass move into a container that draws nothing")
    func keptBackdropAcrossContainers() throws {
        func frame(_ container: ((View) -> Void)?) -> (SceneSnapshot, Int) {
            let scene = Scene(windowSize: Size(width: 300, height: 300), clock: VirtualClock(framesPerSecond: 60))
            scene.window.backgroundColor = .white
            let under = scene.makeView(name: "under", frame: Rect(x: 40, y: 40, width: 120, height: 200))
            under.backgroundColor = Color(red: 0.9, green: 0.2, blue: 0.2)
            if let container {
                let holder = scene.makeView(name: "holder", frame: Rect(x: 0, y: 0, width: 300, height: 300))
                container(holder)
                holder.addSubview(under)
                scene.window.addSubview(holder)
            } else {
                scene.window.addSubview(under)
            }
            let glass = scene.makeView(name: "glass", frame: Rect(x: 0, y: 0, width: 300, height: 300))
            glass.blur = BlurEffect(kind: .backdrop, radius: 12)
            scene.window.addSubview(glass)
            let snapshot = SceneSnapshot.capture(scene)
            return (snapshot, snapshot.layers.firstIndex { $0.name == "glass" }!)
        }
        func key(_ frame: (SceneSnapshot, Int)) -> KeptBackdrop.Key {
            let beneath = KeptBackdrop.Beneath(frame.0.layers, before: frame.1, background: .black, windowSize: frame.0.windowSize, displayCornerRadius: 0)
            return KeptBackdrop.Key(beneath: beneath, matrix: cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0), sigma: 12, width: 300, height: 300)
        }
        let backdrops = KeptBackdrop()
        let loose = frame(nil)
        SceneRasterizer.render(loose.0, into: CairoImage(width: 300, height: 300), background: .black, keeping: backdrops)
        #expect(backdrops.picture(for: key(loose)).map { cairo_surface_destroy($0.surface) } != nil, "the frame's own blur is kept")
        #expect(backdrops.picture(for: key(frame { _ in })).map { cairo_surface_destroy($0.surface) } != nil,
                "moved into a container that draws nothing, the views under the glass are what was drawn before")
        #expect(backdrops.picture(for: key(frame { $0.alpha = 0.5 })) == nil, "a container fading them as one draws them otherwise")
        #expect(backdrops.picture(for: key(frame { $0.clipsToBounds = true; $0.frame = Rect(x: 0, y: 0, width: 100, height: 300) })) == nil,
                "a container clipping them draws them otherwise")
    }

    /// Views that look as if they cover what lies under them and do not all the way: faded, in a
    /// faded screen, masked, turned, cut by a rounded ancestor, hidden, turned in 3D; and a
    /// layer blur, which spreads what it covers.
    @Test("views that do not cover what lies under them whole spare none of it")
    func halfCovers() {
        func frame(_ style: (Scene, View, View) -> Void) -> SceneSnapshot {
            let scene = Scene(windowSize: Size(width: 300, height: 300), clock: VirtualClock(framesPerSecond: 60))
            scene.window.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.2)
            let under = scene.makeView(name: "under", frame: Rect(x: 20, y: 20, width: 260, height: 260))
            under.backgroundColor = Color(red: 0.2, green: 0.4, blue: 0.9)
            scene.window.addSubview(under)
            let cover = scene.makeView(name: "cover", frame: Rect(x: 10, y: 10, width: 280, height: 280))
            cover.backgroundColor = Color(red: 0.8, green: 0.1, blue: 0.1)
            scene.window.addSubview(cover)
            style(scene, under, cover)
            return SceneSnapshot.capture(scene)
        }
        let cases: [(String, (Scene, View, View) -> Void)] = [
            ("opaque", { _, _, _ in }),
            ("faded", { _, _, cover in cover.alpha = 0.5 }),
            ("translucent", { _, _, cover in cover.backgroundColor = Color(red: 0.8, green: 0.1, blue: 0.1, alpha: 0.5) }),
            ("masked", { _, _, cover in cover.mask = MaskShape(kind: .ellipse, rect: Rect(x: 0, y: 0, width: 280, height: 280)) }),
            ("turned", { _, _, cover in cover.transform = rotation(degrees: 10) }),
            ("rounded", { _, _, cover in cover.cornerRadius = 60; cover.cornerCurve = .continuous }),
            ("hidden", { _, _, cover in cover.isHidden = true }),
            ("in 3D", { _, _, cover in cover.transform3D = .rotation(0.5, x: 0, y: 1, z: 0) }),
            ("in a faded screen", { scene, _, cover in
                let screen = scene.makeView(name: "screen", frame: Rect(x: 0, y: 0, width: 300, height: 300))
                screen.alpha = 0.6
                cover.removeFromSuperview()
                screen.addSubview(cover)
                scene.window.addSubview(screen)
            }),
            ("cut by a rounded ancestor", { scene, _, cover in
                let clip = scene.makeView(name: "clip", frame: Rect(x: 40, y: 40, width: 200, height: 200))
                clip.clipsToBounds = true
                clip.cornerRadius = 50
                cover.removeFromSuperview()
                cover.frame = Rect(x: -30, y: -30, width: 280, height: 280)
                clip.addSubview(cover)
                scene.window.addSubview(clip)
            }),
            ("over a layer blur", { _, under, _ in
                under.blur = BlurEffect(kind: .layer, radius: 8)
            }),
            ("over a backdrop blur", { scene, under, cover in
                let glass = scene.makeView(name: "glass", frame: Rect(x: 0, y: 0, width: 300, height: 300))
                glass.blur = BlurEffect(kind: .backdrop, radius: 12)
                glass.backgroundColor = Color(red: 1, green: 1, blue: 1, alpha: 0.3)
                cover.removeFromSuperview()
                scene.window.addSubview(glass)
                scene.window.addSubview(cover)
                cover.frame = Rect(x: 0, y: 150, width: 300, height: 150)
                _ = under
            }),
        ]
        for (what, style) in cases {
            Self.expectSpared([frame(style)], scale: 2, what)
        }
    }

    /// The rules, on the frosted sheet half-way up: the window's background hides the canvas;
    /// the card hides the glass from its straight sides down; nothing drawn after the glass
    /// hides what the glass blurs, the list; and the card hides its own shadow.
    @Test("an occluder hides what was drawn before it, but not across a backdrop blur, and a shadow under its own view")
    func rules() throws {
        let snapshot = try Self.frostedSheet()[8]
        let layers = snapshot.layers
        let index = { (name: String) in try #require(layers.firstIndex { $0.name == name }, "no layer \(name)") }
        let (row, glass, card) = (try index("row0"), try index("glass"), try index("card"))
        let canvas = PixelBox(minX: 0, minY: 0, maxX: 390, maxY: 844)
        let identity = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 0, y0: 0)
        let occlusion = try #require(Occlusion(layers, matrix: identity, window: canvas, canvas: canvas))
        let cardTop = layers[card].transform.ty
        #expect(cardTop > 300 && cardTop < 844, "the sheet is on its way up: the card's top is at \(cardTop)")
        let band = PixelBox(minX: 0, minY: (cardTop + 16).rounded(.up), maxX: 390, maxY: min(844, (cardTop + 544 - 16).rounded(.down)))
        func text(_ b: PixelBox?) -> String { b.map { "(\($0.minX), \($0.minY))–(\($0.maxX), \($0.maxY))" } ?? "everything" }
        // The window's background covers the canvas whole: nothing of it is seen.
        let canvasSeen = occlusion.visible(canvas, at: -1)
        #expect(canvasSeen?.isEmpty == true, "the canvas is seen in \(text(canvasSeen))")
        // The card, from 16 points below its top (its corners), to the window's bottom.
        let glassReach = try #require(Occlusion.reach(of: layers[glass], through: identity, margin: 0))
        let glassSeen = occlusion.visible(glassReach, at: glass)
        #expect(text(glassSeen) == text(PixelBox(minX: 0, minY: 0, maxX: 390, maxY: (cardTop + 16).rounded(.up))),
                "the glass is seen in \(text(glassSeen))")
        let rowReach = try #require(Occlusion.reach(of: layers[row], through: identity, margin: 0))
        #expect(occlusion.visible(rowReach, at: row) == nil, "the glass blurs the rows: nothing after it hides them")
        let behindRow = occlusion.hiding(canvas, at: row)
        #expect(behindRow.count == 9 && !behindRow.map(text).contains(text(band)),
                "the nine rows after the first (their straight sides) cover it, the card past the glass does not: \(behindRow.map(text))")
        let cardReach = try #require(Occlusion.reach(of: layers[card], through: identity, margin: 0))
        #expect(occlusion.visible(cardReach, at: card) == nil && occlusion.hiding(cardReach, at: card).isEmpty,
                "nothing after the card covers it")
        #expect(occlusion.hiding(cardReach, at: card, includingItself: true).map(text) == [text(band)], "the card covers its own shadow")
        #expect(occlusion.hiding(glassReach, at: glass).map(text) == [text(band)], "the card covers the glass's picture")
    }
}
