import Foundation
import Testing
import CTransitionABI
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses
import TransitionCore

// Calls by run-time signature through libffi: the signature language, every supported type
// round-tripping through a real C library, the cache, typed constructors and curve plugins.

@Suite struct SignatureParsingTests {
    @Test func parsesReturnAndParameters() throws {
        let s = try Signature(parsing: "d(did)")
        #expect(s.returnType == .double)
        #expect(s.parameters == [.double, .int32, .double])
        #expect(try Signature(parsing: "v()").parameters.isEmpty)
    }

    @Test(arguments: [
        ("d(dxd)", 4, "unknown parameter type 'x'"),
        ("q(d)", 1, "unknown return type 'q'"),
        ("d(dd", 5, "missing ')'"),
        ("dd)", 2, "expected '('"),
        ("d(v)", 3, "only allowed as the return type"),
        ("d(d)x", 5, "unexpected text"),
        ("", 1, "empty"),
        ("d(" + String(repeating: "d", count: 17) + ")", 19, "more than 16"),
    ])
    func refusesWithPosition(text: String, position: Int, reason: String) {
        do {
            _ = try Signature(parsing: text)
            Issue.record("'\(text)' parsed")
        } catch let error as Signature.ParseError {
            #expect(error.position == position, "\(error)")
            #expect(error.description.contains(reason), "\(error)")
            #expect(error.description.contains("position \(position)"))
        } catch { Issue.record("\(error)") }
    }

    @Test func sixteenParametersAreAllowed() throws {
        #expect(try Signature(parsing: "d(" + String(repeating: "d", count: 16) + ")").parameters.count == 16)
    }
}

/// A C library of echo functions, one per type, compiled at test time.
private let echoSource = #"""
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include "transition_host.h"
TH_EXPORT bool echo_b(bool v) { return v; }
TH_EXPORT int8_t echo_c(int8_t v) { return v; }
TH_EXPORT uint8_t echo_C(uint8_t v) { return v; }
TH_EXPORT int16_t echo_s(int16_t v) { return v; }
TH_EXPORT uint16_t echo_S(uint16_t v) { return v; }
TH_EXPORT int32_t echo_i(int32_t v) { return v; }
TH_EXPORT uint32_t echo_I(uint32_t v) { return v; }
TH_EXPORT int64_t echo_l(int64_t v) { return v; }
TH_EXPORT uint64_t echo_L(uint64_t v) { return v; }
TH_EXPORT float echo_f(float v) { return v; }
TH_EXPORT double echo_d(double v) { return v; }
TH_EXPORT void *echo_p(void *v) { return v; }
TH_EXPORT const char *echo_z(const char *v) { static char copy[64]; strncpy(copy, v, 63); return copy; }
TH_EXPORT th_point echo_P(th_point v) { return v; }
TH_EXPORT th_size echo_Z(th_size v) { return v; }
TH_EXPORT th_rect echo_R(th_rect v) { return v; }
TH_EXPORT th_color echo_K(th_color v) { return v; }
/* Mixed widths, so that misplaced arguments show. */
TH_EXPORT double mix(int8_t a, double b, uint16_t c, float d, int64_t e, bool f, th_rect r) {
    return a + b + c + d + (double)e + (f ? 1000 : 0) + r.origin.x + r.size.height;
}
static int calls;
TH_EXPORT void count_call(void) { calls++; }
TH_EXPORT int32_t call_count(void) { return calls; }
"""#

@Suite struct InvokerRoundTripTests {
    static func library() async throws -> UnsafeMutableRawPointer {
        let dir = try TempDir("echo")
        let path = try await compileC(echoSource, to: "echo.so", in: dir)
        return try #require(dlopen(path, RTLD_NOW | RTLD_LOCAL))
    }

    @Test func everyTypeRoundTrips() async throws {
        let lib = try await Self.library()
        let cache = CallInterfaceCache()
        let cases: [(String, CallValue)] = [
            ("b", .bool(true)), ("b", .bool(false)),
            ("c", .int(-5)), ("C", .uint(250)), ("s", .int(-30000)), ("S", .uint(65000)),
            ("i", .int(-2_000_000_000)), ("I", .uint(4_000_000_000)),
            ("l", .int(-9_000_000_000_000)), ("L", .uint(18_000_000_000_000_000_000)),
            ("f", .float(1.5)), ("d", .double(-0.125)), ("p", .pointer(0xdead_beef)),
            ("z", .string("hello, plugin")),
            ("P", .point(Point(x: 1.5, y: -2))), ("Z", .size(Size(width: 3, height: 4))),
            ("R", .rect(Rect(x: 1, y: 2, width: 3, height: 4))),
            ("K", .color(Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4))),
        ]
        for (letter, value) in cases {
            let function = try #require(dlsym(lib, "echo_\(letter)"))
            let interface = try cache.interface(for: Signature(parsing: "\(letter)(\(letter))"))
            let result = try Invoker.call(function, interface, [value])
            #expect(result == value, "echo_\(letter)")
        }
    }

    @Test func narrowIntegerReturnsAreWidenedBySign() async throws {
        let lib = try await Self.library()
        let cache = CallInterfaceCache()
        // -1 as int8 comes back in a 64-bit register; read at the wrong width or sign it
        // would be 255 or 0xff..ff.
        let c = try Invoker.call(try #require(dlsym(lib, "echo_c")), cache.interface(for: Signature(parsing: "c(c)")), [.int(-1)])
        #expect(c == .int(-1))
        let C = try Invoker.call(try #require(dlsym(lib, "echo_C")), cache.interface(for: Signature(parsing: "C(C)")), [.uint(255)])
        #expect(C == .uint(255))
    }

    @Test func mixedArgumentsArriveInPlace() async throws {
        let lib = try await Self.library()
        let interface = try CallInterfaceCache().interface(for: Signature(parsing: "d(cdSflbR)"))
        let result = try Invoker.call(try #require(dlsym(lib, "mix")), interface, [
            .int(-3), .double(0.5), .uint(7), .float(0.25), .int(100), .bool(true), .rect(Rect(x: 10, y: 0, width: 0, height: 20)),
        ])
        #expect(result == .double(-3 + 0.5 + 7 + 0.25 + 100 + 1000 + 10 + 20))
    }

    @Test func badArgumentsAreRefusedBeforeTheCall() async throws {
        let lib = try await Self.library()
        let cache = CallInterfaceCache()
        let count = try #require(dlsym(lib, "count_call"))
        let read = try #require(dlsym(lib, "call_count"))
        let getCount = try cache.interface(for: Signature(parsing: "i()"))
        let before = try Invoker.call(read, getCount, [])
        // Too many arguments, and a value that does not fit: neither reaches the function.
        #expect(throws: Invoker.ArgumentError.self) { try Invoker.call(count, cache.interface(for: Signature(parsing: "v()")), [.int(1)]) }
        let echoC = try #require(dlsym(lib, "echo_c"))
        #expect(throws: Invoker.ArgumentError.self) { try Invoker.call(echoC, cache.interface(for: Signature(parsing: "c(c)")), [.int(300)]) }
        #expect(throws: Invoker.ArgumentError.self) { try Invoker.call(echoC, cache.interface(for: Signature(parsing: "c(c)")), [.double(1)]) }
        _ = try Invoker.call(count, cache.interface(for: Signature(parsing: "v()")), [])
        let after = try Invoker.call(read, getCount, [])
        guard case .int(let b) = before, case .int(let a) = after else { Issue.record("not ints"); return }
        #expect(a == b + 1)
    }

    @Test func theCachePreparesEachSignatureOnce() throws {
        let cache = CallInterfaceCache()
        let first = try cache.interface(for: Signature(parsing: "d(ddd)"))
        let second = try cache.interface(for: Signature(parsing: "d(ddd)"))
        _ = try cache.interface(for: Signature(parsing: "d(dd)"))
        #expect(first === second)
        #expect(cache.preparations == 2)
    }
}

/// A plugin with a typed constructor and curves, with knobs for each mistake.
private func typedPlugin(id: String, constructorSignature: String = "p(Izdbi)", curveSignature: String = "d(dd)",
                         curveBody: String = "return t * t * k / k;", extraParams: Int = 0) -> String {
    #"""
    #include <stdlib.h>
    #include <string.h>
    #include <math.h>
    #include "transition_host.h"
    static const th_host_api *host;
    static char last_style[32];
    static double last_amount = -1;
    static int last_flag = -1, last_count = -1;
    TH_EXPORT const char *fixture_last_style(void) { return last_style; }
    TH_EXPORT double fixture_last_amount(void) { return last_amount; }
    TH_EXPORT int fixture_last_flag(void) { return last_flag; }
    TH_EXPORT int fixture_last_count(void) { return last_count; }
    typedef struct { int unused; } anim;
    static void *create(const th_effect_config *c) { (void)c; return calloc(1, sizeof(anim)); }
    TH_EXPORT void *create_typed(uint32_t transition, const char *style, double amount, bool flag, int32_t count) {
        (void)transition;
        strncpy(last_style, style, 31); last_amount = amount; last_flag = flag; last_count = count;
        return calloc(1, sizeof(anim));
    }
    static void destroy(void *s) { free(s); }
    static double duration(void *s, th_context c) { (void)s; (void)c; return 0.1; }
    static void animate(void *s, th_context c) { (void)s; host->complete_transition(c, true); }
    static const th_animator_interface iface = { sizeof iface, create, destroy, duration, animate, NULL };
    static const char *const styles[] = { "plain", "fancy", "wild" };
    static const th_param_descriptor params[] = {
        { sizeof(th_param_descriptor), TH_PARAM_ENUM, "style", "Style", NULL, 0, 0, 1, 3, styles },
        { sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "amount", "Amount", "pt", 0, 10, 2.5, 0, NULL },
        { sizeof(th_param_descriptor), TH_PARAM_BOOL, "flag", "Flag", NULL, 0, 1, 0, 0, NULL },
        { sizeof(th_param_descriptor), TH_PARAM_INT, "count", "Count", NULL, 1, 9, 3, 0, NULL },
        { sizeof(th_param_descriptor), TH_PARAM_INT, "extra", "Extra", NULL, 1, 9, 3, 0, NULL },
    };
    static const th_effect_descriptor effect = { sizeof effect, TH_KIND_ANIMATOR, "typed", "Typed", NULL,
        TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS, \#(4 + extraParams), params, 0.1, &iface };
    static const th_typed_constructor ctor = { sizeof ctor, 0, "typed", "\#(constructorSignature)", (void (*)(void))create_typed };
    static const th_typed_constructors ctors = { sizeof ctors, 1, &ctor };
    static double curve(double t, double k) { \#(curveBody) }
    static const th_param_descriptor curve_params[] = {
        { sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "k", "K", NULL, 0.5, 4, 2, 0, NULL },
    };
    static const th_timing_curve curves[] = { { sizeof(th_timing_curve), 1, "square", "Square", "\#(curveSignature)", (void (*)(void))curve, curve_params } };
    static const th_timing_curves curve_list = { sizeof curve_list, 1, curves };
    static const void *ext(const char *id) {
        if (strcmp(id, TH_EXT_TYPED_CONSTRUCTORS) == 0) return &ctors;
        if (strcmp(id, TH_EXT_TIMING_CURVES) == 0) return &curve_list;
        return NULL;
    }
    static bool init(const th_host_api *h) { host = h; return true; }
    static uint32_t count(void) { return 1; }
    static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect : NULL; }
    TH_EXPORT const th_plugin_entry th_entry = { sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, "\#(id)", "Typed", "1.0.0", NULL,
        init, NULL, count, get, ext };
    """#
}

// The plugin ABI is single-threaded: everything that loads plugins runs on the main actor.
@MainActor
@Suite struct TypedConstructorTests {
    @Test func parametersReachThePluginWithTheGivenValues() async throws {
        let dir = try TempDir("typed")
        let path = try await compileC(typedPlugin(id: "typed.ok"), to: "typed.so", in: dir, flags: ["-shared", "-fPIC", "-lm"])
        let plugin = try PluginLoader.load(path: path).get()
        let effect = try #require(plugin.effects.first)
        #expect(effect.constructorSignature == "p(Izdbi)")
        let values = try effect.info.parameters.values(applying: ["style=wild", "amount=7.25", "flag=true", "count=9"], effect: "typed")
        let trace = TransitionTrace { 0 }
        #expect(effect.makeAnimator(for: .present, parameters: values, trace: trace) != nil)
        let lib = try #require(dlopen(path, RTLD_NOW | RTLD_NOLOAD))
        typealias Text = @convention(c) () -> UnsafePointer<CChar>
        typealias Number = @convention(c) () -> Double
        typealias Whole = @convention(c) () -> Int32
        #expect(String(cString: unsafeBitCast(dlsym(lib, "fixture_last_style"), to: Text.self)()) == "wild")
        #expect(unsafeBitCast(dlsym(lib, "fixture_last_amount"), to: Number.self)() == 7.25)
        #expect(unsafeBitCast(dlsym(lib, "fixture_last_flag"), to: Whole.self)() == 1)
        #expect(unsafeBitCast(dlsym(lib, "fixture_last_count"), to: Whole.self)() == 9)
    }

    @Test(arguments: [
        ("p(Ixdbi)", "position 4"),            // unknown letter
        ("p(Izdb)", "declares 4"),             // too few parameters
        ("d(Izdbi)", "must return p"),         // wrong return
        ("p(izdbi)", "transition bit"),        // transition not I
        ("p(Izzbi)", "does not fit parameter 'amount'"),
        ("p(I" + String(repeating: "d", count: 17) + ")", "more than 16"),
    ])
    func badSignaturesAreRefusedAtLoad(signature: String, expected: String) async throws {
        let dir = try TempDir("typed-bad")
        let path = try await compileC(typedPlugin(id: "typed.bad", constructorSignature: signature), to: "bad.so", in: dir,
                                      flags: ["-shared", "-fPIC", "-lm"])
        guard case .failure(let failure) = PluginLoader.load(path: path) else {
            Issue.record("'\(signature)' was accepted"); return
        }
        #expect(failure.message.contains(expected), "\(failure.message)")
        #expect(failure.message.contains("'typed'"), "names the effect: \(failure.message)")
        #expect(failure.message.contains("create_typed"), "names the symbol: \(failure.message)")
    }
}

// The plugin ABI is single-threaded: everything that loads plugins runs on the main actor.
@MainActor
@Suite struct CurvePluginTests {
    @Test func aCurveIsEvaluatedThroughItsPlugin() async throws {
        let dir = try TempDir("curve")
        let path = try await compileC(typedPlugin(id: "shapes", curveBody: "return pow(t, k);"), to: "shapes.so", in: dir,
                                      flags: ["-shared", "-fPIC", "-lm"])
        let plugin = try PluginLoader.load(path: path).get()
        #expect(plugin.warnings.isEmpty)
        let registry = CurveRegistry()
        for c in plugin.curves { registry.register(c) }
        let cubic = try registry.resolve("shapes.square(k=3)")
        #expect(abs(cubic.progress(at: 0.5) - 0.125) < 1e-12)
        let byDefault = try registry.resolve("square")  // short name, default k = 2
        #expect(abs(byDefault.progress(at: 0.5) - 0.25) < 1e-12)
        #expect(throws: ParameterError.self) { try registry.resolve("shapes.square(k=9)") }
        #expect(throws: ParameterError.self) { try registry.resolve("shapes.square(q=1)") }
        #expect(throws: ParameterError.self) { try registry.resolve("shapes.circle") }
    }

    @Test(arguments: [
        ("return t * 0.9;", "f(1) = 0.9"),
        ("return t + 0.1;", "f(0) = 0.1"),
        ("return t > 0.5 && t < 1 ? NAN : t;", "not a finite number"),
    ])
    func aBadCurveIsRefusedAndThePluginStillLoads(body: String, reason: String) async throws {
        let dir = try TempDir("curve-bad")
        let path = try await compileC(typedPlugin(id: "shapes.bad", curveBody: "(void)k; " + body), to: "bad.so", in: dir,
                                      flags: ["-shared", "-fPIC", "-lm"])
        let plugin = try PluginLoader.load(path: path).get()
        #expect(plugin.curves.isEmpty)
        #expect(plugin.effects.count == 1)
        #expect(plugin.warnings.contains { $0.contains("refused") && $0.contains(reason) }, "\(plugin.warnings)")
    }

    @Test func aCurveSignatureMustTakeTimeFirst() async throws {
        let dir = try TempDir("curve-sig")
        let path = try await compileC(typedPlugin(id: "shapes.sig", curveSignature: "d(id)"), to: "sig.so", in: dir,
                                      flags: ["-shared", "-fPIC", "-lm"])
        guard case .failure(let failure) = PluginLoader.load(path: path) else { Issue.record("accepted"); return }
        #expect(failure.message.contains("position 3"), "\(failure.message)")
    }

    @Test func theHostOffersNamedCurvesAsPlainCFunctions() throws {
        HostRuntime().adoptCurrentThread()  // no plugin is called first here
        let api = HostAPITable.table.pointee
        let raw = try #require(api.get_extension(TH_EXT_HOST_CURVES))
        let curves = raw.assumingMemoryBound(to: th_host_curves.self).pointee
        var function: th_curve_fn?
        #expect(curves.curve_function("ease-in", &function) == Status.ok)
        let f = try #require(function)
        #expect(abs(f(0.5) - TimingCurve.easeIn.progress(at: 0.5)) < 1e-12)
        #expect(f(0) == 0 && f(1) == 1)
        #expect(curves.curve_function("no-such-curve", &function) == Status.badArgument)
        #expect(curves.curve_function(nil, &function) == Status.badArgument)
    }
}

// The plugin ABI is single-threaded: everything that loads plugins runs on the main actor.
@MainActor
@Suite struct CurvesShapeFramesTests {
    /// `steps(4)` makes the presented view stop at exactly five places during the slide.
    @Test func aStepsCurveQuantisesTheMotion() async throws {
        let dir = try TempDir("steps")
        let source = try String(contentsOfFile: Repo.root + "/Plugins/easing/easing.c", encoding: .utf8)
        let easing = try await compileC(source, to: "easing.so", in: dir, flags: ["-shared", "-fPIC", "-lm"])
        let plugin = try PluginLoader.load(path: easing).get()
        let registry = EffectRegistry()
        for e in StandardEffect.all() { registry.register(e) }
        let curves = CurveRegistry()
        for c in plugin.curves { curves.register(c) }
        // Steps are jumps by design: the motion check names them, so it is off here.
        var options = TransitionRun.Options(effect: "cross-dissolve", curve: "easing.steps(count=4)")
        options.checksMotion = false
        let report = try TransitionRun.run(registry: registry, curves: curves, options: options)
        let alphas = report.frames.filter { $0.time <= report.outcomes[0].endTime }
            .compactMap { $0.views.first { $0.name == "detail" }?.alpha }
        #expect(Set(alphas) == [0, 0.25, 0.5, 0.75, 1])
        #expect(report.isClean)
        // With it on, each step of a quarter of the screen's opacity is a pop a person sees.
        let checked = try TransitionRun.run(registry: registry, curves: curves,
                                            options: .init(effect: "cross-dissolve", curve: "easing.steps(count=4)"))
        #expect(!checked.isClean)
        #expect(checked.outcomes[0].motion.contains { $0.view == "detail" && $0.quantity == .shown })
    }
}
