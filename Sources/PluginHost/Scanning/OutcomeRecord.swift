import CTransitionABI
import TransitionCore

/// A ScanOutcome as record lines (see RecordLine), the same in the scanner's report and in
/// the registry cache:
///
///     plugin ID NAME VERSION VENDOR ABI-MAJOR ABI-MINOR EFFECTS CURVES WARNINGS
///       effect ID NAME SUMMARY KIND TRANSITIONS DURATION PARAMS      (EFFECTS times)
///         param ID NAME TYPE UNIT MIN MAX DEFAULT CHOICES CHOICE...  (PARAMS times)
///       curve NAME DISPLAY-NAME                                      (CURVES times)
///       warning TEXT                                                 (WARNINGS times)
///     refused REASON FIX
///     crashed signal|exit NUMBER
///     hung MILLISECONDS
///     garbled WHY
///
/// Counts come first so that a reader knows exactly what must follow, and every value is
/// checked again on the way in, by the rules the loader applies: a record that claims what
/// no plugin could have passed is refused whole.
enum OutcomeRecord {
    static let maxWarnings = 256
    static let maxCurves = 256
    static let maxWarningBytes = 16384

    static func lines(_ outcome: ScanOutcome) -> [[String]] {
        switch outcome {
        case .plugin(let d):
            var lines = [["plugin", d.id, d.name, d.version, d.vendor, "\(d.abiMajor)", "\(d.abiMinor)",
                          "\(d.effects.count)", "\(d.curves.count)", "\(d.warnings.count)"]]
            for e in d.effects {
                lines.append(["effect", e.effectID, e.displayName, e.summary, "\(e.kind.rawValue)", "\(e.transitions.rawValue)",
                              RecordNumber.double(e.defaultDuration), "\(e.parameters.count)"])
                for p in e.parameters {
                    lines.append(["param", p.id, p.name, "\(p.type.rawValue)", p.unit, RecordNumber.double(p.minimum),
                                  RecordNumber.double(p.maximum), RecordNumber.double(p.defaultValue), "\(p.choices.count)"]
                                 + p.choices)
                }
            }
            lines += d.curves.map { ["curve", $0.name, $0.displayName] }
            lines += d.warnings.map { ["warning", $0] }
            return lines
        case .refused(let failure):
            return [["refused", failure.reason, failure.fix]]
        case .crashed(.signalled(let signal)):
            return [["crashed", "signal", "\(signal)"]]
        case .crashed(.exited(let code)):
            return [["crashed", "exit", "\(code)"]]
        case .hung(let seconds):
            return [["hung", "\(UInt64((seconds * 1000).rounded()))"]]
        case .garbled(let why):
            return [["garbled", why]]
        case .notScanned(let why):
            return [["garbled", "not scanned: \(why)"]]  // never written: not cacheable
        }
    }

    /// Reads one outcome from `cursor`, consuming exactly its lines.
    static func read(_ cursor: inout RecordCursor) throws -> ScanOutcome {
        let head = try cursor.next()
        switch head.first {
        case "refused":
            try expect(head, count: 3)
            try checkText(head[1], "reason", limit: maxWarningBytes)
            try checkText(head[2], "fix", limit: maxWarningBytes)
            return .refused(PluginLoadFailure(reason: head[1], fix: head[2]))
        case "crashed":
            try expect(head, count: 3)
            let number: UInt8 = try RecordNumber.unsigned(head[2])
            switch head[1] {
            case "signal" where number > 0 && number < 65: return .crashed(.signalled(Int32(number)))
            case "exit": return .crashed(.exited(Int32(number)))
            default: throw malformed("a crash that is neither a signal nor an exit status")
            }
        case "hung":
            try expect(head, count: 2)
            let milliseconds: UInt32 = try RecordNumber.unsigned(head[1])
            return .hung(seconds: Double(milliseconds) / 1000)
        case "garbled":
            try expect(head, count: 2)
            try checkText(head[1], "reason", limit: maxWarningBytes)
            return .garbled(head[1])
        case "plugin":
            return .plugin(try readPlugin(head, &cursor))
        default:
            throw malformed("expected a scan outcome, found '\(head.first?.prefix(20) ?? "")'")
        }
    }

    private static func readPlugin(_ head: [String], _ cursor: inout RecordCursor) throws -> PluginDescription {
        try expect(head, count: 10)
        let id = head[1]
        guard DescriptorReader.isIdentifier(id, allowDots: true) else { throw malformed("plugin id is not a valid id") }
        try checkText(head[2], "plugin name", required: true)
        try checkText(head[3], "plugin version", required: true)
        try checkText(head[4], "plugin vendor")
        let major: UInt16 = try RecordNumber.unsigned(head[5])
        let minor: UInt16 = try RecordNumber.unsigned(head[6])
        guard Int32(major) == TH_ABI_MAJOR else { throw malformed("a plugin of another ABI major") }
        let effectCount: UInt32 = try RecordNumber.unsigned(head[7])
        let curveCount: UInt32 = try RecordNumber.unsigned(head[8])
        let warningCount: UInt32 = try RecordNumber.unsigned(head[9])
        guard effectCount <= DescriptorReader.maxEffects, curveCount <= maxCurves, warningCount <= maxWarnings else {
            throw malformed("more effects, curves or warnings than a plugin may have")
        }
        var effects: [EffectInfo] = []
        effects.reserveCapacity(Int(effectCount))
        for _ in 0..<effectCount {
            let effect = try readEffect(pluginID: id, &cursor)
            // A scan over the few before rather than a set: a set cost a warm run with 500
            // plugins more than the rest of reading their effects.
            guard !effects.contains(where: { $0.effectID == effect.effectID }) else {
                throw malformed("effect id '\(effect.effectID)' twice")
            }
            effects.append(effect)
        }
        var curves: [PluginDescription.Curve] = []
        for _ in 0..<curveCount {
            let line = try cursor.next()
            try expect(line, verb: "curve", count: 3)
            guard line[1].hasPrefix(id + "."), DescriptorReader.isIdentifier(String(line[1].dropFirst(id.count + 1))) else {
                throw malformed("curve name '\(line[1].prefix(80))' is not '\(id).<curve id>'")
            }
            try checkText(line[2], "curve name", required: true)
            curves.append(.init(name: line[1], displayName: line[2]))
        }
        var warnings: [String] = []
        for _ in 0..<warningCount {
            let line = try cursor.next()
            try expect(line, verb: "warning", count: 2)
            try checkText(line[1], "warning", limit: maxWarningBytes)
            warnings.append(line[1])
        }
        return PluginDescription(id: id, name: head[2], version: head[3], vendor: head[4], abiMajor: Int(major),
                                 abiMinor: Int(minor), effects: effects, curves: curves, warnings: warnings)
    }

    private static func readEffect(pluginID: String, _ cursor: inout RecordCursor) throws -> EffectInfo {
        let line = try cursor.next()
        try expect(line, verb: "effect", count: 8)
        guard DescriptorReader.isIdentifier(line[1]) else { throw malformed("effect id is not a valid id") }
        try checkText(line[2], "effect name", required: true)
        try checkText(line[3], "effect description")
        guard let kind = EffectKind(rawValue: try RecordNumber.unsigned(line[4])) else { throw malformed("an unknown effect kind") }
        let mask: UInt32 = try RecordNumber.unsigned(line[5])
        guard mask != 0, mask & ~TransitionSet.all.rawValue == 0 else { throw malformed("a bad transitions mask") }
        let duration = try RecordNumber.double(line[6])
        guard duration.isFinite, duration >= 0, duration <= 60 else { throw malformed("a default duration outside [0, 60] s") }
        let count: UInt32 = try RecordNumber.unsigned(line[7])
        guard count <= DescriptorReader.maxParameters else { throw malformed("more parameters than an effect may have") }
        var parameters: [EffectParameter] = []
        parameters.reserveCapacity(Int(count))
        for _ in 0..<count {
            let p = try readParameter(&cursor)
            guard !parameters.contains(where: { $0.id == p.id }) else { throw malformed("parameter '\(p.id)' twice") }
            parameters.append(p)
        }
        return EffectInfo(pluginID: pluginID, effectID: line[1], displayName: line[2], summary: line[3], kind: kind,
                          transitions: TransitionSet(rawValue: mask), defaultDuration: duration, parameters: parameters)
    }

    private static func readParameter(_ cursor: inout RecordCursor) throws -> EffectParameter {
        let line = try cursor.next()
        guard line.first == "param", line.count >= 9 else { throw malformed("expected a parameter") }
        guard DescriptorReader.isIdentifier(line[1]) else { throw malformed("parameter id is not a valid id") }
        try checkText(line[2], "parameter name", required: true)
        try checkText(line[4], "parameter unit")
        guard let type = EffectParameter.ValueType(rawValue: try RecordNumber.unsigned(line[3])) else {
            throw malformed("an unknown parameter type")
        }
        let lo = try RecordNumber.double(line[5]), hi = try RecordNumber.double(line[6])
        let def = try RecordNumber.double(line[7])
        let choiceCount: UInt32 = try RecordNumber.unsigned(line[8])
        guard choiceCount <= DescriptorReader.maxChoices, line.count == 9 + Int(choiceCount) else {
            throw malformed("a parameter whose choices do not match their count")
        }
        let choices = Array(line[9...])
        guard choices.allSatisfy({ DescriptorReader.isIdentifier($0) }) else { throw malformed("a choice that is not a valid id") }
        guard lo.isFinite, hi.isFinite, def.isFinite, lo <= def, def <= hi else { throw malformed("a parameter range or default that is not in order") }
        guard (type == .choice) == (choiceCount > 0) else { throw malformed("choices on a parameter that is not an enum") }
        // The range the loader gives each type (DescriptorReader.parameters): a run passes
        // values in it to the plugin unchecked, and `host inspect` shows choices[default].
        switch type {
        case .choice:
            guard lo == 0, hi == Double(choiceCount - 1), def == def.rounded() else {
                throw malformed("an enum whose range or default is not its choices' indices")
            }
        case .bool:
            guard lo == 0, hi == 1, def == 0 || def == 1 else { throw malformed("a bool whose range or default is not 0 to 1") }
        case .int:
            guard lo == lo.rounded(), hi == hi.rounded(), def == def.rounded() else { throw malformed("an int that is not whole") }
        case .double:
            break
        }
        return EffectParameter(id: line[1], name: line[2], type: type, unit: line[4], minimum: lo, maximum: hi,
                               defaultValue: def, choices: choices)
    }

    private static func expect(_ line: [String], verb: String? = nil, count: Int) throws {
        if let verb, line.first != verb { throw malformed("expected '\(verb)', found '\(line.first?.prefix(20) ?? "")'") }
        guard line.count == count else { throw malformed("'\(line.first?.prefix(20) ?? "")' with \(line.count) fields, not \(count)") }
    }

    private static func checkText(_ text: String, _ field: String, required: Bool = false, limit: Int = DescriptorReader.maxTextBytes) throws {
        if required && text.isEmpty { throw malformed("an empty \(field)") }
        // Every text here was a C string in a descriptor or a log call, so it ends at its first
        // NUL: a record line can carry one (%00), but only a forged record would.
        guard !text.containsNUL else { throw malformed("a \(field) with a NUL byte") }
        guard text.utf8.count <= limit else { throw malformed("a \(field) longer than \(limit) bytes") }
    }

    static func malformed(_ why: String) -> RecordLine.Malformed { RecordLine.Malformed(description: why) }
}

/// Lines read one at a time, each split into its fields.
struct RecordCursor {
    private let lines: [[String]]
    private(set) var position = 0

    init(_ lines: [[String]]) { self.lines = lines }

    var isAtEnd: Bool { position == lines.count }

    mutating func next() throws -> [String] {
        guard position < lines.count else { throw RecordLine.Malformed(description: "the record ends too early") }
        position += 1
        return lines[position - 1]
    }
}
