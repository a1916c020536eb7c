import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

import LibC

/// The registry cache trusts a file's stat (size, mtime, device, inode, ctime) instead of
/// reading it again, and reads it again as soon as any of those changed.
@Suite("Checking plugin files against the registry cache")
struct CacheStampTests {
    static let host = RegistryCache.HostIdentity(size: 1, modifiedSeconds: 2, modifiedNanoseconds: 3)
    static let outcome = ScanOutcome.refused(PluginLoadFailure(reason: "not an ELF shared library", fix: "rebuild it"))

    /// One run's look at `path`: its outcome from the cache (nil: must be scanned), how many
    /// files were read, and what saving the run's outcome did.
    static func look(_ path: String, cache: RegistryCache) -> (ScanOutcome?, hashed: Int, saved: CacheSession.SaveResult) {
        let session = CacheSession(cache: cache, host: host, forgets: false)
        var info = stat()
        #expect(stat(path, &info) == 0)
        let found = session.lookUp(path, info)
        let folder = CacheSession.folder(of: path)
        let saved = session.save(seen: [(path: path, outcome: found ?? outcome)], searchedFolders: [folder])
        return (found, session.filesHashed, saved)
    }

    /// A cache that stamps files at once (a test cannot wait for a file to settle).
    static func cache(in dir: TempDir) -> RegistryCache {
        var cache = RegistryCache(path: dir.file("cache/registry"))
        cache.settleSeconds = 0
        return cache
    }

    @Test("An unchanged file is answered from its stat, without reading it, and the run writes nothing")
    func unchangedIsNotRead() throws {
        let dir = try TempDir("stamp-same")
        let path = try dir.write("p.so", bytes: Array(repeating: 7, count: 5000))
        let cache = Self.cache(in: dir)

        let cold = Self.look(path, cache: cache)
        #expect(cold.0 == nil && cold.hashed == 1 && cold.saved == .written)
        let warm = Self.look(path, cache: cache)
        #expect(warm.0 == Self.outcome)
        #expect(warm.hashed == 0, "an unchanged file was read again")
        #expect(warm.saved == .unchanged)
    }

    @Test("New content of the same size with the old modification time put back is read, and scanned again")
    func rewriteWithTimeKeptIsRead() throws {
        let dir = try TempDir("stamp-rewrite")
        let path = try dir.write("p.so", bytes: Array(repeating: 7, count: 5000))
        let cache = Self.cache(in: dir)
        _ = Self.look(path, cache: cache)
        var before = stat()
        #expect(stat(path, &before) == 0)

        // What `cp -p`, rsync -t or tar do: other bytes, and the old mtime set again. Later
        // than the clock tick of the first write: within it, only a settling time helps.
        usleep(50_000)
        try dir.write("p.so", bytes: Array(repeating: 8, count: 5000))
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        var after = stat()
        #expect(stat(path, &after) == 0)
        #expect(after.st_size == before.st_size && after.st_mtim.tv_sec == before.st_mtim.tv_sec
            && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)

        let run = Self.look(path, cache: cache)
        #expect(run.hashed == 1, "a file whose ctime changed was not read")
        #expect(run.0 == nil, "a changed file was answered from the cache")
        #expect(run.saved == .written)
    }

    @Test("The same bytes put back as a new file with the old time are read once, kept, and stamped anew")
    func sameBytesNewFileIsReadOnce() throws {
        let dir = try TempDir("stamp-copy")
        let path = try dir.write("p.so", bytes: Array(repeating: 7, count: 5000))
        let cache = Self.cache(in: dir)
        _ = Self.look(path, cache: cache)
        var before = stat()
        #expect(stat(path, &before) == 0)
        // A new inode with the same content and times: what a restore from a backup does.
        let copy = try dir.write("p.so.new", bytes: Array(repeating: 7, count: 5000))
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, copy, &times, 0) == 0)
        #expect(rename(copy, path) == 0)

        let restored = Self.look(path, cache: cache)
        #expect(restored.hashed == 1 && restored.0 == Self.outcome && restored.saved == .written)
        let again = Self.look(path, cache: cache)
        #expect(again.hashed == 0 && again.0 == Self.outcome && again.saved == .unchanged)
    }

    @Test("A touched file is read and scanned again, as the cache keys on the modification time")
    func touchedIsScannedAgain() throws {
        let dir = try TempDir("stamp-touch")
        let path = try dir.write("p.so", bytes: Array(repeating: 7, count: 5000))
        let cache = Self.cache(in: dir)
        _ = Self.look(path, cache: cache)
        var times = [timespec(tv_sec: 1_600_000_000, tv_nsec: 5), timespec(tv_sec: 1_600_000_000, tv_nsec: 5)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let touched = Self.look(path, cache: cache)
        #expect(touched.hashed == 1 && touched.0 == nil)
    }

    @Test("A file changed moments before it was hashed gets no stamp: it is read again until it has settled")
    func freshFileIsReadAgain() throws {
        let dir = try TempDir("stamp-fresh")
        let path = try dir.write("p.so", bytes: Array(repeating: 7, count: 5000))
        let cache = RegistryCache(path: dir.file("cache/registry"))  // the real settling time
        _ = Self.look(path, cache: cache)
        let second = Self.look(path, cache: cache)
        #expect(second.0 == Self.outcome)
        #expect(second.hashed == 1, "a file written within the clock's tick could change unseen")
        #expect(second.saved == .unchanged)
        #expect(cache.read(host: Self.host).entries.values.allSatisfy { $0.stamp == nil })
    }

    @Test("A stamp is written and read back with its entry")
    func stampRoundTrip() throws {
        let dir = try TempDir("stamp-file")
        let cache = RegistryCache(path: dir.file("registry"))
        let entries: [String: RegistryCache.Entry] = [
            "/p/stamped.so": .init(fingerprint: .init(size: 9, modifiedSeconds: -3, modifiedNanoseconds: 999_999_999, hash: 1),
                                   stamp: ChangeStamp(device: 2049, inode: .max, changedSeconds: 1_800_000_000,
                                                      changedNanoseconds: 12),
                                   outcome: Self.outcome),
            "/p/fresh.so": .init(fingerprint: .init(size: 9, modifiedSeconds: 3, modifiedNanoseconds: 0, hash: 2),
                                 outcome: .crashed(.signalled(11))),
        ]
        #expect(cache.write(entries, host: Self.host) == nil)
        let (read, ignored) = cache.read(host: Self.host)
        #expect(ignored == nil)
        #expect(read == entries)
    }
}
