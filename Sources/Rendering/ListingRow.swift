/// One row of `host list`: an effect or a curve and the file it came from, or a file that gave
/// none (broken, shadowed, skipped). The command line makes the rows from what discovery
/// found (ListingRows.swift); PluginListing prints them as a table or as JSON.
public struct ListingRow: Sendable {
    /// The effect's short name, or qualified when ambiguous; "-" for a file.
    public let name: String
    public let kind: String
    public let plugin: String
    public let version: String
    public let path: String
    public let origin: String
    /// "ok", or what is wrong.
    public let status: String
    public let error: String?

    public init(name: String, kind: String, plugin: String, version: String, path: String, origin: String,
                status: String, error: String? = nil) {
        self.name = name; self.kind = kind; self.plugin = plugin; self.version = version
        self.path = path; self.origin = origin; self.status = status; self.error = error
    }
}
