import Foundation
import Testing

/// Frames of bundled effects that use ABI 1.1's layers, drawn by the host running the plugin
/// and compared with reference images (Tests/RenderingTests/References; Scripts/update-references
/// draws them again): each catches a change in the effect, the ABI's path to it, or the renderer.
@Suite("Bundled effects' reference images")
struct EffectReferenceTests {
    /// `host run ARGUMENTS --output DIR/`, and the path of frame `index` (60 frames a second from 0).
    static func frame(_ arguments: [String], index: Int, in dir: TempDir) async throws -> String {
        let folder = dir.file("frames") + "/"
        let result = try await runHost(["run"] + arguments + ["--output", folder], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 0, "\(result)")
        let number = String(index)
        return folder + "frame-" + String(repeating: "0", count: 4 - number.count) + number + ".png"
    }

    @Test("flip a third of the way into the presentation: the home screen turned away in perspective")
    func flip() async throws {
        // 0.6 s: frame 12 is 0.2 s.
        try ReferenceFrame.expect(try await Self.frame(["flip"], index: 12, in: try TempDir("flip-reference")), matches: "flip-turning.png")
    }

    @Test("view-transition's flip from the right a third of the way in, played by the host")
    func viewTransition() async throws {
        // 0.5 s: frame 10 is 0.167 s.
        try ReferenceFrame.expect(try await Self.frame(["view-transition"], index: 10, in: try TempDir("view-transition-reference")),
                                  matches: "view-transition-flip.png")
    }

    @Test("zoom half way: the first thumbnail growing into the detail header, its corners straightening")
    func zoom() async throws {
        // 0.5 s: frame 15 is 0.25 s.
        try ReferenceFrame.expect(try await Self.frame(["zoom"], index: 15, in: try TempDir("zoom-reference")), matches: "zoom-mid.png")
    }
}
