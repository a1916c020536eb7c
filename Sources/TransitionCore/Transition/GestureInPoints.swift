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
enum GestureInPoints {
    enum Kind: Equatable {
        /// Along a direction: (dx, dy) of unit length.
        case pan(dx: Double, dy: Double)
        case pinch
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
        // Comments run from '#' to the end of a line; the rest is one list.
        let body = withoutComments(text)
        guard let colon = body.firstIndex(of: ":") else { throw fail("expected 'edge-pan(EDGE):', 'pan(DIRECTION):' or 'pinch:'") }
        let name = String(body[..<colon]).trimmingSpaces
        let kind = try Self.kind(name, fail)
        let extent = { (dx: Double, dy: Double) in abs(dx) * container.width + abs(dy) * container.height }

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
        guard let first = points.first else { throw fail("no 'TIMEs VALUE' samples") }

        switch kind {
        case .pan(let dx, let dy):
            let length = extent(dx, dy)
            guard length > 0 else { throw fail("the container has no extent along the pan") }
            let samples = points.map { GestureScript.Sample(time: $0.time, progress: min(1, max(0, $0.value / length))) }
            return GestureScript(samples: samples, releaseVelocity: release / length)
        case .pinch:
            let samples = points.map { GestureScript.Sample(time: $0.time, progress: min(1, max(0, 1 - $0.value / first.value))) }
            return GestureScript(samples: samples, releaseVelocity: -release / first.value, finishes: release < 0)
        }
    }

    private static func kind(_ name: String, _ fail: (String) -> GestureScript.ParseError) throws -> Kind {
        if name == "pinch" { return .pinch }
        let directions: [String: (Double, Double)]
        let prefix: String
        if name.hasPrefix("edge-pan(") {
            // From an edge, the finger moves away from it.
            prefix = "edge-pan"
            directions = ["left": (1, 0), "right": (-1, 0), "top": (0, 1), "bottom": (0, -1)]
        } else if name.hasPrefix("pan(") {
            prefix = "pan"
            directions = ["right": (1, 0), "left": (-1, 0), "down": (0, 1), "up": (0, -1)]
        } else {
            throw fail("'\(name)' is not edge-pan(EDGE), pan(DIRECTION) or pinch")
        }
        guard name.hasSuffix(")") else { throw fail("'\(name)': expected \(prefix)(\(directions.keys.sorted().joined(separator: "|")))") }
        let inner = String(name.dropFirst(prefix.count + 1).dropLast()).trimmingSpaces
        guard let (dx, dy) = directions[inner] else {
            throw fail("'\(name)': \(prefix == "pan" ? "a direction" : "an edge") is one of \(directions.keys.sorted().joined(separator: ", "))")
        }
        return .pan(dx: dx, dy: dy)
    }

    /// A finite number followed by `unit` ("0.3s", "120pt", "900pt/s", "-2/s", "0.7").
    private static func number(_ word: String, unit: String, _ fail: (String) -> GestureScript.ParseError) throws -> Double {
        guard word.hasSuffix(unit), let value = Double(word.dropLast(unit.count)), value.isFinite else {
            throw fail("'\(word)' is not a number\(unit.isEmpty ? "" : " in \(unit)")")
        }
        return value
    }
}
