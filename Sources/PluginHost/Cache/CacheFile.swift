import LibC

/// Reading and replacing the files of the host's cache folder ($XDG_CACHE_HOME/transition-host,
/// or ~/.cache/transition-host): the registry cache and the kept listing. Both are read as
/// untrusted input, and both are written so that no reader ever sees half of one.
enum CacheFile {
    /// A file larger than this is not one this host wrote for any sensible number of plugins.
    static let maximumBytes = 64 << 20

    /// `$XDG_CACHE_HOME/name`, or `~/.cache/name`; nil when neither is known (no cache then).
    static func standardPath(_ name: String, environment: [String: String]) -> String? {
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return "\(cache)/\(name)" }
        if let home = environment["HOME"], home.hasPrefix("/") { return "\(home)/.cache/\(name)" }
        return nil
    }

    /// The file's bytes, if it is a regular file of a sensible size that this user owns and
    /// nobody else can write (a cache says which plugins are safe to load, and what `host list`
    /// prints); nil when there is no such file yet, or why it is not used.
    static func readOwn(_ path: String) -> Result<[UInt8]?, RecordLine.Malformed> {
        func failure(_ why: String) -> Result<[UInt8]?, RecordLine.Malformed> { .failure(.init(description: why)) }
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            return errno == ENOENT ? .success(nil) : failure("cannot open it: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return failure("not a regular file") }
        guard info.st_uid == getuid(), info.st_mode & (S_IWGRP | S_IWOTH) == 0 else {
            return failure("owned by another user or writable by others")
        }
        guard info.st_size <= maximumBytes else { return failure("larger than \(maximumBytes >> 20) MiB") }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            done += n
        }
        // Cut in place: a copy of the registry cache of 500 plugins is 120 kB more to fault in.
        bytes.removeLast(bytes.count - done)
        return .success(bytes)
    }

    /// Replaces the file at `path` with `bytes`, private to this user (0600, its missing
    /// folders 0700): written to a temporary file and renamed over the old one, so a reader
    /// sees the old file or the new one, never half. Why it failed, or nil.
    static func replace(_ path: String, with bytes: [UInt8]) -> String? {
        if let why = makeFolders(for: path) { return why }
        let temporary = "\(path).\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return "cannot write \(temporary): \(String(cString: strerror(errno)))" }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let why = String(cString: strerror(errno))
                close(fd)
                unlink(temporary)
                return "cannot write \(temporary): \(why)"
            }
            done += n
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(temporary)
            return "cannot replace \(path): \(why)"
        }
        return nil
    }

    /// Creates the folders above `path` that are missing, private to this user (0700).
    private static func makeFolders(for path: String) -> String? {
        var folder = ""
        let parts = path.split(separator: "/").dropLast()
        for part in parts {
            folder += "/\(part)"
            if mkdir(folder, 0o700) != 0 && errno != EEXIST {
                return "cannot create \(folder): \(String(cString: strerror(errno)))"
            }
        }
        return nil
    }

    /// The bytes of a cache file's last line ("end COUNT CHECKSUM"), checked against the FNV-1a
    /// of everything above it: the declared count, and where the body ends. Catches a file cut
    /// off or damaged; what the body says is still checked line by line by its reader.
    static func checkedTrailer(_ bytes: [UInt8]) throws -> (declared: Int, bodyEnd: Int) {
        func malformed(_ why: String) -> RecordLine.Malformed { RecordLine.Malformed(description: why) }
        guard bytes.last == 0x0a else { throw malformed("cut off: it does not end with a newline") }
        let body = bytes.dropLast()
        let lastStart = (body.lastIndex(of: 0x0a) ?? -1) + 1
        let trailer = try RecordLine.decode(body[lastStart...])
        guard trailer.count == 3, trailer[0] == "end" else { throw malformed("cut off: no 'end' line") }
        let declared = Int(try RecordNumber.unsigned(trailer[1], as: UInt32.self))
        var checksum = FNV1a()
        bytes.withUnsafeBytes { checksum.add(UnsafeRawBufferPointer(rebasing: $0[..<lastStart])) }
        guard try RecordNumber.hex(trailer[2]) == checksum.value else {
            throw malformed("damaged: the checksum does not match")
        }
        return (declared, lastStart)
    }

    /// The last line of a cache file: how many entries or records it holds, and the FNV-1a of
    /// everything above it.
    static func trailer(count: Int, body: [UInt8]) -> [UInt8] {
        RecordLine.encode(["end", "\(count)", RecordNumber.hex(FNV1a.hash(body))])
    }
}
