import Foundation
import Testing

/// The ABI only grows: a plugin built against the ABI 1.0 or 1.1 header as it shipped (frozen in
/// Tests/Fixtures/abi-1.0 and abi-1.1) loads, validates and runs in this host, in C and in Swift; and a
/// plugin built against a later 1.x header, whose structs are larger, is read by its 1.0
/// fields and never misread.
@Suite("ABI 1.0 and 1.1, frozen: old plugins keep working, newer ones are not misread", .serialized)
struct FrozenABITests {
    /// Each frozen header, by the version it shipped as.
    static let frozenHeaders = [("1.0", Repo.frozenABI10Directory), ("1.1", Repo.frozenABI11Directory)]

    @Test("a C plugin built against each frozen header (1.0, 1.1) conforms, and runs with its parameters", arguments: frozenHeaders)
    func cAgainstFrozenHeader(version: String, header: String) async throws {
        let dir = try TempDir("frozen-c-\(version)")
        let built = try await compileC(
            PluginTemplate(pluginID: "fixture.frozen", effectID: "frozen", ending: .conforming,
                           parameters: [#"{ sizeof(th_param_descriptor), TH_PARAM_DOUBLE, "speed", "Speed", "x", 0.5, 2, 1, 0, NULL }"#,
                                        #"{ sizeof(th_param_descriptor), TH_PARAM_INT, "steps", "Steps", NULL, 1, 9, 3, 0, NULL }"#]).render(),
            to: "frozen.so", in: dir, include: header)
        let validation = try await runHost(["validate", built, "--json"], userData: try dir.folder("data"), in: dir)
        let report = try ValidateJSON(validation)
        #expect(validation.status == 0 && report.conforms, "\(validation)")
        #expect(report.tests.count > 20 && report.tests.allSatisfy { $0.result == "pass" || $0.result == "skip" },
                "\(report.tests.filter { $0.result != "pass" && $0.result != "skip" })")
        let plugins = try dir.folder("plugins")
        try FileManager.default.copyItem(atPath: built, toPath: "\(plugins)/frozen.so")
        let run = try await runHost(["run", "frozen", "--param", "steps=4", "--param", "speed=1.5"], pluginFolder: plugins, in: dir)
        #expect(run.status == 0, "\(run)")
        #expect(run.out.contains("Present: completed by fixture.frozen:frozen") && run.out.contains("Dismiss: completed by fixture.frozen:frozen"),
                "\(run.out)")
    }

    @Test("a C plugin built against each frozen header (1.0, 1.1) draws the same pixels as the same source built against today's header, in process and isolated",
          arguments: frozenHeaders)
    func frozenPluginLooksTheSame(version: String, header: String) async throws {
        let dir = try TempDir("frozen-pixels-\(version)")
        let source = PluginTemplate(pluginID: "fixture.frozen", effectID: "frozen", ending: .conforming).render()
        for (folder, include) in [("old", header), ("new", Repo.includeDirectory)] {
            _ = try dir.folder(folder)
            _ = try await compileC(source, to: "\(folder)/frozen.so", in: dir, include: include)
        }
        for mode in [[], ["--isolate"]] {
            var frames: [String] = []
            for folder in ["old", "new"] {
                let output = dir.file("\(folder)-frames\(mode.joined())/")
                let run = try await runHost(["run", "frozen", "--output", output] + mode, pluginFolder: dir.file(folder), in: dir)
                #expect(run.status == 0, "\(folder) \(mode): \(run)")
                frames.append(output)
            }
            // The presentation's start, middle and end, and the dismissal's middle.
            for frame in ["0000", "0010", "0020", "0030"] {
                let difference = try largestDifference(frames[0] + "frame-\(frame).png", frames[1] + "frame-\(frame).png")
                #expect(difference == 0, "\(mode) frame \(frame): the plugin built against \(version) draws differently, by \(difference ?? -1)")
            }
        }
    }

    @Test("the Swift example built against the frozen 1.0 header conforms and runs every flow")
    func swiftAgainstFrozenHeader() async throws {
        let dir = try TempDir("frozen-swift")
        // A copy at a fixed place in the examples' scratch folder, so that SwiftPM reuses its
        // build from run to run; its header is the frozen one instead of a link to today's.
        let project = "\(HostExamplesTests.scratch)/swift-fade-abi-1.0-package"
        let scratch = "\(HostExamplesTests.scratch)/swift-fade-abi-1.0"
        try? FileManager.default.removeItem(atPath: project)
        try FileManager.default.createDirectory(atPath: HostExamplesTests.scratch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: "\(HostExamplesTests.examples)/swift-fade", toPath: project)
        let header = "\(project)/Sources/CTransitionHost/include/transition_host.h"
        try FileManager.default.removeItem(atPath: header)
        try FileManager.default.copyItem(atPath: "\(Repo.frozenABI10Directory)/transition_host.h", toPath: header)

        let library = try await HostExamplesTests.buildSwiftFade(project: project, scratch: scratch, in: dir)
        try await expectConformsAndRuns(library, effect: "swift-fade", in: dir)
    }

    /// A plugin as a later 1.x header would build it: every struct it hands the host carries
    /// fields after the 1.0 ones, and says so in struct_size.
    static let futurePlugin = #"""
    #include <stdlib.h>
    #include "transition_host.h"

    /* What a 1.x header with appended fields would make of each struct. */
    typedef struct { th_param_descriptor v1_0; double later; const char *later_text; } param_1_x;
    typedef struct { th_effect_descriptor v1_0; uint64_t later; } effect_1_x;
    typedef struct { th_animator_interface v1_0; void (*later)(void); } animator_1_x;
    typedef struct { th_plugin_entry v1_0; uint64_t later[2]; } entry_1_x;

    \#(FadeAnimatorC.functions(durationFromParameter: 1)) /* "tenths": the second parameter */

    static const animator_1_x animator = {
        { sizeof(animator_1_x), create, destroy, duration, animate, NULL }, NULL };
    static const param_1_x params[] = {
        { { sizeof(param_1_x), TH_PARAM_DOUBLE, "depth", "Depth", "pt", 0, 100, 10, 0, NULL }, 1.5, "later" },
        { { sizeof(param_1_x), TH_PARAM_INT, "tenths", "Tenths of a second", "s/10", 1, 20, 3, 0, NULL }, 2.5, "later" },
    };
    static const effect_1_x effect = {
        { sizeof(effect_1_x), TH_KIND_ANIMATOR, "future", "Future", "Built against a later 1.x header.",
          TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS, 2, &params[0].v1_0, 0.3, &animator }, 42 };

    static bool init(const th_host_api *h) { host = h; return true; }
    static uint32_t count(void) { return 1; }
    static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect.v1_0 : NULL; }

    TH_EXPORT const entry_1_x th_entry = {
        { sizeof(entry_1_x), TH_ABI_MAJOR, TH_ABI_MINOR + 1, "fixture.future", "Future", "1.0.0", NULL,
          init, NULL, count, get, NULL }, { 7, 7 } };
    """#

    @Test("a plugin whose structs are larger than 1.0's loads, its parameters read at its own stride, and runs; one smaller than 1.0's is refused naming the size")
    func largerStructsAreNotMisread() async throws {
        let dir = try TempDir("future")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.futurePlugin, to: "plugins/future.so", in: dir)

        let inspect = try await runHost(["inspect", "future", "--json"], pluginFolder: plugins, in: dir)
        #expect(inspect.status == 0, "\(inspect)")
        let details = try #require(try inspect.json() as? [String: Any])
        let parameters = try #require(details["parameters"] as? [[String: Any]], "\(inspect.out)")
        #expect(parameters.compactMap { $0["name"] as? String } == ["depth", "tenths"], "\(inspect.out)")
        #expect(parameters.last?["max"] as? Double == 20, "the second parameter is read whole: \(inspect.out)")

        for mode in [[], ["--isolate"]] {
            // The fixture puts the presenter back at its completion: a pop, not this test's matter.
            let run = try await runHost(["run", "future", "--param", "tenths=5", "--format", "json", "--no-motion-check"] + mode,
                                        pluginFolder: plugins, in: dir)
            #expect(run.status == 0, "\(mode): \(run)")
            let report = try RunJSON(run)
            #expect(report.outcomes.count == 2 && report.outcomes.allSatisfy { abs($0.end - $0.start - 0.5) < 1e-9 },
                    "the parameter reached the plugin: \(report.outcomes)")
        }

        // The same plugin with a parameter descriptor one byte short of 1.0's is refused, and says why.
        let short = Self.futurePlugin.replacingOccurrences(of: "{ { sizeof(param_1_x),", with: "{ { TH_PARAM_DESCRIPTOR_SIZE_1_0 - 8,")
        let refusedFolder = try dir.folder("refused")
        try await compileC(short, to: "refused/future.so", in: dir)
        let list = try await runHost(["list"], pluginFolder: refusedFolder, in: dir)
        #expect(list.out.contains("smaller than ABI 1.0's") && list.out.contains("72 bytes"), "\(list.out)")
    }
}
