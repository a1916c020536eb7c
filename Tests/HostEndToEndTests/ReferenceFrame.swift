import Foundation
import Rendering
import RenderingTestSupport
import Testing

/// Frames the host draws running a bundled plugin, compared with their reference images
/// (ReferenceImage: Tests/RenderingTests/References, written again by Scripts/update-references).
enum ReferenceFrame {
    /// Expects the PNG `frame` (written by a host run) to match the reference image `name`.
    static func expect(_ frame: String, matches name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if let why = try ReferenceImage.mismatch(try CairoImage.readPNG(frame), name: name) {
            Issue.record(Comment(rawValue: why + " (the host's frame: \(frame))"), sourceLocation: sourceLocation)
        }
    }
}
