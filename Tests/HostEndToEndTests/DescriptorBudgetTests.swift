import Foundation
import Testing

/// The header's limits hold together: a plugin that declares as much as they allow (256
/// effects, and the totals TH_MAX_TOTAL_PARAMS, TH_MAX_TOTAL_CHOICES and
/// TH_MAX_DESCRIPTOR_TEXT_BYTES) is scanned and listed, and `host validate` agrees; one byte
/// over the text budget is refused by both, naming it. How long the largest one takes to list
/// beside the scanner's 3 s is a figure of `Scripts/bench --only discovery`, not a timed test:
/// a debug build on a loaded machine can take several times its usual half second.
@Suite("The header's descriptor limits: the largest plugin they allow, and one over")
struct DescriptorBudgetTests {
    /// 256 effects × 8 parameters × 4 choices: 2048 parameters and 8192 choices, the totals;
    /// each effect's description pads the text to exactly the budget (plus `extraBytes` in
    /// the first effect's).
    static func largestPlugin(id: String, extraBytes: Int = 0) -> String {
        let effects = 256, params = 8, choices = 4, budget = 1 << 20
        // Text per effect without its description: id "eNNN", name "Effect NNN", and per
        // parameter id "pN" and name "Param N", and per choice "cN".
        let fixed = effects * (4 + 10) + effects * params * (2 + 7) + effects * params * choices * 2
        let description = (budget - fixed) / effects
        precondition((budget - fixed) % effects == 0 && description <= 4096)
        return plugin(id: id, effects: effects, params: params, choices: choices, description: description, extraBytes: extraBytes)
    }

    /// `effects` effects, each with `params` enum parameters of `choices` choices (ids
    /// "cN", or "cN" padded with "x" to 63 bytes when `longChoices`), and a description of
    /// `description` bytes (`extraBytes` more in the first effect's).
    static func plugin(id: String, effects: Int, params: Int, choices: Int, description: Int, extraBytes: Int = 0,
                       longChoices: Bool = false) -> String {
        let choiceList = (0..<choices).map { c in
            let choice = "c\(c)"
            return "\"" + (longChoices ? choice + String(repeating: "x", count: 63 - choice.count) : choice) + "\""
        }.joined(separator: ", ")
        let paramList = (0..<params).map {
            "{ sizeof(th_param_descriptor), TH_PARAM_ENUM, \"p\($0)\", \"Param \($0)\", NULL, 0, 0, 0, \(choices), fx_choices }"
        }.joined(separator: ",\n    ")
        let effectList = (0..<effects).map { i in
            let name = String(format: "%03d", i)
            let text = i == 0 ? "fx_first_description" : "fx_description"
            return "{ sizeof(th_effect_descriptor), TH_KIND_ANIMATOR, \"e\(name)\", \"Effect \(name)\", \(text), "
                + "TH_TRANSITION_PRESENT, \(params), fx_params, 0.25, &fx_animator }"
        }.joined(separator: ",\n    ")
        return """
            #include <stdlib.h>
            #include "transition_host.h"

            static void *fx_create(const th_effect_config *config) { (void)config; return malloc(1); }
            static void fx_destroy(void *self) { free(self); }
            static double fx_duration(void *self, th_context ctx) { (void)self; (void)ctx; return 0.25; }
            static const th_host_api *host;
            static void fx_animate(void *self, th_context ctx) { (void)self; host->complete_transition(ctx, true); }
            static const th_animator_interface fx_animator = { sizeof fx_animator, fx_create, fx_destroy, fx_duration, fx_animate, NULL };

            static const char fx_description[] = "\(String(repeating: "d", count: description))";
            static const char fx_first_description[] = "\(String(repeating: "d", count: description + extraBytes))";
            static const char *const fx_choices[] = { \(choiceList) };
            static const th_param_descriptor fx_params[] = {
                \(paramList)
            };
            static const th_effect_descriptor fx_effects[] = {
                \(effectList)
            };

            static bool fx_init(const th_host_api *api) { host = api; return true; }
            static uint32_t fx_count(void) { return \(effects); }
            static const th_effect_descriptor *fx_get(uint32_t i) { return i < \(effects) ? &fx_effects[i] : NULL; }
            TH_EXPORT const th_plugin_entry th_entry = { sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, "\(id)", "Largest",
                "1.0.0", NULL, fx_init, NULL, fx_count, fx_get, NULL };

            """
    }

    /// A scan allowance far past the default 3 s: these tests assert what is listed, not how fast.
    static let generousScan = ["HOST_SCAN_TIMEOUT": "60"]

    @Test("At every limit: listed with all 256 effects, and validate's descriptor tests pass")
    func atTheLimits() async throws {
        let dir = try TempDir("budget-max")
        let plugins = try dir.folder("plugins")
        let path = try await compileC(Self.largestPlugin(id: "fixture.largest"), to: "plugins/largest.so", in: dir)
        let list = try await runHost(["list", "--json"], pluginFolder: plugins, in: dir, environment: Self.generousScan)
        #expect(list.status == 0 && !list.crashed, "\(list.err)")
        let rows = try ListRow.parse(list).filter { $0.path == path }
        #expect(rows.count == 256 && rows.allSatisfy { $0.status == "ok" }, "\(rows.prefix(2))")

        let validate = try await runHost(["validate", path, "--json", "--only", "descriptors"], userData: try dir.folder("data"), in: dir)
        let report = try ValidateJSON(validate)
        #expect(!report.tests.isEmpty && report.tests.allSatisfy { $0.result == "pass" }, "\(report.tests)")
    }

    @Test("What the header allowed before the totals (256 × 64 parameters × 64 long choices): refused, naming the limit, by list and validate alike")
    func formerMaximum() async throws {
        let dir = try TempDir("budget-former")
        let plugins = try dir.folder("plugins")
        let path = try await compileC(Self.plugin(id: "fixture.huge", effects: 256, params: 64, choices: 64, description: 4096, longChoices: true),
                                      to: "plugins/huge.so", in: dir)
        let list = try await runHost(["list", "--json"], pluginFolder: plugins, in: dir, environment: Self.generousScan)
        let row = try ListRow.parse(list).first { $0.path == path }
        #expect(row?.status == "error" && row?.error?.contains("TH_MAX_TOTAL_CHOICES") == true, "\(String(describing: row))")
        #expect(row?.error?.contains("hung") == false && row?.error?.contains("garbled") == false)

        let validate = try await runHost(["validate", path, "--json", "--only", "descriptors"], userData: try dir.folder("data"), in: dir)
        let report = try ValidateJSON(validate)
        #expect(report.tests.contains { $0.result == "fail" && $0.reason.contains("TH_MAX_TOTAL_CHOICES") }, "\(report.tests.map(\.reason))")
    }

    @Test("One byte over the text budget: host list and host validate refuse it, both naming TH_MAX_DESCRIPTOR_TEXT_BYTES")
    func overTheTextBudget() async throws {
        let dir = try TempDir("budget-over")
        let plugins = try dir.folder("plugins")
        let path = try await compileC(Self.largestPlugin(id: "fixture.toolarge", extraBytes: 1), to: "plugins/toolarge.so", in: dir)
        let list = try await runHost(["list", "--json"], pluginFolder: plugins, in: dir, environment: Self.generousScan)
        let row = try ListRow.parse(list).first { $0.path == path }
        #expect(row?.status == "error" && row?.error?.contains("TH_MAX_DESCRIPTOR_TEXT_BYTES") == true, "\(String(describing: row))")

        let validate = try await runHost(["validate", path, "--json", "--only", "descriptors"], userData: try dir.folder("data"), in: dir)
        let report = try ValidateJSON(validate)
        #expect(report.tests.contains { $0.result == "fail" && $0.reason.contains("TH_MAX_DESCRIPTOR_TEXT_BYTES") }, "\(report.tests)")
    }
}
