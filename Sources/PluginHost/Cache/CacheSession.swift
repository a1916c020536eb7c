import LibC

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
    /// What this run learned of each file it looked at, by absolute path.
    private struct Look {
        let fingerprint: FileFingerprint
        /// Kept only when the file had settled (see ChangeStamp).
        let stamp: ChangeStamp?
        /// The cache's entry stands as it is: same fingerprint, same stamp. A run in which
        /// every file is so, and no entry goes, writes nothing.
        let asStored: Bool
    }
    private var looks: [String: Look] = [:]
    /// The real-time clock's seconds before any file was looked at: a file changed less than
    /// settleSeconds before this gets no stamp.
    private let started = ChangeStamp.now()
    /// Files whose content was read and hashed this run (the others' stamps matched).
    private(set) var filesHashed = 0

    init(cache: RegistryCache, host: RegistryCache.HostIdentity, forgets: Bool) {
        self.cache = cache
        self.host = host
        if forgets {
            (stored, ignored) = ([:], nil)
        } else {
            (stored, ignored) = cache.read(host: host)
        }
        // A run looks at about as many files as the cache holds: room for them all at once.
        looks.reserveCapacity(stored.count)
    }

    /// What the cache knows of the regular file at `path` (`info` from its stat), or nil
    /// when it must be scanned: not in the cache, or changed since. A file whose stat still
    /// shows the size, modification time, device, inode and ctime recorded with its hash is
    /// not read (see ChangeStamp for why that is safe); any other is hashed, and its entry
    /// still counts when size, modification time and hash match (a file copied with its time
    /// kept, say), with the new stamp.
    func lookUp(_ path: String, _ info: stat) -> ScanOutcome? {
        let key = absolutePath(path)
        let stamp = ChangeStamp(info)
        let entry = stored[key]
        if let entry, let recorded = entry.stamp, recorded == stamp, entry.fingerprint.matchesSizeAndTime(info) {
            looks[key] = Look(fingerprint: entry.fingerprint, stamp: recorded, asStored: true)
            return entry.outcome
        }
        filesHashed += 1
        guard let fingerprint = FileFingerprint.of(path: path, expected: info) else { return nil }
        let settled = stamp.settled(at: started, settleSeconds: cache.settleSeconds) ? stamp : nil
        guard let entry, entry.fingerprint == fingerprint else {
            looks[key] = Look(fingerprint: fingerprint, stamp: settled, asStored: false)
            return nil
        }
        looks[key] = Look(fingerprint: fingerprint, stamp: settled, asStored: settled == entry.stamp)
        return entry.outcome
    }

    /// Writes this run's outcomes (`seen`: every file looked at, by path) over the cache,
    /// keeping other folders' entries while their folder exists; entries of the folders
    /// searched now whose file is gone are dropped. Writes nothing when that changes nothing.
    func save(seen: [(path: String, outcome: ScanOutcome)], searchedFolders: Set<String>) -> SaveResult {
        // The warm run: every entry looked at and found as stored, and no other entry.
        if ignored == nil && looks.count == stored.count && looks.values.allSatisfy(\.asStored) { return .unchanged }
        var entries: [String: RegistryCache.Entry] = [:]
        entries.reserveCapacity(stored.count)
        // Tracked as it goes rather than by comparing old and new entries at the end, which
        // compared every plugin's description, field by field, on every warm run.
        var changed = ignored != nil
        var folderExists: [String: Bool] = [:]
        for (path, entry) in stored {
            let folder = Self.folder(of: path)
            guard !searchedFolders.contains(folder) else {
                // Stays only as this run's own entry, and unchanged only when looked at as stored.
                if looks[path]?.asStored != true { changed = true }
                continue
            }
            let exists = folderExists[folder] ?? {
                var info = stat()
                let found = stat(folder, &info) == 0
                folderExists[folder] = found
                return found
            }()
            if exists { entries[path] = entry } else { changed = true }
        }
        for (path, outcome) in seen where outcome.isCacheable {
            let key = absolutePath(path)
            guard let look = looks[key] else { continue }
            entries[key] = RegistryCache.Entry(fingerprint: look.fingerprint, stamp: look.stamp, outcome: outcome)
            if !look.asStored { changed = true }
        }
        if entries.count > RegistryCache.maximumEntries {
            // Keep this run's files; drop other folders' entries beyond the limit.
            let own = Set(seen.map { absolutePath($0.path) })
            for key in entries.keys.sorted() where entries.count > RegistryCache.maximumEntries && !own.contains(key) {
                entries[key] = nil
            }
            changed = true
        }
        guard changed else { return .unchanged }
        if let why = cache.write(entries, host: host) { return .failed(why) }
        return .written
    }

    /// Whether this run fingerprinted the file at `path` (looked it up and could read it):
    /// only such a file's outcome can be saved.
    func fingerprinted(_ path: String) -> Bool { looks[absolutePath(path)] != nil }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
