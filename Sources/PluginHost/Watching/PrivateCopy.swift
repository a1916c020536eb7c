import Synchronization

import LibC

/// A plugin file copied to a path of its own, to be loaded from there: the file in the plugin
/// folder may be rewritten in place at any moment (a `cp` over it, a linker), which would
/// change code that is mapped and running; and glibc hands back an already-loaded library for
/// a path (or file) it has seen, where a reload needs the new code. A copy whose path is never
/// used twice fixes both. Copies are deleted once loaded: the mapping keeps the bytes.
struct PrivateCopy {
    /// The plugin file in its folder.
    let source: String
    /// Where the copy is.
    let path: String
    /// The source as it was copied: its identity, size and times.
    let sourceInfo: stat
    /// The source's size and time with a hash of exactly the bytes copied.
    let fingerprint: FileFingerprint
}

/// A folder for private copies: made with mkdtemp (mode 0700) under $TMPDIR or /tmp, removed
/// with what is left in it by `remove()`. Its name holds the process id, so that the folder of
/// a watch that was killed before it could clean up is removed by the next one.
final class PrivateCopyFolder: Sendable {
    let path: String
    /// Copies made in this process, for names that are never used twice (two watches may
    /// copy at once).
    private static let copiesMade = Atomic<Int>(0)

    /// A new folder in `base`, by default $TMPDIR (when absolute) or /tmp.
    init(base: String? = nil) throws {
        var base = base ?? getenv("TMPDIR").map { String(cString: $0) } ?? ""
        if !base.hasPrefix("/") { base = "/tmp" }
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        Self.removeAbandoned(in: base)
        var template = Array("\(base)/\(Self.prefix)\(getpid())-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw WatchError(description: "cannot make a private folder in \(base) for plugin copies: \(String(cString: strerror(errno)))")
        }
        path = String(cString: made)
    }

    /// Copies the regular file at `source` (which must not be swapped for another while it is
    /// read: its identity is checked on the open file) and hashes what it copied.
    func copy(_ source: String) throws -> PrivateCopy {
        let input = open(source, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard input >= 0 else { throw failure("cannot open it", errno) }
        defer { close(input) }
        var info = stat()
        guard fstat(input, &info) == 0 else { throw failure("cannot stat it", errno) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw WatchError(description: "not a regular file") }

        let number = Self.copiesMade.add(1, ordering: .relaxed).newValue
        let name = source.split(separator: "/").last.map(String.init) ?? "plugin.so"
        let target = "\(path)/\(getpid()).\(number).\(name)"
        let output = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard output >= 0 else { throw failure("cannot create its private copy", errno) }
        defer { close(output) }

        var hasher = FNV1a()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw failure("cannot read it", errno) }
            if n == 0 { break }
            buffer.withUnsafeBytes { hasher.add(UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            var done = 0
            while done < n {
                let w = buffer.withUnsafeBytes { write(output, $0.baseAddress! + done, n - done) }
                if w < 0 && errno == EINTR { continue }
                guard w > 0 else { throw failure("cannot write its private copy", errno) }
                done += w
            }
        }
        let fingerprint = FileFingerprint(size: UInt64(info.st_size), modifiedSeconds: Int64(info.st_mtim.tv_sec),
                                          modifiedNanoseconds: UInt32(info.st_mtim.tv_nsec), hash: hasher.value)
        return PrivateCopy(source: source, path: target, sourceInfo: info, fingerprint: fingerprint)
    }

    /// Deletes the folder and every copy in it; loaded copies stay mapped.
    func remove() { Self.remove(path) }

    static let prefix = "transition-host-reload-"

    private static func remove(_ folder: String) {
        if let names = PluginCatalog.listDirectory(folder) {
            for name in names { unlink("\(folder)/\(name)") }
        }
        rmdir(folder)
    }

    /// Removes the folders of copies that watches which no longer run left behind: folders
    /// (not links) of this user, named with the id of a process that is gone.
    private static func removeAbandoned(in base: String) {
        for name in PluginCatalog.listDirectory(base) ?? [] where name.hasPrefix(prefix) {
            guard let pid = name.dropFirst(prefix.count).split(separator: "-").first.flatMap({ pid_t($0) }),
                  pid > 0, kill(pid, 0) != 0, errno == ESRCH else { continue }
            var info = stat()
            let folder = "\(base)/\(name)"
            guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid() else { continue }
            remove(folder)
        }
    }

    private func failure(_ what: String, _ code: Int32) -> WatchError {
        WatchError(description: "\(what): \(String(cString: strerror(code)))")
    }
}
