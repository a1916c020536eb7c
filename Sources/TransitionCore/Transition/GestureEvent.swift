/// One event of a gesture recogniser, in points, as UIKit's pan, screen-edge pan, pinch,
/// rotation, long-press and tap recognisers report it: what an interaction controller's
/// gesture handler reads (th_gesture_event in the C header, whose raw values these share).
public struct GestureEvent: Equatable, Sendable {
    public enum Kind: UInt32, Sendable { case pan = 1, screenEdgePan = 2, pinch = 3, rotation = 4, longPress = 5, tap = 6 }
    /// UIGestureRecognizer.State's raw values.
    public enum State: UInt32, Sendable { case began = 1, changed = 2, ended = 3, cancelled = 4 }
    /// UIRectEdge's raw values; none for a gesture that is not a screen-edge pan.
    public enum Edge: UInt32, Sendable { case none = 0, top = 1, left = 2, bottom = 4, right = 8 }

    public var kind: Kind
    public var state: State
    public var edge: Edge = .none
    /// Seconds since the transition started.
    public var time: Double
    /// The touch (a pinch: the touches' centre), in the container's coordinates.
    public var location: Point
    /// A pan: the movement since it began; zero for a pinch.
    public var translation = Point(x: 0, y: 0)
    /// A pan: points per second; zero for a pinch.
    public var velocity = Point(x: 0, y: 0)
    /// A pinch: 1 when it began; 1 for a pan.
    public var scale = 1.0
    /// A pinch: scale per second.
    public var scaleVelocity = 0.0
    /// A rotation: radians turned since it began, clockwise on screen above 0; else 0.
    public var rotation = 0.0
    /// A rotation: radians per second.
    public var rotationVelocity = 0.0

    public init(kind: Kind, state: State, edge: Edge = .none, time: Double, location: Point,
                translation: Point = Point(x: 0, y: 0), velocity: Point = Point(x: 0, y: 0),
                scale: Double = 1, scaleVelocity: Double = 0, rotation: Double = 0, rotationVelocity: Double = 0) {
        self.kind = kind
        self.state = state
        self.edge = edge
        self.time = time
        self.location = location
        self.translation = translation
        self.velocity = velocity
        self.scale = scale
        self.scaleVelocity = scaleVelocity
        self.rotation = rotation
        self.rotationVelocity = rotationVelocity
    }
}

extension GestureEvent {
    /// The changed event a recogniser reports at `time`, between two of a gesture's written
    /// events `a` and `b` (a.time ≤ time ≤ b.time): the touch where it is then, on the straight
    /// line between them, moving at b's velocity (the pace from a to b). A recogniser reports
    /// one every frame while the finger moves, not only at the times a script names.
    public static func between(_ a: GestureEvent, _ b: GestureEvent, at time: Double) -> GestureEvent {
        let f = b.time > a.time ? min(1, max(0, (time - a.time) / (b.time - a.time))) : 1
        func lerp(_ x: Double, _ y: Double) -> Double { x + (y - x) * f }
        var event = b
        event.state = .changed
        event.time = time
        event.location = Point(x: lerp(a.location.x, b.location.x), y: lerp(a.location.y, b.location.y))
        event.translation = Point(x: lerp(a.translation.x, b.translation.x), y: lerp(a.translation.y, b.translation.y))
        event.scale = lerp(a.scale, b.scale)
        event.rotation = lerp(a.rotation, b.rotation)
        return event
    }

    /// The events of `events` (a gesture's written ones, in time order) a recogniser sends by
    /// `elapsed` seconds, after the first `delivered` of them were sent: the written ones now
    /// due, or, between two of them, the changed event where the finger is now (`between`).
    /// Advances `delivered` past those it returns.
    public static func due(in events: [GestureEvent], at elapsed: Double, after delivered: inout Int) -> [GestureEvent] {
        var due: [GestureEvent] = []
        while delivered < events.count, events[delivered].time <= elapsed + VirtualClock.tolerance {
            due.append(events[delivered])
            delivered += 1
        }
        if due.isEmpty, delivered > 0, delivered < events.count, events[delivered].state == .changed {
            due.append(.between(events[delivered - 1], events[delivered], at: elapsed))
        }
        return due
    }

    /// How the trace shows the event: its state and what its kind reports, in points.
    var traceName: String {
        let state: String
        switch self.state {
        case .began: state = "began"
        case .changed: state = "changed"
        case .ended: state = "ended"
        case .cancelled: state = "cancelled"
        }
        switch kind {
        case .pinch:
            return "\(state)(scale: \(format(scale)), velocity: \(format(scaleVelocity))/s)"
        case .rotation:
            return "\(state)(rotation: \(format(rotation * 180 / .pi))°, velocity: \(format(rotationVelocity * 180 / .pi))°/s)"
        case .tap, .longPress:
            return "\(state)(location: \(format(location.x))pt \(format(location.y))pt)"
        case .pan, .screenEdgePan:
            return "\(state)(translation: \(format(translation.x))pt \(format(translation.y))pt, velocity: \(format(velocity.x))pt/s \(format(velocity.y))pt/s)"
        }
    }
}
