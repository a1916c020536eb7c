import LibC

/// Writing text files without Foundation (the host starts faster without it).
enum FileOutput {
    static func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else {
            throw ExportError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        let bytes = Array(text.utf8)
        let written = fwrite(bytes, 1, bytes.count, file)
        let closed = fclose(file)
        guard written == bytes.count, closed == 0 else {
            throw ExportError.cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// Writes `text` whole or not at all: into `path`.partial, renamed to `path` once
    /// complete, so that a failure leaves no half a file (and no file at all when `text` is
    /// larger than `limit` bytes).
    static func writeWhole(_ text: String, to path: String, limit: Int) throws {
        let bytes = text.utf8.count
        guard bytes <= limit else { throw ExportError.tooLarge(path: path, bytes: bytes, limit: limit) }
        let partial = path + ".partial"
        do { try write(text, to: partial) } catch {
            unlink(partial)
            throw ExportError.cannotWrite(path: path, reason: Self.reason(of: error))
        }
        guard rename(partial, path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(partial)
            throw ExportError.cannotWrite(path: path, reason: why)
        }
    }

    private static func reason(of error: Error) -> String {
        if case .cannotWrite(_, let reason) = error as? ExportError { return reason }
        return "\(error)"
    }

    static func size(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }
}
