import Foundation
import Rendering

/// The reference images every rendering and end-to-end test compares with
/// (Tests/RenderingTests/References): one comparison, one way of writing them again.
/// `Scripts/update-references` runs the tests with UPDATE_REFERENCES=1, which makes each
/// image drawn the reference; look at them before committing.
public enum ReferenceImage {
    public static let folder: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("RenderingTests/References").path
    }()

    public static var updating: Bool { ProcessInfo.processInfo.environment["UPDATE_REFERENCES"] == "1" }

    /// Compares `image` with the reference `name` (a file in `folder`), or makes it the
    /// reference when updating. nil when it matches (or was written); otherwise what to
    /// report, the image drawn now saved to a temporary file that the text names. `share`: the
    /// share of clearly different pixels allowed (more for plots, which are mostly text).
    public static func mismatch(_ image: CairoImage, name: String,
                                share: Double = ImageDifference.maxClearlyDifferent) throws -> String? {
        let path = folder + "/" + name
        if updating {
            try image.writePNG(path)
            return nil
        }
        guard FileManager.default.fileExists(atPath: path) else {
            return "no reference image \(path): run Scripts/update-references, look at it, and commit it"
        }
        let difference = ImageDifference(image, try CairoImage.readPNG(path))
        guard !difference.isWithin(clearlyDifferent: share) else { return nil }
        let actual = FileManager.default.temporaryDirectory.appendingPathComponent("actual-" + name).path
        try? image.writePNG(actual)
        return "\(name) differs from its reference: \(difference); the image drawn now is at \(actual)"
    }
}
