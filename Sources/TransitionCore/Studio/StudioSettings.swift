/// What the studio (`host studio`) plays next: an animator among those found, the flow, a
/// presentation controller for a modal flow, and each parameter's value, with the one the
/// keys change selected. Every change makes the `host run` line that plays the same thing.
/// A value type the window's keys change (StudioSettings.Action); it runs nothing itself.
public struct StudioSettings: Equatable {
    /// What a key asks for.
    public enum Action: Equatable, Sendable {
        /// The next or the previous animator (delta +1 or -1), wrapping around.
        case effect(Int)
        /// The next flow: modal, push, pop, tabs on the demo scene; on a scene file the flows
        /// its containment allows, then the next segue's.
        case flow
        /// The next presentation controller, then none.
        case presentation
        /// Select the next or the previous parameter row.
        case selectParameter(Int)
        /// Change the selected parameter by one step up or down (a twentieth of its range, 1
        /// for an int, the next choice, the other bool).
        case adjust(Int)
        /// Every parameter of the effect and the controller back to what a run takes without a
        /// --param: its default, or the value the scene's segue gives it.
        case reset
        /// The next or the previous curve for every animation (--curve), then the effects' own.
        case curve(Int)
        /// The next speed (--slow): slower by 2, 4 and 10, then twice as fast, then normal.
        case speed
    }

    /// The speeds Shift-S goes through, as --slow factors.
    public static let slowFactors: [Double] = [1, 2, 4, 10, 0.5]

    /// One row of parameters: whose it is (the animator's, or the controller's with its id
    /// as the prefix the command line gives it) and which.
    public struct Row: Equatable, Sendable {
        public let prefix: String?
        public let parameter: EffectParameter
    }

    public let animators: [EffectInfo]
    public let controllers: [EffectInfo]
    /// The curves K offers for every animation of the run, by the names --curve takes.
    public let curves: [String]
    /// The one chosen; nil: each effect's own curves play.
    public private(set) var curveIndex: Int?
    public private(set) var effectIndex: Int
    public private(set) var controllerIndex: Int?
    public private(set) var flow: TransitionRun.Flow
    /// Whether F has picked the flow (the run's flowIsGiven); until it has, a scene file plays
    /// as its containment does (a navigation scene pushes) and the demo scene presents.
    public private(set) var flowChosen = false
    /// The scene file the studio plays on (`--scene`), for the command line; nil: the demo.
    public let scene: String?
    /// The scene file's segues, in its order; none on the demo scene.
    public let segues: [SceneDescription.Segue]
    /// The flows F goes through: on a scene file those its containment allows (a navigation
    /// pushes or pops, a modal scene presents, tabs switch), on the demo scene every one.
    public let flows: [TransitionRun.Flow]
    public private(set) var segueIndex = 0
    /// Values by the effect's qualified name, in declaration order: kept when another effect
    /// is picked and this one comes back.
    public private(set) var values: [String: [Double]] = [:]
    public private(set) var selectedRow = 0
    public private(set) var slowIndex = 0
    /// Every animation this many times slower (--slow; below 1, faster).
    public var slow: Double { Self.slowFactors[slowIndex] }

    /// Every animator of `registry` (a delegate is not offered: it picks its own animators);
    /// `effect` names the one to start with (a short or qualified name), else the scene's
    /// first segue's, else diagonal, else the first. `scene`: a scene file to play on, by the
    /// name the command line gave it.
    public init(registry: EffectRegistry, effect: String?, curves: [String] = [],
                scene: (name: String, description: SceneDescription)? = nil) throws {
        self.curves = curves
        self.scene = scene?.name
        segues = scene?.description.segues ?? []
        flows = scene.map { Self.flows(in: $0.description.containment) } ?? TransitionRun.Flow.allCases
        flow = flows[0]
        animators = registry.providers.map(\.info).filter { $0.kind == .animator }
        controllers = registry.providers.map(\.info).filter { $0.kind == .presentationController }
        guard !animators.isEmpty else { throw StudioError(description: "no animator was found: there is nothing to play") }
        if let effect {
            let chosen = try registry.resolve(effect).info
            guard let index = animators.firstIndex(of: chosen) else {
                throw StudioError(description: "'\(effect)' is \(chosen.kind.withArticle) effect; the studio plays animators")
            }
            effectIndex = index
        } else if let named = segues.first?.effect, let chosen = try? registry.resolve(named).info,
                  let index = animators.firstIndex(of: chosen) {
            effectIndex = index
        } else {
            effectIndex = animators.firstIndex { $0.effectID == "diagonal" } ?? 0
        }
    }

    /// The flows a scene file's containment allows, its own first (TransitionRun.Stage).
    static func flows(in containment: SceneDescription.Containment) -> [TransitionRun.Flow] {
        switch containment {
        case .modal: [.modal]
        case .navigation: [.push, .pop]
        case .tabs: [.tabs]
        }
    }

    /// The segue a scene file's run performs; nil on the demo scene.
    public var segue: SceneDescription.Segue? { segues.isEmpty ? nil : segues[segueIndex] }

    public var effect: EffectInfo { animators[effectIndex] }
    /// The presentation controller, in a modal flow only: the other flows present nothing.
    public var controller: EffectInfo? { presents ? controllerIndex.map { controllers[$0] } : nil }

    /// Whether the run presents: a presentation controller plays in the modal flow only.
    var presents: Bool { flow == .modal }

    /// The rows the keys move through: the animator's parameters, then the controller's.
    public var rows: [Row] {
        effect.parameters.map { Row(prefix: nil, parameter: $0) }
            + (controller?.parameters.map { Row(prefix: controller!.effectID, parameter: $0) } ?? [])
    }

    public func value(of row: Row) -> Double {
        let owner = row.prefix == nil ? effect : controller!
        let index = owner.parameters.firstIndex(of: row.parameter)!
        return (values[owner.qualifiedName] ?? baseline(of: owner))[index]
    }

    /// What `owner`'s parameters are when the command line gives none: their defaults, and
    /// the segue's own values when the segue names this animator as the run compares them
    /// (TransitionRun.Stage), so that the panel shows what plays.
    func baseline(of owner: EffectInfo) -> [Double] {
        guard owner == effect, let segue, segue.effect == effectName,
              let values = try? owner.parameters.values(applying: segue.parameters, effect: owner.effectID)
        else { return owner.defaultParameterValues }
        return values
    }

    private func baselineValue(of row: Row) -> Double {
        let owner = row.prefix == nil ? effect : controller!
        return baseline(of: owner)[owner.parameters.firstIndex(of: row.parameter)!]
    }

    public mutating func apply(_ action: Action) {
        switch action {
        case .effect(let delta):
            effectIndex = (effectIndex + delta % animators.count + animators.count) % animators.count
            selectedRow = 0
        case .flow:
            let next = flows.firstIndex(of: flow)! + 1
            if next == flows.count && !segues.isEmpty { segueIndex = (segueIndex + 1) % segues.count }
            flow = flows[next % flows.count]
            flowChosen = true
            selectedRow = min(selectedRow, max(rows.count - 1, 0))
        case .presentation:
            guard !controllers.isEmpty else { return }
            controllerIndex = controllerIndex.map { $0 + 1 < controllers.count ? $0 + 1 : nil } ?? 0
            selectedRow = min(selectedRow, max(rows.count - 1, 0))
        case .selectParameter(let delta):
            guard !rows.isEmpty else { return }
            selectedRow = (selectedRow + delta % rows.count + rows.count) % rows.count
        case .adjust(let delta):
            guard selectedRow < rows.count else { return }
            let row = rows[selectedRow]
            set(row, to: Self.stepped(value(of: row), of: row.parameter, by: delta))
        case .reset:
            values[effect.qualifiedName] = nil
            if let controller { values[controller.qualifiedName] = nil }
        case .curve(let delta):
            guard !curves.isEmpty else { return }
            // nil sits before the first curve and after the last.
            let slots = curves.count + 1, slot = curveIndex.map { $0 + 1 } ?? 0
            let next = (slot + delta % slots + slots) % slots
            curveIndex = next == 0 ? nil : next - 1
        case .speed:
            slowIndex = (slowIndex + 1) % Self.slowFactors.count
        }
    }

    private mutating func set(_ row: Row, to value: Double) {
        let owner = row.prefix == nil ? effect : controller!
        var list = values[owner.qualifiedName] ?? baseline(of: owner)
        list[owner.parameters.firstIndex(of: row.parameter)!] = value
        values[owner.qualifiedName] = list
    }

    /// Where row `index`'s value lies in its range, 0 to 1: the slider's position.
    public func share(ofRow index: Int) -> Double {
        let row = rows[index], p = row.parameter, value = value(of: row)
        switch p.type {
        case .bool: return value
        case .choice: return p.choices.count > 1 ? value / Double(p.choices.count - 1) : 0
        case .int, .double: return p.maximum > p.minimum ? (value - p.minimum) / (p.maximum - p.minimum) : 0
        }
    }

    /// Row `index` set from a slider at `share` of its range: a double to a hundredth of its
    /// range, an int to the nearest whole number, a choice to the nearest, a bool at the
    /// middle. Selects the row.
    public mutating func set(row index: Int, share: Double) {
        guard rows.indices.contains(index) else { return }
        let row = rows[index], p = row.parameter, share = min(max(share, 0), 1)
        selectedRow = index
        switch p.type {
        case .bool: set(row, to: share >= 0.5 ? 1 : 0)
        case .choice: set(row, to: (share * Double(max(p.choices.count - 1, 0))).rounded())
        case .int: set(row, to: min(max((p.minimum + share * (p.maximum - p.minimum)).rounded(), p.minimum), p.maximum))
        case .double:
            let hundredths = (share * 100).rounded() / 100
            set(row, to: min(max(((p.minimum + hundredths * (p.maximum - p.minimum)) * 1e6).rounded() / 1e6, p.minimum), p.maximum))
        }
    }

    /// The panel line that shows row `index` (the rows follow the effect, the flow and the
    /// presentation).
    public static func panelLine(ofRow index: Int) -> Int { 5 + index }

    /// The curve chosen for every animation, by name; nil for the effects' own.
    public var curve: String? { curveIndex.map { curves[$0] } }

    /// `value` moved one step of `parameter` up or down, within its range.
    static func stepped(_ value: Double, of parameter: EffectParameter, by delta: Int) -> Double {
        let sign = Double(delta.signum())
        switch parameter.type {
        case .bool: return value == 0 ? 1 : 0
        case .choice:
            let count = max(parameter.choices.count, 1)
            return Double(((Int(value) + delta.signum()) % count + count) % count)
        case .int: return min(max(value + sign, parameter.minimum), parameter.maximum)
        case .double:
            let step = (parameter.maximum - parameter.minimum) / 20
            // Onto the grid of steps from the minimum, so that a default off the grid is not kept off it.
            let steps = ((value - parameter.minimum) / step).rounded() + sign
            // To a millionth, so that the command line writes the value exactly and short.
            let next = ((parameter.minimum + steps * step) * 1e6).rounded() / 1e6
            return min(max(next, parameter.minimum), parameter.maximum)
        }
    }

    /// `row`'s value as the command line writes it: a choice by its id, a bool as true or false.
    public func text(of row: Row) -> String {
        let value = value(of: row)
        switch row.parameter.type {
        case .bool: return value == 0 ? "false" : "true"
        case .choice: return row.parameter.choices.indices.contains(Int(value)) ? row.parameter.choices[Int(value)] : NumberText.readable(value)
        case .int, .double: return NumberText.exact(value)
        }
    }

    /// What a panel line says after a value: a number's unit and range, as its slider spans
    /// it ("pt, 200–1200"); a choice's place among the others, as a menu's ("2 of 4").
    static func span(of parameter: EffectParameter, at value: Double) -> String {
        switch parameter.type {
        case .bool: return ""
        case .choice: return parameter.choices.count > 1 ? " (\(Int(value) + 1) of \(parameter.choices.count))" : ""
        case .int, .double:
            let unit = parameter.unit.isEmpty || parameter.unit == "-" ? "" : "\(parameter.unit), "
            return " (\(unit)\(NumberText.exact(parameter.minimum))–\(NumberText.exact(parameter.maximum)))"
        }
    }

    /// "name=value" (the controller's "controller.name=value") for each value off what the
    /// run would take without it (its default, or the segue's value).
    public var assignments: [String] {
        rows.filter { value(of: $0) != baselineValue(of: $0) }
            .map { ($0.prefix.map { "\($0)." } ?? "") + "\($0.parameter.id)=\(text(of: $0))" }
    }

    /// The animator's name as `host run` takes it: its id, or its qualified name when another
    /// animator has the same id.
    public var effectName: String {
        animators.filter { $0.effectID == effect.effectID }.count == 1 ? effect.effectID : effect.qualifiedName
    }

    /// The line that plays the same thing outside the studio.
    public var command: String {
        var words = ["host", "run", effectName]
        // Scene names are the bundled scenes' or a path; one with a space is quoted.
        if let scene { words += ["--scene", scene.contains(" ") ? "'\(scene)'" : scene] }
        // Each flag only where it changes the run: the scene's first segue and first flow play
        // without one (the demo scene's first flow is modal).
        if let segue, segueIndex > 0 { words += ["--segue", segue.name] }
        if flow != flows[0] { words.append("--\(flow.rawValue)") }
        if let controller { words += ["--presentation", controller.effectID] }
        // A spec with parentheses or spaces is quoted for the shell; names are [a-z0-9._-].
        if let curve { words += ["--curve", curve.contains(where: { "(), ".contains($0) }) ? "'\(curve)'" : curve] }
        if slow != 1 { words += ["--slow", NumberText.exact(slow)] }
        for assignment in assignments { words += ["--param", assignment] }
        return words.joined(separator: " ")
    }

    /// The options of that run.
    public var runOptions: TransitionRun.Options {
        var options = TransitionRun.Options(effect: effectName)
        options.presentation = controller?.effectID
        options.parameters = assignments
        options.flow = flow
        options.flowIsGiven = flowChosen
        options.segue = segue?.name
        options.curve = curve
        options.slow = slow
        return options
    }

    /// The panel's lines: what plays, the parameters with the selected one marked, the keys.
    /// Names and values come from plugins: the caller escapes them (VisibleText).
    public var panel: [String] {
        let flowName = flow.rawValue + (segue.map { ", segue \($0.name) (\(segueIndex + 1) of \(segues.count))" } ?? "")
        var lines = ["[ ] effect: \(effect.effectID) (\(effectIndex + 1) of \(animators.count))", "F flow: \(flowName)",
                     "P presentation: \(controller?.effectID ?? (presents ? "none" : "none in \(flow.rawValue)"))",
                     "K curve: \(curve ?? "the effect's own") · T tune",
                     "⇧S speed: " + (slow == 1 ? "normal" : slow > 1 ? "\(NumberText.exact(slow))× slower" : "\(NumberText.exact(1 / slow))× faster")]
        if rows.isEmpty { lines.append("no parameters") }
        for (i, row) in rows.enumerated() {
            let name = (row.prefix.map { "\($0)." } ?? "") + row.parameter.id
            lines.append("\(i == selectedRow ? "▸" : "  ") \(name) = \(text(of: row))\(Self.span(of: row.parameter, at: value(of: row)))")
        }
        lines.append("drag · Tab - = · 0 reset · C copy")
        return lines
    }
}

/// Why the studio cannot open on what it was given.
public struct StudioError: Error, CustomStringConvertible {
    public let description: String
}
