import FoundationEssentials

/// What a test's child process hands back, in the file the parent named: its verdict and,
/// from the loading test, what the plugin offers. A file rather than standard output, which
/// belongs to the plugin as much as to the host (a plugin may print).
struct ChildReport: Codable {
    let verdict: Verdict
    let inventory: PluginInventory?

    func write(to path: String) throws {
        try JSONEncoder().encode(self).write(to: URL(fileURLWithPath: path))
    }

    static func read(from path: String) -> ChildReport? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        return try? JSONDecoder().decode(ChildReport.self, from: data)
    }
}
