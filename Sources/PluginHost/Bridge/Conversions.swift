import CTransitionABI
import TransitionCore

// Conversions between the C ABI's value types and TransitionCore's.

extension th_rect {
    init(_ r: Rect) { self.init(origin: th_point(x: r.minX, y: r.minY), size: th_size(width: r.size.width, height: r.size.height)) }
    var rect: Rect { Rect(x: origin.x, y: origin.y, width: size.width, height: size.height) }
}

extension th_point {
    init(_ p: Point) { self.init(x: p.x, y: p.y) }
    var point: Point { Point(x: x, y: y) }
}

extension th_affine {
    init(_ t: AffineTransform) { self.init(a: t.a, b: t.b, c: t.c, d: t.d, tx: t.tx, ty: t.ty) }
    var transform: AffineTransform { AffineTransform(a: a, b: b, c: c, d: d, tx: tx, ty: ty) }
}

extension th_color {
    init(_ c: Color) { self.init(red: c.red, green: c.green, blue: c.blue, alpha: c.alpha) }
    var color: Color { Color(red: red, green: green, blue: blue, alpha: alpha) }
}

/// th_status values as Swift constants (the header's anonymous enum imports as Int).
enum Status {
    static let ok = th_status(TH_OK)
    static let badHandle = th_status(TH_ERR_BAD_HANDLE)
    static let badArgument = th_status(TH_ERR_BAD_ARGUMENT)
    static let badState = th_status(TH_ERR_BAD_STATE)
    static let wrongThread = th_status(TH_ERR_WRONG_THREAD)
    static let unsupported = th_status(TH_ERR_UNSUPPORTED)
}
