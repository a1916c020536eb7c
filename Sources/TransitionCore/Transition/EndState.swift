/// What a completed transition must leave behind, checked the same way by every flow that
/// owns its container (navigation, tab containers): exactly the views the flow keeps there, the
/// shown one filling the container. A view an animator added and forgot (a snapshot, a
/// backdrop) is a broken contract, as `host validate` has always judged it.
enum EndState {
    /// `container` after a completed transition whose result is `shown`, once the flow has
    /// taken the view that left out: the problems found, in words.
    static func problems(in container: View, shown: View, after what: String) -> [String] {
        var found: [String] = []
        if shown.superview !== container {
            found.append("'\(shown.name)' is not in '\(container.name)' after \(what)")
        } else if !shown.frame.isClose(to: container.bounds, tolerance: 0.01) {
            found.append("'\(shown.name)' ends at \(describe(shown.frame)), not at \(describe(container.bounds))")
        }
        if !shown.mask.covers(shown.bounds) {
            found.append("'\(shown.name)' ends cut by \(describe(shown.mask)), left on it after \(what)")
        }
        if shown.blur.kind == .layer && shown.blur.radius > 0 {
            found.append("'\(shown.name)' ends blurred by \(describe(shown.blur)), left on it after \(what)")
        }
        for view in container.subviews where view !== shown {
            found.append("'\(view.name)' is left in '\(container.name)' after \(what)\(view.alpha == 0 || view.isHidden ? " (invisible, but there)" : "")")
        }
        return found
    }
}
