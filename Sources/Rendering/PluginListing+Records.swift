/// A listing as plain records of strings, so that `host list` can keep what it printed and
/// print it again while nothing on the search path changed: one record per row ("row", then
/// name, kind, plugin, version, path, origin and status, then the error when there is one),
/// then one per note ("note", then its text).
extension PluginListing {
    public var records: [[String]] {
        var records: [[String]] = []
        records.reserveCapacity(rows.count + notes.count)
        for r in rows {
            var record = ["row", r.name, r.kind, r.plugin, r.version, r.path, r.origin, r.status]
            if let error = r.error { record.append(error) }
            records.append(record)
        }
        for note in notes { records.append(["note", note]) }
        return records
    }

    /// The listing from its records; nil when any record is not one `records` makes.
    public init?(records: [[String]]) {
        var rows: [Row] = []
        rows.reserveCapacity(records.count)
        var notes: [String] = []
        for record in records {
            switch (record.first, record.count) {
            case ("row", 8...9) where notes.isEmpty:  // rows come before notes
                rows.append(Row(name: record[1], kind: record[2], plugin: record[3], version: record[4], path: record[5],
                                origin: record[6], status: record[7], error: record.count == 9 ? record[8] : nil))
            case ("note", 2):
                notes.append(record[1])
            default:
                return nil
            }
        }
        self.init(rows: rows, notes: notes)
    }
}
