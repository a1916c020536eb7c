import LibC

/// What stat(2) says of a file besides its size and modification time: which file it is
/// (device and inode) and when its inode last changed (ctime). With the size and mtime of its
/// FileFingerprint, it lets a warm run trust the recorded content hash without reading the file.
///
/// Why ctime makes that safe: the kernel sets a file's ctime to the current time whenever the
/// file changes in any way (a write, a truncate, a chmod, a rename, a new mtime), and no
/// system call lets a user choose it. The mtime can be set to anything (touch -d, cp -p,
/// rsync -t, tar), the size can stay the same, a new file can reuse a freed inode; but a file
/// that was written since it was hashed has a different ctime, short of someone setting the
/// system clock back (which needs root) or editing the disk underneath the kernel.
///
/// One hole remains, the one git calls "racily clean": timestamps come from a clock that
/// ticks every few milliseconds, so a file written twice within one tick keeps its ctime. A
/// stamp is therefore kept only for a file whose ctime was at least `settleSeconds` before it
/// was hashed (see `settled`); a fresher file is hashed again by the next run, and stamped then.
struct ChangeStamp: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let changedSeconds: Int64
    let changedNanoseconds: UInt32

    /// How long a file must have been left alone before its stamp can stand for its content:
    /// far more than a clock tick, or than the 2 s of the coarsest file systems' timestamps.
    static let settleSeconds: Int64 = 3

    init(device: UInt64, inode: UInt64, changedSeconds: Int64, changedNanoseconds: UInt32) {
        self.device = device
        self.inode = inode
        self.changedSeconds = changedSeconds
        self.changedNanoseconds = changedNanoseconds
    }

    init(_ info: stat) {
        self.init(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), changedSeconds: Int64(info.st_ctim.tv_sec),
                  changedNanoseconds: UInt32(info.st_ctim.tv_nsec))
    }

    /// Whether the file had been left alone for `settleSeconds` at `now` (seconds of the
    /// real-time clock), taken before the file was hashed.
    func settled(at now: Int64, settleSeconds: Int64 = ChangeStamp.settleSeconds) -> Bool {
        changedSeconds + settleSeconds <= now
    }

    /// The seconds of the real-time clock, the clock file times are kept in.
    static func now() -> Int64 {
        var t = timespec()
        clock_gettime(CLOCK_REALTIME, &t)
        return Int64(t.tv_sec)
    }
}

extension FileFingerprint {
    /// Whether `info` (a stat of the file) still shows the size and modification time this
    /// fingerprint was taken with.
    func matchesSizeAndTime(_ info: stat) -> Bool {
        size == UInt64(info.st_size) && modifiedSeconds == Int64(info.st_mtim.tv_sec)
            && modifiedNanoseconds == UInt32(info.st_mtim.tv_nsec)
    }
}
