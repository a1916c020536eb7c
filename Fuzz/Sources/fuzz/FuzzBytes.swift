/// A fuzz input read front to back as the values a target builds from it. Past the end every
/// read gives zeros, so that any input, however short, makes a complete value, and
/// libFuzzer's mutations (which insert, delete and overwrite bytes) move between nearby ones.
struct FuzzBytes {
    private let data: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ data: UnsafeRawBufferPointer) { self.data = data }

    var isAtEnd: Bool { offset >= data.count }

    mutating func byte() -> UInt8 {
        guard offset < data.count else { return 0 }
        offset += 1
        return data[offset - 1]
    }

    mutating func uint16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }
    mutating func uint32() -> UInt32 { UInt32(uint16()) | UInt32(uint16()) << 16 }
    mutating func uint64() -> UInt64 { UInt64(uint32()) | UInt64(uint32()) << 32 }
    /// Any bit pattern: NaNs, infinities and subnormals included.
    mutating func double() -> Double { Double(bitPattern: uint64()) }

    /// Up to `count` bytes (fewer at the end).
    mutating func bytes(_ count: Int) -> [UInt8] {
        let n = max(0, min(count, data.count - offset))
        defer { offset += n }
        return Array(data[offset..<offset + n])
    }
}

/// The writer of the same format, for seeds: every value little-endian, as FuzzBytes reads it.
struct FuzzBytesWriter {
    private(set) var bytes: [UInt8] = []

    mutating func byte(_ v: UInt8) { bytes.append(v) }
    mutating func uint16(_ v: UInt16) { byte(UInt8(v & 0xff)); byte(UInt8(v >> 8)) }
    mutating func uint32(_ v: UInt32) { uint16(UInt16(v & 0xffff)); uint16(UInt16(v >> 16)) }
    mutating func uint64(_ v: UInt64) { uint32(UInt32(v & 0xffff_ffff)); uint32(UInt32(v >> 32)) }
    mutating func double(_ v: Double) { uint64(v.bitPattern) }
    mutating func append(_ v: [UInt8]) { bytes += v }
}
