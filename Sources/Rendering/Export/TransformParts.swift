import LibC
import TransitionCore

/// An affine transform as SVG can animate it: SMIL's animateTransform knows translate,
/// rotate, skewX and scale but not matrix, so a matrix is taken apart as
///
///     matrix = translate(tx, ty) · rotate(angle) · skewX(skew) · scale(sx, sy)
///
/// (angles in degrees), which composes back exactly.
struct TransformParts: Equatable {
    var tx, ty, angle, skew, sx, sy: Double

    init(_ m: AffineTransform) {
        tx = m.tx
        ty = m.ty
        let sx = (m.a * m.a + m.b * m.b).squareRoot()
        // The rotation is the first column's direction (none when that column vanishes).
        let (cosine, sine) = sx > 1e-12 ? (m.a / sx, m.b / sx) : (1.0, 0.0)
        let sy = -sine * m.c + cosine * m.d
        let tangent = abs(sy) > 1e-12 ? (cosine * m.c + sine * m.d) / sy : 0
        self.sx = sx
        self.sy = sy
        angle = atan2(sine, cosine) * 180 / .pi
        skew = atan(tangent) * 180 / .pi
    }

    /// The matrix these parts compose to.
    var matrix: AffineTransform {
        let r = angle * .pi / 180, k = tan(skew * .pi / 180)
        let (cosine, sine) = (cos(r), sin(r))
        // rotate · skewX · scale, column by column.
        return AffineTransform(a: cosine * sx, b: sine * sx, c: (cosine * k - sine) * sy, d: (sine * k + cosine) * sy,
                               tx: tx, ty: ty)
    }

    /// Makes successive angles continuous (no jump from 179° to −179°), so that SMIL's
    /// interpolation between frames turns the short way.
    static func unwrapAngles(_ parts: inout [TransformParts]) {
        guard parts.count > 1 else { return }
        for i in 1..<parts.count {
            while parts[i].angle - parts[i - 1].angle > 180 { parts[i].angle -= 360 }
            while parts[i].angle - parts[i - 1].angle < -180 { parts[i].angle += 360 }
        }
    }
}
