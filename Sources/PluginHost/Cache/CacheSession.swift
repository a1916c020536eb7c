#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One run's use of the registry cache: read it once, answer for each file whose fingerprint
/// still matches, then write it back only if anything changed, so that a warm run writes
/// nothing either.
final class CacheSession {
    enum SaveResult: Equatable { case written, unchanged, failed(String) }

    let cache: RegistryCache
    let host: RegistryCache.HostIdentity
    private let stored: [String: RegistryCache.Entry]
    /// Why the cache file was not used (nil when it was, or when there was none yet).
    let ignored: String?
    /// Fingerprints of this run's files, by absolute path.
    private var fingerprints: [String: FileFingerprint] = [:]

    init(cache: RegistryCache, host: RegistryCache.HostIdentity, forgets: Bool) {
        self.cache = cache
        self.host = host
        if forgets {
            (stored, ignored) = ([:], nil)
        } else {
            (stored, ignored) = cache.read(host: host)
        }
    }

    /// What the cache knows of the regular file at `path` (`info` from its stat), or nil
    /// when it must be scanned: not in the cache, or changed since.
    func lookUp(_ path: String, _ info: stat) -> ScanOutcome? {
        guard let fingerprint = FileFingerprint.of(path: path, expected: info) else { return nil }
        let key = absolutePath(path)
        fingerprints[key] = fingerprint
        guard let entry = stored[key], entry.fingerprint == fingerprint else { return nil }
        return entry.outcome
    }

    /// Writes this run's outcomes (`seen`: every file looked at, by path) over the cache,
    /// keeping other folders' entries while their folder exists; entries of the folders
    /// searched now whose file is gone are dropped.
    func save(seen: [(path: String, outcome: ScanOutcome)], searchedFolders: Set<String>) -> SaveResult {
        var entries: [String: RegistryCache.Entry] = [:]
        var folderExists: [String: Bool] = [:]
        for (path, entry) in stored {
            let folder = Self.folder(of: path)
            guard !searchedFolders.contains(folder) else { continue }
            let exists = folderExists[folder] ?? {
                var info = stat()
                let found = stat(folder, &info) == 0
                folderExists[folder] = found
                return found
            }()
            if exists { entries[path] = entry }
        }
        for (path, outcome) in seen where outcome.isCacheable {
            let key = absolutePath(path)
            guard let fingerprint = fingerprints[key] else { continue }
            entries[key] = RegistryCache.Entry(fingerprint: fingerprint, outcome: outcome)
        }
        if entries.count > RegistryCache.maximumEntries {
            // Keep this run's files; drop other folders' entries beyond the limit.
            let own = Set(seen.map { absolutePath($0.path) })
            for key in entries.keys.sorted() where entries.count > RegistryCache.maximumEntries && !own.contains(key) {
                entries[key] = nil
            }
        }
        guard entries != stored || ignored != nil else { return .unchanged }
        if let why = cache.write(entries, host: host) { return .failed(why) }
        return .written
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
