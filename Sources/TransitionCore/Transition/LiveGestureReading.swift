/// How the host's percent-driven interaction reads a recogniser's events as they come (a live
/// window's pointer), by the rules GestureInPoints applies to a gesture written in points, as
/// the guide's gesture handlers do: a pan's or an edge pan's progress is its translation along
/// its direction over the container's extent that way, its release finishes past half way or
/// on a flick (GestureScript.finishes); a pinch's progress is 1 − scale, and its release
/// finishes when it closes (scale velocity below 0) and cancels when it opens; a rotation's is
/// its angle over a quarter turn, released as a pan; a long press's is a pan's, measured from
/// where it began; a tap finishes.
public struct LiveGestureReading {
    public let container: Size
    /// A pan's unit direction, taken from its edge (away from it) or, anywhere, from the
    /// dominant axis of its translation when it first moved.
    private var direction: (dx: Double, dy: Double)?
    /// Where a long press began.
    private var pressedAt: Point?

    public init(container: Size) { self.container = container }

    /// What `event` asks of the interaction: the progress to show, or (ended, cancelled) how
    /// it ends.
    public mutating func read(_ event: GestureEvent) -> LiveInput {
        let progress: Double, perSecond: Double
        switch event.kind {
        case .pinch:
            progress = 1 - event.scale
            if event.state == .ended { return event.scaleVelocity < 0 ? .finish : .cancel }
            perSecond = 0
        case .rotation:
            let quarter = GestureInPoints.fullRotation * .pi / 180
            progress = event.rotation / quarter
            perSecond = event.rotationVelocity / quarter
        case .tap:
            return .finish
        case .pan, .screenEdgePan, .longPress:
            // A long press reports where the finger is: its movement is from where it began.
            var moved = event
            if event.kind == .longPress {
                if event.state == .began { pressedAt = event.location }
                let origin = pressedAt ?? event.location
                moved.translation = Point(x: event.location.x - origin.x, y: event.location.y - origin.y)
            }
            let (dx, dy) = direction ?? Self.direction(of: moved)
            // Kept from the first event that says it: an edge's, or a translation's once it moved.
            if direction == nil && (moved.edge != .none || moved.translation != Point(x: 0, y: 0)) { direction = (dx, dy) }
            let extent = abs(dx) * container.width + abs(dy) * container.height
            guard extent > 0 else { return .cancel }
            progress = (moved.translation.x * dx + moved.translation.y * dy) / extent
            perSecond = (moved.velocity.x * dx + moved.velocity.y * dy) / extent
        }
        let clamped = min(1, max(0, progress))
        switch event.state {
        case .began, .changed: return .scrub(to: clamped)
        case .ended: return GestureScript.finishes(at: clamped, velocity: perSecond) ? .finish : .cancel
        case .cancelled: return .cancel
        }
    }

    /// Away from the edge; else along the translation's larger component.
    private static func direction(of event: GestureEvent) -> (dx: Double, dy: Double) {
        switch event.edge {
        case .left: return (1, 0)
        case .right: return (-1, 0)
        case .top: return (0, 1)
        case .bottom: return (0, -1)
        case .none:
            let t = event.translation
            return abs(t.x) >= abs(t.y) ? (t.x < 0 ? -1 : 1, 0) : (0, t.y < 0 ? -1 : 1)
        }
    }
}
