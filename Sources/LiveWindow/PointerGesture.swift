import TransitionCore

/// The pointer as UIKit's gesture recognisers report a touch, for a transition that a drag or
/// the wheel starts: a drag from the left edge is a screen-edge pan, a drag elsewhere a pan, a
/// drag with Ctrl held a pinch (its two touches the pointer and its mirror through the
/// window's centre, as the iOS Simulator's Option-drag makes them: the scale is the pointer's
/// distance from the centre over its distance at the press), and the wheel a pinch too (each
/// notch up opens it by a tenth, each notch down closes it as much; it ends when the wheel has
/// been still for 0.15 s). Each event is began, changed or ended (cancelled when the window
/// closes first) with the location, translation and velocity of a pan, or the scale and its
/// velocity of a pinch, in the window's points; velocities are real, per second of the real
/// clock, over the last tenth of a second of movement (from the sample before it).
final class PointerGesture {
    enum Kind {
        case edgePan, pan, pinch, wheelPinch

        /// The gesture a press or a drag started (PressGestureRule).
        init(_ kind: PressGestureRule.Kind) {
            switch kind {
            case .edgePan: self = .edgePan
            case .pan: self = .pan
            case .pinch: self = .pinch
            }
        }
    }

    let kind: Kind
    private let press: Point
    private let centre: Point
    /// (real seconds, value) of the recent movement: a pan's location, a pinch's scale in x.
    private var samples: [(time: Double, value: Point)] = []
    private var began = false
    private(set) var ended = false
    /// Events made since the driver last took them, their times to be stamped then.
    private var pending: [GestureEvent] = []
    /// A wheel pinch: its scale and when its last notch came.
    private var scale = 1.0
    private var lastNotch = 0.0
    /// Where its touches are now, in points, as the studio marks them: the pointer, and for a
    /// pinch its mirror through the window's centre (a wheel pinch: two touches about the
    /// pointer, apart by its scale); none once it has ended.
    private(set) var touches: [Point] = []

    /// A gesture whose finger went down at `press` (a wheel pinch: where the pointer is),
    /// at `time` on the monotonic clock, in a window of `size` points.
    init(_ kind: Kind, press: Point, at time: Double, window size: Size) {
        self.kind = kind
        self.press = press
        centre = Point(x: size.width / 2, y: size.height / 2)
        samples = [(time, kind == .pinch || kind == .wheelPinch ? Point(x: 1, y: 0) : press)]
        touches = Self.touches(kind, at: press, centre: centre, scale: 1)
    }

    private static func touches(_ kind: Kind, at point: Point, centre: Point, scale: Double) -> [Point] {
        switch kind {
        case .edgePan, .pan: return [point]
        case .pinch: return [point, Point(x: 2 * centre.x - point.x, y: 2 * centre.y - point.y)]
        case .wheelPinch: return [Point(x: point.x - 40 * scale, y: point.y), Point(x: point.x + 40 * scale, y: point.y)]
        }
    }

    /// The pointer moved to `point` with the button held: began, then changed.
    func moved(to point: Point, at time: Double) {
        guard !ended, kind != .wheelPinch else { return }
        touches = Self.touches(kind, at: point, centre: centre, scale: 1)
        record(value(at: point), at: time)
        pending.append(event(began ? .changed : .began, at: point))
        began = true
    }

    /// The button went up at `point`: ended, with the velocity of the movement before.
    func released(at point: Point, at time: Double) {
        guard !ended, kind != .wheelPinch else { return }
        if !began { moved(to: point, at: time) }
        record(value(at: point), at: time)
        pending.append(event(.ended, at: point))
        ended = true
        touches = []
    }

    /// The wheel turned by `notches` (up positive): a wheel pinch opens or closes.
    func wheel(_ notches: Double, at time: Double) {
        guard !ended, kind == .wheelPinch else { return }
        scale *= WheelPinchRule.factor(notches: notches)
        touches = Self.touches(kind, at: press, centre: centre, scale: scale)
        lastNotch = time
        record(Point(x: scale, y: 0), at: time)
        pending.append(event(began ? .changed : .began, at: centre))
        began = true
    }

    /// The window closed or moved on before the release.
    func cancel() {
        guard !ended else { return }
        ended = true
        touches = []
        if began { pending.append(event(.cancelled, at: press)) }
    }

    /// The events since the last call, stamped `elapsed` (seconds since the transition
    /// began); a wheel pinch still for WheelPinchRule.quietPeriod at `now` ends here.
    func take(now: Double, elapsed: Double) -> [GestureEvent] {
        if kind == .wheelPinch && began && !ended && now - lastNotch >= WheelPinchRule.quietPeriod {
            pending.append(event(.ended, at: centre))
            ended = true
            touches = []
        }
        defer { pending = [] }
        return pending.map { event in
            var stamped = event
            stamped.time = elapsed
            return stamped
        }
    }

    /// What a sample records at `point`: the location, or a ctrl-drag pinch's scale.
    private func value(at point: Point) -> Point {
        guard kind == .pinch else { return point }
        let start = max(1, distance(press, centre))
        return Point(x: distance(point, centre) / start, y: 0)
    }

    private func record(_ value: Point, at time: Double) {
        if kind == .wheelPinch && samples.count == 1 {
            // Where the wheel began: its first notch counts as turned over 50 ms.
            samples = [(time - 0.05, samples[0].value)]
        }
        samples.append((time, value))
        // A drag: the last tenth of a second, the wheel the last fifth (notches are coarse),
        // each after the sample just before it: where that movement started from.
        let window = kind == .wheelPinch ? 0.2 : 0.1
        while samples.count > 2 && samples[1].time < time - window { samples.removeFirst() }
    }

    /// Change per second from the start of the recent movement to the newest sample: none when
    /// the pointer stood still since (a release without a flick). Events the window reads in
    /// one go (a busy machine) share a time: their span counts as at least 10 ms.
    private var velocity: Point {
        guard let first = samples.first, let last = samples.last, samples.count > 1 else { return Point(x: 0, y: 0) }
        let span = max(last.time - first.time, 0.01)
        return Point(x: (last.value.x - first.value.x) / span, y: (last.value.y - first.value.y) / span)
    }

    private func event(_ state: GestureEvent.State, at point: Point) -> GestureEvent {
        let v = velocity
        switch kind {
        case .pinch, .wheelPinch:
            let current = samples.last?.value.x ?? 1
            return GestureEvent(kind: .pinch, state: state, time: 0, location: centre, scale: current, scaleVelocity: v.x)
        case .edgePan, .pan:
            return GestureEvent(
                kind: kind == .edgePan ? .screenEdgePan : .pan, state: state, edge: kind == .edgePan ? .left : .none, time: 0,
                location: point, translation: Point(x: point.x - press.x, y: point.y - press.y), velocity: v)
        }
    }

    private func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
}
