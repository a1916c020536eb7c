import LibC

/// What the last `host list` printed, kept with the key of what it was made from (see
/// ListingKey), so that a list with nothing changed on the search path prints it again
/// without reading the registry cache, checking its entries or building a row. One file, by
/// default $XDG_CACHE_HOME/transition-host/listing-v1, beside the registry cache:
///
///     transition-host-listing 1
///     key KEY
///     (one line per record, whatever fields the lister gave it)
///     end RECORDS CHECKSUM
///
/// The records are only printed: nothing decides from them what is safe to load, which is
/// the registry cache's job, checked entry by entry. So a kept listing needs no more than
/// to be whole (the checksum), of the same key, and this user's own file; the lister still
/// checks each record's shape and makes the listing afresh if any is wrong.
public struct KeptListing: Sendable {
    public let path: String
    /// Seconds a file must have been left alone for a listing to be kept for it (see
    /// ListingKey); tests make it 0 rather than wait.
    var settleSeconds = ChangeStamp.settleSeconds

    public init(path: String) { self.path = path }

    public static let fileName = "transition-host/listing-v1"

    /// $XDG_CACHE_HOME/transition-host/listing-v1, or ~/.cache/transition-host/listing-v1;
    /// nil when neither is known (the listing is then made every time).
    public static func standard(environment: [String: String]) -> KeptListing? {
        CacheFile.standardPath(fileName, environment: environment).map(KeptListing.init(path:))
    }

    static let magic = ["transition-host-listing", "1"]
    /// More records than any listing of the registry cache's most entries would have.
    static let maximumRecords = 1_000_000

    /// The records kept for `key`; nil when there are none: no file yet, a listing of another
    /// key (`ignored` nil then: that is what a change looks like), or a file not used (why).
    func read(key: UInt64) -> (records: [[String]]?, ignored: String?) {
        switch CacheFile.readOwn(path) {
        case .failure(let why): return (nil, why.description)
        case .success(nil): return (nil, nil)
        case .success(let bytes?):
            do {
                return (try Self.decode(bytes, key: key), nil)
            } catch {
                return (nil, "\(error)")
            }
        }
    }

    /// Keeps `records` as the listing of `key`, replacing any other; why it failed, or nil.
    func write(_ records: [[String]], key: UInt64) -> String? {
        CacheFile.replace(path, with: Self.encode(records, key: key))
    }

    // MARK: - The format

    static func encode(_ records: [[String]], key: UInt64) -> [UInt8] {
        var bytes = RecordLine.encode(magic) + RecordLine.encode(["key", RecordNumber.hex(key)])
        for record in records { bytes += RecordLine.encode(record) }
        return bytes + CacheFile.trailer(count: records.count, body: bytes)
    }

    /// The records, when `bytes` is a whole listing of `key`; nil when it is whole but of
    /// another key. Throws when it is not whole, or not a listing.
    static func decode(_ bytes: [UInt8], key: UInt64) throws -> [[String]]? {
        func malformed(_ why: String) -> RecordLine.Malformed { RecordLine.Malformed(description: why) }
        let (declared, bodyEnd) = try CacheFile.checkedTrailer(bytes)
        guard declared <= maximumRecords else { throw malformed("\(declared) records declared, more than \(maximumRecords)") }
        var records: [[String]] = []
        // No more room than the lines there are: the count is the file's word, checked below.
        records.reserveCapacity(min(declared, bodyEnd / 2))
        var stale = false
        try bytes.withUnsafeBufferPointer { all in
            var start = 0, index = 0
            while start < bodyEnd && !stale {
                var newline = start
                while all[newline] != 0x0a { newline += 1 }
                let fields = try RecordLine.decode(UnsafeBufferPointer(rebasing: all[start..<newline]))
                switch index {
                case 0: guard fields == magic else { throw malformed("not a listing kept by this host") }
                case 1:
                    guard fields.count == 2, fields[0] == "key" else { throw malformed("no 'key' line") }
                    stale = try RecordNumber.hex(fields[1]) != key
                default:
                    guard records.count < declared else { throw malformed("more records than the \(declared) declared") }
                    records.append(fields)
                }
                index += 1
                start = newline + 1
            }
            if index < 2 { throw malformed("not a listing kept by this host") }
        }
        if stale { return nil }
        guard records.count == declared else { throw malformed("\(records.count) records where \(declared) were declared") }
        return records
    }
}
