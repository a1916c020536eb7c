/// `host list`: one row per effect, and one per file that gave no effect (broken, shadowed,
/// skipped), as a table or as JSON.
public struct PluginListing {
    public struct Row: Sendable {
        public let name: String      // the effect's short name, or qualified when ambiguous; "-" for a file
        public let kind: String
        public let plugin: String
        public let version: String
        public let path: String
        public let origin: String
        public let status: String    // "ok", or what is wrong
        public let error: String?

        public init(name: String, kind: String, plugin: String, version: String, path: String, origin: String,
                    status: String, error: String? = nil) {
            self.name = name; self.kind = kind; self.plugin = plugin; self.version = version
            self.path = path; self.origin = origin; self.status = status; self.error = error
        }
    }

    public let rows: [Row]
    public let notes: [String]

    public init(rows: [Row], notes: [String]) {
        self.rows = rows
        self.notes = notes
    }

    public func table() -> String {
        let header = ["EFFECT", "KIND", "PLUGIN", "VERSION", "STATUS", "SOURCE"]
        let cells = rows.map { [$0.name, $0.kind, $0.plugin, $0.version, $0.status, $0.path] }
        var widths = header.map(\.count)
        for row in cells {
            for (i, cell) in row.enumerated() where i < header.count - 1 { widths[i] = max(widths[i], cell.count) }
        }
        let line = { (row: [String]) -> String in
            row.enumerated().map { i, c in i == row.count - 1 ? c : c.rightPadded(to: widths[i]) }.joined(separator: "  ")
        }
        var lines = [line(header)] + cells.map(line)
        let broken = rows.filter { $0.error != nil }
        if !broken.isEmpty {
            lines.append("")
            for row in broken { lines.append("\(row.path): \(row.error!)") }
        }
        for note in notes { lines.append("note: \(note)") }
        let curves = rows.filter { $0.error == nil && $0.kind == "curve" }.count
        let effects = rows.filter { $0.error == nil && $0.name != "-" }.count - curves
        lines.append("")
        lines.append("\(effects) effects, \(curves) curves; \(broken.count) file(s) with problems")
        return lines.joined(separator: "\n")
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
