import CCairo
import TransitionCore

/// Apple's continuous corner (CALayer.cornerCurve = .continuous): three cubic curves per
/// corner whose curvature grows from the edge instead of jumping to 1/radius where a quarter
/// circle begins. The control points, in radii from the corner, are the widely reproduced
/// fit of UIKit's own rounded rectangles; the curve is symmetric about the corner's diagonal.
enum ContinuousCorner {
    /// How far along each edge, in radii, the curve begins.
    static let reach = 1.52866483

    /// The top-right corner's curves, from the top edge to the right one, as (control 1,
    /// control 2, end) in radii: x measured leftwards from the right edge, y down from the top.
    static let curves: [((Double, Double), (Double, Double), (Double, Double))] = [
        ((1.08849296, 0), (0.86840694, 0), (0.63149399, 0.07491100)),
        ((0.37282383, 0.16905956), (0.16905956, 0.37282383), (0.07491100, 0.63149399)),
        ((0, 0.86840694), (0, 1.08849296), (0, reach)),
    ]

    /// The rectangle's outline, clockwise from the top edge, each corner in `corners`
    /// continuous with `radius` (already small enough), the others square.
    static func path(_ cr: OpaquePointer, x: Double, y: Double, width: Double, height: Double, radius r: Double,
                     corners: CornerMask) {
        // Each corner: where it is, and the unit directions its curve arrives along (towards
        // the corner, along the edge before it) and leaves along (the edge after it).
        struct Corner { let mask: CornerMask; let x, y: Double; let along, out: (x: Double, y: Double) }
        let all = [
            Corner(mask: .topRight, x: x + width, y: y, along: (1, 0), out: (0, 1)),
            Corner(mask: .bottomRight, x: x + width, y: y + height, along: (0, 1), out: (-1, 0)),
            Corner(mask: .bottomLeft, x: x, y: y + height, along: (-1, 0), out: (0, -1)),
            Corner(mask: .topLeft, x: x, y: y, along: (0, -1), out: (1, 0)),
        ]
        cairo_new_sub_path(cr)
        let start = corners.contains(.topLeft) ? x + reach * r : x
        cairo_move_to(cr, start, y)
        for c in all {
            guard corners.contains(c.mask) else {
                cairo_line_to(cr, c.x, c.y)
                continue
            }
            // A point given in radii: `back` from the corner against `along`, `on` along `out`.
            func point(_ p: (back: Double, on: Double)) -> (x: Double, y: Double) {
                (c.x - p.back * r * c.along.x + p.on * r * c.out.x, c.y - p.back * r * c.along.y + p.on * r * c.out.y)
            }
            let begin = point((reach, 0))
            cairo_line_to(cr, begin.x, begin.y)
            for (c1, c2, end) in curves {
                let a = point(c1), b = point(c2), e = point(end)
                cairo_curve_to(cr, a.x, a.y, b.x, b.y, e.x, e.y)
            }
        }
        cairo_close_path(cr)
    }
}
