import Foundation
import PluginHost
import Testing

/// Every host function, called wrongly in every way its parameters allow, answers the same
/// in process and isolated. The plugin is generated from HostFunctions, the one list of the
/// host's functions: for each, a call from a second thread, then one call per handle made
/// bogus, per pointer made NULL and per number made NaN, every other argument sound. Each
/// function's statuses become one log line; the two runs' lines must be equal, and every
/// call from the second thread refused with TH_ERR_WRONG_THREAD.
@Suite("Every host function answers the same in process and isolated")
struct HostFunctionParityTests {
    /// One call's C argument list, with argument `bad` (if any) replaced by its bad value.
    static func arguments(_ f: HostFunctions.Function, bad: Int?, value badValue: String?) -> String {
        f.parameters.enumerated().map { i, kind in
            if i == bad, let badValue { return badValue }
            return soundValue(kind, function: f)
        }.joined(separator: ", ")
    }

    static func soundValue(_ kind: HostFunctions.Kind, function f: HostFunctions.Function) -> String {
        switch kind {
        case .context: "probe_ctx"
        case .view: "probe_view"
        case .viewController: "probe_vc"
        case .propertyAnimator: "probe_animator"
        case .key: "TH_TO"
        case .uint32: "0"
        case .bool: "false"
        case .double: "0.5"
        case .rect: "probe_rect"
        case .point: "probe_point"
        case .affine: "probe_affine"
        case .color: "probe_color"
        case .transform3D: "probe_transform3d"
        case .edgeInsets: "probe_insets"
        case .string: f.table == .curves ? "\"linear\"" : "\"probe\""
        case .options: "&probe_options"
        case .animations: "probe_animations"
        case .completion: "probe_completion"
        case .alongside: "probe_alongside"
        case .positionCompletion: "probe_position"
        case .userData: "NULL"
        case .outView: "&o_view"
        case .outViewController: "&o_vc"
        case .outRect: "&o_rect"
        case .outPoint: "&o_point"
        case .outAffine: "&o_affine"
        case .outColor: "&o_color"
        case .outTransform3D: "&o_transform3d"
        case .outDouble: "&o_double"
        case .outBool: "&o_bool"
        case .outUInt32: "&o_uint"
        case .outCurve: "&o_curve"
        case .outViews: "o_views"
        case .outChars: "o_chars"
        case .outPropertyAnimator: "&o_animator"
        case .capacity: "4"
        case .count: "2"
        case .gradientStops: "probe_stops"
        case .pathElements: "probe_path"
        }
    }

    /// The bad values a parameter of `kind` can take: a forged handle, NULL, NaN.
    static func badValues(_ kind: HostFunctions.Kind) -> [(label: String, value: String)] {
        switch kind {
        case .context: [("forged", "(th_context){ 0x7fff0001u }")]
        case .view: [("forged", "(th_view){ 0x7fff0001u }")]
        case .viewController: [("forged", "(th_view_controller){ 0x7fff0001u }")]
        case .propertyAnimator: [("forged", "(th_property_animator){ 0x7fff0001u }")]
        case .double: [("nan", "NAN")]
        case .rect: [("nan", "probe_nan_rect")]
        case .point: [("nan", "(th_point){ NAN, 0 }")]
        case .affine: [("nan", "(th_affine){ NAN, 0, 0, 1, 0, 0 }")]
        case .color: [("nan", "(th_color){ NAN, 0, 0, 1 }")]
        case .transform3D: [("nan", "(th_transform3d){ .m11 = NAN, .m22 = 1, .m33 = 1, .m44 = 1 }")]
        case .edgeInsets: [("nan", "(th_edge_insets){ NAN, 0, 0, 0 }"), ("negative", "(th_edge_insets){ 0, -1, 0, 0 }")]
        case .string, .options, .animations, .positionCompletion: [("null", "NULL")]
        case .outView, .outViewController, .outRect, .outPoint, .outAffine, .outColor, .outTransform3D, .outDouble, .outBool,
             .outUInt32, .outCurve, .outViews, .outChars, .outPropertyAnimator: [("null", "NULL")]
        case .key: [("bad-key", "99u")]
        case .count: [("many", "999u")]
        case .gradientStops, .pathElements: [("null", "NULL")]
        default: []
        }
    }

    /// The expression that calls `f` through the plugin's pointer to its table.
    static func callee(_ f: HostFunctions.Function) -> String {
        switch f.table {
        case .api: "host->\(f.name)"
        case .curves: "probe_curves->\(f.name)"
        case .keyframes: "probe_keyframes->\(f.name)"
        case .sharedElements: "probe_shared->\(f.name)"
        case .propertyAnimators: "probe_animators->\(f.name)"
        case .viewTransitions: "probe_view_transitions->\(f.name)"
        }
    }

    static var probes: String {
        var thread: [String] = [], main: [String] = []
        for f in HostFunctions.all where f.returnsStatus {
            let call = "\(callee(f))(\(arguments(f, bad: nil, value: nil)))"
            thread.append("    probe_thread_status[\(thread.count)] = \(call);")
            var parts = ["snprintf(line, sizeof line, \"probe %s: thread %d\", \"\(f.name)\", probe_thread_status[\(thread.count - 1)]);"]
            for (i, kind) in f.parameters.enumerated() {
                for bad in badValues(kind) {
                    parts.append("probe_append(line, \"\(bad.label)#\(i)\", \(callee(f))(\(arguments(f, bad: i, value: bad.value))));")
                }
            }
            parts.append("host->log(TH_LOG_INFO, line);")
            main.append("    {\n        " + parts.joined(separator: "\n        ") + "\n    }")
        }
        return """
            #include <math.h>
            #include <pthread.h>
            #include <string.h>
            static th_context probe_ctx;
            static th_view probe_view;
            static th_view_controller probe_vc;
            static const th_host_curves *probe_curves;
            static const th_host_keyframes *probe_keyframes;
            static const th_host_shared_elements *probe_shared;
            static const th_host_property_animators *probe_animators;
            static const th_host_view_transitions *probe_view_transitions;
            static th_property_animator probe_animator, o_animator;
            static th_rect probe_rect = { { 0, 0 }, { 10, 10 } };
            static th_point probe_point = { 1, 1 };
            static th_affine probe_affine = { 1, 0, 0, 1, 0, 0 };
            static th_transform3d probe_transform3d = { .m11 = 1, .m22 = 1, .m33 = 1, .m44 = 1 };
            static th_edge_insets probe_insets = { 1, 1, 1, 1 };
            static th_color probe_color = { 0, 0, 0, 1 };
            static th_gradient_stop probe_stops[2] = { { { 0, 0, 0, 1 }, 0 }, { { 1, 1, 1, 1 }, 1 } };
            static th_path_element probe_path[2] = { { TH_PATH_MOVE_TO, 0, { { 0, 0 } } }, { TH_PATH_LINE_TO, 0, { { 10, 10 } } } };
            static th_animation_options probe_options = { sizeof(th_animation_options), TH_TIMING_CURVE, 0.1, 0, TH_CURVE_LINEAR, 0, 0, 0 };
            static th_view o_view, o_views[4];
            static char o_chars[4];
            static th_view_controller o_vc;
            static th_rect o_rect;
            static th_point o_point;
            static th_affine o_affine;
            static th_transform3d o_transform3d;
            static th_color o_color;
            static double o_double;
            static bool o_bool;
            static uint32_t o_uint;
            static th_curve_fn o_curve;
            static int probe_thread_status[\(thread.count)];
            static const void *probe_thread_extension;
            static void probe_animations(void *u) { (void)u; }
            static void probe_completion(void *u, bool f) { (void)u; (void)f; }
            static void probe_alongside(void *u, th_context c) { (void)u; (void)c; }
            static void probe_position(void *u, uint32_t p) { (void)u; (void)p; }
            static void probe_append(char *line, const char *label, th_status s)
            {
                size_t n = strlen(line);
                snprintf(line + n, 600 - n, ", %s %d", label, (int)s);
            }
            static void *probe_thread(void *unused)
            {
                (void)unused;
            \(thread.joined(separator: "\n"))
                host->log(TH_LOG_ERROR, "logged from a second thread");
                probe_thread_extension = host->get_extension(TH_EXT_HOST_CURVES);
                return NULL;
            }
            void probe_all(th_context ctx)
            {
                pthread_t thread;
                char line[600];
                th_rect probe_nan_rect = { { NAN, 0 }, { 10, 10 } };
                probe_ctx = ctx;
                host->container_view(ctx, &probe_view);
                host->view_controller(ctx, TH_TO, &probe_vc);
                probe_curves = host->get_extension(TH_EXT_HOST_CURVES);
                probe_keyframes = host->get_extension(TH_EXT_HOST_KEYFRAMES);
                probe_shared = host->get_extension(TH_EXT_HOST_SHARED_ELEMENTS);
                probe_animators = host->get_extension(TH_EXT_HOST_PROPERTY_ANIMATORS);
                probe_view_transitions = host->get_extension(TH_EXT_HOST_VIEW_TRANSITIONS);
                if (!probe_curves || !probe_keyframes || !probe_shared || !probe_animators || !probe_view_transitions) {
                    host->log(TH_LOG_ERROR, "probe: an extension is missing");
                    return;
                }
                probe_animators->create(&probe_options, &probe_animator);
                pthread_create(&thread, NULL, probe_thread, NULL);
                pthread_join(thread, NULL);
                snprintf(line, sizeof line, "probe get_extension from a second thread: %s", probe_thread_extension ? "a table" : "NULL");
                host->log(TH_LOG_INFO, line);
            \(main.joined(separator: "\n"))
            }
            """
    }

    @Test("statuses of every host function, called wrongly, are the same in process and isolated")
    func everyFunction() async throws {
        let dir = try TempDir("function-parity")
        let plugins = try dir.folder("plugins")
        let plugin = PluginTemplate(
            pluginID: "fixture.probe", effectID: "probe", ending: .complete,
            animatePrologue: "if (self->incoming) { void probe_all(th_context); probe_all(ctx); }",
            extraCode: Self.probes)
        try await compileC(plugin.render(), to: "plugins/probe.so", in: dir)

        var lines: [String: [String]] = [:]
        for mode in [[], ["--isolate"]] {
            let result = try await runHost(["run", "probe", "--format", "json"] + mode, pluginFolder: plugins, in: dir)
            #expect(result.status == 0, "\(mode): \(result)")
            lines[mode.first ?? "in process"] = try RunJSON(result).events.map(\.name)
                .filter { $0.contains(": probe") || $0.contains("second thread") }
        }
        let inProcess = try #require(lines["in process"]), isolated = try #require(lines["--isolate"])
        let statusFunctions = HostFunctions.all.filter(\.returnsStatus)
        #expect(inProcess.count == statusFunctions.count + 1, "one line per function: \(inProcess)")
        #expect(inProcess.contains("fixture.probe: probe get_extension from a second thread: NULL"), "\(inProcess)")
        for f in statusFunctions {
            let line = inProcess.first { $0.hasPrefix("fixture.probe: probe \(f.name): ") }
            #expect(line?.contains("thread -4") == true, "\(f.name) from a second thread: \(line ?? "no line")")
        }
        for (here, there) in zip(inProcess, isolated) where here != there {
            Issue.record("in process:\n  \(here)\nisolated:\n  \(there)")
        }
        #expect(inProcess.count == isolated.count, "isolated: \(isolated)")
    }
}
