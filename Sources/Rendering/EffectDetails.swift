import TransitionCore

/// `host inspect`: everything a user needs to drive an effect or a curve.
public struct EffectDetails {
    let name: String
    let displayName: String
    let summary: String
    let kind: String
    let plugin: String
    let path: String
    let transitions: String
    let defaultDuration: Double?
    let constructor: String?
    let parameters: [EffectParameter]
    /// What a delegate vends, by qualified name: its animator for each transition it serves,
    /// and its presentation controller. Empty for other kinds.
    let vends: Vended?
    /// ABI 1.2: whether it declares its sudden steps meant (TH_EFFECT_CUTS), and the effect
    /// it plays under Reduce Motion.
    let cuts: Bool
    let reducedMotion: String?

    public struct Vended {
        /// The animator and the transitions it is vended for ("slide:slide", "present, dismiss").
        public var animators: [(name: String, transitions: String)]
        public var presentation: String?
        /// Interaction controllers (ABI 1.1) and the transitions each drives, given a gesture.
        public var interactions: [(name: String, transitions: String)]
        public init(animators: [(name: String, transitions: String)], presentation: String?,
                    interactions: [(name: String, transitions: String)] = []) {
            self.animators = animators
            self.presentation = presentation
            self.interactions = interactions
        }
    }

    public init(info: EffectInfo, kindName: String, plugin: String, path: String, constructor: String?, vends: Vended? = nil) {
        name = info.qualifiedName
        displayName = info.displayName
        summary = info.summary
        kind = kindName
        self.plugin = plugin
        self.path = path
        transitions = info.transitions.names
        // A delegate's or an interaction controller's own duration is nothing anyone runs:
        // the animator's is.
        defaultDuration = info.kind == .transitioningDelegate || info.kind == .interactionController ? nil : info.defaultDuration
        self.constructor = constructor
        parameters = info.parameters
        self.vends = vends
        cuts = info.cuts
        reducedMotion = info.reducedMotion.map { "\(info.pluginID):\($0)" }
    }

    public init(curve: CurveProvider) {
        name = curve.name
        displayName = curve.displayName
        summary = ""
        kind = "curve"
        plugin = curve.name.split(separator: ".").dropLast().joined(separator: ".")
        path = curve.source
        transitions = "-"
        defaultDuration = nil
        constructor = nil
        parameters = curve.parameters
        vends = nil
        cuts = false
        reducedMotion = nil
    }

    public func text() -> String {
        var lines = ["\(name) — \(displayName)"]
        if !summary.isEmpty { lines.append(summary) }
        lines.append("kind:        \(kind)")
        lines.append("plugin:      \(plugin.isEmpty ? "builtin" : plugin)")
        lines.append("source:      \(path)")
        if kind != "curve" { lines.append("transitions: \(transitions)") }
        if let d = defaultDuration { lines.append("duration:    \(fixed(d, decimals: 3)) s (default)") }
        if let c = constructor { lines.append("constructor: \(c) (called through libffi)") }
        if cuts { lines.append("cuts:        yes: its sudden steps are meant (TH_EFFECT_CUTS), noted rather than failed") }
        if let r = reducedMotion { lines.append("reduced:     \(r) (played instead under --reduce-motion)") }
        if let vends {
            for a in vends.animators { lines.append("animator:    \(a.name) (\(a.transitions))") }
            if vends.animators.isEmpty { lines.append("animator:    none (the standard styles)") }
            lines.append("controller:  \(vends.presentation.map { "\($0) (presentation)" } ?? "none")")
            for i in vends.interactions { lines.append("interaction: \(i.name) (\(i.transitions), given a gesture)") }
        }
        if parameters.isEmpty {
            lines.append("parameters:  none")
        } else {
            lines.append("parameters:")
            let rows = parameters.map { p -> [String] in
                let def = p.type == .choice ? p.choices[Int(p.defaultValue)] : p.type == .bool ? (p.defaultValue != 0 ? "true" : "false") : number(p.defaultValue)
                let range = p.type == .choice ? p.choices.joined(separator: " | ") : p.type == .bool ? "true | false" : "\(number(p.minimum)) … \(number(p.maximum))"
                return [p.id, p.type.name, range, def, p.unit.isEmpty ? "-" : p.unit, p.name]
            }
            let header = ["NAME", "TYPE", "RANGE", "DEFAULT", "UNIT", "MEANING"]
            var widths = header.map(\.count)
            for r in rows { for (i, c) in r.enumerated() { widths[i] = max(widths[i], c.count) } }
            for r in [header] + rows {
                lines.append("  " + r.enumerated().map { i, c in i == r.count - 1 ? c : c.rightPadded(to: widths[i]) }.joined(separator: "  "))
            }
            let example = kind == "curve" ? "--curve '\(name)(\(parameters[0].id)=…)'" : "--param \(parameters[0].id)=…"
            lines.append("set with \(example)")
        }
        return lines.joined(separator: "\n")
    }

    public func json() -> String {
        var j = JSONWriter()
        j.object { j in
            j.field("name", name)
            j.field("displayName", displayName)
            j.field("kind", kind)
            j.field("plugin", plugin)
            j.field("path", path)
            j.field("transitions", transitions)
            if let d = defaultDuration { j.field("defaultDuration", d) }
            j.field("constructor", constructor)
            if kind != "curve" {
                j.field("cuts", cuts)
                j.field("reducedMotion", reducedMotion)
            }
            if let vends {
                j.key("vends")
                j.object { j in
                    j.field("animator", vends.animators.first?.name)
                    j.field("presentation", vends.presentation)
                    j.key("interactions")
                    j.array { j in
                        for i in vends.interactions { j.object { j in j.field("name", i.name); j.field("transitions", i.transitions) } }
                    }
                }
            }
            j.key("parameters")
            j.array { j in
                for p in parameters {
                    j.object { j in
                        j.field("name", p.id)
                        j.field("displayName", p.name)
                        j.field("type", p.type.name)
                        j.field("min", p.minimum)
                        j.field("max", p.maximum)
                        j.field("default", p.defaultValue)
                        j.field("unit", p.unit)
                        j.key("choices")
                        j.array { j in for c in p.choices { j.string(c) } }
                    }
                }
            }
        }
        return j.output
    }

    /// To three decimals at most: the JSON gives the exact value.
    private func number(_ x: Double) -> String { NumberText.readable(x) }
}
