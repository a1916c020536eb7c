import LibC

/// Without libFuzzer: runs a target once on each file named, or on each file in each folder
/// named, so that a plain build can replay a corpus or one crashing input. Prints the file
/// before running it, so that a crash names its input.
enum CorpusReplay {
    static func run(_ target: FuzzTarget, paths: [String]) -> Int32 {
        guard !paths.isEmpty else {
            printError("fuzz: name the inputs to replay (files or folders); this build has no libFuzzer")
            return 2
        }
        var count = 0
        for path in paths {
            for file in files(at: path) {
                guard let bytes = read(file) else {
                    printError("fuzz: cannot read \(file)")
                    return 1
                }
                let verbose = getenv("FUZZ_VERBOSE") != nil
                if verbose { printError("\(file)") }
                let verdict = bytes.withUnsafeBytes { target.run($0) }
                if verbose { printError("  \(verdict.prefix(300))") }
                count += 1
            }
        }
        print("\(target.name): \(count) inputs replayed, none failed")
        return 0
    }

    /// The regular files of a folder (sorted, not recursive), or the path itself.
    private static func files(at path: String) -> [String] {
        guard let dir = opendir(path) else { return [path] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            // In place: the record is only as long as its name (see PluginCatalog.listDirectory).
            let name = String(cString: UnsafeRawPointer(entry).advanced(by: MemoryLayout<dirent>.offset(of: \.d_name)!)
                .assumingMemoryBound(to: CChar.self))
            if !name.hasPrefix(".") { names.append("\(path)/\(name)") }
        }
        return names.sorted()
    }

    private static func read(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[0..<n]
        }
        return ferror(file) == 0 ? bytes : nil
    }
}
