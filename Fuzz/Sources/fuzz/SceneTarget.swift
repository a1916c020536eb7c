import TransitionCore

/// Fuzzes scene files (`host run --scene FILE`): the JSON reader, SceneDescription's checks and
/// building the scene. A refusal names a line of the document; an accepted description must
/// build a scene with one view controller per screen, its start screen in the window.
enum SceneTarget {
    static func run(_ data: UnsafeRawBufferPointer) -> String {
        let text = String(decoding: data, as: UTF8.self)
        let description: SceneDescription
        do {
            description = try SceneDescription(parsing: text)
        } catch let failure as SceneDescription.Failure {
            let lines = text.utf8.reduce(1) { $1 == 10 ? $0 + 1 : $0 }
            if failure.line < 1 || failure.line > lines { FuzzTarget.broken("a failure at line \(failure.line) of \(lines): \(failure)") }
            return "refused: \(failure)"
        } catch {
            FuzzTarget.broken("an error that is not a SceneDescription.Failure: \(error)")
        }
        let built = BuiltScene(description)
        if built.controllers.count != description.screens.count { FuzzTarget.broken("\(built.controllers.count) controllers for \(description.screens.count) screens") }
        if built.start.name != description.start || built.start.view.superview !== built.scene.window {
            FuzzTarget.broken("the start screen '\(description.start)' is not in the window")
        }
        for segue in description.segues where built.controllers[segue.from] == nil || built.controllers[segue.to] == nil {
            FuzzTarget.broken("segue '\(segue.name)' between screens that do not exist")
        }
        return "accepted: \(description.screens.count) screens, \(description.segues.count) segues"
    }
}
