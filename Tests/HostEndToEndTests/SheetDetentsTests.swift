import Foundation
import Testing

/// Sheet detents (ABI 1.2: detent_count, detent_height, detent_did_change;
/// UISheetPresentationController's) and `host run --drag-sheet`, with the bundled `frosted`
/// (its sheet at 563 pt, and a large detent of 790 pt), in process and isolated.
@Suite("Sheet detents and --drag-sheet (ABI 1.2)")
struct SheetDetentsTests {
    static func run(_ drag: String, _ extra: [String], plugins: String? = nil, presentation: String = "frosted",
                    _ label: String) async throws -> (ProgramResult, [String: Any]) {
        let dir = try TempDir(label)
        let folder = try plugins ?? dir.folder("plugins")
        let result = try await runHost(["run", "cover-vertical", "--presentation", presentation, "--drag-sheet", drag, "--format", "json"] + extra,
                                       pluginFolder: folder, in: dir)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        return (result, document)
    }

    static func view(_ name: String, at time: Double, in document: [String: Any]) -> [Double]? {
        let frames = document["frames"] as? [[String: Any]] ?? []
        let frame = frames.last { abs(($0["time"] as? Double ?? -1) - time) < 1e-9 }
        return (frame?["views"] as? [[String: Any]])?.first { $0["name"] as? String == name }?["frame"] as? [Double]
    }

    static func names(_ document: [String: Any]) -> [String] {
        (document["events"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
    }

    @Test("pulled up 200 pt and flicked: the sheet follows to 763 pt, springs to the large detent (790 pt), the button kept at its bottom; the controller told once",
          arguments: [[], ["--isolate"]])
    func flickToTheLargeDetent(_ extra: [String]) async throws {
        let (result, document) = try await Self.run("pan(up): 0s 0pt, 0.3s 200pt, release 800pt/s", extra, "detents-up")
        #expect(result.status == 0 && document["clean"] as? Bool == true, "\(result)")
        let names = Self.names(document)
        #expect(names.contains { $0.hasSuffix("the sheet rests at detent 0 of 2 (563 pt); the drag moves it") }, "\(names)")
        #expect(names.filter { $0 == "presentationController.detentDidChange(1)" }.count == 1, "\(names)")
        #expect(names.contains { $0.hasSuffix("the sheet rests at its large detent") }, "\(names)")
        // The presentation ends at 0.5 s; the release at 0.8 s: 563 + 200 pt, bottom edge kept.
        #expect(Self.view("dimming.sheet", at: 0.8, in: document) == [0, 81, 390, 763])
        // Settled 0.4 s later at the large detent, the sheet filling it, its button 102 pt above its bottom.
        #expect(Self.view("dimming.sheet", at: 1.2, in: document) == [0, 54, 390, 790])
        #expect(Self.view("detail", at: 1.2, in: document) == [0, 0, 390, 790])
        #expect(Self.view("detail.button", at: 1.2, in: document) == [20, 688, 350, 52])
    }

    @Test("a short pull flicked hard is carried past the middle: 80 pt up (643 pt, nearer 563) at 1000 pt/s goes on to the large detent",
          arguments: [[], ["--isolate"]])
    func flickCarries(_ extra: [String]) async throws {
        let (result, document) = try await Self.run("pan(up): 0s 0pt, 0.2s 80pt, release 1000pt/s", extra, "detents-flick")
        #expect(result.status == 0, "\(result)")
        // 643 + 1000 × 0.998 / 0.002 / 1000 = 1142 pt, nearest the large detent.
        #expect(Self.names(document).contains { $0.hasSuffix("released at 643 pt, carried to 1142 pt: detent 1 (790 pt)") }, "\(Self.names(document))")
        #expect(Self.view("dimming.sheet", at: 1.1, in: document) == [0, 54, 390, 790])
    }

    @Test("a small slow pull springs back to the detent it left, and the controller is not told; down past the smallest it gives as a rubber band",
          arguments: [[], ["--isolate"]])
    func smallPullsReturn(_ extra: [String]) async throws {
        let (result, document) = try await Self.run("pan(down): 0s 0pt, 0.2s 100pt, release 0pt/s", extra, "detents-back")
        #expect(result.status == 0, "\(result)")
        #expect(!Self.names(document).contains { $0.hasPrefix("presentationController.detentDidChange") })
        let pulled = try #require(Self.view("dimming.sheet", at: 0.7, in: document))
        let give: Double = (1 - 1 / (0.55 * 100 / 844 + 1)) * 844
        #expect(abs(pulled[3] - (563 - give)) < 1e-6 && abs(pulled[1] - (844 - pulled[3])) < 1e-9, "\(pulled) against \(563 - give)")
        #expect(Self.view("dimming.sheet", at: 1.1, in: document) == [0, 281, 390, 563])
    }

    @Test("--drag-sheet refuses what it cannot drag: a gesture that is not a pan, a flow that presents no sheet (exit 2, saying so)")
    func dragSheetUsage() async throws {
        let dir = try TempDir("detents-usage")
        let plugins = try dir.folder("plugins")
        let pinch = try await runHost(["run", "cover-vertical", "--presentation", "frosted", "--drag-sheet", "pinch: 0s 1, release -1/s"],
                                      pluginFolder: plugins, in: dir)
        #expect(pinch.status == 2 && pinch.err.contains("--drag-sheet takes a pan written in points"), "\(pinch)")
        let push = try await runHost(["run", "cover-vertical", "--push", "--drag-sheet", "pan(up): 0s 0pt, release 0pt/s"],
                                     pluginFolder: plugins, in: dir)
        #expect(push.status == 2 && push.err.contains("--drag-sheet drags a presented sheet; the push flow presents none"), "\(push)")
    }

    /// A presentation controller whose second detent is taller than the screen.
    static let tooTall = """
        #include <stdlib.h>
        #include "transition_host.h"
        static uint32_t count(void *self) { (void)self; return 2; }
        static double height(void *self, uint32_t i, th_rect bounds) { (void)self; (void)bounds; return i == 0 ? 300 : 900; }
        static void *create(const th_effect_config *c) { (void)c; return calloc(1, 1); }
        static void destroy(void *self) { free(self); }
        static bool keep(void *self) { (void)self; return false; }
        static bool frame(void *self, th_rect bounds, th_rect *out)
        {
            (void)self;
            *out = (th_rect){ { 0, bounds.size.height - 300 }, { bounds.size.width, 300 } };
            return true;
        }
        static const th_presentation_interface sheet = {
            .struct_size = sizeof sheet, .create = create, .destroy = destroy, .frame_of_presented_view = frame,
            .should_remove_presenters_view = keep, .detent_count = count, .detent_height = height };
        static const th_effect_descriptor effect = {
            .struct_size = sizeof effect, .kind = TH_KIND_PRESENTATION_CONTROLLER, .id = "tall", .name = "Tall",
            .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS, .default_duration = 0.3, .interface = &sheet };
        static bool init(const th_host_api *h) { (void)h; return true; }
        static uint32_t n(void) { return 1; }
        static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect : NULL; }
        TH_EXPORT const th_plugin_entry th_entry = {
            sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, "fixture.tall", "Tall", "1.0.0", NULL, init, NULL, n, get, NULL };
        """

    @Test("host validate: frosted's detents pass, dragged to the largest and dismissed cleanly; a 900 pt detent fails, named")
    func validateDetents() async throws {
        let dir = try TempDir("detents-validate")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.tooTall, to: "plugins/tall.so", in: dir)
        let tall = try await runHost(["validate", dir.file("plugins/tall.so"), "--json"], userData: try dir.folder("data"), in: dir)
        let verdict = try #require(try ValidateJSON(tall).tests.first { $0.name == "behaviour.tall.present.detents" })
        #expect(verdict.result == "fail" && verdict.reason.contains("detent 1 is 900.0 pt, taller than the container's 844.0 pt"), "\(verdict)")
        let frosted = try await runHost(["validate", Build.bundledPlugins + "/dimming.so", "--json",
                                         "--only", "behaviour.frosted.present.detents"], userData: try dir.folder("data"), in: dir)
        let passed = try #require(try ValidateJSON(frosted).tests.first { $0.name == "behaviour.frosted.present.detents" })
        #expect(passed.result == "pass" && passed.reason.contains("2 detents (563, 790 pt)"), "\(passed)")
    }

    @Test("a detent taller than the screen is refused, naming it; the sheet stays where it was", arguments: [[], ["--isolate"]])
    func tallDetentRefused(_ extra: [String]) async throws {
        let dir = try TempDir("detents-tall")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.tooTall, to: "plugins/tall.so", in: dir)
        let (result, document) = try await Self.run("pan(up): 0s 0pt, 0.2s 100pt, release 0pt/s", extra, plugins: plugins,
                                                    presentation: "tall", "detents-tall-run")
        #expect(result.status == 0, "\(result)")
        #expect(Self.names(document).contains { $0.hasSuffix("detent 1 is 900.0 pt, taller than the container's 844.0 pt; the sheet is not dragged") },
                "\(Self.names(document))")
        // Not dragged: the dismissal starts at once, from where the presentation left it.
        #expect(Self.view("detail", at: 0.5, in: document) == [0, 544, 390, 300])
        #expect(!Self.names(document).contains("presentationController.detentDidChange(1)"))
    }

    @Test("more detents than TH_MAX_DETENTS are refused by their count, naming it, in process and isolated; host validate fails them",
          arguments: [[], ["--isolate"]])
    func tooManyDetents(_ extra: [String]) async throws {
        let dir = try TempDir("detents-many")
        let plugins = try dir.folder("plugins")
        let nine = Self.tooTall.replacingOccurrences(of: "{ (void)self; return 2; }", with: "{ (void)self; return TH_MAX_DETENTS + 1; }")
        #expect(nine != Self.tooTall)
        try await compileC(nine, to: "plugins/tall.so", in: dir)
        let (result, document) = try await Self.run("pan(up): 0s 0pt, 0.2s 100pt, release 0pt/s", extra, plugins: plugins,
                                                    presentation: "tall", "detents-many-run")
        #expect(result.status == 0, "\(result)")
        #expect(Self.names(document).contains { $0.hasSuffix("9 detents, more than 8; the sheet is not dragged") }, "\(Self.names(document))")
        guard extra.isEmpty else { return }
        let verdict = try await runHost(["validate", dir.file("plugins/tall.so"), "--json"], userData: try dir.folder("data"), in: dir)
        let test = try #require(try ValidateJSON(verdict).tests.first { $0.name == "behaviour.tall.present.detents" })
        #expect(test.result == "fail" && test.reason.contains("9 detents, more than 8"), "\(test)")
    }
}
