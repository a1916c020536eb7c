import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses
import TransitionCore

@Suite("Handles")
struct HandleTableTests {
    @Test("a view handle kept from an earlier scene is refused, though the new scene has a view of the same index")
    func earlierSceneIsForeign() {
        let first = Scene(windowSize: Size(width: 100, height: 100))
        let second = Scene(windowSize: Size(width: 100, height: 100))
        let old = first.makeView(name: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let same = second.makeView(name: "b", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(old.id == same.id)
        var table = HandleTable()
        table.use(first)
        let kept = table.handle(old)
        #expect(table.view(kept) === old)
        table.use(second)
        #expect(table.view(kept) == nil)
        #expect(table.view(table.handle(same)) === same)
        // Back to the first scene: a new generation, so the kept handle is still foreign.
        table.use(first)
        #expect(table.view(kept) == nil)
    }
}
