/// Which gesture a pointer's press and drag start in the live window, as UIKit's recognisers
/// decide between a screen-edge pan, a pan and a pinch. The window applies it; it lives here,
/// free of any display, so that its boundaries are tested exactly.
public enum PressGestureRule {
    public enum Kind: Equatable, Sendable { case edgePan, pan, pinch }

    /// How far a press may be from the left edge, in points, to start an edge drag.
    public static let edgeWidth = 20.0
    /// How far the pointer moves with the button held before a press is a drag, not a click
    /// (UIKit's pan recogniser waits about as long).
    public static let dragDistance = 10.0

    /// At the press: an edge pan when the scene waits to go back, the press is at most
    /// edgeWidth from the left edge and Ctrl is not held (a Ctrl-drag is a pinch wherever it
    /// starts); nil otherwise, to be decided by the drag.
    public static func atPress(x: Double, goesBack: Bool, control: Bool) -> Kind? {
        goesBack && x <= edgeWidth && !control ? .edgePan : nil
    }

    /// As the pointer moves from the press: once it has gone dragDistance, a pinch with Ctrl
    /// held at the press, else a pan; nil before (it may still be a click).
    public static func atDrag(from press: Point, to point: Point, control: Bool) -> Kind? {
        let dx = point.x - press.x, dy = point.y - press.y
        return (dx * dx + dy * dy).squareRoot() >= dragDistance ? (control ? .pinch : .pan) : nil
    }
}
