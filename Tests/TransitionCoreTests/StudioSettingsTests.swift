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
        #expect(settings.panel.contains("▸ perspective = 700"))
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
        #expect(settings.panel[StudioSettings.panelLine(ofRow: 3)] == "▸ axis = z")  // the row slid is selected
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

    @Test("on a scene file the scene's containment decides the flow until F picks one; the command names the scene")
    func sceneFile() throws {
        var settings = try StudioSettings(registry: Self.registry(), effect: "fade")
        settings.scene = "photos"
        settings.apply(.presentation)
        #expect(settings.command == "host run fade --scene photos" && !settings.runOptions.flowIsGiven)
        #expect(settings.panel[1] == "F flow: the scene's" && settings.panel[2] == "P presentation: none in the scene's")
        settings.apply(.flow)
        #expect(settings.command == "host run fade --scene photos --push" && settings.runOptions.flowIsGiven)
        for _ in 0..<3 { settings.apply(.flow) }
        #expect(settings.command == "host run fade --scene photos --modal --presentation dimming")
    }
}
