/// One event read from an inotify descriptor: which watch it belongs to, what happened, and
/// the name inside the watched folder (empty when the event concerns the folder itself).
///
/// The kernel writes events back to back as `struct inotify_event` (four 32-bit fields) each
/// followed by `len` bytes of NUL-padded name. Swift cannot import the struct's flexible name
/// array, so the bytes are read here; a short or inconsistent buffer ends the list rather than
/// being trusted.
struct InotifyEvent: Equatable {
    let watch: Int32
    let mask: UInt32
    let name: String
    /// Pairs the IN_MOVED_FROM and IN_MOVED_TO of one rename; 0 for other events.
    var cookie: UInt32 = 0

    static let headerSize = 16

    static func parse(_ bytes: [UInt8]) -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        var offset = 0
        // In the host's byte order, as the kernel wrote them.
        func u32(_ at: Int) -> UInt32 { bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at, as: UInt32.self) } }
        while offset + headerSize <= bytes.count {
            let watch = Int32(bitPattern: u32(offset))
            let mask = u32(offset + 4)
            let length = Int(u32(offset + 12))
            let start = offset + headerSize
            guard length <= bytes.count - start else { break }
            let nameBytes = bytes[start..<start + length].prefix { $0 != 0 }
            events.append(InotifyEvent(watch: watch, mask: mask, name: String(decoding: nameBytes, as: UTF8.self),
                                       cookie: u32(offset + 8)))
            offset = start + length
        }
        return events
    }

    func has(_ flag: Int32) -> Bool { mask & UInt32(bitPattern: flag) != 0 }
}
