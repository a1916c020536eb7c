import Foundation
import Testing
import TransitionCore
@testable import Rendering
import RenderingTestSupport

/// Fixed frames drawn by the renderer, compared with images stored in References/ within a
/// small tolerance (font rasterisation may differ by a shade between library versions).
///
/// The references are made once, looked at, and committed. After a deliberate change to the
/// renderer or the demo scene, `Scripts/update-references` writes them again.
@Suite("Reference images")
struct ReferenceImageTests {

    /// The poses: the home screen at rest (full size); the detail screen part-way in,
    /// scaled and faded (half size); the detail screen rotated with rounded corners over a
    /// half-faded home screen (half size); the detail screen turned in 3D (half size), and
    /// turned reaching past the canvas's edges (full size); the layer properties (full size).
    static let cases: [(name: String, width: Int, height: Int, pose: @Sendable (DemoScene) -> Void)] = [
        ("home", 390, 844, { _ in }),
        ("detail-sliding", 195, 422, { demo in
            demo.scene.window.addSubview(demo.detail.view)
            demo.detail.view.frame = Rect(x: 140, y: 260, width: 390, height: 844)
            demo.detail.view.transform = .scale(0.8, 0.8)
            demo.detail.view.alpha = 0.7
        }),
        ("detail-rotated", 195, 422, { demo in
            demo.scene.window.addSubview(demo.detail.view)
            demo.home.view.alpha = 0.5
            demo.detail.view.transform = rotation(degrees: 12, scale: 0.6)
            demo.detail.view.cornerRadius = 40
        }),
        // ABI 1.1's 3D transform: the detail screen half turned about the vertical axis, with
        // perspective, over the home screen (half size).
        ("detail-turned", 195, 422, { demo in
            demo.scene.window.addSubview(demo.detail.view)
            demo.detail.view.transform3D = Transform3D.rotation(.pi / 3, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 600))
        }),
        // A 3D turn of a view reaching past the canvas (left and bottom), as the renderer
        // benchmark's turned sheet does: what the canvas shows of it, and only that, is drawn
        // flat and carried through the turn (full size).
        ("sheet-turned-past-edges", 390, 844, { demo in
            demo.scene.window.addSubview(demo.detail.view)
            demo.detail.view.frame = Rect(x: -60, y: 300, width: 390, height: 844)
            demo.detail.view.cornerRadius = 12
            demo.detail.view.maskedCorners = .top
            demo.detail.view.clipsToBounds = true
            demo.detail.view.transform3D = Transform3D.rotation(0.5, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 600))
        }),
        // ABI 1.1's layer properties: the detail screen as a sheet with rounded top corners
        // and its content clipped to them, over the home screen whose thumbnails cast blurred
        // shadows; the fact cards bordered and shadowed (full size, as the README shows it).
        ("sheet-layers", 390, 844, { demo in
            demo.scene.window.addSubview(demo.detail.view)
            demo.detail.view.frame = Rect(x: 0, y: 300, width: 390, height: 844)
            demo.detail.view.cornerRadius = 16
            demo.detail.view.maskedCorners = .top
            demo.detail.view.clipsToBounds = true
            demo.home.view.alpha = 0.6
            for view in demo.scene.window.subtree() {
                if view.name.hasSuffix(".thumbnail") || ["detail.fact1", "detail.fact2", "detail.fact3"].contains(view.name) {
                    view.shadowOpacity = 0.35
                    view.shadowRadius = 8
                    view.shadowOffset = Size(width: 0, height: 4)
                }
                if view.name.hasPrefix("detail.fact") && view.name.count == "detail.fact1".count {
                    view.borderWidth = 1.5
                    view.borderColor = Color(red: 0.2, green: 0.45, blue: 0.95, alpha: 0.6)
                }
            }
        }),
        // ABI 1.2's layer properties on the detail screen: the header an axial gradient, the sun
        // a radial one cut to a five-pointed star (a path mask), the photos with continuous
        // corners of 22 pt, the middle one drawn above its neighbours by its zPosition and
        // grown over them, the button a gradient with a continuous corner (full size).
        ("layers-1-2", 390, 844, { demo in
            demo.scene.window.addSubview(demo.detail.view)
            for view in demo.scene.window.subtree() {
                switch view.name {
                case "detail.header":
                    view.contents = .gradient(Gradient(colors: [Color(red: 0.15, green: 0.35, blue: 0.95), Color(red: 0.55, green: 0.2, blue: 0.85)],
                                                       startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1)))
                case "detail.header.sun":
                    view.contents = .gradient(Gradient(kind: .radial, colors: [Color(red: 1, green: 0.95, blue: 0.5), Color(red: 1, green: 0.55, blue: 0.1)],
                                                       startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 1)))
                    var star: [PathElement] = []
                    for k in 0..<10 {
                        let r = k % 2 == 0 ? 56.0 : 24.0, a = -Double.pi / 2 + Double(k) * .pi / 5
                        star.append(PathElement(k == 0 ? .moveTo : .lineTo, [Point(x: 56 + r * cos(a), y: 56 + r * sin(a))]))
                    }
                    view.mask = MaskShape(path: star + [PathElement(.close)])
                case "detail.photo1", "detail.photo2", "detail.photo3":
                    view.cornerRadius = 22
                    view.cornerCurve = .continuous
                    if view.name == "detail.photo2" {
                        view.zPosition = 1
                        view.transform = .scale(1.3, 1.3)
                    }
                case "detail.button":
                    view.contents = .gradient(Gradient(colors: [Color(red: 0.1, green: 0.6, blue: 0.5), Color(red: 0.1, green: 0.3, blue: 0.8)],
                                                       startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5)))
                    view.cornerRadius = 26
                    view.cornerCurve = .continuous
                default: break
                }
            }
        }),
    ]

    @Test("each pose matches its reference image", arguments: cases.indices)
    func matchesReference(index: Int) throws {
        let c = Self.cases[index]
        let image = SceneRasterizer.render(posedDemo(c.pose), width: c.width, height: c.height)
        if let why = try ReferenceImage.mismatch(image, name: "\(c.name).png") { Issue.record(Comment(rawValue: why)) }
    }

    /// Plots compared as the poses are: an ordinary run, and an interactive one whose gesture
    /// scrubs back and forth (its curves must stay in their panels, one bar per animation).
    static let plots: [(name: String, report: @Sendable () throws -> TransitionRun.Report)] = [
        ("plot-cover-vertical", { try standardRun() }),
        ("plot-interactive", { try CurvePlotTests.interactiveRun() }),
    ]

    @Test("each plot matches its reference image", arguments: plots.indices)
    func plotMatchesReference(index: Int) throws {
        let c = Self.plots[index]
        let folder = try ScratchFolder("plot-reference")
        _ = try CurvePlot(report: try c.report()).write(to: folder.file("plot.png"))
        // A plot is mostly text, whose antialiasing varies by a shade more than a scene's: 1% of pixels.
        if let why = try ReferenceImage.mismatch(try CairoImage.readPNG(folder.file("plot.png")), name: "\(c.name).png", share: 0.01) {
            Issue.record(Comment(rawValue: why))
        }
    }

    @Test("the comparison notices a change: one moved view fails it")
    func comparisonIsSensitive() throws {
        let still = SceneRasterizer.render(posedDemo(), width: 195, height: 422)
        let moved = SceneRasterizer.render(posedDemo { demo in
            demo.scene.views.first { $0.name == "home.cell3.thumbnail" }!.frame = Rect(x: 40, y: 12, width: 56, height: 56)
        }, width: 195, height: 422)
        #expect(ImageDifference(still, still).isWithinTolerance)
        #expect(!ImageDifference(still, moved).isWithinTolerance)
    }
}
