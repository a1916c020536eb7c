import CTransitionABI
import Foundation
import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses
import TransitionCore

import LibC

/// A fixture plugin that has presented and dismissed the demo scene's detail screen, and what
/// it kept: the handles it was given and the statuses of the wrong calls it made mid-transition.
@MainActor
struct RanFixture {
    let report: TransitionRun.Report
    /// The context of the last transition (the dismissal), stale now.
    let staleContext: th_context
    /// The container view of the last transition; views stay valid after it.
    let container: th_view
    /// The presented view ("detail").
    let detailView: th_view
    /// Statuses of fx_probe's calls, made during the presentation with a live context.
    let probes: [Int32]

    /// The runtime the fixture's plugin was loaded into: its handles are that runtime's.
    let runtime: HostRuntime

    /// The host table, called from here as the plugin would call it: the test's thread
    /// adopts the plugin's runtime first, as a call into the plugin binds it.
    var api: th_host_api {
        runtime.adoptCurrentThread()
        return HostAPITable.table.pointee
    }

    static func make(_ label: String) async throws -> RanFixture {
        let dir = try TempDir(label)
        let path = try await compilePlugin(PluginTemplate(pluginID: PluginTemplate.literal("fixture.\(label)")),
                                           to: "\(label).so", in: dir)
        let plugin = try PluginLoader.load(path: path).get()
        let registry = EffectRegistry()
        for effect in plugin.effects { registry.register(effect) }
        let report = try TransitionRun.run(registry: registry, options: .init(effect: "fx"))
        #expect(report.isClean, "the fixture's own run should be clean: \(report.outcomes)")

        // The library is loaded already; RTLD_NOLOAD only returns its handle.
        let library = try #require(dlopen(path, RTLD_NOW | RTLD_NOLOAD), "the fixture should still be loaded")
        typealias HandlesFn = @convention(c) (UnsafeMutablePointer<UInt64>) -> Void
        typealias ProbesFn = @convention(c) (UnsafeMutablePointer<Int32>) -> Int32
        let handlesFn = unsafeBitCast(try #require(dlsym(library, "fixture_handles")), to: HandlesFn.self)
        let probesFn = unsafeBitCast(try #require(dlsym(library, "fixture_probes")), to: ProbesFn.self)
        var handles = [UInt64](repeating: 0, count: 4)
        handlesFn(&handles)
        var probes = [Int32](repeating: 0, count: 8)
        let probed = probesFn(&probes)
        #expect(probed == 1, "the fixture should have probed the host during its presentation")
        // The last transition was the dismissal: its "from" view is the detail view.
        return RanFixture(report: report, staleContext: th_context(id: handles[0]), container: th_view(id: handles[1]),
                          detailView: th_view(id: handles[2]), probes: probes, runtime: plugin.runtime)
    }
}

let badHandle = th_status(TH_ERR_BAD_HANDLE)
let badArgument = th_status(TH_ERR_BAD_ARGUMENT)

@MainActor
@Suite("The host table checks every handle and pointer")
struct HostAPIHandleTests {
    @Test("Wrong calls a plugin makes with a live context get status codes, not crashes")
    func wrongCallsDuringATransition() async throws {
        let fixture = try await RanFixture.make("probes")
        let p = fixture.probes
        #expect(p[0] == badArgument, "container_view(ctx, NULL)")
        #expect(p[1] == badArgument, "view(ctx, key 7, &v)")
        #expect(p[2] == badArgument, "transition_duration(ctx, NULL)")
        #expect(p[3] == badHandle, "container_view with a view handle as the context")
        #expect(p[4] == badArgument, "set_alpha(container, NaN)")
        #expect(p[5] == badArgument, "animate(NULL options)")
        #expect(p[6] == badHandle, "get_frame with a context handle as the view")
        #expect(p[7] == TH_OK, "container_view(ctx, &v) with the live context: status \(p[7]) (1000: a different view)")
    }

    @Test("View handles a plugin was given stay valid after the transition")
    func viewHandlesStayValid() async throws {
        let fixture = try await RanFixture.make("valid")
        var frame = th_rect()
        #expect(fixture.api.get_frame(fixture.container, &frame) == TH_OK)
        #expect(frame.rect == Rect(x: 0, y: 0, width: 390, height: 844))
        var alpha = -1.0
        #expect(fixture.api.get_alpha(fixture.detailView, &alpha) == TH_OK)
        #expect(alpha == 1)
    }

    @Test("A context whose transition has ended is stale: every context function returns TH_ERR_BAD_HANDLE")
    func staleContext() async throws {
        let fixture = try await RanFixture.make("stale")
        let api = fixture.api
        let ctx = fixture.staleContext
        #expect(ctx.id != 0)
        var view = th_view(id: 99), vc = th_view_controller(id: 99), rect = th_rect(), flag = false
        var number: UInt32 = 0, seconds = 0.0
        #expect(api.container_view(ctx, &view) == badHandle)
        #expect(view.id == 99, "a failed call must not write its out-pointer")
        #expect(api.view(ctx, UInt32(TH_TO), &view) == badHandle)
        #expect(api.view_controller(ctx, UInt32(TH_FROM), &vc) == badHandle)
        #expect(api.is_animated(ctx, &flag) == badHandle)
        #expect(api.transition_was_cancelled(ctx, &flag) == badHandle)
        #expect(api.transition_kind(ctx, &number) == badHandle)
        #expect(api.presentation_style(ctx, &number) == badHandle)
        #expect(api.transition_duration(ctx, &seconds) == badHandle)
        #expect(api.initial_frame(ctx, vc, &rect) == badHandle)
        #expect(api.complete_transition(ctx, true) == badHandle)
        #expect(api.complete_transition(ctx, false) == badHandle)
        #expect(api.animate_alongside(ctx, { _, _ in }, nil, nil) == badHandle)
        // The ended run is unchanged by the late calls.
        #expect(fixture.report.outcomes.map(\.completed) == [true, true])
    }

    @Test("The zero handle is 'none', never a valid object")
    func zeroHandle() async throws {
        let fixture = try await RanFixture.make("zero")
        let api = fixture.api
        let none = th_view(id: 0)
        var view = th_view(id: 99), rect = th_rect(), alpha = 0.0
        #expect(api.container_view(th_context(id: 0), &view) == badHandle)
        #expect(api.complete_transition(th_context(id: 0), true) == badHandle)
        #expect(api.get_frame(none, &rect) == badHandle)
        #expect(api.get_alpha(none, &alpha) == badHandle)
        #expect(api.set_alpha(none, 0.5) == badHandle)
        #expect(api.set_frame(none, th_rect()) == badHandle)
        #expect(api.add_subview(fixture.container, none) == badHandle)
        #expect(api.add_subview(none, fixture.container) == badHandle)
        #expect(api.remove_from_superview(none) == badHandle)
        #expect(api.view_of_controller(th_view_controller(id: 0), &view) == badHandle)
        #expect(view.id == 99)
    }

    @Test("Forged handles are refused: random bits, and the right tag and generation with an index never issued")
    func forgedHandles() async throws {
        let fixture = try await RanFixture.make("forged")
        let api = fixture.api
        var generator = SeededGenerator(seed: 42)
        var rect = th_rect(), view = th_view(id: 0)
        for _ in 0..<2000 {
            let bits = generator.next()
            // A value with a live handle's tag and generation is no longer "random bits".
            guard bits >> 32 != fixture.container.id >> 32 else { continue }
            #expect(api.get_frame(th_view(id: bits), &rect) == badHandle)
            #expect(api.set_alpha(th_view(id: bits), 0.5) == badHandle)
            #expect(api.container_view(th_context(id: bits), &view) == badHandle)
            #expect(api.view_of_controller(th_view_controller(id: bits), &view) == badHandle)
        }
        let highBits = fixture.container.id & 0xffff_ffff_0000_0000
        for index: UInt64 in [0, 0x7fff_ffff, 0xffff_ffff] {
            #expect(api.get_frame(th_view(id: highBits | index), &rect) == badHandle, "index \(index)")
        }
        let contextHigh = fixture.staleContext.id & 0xffff_ffff_0000_0000
        #expect(api.container_view(th_context(id: contextHigh | 0xffff), &view) == badHandle)
    }

    @Test("A handle of one type passed as another is refused")
    func wrongTypeOfHandle() async throws {
        let fixture = try await RanFixture.make("wrong-type")
        let api = fixture.api
        var view = th_view(id: 99), rect = th_rect()
        #expect(api.container_view(th_context(id: fixture.container.id), &view) == badHandle)
        #expect(api.complete_transition(th_context(id: fixture.detailView.id), true) == badHandle)
        #expect(api.view_of_controller(th_view_controller(id: fixture.container.id), &view) == badHandle)
        #expect(api.get_frame(th_view(id: fixture.staleContext.id), &rect) == badHandle)
        #expect(view.id == 99)
    }

    @Test("NULL out-pointers return TH_ERR_BAD_ARGUMENT")
    func nullOutPointers() async throws {
        let fixture = try await RanFixture.make("null-out")
        let api = fixture.api
        let v = fixture.container
        let frame = th_rect(origin: th_point(x: 0, y: 0), size: th_size(width: 10, height: 10))
        #expect(api.get_frame(v, nil) == badArgument)
        #expect(api.get_bounds(v, nil) == badArgument)
        #expect(api.get_center(v, nil) == badArgument)
        #expect(api.get_alpha(v, nil) == badArgument)
        #expect(api.get_hidden(v, nil) == badArgument)
        #expect(api.get_transform(v, nil) == badArgument)
        #expect(api.get_background_color(v, nil) == badArgument)
        #expect(api.get_corner_radius(v, nil) == badArgument)
        #expect(api.superview(v, nil) == badArgument)
        #expect(api.snapshot_view(v, nil) == badArgument)
        #expect(api.convert_rect(frame, v, v, nil) == badArgument)
        #expect(api.create_view("x", frame, nil) == badArgument)
        #expect(api.view_of_controller(th_view_controller(id: 0), nil) == badArgument)
    }

    @Test("Values that are not numbers are refused and change nothing")
    func invalidValues() async throws {
        let fixture = try await RanFixture.make("nan")
        let api = fixture.api
        let v = fixture.detailView
        var before = th_rect(), after = th_rect(), alpha = -1.0
        #expect(api.get_frame(v, &before) == TH_OK)
        #expect(api.set_alpha(v, .nan) == badArgument)
        #expect(api.set_alpha(v, .infinity) == badArgument)
        #expect(api.get_alpha(v, &alpha) == TH_OK)
        #expect(alpha == 1, "a refused set_alpha must leave alpha as it was")
        let nanRect = th_rect(origin: th_point(x: .nan, y: 0), size: th_size(width: 10, height: 10))
        #expect(api.set_frame(v, nanRect) == badArgument)
        #expect(api.set_frame(v, th_rect(origin: th_point(x: 0, y: 0), size: th_size(width: -1, height: 10))) == badArgument)
        #expect(api.set_center(v, th_point(x: 0, y: .infinity)) == badArgument)
        #expect(api.set_corner_radius(v, -1) == badArgument)
        // ABI 1.1's layer properties, by the header's rules.
        #expect(api.set_shadow_radius(v, -1) == badArgument && api.set_border_width(v, .nan) == badArgument)
        #expect(api.set_masked_corners(v, 16) == badArgument, "only TH_CORNER_* bits")
        var flat = th_transform3d()
        flat.m11 = 1; flat.m22 = 1; flat.m33 = 1
        #expect(api.set_transform3d(v, flat) == badArgument, "m44 = 0 puts every point at infinity")
        flat.m44 = 1; flat.m11 = 0
        #expect(api.set_transform3d(v, flat) == TH_OK, "a singular transform (scale 0 in x) is allowed, as a collapse")
        var corners: UInt32 = 0
        #expect(api.get_masked_corners(v, &corners) == TH_OK && corners == UInt32(TH_CORNER_ALL))
        #expect(api.get_frame(v, &after) == TH_OK)
        #expect(after.rect == before.rect)
    }

    @Test("animate with NULL or invalid options returns TH_ERR_BAD_ARGUMENT and runs neither callback")
    func animateRefusesBadOptions() async throws {
        let fixture = try await RanFixture.make("animate")
        let api = fixture.api
        AnimateCallbacks.count = 0
        let animations: th_animations_fn = { _ in AnimateCallbacks.count += 1 }
        let completion: th_completion_fn = { _, _ in AnimateCallbacks.count += 1 }
        #expect(api.animate(nil, animations, completion, nil) == badArgument)
        var options = th_animation_options()
        options.struct_size = UInt32(MemoryLayout<th_animation_options>.size)
        options.timing = UInt32(TH_TIMING_CURVE)
        options.curve = UInt32(TH_CURVE_LINEAR)
        options.duration = .nan
        #expect(api.animate(&options, animations, completion, nil) == badArgument)
        options.duration = 0.1
        #expect(api.animate(&options, nil, completion, nil) == badArgument, "NULL animations")
        #expect(AnimateCallbacks.count == 0, "on error neither callback may run")
    }

    @Test("A call from another thread returns TH_ERR_WRONG_THREAD")
    func wrongThread() async throws {
        let fixture = try await RanFixture.make("thread")
        nonisolated(unsafe) let getFrame = fixture.api.get_frame!
        let view = fixture.container
        var rect = th_rect()
        #expect(getFrame(view, &rect) == TH_OK, "control: the same call on the host's thread")
        let status: th_status = await withCheckedContinuation { continuation in
            Thread {
                var rect = th_rect()
                continuation.resume(returning: getFrame(view, &rect))
            }.start()
        }
        #expect(status == th_status(TH_ERR_WRONG_THREAD))
    }
}

/// Counts calls of the C callbacks above (a C function pointer cannot capture).
enum AnimateCallbacks {
    nonisolated(unsafe) static var count = 0
}

@Suite("Animation options from the C ABI")
struct AnimationOptionsTests {
    static func valid(_ timing: Int = Int(TH_TIMING_CURVE)) -> th_animation_options {
        var o = th_animation_options()
        o.struct_size = UInt32(MemoryLayout<th_animation_options>.size)
        o.timing = UInt32(timing)
        o.duration = 0.3
        o.delay = 0.1
        o.curve = UInt32(TH_CURVE_EASE_OUT)
        o.spring_damping_ratio = 0.7
        o.spring_initial_velocity = 0.5
        return o
    }

    @Test("Valid curve and spring options are accepted as given")
    func validOptions() throws {
        let curve = try #require(HostAPITable.animationOptions(Self.valid()))
        #expect(curve.duration == 0.3)
        #expect(curve.delay == 0.1)
        #expect(curve.curve == .easeOut)
        let spring = try #require(HostAPITable.animationOptions(Self.valid(TH_TIMING_SPRING)))
        #expect(spring.duration == 0.3)
        #expect(spring.delay == 0.1)
        guard case .spring(let curve) = spring.curve else {
            Issue.record("TH_TIMING_SPRING should give a spring curve, not \(spring.curve)")
            return
        }
        #expect(curve.dampingRatio == 0.7)
        #expect(curve.initialVelocity == 0.5)
        var undamped = Self.valid(TH_TIMING_SPRING)
        undamped.spring_damping_ratio = 1
        #expect(HostAPITable.animationOptions(undamped) != nil, "a damping ratio of exactly 1 is allowed")
        var instant = Self.valid()
        instant.duration = 0
        instant.delay = 0
        #expect(HostAPITable.animationOptions(instant) != nil, "zero duration and delay are allowed")
    }

    @Test("A physical spring: mass 1, stiffness 100, damping 10 lasts until it settles, 1.4103 s, whatever duration says")
    func physicalSpring() throws {
        var o = Self.valid()
        o.physical(mass: 1, stiffness: 100, damping: 10)
        o.spring_initial_velocity = 0
        let spring = try #require(HostAPITable.animationOptions(o))
        #expect(abs(spring.duration - log(1000 * (4.0 / 3).squareRoot()) / 5) < 1e-9 && spring.delay == 0.1)
        guard case .spring(let curve) = spring.curve else { Issue.record("not a spring: \(spring.curve)"); return }
        #expect(curve.omega == 10 && curve.dampingRatio == 0.5 && curve.initialVelocity == 0)
    }

    @Test("Options are read no further than their struct_size: an older plugin's shorter struct, then other bytes")
    func declaredOnly() {
        let raw = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<th_animation_options>.size, alignment: 8)
        defer { raw.deallocate() }
        raw.initializeMemory(as: UInt8.self, repeating: 0xFF, count: MemoryLayout<th_animation_options>.size)
        var old = Self.valid()
        old.struct_size = UInt32(TH_ANIMATION_OPTIONS_SIZE_1_0)
        withUnsafeBytes(of: &old) { raw.copyMemory(from: $0.baseAddress!, byteCount: Int(TH_ANIMATION_OPTIONS_SIZE_1_0)) }
        let read = UnsafePointer(raw.assumingMemoryBound(to: th_animation_options.self)).declared
        #expect(read.struct_size == UInt32(TH_ANIMATION_OPTIONS_SIZE_1_0) && read.duration == 0.3 && read.spring_initial_velocity == 0.5)
        #expect(read.spring_mass == 0 && read.spring_stiffness == 0 && read.spring_damping == 0, "the bytes past the struct are not read")
    }

    struct Mistake: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let edit: @Sendable (inout th_animation_options) -> Void
    }

    @Test("Out-of-range options are refused", arguments: [
        Mistake(testDescription: "NaN duration") { $0.duration = .nan },
        Mistake(testDescription: "infinite duration") { $0.duration = .infinity },
        Mistake(testDescription: "negative duration") { $0.duration = -0.1 },
        Mistake(testDescription: "negative delay") { $0.delay = -0.1 },
        Mistake(testDescription: "NaN delay") { $0.delay = .nan },
        Mistake(testDescription: "unknown curve") { $0.curve = 99 },
        Mistake(testDescription: "unknown timing") { $0.timing = 7 },
        Mistake(testDescription: "struct_size too small") { $0.struct_size = 8 },
        Mistake(testDescription: "spring damping 0") { $0.timing = UInt32(TH_TIMING_SPRING); $0.spring_damping_ratio = 0 },
        Mistake(testDescription: "spring damping > 1") { $0.timing = UInt32(TH_TIMING_SPRING); $0.spring_damping_ratio = 1.5 },
        Mistake(testDescription: "spring damping NaN") { $0.timing = UInt32(TH_TIMING_SPRING); $0.spring_damping_ratio = .nan },
        Mistake(testDescription: "spring velocity infinite") { $0.timing = UInt32(TH_TIMING_SPRING); $0.spring_initial_velocity = .infinity },
        Mistake(testDescription: "physical spring of mass 0") { $0.physical(mass: 0, stiffness: 100, damping: 10) },
        Mistake(testDescription: "physical spring of NaN stiffness") { $0.physical(mass: 1, stiffness: .nan, damping: 10) },
        Mistake(testDescription: "physical spring of negative damping") { $0.physical(mass: 1, stiffness: 100, damping: -1) },
        Mistake(testDescription: "physical spring settling in hours") { $0.physical(mass: 1, stiffness: 100, damping: 0.001) },
        Mistake(testDescription: "physical spring in 1.1's 48 bytes") {
            $0.physical(mass: 1, stiffness: 100, damping: 10)
            $0.struct_size = UInt32(TH_ANIMATION_OPTIONS_SIZE_1_0)
        },
    ])
    func refused(_ mistake: Mistake) {
        var options = Self.valid()
        mistake.edit(&options)
        #expect(HostAPITable.animationOptions(options) == nil)
    }
}

extension th_animation_options {
    /// A physical spring (ABI 1.2) in options of today's size.
    mutating func physical(mass: Double, stiffness: Double, damping: Double) {
        struct_size = UInt32(MemoryLayout<th_animation_options>.size)
        timing = UInt32(TH_TIMING_SPRING_PHYSICAL)
        spring_mass = mass
        spring_stiffness = stiffness
        spring_damping = damping
    }
}
