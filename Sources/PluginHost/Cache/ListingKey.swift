import LibC

/// Everything a listing of the search path is made from, hashed into one number: the kept
/// listing (KeptListing) is printed again only while this number is the same.
///
/// A listing is a function of: the candidates the folder walk found, in order (path, origin,
/// and what kind of entry each is, with the reason for one skipped or untrusted); the
/// problems of the folders; what each candidate file holds; the working folder, when a
/// folder of the search path is relative (the same relative path names other files from
/// elsewhere); and the host binary and ABI that judged them (its StandardEffects and its
/// checks). The host binary is known by its registry-cache identity (ABI, size, mtime) and
/// its own stat (device, inode, ctime), since a copy with its time kept has the same size and
/// mtime. What a file holds is known here the way
/// the registry cache knows it without reading it: by its stat (size, modification time,
/// device, inode, ctime; see ChangeStamp for why that is safe). So the key needs one stat per
/// file, which the walk has already made, and nothing is read.
///
/// The racily-clean hole is closed the same way as in ChangeStamp: a file changed less than
/// `settleSeconds` before the walk makes the key nil, so no listing is kept for it, nor
/// printed; the next run, with the file settled, keeps one.
enum ListingKey {
    /// The key, or nil when some file is too fresh for its stat to stand for its content.
    /// `now` is the real-time clock's seconds taken before the walk.
    static func of(_ candidates: [PluginCandidate], problems: [String], host: RegistryCache.HostIdentity,
                   executable: String, workingFolder: String? = nil, now: Int64,
                   settleSeconds: Int64 = ChangeStamp.settleSeconds) -> UInt64? {
        var key = KeyHasher()
        key.add("transition-host-listing-key 1")
        for field in host.fields { key.add(field) }
        var info = stat()
        if stat(executable, &info) == 0 {
            let stamp = ChangeStamp(info)
            key.add(stamp.device)
            key.add(stamp.inode)
            key.add(UInt64(bitPattern: stamp.changedSeconds))
            key.add(UInt64(stamp.changedNanoseconds))
        }
        key.add(workingFolder ?? "")
        key.add(UInt64(problems.count))
        for problem in problems { key.add(problem) }
        key.add(UInt64(candidates.count))
        for candidate in candidates {
            key.add(candidate.path)
            key.add(candidate.origin.rawValue)
            switch candidate.kind {
            case .file(let info):
                let stamp = ChangeStamp(info)
                guard stamp.settled(at: now, settleSeconds: settleSeconds) else { return nil }
                key.add(1)
                key.add(UInt64(info.st_size))
                key.add(UInt64(bitPattern: Int64(info.st_mtim.tv_sec)))
                key.add(UInt64(info.st_mtim.tv_nsec))
                key.add(stamp.device)
                key.add(stamp.inode)
                key.add(UInt64(bitPattern: stamp.changedSeconds))
                key.add(UInt64(stamp.changedNanoseconds))
            case .skipped(let why):
                key.add(2)
                key.add(why)
            case .untrusted(let failure):
                key.add(3)
                key.add(failure.message)
            }
        }
        return key.value
    }
}

/// FNV-1a over a sequence of numbers and strings, each string preceded by its length so that
/// no two different sequences run together into the same bytes.
struct KeyHasher {
    private var hash = FNV1a()

    var value: UInt64 { hash.value }

    mutating func add(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { hash.add($0) }
    }

    mutating func add(_ text: String) {
        var text = text
        add(UInt64(text.utf8.count))
        text.withUTF8 { hash.add(UnsafeRawBufferPointer($0)) }
    }
}
