import Foundation
import Testing

/// ABI 1.2's should_dismiss and did_attempt_to_dismiss (presentationControllerShouldDismiss,
/// isModalInPresentation), with the bundled card-sheet's `modal` parameter, in process and
/// isolated: a pull down on a modal card gives as a rubber band, springs back, is reported to
/// the controller once, and the card stays; the run is clean.
@Suite("A modal sheet refuses a pull down (ABI 1.2)")
struct RefusedDismissalTests {
    static let pull = "pan(down): 0s 0pt, 0.2s 500pt, release 300pt/s"

    static func run(modal: Bool, _ extra: [String], _ label: String) async throws -> (ProgramResult, [String: Any]) {
        let dir = try TempDir(label)
        let result = try await runHost(["run", "cover-vertical", "--presentation", "card-sheet", "--param", "card-sheet.modal=\(modal ? 1 : 0)",
                                        "--interactive-dismiss", Self.pull, "--format", "json"] + extra,
                                       pluginFolder: try dir.folder("plugins"), in: dir)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any])
        return (result, document)
    }

    static func card(_ frame: [String: Any]) -> [Double]? {
        (frame["views"] as? [[String: Any]])?.first { $0["name"] as? String == "card-sheet.card" }?["frame"] as? [Double]
    }

    @Test("modal: asked once, pulled 500 pt it gives 207 pt, told of the attempt at the release, back at 54 pt, still presented",
          arguments: [[], ["--isolate"]])
    func modalCardStays(_ extra: [String]) async throws {
        let (result, document) = try await Self.run(modal: true, extra, "refused-dismissal")
        #expect(result.status == 0 && document["clean"] as? Bool == true, "\(result)")
        let outcomes = try #require(document["outcomes"] as? [[String: Any]])
        #expect(outcomes.count == 2 && outcomes[1]["refused"] as? Bool == true && outcomes[1]["completed"] as? Bool == false, "\(outcomes)")
        let events = try #require(document["events"] as? [[String: Any]])
        let names = events.compactMap { $0["name"] as? String }
        #expect(names.filter { $0 == "presentationController.shouldDismiss" }.count == 1, "\(names)")
        let attempt = events.filter { $0["name"] as? String == "presentationController.didAttemptToDismiss" }
        #expect(attempt.count == 1 && abs((attempt.first?["time"] as? Double ?? -1) - 0.7) < 1e-9, "\(attempt)")
        #expect(names.contains { $0.hasSuffix("pulled down while modal; it stays (an app would ask to save or discard)") }, "\(names)")
        #expect(names.filter { $0 == "animator.animateTransition" }.count == 1, "no dismissal animator ran: \(names)")

        let frames = try #require(document["frames"] as? [[String: Any]])
        // The release, 0.2 s into the pull: 500 pt of finger held to (1 − 1 / (0.55 · 500 / 844 + 1)) · 844.
        let released = try #require(frames.first { abs(($0["time"] as? Double ?? 0) - 0.7) < 1e-9 }.flatMap(Self.card))
        let held: Double = 0.55 * 500 / 844 + 1
        let expected: Double = 54 + (1 - 1 / held) * 844
        #expect(abs(released[1] - expected) < 1e-6, "\(released) against \(expected)")
        let last = try #require(frames.last.flatMap(Self.card))
        #expect(last == [0, 54, 390, 790], "\(last)")
    }

    /// A presentation controller that refuses every dismissal by gesture.
    static let modalSheet = """
        #include <stdlib.h>
        #include "transition_host.h"
        static void *create(const th_effect_config *c) { (void)c; return calloc(1, 1); }
        static void destroy(void *self) { free(self); }
        static bool refuse(void *self) { (void)self; return false; }
        static const th_presentation_interface sheet = {
            .struct_size = sizeof sheet, .create = create, .destroy = destroy, .should_dismiss = refuse };
        static const th_effect_descriptor effect = {
            .struct_size = sizeof effect, .kind = TH_KIND_PRESENTATION_CONTROLLER, .id = "modal", .name = "Modal",
            .transitions = TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS, .default_duration = 0.3, .interface = &sheet };
        static bool init(const th_host_api *h) { (void)h; return true; }
        static uint32_t n(void) { return 1; }
        static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect : NULL; }
        TH_EXPORT const th_plugin_entry th_entry = {
            sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, "fixture.modal", "Modal", "1.0.0", NULL, init, NULL, n, get, NULL };
        """

    @Test("host validate skips the interactive dismissal of a sheet that refuses it, saying why, instead of failing it")
    func validateSkipsARefusingSheet() async throws {
        let dir = try TempDir("refusing-validate")
        _ = try dir.folder("plugins")
        try await compileC(Self.modalSheet, to: "plugins/modal.so", in: dir)
        let result = try await runHost(["validate", dir.file("plugins/modal.so"), "--json", "--only", "behaviour.modal.dismiss.interactive"],
                                       userData: try dir.folder("data"), in: dir)
        let row = try #require(try ValidateJSON(result).tests.first { $0.name == "behaviour.modal.dismiss.interactive" })
        #expect(row.result == "skip" && row.reason.contains("refuses a dismissal by gesture (should_dismiss"), "\(row)")
    }

    @Test("not modal: asked, and the pull dismisses the card as before", arguments: [[], ["--isolate"]])
    func cardDismisses(_ extra: [String]) async throws {
        let (result, document) = try await Self.run(modal: false, extra, "allowed-dismissal")
        #expect(result.status == 0 && document["clean"] as? Bool == true, "\(result)")
        let outcomes = try #require(document["outcomes"] as? [[String: Any]])
        #expect(outcomes.count == 2 && outcomes[1]["completed"] as? Bool == true && outcomes[1]["refused"] as? Bool == false, "\(outcomes)")
        let names = (document["events"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.contains("presentationController.shouldDismiss") && !names.contains("presentationController.didAttemptToDismiss"),
                "\(names)")
    }
}
