import PluginHost

/// Fuzzes the reader of the kept listing (KeptListing), the file `host list` prints again
/// while nothing on the search path changed, which anyone with the user's files may have cut
/// or edited. Each input is read as it is and resealed (its key line set to this fuzzer's key,
/// its checksum made right). Whatever it accepts must write and read back the same records,
/// as many as its last line declared.
enum ListingTarget {
    static func run(_ data: UnsafeRawBufferPointer) -> String {
        let bytes = Array(data)
        let asIs = check(bytes)
        guard let resealed = resealed(bytes, secondLine: FuzzEntryPoints.listingKeyLine) else { return "as it is, \(asIs)" }
        return "as it is, \(asIs); resealed, \(check(resealed))"
    }

    private static func check(_ bytes: [UInt8]) -> String {
        let (records, refusal, roundTrip) = FuzzEntryPoints.readListing(bytes)
        guard let records else { return refusal.map { "refused: \($0)" } ?? "another key" }
        if !roundTrip { FuzzTarget.broken("the accepted listing does not write and read back the same") }
        if records.contains(where: \.isEmpty) { FuzzTarget.broken("an accepted record with no field") }
        return "accepted: \(records.count) records"
    }
}
