import LibC

/// What the registry cache keys a file on: its size, modification time and a hash of its
/// content. Size and time alone miss a file rewritten within the same clock tick, or copied
/// with its time kept (cp -p, rsync, tar); the hash does not.
struct FileFingerprint: Equatable, Sendable {
    let size: UInt64
    let modifiedSeconds: Int64
    let modifiedNanoseconds: UInt32
    let hash: UInt64

    /// The fingerprint of the regular file at `path`, which must still be the file `expected`
    /// describes (same device and inode: not swapped for another since it was looked at).
    /// Opened without following a FIFO's promise to block: O_NONBLOCK.
    static func of(path: String, expected: stat) -> FileFingerprint? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              info.st_dev == expected.st_dev, info.st_ino == expected.st_ino
        else { return nil }
        // At most the size fstat gave: a file that grows while it is read, or one whose reads
        // never end, cannot keep the host here.
        guard Int(info.st_size) <= ELFProbe.maxFileBytes else { return nil }
        var hasher = FNV1a()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var left = Int(info.st_size)
        while left > 0 {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, min($0.count, left)) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            left -= n
            buffer.withUnsafeBytes { hasher.add(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
        }
        return FileFingerprint(size: UInt64(info.st_size), modifiedSeconds: Int64(info.st_mtim.tv_sec),
                               modifiedNanoseconds: UInt32(info.st_mtim.tv_nsec), hash: hasher.value)
    }
}

/// The 64-bit FNV-1a hash: a few lines, no dependency, and fast enough to hash every plugin
/// at every start (it tells a changed file from an unchanged one; it is no defence against
/// someone who can write the file, which the trust checks refuse anyway).
struct FNV1a {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        var h = value
        for byte in bytes {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01b3
        }
        value = h
    }

    mutating func add(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { add($0) }
    }

    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var h = FNV1a()
        h.add(bytes)
        return h.value
    }
}
