/// A recorded gesture that drives an interactive transition without a touch screen: progress
/// samples over time, then a release with a velocity.
///
/// Text form: `TIME=PROGRESS` samples separated by commas or new lines (times in seconds from
/// the start of the transition, increasing; progress in [0, 1]), ending in `release=VELOCITY`
/// (progress per second). Lines starting with `#` are comments. For example
///
///     0=0, 0.1=0.2, 0.25=0.6, release=0.4
///
/// At the release the guide's pan-handler rule decides: a fast flick (|velocity| ≥ 1) finishes
/// forwards and cancels backwards; otherwise the transition finishes when past half way.
///
/// Or in points and seconds, as a user describes a pan, an edge pan or a pinch
/// (`edge-pan(left): 0s 0pt, 0.3s 120pt, release 900pt/s`; see GestureInPoints), turned into
/// progress against the container's size.
public struct GestureScript: Equatable, Sendable {
    public struct Sample: Equatable, Sendable {
        public let time: Double
        public let progress: Double
    }

    public let samples: [Sample]
    public let releaseVelocity: Double
    /// The decision at the release when the gesture makes its own (a pinch: closing
    /// finishes); nil for the pan handler's rule.
    public let decision: Bool?
    /// The recogniser's events, for a gesture written in points: what an interaction
    /// controller that reads gestures gets (GestureInPoints.events); nil for the progress form.
    public internal(set) var events: [GestureEvent]?

    /// Progress per second beyond which a release counts as a flick.
    public static let flickVelocity = 1.0

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public init(samples: [Sample], releaseVelocity: Double, finishes decision: Bool? = nil) {
        self.samples = samples
        self.releaseVelocity = releaseVelocity
        self.decision = decision
    }

    /// The progress form, or the points form against `container` (the size of the container
    /// view the transition runs in; the demo scene's window unless told).
    public init(parsing text: String, container: Size = DemoScene.windowSize) throws {
        if GestureInPoints.matches(text) {
            self = try GestureInPoints.parse(text, container: container)
            events = try GestureInPoints.events(text, container: container)
            return
        }
        var samples: [Sample] = []
        var release: Double?
        var line = 1
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            defer { line += 1 }
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            for token in content.split(separator: ",").map({ String($0).trimmingSpaces }) where !token.isEmpty {
                func fail(_ why: String) -> ParseError { ParseError(description: "gesture line \(line), '\(token)': \(why)") }
                guard release == nil else { throw fail("nothing may follow the release") }
                let parts = token.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
                guard parts.count == 2 else { throw fail("expected TIME=PROGRESS or release=VELOCITY") }
                guard let value = Double(parts[1]), value.isFinite else { throw fail("'\(parts[1])' is not a finite number") }
                if parts[0] == "release" {
                    release = value
                    continue
                }
                guard let time = Double(parts[0]), time.isFinite, time >= 0 else { throw fail("'\(parts[0])' is not a time in seconds") }
                guard value >= 0, value <= 1 else { throw fail("progress \(value) is outside [0, 1]") }
                if let last = samples.last, time <= last.time { throw fail("times must increase (\(time) after \(last.time))") }
                samples.append(Sample(time: time, progress: value))
            }
        }
        guard let release else { throw ParseError(description: "gesture: no 'release=VELOCITY' at the end") }
        guard !samples.isEmpty else { throw ParseError(description: "gesture: no TIME=PROGRESS samples") }
        self.init(samples: samples, releaseVelocity: release)
    }

    /// The same gesture `dt` seconds later (earlier, below 0): its samples and events moved.
    public func shifted(by dt: Double) -> GestureScript {
        var moved = GestureScript(samples: samples.map { Sample(time: $0.time + dt, progress: $0.progress) },
                                  releaseVelocity: releaseVelocity, finishes: decision)
        moved.events = events?.map { var e = $0; e.time += dt; return e }
        return moved
    }

    /// When the finger lifts: the last sample's time.
    public var releaseTime: Double { samples.last?.time ?? 0 }

    /// Progress at `time`, interpolated linearly between samples.
    public func progress(at time: Double) -> Double {
        guard let first = samples.first else { return 0 }
        if time <= first.time { return first.progress }
        for (a, b) in zip(samples, samples.dropFirst()) where time <= b.time {
            return a.progress + (b.progress - a.progress) * (time - a.time) / (b.time - a.time)
        }
        return samples.last!.progress
    }

    /// The pan handler's decision at the release.
    public var finishes: Bool {
        if let decision { return decision }
        return Self.finishes(at: samples.last?.progress ?? 0, velocity: releaseVelocity)
    }

    /// The pan handler's rule for a release at `progress` with `velocity` (progress per
    /// second): a flick finishes forwards or cancels backwards, else past half way finishes.
    /// A live gesture (a drag in a window) is released by the same rule.
    public static func finishes(at progress: Double, velocity: Double) -> Bool {
        if velocity >= flickVelocity { return true }
        if velocity <= -flickVelocity { return false }
        return progress > 0.5
    }
}
