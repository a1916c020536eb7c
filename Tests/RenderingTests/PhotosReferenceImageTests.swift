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
        if let why = try ReferenceImage.mismatch(image, name: "\(name).png") { Issue.record(Comment(rawValue: why)) }
    }
}
