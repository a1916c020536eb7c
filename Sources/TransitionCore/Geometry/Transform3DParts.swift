/// A 3D transform taken apart as Core Animation and CSS take one apart to animate it:
/// perspective, translation, rotation (a unit quaternion), skew and scale. Interpolating the
/// parts (the quaternion along the shorter arc) turns a card about its axis, where
/// interpolating the sixteen numbers would squash it flat halfway through a half turn.
/// The algorithm is the one CSS Transforms level 2 specifies ("decomposing a 3D matrix"),
/// for row vectors as CATransform3D has them.
public struct Transform3DParts: Equatable, Sendable {
    public var perspective: [Double] = [0, 0, 0, 1]
    public var translation: [Double] = [0, 0, 0]
    public var scale: [Double] = [1, 1, 1]
    /// xy, xz, yz.
    public var skew: [Double] = [0, 0, 0]
    /// x, y, z, w.
    public var quaternion: [Double] = [0, 0, 0, 1]

    public init() {}

    /// The parts of `t`. A matrix with no inverse in its upper 3×3 and translation (a scale of
    /// 0 in some direction) still decomposes: that direction's scale is 0 and its axis is taken
    /// as the identity's, so that a view can animate to and from a collapsed state.
    ///
    /// One departure from the spec: it divides the matrix by m44 before taking out the
    /// perspective, which leaves a hinge written into the matrix (translate · rotate ·
    /// translate back · perspective, whose m44 is 1 + tz·p) with a spurious scale of 1/m44 that
    /// the perspective's w undoes only at the ends, so halfway through the door grows. Here the
    /// matrix is divided by the perspective's own w instead (the same as m44 when there is no
    /// perspective): such a matrix comes apart as exactly the translation, rotation and
    /// perspective it was written with, with w = 1, and putting the parts back gives it again.
    public init?(_ t: Transform3D) {
        var m = t.m
        guard t.isFinite else { return nil }
        var w = m[3][3]
        if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
            // The perspective: the column (c, m44) solved against [[U, 0], [t, 1]] (U the upper
            // 3×3, t the translation), as the spec does; its first three are unchanged by
            // any scaling of the whole matrix, its w is what that scaling multiplies.
            var pm = m
            for r in 0..<3 { pm[r][3] = 0 }
            pm[3][3] = 1
            guard let inverse = Self.inverse(pm) else { return nil }
            let rhs = [m[0][3], m[1][3], m[2][3], m[3][3]]
            // rhs × transpose(inverse)
            perspective = (0..<4).map { j in (0..<4).reduce(0) { $0 + rhs[$1] * inverse[j][$1] } }
            w = perspective[3]
            perspective[3] = 1
        }
        guard w != 0, w.isFinite else { return nil }
        for r in 0..<4 { for c in 0..<4 { m[r][c] /= w } }

        translation = [m[3][0], m[3][1], m[3][2]]

        var rows = (0..<3).map { [m[$0][0], m[$0][1], m[$0][2]] }
        func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
        func normalized(_ v: [Double], or axis: Int) -> [Double] {
            let l = length(v)
            guard l > 1e-12 else { return (0..<3).map { $0 == axis ? 1 : 0 } }
            return v.map { $0 / l }
        }
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func combine(_ a: [Double], _ b: [Double], _ s: Double) -> [Double] { [a[0] + s * b[0], a[1] + s * b[1], a[2] + s * b[2]] }

        scale[0] = length(rows[0])
        rows[0] = normalized(rows[0], or: 0)
        skew[0] = dot(rows[0], rows[1])
        rows[1] = combine(rows[1], rows[0], -skew[0])
        scale[1] = length(rows[1])
        rows[1] = normalized(rows[1], or: 1)
        if scale[1] > 1e-12 { skew[0] /= scale[1] }
        skew[1] = dot(rows[0], rows[2])
        rows[2] = combine(rows[2], rows[0], -skew[1])
        skew[2] = dot(rows[1], rows[2])
        rows[2] = combine(rows[2], rows[1], -skew[2])
        scale[2] = length(rows[2])
        rows[2] = normalized(rows[2], or: 2)
        if scale[2] > 1e-12 { skew[1] /= scale[2]; skew[2] /= scale[2] }

        // A mirror image: flip every axis so the rotation is a proper one.
        let cross = [rows[1][1] * rows[2][2] - rows[1][2] * rows[2][1],
                     rows[1][2] * rows[2][0] - rows[1][0] * rows[2][2],
                     rows[1][0] * rows[2][1] - rows[1][1] * rows[2][0]]
        if dot(rows[0], cross) < 0 {
            for i in 0..<3 {
                scale[i] = -scale[i]
                rows[i] = rows[i].map { -$0 }
            }
        }

        var q = [
            0.5 * max(1 + rows[0][0] - rows[1][1] - rows[2][2], 0).squareRoot(),
            0.5 * max(1 - rows[0][0] + rows[1][1] - rows[2][2], 0).squareRoot(),
            0.5 * max(1 - rows[0][0] - rows[1][1] + rows[2][2], 0).squareRoot(),
            0.5 * max(1 + rows[0][0] + rows[1][1] + rows[2][2], 0).squareRoot(),
        ]
        if rows[2][1] > rows[1][2] { q[0] = -q[0] }
        if rows[0][2] > rows[2][0] { q[1] = -q[1] }
        if rows[1][0] > rows[0][1] { q[2] = -q[2] }
        quaternion = q
    }

    /// The matrix these parts make (the quaternion normalised first, so that an
    /// interpolated one still gives a rotation).
    public var matrix: Transform3D {
        var m = Transform3D.identity.m
        for i in 0..<4 { m[i][3] = perspective[i] }
        for i in 0..<4 { for j in 0..<3 { m[3][i] += translation[j] * m[j][i] } }

        let n = (quaternion.map { $0 * $0 }.reduce(0, +)).squareRoot()
        let (x, y, z, w) = n > 1e-12
            ? (quaternion[0] / n, quaternion[1] / n, quaternion[2] / n, quaternion[3] / n) : (0, 0, 0, 1)
        // The quaternion's rotation for row vectors (the transpose of the spec's matrix, which
        // the extraction above matches).
        let rotation = [
            [1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0],
            [2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0],
            [2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0],
            [0, 0, 0, 1],
        ]
        m = Self.multiply(rotation, m)
        var temp = Transform3D.identity.m
        if skew[2] != 0 { temp[2][1] = skew[2]; m = Self.multiply(temp, m) }
        if skew[1] != 0 { temp[2][1] = 0; temp[2][0] = skew[1]; m = Self.multiply(temp, m) }
        if skew[0] != 0 { temp[2][0] = 0; temp[1][0] = skew[0]; m = Self.multiply(temp, m) }
        for i in 0..<3 { for j in 0..<4 { m[i][j] *= scale[i] } }
        return Transform3D(m)
    }

    static func multiply(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        var r = [[Double]](repeating: [0, 0, 0, 0], count: 4)
        for i in 0..<4 { for j in 0..<4 { for k in 0..<4 { r[i][j] += a[i][k] * b[k][j] } } }
        return r
    }

    /// The inverse of a 4×4 matrix by Gauss–Jordan elimination, or nil when singular.
    static func inverse(_ matrix: [[Double]]) -> [[Double]]? {
        var a = matrix, inv = Transform3D.identity.m
        for col in 0..<4 {
            guard let pivot = (col..<4).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), abs(a[pivot][col]) > 1e-12 else { return nil }
            a.swapAt(col, pivot)
            inv.swapAt(col, pivot)
            let p = a[col][col]
            for j in 0..<4 { a[col][j] /= p; inv[col][j] /= p }
            for r in 0..<4 where r != col {
                let factor = a[r][col]
                if factor == 0 { continue }
                for j in 0..<4 { a[r][j] -= factor * a[col][j]; inv[r][j] -= factor * inv[col][j] }
            }
        }
        return inv
    }
}
