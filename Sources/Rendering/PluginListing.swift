import TransitionCore

/// `host list`: one row per effect, and one per file that gave no effect (broken, shadowed,
/// skipped), as a table or as JSON.
public struct PluginListing: Sendable {
    public typealias Row = ListingRow

    public let rows: [Row]
    public let notes: [String]

    public init(rows: [Row], notes: [String]) {
        self.rows = rows
        self.notes = notes
    }

    public func table() -> String {
        let header = ["EFFECT", "KIND", "PLUGIN", "VERSION", "STATUS", "SOURCE"]
        let cells = rows.map { [$0.name, $0.kind, $0.plugin, $0.version, $0.status, $0.path] }
        // Appended into one string, widths counted without grapheme breaking for ASCII cells:
        // a warm listing of hundreds of plugins spent more here than in reading the cache.
        var widths = header.map(Self.width)
        for row in cells {
            for i in 0..<header.count - 1 { widths[i] = max(widths[i], Self.width(row[i])) }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity((widths.reduce(0, +) + 2 * header.count + 60) * (rows.count + 1))
        for row in [header] + cells {
            for (i, cell) in row.enumerated() {
                bytes += cell.utf8
                if i < row.count - 1 { bytes += repeatElement(0x20, count: widths[i] - Self.width(cell) + 2) }
            }
            bytes.append(0x0a)
        }
        bytes.removeLast()
        var out = String(decoding: bytes, as: UTF8.self)
        // Counted in one pass, without copying a row (each is eight strings).
        var broken = 0, curves = 0, named = 0
        for row in rows {
            if row.error != nil {
                broken += 1
            } else {
                if row.kind == "curve" { curves += 1 }
                if row.name != "-" { named += 1 }
            }
        }
        if broken > 0 {
            out += "\n"
            for row in rows where row.error != nil { out += "\n\(row.path): \(row.error!)" }
        }
        for note in notes { out += "\nnote: \(note)" }
        out += "\n\n\(named - curves) effects, \(curves) curves; \(broken) file(s) with problems"
        return out
    }

    /// Columns a cell takes: its characters, counted fast when they are all ASCII.
    private static func width(_ cell: String) -> Int {
        cell.utf8.allSatisfy { $0 < 0x80 } ? cell.utf8.count : cell.count
    }

    public func json() -> String {
        var json = JSONWriter()
        json.array { j in
            for r in rows {
                j.object { j in
                    j.field("name", r.name)
                    j.field("kind", r.kind)
                    j.field("plugin", r.plugin)
                    j.field("version", r.version)
                    j.field("path", r.path)
                    j.field("origin", r.origin)
                    j.field("status", r.status)
                    j.field("error", r.error)
                }
            }
        }
        return json.output
    }
}
