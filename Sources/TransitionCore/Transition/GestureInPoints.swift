/// Gestures as a user describes them, in points and seconds, turned into the progress samples
/// the percent-driven interaction follows, as the guide's gesture handlers turn a recogniser's
/// numbers into a percentage:
///
///     edge-pan(left): 0s 0pt, 0.3s 120pt, 0.5s 260pt, release 900pt/s
///     pan(down): 0s 0pt, 0.2s 150pt, release 400pt/s
///     pinch: 0s 1.0, 0.3s 0.7, 0.5s 0.4, release -2/s
///
/// A pan or an edge pan gives the distance the finger has moved in its direction (an edge pan
/// from the left edge moves right; a pan names its direction): progress is that distance over
/// the container's extent along it, as `translationInView.x / width`, and the release velocity
/// in points per second becomes progress per second; the transition finishes past half way or
/// on a fast flick (GestureScript's rule). A pinch gives the recogniser's scale: progress is
/// 1 − scale / the first scale, and the release velocity is the scale's per second; the
/// transition finishes when the pinch is closing (velocity below 0) and cancels when it opens,
/// as the guide's pinch handler does.
public enum GestureInPoints {
    enum Kind: Equatable {
        /// Along a direction: (dx, dy) of unit length; from a screen edge (the one the finger
        /// moves away from), or anywhere.
        case pan(dx: Double, dy: Double, edge: GestureEvent.Edge)
        case pinch
    }

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
        guard let colon = body.firstIndex(of: ":") else { throw fail("expected 'edge-pan(EDGE):', 'pan(DIRECTION):' or 'pinch:'") }
        let name = String(body[..<colon]).trimmingSpaces
        let kind = try Self.kind(name, fail)

        var points: [(time: Double, value: Double)] = []
        var release: Double?
        for token in body[body.index(after: colon)...].split(separator: ",").map({ String($0).trimmingSpaces }) where !token.isEmpty {
            guard release == nil else { throw fail("'\(token)': nothing may follow the release") }
            let words = token.split(separator: " ").map(String.init)
            if words.first == "release" {
                guard words.count == 2 else { throw fail("'\(token)': expected 'release VELOCITY'") }
                release = try Self.number(words[1], unit: kind == .pinch ? "/s" : "pt/s", fail)
                continue
            }
            guard words.count == 2 else { throw fail("'\(token)': expected 'TIMEs VALUE\(kind == .pinch ? "" : "pt")'") }
            let time = try Self.number(words[0], unit: "s", fail)
            let value = try Self.number(words[1], unit: kind == .pinch ? "" : "pt", fail)
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
        let directions: [String: (Double, Double, GestureEvent.Edge)]
        let prefix: String
        if name.hasPrefix("edge-pan(") {
            // From an edge, the finger moves away from it.
            prefix = "edge-pan"
            directions = ["left": (1, 0, .left), "right": (-1, 0, .right), "top": (0, 1, .top), "bottom": (0, -1, .bottom)]
        } else if name.hasPrefix("pan(") {
            prefix = "pan"
            directions = ["right": (1, 0, .none), "left": (-1, 0, .none), "down": (0, 1, .none), "up": (0, -1, .none)]
        } else {
            throw fail("'\(name)' is not edge-pan(EDGE), pan(DIRECTION) or pinch")
        }
        guard name.hasSuffix(")") else { throw fail("'\(name)': expected \(prefix)(\(directions.keys.sorted().joined(separator: "|")))") }
        let inner = String(name.dropFirst(prefix.count + 1).dropLast()).trimmingSpaces
        guard let (dx, dy, edge) = directions[inner] else {
            throw fail("'\(name)': \(prefix == "pan" ? "a direction" : "an edge") is one of \(directions.keys.sorted().joined(separator: ", "))")
        }
        return .pan(dx: dx, dy: dy, edge: edge)
    }

    /// A finite number followed by `unit` ("0.3s", "120pt", "900pt/s", "-2/s", "0.7").
    private static func number(_ word: String, unit: String, _ fail: (String) -> GestureScript.ParseError) throws -> Double {
        guard word.hasSuffix(unit), let value = Double(word.dropLast(unit.count)), value.isFinite else {
            throw fail("'\(word)' is not a number\(unit.isEmpty ? "" : " in \(unit)")")
        }
        return value
    }
}
