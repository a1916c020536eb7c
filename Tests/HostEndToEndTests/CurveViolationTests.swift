import Foundation
import Testing

/// A plugin curve that returns NaN or an infinity mid-run breaks the contract: the host says
/// so once in the trace (naming the curve), uses linear for it from then on, and the run is
/// not clean. Before, the frames held `null` and the run claimed to be clean.
@Suite("A plugin curve that stops returning finite numbers during a run")
struct CurveViolationTests {
    /// Fine at its default k = 1 (all the loader samples), NaN for t in (0.4, 0.6) when k = 0.
    static let holey = PluginTemplate(pluginID: "fixture.holes", effectID: "fx", ending: .conforming, extraCode: """
        static double holey(double t, double k) { return (k == 0 && t > 0.4 && t < 0.6) ? NAN : t * t; }
        static const th_param_descriptor holey_params[] = { { sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "k", "K", NULL, 0, 1, 1, 0, NULL } };
        static const th_timing_curve fx_curves[] = { { sizeof(th_timing_curve), 1, "holey", "Holey", "d(dd)", (void (*)(void))holey, holey_params } };
        static const th_timing_curves fx_curve_list = { sizeof(th_timing_curves), 1, fx_curves };
        static const void *fx_extension(const char *id) { return strcmp(id, TH_EXT_TIMING_CURVES) == 0 ? &fx_curve_list : NULL; }
        """, getExtension: "fx_extension")

    @Test("NaN from --curve: one error naming the curve, no null in the frames, not clean, exit 1")
    func nanCurve() async throws {
        let dir = try TempDir("curve-nan")
        let plugins = try dir.folder("plugins")
        try await compileC("#include <math.h>\n#include <string.h>\n" + Self.holey.render(), to: "plugins/holes.so", in: dir)
        let result = try await runHost(["run", "fx", "--curve", "fixture.holes.holey(k=0)", "--format", "json"],
                                       pluginFolder: plugins, in: dir)
        #expect(result.status == 1 && !result.crashed, "\(result)")
        let nullInFrames = result.out.contains("[null") || result.out.contains(",null")
        #expect(!nullInFrames, "no frame may hold a non-number")
        let run = try RunJSON(result)
        #expect(!run.clean)
        // (What the holes do to the motion is the motion check's to say, apart.)
        let errors = run.events.filter { $0.level == "error" && !$0.name.hasPrefix("motion:") }.map(\.name)
        #expect(errors.count == 1, "reported once for the whole run: \(errors)")
        #expect(errors.first.map { $0.contains("fixture.holes.holey") && $0.contains("nan") && $0.contains("linear") } == true,
                "\(errors)")

        // The same curve with a parameter that keeps it finite: a clean run.
        let fine = try await runHost(["run", "fx", "--curve", "fixture.holes.holey(k=1)", "--format", "json"],
                                     pluginFolder: plugins, in: dir)
        #expect(fine.status == 0, "\(fine)")
        #expect(try RunJSON(fine).clean)
    }
}
