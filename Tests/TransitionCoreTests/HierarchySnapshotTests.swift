import Testing
@testable import TransitionCore

/// window ─┬─ a ── a.child
///         └─ b
/// plus `loose`, a view outside the window with a subview of its own.
private struct Tree {
    let scene = Scene(windowSize: Size(width: 400, height: 800))
    let a, child, b, loose, looseChild: View

    init() {
        a = scene.makeView(name: "a", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        child = scene.makeView(name: "a.child", frame: Rect(x: 10, y: 10, width: 50, height: 50))
        b = scene.makeView(name: "b", frame: Rect(x: 0, y: 400, width: 400, height: 400))
        loose = scene.makeView(name: "loose", frame: Rect(x: 0, y: 0, width: 400, height: 800))
        looseChild = scene.makeView(name: "loose.child", frame: Rect(x: 1, y: 2, width: 3, height: 4))
        a.addSubview(child)
        scene.window.addSubview(a)
        scene.window.addSubview(b)
        loose.addSubview(looseChild)
    }

    var window: View { scene.window }
    func record() -> HierarchySnapshot { HierarchySnapshot(root: window, extra: [loose]) }
}

@Suite("Hierarchy snapshots")
struct HierarchySnapshotTests {
    @Test("an unchanged tree has no differences")
    func unchangedTreeHasNoDifferences() {
        let tree = Tree()
        let snapshot = tree.record()
        #expect(snapshot.differences().isEmpty)
        // Changes to views outside the tree are not the tree's business.
        tree.loose.alpha = 0.3
        #expect(snapshot.differences().isEmpty)
    }

    @Test("reports an added view by name")
    func reportsAddedView() {
        let tree = Tree()
        let snapshot = tree.record()
        tree.b.addSubview(tree.scene.makeView(name: "chrome", frame: .zero))
        #expect(snapshot.differences() == ["'chrome' is in the hierarchy but was not before"])
    }

    @Test("reports a recorded outside view that entered the tree")
    func reportsExtraViewEnteringTheTree() {
        let tree = Tree()
        let snapshot = tree.record()
        tree.window.addSubview(tree.loose)
        let problems = snapshot.differences()
        #expect(problems.contains("'loose' is in the hierarchy but was not before"))
        // Reported once, not again for each of its subviews.
        #expect(!problems.contains { $0.contains("'loose.child'") })
    }

    @Test("reports a removed, a moved and a reordered view")
    func reportsStructuralChanges() {
        let tree = Tree()
        let snapshot = tree.record()
        tree.child.removeFromSuperview()
        #expect(snapshot.differences() == ["'a.child' was in 'a', is now out of the hierarchy"])
        tree.b.addSubview(tree.child)
        #expect(snapshot.differences() == ["'a.child' was in 'a', is now in 'b'"])
        tree.a.addSubview(tree.child)
        tree.window.insertSubview(tree.b, at: 0)
        #expect(snapshot.differences().contains("'a' changed its position among the subviews of 'window'"))
    }

    @Test("reports frame, alpha and hidden changes")
    func reportsAppearanceChanges() {
        let tree = Tree()
        let snapshot = tree.record()
        tree.child.frame = Rect(x: 10, y: 20, width: 50, height: 50)
        tree.b.alpha = 0.5
        tree.a.isHidden = true
        let problems = snapshot.differences()
        #expect(problems.count == 3)
        #expect(problems.contains("'a.child' frame (10, 20, 50, 50), was (10, 10, 50, 50)"))
        #expect(problems.contains("'b' alpha 0.5, was 1.0"))
        #expect(problems.contains("'a' hidden is true, was false"))
    }

    @Test("tolerates changes within the tolerance")
    func toleratesTinyChanges() {
        let tree = Tree()
        let snapshot = tree.record()
        tree.child.frame = Rect(x: 10 + 1e-9, y: 10, width: 50, height: 50)
        #expect(snapshot.differences().isEmpty)
    }

    @Test("ignores the named host views but not what is inside them")
    func ignoresContainerButNotItsContents() {
        let tree = Tree()
        let snapshot = tree.record()
        let container = tree.scene.makeView(name: "container", frame: tree.window.bounds)
        tree.window.addSubview(container)
        #expect(snapshot.differences(ignoring: [container]).isEmpty)
        #expect(snapshot.differences() == ["'container' is in the hierarchy but was not before"])
        container.addSubview(tree.scene.makeView(name: "stray", frame: .zero))
        #expect(snapshot.differences(ignoring: [container]) == ["'stray' is in the hierarchy but was not before"])
    }

    @Test("restore puts every view back in its place and look and removes added views")
    func restoreUndoesEverything() {
        let tree = Tree()
        let snapshot = tree.record()
        let container = tree.scene.makeView(name: "container", frame: tree.window.bounds)
        tree.window.addSubview(container)
        container.addSubview(tree.loose)
        container.addSubview(tree.a)
        tree.window.insertSubview(tree.b, at: 0)
        tree.child.frame = Rect(x: 100, y: 100, width: 1, height: 1)
        tree.b.alpha = 0
        tree.b.isHidden = true
        tree.loose.alpha = 0.5
        tree.looseChild.removeFromSuperview()
        tree.b.addSubview(tree.scene.makeView(name: "chrome", frame: .zero))

        snapshot.restore()

        #expect(snapshot.differences().isEmpty)
        #expect(tree.window.subviews.map(\.name) == ["a", "b"])
        #expect(tree.a.subviews.map(\.name) == ["a.child"])
        #expect(tree.b.subviews.isEmpty)
        #expect(container.superview == nil)
        #expect(tree.child.frame == Rect(x: 10, y: 10, width: 50, height: 50))
        #expect(tree.b.alpha == 1 && !tree.b.isHidden)
        // The outside view is back outside, as it looked, with its own subview.
        #expect(tree.loose.superview == nil)
        #expect(tree.loose.alpha == 1)
        #expect(tree.looseChild.superview === tree.loose)
    }

    @Test("restore stops running animations and shows the restored look at once")
    func restoreStopsAnimations() {
        let tree = Tree()
        let engine = tree.scene.engine
        let snapshot = tree.record()
        var finished: [Bool] = []
        engine.animate(AnimationOptions(duration: 1, curve: .linear), animations: {
            tree.a.frame = Rect(x: 50, y: 50, width: 10, height: 10)
            tree.b.alpha = 0
        }, completion: { finished.append($0) })
        for _ in 0..<30 { engine.step() }
        #expect(engine.runningAnimationCount == 3)

        snapshot.restore()
        #expect(engine.runningAnimationCount == 0)
        #expect(tree.a.presentation.frame == Rect(x: 0, y: 0, width: 400, height: 400))
        #expect(tree.b.presentation.alpha == 1)
        for _ in 0..<60 { engine.step() }
        #expect(tree.a.presentation.frame == Rect(x: 0, y: 0, width: 400, height: 400))
        #expect(finished == [false])
    }
}
