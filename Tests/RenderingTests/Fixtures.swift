import Foundation
import Testing
import TransitionCore
@testable import Rendering

// Runs and scenes the rendering tests draw, without plugins: the host's standard effects
// (cover-vertical, cross-dissolve) on the demo scene, and still scenes posed by hand.

/// A run of a built-in effect on the demo scene.
func standardRun(_ effect: String = "cover-vertical", fps: Int = 60) throws -> TransitionRun.Report {
    let registry = EffectRegistry()
    for standard in StandardEffect.all() { registry.register(standard) }
    return try TransitionRun.run(registry: registry, options: .init(effect: effect, framesPerSecond: fps))
}

/// The demo scene posed by `pose` (views moved without animation), as a snapshot.
func posedDemo(_ pose: (DemoScene) -> Void = { _ in }) -> SceneSnapshot {
    let demo = DemoScene()
    pose(demo)
    return SceneSnapshot.capture(demo.scene, labels: demo.labels)
}

/// The layer rendering tests' picture: a 200×200 white window holding a red 100×100 card at
/// (50, 50) (centre (100, 100)), which `style` sets up, drawn at scale 1 so that each pixel can
/// be read; and what a pixel of it is.
protocol CardOnWhite {}

extension CardOnWhite {
    typealias Pixel = (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8)
    var red: Color { Color(red: 1, green: 0, blue: 0) }
    var blue: Color { Color(red: 0, green: 0, blue: 1) }

    func render(_ style: (Scene, View) -> Void) -> CairoImage {
        let scene = Scene(windowSize: Size(width: 200, height: 200), clock: VirtualClock(framesPerSecond: 60))
        scene.window.backgroundColor = .white
        let card = scene.makeView(name: "card", frame: Rect(x: 50, y: 50, width: 100, height: 100))
        card.backgroundColor = red
        scene.window.addSubview(card)
        style(scene, card)
        return SceneRasterizer.render(SceneSnapshot.capture(scene), width: 200, height: 200)
    }

    func isWhite(_ p: Pixel) -> Bool { p.red > 250 && p.green > 250 && p.blue > 250 }
    func isRed(_ p: Pixel) -> Bool { p.red > 250 && p.green < 5 && p.blue < 5 }
    func isBlue(_ p: Pixel) -> Bool { p.blue > 250 && p.red < 5 && p.green < 5 }
}

func rotation(degrees: Double, scale: Double = 1) -> TransitionCore.AffineTransform {
    let r = degrees * .pi / 180
    return TransitionCore.AffineTransform(a: cos(r) * scale, b: sin(r) * scale, c: -sin(r) * scale, d: cos(r) * scale, tx: 0, ty: 0)
}

/// A fresh folder, removed when the test lets go of it.
final class ScratchFolder: Sendable {
    let path: String
    init(_ label: String) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("rendering-tests-\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String) -> String { path + "/" + name }
}

/// The colour of a pixel, to compare with a scene colour within a little rounding.
func expectColor(_ image: CairoImage, x: Int, y: Int, _ color: Color, tolerance: Int = 3,
                 _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
    let p = image.rgba(x: x, y: y)
    let want = [color.red, color.green, color.blue].map { Int(($0 * 255).rounded()) }
    let got = [Int(p.red), Int(p.green), Int(p.blue)]
    #expect(zip(want, got).allSatisfy { abs($0 - $1) <= tolerance }, "\(what): pixel (\(x), \(y)) is \(got), expected \(want)",
            sourceLocation: sourceLocation)
}
