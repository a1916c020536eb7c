import TransitionCore

/// Parameter values for fuzzing, as `--param` text: random ones inside each declared range,
/// the range's ends, and values outside it (past either end, not a number, infinite, not
/// whole, not a choice). Deterministic: the same parameters and seed give the same trials.
struct ParameterFuzzer {
    struct Trial: Equatable {
        /// "name=value" for each parameter the trial sets.
        let assignments: [String]
        /// True when every value lies within what the descriptor declares.
        let inRange: Bool
    }

    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// `inside` trials with every parameter set to a valid value (the first two at the ends
    /// of the ranges), then one trial per invalid value of each parameter, the others valid.
    mutating func trials(for parameters: [EffectParameter], inside: Int = 12) -> [Trial] {
        guard !parameters.isEmpty else { return [] }
        var trials: [Trial] = []
        for n in 0..<inside {
            let edge: Edge = n == 0 ? .low : n == 1 ? .high : .random
            trials.append(Trial(assignments: parameters.map { "\($0.id)=\(valid($0, edge))" }, inRange: true))
        }
        for (i, p) in parameters.enumerated() {
            for bad in invalid(p) {
                var assignments = parameters.map { "\($0.id)=\(valid($0, .random))" }
                assignments[i] = "\(p.id)=\(bad)"
                trials.append(Trial(assignments: assignments, inRange: false))
            }
        }
        return trials
    }

    enum Edge { case low, high, random }

    /// A value the descriptor allows, as text.
    mutating func valid(_ p: EffectParameter, _ edge: Edge) -> String {
        switch p.type {
        case .choice:
            let index = edge == .low ? 0 : edge == .high ? p.choices.count - 1 : Int(random.next() % UInt64(p.choices.count))
            // Half the time by name, half by index: the host accepts both.
            return random.next() % 2 == 0 ? p.choices[index] : String(index)
        case .bool:
            return edge == .low ? "false" : edge == .high ? "true" : (random.next() % 2 == 0 ? "false" : "true")
        case .int:
            let lo = Int64(p.minimum), hi = Int64(p.maximum)
            if edge == .low { return String(lo) }
            if edge == .high { return String(hi) }
            return String(lo + Int64(random.next() % UInt64(hi - lo + 1)))
        case .double:
            if edge == .low { return "\(p.minimum)" }
            if edge == .high { return "\(p.maximum)" }
            return "\(p.minimum + (p.maximum - p.minimum) * random.unit())"
        }
    }

    /// Values the descriptor does not allow, as text; the host must refuse every one.
    func invalid(_ p: EffectParameter) -> [String] {
        switch p.type {
        case .choice: return [String(p.choices.count), "-1", "no-such-choice"]
        case .bool: return ["2", "maybe"]
        case .int: return [String(Int64(p.maximum) + 1), String(Int64(p.minimum) - 1), "\(p.minimum + 0.5)", "nan"]
        case .double:
            let span = max(p.maximum - p.minimum, 1)
            return ["\(p.maximum + span)", "\(p.minimum - span)", "nan", "inf", "-inf", "1e308"]
                .filter { Double($0).map { !($0 >= p.minimum && $0 <= p.maximum) } ?? true }
        }
    }
}

/// A small, fast, seedable generator (Vigna's SplitMix64): the same seed gives the same
/// numbers on every machine, which SystemRandomNumberGenerator does not.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A double in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

/// FNV-1a of a string: a stable seed per effect.
func stableHash(_ s: String) -> UInt64 {
    s.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
}
