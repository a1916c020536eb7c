import LibC

/// A 3D transform as CATransform3D holds it: a 4×4 matrix applied to row vectors, so a point
/// (x, y, z, 1) times the matrix gives (X, Y, Z, W) and the point lands at (X/W, Y/W).
/// Perspective comes from m34 (−1/distance, as apps set it); translation is in m41…m43.
/// `m[r][c]` is m(r+1)(c+1).
public struct Transform3D: Hashable, Sendable {
    /// The sixteen numbers, row after row, held inline: every view has a 3D transform, and
    /// copying or comparing one must cost no allocation (the renderer and the motion check
    /// look at every view's each frame).
    private var storage: SIMD16<Double>

    /// The rows, as arrays: for code that reads or sets single entries, never in a hot path.
    public var m: [[Double]] {
        get { (0..<4).map { r in (0..<4).map { c in storage[r * 4 + c] } } }
        set {
            precondition(newValue.count == 4 && newValue.allSatisfy { $0.count == 4 }, "a 3D transform is 4×4")
            for r in 0..<4 { for c in 0..<4 { storage[r * 4 + c] = newValue[r][c] } }
        }
    }

    public init(_ rows: [[Double]]) {
        precondition(rows.count == 4 && rows.allSatisfy { $0.count == 4 }, "a 3D transform is 4×4")
        storage = SIMD16(rows.flatMap { $0 })
    }

    private init(storage: SIMD16<Double>) { self.storage = storage }

    /// m(row+1)(column+1).
    public subscript(row: Int, column: Int) -> Double {
        get { storage[row * 4 + column] }
        set { storage[row * 4 + column] = newValue }
    }

    public static let identity = Transform3D([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])

    /// The sixteen numbers, row after row (CATransform3D's field order).
    public var values: [Double] { (0..<16).map { storage[$0] } }
    public init(values v: [Double]) { self.init([Array(v[0..<4]), Array(v[4..<8]), Array(v[8..<12]), Array(v[12..<16])]) }

    /// Lane by lane, all at once: SIMD16's `==` compares one lane at a time through memory, and
    /// every view's transform is asked this several times a frame.
    public var isIdentity: Bool {
        let identity = SIMD16<Double>(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
        return all(storage .== identity)
    }
    public var isFinite: Bool { (0..<16).allSatisfy { storage[$0].isFinite } }

    /// `self` then `other` (row vectors: self × other), as CATransform3DConcat(self, other).
    public func concatenating(_ other: Transform3D) -> Transform3D {
        var r = SIMD16<Double>(repeating: 0)
        for i in 0..<4 { for j in 0..<4 { for k in 0..<4 { r[i * 4 + j] += storage[i * 4 + k] * other.storage[k * 4 + j] } } }
        return Transform3D(storage: r)
    }

    /// A rotation by `angle` radians about the axis (x, y, z), as CATransform3DMakeRotation.
    public static func rotation(_ angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0 else { return .identity }
        let (x, y, z) = (x / length, y / length, z / length)
        let c = cos(angle), s = sin(angle), t = 1 - c
        return Transform3D([
            [t * x * x + c, t * x * y + s * z, t * x * z - s * y, 0],
            [t * x * y - s * z, t * y * y + c, t * y * z + s * x, 0],
            [t * x * z + s * y, t * y * z - s * x, t * z * z + c, 0],
            [0, 0, 0, 1],
        ])
    }

    public static func translation(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        var t = identity
        (t[3, 0], t[3, 1], t[3, 2]) = (x, y, z)
        return t
    }

    public static func scale(_ x: Double, _ y: Double, _ z: Double) -> Transform3D {
        Transform3D([[x, 0, 0, 0], [0, y, 0, 0], [0, 0, z, 0], [0, 0, 0, 1]])
    }

    /// The usual perspective of a 3D effect: m34 = −1/distance.
    public static func perspective(distance: Double) -> Transform3D {
        var t = identity
        t[2, 3] = -1 / distance
        return t
    }

    /// What the transform does to the plane z = 0, where a view lies: the homography taking
    /// (x, y) to the projected point.
    public var planeHomography: Homography {
        Homography(self[0, 0], self[0, 1], self[0, 3], self[1, 0], self[1, 1], self[1, 3], self[3, 0], self[3, 1], self[3, 3])
    }
}

/// A projective map of the plane, for row vectors: (x, y, 1) times the 3×3 matrix
/// [[a, b, c], [d, e, f], [g, h, i]] gives (X, Y, W), the point (X/W, Y/W).
public struct Homography: Hashable, Sendable {
    public var a, b, c, d, e, f, g, h, i: Double

    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double, _ g: Double, _ h: Double, _ i: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h, self.i) = (a, b, c, d, e, f, g, h, i)
    }

    public init(_ t: AffineTransform) { self.init(t.a, t.b, 0, t.c, t.d, 0, t.tx, t.ty, 1) }

    public static let identity = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)

    /// The point, or nil when it falls at or behind the eye (W ≤ 0).
    public func apply(to p: Point) -> Point? {
        let w = c * p.x + f * p.y + i
        guard w > 1e-9 else { return nil }
        return Point(x: (a * p.x + d * p.y + g) / w, y: (b * p.x + e * p.y + h) / w)
    }

    /// `self` then `other`.
    public func concatenating(_ o: Homography) -> Homography {
        Homography(
            a * o.a + b * o.d + c * o.g, a * o.b + b * o.e + c * o.h, a * o.c + b * o.f + c * o.i,
            d * o.a + e * o.d + f * o.g, d * o.b + e * o.e + f * o.h, d * o.c + e * o.f + f * o.i,
            g * o.a + h * o.d + i * o.g, g * o.b + h * o.e + i * o.h, g * o.c + h * o.f + i * o.i)
    }

    /// The inverse map, or nil when it is singular.
    public var inverse: Homography? {
        let A = e * i - f * h, B = -(d * i - f * g), C = d * h - e * g
        let det = a * A + b * B + c * C
        guard det.isFinite, abs(det) > 1e-12 else { return nil }
        let D = -(b * i - c * h), E = a * i - c * g, F = -(a * h - b * g)
        let G = b * f - c * e, H = -(a * f - c * d), I = a * e - b * d
        return Homography(A / det, D / det, G / det, B / det, E / det, H / det, C / det, F / det, I / det)
    }
}
