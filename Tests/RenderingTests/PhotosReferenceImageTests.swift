import Foundation
import Testing
import TransitionCore
@testable import Rendering
import RenderingTestSupport

/// The bundled photos scene (Scenes/photos.json) drawn at rest, compared with its reference
/// images as the demo scene's poses are: the list with its landscape thumbnails, and the photo
/// screen with the large landscape under a gradient (full size).
extension ReferenceImageTests {
    static let photosScene: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Scenes/photos.json").path
    }()

    static let photoScreens = [("photos-list", "list"), ("photos-detail", "photo")]

    @Test("each screen of the photos scene matches its reference image", arguments: photoScreens.indices)
    func photosMatchReference(index: Int) throws {
        let (name, screen) = Self.photoScreens[index]
        let built = BuiltScene(try SceneDescription(parsing: try String(contentsOfFile: Self.photosScene, encoding: .utf8)))
        let shown = try #require(built.controllers[screen])
        if shown !== built.start { built.scene.window.addSubview(shown.view) }
        let image = SceneRasterizer.render(SceneSnapshot.capture(built.scene, labels: built.labels), width: 390, height: 844)
        let path = Self.folder + "/\(name).png"
        if Self.updating {
            try image.writePNG(path)
            return
        }
        guard FileManager.default.fileExists(atPath: path) else {
            Issue.record("no reference image \(path): run Scripts/update-references, look at it, and commit it")
            return
        }
        let difference = ImageDifference(image, try CairoImage.readPNG(path))
        if !difference.isWithinTolerance {
            let actual = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-actual.png").path
            try? image.writePNG(actual)
            Issue.record("\(name) differs from its reference: \(difference); the frame drawn now is at \(actual)")
        }
    }
}
