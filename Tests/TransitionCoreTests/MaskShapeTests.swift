import Testing
@testable import TransitionCore

/// CALayer.mask as a shape (ABI 1.2): the rectangle and radius animate like any property while
/// the kind stays; a new kind applies at once; the motion check's sample sees only what the
/// mask leaves of the view and of its subviews.
@Suite("Mask shapes")
struct MaskShapeTests {
    func makeScene() -> (Scene, View) {
        let scene = Scene(windowSize: Size(width: 400, height: 800), clock: VirtualClock(framesPerSecond: 60))
        let view = scene.makeView(name: "card", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        view.backgroundColor = Color(red: 0, green: 0, blue: 1)
        scene.window.addSubview(view)
        return (scene, view)
    }

    @Test("inside an animation the rectangle and radius go half way at half time; the model has the end at once")
    func animates() {
        let (scene, v) = makeScene()
        let engine = scene.engine
        v.mask = MaskShape(kind: .roundedRect, rect: Rect(x: 100, y: 100, width: 0, height: 0), cornerRadius: 0)
        engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: {
            v.mask = MaskShape(kind: .roundedRect, rect: Rect(x: 0, y: 0, width: 200, height: 200), cornerRadius: 20)
        })
        #expect(v.mask.rect.size.width == 200)
        engine.settle()
        while engine.now < 0.5 - 1e-9 { engine.step() }
        let shown = v.presentation.mask
        #expect(shown.kind == .roundedRect)
        #expect(abs(shown.rect.origin.x - 50) < 1e-9 && abs(shown.rect.size.width - 100) < 1e-9 && abs(shown.cornerRadius - 10) < 1e-9)
    }

    @Test("a new kind applies at once, rectangle and all, even inside an animation")
    func newKindAtOnce() {
        let (scene, v) = makeScene()
        let engine = scene.engine
        engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: {
            v.mask = MaskShape(kind: .ellipse, rect: Rect(x: 0, y: 0, width: 200, height: 200))
        })
        engine.settle()
        #expect(engine.runningAnimationCount == 0)
        #expect(v.presentation.mask == MaskShape(kind: .ellipse, rect: Rect(x: 0, y: 0, width: 200, height: 200)))
    }

    @Test("a mask covers the bounds when it holds every point: a square one around them, a rounded one clear of their corners, an ellipse through or beyond them")
    func covers() {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 200)
        #expect(MaskShape.none.covers(bounds))
        #expect(MaskShape(kind: .roundedRect, rect: bounds).covers(bounds))
        #expect(!MaskShape(kind: .roundedRect, rect: bounds, cornerRadius: 10).covers(bounds), "its corners cut the bounds'")
        #expect(MaskShape(kind: .roundedRect, rect: Rect(x: -3, y: -3, width: 106, height: 206), cornerRadius: 10).covers(bounds),
                "10 pt corners reach 2.93 pt in from the rectangle's")
        #expect(!MaskShape(kind: .roundedRect, rect: Rect(x: 0, y: 0, width: 100, height: 199)).covers(bounds))
        // The ellipse through the corners: its half axes are the half sides times √2.
        let r2 = 2.0.squareRoot()
        #expect(MaskShape(kind: .ellipse, rect: Rect(x: 50 - 50 * r2, y: 100 - 100 * r2, width: 100 * r2, height: 200 * r2)).covers(bounds))
        #expect(!MaskShape(kind: .ellipse, rect: bounds).covers(bounds))
        #expect(!MaskShape(kind: .ellipse, rect: .zero).covers(bounds))
    }

    @Test("a path mask: its box from every point, controls included; it covers the bounds only when it holds them")
    func pathMask() {
        let bounds = Rect(x: 0, y: 0, width: 100, height: 200)
        let square = MaskShape(path: [PathElement(.moveTo, [Point(x: -1, y: -1)]), PathElement(.lineTo, [Point(x: 101, y: -1)]),
                                      PathElement(.lineTo, [Point(x: 101, y: 201)]), PathElement(.lineTo, [Point(x: -1, y: 201)]), PathElement(.close)])
        #expect(square.kind == .path && square.rect == Rect(x: -1, y: -1, width: 102, height: 202))
        #expect(square.covers(bounds))
        let triangle = MaskShape(path: [PathElement(.moveTo, [Point(x: -10, y: -10)]), PathElement(.lineTo, [Point(x: 150, y: -10)]),
                                        PathElement(.lineTo, [Point(x: -10, y: 250)]), PathElement(.close)])
        #expect(!triangle.covers(bounds), "its long side cuts the bounds' bottom right corner")
        // A curve's box holds its control points: (50, −40) lifts the top.
        let arch = MaskShape(path: [PathElement(.moveTo, [Point(x: 0, y: 0)]),
                                    PathElement(.curveTo, [Point(x: 50, y: -40), Point(x: 100, y: -40), Point(x: 100, y: 0)])])
        #expect(arch.rect == Rect(x: 0, y: -40, width: 100, height: 40))
        #expect(arch.polygons.first?.count == 17, "the start and the curve in 16 pieces")
        #expect(PathElement.problem([PathElement(.lineTo, [Point(x: 0, y: 0)])]) != nil)
        #expect(PathElement.problem([PathElement(.moveTo, [Point(x: .nan, y: 0)])]) != nil)
    }

    @Test("a path does not animate: set inside an animation it applies at once, and a running shape's lane leaves it alone")
    func pathAtOnce() {
        let (scene, v) = makeScene()
        let engine = scene.engine
        v.mask = MaskShape(kind: .roundedRect, rect: Rect(x: 0, y: 0, width: 10, height: 10))
        engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: {
            v.mask = MaskShape(kind: .roundedRect, rect: Rect(x: 0, y: 0, width: 200, height: 200))
        })
        let path = MaskShape(path: [PathElement(.moveTo, [Point(x: 0, y: 0)]), PathElement(.lineTo, [Point(x: 50, y: 0)]),
                                    PathElement(.lineTo, [Point(x: 0, y: 50)])])
        engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: { v.mask = path })
        engine.settle()
        while engine.now < 0.5 - 1e-9 { engine.step() }
        #expect(v.presentation.mask == path)
        // A path in place of a path, inside an animation, at once too.
        let other = MaskShape(path: [PathElement(.moveTo, [Point(x: 0, y: 0)]), PathElement(.lineTo, [Point(x: 80, y: 80)]),
                                     PathElement(.lineTo, [Point(x: 0, y: 80)])])
        engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: { v.mask = other })
        engine.settle()
        engine.step()
        #expect(v.presentation.mask == other)
    }

    @Test("a mask put on during a transition that should leave things as they were is named as a difference")
    func differenceNamed() {
        let (scene, v) = makeScene()
        let before = HierarchySnapshot(root: scene.window)
        #expect(before.differences().isEmpty)
        v.mask = MaskShape(kind: .ellipse, rect: Rect(x: 0, y: 0, width: 20, height: 10))
        #expect(before.differences() == ["'card' has an elliptic mask in (0, 0, 20, 10), had no mask"])
    }

    @Test("the motion sample sees what the mask leaves: of the view, and of a subview outside it nothing")
    func sampleSeesTheMask() throws {
        let (scene, v) = makeScene()
        // Small enough not to count as hiding the card behind it.
        let child = scene.makeView(name: "child", frame: Rect(x: 150, y: 150, width: 30, height: 30))
        child.backgroundColor = Color(red: 1, green: 0, blue: 0)
        v.addSubview(child)
        func shown(_ name: String) -> Double {
            MotionSample(scene).looks.first { $0.name == name }?.shown ?? 0
        }
        #expect(shown("card") == 40_000 && shown("child") == 900)
        v.mask = MaskShape(kind: .roundedRect, rect: Rect(x: 0, y: 0, width: 100, height: 200))
        #expect(shown("card") == 20_000, "half the card is masked away")
        #expect(shown("child") == 0, "the child lies outside the mask")
        v.mask = MaskShape(kind: .roundedRect, rect: .zero)
        #expect(shown("card") == 0)
    }
}

/// A path mask set inside an animation block morphs, point by point, from a path of the same
/// shape on screen (CAShapeLayer's path animation), as set_mask_path does it.
@Suite("Path masks morphing")
struct PathMorphTests {
    static func triangle(_ third: Point) -> [PathElement] {
        [PathElement(.moveTo, [Point(x: 0, y: 0)]), PathElement(.lineTo, [Point(x: 100, y: 0)]),
         PathElement(.lineTo, [third]), PathElement(.close)]
    }

    @Test("half way the third corner is half way; the box follows; the end is the path set")
    func morphsPointByPoint() {
        let scene = Scene(windowSize: Size(width: 200, height: 200), clock: VirtualClock(framesPerSecond: 100))
        let v = scene.makeView(name: "v", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.window.addSubview(v)
        v.mask = MaskShape(path: Self.triangle(Point(x: 0, y: 100)))
        let start = v.presentation.mask.elements
        let target = Self.triangle(Point(x: 100, y: 100))
        scene.engine.animate(AnimationOptions(duration: 1, curve: .linear)) {
            v.mask = MaskShape(path: target, morphingFrom: start)
        }
        scene.engine.settle()
        #expect(v.presentation.mask.elements == start, "it starts as the path on screen")
        while scene.engine.now < 0.5 - 1e-9 { scene.engine.step() }
        let half = v.presentation.mask
        #expect(half.elements[2].points == [Point(x: 50, y: 100)], "\(half.elements)")
        #expect(half.rect == Rect(x: 0, y: 0, width: 100, height: 100))
        #expect(half.pathContains(Point(x: 40, y: 70)) && !half.pathContains(Point(x: 20, y: 90)))
        while scene.engine.now < 1 { scene.engine.step() }
        #expect(v.presentation.mask.elements == target && v.mask.elements == target)
    }

    @Test("only paths of the same kinds in the same order can morph")
    func sameShapeOnly() {
        let a = Self.triangle(Point(x: 0, y: 100))
        #expect(MaskShape.canMorph(a, Self.triangle(Point(x: 5, y: 5))))
        #expect(!MaskShape.canMorph(a, Array(a.dropLast())))
        var curved = a
        curved[2] = PathElement(.curveTo, [Point(x: 1, y: 1), Point(x: 2, y: 2), Point(x: 0, y: 100)])
        #expect(!MaskShape.canMorph(a, curved))
        // Given one that cannot, the path applies whole.
        let shape = MaskShape(path: curved, morphingFrom: a, morph: 0)
        #expect(shape.morphFrom == nil && shape.elements == curved)
    }
}
