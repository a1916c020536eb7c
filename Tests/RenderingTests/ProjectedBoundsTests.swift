import Testing
import TransitionCore
@testable import Rendering

/// The bound on a 3D-transformed view's flat picture (ProjectedBounds): only the part of it
/// that the canvas can show is cleared and drawn, so that part must hold every pixel the
/// resampling reads, or the view would show an older frame's drawing at its edges.
@Suite("Projected bounds")
struct ProjectedBoundsTests {
    let width = 400, height = 300

    /// A turn about the vertical line through the canvas's middle, with perspective, grown by
    /// `scale` and moved by (dx, dy): canvas pixels to canvas pixels.
    func turn(_ angle: Double, distance: Double, dx: Double, dy: Double, scale: Double = 1) -> Homography {
        let cx = Double(width) / 2, cy = Double(height) / 2
        return Transform3D.translation(-cx, -cy, 0).concatenating(.rotation(angle, x: 0, y: 1, z: 0)).concatenating(.scale(scale, scale, 1))
            .concatenating(.perspective(distance: distance)).concatenating(.translation(cx + dx, cy + dy, 0)).planeHomography
    }

    @Test("every pixel that a sample in the landing box reads lies in the flat region, wherever the turned view reaches past the canvas")
    func regionHoldsEverySample() throws {
        // The view reaches past the canvas's bottom and right, as the benchmark's sheet does;
        // some turns magnify it, so that a canvas pixel's half is less than a picture pixel's
        // and samples reach nearer the region's edge.
        let view = [Point(x: 20.3, y: 100.7), Point(x: 430.6, y: 100.7), Point(x: 20.3, y: 520.2), Point(x: 430.6, y: 520.2)]
        var read = 0, missed = 0, smaller = 0
        for (angle, distance, dx, dy, scale) in [(0.5, 600.0, 0.0, 0.0, 1.0), (-0.9, 300, 150, -100, 1), (1.2, 500, -200, 120, 1),
                                                 (0.3, 2000, 50, -250, 1), (-0.2, 800, -300, 0, 1), (0.7, 400, 0, 0.37, 1),
                                                 (0.4, 900, 0, 0, 4), (-0.6, 700, 900, 200, 6.5), (0.1, 3000, -700, -300, 9)] {
            let forward = turn(angle, distance: distance, dx: dx, dy: dy, scale: scale)
            let inverse = try #require(forward.inverse)
            let box = ProjectedBounds.landing(of: view, through: forward, width: width, height: height)
            let subtree = ProjectedBounds.around(view)
            let region = ProjectedBounds.flatRegion(read: box, through: inverse, subtree: subtree, width: width, height: height)
            if region.width * region.height < subtree.width * subtree.height { smaller += 1 }
            for y in box.y..<(box.y + box.height) {
                for x in box.x..<(box.x + box.width) {
                    guard let p = inverse.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) else { continue }
                    // The sample blends pixels (i, j) to (i + 1, j + 1).
                    let i = Int((p.x - 0.5).rounded(.down)), j = Int((p.y - 0.5).rounded(.down))
                    // Every pixel of the view's flat drawing that is read, on the canvas or off it.
                    for (pi, pj) in [(i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1)]
                    where (20..<431).contains(pi) && (100..<521).contains(pj) {
                        read += 1
                        if !(region.x..<(region.x + region.width)).contains(pi) || !(region.y..<(region.y + region.height)).contains(pj) {
                            missed += 1
                        }
                    }
                }
            }
        }
        #expect(read > 100_000)
        #expect(missed == 0, "\(missed) of \(read) pixels read lie outside the flat region")
        // And the bound saves something: less than all of the view is drawn in most poses.
        #expect(smaller >= 6, "\(smaller)")
    }

    @Test("a turn whose corner goes behind the eye draws all of the view flat, at most the canvas's size past each edge")
    func behindTheEye() throws {
        let forward = turn(1.2, distance: 150, dx: 0, dy: 0)
        let view = [Point(x: -400, y: 0), Point(x: 800, y: 0), Point(x: -400, y: 300), Point(x: 800, y: 300)]
        let box = ProjectedBounds.landing(of: view, through: forward, width: width, height: height)
        #expect(box == .init(x: 0, y: 0, width: width, height: height))
        let region = ProjectedBounds.flatRegion(read: box, through: try #require(forward.inverse), subtree: ProjectedBounds.around(view),
                                                width: width, height: height)
        #expect(region == .init(x: -400, y: -2, width: 1200, height: 304))
        let huge = [Point(x: -5000, y: -5000), Point(x: 5000, y: 5000)]
        let capped = ProjectedBounds.flatRegion(read: box, through: try #require(forward.inverse), subtree: ProjectedBounds.around(huge),
                                                width: width, height: height)
        #expect(capped == .init(x: -400, y: -300, width: 1200, height: 900))
    }

    @Test("a view shrunk by its 3D transform shows the parts of it that lie off the canvas when drawn flat")
    func offCanvasPartsShow() throws {
        // 100 × 1600 points on a 390 × 844 window, shrunk to a quarter about its centre
        // (50, 800): its flat rows 844 to 976, below the window, land on rows 811 to 844.
        let scene = Scene(windowSize: Size(width: 390, height: 844))
        let tall = scene.makeView(name: "tall", frame: Rect(x: 0, y: 0, width: 100, height: 1600))
        tall.backgroundColor = Color(red: 1, green: 0, blue: 0, alpha: 1)
        tall.transform3D = Transform3D.scale(0.25, 0.25, 1)
        scene.window.addSubview(tall)
        let image = SceneRasterizer.render(SceneSnapshot.capture(scene), width: 390, height: 844)
        let pixel = image.withPixels { $0[830 * image.stride / 4 + 50] }
        #expect(pixel == 0xFFFF_0000, "\(String(pixel, radix: 16))")
        // Its top lands at row 600: above it, the window's black.
        #expect(image.withPixels { $0[590 * image.stride / 4 + 50] } == 0xFF00_0000)
    }
}
