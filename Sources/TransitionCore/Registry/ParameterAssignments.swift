/// The `--param` assignments of a run, sorted by whose they are: "name=value" is the
/// animator's, "controller.name=value" the presentation controller's (named by its effect id,
/// as `--param dimming.height=0.5`). Parameter and effect ids have no dots, so the first dot
/// says which is which.
struct ParameterAssignments {
    var animator: [String] = []
    /// Without the "controller." prefix, for the controller's own parameter list.
    var presentation: [String] = []

    init(_ assignments: [String], presentation controller: EffectInfo?) throws {
        for assignment in assignments {
            let name = assignment.split(separator: "=", maxSplits: 1).first.map(String.init) ?? assignment
            guard let dot = name.firstIndex(of: ".") else {
                animator.append(assignment)
                continue
            }
            let owner = String(name[..<dot])
            guard let controller, owner == controller.effectID || owner == controller.qualifiedName else {
                let running = controller.map { "this run's presentation controller is '\($0.effectID)'" } ?? "this run has none"
                throw ParameterError(description: "'\(assignment)': there is no presentation controller '\(owner)'; \(running)",
                                     lacksPresentationController: controller == nil)
            }
            presentation.append(String(assignment[assignment.index(after: dot)...]))
        }
    }
}
