/// What happened during a run, in order: every call the host made into a participant, every
/// completion, every warning. The contract's call order is checked against this.
public final class TransitionTrace {
    public enum Level: String, Sendable { case call, info, warning, error }

    public struct Event: Hashable, Sendable {
        public let time: Double
        public let level: Level
        /// For calls, the callback's name ("animator.animateTransition"); otherwise a message.
        public let name: String
    }

    public private(set) var events: [Event] = []
    private let clock: () -> Double

    public init(clock: @escaping () -> Double) { self.clock = clock }

    public func call(_ name: String) { events.append(Event(time: clock(), level: .call, name: name)) }
    public func info(_ message: String) { events.append(Event(time: clock(), level: .info, name: message)) }
    public func warning(_ message: String) { events.append(Event(time: clock(), level: .warning, name: message)) }
    public func error(_ message: String) { events.append(Event(time: clock(), level: .error, name: message)) }

    /// An event of any level but `call`, as a message (calls go through `call`).
    /// Lines said once the run ends, by key, the latest text for each (how many plugin log
    /// lines were dropped): a count that keeps growing belongs at the end, not in every frame.
    public private(set) var summaryNotes: [(key: String, text: String)] = []

    public func setSummaryNote(_ key: String, _ text: String) {
        if let i = summaryNotes.firstIndex(where: { $0.key == key }) { summaryNotes[i].text = text }
        else { summaryNotes.append((key, text)) }
    }

    /// The events, then the summary notes as warnings at the time of the last event.
    public var eventsWithNotes: [Event] {
        guard !summaryNotes.isEmpty else { return events }
        let time = events.last?.time ?? 0
        return events + summaryNotes.map { Event(time: time, level: .warning, name: $0.text) }
    }

    public func add(_ level: Level, _ message: String) {
        switch level {
        case .call, .info: info(message)
        case .warning: warning(message)
        case .error: error(message)
        }
    }

    /// Broken contracts that belong to no one transition (a curve that returned NaN): each is
    /// an error in the trace, and any of them makes the run not clean.
    public private(set) var contractViolations: [String] = []
    public func violation(_ message: String) {
        contractViolations.append(message)
        error(message)
    }

    /// The names of the calls, in order.
    public var calls: [String] { events.filter { $0.level == .call }.map(\.name) }
    public var warnings: [String] { events.filter { $0.level == .warning }.map(\.name) }
}
