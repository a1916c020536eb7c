import CTransitionABI
import TransitionCore

// Conversions between the C ABI's value types and TransitionCore's.

extension th_rect {
    package init(_ r: Rect) { self.init(origin: th_point(x: r.minX, y: r.minY), size: th_size(width: r.size.width, height: r.size.height)) }
    package var rect: Rect { Rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
}

extension th_point {
    package init(_ p: Point) { self.init(x: p.x, y: p.y) }
    package var point: Point { Point(x: x, y: y) }
}

extension th_affine {
    package init(_ t: AffineTransform) { self.init(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty) }
    package var transform: AffineTransform { AffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty) }
}

extension th_color {
    package init(_ c: Color) { self.init(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha) }
    package var color: Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}

/// th_transform3d's sixteen fields in their order (m11, m12, … m44), to and from an array.
package enum Transform3DBridge {
    package static func values(_ t: th_transform3d) -> [Double] {
        [t.m11, t.m12, t.m13, t.m14, t.m21, t.m22, t.m23, t.m24, t.m31, t.m32, t.m33, t.m34, t.m41, t.m42, t.m43, t.m44]
    }
    package static func make(_ v: [Double]) -> th_transform3d {
        th_transform3d(m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                       m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
    }
}

extension th_transform3d {
    package init(_ t: Transform3D) { self = Transform3DBridge.make(t.values) }
    package var transform: Transform3D { Transform3D(values: Transform3DBridge.values(self)) }
}

/// th_status values as Swift constants (the header's anonymous enum imports as Int).
package enum Status {
    package static let ok = th_status(TH_OK)
    static let badHandle = th_status(TH_ERR_BAD_HANDLE)
    static let badArgument = th_status(TH_ERR_BAD_ARGUMENT)
    static let badState = th_status(TH_ERR_BAD_STATE)
    package static let wrongThread = th_status(TH_ERR_WRONG_THREAD)
    package static let unsupported = th_status(TH_ERR_UNSUPPORTED)
}
