import CTransitionABI

import LibC

/// What the scanner learned, kept between runs, so that a `host list` with nothing changed
/// loads no plugin and starts no helper. One file, by default
/// $XDG_CACHE_HOME/transition-host/registry-v1 (~/.cache/... without XDG_CACHE_HOME):
///
///     transition-host-registry 2
///     host ABI-MAJOR ABI-MINOR HOST-SIZE HOST-MTIME-S HOST-MTIME-NS
///     file PATH SIZE MTIME-S MTIME-NS HASH [DEVICE INODE CTIME-S CTIME-NS]
///         (then the file's outcome: OutcomeRecord)
///     ...
///     end ENTRIES CHECKSUM
///
/// An entry counts only for the same file (path, size, time, content hash) seen by the same
/// host binary speaking the same ABI: a rebuilt or upgraded host scans again, since its
/// checks may have changed. The optional fields are the file's ChangeStamp: while stat still
/// shows them (and the size and time), the hash stands without reading the file again.
/// The checksum (FNV-1a of everything above the last line) catches
/// a cut or damaged file; every entry is then checked as strictly as the scanner's own
/// report. A file that fails anything is ignored whole and rebuilt, never half trusted.
/// Written to a temporary file and renamed over the old one, so readers never see half.
public struct RegistryCache: Sendable {
    public let path: String

    struct Entry: Equatable, Sendable {
        let fingerprint: FileFingerprint
        /// Present once the file had settled when it was hashed (see ChangeStamp).
        let stamp: ChangeStamp?
        let outcome: ScanOutcome

        init(fingerprint: FileFingerprint, stamp: ChangeStamp? = nil, outcome: ScanOutcome) {
            self.fingerprint = fingerprint
            self.stamp = stamp
            self.outcome = outcome
        }
    }

    /// Who wrote the entries: they are valid only for the same host binary and ABI.
    struct HostIdentity: Equatable, Sendable {
        let abiMajor = Int(TH_ABI_MAJOR), abiMinor = Int(TH_ABI_MINOR)
        let size: UInt64
        let modifiedSeconds: Int64
        let modifiedNanoseconds: UInt32

        static func of(executable: String) -> HostIdentity {
            var info = stat()
            guard stat(executable, &info) == 0 else { return HostIdentity(size: 0, modifiedSeconds: 0, modifiedNanoseconds: 0) }
            return HostIdentity(size: UInt64(info.st_size), modifiedSeconds: Int64(info.st_mtim.tv_sec),
                                modifiedNanoseconds: UInt32(info.st_mtim.tv_nsec))
        }

        var fields: [String] {
            ["host", "\(abiMajor)", "\(abiMinor)", "\(size)", "\(modifiedSeconds)", "\(modifiedNanoseconds)"]
        }
    }

    static let magic = ["transition-host-registry", "3"]
    static let maximumEntries = 100_000

    /// Seconds a file must have been left alone when hashed for its stamp to be kept; tests
    /// make it 0 to see a fresh file's stamp trusted (see ChangeStamp).
    var settleSeconds = ChangeStamp.settleSeconds

    public init(path: String) { self.path = path }

    public static let fileName = "transition-host/registry-v1"

    /// $XDG_CACHE_HOME/transition-host/registry-v1, or ~/.cache/transition-host/registry-v1;
    /// nil when neither is known (no cache then: every run scans).
    public static func standard(environment: [String: String]) -> RegistryCache? {
        CacheFile.standardPath(fileName, environment: environment).map(RegistryCache.init(path:))
    }

    /// The cached entries by path, or none and why the file was not used.
    func read(host: HostIdentity) -> (entries: [String: Entry], ignored: String?) {
        let bytes: [UInt8]
        switch CacheFile.readOwn(path) {
        case .failure(let why): return ([:], why.description)
        case .success(nil): return ([:], nil)
        case .success(let b?): bytes = b
        }
        do {
            return (try Self.decode(bytes, host: host), nil)
        } catch {
            return ([:], "\(error)")
        }
    }

    /// Replaces the cache with `entries`, atomically; why it failed, or nil.
    func write(_ entries: [String: Entry], host: HostIdentity) -> String? {
        CacheFile.replace(path, with: Self.encode(entries, host: host))
    }

    /// Forgets everything (`host list --rescan`): the next write starts afresh.
    func remove() { unlink(path) }

    // MARK: - The format

    static func encode(_ entries: [String: Entry], host: HostIdentity) -> [UInt8] {
        var bytes = RecordLine.encode(magic) + RecordLine.encode(host.fields)
        var count = 0
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) where entry.outcome.isCacheable {
            let f = entry.fingerprint
            var line = ["file", path, "\(f.size)", "\(f.modifiedSeconds)", "\(f.modifiedNanoseconds)", RecordNumber.hex(f.hash)]
            if let s = entry.stamp {
                line += ["\(s.device)", "\(s.inode)", "\(s.changedSeconds)", "\(s.changedNanoseconds)"]
            }
            bytes += RecordLine.encode(line)
            for line in OutcomeRecord.lines(entry.outcome) { bytes += RecordLine.encode(line) }
            count += 1
        }
        return bytes + CacheFile.trailer(count: count, body: bytes)
    }

    static func decode(_ bytes: [UInt8], host: HostIdentity) throws -> [String: Entry] {
        func malformed(_ why: String) -> RecordLine.Malformed { RecordLine.Malformed(description: why) }
        let (declared, lastStart) = try CacheFile.checkedTrailer(bytes)

        var entries: [String: Entry] = [:]
        // Room for the entries declared, as far as the file's size can hold them (a 'file' line
        // alone is longer than 64 bytes): growing the table as it fills rehashes every path.
        entries.reserveCapacity(min(declared, lastStart / 64, maximumEntries))
        // Line by line, in place: a 'file' line, then the lines of the file's outcome, read by
        // OutcomeRecord straight from the bytes (numbers never become strings on the way).
        try bytes.withUnsafeBufferPointer { all in
            var lines = RecordByteLines(UnsafeBufferPointer(rebasing: all[..<lastStart]))
            guard !lines.isAtEnd, try lines.next().strings() == magic else { throw malformed("not a registry cache of this host") }
            guard !lines.isAtEnd else { throw malformed("not a registry cache of this host") }
            guard try lines.next().strings() == host.fields else { throw malformed("written by another host binary or ABI") }
            while !lines.isAtEnd {
                let line = try lines.next()
                guard line.hasVerb("file") else { throw malformed("expected a 'file' line") }
                let file = try Self.fileLine(line)
                let entry = Entry(fingerprint: file.fingerprint, stamp: file.stamp, outcome: try OutcomeRecord.read(&lines))
                guard entries.updateValue(entry, forKey: file.path) == nil else { throw malformed("the same file twice") }
                guard entries.count <= maximumEntries else { throw malformed("more than \(maximumEntries) entries") }
            }
        }
        guard entries.count == declared else { throw malformed("\(entries.count) entries where \(declared) were declared") }
        return entries
    }

    /// What a 'file' line says: an entry but for the outcome that follows it.
    private struct FileLine {
        let path: String
        let fingerprint: FileFingerprint
        let stamp: ChangeStamp?
    }

    private static func fileLine(_ line: RecordLineBytes) throws -> FileLine {
        func malformed(_ why: String) -> RecordLine.Malformed { RecordLine.Malformed(description: why) }
        func field(_ i: Int) -> UnsafeBufferPointer<UInt8> { line.field(i) }
        guard line.count == 6 || line.count == 10 else { throw malformed("expected a 'file' line") }
        let path = try line.text(1)
        guard path.hasPrefix("/"), !path.containsNUL else { throw malformed("expected a 'file' line") }
        let fingerprint = FileFingerprint(
            size: try RecordNumber.unsigned(field(2)), modifiedSeconds: try RecordNumber.signed(field(3)),
            modifiedNanoseconds: try RecordNumber.unsigned(field(4)), hash: try RecordNumber.hex(field(5)))
        guard fingerprint.modifiedNanoseconds < 1_000_000_000 else { throw malformed("a time with too many nanoseconds") }
        var stamp: ChangeStamp?
        if line.count == 10 {
            stamp = ChangeStamp(device: try RecordNumber.unsigned(field(6)), inode: try RecordNumber.unsigned(field(7)),
                                changedSeconds: try RecordNumber.signed(field(8)),
                                changedNanoseconds: try RecordNumber.unsigned(field(9)))
            guard stamp!.changedNanoseconds < 1_000_000_000 else { throw malformed("a time with too many nanoseconds") }
        }
        return FileLine(path: path, fingerprint: fingerprint, stamp: stamp)
    }
}
