import Foundation
import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

import LibC

/// `host list` keeps what it printed (KeptListing) with the key of the search path it was made
/// from (ListingKey), and prints it again only while that key stays the same.
@Suite("The kept listing and its key")
struct KeptListingFileTests {
    static let host = RegistryCache.HostIdentity(size: 1234, modifiedSeconds: 1_700_000_000, modifiedNanoseconds: 5)

    static let records: [[String]] = [
        ["row", "diagonal", "animator", "example.diagonal", "1.0.0", "/plugins/diagonal.so", "--plugin-path", "ok"],
        ["row", "-", "-", "-", "-", "/plugins/with space and 100%.so", "user", "crashed", "signal 11\nand a second line"],
        ["row", "ünïcode", "", "%-", "\t", "/p.so", "bundled", "ok"],
        ["note", "a note"],
    ]

    // MARK: - The file

    @Test("What is kept is read back for the same key; another key reads nothing, and is no problem")
    func roundTrip() throws {
        let dir = try TempDir("listing")
        let kept = KeptListing(path: dir.file("deep/listing-v1"))
        #expect(kept.write(Self.records, key: 0x1234_5678_9abc_def0) == nil)
        let same = kept.read(key: 0x1234_5678_9abc_def0)
        #expect(same.records == Self.records)
        #expect(same.ignored == nil)
        let other = kept.read(key: 0x1234_5678_9abc_def1)
        #expect(other.records == nil && other.ignored == nil, "\(other)")

        var info = stat()
        #expect(stat(kept.path, &info) == 0 && info.st_mode & 0o777 == 0o600, "the kept listing is private to its user")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("deep")) == ["listing-v1"],
                "no temporary file is left behind")
        let none = KeptListing(path: dir.file("none")).read(key: 1)
        #expect(none.records == nil && none.ignored == nil, "no file yet is no problem")
    }

    /// Ways the file is damaged, each with a word its rejection must contain.
    static let damages: [(String, String, @Sendable ([UInt8]) -> [UInt8])] = [
        ("empty", "cut off", { _ in [] }),
        ("cut in half", "cut off", { Array($0.prefix($0.count / 2)) }),
        ("last byte missing", "cut off", { Array($0.dropLast()) }),
        ("one bit flipped", "checksum", { var b = $0; b[b.count / 3] ^= 0x04; return b }),
        ("a foreign file with a valid checksum", "not a listing", { _ in
            let body = Array("transition-host-registry 2\n".utf8)
            return body + CacheFile.trailer(count: 0, body: body)
        }),
        ("no key line", "key", { _ in
            let body = RecordLine.encode(KeptListing.magic) + RecordLine.encode(["row", "x"])
            return body + CacheFile.trailer(count: 1, body: body)
        }),
        ("a record count of four billion", "declared", { bytes in
            // Sealed with a valid checksum: the reader must not reserve room for what it declares.
            var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            lines.removeLast()
            let body = Array((lines.joined(separator: "\n") + "\n").utf8)
            return body + CacheFile.trailer(count: Int(UInt32.max), body: body)
        }),
        ("a record count that does not match", "declared", { bytes in
            var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            lines.removeLast()
            let body = Array((lines.joined(separator: "\n") + "\n").utf8)
            return body + CacheFile.trailer(count: 5, body: body)
        }),
    ]

    @Test("A damaged, cut or foreign kept listing is not used, with the reason", arguments: damages.indices)
    func damaged(_ index: Int) throws {
        let (name, mustSay, damage) = Self.damages[index]
        let dir = try TempDir("listing-damaged")
        let kept = KeptListing(path: dir.file("listing-v1"))
        #expect(kept.write(Self.records, key: 7) == nil)
        try dir.write("listing-v1", bytes: damage(try dir.read("listing-v1")))
        let read = kept.read(key: 7)
        #expect(read.records == nil, "\(name): records were used")
        #expect(read.ignored?.contains(mustSay) == true, "\(name): \(String(describing: read.ignored))")
    }

    @Test("A kept listing that others can write is not used")
    func writableByOthers() throws {
        let dir = try TempDir("listing-mode")
        let kept = KeptListing(path: dir.file("listing-v1"))
        #expect(kept.write(Self.records, key: 7) == nil)
        chmod(kept.path, 0o622)
        #expect(kept.read(key: 7).records == nil)
        #expect(kept.read(key: 7).ignored?.contains("writable by others") == true)
    }

    // MARK: - The key

    /// The key of a search path of `folders` (with `origin`), walked now.
    static func key(_ folders: [String], origin: PluginSearchPath.Origin = .option, host: RegistryCache.HostIdentity = host,
                    settleSeconds: Int64 = 0) -> UInt64? {
        let discovery = PluginDiscovery(searchPath: PluginSearchPath(folders: folders.map { .init(path: $0, origin: origin) }))
        let now = ChangeStamp.now()
        let (candidates, problems) = discovery.walk()
        return ListingKey.of(candidates, problems: problems, host: host, executable: "/nonexistent/host", now: now,
                             settleSeconds: settleSeconds)
    }

    @Test("The key stays while nothing on the search path changes, and changes with anything a listing shows")
    func keyFollowsChanges() throws {
        let dir = try TempDir("listing-key")
        let folder = dir.file("plugins")
        try FileManager.default.createDirectory(atPath: folder + "/sub.so", withIntermediateDirectories: true)
        let a = try dir.write("plugins/a.so", bytes: Array(repeating: 1, count: 100))
        try dir.write("plugins/b.so", bytes: Array(repeating: 2, count: 100))

        var last = try #require(Self.key([folder]))
        #expect(Self.key([folder]) == last, "nothing changed, yet the key did")
        /// Applies `change` and expects a new key (or the same one, when `changes` is false).
        func expectKey(after what: String, changes: Bool = true, _ change: () throws -> Void) throws {
            usleep(20_000)  // past a tick of the file system's clock: a new ctime
            try change()
            let now = try #require(Self.key([folder]), "\(what)")
            if changes { #expect(now != last, "\(what): the key stayed the same") } else { #expect(now == last, "\(what)") }
            last = now
        }
        try expectKey(after: "a file that is no plugin added", changes: false) { try dir.write("plugins/notes.txt", text: "x") }
        try expectKey(after: "a plugin rewritten in place with its old time put back: only its ctime tells") {
            var before = stat()
            #expect(stat(a, &before) == 0)
            let fd = open(a, O_WRONLY)
            #expect(fd >= 0 && write(fd, [UInt8](repeating: 9, count: 100), 100) == 100)
            close(fd)
            var times = [before.st_atim, before.st_mtim]
            #expect(utimensat(AT_FDCWD, a, &times, 0) == 0)
        }
        try expectKey(after: "a plugin replaced by a new file with the same bytes") {
            try dir.write("plugins/a.so", bytes: Array(repeating: 9, count: 100))
        }
        try expectKey(after: "a plugin's time set back") {
            var times = [timespec(tv_sec: 1_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000, tv_nsec: 0)]
            #expect(utimensat(AT_FDCWD, a, &times, 0) == 0)
        }
        try expectKey(after: "a plugin added") { try dir.write("plugins/c.so", bytes: [3]) }
        try expectKey(after: "a plugin renamed") { #expect(rename(folder + "/c.so", folder + "/d.so") == 0) }
        try expectKey(after: "a plugin removed") { #expect(unlink(folder + "/d.so") == 0) }
        try expectKey(after: "a plugin made writable by others") { #expect(chmod(a, 0o666) == 0) }
        try expectKey(after: "a skipped entry gone") { try FileManager.default.removeItem(atPath: folder + "/sub.so") }

        #expect(Self.key([folder], origin: .environment) != last, "another origin shows in the listing")
        #expect(Self.key([folder, dir.file("missing")]) != last, "a folder that cannot be read is a note in the listing")
        let otherHost = RegistryCache.HostIdentity(size: 1235, modifiedSeconds: 1_700_000_000, modifiedNanoseconds: 5)
        #expect(Self.key([folder], host: otherHost) != last, "another host binary may judge the files otherwise")
    }

    @Test("With a relative folder on the search path, the working folder is part of the key")
    func relativeFolder() throws {
        let (candidates, problems) = PluginDiscovery(searchPath: PluginSearchPath(folders: [])).walk()
        func key(_ workingFolder: String?) -> UInt64? {
            ListingKey.of(candidates, problems: problems, host: Self.host, executable: "/nonexistent/host",
                          workingFolder: workingFolder, now: ChangeStamp.now(), settleSeconds: 0)
        }
        #expect(key("/home/a/project") != key("/home/b/project"))
        #expect(key("/home/a/project") != key(nil))
        #expect(key(nil) == key(nil))
    }

    @Test("The key follows the host binary itself, not only its size and time: a copy with its time kept is another host")
    func hostBinary() throws {
        let dir = try TempDir("listing-host")
        let one = try dir.write("host-one", bytes: Array(repeating: 1, count: 64))
        usleep(20_000)
        let two = try dir.write("host-two", bytes: Array(repeating: 2, count: 64))
        var info = stat()
        #expect(stat(one, &info) == 0)
        var times = [info.st_atim, info.st_mtim]
        #expect(utimensat(AT_FDCWD, two, &times, 0) == 0)
        let (candidates, problems) = PluginDiscovery(searchPath: PluginSearchPath(folders: [])).walk()
        func key(_ executable: String) -> UInt64? {
            ListingKey.of(candidates, problems: problems, host: .of(executable: executable), executable: executable,
                          now: ChangeStamp.now(), settleSeconds: 0)
        }
        #expect(RegistryCache.HostIdentity.of(executable: one) == RegistryCache.HostIdentity.of(executable: two),
                "the registry cache cannot tell them apart")
        #expect(key(one) != nil && key(one) != key(two))
    }

    @Test("A file changed moments ago gives no key: no listing is kept or printed for it until it settles")
    func freshFileHasNoKey() throws {
        let dir = try TempDir("listing-fresh")
        try FileManager.default.createDirectory(atPath: dir.file("plugins"), withIntermediateDirectories: true)
        try dir.write("plugins/a.so", bytes: [1])
        #expect(Self.key([dir.file("plugins")], settleSeconds: 3600) == nil)
        #expect(Self.key([dir.file("plugins")], settleSeconds: 0) != nil)
        #expect(Self.key([dir.file("empty-or-missing")], settleSeconds: 3600) != nil, "no file, nothing to settle")
    }

    // MARK: - DiscoveredPlugins's use of it

    /// A listing whose every record must start with "fake".
    struct FakeListing: KeepableListing, Equatable {
        let records: [[String]]
        init?(records: [[String]]) {
            guard records.allSatisfy({ $0.first == "fake" }) else { return nil }
            self.records = records
        }
    }

    /// A discovery of `folder` with a scanner that cannot run (any file to scan fails to be).
    static func discovery(_ folder: String, kept: String, forgets: Bool = false) -> PluginDiscovery {
        var kept = KeptListing(path: kept)
        kept.settleSeconds = 0
        return PluginDiscovery(
            searchPath: PluginSearchPath(folders: [.init(path: folder, origin: .option)]),
            scanner: PluginScanner(executable: "/nonexistent/host"), keptListing: kept, forgetsCache: forgets)
    }

    @Test("A listing is made once, printed again while nothing changed, and made afresh after a change or with --rescan")
    func keptUntilChanged() throws {
        let dir = try TempDir("listing-discovery")
        let folder = dir.file("plugins")
        try FileManager.default.createDirectory(atPath: folder + "/one.so", withIntermediateDirectories: true)
        var made = 0
        func list(forgets: Bool = false) -> (FakeListing, DiscoveredPlugins.Statistics) {
            Self.discovery(folder, kept: dir.file("cache/listing-v1"), forgets: forgets).listing { discovery in
                made += 1
                return FakeListing(records: discovery.files.map { ["fake", $0.path] })!
            }
        }

        let (first, firstStatistics) = list()
        #expect(made == 1 && !firstStatistics.listingKept)
        #expect(first.records == [["fake", folder + "/one.so"]])
        let (second, secondStatistics) = list()
        #expect(made == 1, "nothing changed, yet the listing was made again")
        #expect(second == first && secondStatistics.listingKept)
        #expect(secondStatistics.summary.contains("the listing kept"))

        _ = list(forgets: true)
        #expect(made == 2, "--rescan printed the kept listing")
        usleep(20_000)
        try FileManager.default.createDirectory(atPath: folder + "/two.so", withIntermediateDirectories: true)
        let (third, thirdStatistics) = list()
        #expect(made == 3 && !thirdStatistics.listingKept)
        #expect(third.records.count == 2)
        _ = list()
        #expect(made == 3)
    }

    @Test("Records the lister refuses are not printed: the listing is made afresh and kept anew")
    func refusedRecords() throws {
        let dir = try TempDir("listing-forged")
        let folder = dir.file("plugins")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let discovery = Self.discovery(folder, kept: dir.file("listing-v1"))
        let (candidates, problems) = discovery.walk()
        let key = try #require(ListingKey.of(candidates, problems: problems, host: .of(executable: "/nonexistent/host"),
                                             executable: "/nonexistent/host", now: ChangeStamp.now(), settleSeconds: 0))
        #expect(KeptListing(path: dir.file("listing-v1")).write([["forged", "row"]], key: key) == nil)

        let (listing, statistics) = discovery.listing { _ in FakeListing(records: [["fake"]])! }
        #expect(listing.records == [["fake"]])
        #expect(!statistics.listingKept)
        #expect(statistics.listingIgnored?.contains("not a listing") == true, "\(statistics.summary)")
        #expect(KeptListing(path: dir.file("listing-v1")).read(key: key).records == [["fake"]])
    }

    @Test("A listing with a file the scanner could not be run for is not kept: the next list tries again")
    func notScannedIsNotKept() throws {
        let dir = try TempDir("listing-not-scanned")
        try FileManager.default.createDirectory(atPath: dir.file("plugins"), withIntermediateDirectories: true)
        try dir.write("plugins/a.so", bytes: [1])
        var made = 0
        for _ in 0..<2 {
            let (_, statistics) = Self.discovery(dir.file("plugins"), kept: dir.file("listing-v1")).listing { _ in
                made += 1
                return FakeListing(records: [])!
            }
            #expect(statistics.notScanned == 1, "\(statistics.summary)")
            #expect(statistics.unrecorded == 1, "\(statistics.summary)")
        }
        #expect(made == 2)
        #expect(!FileManager.default.fileExists(atPath: dir.file("listing-v1")))
    }
}
