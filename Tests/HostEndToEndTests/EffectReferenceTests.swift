import Foundation
import Testing

/// Frames of bundled effects that use ABI 1.1's layers, drawn by the host running the plugin
/// and compared with reference images (Tests/RenderingTests/References; Scripts/update-references
/// draws them again): each catches a change in the effect, the ABI's path to it, or the renderer.
@Suite("Bundled effects' reference images")
struct EffectReferenceTests {
    /// `host run ARGUMENTS --output DIR/`, and the path of frame `index` (60 frames a second from 0).
    /// Given 300 s: a debug host drawing every frame of a blurred run takes 4 s alone, and once
    /// took over 120 s among the whole suite's processes on two cores.
    static func frame(_ arguments: [String], index: Int, in dir: TempDir) async throws -> String {
        let folder = dir.file("frames") + "/"
        let result = try await runHost(["run"] + arguments + ["--output", folder], pluginFolder: try dir.folder("plugins"), in: dir,
                                       timeout: 300)
        #expect(result.status == 0, "\(result)")
        let number = String(index)
        return folder + "frame-" + String(repeating: "0", count: 4 - number.count) + number + ".png"
    }

    @Test("flip a third of the way into the presentation: the home screen turned away in perspective")
    func flip() async throws {
        // 0.6 s: frame 12 is 0.2 s.
        try ReferenceFrame.expect(try await Self.frame(["flip"], index: 12, in: try TempDir("flip-reference")), matches: "flip-turning.png")
    }

    @Test("door a third of the way in: the detail swinging shut on its left edge, its free edge away from the eye")
    func door() async throws {
        // 0.6 s: frame 12 is 0.2 s.
        try ReferenceFrame.expect(try await Self.frame(["door"], index: 12, in: try TempDir("door-reference")), matches: "door-swinging.png")
    }

    @Test("reveal half way: the detail inside a circle grown from the lower right corner, the list around it")
    func reveal() async throws {
        // 0.5 s: frame 15 is 0.25 s.
        try ReferenceFrame.expect(try await Self.frame(["reveal"], index: 15, in: try TempDir("reveal-reference")), matches: "reveal-half.png")
    }

    @Test("flight 0.27 s in: the detail, a card growing, turned up its curve over the lower list")
    func flight() async throws {
        // 0.6 s: frame 16 is 0.267 s.
        try ReferenceFrame.expect(try await Self.frame(["flight"], index: 16, in: try TempDir("flight-reference")), matches: "flight-rising.png")
    }

    @Test("a sheet half way up over frosted glass fading in: the list behind it half under its blur of 10 pt and white tint")
    func frosted() async throws {
        // 0.5 s: frame 15 is 0.25 s, the blur's radius half its 20 pt.
        try ReferenceFrame.expect(try await Self.frame(["cover-vertical", "--presentation", "frosted"], index: 15,
                                                       in: try TempDir("frosted-reference")), matches: "frosted-half.png")
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

    @Test("zoom just begun: the clipping view on the thumbnail, the header's picture fading in over it, aspect kept")
    func zoomEarly() async throws {
        // Frame 3 is 0.05 s into the 0.5 s present.
        try ReferenceFrame.expect(try await Self.frame(["zoom"], index: 3, in: try TempDir("zoom-early-reference")), matches: "zoom-early.png")
    }

    @Test("zoom going back: the header's picture shrinking into the thumbnail at its own aspect, the circle round")
    func zoomBack() async throws {
        // The dismissal starts at frame 30 (0.5 s); frame 36 is 0.1 s into it.
        try ReferenceFrame.expect(try await Self.frame(["zoom"], index: 36, in: try TempDir("zoom-back-reference")), matches: "zoom-back.png")
    }

    @Test("cube just begun presenting: the face below is turned away, so nothing of it is drawn over the screen")
    func cubePresentEarly() async throws {
        // Frame 3 is 0.05 s into the 0.6 s present.
        try ReferenceFrame.expect(try await Self.frame(["cube"], index: 3, in: try TempDir("cube-early-reference")), matches: "cube-present-early.png")
    }

    @Test("a tab switch half way: the tapped tab already selected in the bar, as UIKit does at the tap")
    func tabSwitch() async throws {
        // crossfade takes 0.3 s: frame 9 is 0.15 s.
        try ReferenceFrame.expect(try await Self.frame(["crossfade", "--tabs"], index: 9, in: try TempDir("tabs-reference")),
                                  matches: "tabs-crossfade-mid.png")
    }
}
