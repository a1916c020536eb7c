import Testing
@testable import TransitionCore

/// Two plugins, "alpha.fx" and "beta.fx", both offering "fade"; "alpha.fx" also offers
/// "diagonal" and the presentation "dim"; "beta.fx" offers "slide", present only.
private func makeRegistry() -> EffectRegistry {
    let registry = EffectRegistry()
    registry.register(FakeEffectProvider(plugin: "alpha.fx", effect: "fade"))
    registry.register(FakeEffectProvider(plugin: "alpha.fx", effect: "diagonal"))
    registry.register(FakeEffectProvider(plugin: "alpha.fx", effect: "dim", kind: .presentationController))
    registry.register(FakeEffectProvider(plugin: "beta.fx", effect: "fade"))
    registry.register(FakeEffectProvider(plugin: "beta.fx", effect: "slide", transitions: [.present]))
    return registry
}

@Suite("Effect registry")
struct EffectRegistryTests {
    @Test("a short name offered by one plugin resolves to it")
    func shortName() throws {
        let registry = makeRegistry()
        #expect(try registry.resolve("diagonal").info.qualifiedName == "alpha.fx:diagonal")
        #expect(try registry.resolve("slide").info.qualifiedName == "beta.fx:slide")
        #expect(try registry.resolve("dim", kind: .presentationController).info.qualifiedName == "alpha.fx:dim")
    }

    @Test("a qualified name always resolves, even when the short name is ambiguous")
    func qualifiedName() throws {
        let registry = makeRegistry()
        #expect(try registry.resolve("beta.fx:fade").info.pluginID == "beta.fx")
        #expect(try registry.resolve("alpha.fx:fade").info.pluginID == "alpha.fx")
        #expect(try registry.resolve("alpha.fx:diagonal", kind: .animator).info.effectID == "diagonal")
    }

    @Test("an ambiguous short name is an error listing both qualified candidates")
    func ambiguous() throws {
        let registry = makeRegistry()
        #expect(throws: EffectRegistry.LookupError.ambiguous(name: "fade", candidates: ["alpha.fx:fade", "beta.fx:fade"])) {
            try registry.resolve("fade")
        }
        let error = EffectRegistry.LookupError.ambiguous(name: "fade", candidates: ["alpha.fx:fade", "beta.fx:fade"])
        #expect(error.description == "'fade' is offered by more than one plugin; name one of: alpha.fx:fade, beta.fx:fade")
        #expect(registry.isAmbiguous("fade"))
        #expect(!registry.isAmbiguous("diagonal"))
    }

    @Test("a preferred plugin settles an ambiguous short name")
    func preferredPlugin() throws {
        let registry = makeRegistry()
        #expect(try registry.resolve("fade", preferPlugin: "beta.fx").info.qualifiedName == "beta.fx:fade")
        #expect(try registry.resolve("fade", preferPlugin: "alpha.fx").info.qualifiedName == "alpha.fx:fade")
        // A preference for a plugin that does not offer it changes nothing.
        #expect(try registry.resolve("diagonal", preferPlugin: "beta.fx").info.qualifiedName == "alpha.fx:diagonal")
        #expect(throws: EffectRegistry.LookupError.self) { try registry.resolve("fade", preferPlugin: "gamma.fx") }
    }

    @Test("an unknown name suggests close names")
    func unknownSuggestsCloseNames() throws {
        let registry = makeRegistry()
        #expect(throws: EffectRegistry.LookupError.unknown(name: "diagnal", suggestions: ["diagonal"])) {
            try registry.resolve("diagnal")
        }
        #expect(EffectRegistry.LookupError.unknown(name: "diagnal", suggestions: ["diagonal"]).description
                == "no effect named 'diagnal'; did you mean 'diagonal'?")
        #expect(registry.suggestions(for: "slid") == ["slide"])
        #expect(registry.suggestions(for: "fde") == ["fade"])
        // An unknown qualified name gets suggestions too.
        #expect(registry.suggestions(for: "beta.fx:slde").first == "beta.fx:slide")
    }

    @Test("an unknown name with nothing close says how to list effects")
    func unknownWithoutSuggestions() throws {
        let registry = makeRegistry()
        #expect(registry.suggestions(for: "kaleidoscope").isEmpty)
        #expect(throws: EffectRegistry.LookupError.unknown(name: "kaleidoscope", suggestions: [])) {
            try registry.resolve("kaleidoscope")
        }
        // The core knows no command; its caller offers the one that lists every effect.
        #expect(EffectRegistry.LookupError.unknown(name: "kaleidoscope", suggestions: []).description == "no effect named 'kaleidoscope'")
        #expect(EffectRegistry.LookupError.unknown(name: "kaleidoscope", suggestions: []).text(listing: "host list")
                == "no effect named 'kaleidoscope'; run 'host list' to see every effect")
    }

    @Test("asking for the wrong kind is an error naming both kinds")
    func wrongKind() throws {
        let registry = makeRegistry()
        #expect(throws: EffectRegistry.LookupError.wrongKind(name: "dim", expected: .animator, actual: .presentationController)) {
            try registry.resolve("dim", kind: .animator)
        }
        #expect(throws: EffectRegistry.LookupError.wrongKind(name: "diagonal", expected: .presentationController, actual: .animator)) {
            try registry.resolve("diagonal", kind: .presentationController)
        }
        #expect(EffectRegistry.LookupError.wrongKind(name: "dim", expected: .animator, actual: .presentationController).description
                == "'dim' is a presentation effect, not an animator")
        #expect(EffectRegistry.LookupError.wrongKind(name: "diagonal", expected: .presentationController, actual: .animator).description
                == "'diagonal' is an animator effect, not a presentation")
    }

    @Test("the standard styles are registry entries that make working animators")
    func standardEffects() throws {
        let registry = EffectRegistry()
        for effect in StandardEffect.all() { registry.register(effect) }
        let cover = try registry.resolve("cover-vertical", kind: .animator)
        #expect(cover.info.qualifiedName == "builtin:cover-vertical")
        #expect(cover.info.defaultDuration == 0.5)
        let trace = TransitionTrace { 0 }
        #expect(cover.makeAnimator(for: .present, parameters: [], trace: trace)?.displayName == "cover-vertical")
        #expect(try registry.resolve("cross-dissolve").makeAnimator(for: .dismiss, parameters: [], trace: trace)?.displayName == "cross-dissolve")
    }
}

@Suite("Registry transitioning delegate")
struct RegistryTransitioningDelegateTests {
    @Test("vends the effect's animator for the transitions it supports")
    func vendsAnimators() throws {
        let provider = FakeEffectProvider(
            plugin: "alpha.fx", effect: "fade",
            parameters: [EffectParameter(id: "angle", name: "Angle", type: .double, unit: "deg",
                                         minimum: 0, maximum: 90, defaultValue: 45, choices: [])])
        let stage = Stage()
        let delegate = RegistryTransitioningDelegate(animator: provider, presentation: nil, trace: stage.trace)
        let presenting = delegate.animationController(forPresented: stage.detail, presenting: stage.home)
        let dismissing = delegate.animationController(forDismissed: stage.detail)
        #expect(presenting?.displayName == "alpha.fx:fade")
        #expect(dismissing?.displayName == "alpha.fx:fade")
        #expect(presenting !== dismissing)
        #expect(provider.madeAnimators.map(\.0) == [.present, .dismiss])
        // Without explicit parameters, the effect's defaults.
        #expect(provider.madeAnimators.map(\.1) == [[45], [45]])
        #expect(delegate.presentationController(forPresented: stage.detail, presenting: stage.home) == nil)
    }

    @Test("returns nil, so the host falls back, for a transition the effect does not support")
    func fallsBackForUnsupportedTransition() throws {
        let provider = FakeEffectProvider(plugin: "beta.fx", effect: "slide", transitions: [.present])
        let stage = Stage()
        let delegate = RegistryTransitioningDelegate(animator: provider, presentation: nil, trace: stage.trace)
        #expect(delegate.animationController(forDismissed: stage.detail) == nil)
        #expect(provider.madeAnimators.isEmpty)
        #expect(stage.trace.events.contains { $0.level == .info && $0.name == "'slide' does not support dismiss; using the standard style" })
        #expect(delegate.animationController(forPresented: stage.detail, presenting: stage.home) != nil)
    }

    @Test("a tab switch names what it asked for: the tab switch, and the push or pop it falls back to")
    func tabSwitchFallbackNamesIt() throws {
        let provider = FakeEffectProvider(plugin: "beta.fx", effect: "slide", transitions: [.present, .dismiss])
        let stage = Stage()
        let delegate = RegistryTransitioningDelegate(animator: provider, presentation: nil, trace: stage.trace)
        #expect(delegate.animationController(from: stage.home, to: stage.detail, forward: true) == nil)
        #expect(stage.trace.events.contains {
            $0.level == .info && $0.name == "'slide' supports neither tab-switch nor push, which a tab switch falls back to; using the standard style"
        }, "\(stage.trace.events.map(\.name))")
    }

    @Test("through the presenter, an unsupported dismissal runs the standard cover-vertical")
    func unsupportedDismissalRunsStandard() throws {
        let provider = FakeEffectProvider(plugin: "beta.fx", effect: "slide", transitions: [.present])
        let stage = Stage()
        stage.detail.transitioningDelegate = RegistryTransitioningDelegate(animator: provider, presentation: nil, trace: stage.trace)
        let (_, presented) = try stage.present()
        let (_, dismissed) = try stage.dismiss()
        #expect(presented.animator == "beta.fx:slide")
        #expect(presented.isClean)
        #expect(dismissed.animator == "cover-vertical")
        #expect(dismissed.isClean)
        #expect(stage.window.subviews.map(\.name) == ["home"])
    }

    @Test("vends the presentation effect's controller")
    func vendsPresentationController() throws {
        let animator = FakeEffectProvider(plugin: "alpha.fx", effect: "fade")
        let dim = FakeEffectProvider(plugin: "alpha.fx", effect: "dim", kind: .presentationController)
        let stage = Stage()
        let delegate = RegistryTransitioningDelegate(animator: animator, presentation: dim, trace: stage.trace)
        let controller = delegate.presentationController(forPresented: stage.detail, presenting: stage.home)
        #expect(controller?.displayName == "fake-dimming")
        #expect(dim.madePresentationControllers == 1)
    }

    @Test("a delegate effect's choices resolve within its own plugin first")
    func delegateEffectResolvesOwnPluginFirst() throws {
        let registry = makeRegistry()
        let pairing = FakeEffectProvider(plugin: "beta.fx", effect: "pairing", kind: .transitioningDelegate)
        pairing.animatorChoice = "fade"
        pairing.presentationChoice = "dim"
        registry.register(pairing)
        let delegate = try RegistryTransitioningDelegate(delegate: pairing, registry: registry, trace: TransitionTrace { 0 })
        #expect(delegate.animatorEffect?.info.qualifiedName == "beta.fx:fade")
        #expect(delegate.presentationEffect?.info.qualifiedName == "alpha.fx:dim")
    }

    @Test("a delegate effect naming an effect of the wrong kind is an error")
    func delegateEffectWrongKind() throws {
        let registry = makeRegistry()
        let pairing = FakeEffectProvider(plugin: "beta.fx", effect: "pairing", kind: .transitioningDelegate)
        pairing.animatorChoice = "dim"
        #expect(throws: EffectRegistry.LookupError.wrongKind(name: "dim", expected: .animator, actual: .presentationController)) {
            try RegistryTransitioningDelegate(delegate: pairing, registry: registry, trace: TransitionTrace { 0 })
        }
    }
}
