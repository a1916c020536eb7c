import CTransitionABI
import PluginABI
import TransitionCore

/// A ScanOutcome as record lines (see RecordLine), the same in the scanner's report and in
/// the registry cache:
///
///     plugin ID NAME VERSION VENDOR ABI-MAJOR ABI-MINOR EFFECTS CURVES WARNINGS
///       effect ID NAME SUMMARY KIND TRANSITIONS DURATION PARAMS CUTS REDUCED  (EFFECTS times;
///                                         CUTS 0 or 1, REDUCED an effect id or empty)
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
package enum OutcomeRecord {
    static let maxWarnings = 256
    /// The descriptor flags a record keeps, as the header's bits.
    static let knownFlags = UInt32(TH_EFFECT_CUTS) | UInt32(TH_EFFECT_NON_INTERACTIVE_START)

    static func flags(_ e: EffectInfo) -> UInt32 {
        (e.cuts ? UInt32(TH_EFFECT_CUTS) : 0) | (e.startsNonInteractive ? UInt32(TH_EFFECT_NON_INTERACTIVE_START) : 0)
    }
    static let maxCurves = 256
    static let maxWarningBytes = 16384

    package static func lines(_ outcome: ScanOutcome) -> [[String]] {
        switch outcome {
        case .plugin(let d):
            var lines = [["plugin", d.id, d.name, d.version, d.vendor, "\(d.abiMajor)", "\(d.abiMinor)",
                          "\(d.effects.count)", "\(d.curves.count)", "\(d.warnings.count)"]]
            for e in d.effects {
                lines.append(["effect", e.effectID, e.displayName, e.summary, "\(e.kind.rawValue)", "\(e.transitions.rawValue)",
                              RecordNumber.double(e.defaultDuration), "\(e.parameters.count)", "\(Self.flags(e))",
                              e.reducedMotion ?? ""])
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
    package static func read<Lines: RecordLines>(_ cursor: inout Lines) throws -> ScanOutcome {
        let head = try cursor.next()
        if head.hasVerb("plugin") {
            return .plugin(try readPlugin(head, &cursor))
        } else if head.hasVerb("refused") {
            try expect(head, count: 3)
            let reason = try head.text(1), fix = try head.text(2)
            try checkText(reason, "reason", limit: maxWarningBytes)
            try checkText(fix, "fix", limit: maxWarningBytes)
            return .refused(PluginLoadFailure(reason: reason, fix: fix))
        } else if head.hasVerb("crashed") {
            try expect(head, count: 3)
            let number = try head.unsigned(2, as: UInt8.self)
            switch try head.text(1) {
            case "signal" where number > 0 && number < 65: return .crashed(.signalled(Int32(number)))
            case "exit": return .crashed(.exited(Int32(number)))
            default: throw malformed("a crash that is neither a signal nor an exit status")
            }
        } else if head.hasVerb("hung") {
            try expect(head, count: 2)
            let milliseconds = try head.unsigned(1, as: UInt32.self)
            return .hung(seconds: Double(milliseconds) / 1000)
        } else if head.hasVerb("garbled") {
            try expect(head, count: 2)
            let why = try head.text(1)
            try checkText(why, "reason", limit: maxWarningBytes)
            return .garbled(why)
        }
        throw malformed("expected a scan outcome, found '\(verb(of: head))'")
    }

    private static func readPlugin<Lines: RecordLines>(_ head: Lines.Line, _ cursor: inout Lines) throws -> PluginDescription {
        try expect(head, count: 10)
        let id = try head.text(1)
        guard DescriptorReader.isIdentifier(id, allowDots: true) else { throw malformed("plugin id is not a valid id") }
        let name = try head.text(2), version = try head.text(3), vendor = try head.text(4)
        try checkText(name, "plugin name", required: true)
        try checkText(version, "plugin version", required: true)
        try checkText(vendor, "plugin vendor")
        let major = try head.unsigned(5, as: UInt16.self)
        let minor = try head.unsigned(6, as: UInt16.self)
        guard Int32(major) == TH_ABI_MAJOR else { throw malformed("a plugin of another ABI major") }
        let effectCount = try head.unsigned(7, as: UInt32.self)
        let curveCount = try head.unsigned(8, as: UInt32.self)
        let warningCount = try head.unsigned(9, as: UInt32.self)
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
        for effect in effects {
            guard let variant = effect.reducedMotion else { continue }
            guard effects.contains(where: { $0.effectID == variant && $0.kind == effect.kind }) else {
                throw malformed("effect '\(effect.effectID)' names a reduced-motion variant the plugin does not offer")
            }
        }
        var curves: [PluginDescription.Curve] = []
        for _ in 0..<curveCount {
            let line = try cursor.next()
            try expect(line, verb: "curve", count: 3)
            let curve = try line.text(1), displayName = try line.text(2)
            guard curve.hasPrefix(id + "."), DescriptorReader.isIdentifier(String(curve.dropFirst(id.count + 1))) else {
                throw malformed("curve name '\(curve.prefix(80))' is not '\(id).<curve id>'")
            }
            try checkText(displayName, "curve name", required: true)
            curves.append(.init(name: curve, displayName: displayName))
        }
        var warnings: [String] = []
        for _ in 0..<warningCount {
            let line = try cursor.next()
            try expect(line, verb: "warning", count: 2)
            let warning = try line.text(1)
            try checkText(warning, "warning", limit: maxWarningBytes)
            warnings.append(warning)
        }
        return PluginDescription(id: id, name: name, version: version, vendor: vendor, abiMajor: Int(major),
                                 abiMinor: Int(minor), effects: effects, curves: curves, warnings: warnings)
    }

    private static func readEffect<Lines: RecordLines>(pluginID: String, _ cursor: inout Lines) throws -> EffectInfo {
        let line = try cursor.next()
        try expect(line, verb: "effect", count: 10)
        let id = try line.text(1), name = try line.text(2), summary = try line.text(3)
        guard DescriptorReader.isIdentifier(id) else { throw malformed("effect id is not a valid id") }
        try checkText(name, "effect name", required: true)
        try checkText(summary, "effect description")
        guard let kind = EffectKind(rawValue: try line.unsigned(4, as: UInt32.self)) else { throw malformed("an unknown effect kind") }
        let mask = try line.unsigned(5, as: UInt32.self)
        guard mask != 0, mask & ~TransitionSet.all.rawValue == 0 else { throw malformed("a bad transitions mask") }
        let duration = try line.double(6)
        guard duration.isFinite, duration >= 0, duration <= 60 else { throw malformed("a default duration outside [0, 60] s") }
        let count = try line.unsigned(7, as: UInt32.self)
        guard count <= DescriptorReader.maxParameters else { throw malformed("more parameters than an effect may have") }
        var parameters: [EffectParameter] = []
        parameters.reserveCapacity(Int(count))
        for _ in 0..<count {
            let p = try readParameter(&cursor)
            guard !parameters.contains(where: { $0.id == p.id }) else { throw malformed("parameter '\(p.id)' twice") }
            parameters.append(p)
        }
        let flags = try line.unsigned(8, as: UInt32.self), reduced = try line.text(9)
        guard flags <= Self.knownFlags else { throw malformed("flags \(flags), more than TH_EFFECT_CUTS and _NON_INTERACTIVE_START") }
        guard reduced.isEmpty || (DescriptorReader.isIdentifier(reduced) && reduced != id) else {
            throw malformed("a reduced-motion variant that is not another effect's id")
        }
        return EffectInfo(pluginID: pluginID, effectID: id, displayName: name, summary: summary, kind: kind,
                          transitions: TransitionSet(rawValue: mask), defaultDuration: duration, parameters: parameters,
                          cuts: flags & UInt32(TH_EFFECT_CUTS) != 0, reducedMotion: reduced.isEmpty ? nil : reduced,
                          startsNonInteractive: flags & UInt32(TH_EFFECT_NON_INTERACTIVE_START) != 0)
    }

    private static func readParameter<Lines: RecordLines>(_ cursor: inout Lines) throws -> EffectParameter {
        let line = try cursor.next()
        guard line.hasVerb("param"), line.count >= 9 else { throw malformed("expected a parameter") }
        let id = try line.text(1), name = try line.text(2), unit = try line.text(4)
        guard DescriptorReader.isIdentifier(id) else { throw malformed("parameter id is not a valid id") }
        try checkText(name, "parameter name", required: true)
        try checkText(unit, "parameter unit")
        guard let type = EffectParameter.ValueType(rawValue: try line.unsigned(3, as: UInt32.self)) else {
            throw malformed("an unknown parameter type")
        }
        let lo = try line.double(5), hi = try line.double(6)
        let def = try line.double(7)
        let choiceCount = try line.unsigned(8, as: UInt32.self)
        guard choiceCount <= DescriptorReader.maxChoices, line.count == 9 + Int(choiceCount) else {
            throw malformed("a parameter whose choices do not match their count")
        }
        let choices = try (9..<line.count).map { try line.text($0) }
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
        return EffectParameter(id: id, name: name, type: type, unit: unit, minimum: lo, maximum: hi,
                               defaultValue: def, choices: choices)
    }

    private static func expect<Line: RecordFields>(_ line: Line, verb: String? = nil, count: Int) throws {
        if let verb, !line.hasVerb(verb) { throw malformed("expected '\(verb)', found '\(OutcomeRecord.verb(of: line))'") }
        guard line.count == count else { throw malformed("'\(OutcomeRecord.verb(of: line))' with \(line.count) fields, not \(count)") }
    }

    /// The start of a line's first field, for a message.
    private static func verb<Line: RecordFields>(of line: Line) -> Substring {
        ((try? line.text(0)) ?? "?").prefix(20)
    }

    private static func checkText(_ text: String, _ field: String, required: Bool = false, limit: Int = DescriptorReader.maxTextBytes) throws {
        if required && text.isEmpty { throw malformed("an empty \(field)") }
        // Every text here was a C string in a descriptor or a log call, so it ends at its first
        // NUL: a record line can carry one (%00), but only a forged record would.
        guard !text.containsNUL else { throw malformed("a \(field) with a NUL byte") }
        guard text.utf8.count <= limit else { throw malformed("a \(field) longer than \(limit) bytes") }
    }

    package static func malformed(_ why: String) -> RecordLine.Malformed { RecordLine.Malformed(description: why) }
}
