/// Gestures as a user describes them, in points and seconds, turned into the progress samples
/// the percent-driven interaction follows, as the guide's gesture handlers turn a recogniser's
/// numbers into a percentage:
///
///     edge-pan(left): 0s 0pt, 0.3s 120pt, 0.5s 260pt, release 900pt/s
///     pan(down): 0s 0pt, 0.2s 150pt, release 400pt/s
///     pinch: 0s 1.0, 0.3s 0.7, 0.5s 0.4, release -2/s
///     rotation: 0s 0deg, 0.2s 30deg, 0.4s 60deg, release 200deg/s
///     long-press(up): 0.5s 0pt, 0.8s 120pt, release 300pt/s
///     tap: 0.3s
///
/// A pan or an edge pan gives the distance the finger has moved in its direction (an edge pan
/// from the left edge moves right; a pan names its direction): progress is that distance over
/// the container's extent along it, as `translationInView.x / width`, and the release velocity
/// in points per second becomes progress per second; the transition finishes past half way or
/// on a fast flick (GestureScript's rule). A pinch gives the recogniser's scale: progress is
/// 1 − scale / the first scale, and the release velocity is the scale's per second; the
/// transition finishes when the pinch is closing (velocity below 0) and cancels when it opens,
/// as the guide's pinch handler does. A rotation gives the angle turned, clockwise: progress
/// is that angle over a quarter turn, its release decided as a pan's. A long press is a pan
/// that begins once the finger has been held (its first sample's time): the distance moved
/// in its direction after that, as a pan's. A tap, at the time given, finishes the
/// transition, held at its start until then: a dimming view tapped to dismiss.
public enum GestureInPoints {
    enum Kind: Equatable {
        /// Along a direction: (dx, dy) of unit length; from a screen edge (the one the finger
        /// moves away from), or anywhere.
        case pan(dx: Double, dy: Double, edge: GestureEvent.Edge)
        case pinch
        /// The angle, in degrees as written.
        case rotation
        /// Held, then moved along (dx, dy).
        case longPress(dx: Double, dy: Double)
        case tap
    }

    /// A quarter turn: the angle a rotation needs to reach the end.
    static let fullRotation = 90.0

    /// A gesture as written: its kind, its samples (a pan's distance along its direction, a
    /// pinch's scale) and the release velocity in the same unit per second.
    struct Written {
        let kind: Kind
        let points: [(time: Double, value: Double)]
        let release: Double
    }

    /// Whether `text` is in this form: it names its gesture before a colon, which the
    /// progress form (`TIME=PROGRESS, ...`) never holds.
    static func matches(_ text: String) -> Bool {
        withoutComments(text).contains(":")
    }

    /// The text with every comment (from '#' to the end of its line) taken out, as one line.
    static func withoutComments(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" }
            .joined(separator: " ")
    }

    static func parse(_ text: String, container: Size) throws -> GestureScript {
        func fail(_ why: String) -> GestureScript.ParseError { GestureScript.ParseError(description: "gesture: \(why)") }
        let written = try self.written(text)
        let (kind, points, release) = (written.kind, written.points, written.release)
        let first = points[0]
        switch kind {
        case .pan(let dx, let dy, _):
            let length = abs(dx) * container.width + abs(dy) * container.height
            guard length > 0 else { throw fail("the container has no extent along the pan") }
            let samples = points.map { GestureScript.Sample(time: $0.time, progress: min(1, max(0, $0.value / length))) }
            return GestureScript(samples: samples, releaseVelocity: release / length)
        case .pinch:
            let samples = points.map { GestureScript.Sample(time: $0.time, progress: min(1, max(0, 1 - $0.value / first.value))) }
            return GestureScript(samples: samples, releaseVelocity: -release / first.value, finishes: release < 0)
        case .rotation:
            let samples = points.map { GestureScript.Sample(time: $0.time, progress: min(1, max(0, $0.value / fullRotation))) }
            return GestureScript(samples: samples, releaseVelocity: release / fullRotation)
        case .longPress(let dx, let dy):
            let length = abs(dx) * container.width + abs(dy) * container.height
            guard length > 0 else { throw fail("the container has no extent along the long press") }
            let samples = points.map { GestureScript.Sample(time: $0.time, progress: min(1, max(0, $0.value / length))) }
            return GestureScript(samples: samples, releaseVelocity: release / length)
        case .tap:
            return GestureScript(samples: [GestureScript.Sample(time: first.time, progress: 0)], releaseVelocity: 0, finishes: true)
        }
    }

    /// The recogniser's events for a gesture in this form, in `container`'s coordinates: began
    /// at the first sample, changed at each later one, ended at the last sample's time with the
    /// release velocity. An edge pan starts at the middle of its edge, a pan and a pinch at the
    /// container's centre; velocities between samples are the change per second since the one
    /// before.
    public static func events(_ text: String, container: Size) throws -> [GestureEvent] {
        let written = try self.written(text)
        let centre = Point(x: container.width / 2, y: container.height / 2)
        if written.kind == .tap {
            // A discrete recogniser: one event, when it recognises the tap (UIKit's .ended).
            return [GestureEvent(kind: .tap, state: .ended, time: written.points[0].time, location: centre)]
        }
        var events: [GestureEvent] = []
        var previous: (time: Double, value: Double)?
        for (i, point) in written.points.enumerated() {
            let rate = previous.map { (point.value - $0.value) / (point.time - $0.time) } ?? 0
            events.append(event(written.kind, i == 0 ? .began : .changed, point, rate: rate, container: container, centre: centre))
            previous = point
        }
        events.append(event(written.kind, .ended, written.points.last!, rate: written.release, container: container, centre: centre))
        return events
    }

    private static func event(
        _ kind: Kind, _ state: GestureEvent.State, _ point: (time: Double, value: Double), rate: Double,
        container: Size, centre: Point
    ) -> GestureEvent {
        switch kind {
        case .pinch:
            return GestureEvent(kind: .pinch, state: state, time: point.time, location: centre, scale: point.value, scaleVelocity: rate)
        case .rotation:
            return GestureEvent(kind: .rotation, state: state, time: point.time, location: centre,
                                rotation: point.value * .pi / 180, rotationVelocity: rate * .pi / 180)
        case .longPress(let dx, let dy):
            // UILongPressGestureRecognizer reports where the finger is, and no translation or velocity.
            return GestureEvent(kind: .longPress, state: state, time: point.time,
                                location: Point(x: centre.x + dx * point.value, y: centre.y + dy * point.value))
        case .tap:
            return GestureEvent(kind: .tap, state: .ended, time: point.time, location: centre)
        case .pan(let dx, let dy, let edge):
            let start: Point
            switch edge {
            case .left: start = Point(x: 0, y: centre.y)
            case .right: start = Point(x: container.width, y: centre.y)
            case .top: start = Point(x: centre.x, y: 0)
            case .bottom: start = Point(x: centre.x, y: container.height)
            case .none: start = centre
            }
            let translation = Point(x: dx * point.value, y: dy * point.value)
            return GestureEvent(
                kind: edge == .none ? .pan : .screenEdgePan, state: state, edge: edge, time: point.time,
                location: Point(x: start.x + translation.x, y: start.y + translation.y), translation: translation,
                velocity: Point(x: dx * rate, y: dy * rate))
        }
    }

    /// Reads the text: its kind, samples and release, checked.
    static func written(_ text: String) throws -> Written {
        func fail(_ why: String) -> GestureScript.ParseError { GestureScript.ParseError(description: "gesture: \(why)") }
        // Comments run from '#' to the end of a line; the rest is one list.
        let body = withoutComments(text)
        guard let colon = body.firstIndex(of: ":") else {
            throw fail("expected 'edge-pan(EDGE):', 'pan(DIRECTION):', 'pinch:', 'rotation:', 'long-press(DIRECTION):' or 'tap:'")
        }
        let name = String(body[..<colon]).trimmingSpaces
        let kind = try Self.kind(name, fail)
        if kind == .tap {
            let tokens = body[body.index(after: colon)...].split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
            guard tokens.count == 1 else { throw fail("a tap is one time, 'tap: TIMEs', not \(tokens.count) items") }
            let time = try Self.number(tokens[0], unit: "s", fail)
            guard time >= 0 else { throw fail("'\(tokens[0])': a time is seconds from the start, not \(time)") }
            return Written(kind: .tap, points: [(time, 0)], release: 0)
        }
        let unit = kind == .pinch ? "" : kind == .rotation ? "deg" : "pt"

        var points: [(time: Double, value: Double)] = []
        var release: Double?
        for token in body[body.index(after: colon)...].split(separator: ",").map({ String($0).trimmingSpaces }) where !token.isEmpty {
            guard release == nil else { throw fail("'\(token)': nothing may follow the release") }
            let words = token.split(separator: " ").map(String.init)
            if words.first == "release" {
                guard words.count == 2 else { throw fail("'\(token)': expected 'release VELOCITY'") }
                release = try Self.number(words[1], unit: unit + "/s", fail)
                continue
            }
            guard words.count == 2 else { throw fail("'\(token)': expected 'TIMEs VALUE\(unit)'") }
            let time = try Self.number(words[0], unit: "s", fail)
            let value = try Self.number(words[1], unit: unit, fail)
            guard time >= 0 else { throw fail("'\(token)': a time is seconds from the start, not \(time)") }
            if let last = points.last, time <= last.time { throw fail("times must increase (\(time) after \(last.time))") }
            if kind == .pinch && !(value > 0) { throw fail("'\(token)': a pinch's scale is above 0, not \(value)") }
            points.append((time, value))
        }
        guard let release else { throw fail("no 'release VELOCITY' at the end") }
        guard !points.isEmpty else { throw fail("no 'TIMEs VALUE' samples") }
        return Written(kind: kind, points: points, release: release)
    }

    private static func kind(_ name: String, _ fail: (String) -> GestureScript.ParseError) throws -> Kind {
        if name == "pinch" { return .pinch }
        if name == "rotation" { return .rotation }
        if name == "tap" { return .tap }
        let directions: [String: (Double, Double, GestureEvent.Edge)]
        let prefix: String
        let moving = ["right": (1.0, 0.0, GestureEvent.Edge.none), "left": (-1, 0, .none), "down": (0, 1, .none), "up": (0, -1, .none)]
        if name.hasPrefix("edge-pan(") {
            // From an edge, the finger moves away from it.
            prefix = "edge-pan"
            directions = ["left": (1, 0, .left), "right": (-1, 0, .right), "top": (0, 1, .top), "bottom": (0, -1, .bottom)]
        } else if name.hasPrefix("pan(") {
            prefix = "pan"
            directions = moving
        } else if name.hasPrefix("long-press(") {
            prefix = "long-press"
            directions = moving
        } else {
            throw fail("'\(name)' is not edge-pan(EDGE), pan(DIRECTION), pinch, rotation, long-press(DIRECTION) or tap")
        }
        guard name.hasSuffix(")") else { throw fail("'\(name)': expected \(prefix)(\(directions.keys.sorted().joined(separator: "|")))") }
        let inner = String(name.dropFirst(prefix.count + 1).dropLast()).trimmingSpaces
        guard let (dx, dy, edge) = directions[inner] else {
            throw fail("'\(name)': \(prefix == "edge-pan" ? "an edge" : "a direction") is one of \(directions.keys.sorted().joined(separator: ", "))")
        }
        return prefix == "long-press" ? .longPress(dx: dx, dy: dy) : .pan(dx: dx, dy: dy, edge: edge)
    }

    /// A finite number followed by `unit` ("0.3s", "120pt", "900pt/s", "-2/s", "0.7").
    private static func number(_ word: String, unit: String, _ fail: (String) -> GestureScript.ParseError) throws -> Double {
        guard word.hasSuffix(unit), let value = Double(word.dropLast(unit.count)), value.isFinite else {
            throw fail("'\(word)' is not a number\(unit.isEmpty ? "" : " in \(unit)")")
        }
        return value
    }
}
