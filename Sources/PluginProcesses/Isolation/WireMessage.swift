import CTransitionABI
import PluginABI

/// The bytes of one message between the host and an isolated plugin's process. Both ends are
/// the same binary on the same machine, so numbers travel in the machine's own byte order;
/// what matters is that the reader checks every length, because the other end may be a
/// crashed or hostile plugin writing anything.
package struct WireWriter {
    private(set) var bytes: [UInt8] = []

    package init() { bytes.reserveCapacity(64) }

    package mutating func append(_ raw: [UInt8]) { bytes += raw }

    package mutating func put<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }
    package mutating func put(_ value: Double) { put(value.bitPattern) }
    package mutating func put(_ value: Bool) { put(UInt8(value ? 1 : 0)) }
    package mutating func put(_ r: th_rect) { put(r.origin); put(r.size) }
    package mutating func put(_ p: th_point) { put(p.x); put(p.y) }
    package mutating func put(_ s: th_size) { put(s.width); put(s.height) }
    package mutating func put(_ t: th_affine) { for v in [t.a, t.b, t.c, t.d, t.tx, t.ty] { put(v) } }
    package mutating func put(_ c: th_color) { for v in [c.red, c.green, c.blue, c.alpha] { put(v) } }
    package mutating func put(_ e: th_edge_insets) { for v in [e.top, e.left, e.bottom, e.right] { put(v) } }
    package mutating func put(_ t: th_transform3d) { for v in Transform3DBridge.values(t) { put(v) } }
    package mutating func put(_ e: th_gesture_event) {
        put(e.kind); put(e.state); put(e.edge); put(e.time); put(e.view.id); put(e.location); put(e.translation)
        put(e.velocity); put(e.scale); put(e.scale_velocity); put(e.rotation); put(e.rotation_velocity)
    }
    /// A string, or nil (a C NULL): a presence byte, then the length and the UTF-8 bytes.
    package mutating func put(_ s: String?) {
        guard let s else { put(UInt8(0)); return }
        put(UInt8(1))
        let utf8 = Array(s.utf8)
        put(UInt32(utf8.count))
        bytes += utf8
    }

    /// A C string as the plugin passed it: nil stays nil, bytes are sent as they are (at most
    /// `limit`) so that the host's own checks (UTF-8, length) judge them, not this copy.
    mutating func putCString(_ p: UnsafePointer<CChar>?, limit: Int = 4096) {
        guard let p else { put(UInt8(0)); return }
        put(UInt8(1))
        var n = 0
        while n < limit && p[n] != 0 { n += 1 }
        put(UInt32(n))
        p.withMemoryRebound(to: UInt8.self, capacity: n) { bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: n)) }
    }
}

/// Reads a message written by WireWriter; any short or malformed field throws.
package struct WireReader {
    package struct Malformed: Error, CustomStringConvertible {
        package let description: String
    }

    private let bytes: [UInt8]
    private var offset: Int

    package init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    package var isAtEnd: Bool { offset == bytes.count }

    package mutating func take(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, bytes.count - offset >= count else {
            throw Malformed(description: "a message ended early (wanted \(count) bytes at \(offset) of \(bytes.count))")
        }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    package mutating func integer<T: FixedWidthInteger>(_: T.Type = T.self) throws -> T {
        let slice = try take(MemoryLayout<T>.size)
        var value = T.zero
        withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: slice) }
        return value
    }
    package mutating func double() throws -> Double { Double(bitPattern: try integer(UInt64.self)) }
    package mutating func bool() throws -> Bool {
        switch try integer(UInt8.self) {
        case 0: return false
        case 1: return true
        case let b: throw Malformed(description: "a boolean of \(b)")
        }
    }
    package mutating func point() throws -> th_point { th_point(x: try double(), y: try double()) }
    package mutating func size() throws -> th_size { th_size(width: try double(), height: try double()) }
    package mutating func rect() throws -> th_rect { th_rect(origin: try point(), size: try size()) }
    package mutating func affine() throws -> th_affine {
        th_affine(a: try double(), b: try double(), c: try double(), d: try double(), tx: try double(), ty: try double())
    }
    package mutating func transform3D() throws -> th_transform3d {
        var values: [Double] = []
        for _ in 0..<16 { values.append(try double()) }
        return Transform3DBridge.make(values)
    }
    package mutating func edgeInsets() throws -> th_edge_insets {
        th_edge_insets(top: try double(), left: try double(), bottom: try double(), right: try double())
    }

    package mutating func color() throws -> th_color {
        th_color(red: try double(), green: try double(), blue: try double(), alpha: try double())
    }
    package mutating func gestureEvent() throws -> th_gesture_event {
        th_gesture_event(
            struct_size: UInt32(MemoryLayout<th_gesture_event>.size), kind: try integer(), state: try integer(),
            edge: try integer(), time: try double(), view: th_view(id: try integer()), location: try point(),
            translation: try point(), velocity: try point(), scale: try double(), scale_velocity: try double(),
            rotation: try double(), rotation_velocity: try double())
    }

    /// The raw bytes of a string field, or nil for a C NULL. At most `limit` bytes.
    mutating func stringBytes(limit: Int = 1 << 16) throws -> [UInt8]? {
        guard try bool() else { return nil }
        let count = Int(try integer(UInt32.self))
        guard count <= limit else { throw Malformed(description: "a string of \(count) bytes") }
        return Array(try take(count))
    }

    package mutating func string(limit: Int = 1 << 16) throws -> String? {
        try stringBytes(limit: limit).map { String(decoding: $0, as: UTF8.self) }
    }
}
