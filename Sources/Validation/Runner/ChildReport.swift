import FoundationEssentials

import LibC

/// What a test's child process hands back, in the file the parent named: its verdict and,
/// from the loading test, what the plugin offers. A file rather than standard output, which
/// belongs to the plugin as much as to the host (a plugin may print).
struct ChildReport: Codable {
    let verdict: Verdict
    let inventory: PluginInventory?

    /// Writes the report to `fd`, a file the child opened before it entered the sandbox (in
    /// which it can open nothing for writing).
    func write(toDescriptor fd: Int32) throws {
        let bytes = [UInt8](try JSONEncoder().encode(self))
        var written = 0
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw ChildReportError(description: "write: \(String(cString: strerror(errno)))") }
            written += n
        }
    }

    struct ChildReportError: Error, CustomStringConvertible { let description: String }

    static func read(from path: String) -> ChildReport? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        return try? JSONDecoder().decode(ChildReport.self, from: data)
    }
}
