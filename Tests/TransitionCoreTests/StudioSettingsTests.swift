import Testing
@testable import TransitionCore

/// What the studio's keys change, and the `host run` line it copies: exact values at the ends
/// of each range, every kind of parameter, the flow and the controller.
@Suite("Studio settings and the command they copy")
struct StudioSettingsTests {
    static func parameter(_ id: String, _ type: EffectParameter.ValueType, _ minimum: Double = 0, _ maximum: Double = 1,
                          _ defaultValue: Double = 0, choices: [String] = []) -> EffectParameter {
        EffectParameter(id: id, name: id, type: type, unit: "", minimum: minimum, maximum: maximum, defaultValue: defaultValue, choices: choices)
    }

    /// Two animators (cube with a double, an int, a bool and an enum; a second plugin's fade
    /// with none), a presentation controller with one double, and a delegate the studio leaves out.
    static func registry() -> EffectRegistry {
        let registry = EffectRegistry()
        registry.register(FakeEffectProvider(plugin: "shapes", effect: "cube", parameters: [
            parameter("perspective", .double, 200, 1200, 700), parameter("faces", .int, 2, 6, 6),
            parameter("shade", .bool, 0, 1, 1), parameter("axis", .choice, 0, 2, 0, choices: ["x", "y", "z"]),
        ]))
        registry.register(FakeEffectProvider(plugin: "fades", effect: "fade"))
        registry.register(FakeEffectProvider(plugin: "sheets", effect: "dimming", kind: .presentationController,
                                             parameters: [parameter("opacity", .double, 0, 1, 0.5)]))
        registry.register(FakeEffectProvider(plugin: "pairs", effect: "pair", kind: .transitioningDelegate))
        return registry
    }

    @Test("it opens on the effect named, offers animators only, and copies nothing but the name at first")
    func opens() throws {
        let settings = try StudioSettings(registry: Self.registry(), effect: "cube")
        #expect(settings.animators.map(\.effectID) == ["cube", "fade"] && settings.controllers.map(\.effectID) == ["dimming"])
        #expect(settings.command == "host run cube")
        #expect(throws: StudioError.self) { try StudioSettings(registry: Self.registry(), effect: "dimming") }
    }

    @Test("a double steps by a twentieth of its range onto the grid from its minimum, and stops at each end")
    func doubles() throws {
        var settings = try StudioSettings(registry: Self.registry(), effect: "cube")
        settings.apply(.adjust(1))
        #expect(settings.command == "host run cube --param perspective=750")  // 700 + 1000 / 20
        for _ in 0..<30 { settings.apply(.adjust(1)) }
        #expect(settings.command == "host run cube --param perspective=1200")
        for _ in 0..<40 { settings.apply(.adjust(-1)) }
        #expect(settings.command == "host run cube --param perspective=200")
        settings.apply(.reset)
        #expect(settings.command == "host run cube")
    }

    @Test("an int steps by one within its range, a bool toggles, a choice cycles both ways")
    func otherKinds() throws {
        var settings = try StudioSettings(registry: Self.registry(), effect: "cube")
        settings.apply(.selectParameter(1))
        settings.apply(.adjust(1))  // 6 is the most
        settings.apply(.adjust(-1))
        #expect(settings.assignments == ["faces=5"])
        settings.apply(.selectParameter(1))
        settings.apply(.adjust(1))
        #expect(settings.assignments == ["faces=5", "shade=false"])
        settings.apply(.selectParameter(1))
        settings.apply(.adjust(-1))
        #expect(settings.assignments == ["faces=5", "shade=false", "axis=z"])
        settings.apply(.adjust(1))
        #expect(settings.assignments == ["faces=5", "shade=false"])  // back to x, the default
        settings.apply(.selectParameter(1))  // wraps to the first row
        #expect(settings.panel.contains("▸ perspective = 700 (200–1200)"))
        #expect(settings.panel.contains("   faces = 5 (2–6)") && settings.panel.contains("   shade = false"))
    }

    @Test("Shift-S goes through 2, 4 and 10 times slower, twice as fast, then normal: the run's --slow, in the line")
    func speed() throws {
        var settings = try StudioSettings(registry: Self.registry(), effect: "fade")
        #expect(settings.slow == 1 && settings.panel[4] == "⇧S speed: normal" && settings.runOptions.slow == 1)
        var seen: [String] = []
        for _ in 0..<5 {
            settings.apply(.speed)
            seen.append(settings.command)
        }
        #expect(seen == ["host run fade --slow 2", "host run fade --slow 4", "host run fade --slow 10", "host run fade --slow 0.5", "host run fade"])
        settings.apply(.speed)
        settings.apply(.speed)
        #expect(settings.runOptions.slow == 4 && settings.panel[4] == "⇧S speed: 4× slower")
        for _ in 0..<2 { settings.apply(.speed) }
        #expect(settings.panel[4] == "⇧S speed: 2× faster")
    }

    @Test("a panel line gives a number's unit and range, a choice's place among the others")
    func panelSpans() {
        let degrees = EffectParameter(id: "angle", name: "angle", type: .double, unit: "°", minimum: -90, maximum: 90, defaultValue: 0, choices: [])
        #expect(StudioSettings.span(of: degrees, at: 10) == " (°, -90–90)")
        let plain = EffectParameter(id: "dim", name: "dim", type: .double, unit: "-", minimum: 0, maximum: 0.5, defaultValue: 0.2, choices: [])
        #expect(StudioSettings.span(of: plain, at: 0.2) == " (0–0.5)")
        #expect(StudioSettings.span(of: Self.parameter("axis", .choice, 0, 2, 0, choices: ["x", "y", "z"]), at: 0) == " (1 of 3)")
        #expect(StudioSettings.span(of: Self.parameter("shade", .bool, 0, 1, 1), at: 1) == "")
    }

    @Test("flow and controller: the controller's parameters join the rows, prefixed, in a modal flow only")
    func flowAndController() throws {
        var settings = try StudioSettings(registry: Self.registry(), effect: "fade")
        #expect(settings.panel.contains("no parameters"))
        settings.apply(.presentation)
        settings.apply(.adjust(1))
        #expect(settings.command == "host run fade --presentation dimming --param dimming.opacity=0.55")
        settings.apply(.flow)
        #expect(settings.command == "host run fade --push" && settings.runOptions.flow == .push && settings.runOptions.presentation == nil)
        for _ in 0..<3 { settings.apply(.flow) }
        #expect(settings.command == "host run fade --presentation dimming --param dimming.opacity=0.55")
        settings.apply(.presentation)  // past the last controller: none
        #expect(settings.command == "host run fade")
        settings.apply(.effect(1))  // wraps to cube; fade's value is kept for when it comes back
        settings.apply(.effect(-1))
        settings.apply(.presentation)
        #expect(settings.command == "host run fade --presentation dimming --param dimming.opacity=0.55")
    }

    @Test("two animators with the same id are named by their plugin too")
    func sameIDs() throws {
        let registry = Self.registry()
        registry.register(FakeEffectProvider(plugin: "more", effect: "fade"))
        var settings = try StudioSettings(registry: registry, effect: "fades:fade")
        #expect(settings.command == "host run fades:fade")
        settings.apply(.effect(1))
        #expect(settings.command == "host run more:fade" && settings.runOptions.effect == "more:fade")
    }

    @Test("a slider sets a double to a hundredth of its range, an int and a choice to the nearest, a bool at the middle")
    func sliders() throws {
        var settings = try StudioSettings(registry: Self.registry(), effect: "cube")
        #expect(settings.share(ofRow: 0) == 0.5)  // 700 in 200 … 1200
        settings.set(row: 0, share: 0.684)
        settings.set(row: 1, share: 0.6)
        settings.set(row: 2, share: 0.4)
        settings.set(row: 3, share: 0.9)
        #expect(settings.assignments == ["perspective=880", "faces=4", "shade=false", "axis=z"])
        #expect(settings.share(ofRow: 0) == 0.68 && settings.share(ofRow: 1) == 0.5 && settings.share(ofRow: 3) == 1)
        #expect(settings.panel[StudioSettings.panelLine(ofRow: 3)] == "▸ axis = z (3 of 3)")  // the row slid is selected
        settings.set(row: 0, share: -3)
        settings.set(row: 0, share: 7)
        #expect(settings.assignments.first == "perspective=1200")
    }

    @Test("K cycles the curves for every animation and back to the effects' own; a spec is quoted for the shell")
    func curves() throws {
        var settings = try StudioSettings(registry: Self.registry(), effect: "fade", curves: ["linear", "spring"])
        #expect(settings.curve == nil && settings.panel.contains("K curve: the effect's own · T tune"))
        settings.apply(.curve(1))
        #expect(settings.command == "host run fade --curve linear" && settings.runOptions.curve == "linear")
        settings.apply(.curve(1))
        settings.apply(.curve(1))
        #expect(settings.curve == nil)
        settings.apply(.curve(-1))
        #expect(settings.command == "host run fade --curve spring")
        let quoted = try StudioSettings(registry: Self.registry(), effect: "fade", curves: ["easing.elastic(amplitude=1.2)"])
        var withSpec = quoted
        withSpec.apply(.curve(1))
        #expect(withSpec.command == "host run fade --curve 'easing.elastic(amplitude=1.2)'")
    }

    /// A navigation scene with two segues: "open" names the cube with a perspective of its
    /// own, "back" names no effect.
    static func navigationScene() throws -> SceneDescription {
        try SceneDescription(parsing: """
            {"containment": "navigation", "screens": [{"name": "list"}, {"name": "photo"}],
             "segues": [{"name": "open", "from": "list", "to": "photo", "effect": "cube", "parameters": {"perspective": 400}},
                        {"name": "back", "from": "photo", "to": "list"}]}
            """)
    }

    @Test("on a scene file F goes through the flows its containment allows, then the next segue; the command names each only off the first")
    func sceneFile() throws {
        var settings = try StudioSettings(registry: Self.registry(), effect: "fade", scene: ("photos", try Self.navigationScene()))
        #expect(settings.flows == [.push, .pop] && settings.flow == .push)
        settings.apply(.presentation)
        #expect(settings.command == "host run fade --scene photos" && !settings.runOptions.flowIsGiven)
        #expect(settings.runOptions.segue == "open")
        #expect(settings.panel[1] == "F flow: push, segue open (1 of 2)" && settings.panel[2] == "P presentation: none in push")
        settings.apply(.flow)
        #expect(settings.command == "host run fade --scene photos --pop" && settings.runOptions.flowIsGiven)
        settings.apply(.flow)
        // Past the last flow: the next segue's first. Never a modal flow on a navigation scene.
        #expect(settings.command == "host run fade --scene photos --segue back" && settings.runOptions.segue == "back")
        #expect(settings.runOptions.flow == .push && settings.controller == nil)
        settings.apply(.flow)
        settings.apply(.flow)
        #expect(settings.command == "host run fade --scene photos" && settings.segueIndex == 0)
    }

    @Test("on a scene file it opens on the first segue's effect, its panel showing the segue's values, which the command need not repeat")
    func segueValues() throws {
        var settings = try StudioSettings(registry: Self.registry(), effect: nil, scene: ("s.json", try Self.navigationScene()))
        #expect(settings.effect.effectID == "cube")
        let perspective = settings.rows[0]
        #expect(settings.value(of: perspective) == 400 && settings.command == "host run cube --scene s.json")
        // Its catalogue default differs from the segue's value: it must be written.
        settings.set(row: 0, share: 0.5)
        #expect(settings.command == "host run cube --scene s.json --param perspective=700")
        settings.apply(.reset)
        #expect(settings.value(of: perspective) == 400 && settings.command == "host run cube --scene s.json")
        // The second segue names no effect: the cube's defaults there.
        settings.apply(.flow)
        settings.apply(.flow)
        #expect(settings.value(of: perspective) == 700 && settings.command == "host run cube --scene s.json --segue back")
    }

    @Test("the demo scene offers every flow and presents first")
    func demoFlows() throws {
        var settings = try StudioSettings(registry: Self.registry(), effect: "fade")
        #expect(settings.flows == TransitionRun.Flow.allCases && settings.flow == .modal && settings.segue == nil)
        settings.apply(.presentation)
        #expect(settings.command == "host run fade --presentation dimming")
        for _ in 0..<3 { settings.apply(.flow) }
        #expect(settings.command == "host run fade --tabs" && settings.runOptions.segue == nil)
        settings.apply(.flow)
        #expect(settings.command == "host run fade --presentation dimming")
    }
}
