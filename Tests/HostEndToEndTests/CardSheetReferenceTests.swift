import Foundation
import Testing

/// The bundled card-sheet's end of presentation, drawn by the host running the plugin: the
/// rounded card in its shadowed wrapper over the shrunken, dimmed presenter, compared with a
/// reference image as the renderer's poses are (Tests/RenderingTests/References).
@Suite("The card sheet's reference image")
struct CardSheetReferenceTests {
    @Test("the presented card sheet matches its reference image")
    func presentedReference() async throws {
        let dir = try TempDir("card-sheet-reference")
        let folder = dir.file("frames") + "/"
        let result = try await runHost(["run", "cover-vertical", "--presentation", "card-sheet", "--output", folder],
                                       pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 0, "\(result)")
        // cover-vertical presents in 0.5 s: frame 30 at 60 fps is the presentation's end.
        try ReferenceFrame.expect(folder + "frame-0030.png", matches: "card-sheet-presented.png")
    }
}
