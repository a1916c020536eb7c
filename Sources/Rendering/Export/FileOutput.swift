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

    static func size(of path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }
}
