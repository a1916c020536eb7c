import LibC

/// A text file the user names on the command line (a scene, a gesture), read with the care
/// untrusted input needs: only a regular file (a FIFO or a device named by mistake or malice
/// must not block the host or feed it forever), opened without waiting, and at most `limit`
/// bytes, each refusal saying why.
enum InputFile {
    enum Failure: Error, Equatable, CustomStringConvertible {
        case missing
        case notRegularFile(String)
        case tooLarge(bytes: Int64, limit: Int)
        case unreadable(String)

        var description: String {
            switch self {
            case .missing: return "no such file"
            case .notRegularFile(let what): return "it is \(what), not a regular file"
            case .tooLarge(let bytes, let limit): return "it is \(bytes) bytes; at most \(limit) (\(limit >> 20) MiB) are read"
            case .unreadable(let why): return why
            }
        }
    }

    static func read(_ path: String, limit: Int) -> Result<String, Failure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else {
            return .failure(errno == ENOENT || errno == ENOTDIR ? .missing : .unreadable(String(cString: strerror(errno))))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.notRegularFile("a directory"))
        case S_IFIFO: return .failure(.notRegularFile("a FIFO"))
        case S_IFCHR, S_IFBLK: return .failure(.notRegularFile("a device"))
        case S_IFSOCK: return .failure(.notRegularFile("a socket"))
        default: return .failure(.notRegularFile("a special file"))
        }
        guard info.st_size <= limit else { return .failure(.tooLarge(bytes: Int64(info.st_size), limit: limit)) }
        // The size stat gave may be stale (a file still being written): read to the end, but
        // never past the limit.
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
            if n == 0 { break }
            bytes += buffer[0..<n]
            if bytes.count > limit { return .failure(.tooLarge(bytes: Int64(bytes.count), limit: limit)) }
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }
}
