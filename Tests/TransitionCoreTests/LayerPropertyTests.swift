import Testing
@testable import TransitionCore

/// CALayer's properties on a view (ABI 1.1): corners, clipping, border and shadow. Those UIKit
/// animates animate here through the same engine as a frame or an alpha, on curves, springs and
/// keyframes; the others apply at once; snapshots and cancelled transitions keep them right.
@Suite("Layer properties")
struct LayerPropertyTests {
    func makeScene() -> (Scene, View) {
        let scene = Scene(windowSize: Size(width: 400, height: 800), clock: VirtualClock(framesPerSecond: 60))
        let view = scene.makeView(name: "card", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.window.addSubview(view)
        return (scene, view)
    }

    func step(_ engine: AnimationEngine, until time: Double) {
        while engine.now < time - 1e-9 { engine.step() }
    }

    @Test("a view starts with UIKit's layer defaults: no border, a shadow of opacity 0, radius 3, offset (0, −3), all corners, no clipping")
    func defaults() {
        let (_, v) = makeScene()
        #expect(v.borderWidth == 0 && v.borderColor == .black)
        #expect(v.shadowOpacity == 0 && v.shadowRadius == 3 && v.shadowOffset == Size(width: 0, height: -3) && v.shadowColor == .black)
        #expect(v.maskedCorners == .all && !v.clipsToBounds)
        #expect(!v.presentation.hasShadow)
    }

    @Test("border and shadow animate on a linear curve: halfway, each is halfway, while the model has the end value")
    func animateOnACurve() {
        let (scene, v) = makeScene()
        let engine = scene.engine
        engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: {
            v.borderWidth = 8
            v.borderColor = Color(red: 1, green: 0, blue: 0)
            v.shadowOpacity = 0.6
            v.shadowRadius = 23
            v.shadowOffset = Size(width: 10, height: 17)
            v.shadowColor = Color(red: 0, green: 0, blue: 1)
        })
        #expect(v.borderWidth == 8 && v.shadowRadius == 23)
        engine.settle()
        #expect(engine.runningAnimationCount == 6)
        step(engine, until: 0.5)
        let p = v.presentation
        #expect(abs(p.borderWidth - 4) < 1e-9)
        #expect(abs(p.borderColor.red - 0.5) < 1e-9 && p.borderColor.alpha == 1)
        #expect(abs(p.shadowOpacity - 0.3) < 1e-9)
        #expect(abs(p.shadowRadius - 13) < 1e-9)
        #expect(abs(p.shadowOffset.width - 5) < 1e-9 && abs(p.shadowOffset.height - 7) < 1e-9)
        #expect(abs(p.shadowColor.blue - 0.5) < 1e-9)
        step(engine, until: 1.1)
        #expect(v.presentation == v.model)
    }

    @Test("on a spring that overshoots, the border width and the shadow radius pass their targets but never go below 0, and the opacity stays in [0, 1]")
    func springOvershoot() {
        let (scene, v) = makeScene()
        let engine = scene.engine
        v.borderWidth = 10
        v.shadowRadius = 10
        v.shadowOpacity = 1
        engine.animate(.spring(duration: 1, dampingRatio: 0.2), animations: {
            v.borderWidth = 0.5
            v.shadowRadius = 0.5
            v.shadowOpacity = 0.05
        })
        engine.settle()
        var lowestWidth = 10.0, opacities: [Double] = []
        while !engine.isIdle {
            engine.step()
            lowestWidth = min(lowestWidth, v.presentation.borderWidth)
            #expect(v.presentation.borderWidth >= 0 && v.presentation.shadowRadius >= 0)
            opacities.append(v.presentation.shadowOpacity)
        }
        #expect(lowestWidth < 0.5, "a spring of damping 0.2 overshoots the target")
        #expect(opacities.allSatisfy { (0...1).contains($0) })
        #expect(opacities.contains(0), "the overshoot below 0 is clamped to 0")
    }

    @Test("keyframes move a shadow radius through each key value")
    func keyframes() {
        let (scene, v) = makeScene()
        let engine = scene.engine
        engine.animateKeyframes(AnimationOptions(duration: 1, curve: .linear), animations: { k in
            k.addKeyframe(relativeStart: 0, relativeDuration: 0.5) { v.shadowRadius = 30 }
            k.addKeyframe(relativeStart: 0.5, relativeDuration: 0.5) { v.shadowRadius = 0 }
        })
        engine.settle()
        step(engine, until: 0.5)
        #expect(abs(v.presentation.shadowRadius - 30) < 1e-9)
        step(engine, until: 0.75)
        #expect(abs(v.presentation.shadowRadius - 15) < 1e-9)
    }

    @Test("corners and clipping are not animatable: inside an animation they apply at once and start no animation")
    func notAnimatable() {
        let (scene, v) = makeScene()
        let engine = scene.engine
        engine.animate(AnimationOptions(duration: 1), animations: {
            v.maskedCorners = .top
            v.clipsToBounds = true
        })
        engine.settle()
        #expect(engine.runningAnimationCount == 0)
        #expect(v.presentation.maskedCorners == .top && v.presentation.clipsToBounds)
        v.maskedCorners = CornerMask(rawValue: 0xff)
        #expect(v.maskedCorners == .all, "bits beyond the four corners are dropped")
    }

    @Test("a snapshot keeps the view's layer look; a restored hierarchy snapshot puts every layer property back")
    func snapshotsAndRestore() {
        let (scene, v) = makeScene()
        v.cornerRadius = 12
        v.maskedCorners = .top
        v.clipsToBounds = true
        v.borderWidth = 2
        v.shadowOpacity = 0.4
        v.shadowOffset = Size(width: 0, height: 6)
        // The snapshot's picture holds the look; the snapshot view itself is plain, as UIKit's.
        let copy = scene.snapshot(of: v)
        let picture = try! #require(copy.snapshotContent?.layers.first?.appearance)
        #expect(picture.maskedCorners == .top && picture.clipsToBounds && picture.borderWidth == 2)
        #expect(picture.shadowOpacity == 0.4 && picture.shadowOffset == Size(width: 0, height: 6))
        #expect(copy.borderWidth == 0 && copy.shadowOpacity == 0 && copy.backgroundColor == .clear)

        let saved = HierarchySnapshot(root: scene.window)
        scene.engine.animate(AnimationOptions(duration: 1), animations: {
            v.shadowOpacity = 1
            v.borderColor = .white
        })
        v.maskedCorners = .all
        v.clipsToBounds = false
        saved.restore()
        #expect(v.shadowOpacity == 0.4 && v.borderColor == .black && v.maskedCorners == .top && v.clipsToBounds)
        #expect(v.presentation == v.model, "no animation of a restored property is left running")
    }

    @Test("a scene file sets layer properties, and a wrong one is refused with its key")
    func sceneFile() throws {
        let text = """
        {"screens": [{"name": "a", "views": [
          {"name": "sheet", "frame": [0, 100, 200, 300], "color": "#ffffff", "cornerRadius": 16,
           "maskedCorners": ["topLeft", "topRight"], "clipsToBounds": true, "borderWidth": 1, "borderColor": "#00000020",
           "shadowColor": "#000000", "shadowOpacity": 0.3, "shadowRadius": 12, "shadowOffset": [0, -2]}
        ]}]}
        """
        let d = try SceneDescription(parsing: text)
        let built = BuiltScene(d)
        let sheet = try #require(built.scene.visibleViews.first { $0.name == "sheet" })
        #expect(sheet.maskedCorners == .top && sheet.clipsToBounds && sheet.borderWidth == 1)
        #expect(abs(sheet.borderColor.alpha - 32.0 / 255) < 1e-12)
        #expect(sheet.shadowOpacity == 0.3 && sheet.shadowRadius == 12 && sheet.shadowOffset == Size(width: 0, height: -2))

        for (bad, key, message) in [
            ("\"maskedCorners\": [\"top\"]", "screens[0].views[0].maskedCorners[0]", "not a corner"),
            ("\"clipsToBounds\": 1", "screens[0].views[0].clipsToBounds", "true or false"),
            ("\"shadowOpacity\": 2", "screens[0].views[0].shadowOpacity", "outside"),
            ("\"borderWidth\": -1", "screens[0].views[0].borderWidth", "outside"),
            ("\"shadowOffset\": [1]", "screens[0].views[0].shadowOffset", "[dx, dy]"),
        ] {
            let doc = "{\"screens\": [{\"name\": \"a\", \"views\": [{\"name\": \"v\", \"frame\": [0, 0, 1, 1], \(bad)}]}]}"
            do {
                _ = try SceneDescription(parsing: doc)
                Issue.record("accepted \(bad)")
            } catch let error as SceneDescription.Failure {
                #expect(error.key == key && error.message.contains(message), "\(error)")
            }
        }
    }
}
