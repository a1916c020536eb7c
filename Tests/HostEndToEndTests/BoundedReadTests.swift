import Foundation
import Testing

/// The host reads a plugin file whole (to hash it for the registry cache) in its own process,
/// where no helper's time limit protects it: only regular files whose size it can trust and
/// bound are read at all. Each case here once kept `host list` and `host run` busy for tens of
/// seconds or for ever.
@Suite("Reads of plugin files in the host are bounded")
struct BoundedReadTests {
    @Test("a link to /proc/self/pagemap and a 4 GiB sparse file are skipped unread, with the reason, at once")
    func skippedUnread() async throws {
        let dir = try TempDir("bounded")
        let plugins = try dir.folder("plugins")
        try FileManager.default.createSymbolicLink(atPath: "\(plugins)/pagemap.so", withDestinationPath: "/proc/self/pagemap")
        let sparse = "\(plugins)/huge.so"
        FileManager.default.createFile(atPath: sparse, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: sparse))
        try handle.truncate(atOffset: 4 << 30)
        try handle.close()

        // A hang (reading the pagemap never ends) is killed at the timeout and fails the status
        // check; no wall-clock figure is asserted, as the machine may be busy.
        let list = try await runHost(["list", "--json"], pluginFolder: plugins, in: dir, timeout: 60)
        let run = try await runHost(["run", "diagonal"], pluginFolder: plugins, in: dir, timeout: 60)
        #expect(list.status == 0 && run.status == 0 && !list.crashed && !run.crashed, "\(list)\n\(run)")
        let rows = try ListRow.parse(list)
        let reasons = Dictionary(rows.map { (($0.path as NSString).lastPathComponent, $0.error ?? "") }, uniquingKeysWith: { a, _ in a })
        #expect(reasons["pagemap.so"]?.contains("kernel's proc file system") == true, "\(list.out)")
        #expect(reasons["huge.so"]?.contains("4096 MiB, larger than any plugin") == true, "\(list.out)")
    }
}
