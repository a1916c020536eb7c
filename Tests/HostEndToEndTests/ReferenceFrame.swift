import Foundation
import Rendering
import RenderingTestSupport
import Testing

/// Reference images of frames the host draws running a bundled plugin, kept beside the
/// renderer's in Tests/RenderingTests/References. Scripts/update-references writes them again
/// (UPDATE_REFERENCES=1); look at them before committing.
enum ReferenceFrame {
    static func path(_ name: String) -> String { Repo.root + "/Tests/RenderingTests/References/" + name }

    /// Expects the PNG `frame` (written by a host run) to match the reference image `name`
    /// within ImageDifference's tolerance; with UPDATE_REFERENCES=1, makes it the reference.
    static func expect(_ frame: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let image = try CairoImage.readPNG(frame)
        let reference = path(name)
        if ProcessInfo.processInfo.environment["UPDATE_REFERENCES"] == "1" {
            try image.writePNG(reference)
            return
        }
        guard FileManager.default.fileExists(atPath: reference) else {
            Issue.record("no reference image \(reference): run Scripts/update-references, look at it, and commit it",
                         sourceLocation: sourceLocation)
            return
        }
        let difference = ImageDifference(image, try CairoImage.readPNG(reference))
        #expect(difference.isWithinTolerance, "\(difference); the frame is \(frame)", sourceLocation: sourceLocation)
    }
}
