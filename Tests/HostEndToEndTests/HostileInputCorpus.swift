import Foundation
import Testing

import LibC

/// One hostile input, made at test time, and what `host list` must make of it.
struct HostileCase: Sendable {
    enum Expected: Sendable, CustomStringConvertible {
        /// Listed, with this effect.
        case ok(effect: String)
        /// A row with this status whose message says each of these.
        case row(status: String, says: [String])

        var description: String {
            switch self {
            case .ok(let effect): return "ok (\(effect))"
            case .row(let status, let says): return "\(status) saying \(says)"
            }
        }
    }

    let name: String
    let expected: Expected
    /// Makes the input at the path given (in the folder given, which it may use for
    /// intermediate files).
    let make: @Sendable (_ dir: TempDir, _ path: String) async throws -> Void

    init(_ name: String, _ expected: Expected, make: @escaping @Sendable (TempDir, String) async throws -> Void) {
        self.name = name
        self.expected = expected
        self.make = make
    }

    init(_ name: String, _ expected: Expected, plugin: HostilePlugin) {
        self.init(name, expected) { dir, path in
            try await compileC(plugin.render(), to: String(path.dropFirst(dir.path.count + 1)), in: dir)
        }
    }

    static func error(_ says: String...) -> Expected { .row(status: "error", says: says) }

    /// A good plugin's bytes, edited.
    static func edited(_ name: String, _ expected: Expected, _ edit: @escaping @Sendable ([UInt8]) -> [UInt8]) -> HostileCase {
        HostileCase(name, expected) { dir, path in
            let good = try await compileC(HostilePlugin(id: "hostile.original").render(), to: "original-\(UUID().uuidString.prefix(8)).bin", in: dir)
            try Data(edit(Array(try Data(contentsOf: URL(fileURLWithPath: good))))).write(to: URL(fileURLWithPath: path))
        }
    }

    static let foreignMachine: UInt8 = {
        #if arch(x86_64)
        return 183  // AArch64
        #else
        return 62   // x86-64
        #endif
    }()

    /// Every file-level case. Plugin ids are unique, so that the cases can share one folder.
    static let all: [HostileCase] = [
        HostileCase("a good plugin (the control)", .ok(effect: "control"), plugin: HostilePlugin(id: "hostile.control", effectID: "control")),
        HostileCase("random bytes", error("not an ELF shared library")) { _, path in
            var generator = SystemRandomNumberGenerator()
            try Data([0x13] + (0..<5000).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: URL(fileURLWithPath: path))
        },
        HostileCase("an empty file", error("too short", "0 bytes")) { _, path in
            try Data().write(to: URL(fileURLWithPath: path))
        },
        edited("a truncated ELF file", error("malformed ELF file")) { Array($0.prefix(1200)) },
        edited("an ELF header and nothing more", error("too short")) { Array($0.prefix(52)) },
        edited("another architecture's ELF file", error("built for")) { bytes in
            var b = bytes
            b[18] = foreignMachine
            b[19] = 0
            return b
        },
        HostileCase("a position-independent executable", error("position-independent executable")) { dir, path in
            let source = HostilePlugin(id: "hostile.pie").render() + "\nint main(void) { return 0; }\n"
            let sourcePath = try dir.write("pie-\(UUID().uuidString.prefix(8)).c", text: source)
            let result = try await runProgram("/usr/bin/env", ["cc", "-std=c99", "-fPIE", "-pie", "-I", Repo.includeDirectory,
                                                               "-o", path, sourcePath], outputIn: dir)
            guard result.status == 0 else { throw ChildProcessFailure(description: "cc failed: \(result)") }
        },
        HostileCase("an entry symbol th_entry that is a function", error("'th_entry' is a function")) { dir, path in
            let source = HostilePlugin(id: "hostile.function-entry").render()
                .replacingOccurrences(of: "TH_EXPORT const th_plugin_entry th_entry = {", with: "static const th_plugin_entry hp_entry_data = {")
                + "\nTH_EXPORT void th_entry(void) { abort(); }\n"
            try await compileC(source, to: String(path.dropFirst(dir.path.count + 1)), in: dir)
        },
        HostileCase("th_get_entry returning a wild pointer (would crash a host that loads it)",
                    .row(status: "crashed", says: ["SIGSEGV"]),
                    plugin: HostilePlugin(id: "hostile.wild-entry", getEntryBody: "return (const th_plugin_entry *)(uintptr_t)16;")),
        HostileCase("a NULL plugin name", error("plugin name is NULL"),
                    plugin: HostilePlugin(id: "hostile.null-name", pluginName: "NULL")),
        HostileCase("get_effect returning NULL", error("get_effect(1) returned NULL"),
                    plugin: HostilePlugin(id: "hostile.null-descriptor", effectCount: "2u")),
        HostileCase("a plugin name that is not UTF-8", error("not valid UTF-8"),
                    plugin: HostilePlugin(id: "hostile.latin1", pluginName: "\"Caf\\xe9 \\xff\\xfe\"")),
        HostileCase("a huge effect count", error("effect_count() returned 4000000000"),
                    plugin: HostilePlugin(id: "hostile.many-effects", effectCount: "4000000000u")),
        HostileCase("a huge parameter count", error("declares 123456789 parameters"),
                    plugin: HostilePlugin(id: "hostile.many-params", paramCount: "123456789u")),
        HostileCase("a 1 MiB effect name", error("longer than 4096 bytes"),
                    plugin: HostilePlugin(id: "hostile.huge-name", prelude: "static char huge_name[1 << 20];",
                                          initBody: "memset(huge_name, 'a', sizeof huge_name - 1);", effectName: "huge_name")),
        HostileCase("an init that hangs (sleeping)", .row(status: "hung", says: ["still loading after"]),
                    plugin: HostilePlugin(id: "hostile.sleeps", initBody: "for (;;) sleep(1);")),
        // Blocked, not spinning: a spinning case would take a core from the rest of the suite.
        HostileCase("a constructor that hangs (waiting on a pipe nobody writes)", .row(status: "hung", says: ["still loading after"]),
                    plugin: HostilePlugin(id: "hostile.waits", prelude: """
                        __attribute__((constructor)) static void hp_wait(void) { int fds[2]; char c; if (pipe(fds) == 0) (void)!read(fds[0], &c, 1); }
                        """)),
        HostileCase("an init that segfaults", .row(status: "crashed", says: ["SIGSEGV"]),
                    plugin: HostilePlugin(id: "hostile.segfault", initBody: "*(volatile int *)0 = 1;")),
        HostileCase("an init that aborts", .row(status: "crashed", says: ["SIGABRT"]),
                    plugin: HostilePlugin(id: "hostile.aborts", initBody: "abort();")),
        HostileCase("an init that calls exit", .row(status: "crashed", says: ["exit(7)"]),
                    plugin: HostilePlugin(id: "hostile.exits", initBody: "exit(7);")),
        HostileCase("a constructor that segfaults", .row(status: "crashed", says: ["SIGSEGV"]),
                    plugin: HostilePlugin(id: "hostile.constructor-segfault", prelude: """
                        __attribute__((constructor)) static void hp_crash(void) { *(volatile int *)0 = 1; }
                        """)),
        HostileCase("a deinit that segfaults", .row(status: "crashed", says: ["SIGSEGV"]),
                    plugin: HostilePlugin(id: "hostile.deinit-segfault", deinitBody: "*(volatile int *)0 = 1;")),
        HostileCase("an init that writes garbage into the scanner's report", .row(status: "error", says: ["garbled"]),
                    plugin: HostilePlugin(id: "hostile.scribbles", initBody: "(void)!write(3, \"\\x01\\x02 garbage\\n\", 11);")),
        HostileCase("an init that closes the scanner's report", .row(status: "crashed", says: ["exit"]),
                    plugin: HostilePlugin(id: "hostile.closes-report", initBody: "close(3);")),
        HostileCase("a FIFO named *.so", .row(status: "skipped", says: ["FIFO", "never opened"])) { _, path in
            guard mkfifo(path, 0o644) == 0 else { throw ChildProcessFailure(description: "mkfifo failed") }
        },
        HostileCase("a symbolic link loop", .row(status: "skipped", says: ["link loop"])) { _, path in
            guard symlink(path, path) == 0 else { throw ChildProcessFailure(description: "symlink failed") }
        },
        HostileCase("a link to a device", .row(status: "skipped", says: ["device", "never opened"])) { _, path in
            guard symlink("/dev/zero", path) == 0 else { throw ChildProcessFailure(description: "symlink failed") }
        },
        HostileCase("a directory named *.so", .row(status: "skipped", says: ["directory"])) { _, path in
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        },
        HostileCase("a world-writable plugin", .row(status: "untrusted", says: ["writable by everyone", "chmod go-w"])) { dir, path in
            try await compileC(HostilePlugin(id: "hostile.world-writable").render(), to: String(path.dropFirst(dir.path.count + 1)), in: dir)
            chmod(path, 0o666)
        },
    ] + (getuid() == 0 ? [foreignOwner] : [])  // giving a file away needs root

    static let foreignOwner = HostileCase("a plugin owned by another user", .row(status: "untrusted", says: ["owned by", "chown"])) { dir, path in
        try await compileC(HostilePlugin(id: "hostile.foreign").render(), to: String(path.dropFirst(dir.path.count + 1)), in: dir)
        guard chown(path, 65534, 65534) == 0 else { throw ChildProcessFailure(description: "chown failed") }
    }
}

/// The 64-bit FNV-1a hash, as the registry cache's checksum line uses it.
func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
    bytes.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
}

/// A cache file whose lines were edited by `edit`, with its checksum line made right again:
/// a damage only the cache's own checks of the content can catch.
func recheckedCache(_ data: Data, _ edit: (inout [String]) -> Void) -> Data {
    var lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    let trailer = lines.removeLast().split(separator: " ")
    edit(&lines)
    let body = Array((lines.joined(separator: "\n") + "\n").utf8)
    let hash = String(fnv1a(body), radix: 16)
    return Data(body + Array("\(trailer[0]) \(trailer[1]) \(String(repeating: "0", count: 16 - hash.count) + hash)\n".utf8))
}

/// How a corpus run went, case by case: the figures the suite reports.
actor CorpusTally {
    private(set) var tried = 0
    private(set) var hostCrashes = 0
    private(set) var inconsistent: [String] = []

    func record(_ label: String, hostSurvived: Bool, problem: String?) {
        tried += 1
        if !hostSurvived { hostCrashes += 1 }
        if let problem { inconsistent.append("\(label): \(problem)") }
    }
}

@Suite("Hostile input, tried and counted")
struct HostileInputCorpusTests {
    /// What is wrong with `row` for `expected`, or nil.
    static func mismatch(_ row: ListRow?, _ rows: [ListRow], _ expected: HostileCase.Expected) -> String? {
        switch expected {
        case .ok(let effect):
            guard let found = rows.first(where: { $0.name == effect }) else { return "no row for the effect \(effect)" }
            return found.status == "ok" ? nil : "effect \(effect) is \(found.status)"
        case .row(let status, let says):
            guard let row else { return "no row for the file" }
            guard row.status == status else { return "status \(row.status), not \(status): \(row.error ?? "")" }
            let missing = says.filter { !(row.error ?? "").contains($0) }
            return missing.isEmpty ? nil : "the message lacks \(missing): \(row.error ?? "")"
        }
    }

    @Test("Every hostile file alone and all together, cold and warm, and damaged caches: the host never crashes, every result is as expected")
    func corpus() async throws {
        let dir = try TempDir("corpus")
        let together = try dir.folder("together")
        let tally = CorpusTally()
        let cases = HostileCase.all

        // Each case alone in its own folder (and with its own cache), then all of them in one:
        // the same file, hard-linked (a FIFO or a link too), or made again (a directory).
        for (i, hostile) in cases.enumerated() {
            let alone = try dir.folder("alone-\(i)")
            try await hostile.make(dir, "\(alone)/case.so")
            let shared = "\(together)/case-\(String(format: "%02d", i)).so"
            if link("\(alone)/case.so", shared) != 0 { try await hostile.make(dir, shared) }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (i, hostile) in cases.enumerated() {
                if i >= 4 { try await group.next() }  // four at a time: the machine has two cores
                group.addTask {
                    let folder = dir.file("alone-\(i)"), cache = dir.file("cache-alone-\(i)")
                    for pass in ["cold", "warm"] {
                        let run = try await ListRun.run(folder: folder, cache: cache, in: dir)
                        await tally.record("\(hostile.name) (alone, \(pass))", hostSurvived: run.hostSurvived,
                                           problem: run.hostSurvived ? Self.mismatch(run.row("\(folder)/case.so"), run.rows, hostile.expected)
                                               : "host ended badly: \(run.result)")
                    }
                }
            }
            try await group.waitForAll()
        }

        let togetherCache = dir.file("cache-together")
        for pass in ["cold", "warm"] {
            let run = try await ListRun.run(folder: together, cache: togetherCache, in: dir)
            if pass == "warm" { #expect(run.scannedFiles == 0, "the warm run scanned: \(run.discovery)") }
            for (i, hostile) in cases.enumerated() {
                let path = "\(together)/case-\(String(format: "%02d", i)).so"
                await tally.record("\(hostile.name) (together, \(pass))", hostSurvived: run.hostSurvived,
                                   problem: run.hostSurvived ? Self.mismatch(run.row(path), run.rows, hostile.expected)
                                       : "host ended badly: \(run.result)")
            }
        }

        // Damaged caches: each is ignored and rebuilt, and the listing is the same as before.
        // On a folder without the hanging plugins, which would make every rebuild slow.
        let cacheFolder = try dir.folder("for-the-cache")
        for (i, hostile) in cases.enumerated() where !hostile.name.contains("hang") {
            _ = link("\(dir.path)/alone-\(i)/case.so", "\(cacheFolder)/case-\(String(format: "%02d", i)).so")
        }
        let linked = Date()
        let cache = dir.file("cache-damaged")
        let reference = try await ListRun.run(folder: cacheFolder, cache: cache, in: dir)
        #expect(reference.hostSurvived, "\(reference)")
        #expect(reference.rows.contains { $0.status == "crashed" }, "the folder should hold crashed plugins:\n\(reference.result.out)")
        let cacheFile = "\(cache)/transition-host/registry-v1"
        let good = try Data(contentsOf: URL(fileURLWithPath: cacheFile))
        let damages: [(String, (Data) -> Data?)] = [
            ("an empty cache", { _ in Data() }),
            ("a cache cut in half", { $0.prefix($0.count / 2) }),
            ("a cache with its last line cut", { $0.dropLast(10) }),
            ("a cache with one byte changed", { var d = $0; d[d.count / 2] ^= 0x20; return d }),
            ("a cache of random bytes", { d in Data((0..<d.count).map { _ in UInt8.random(in: 0...255) }) }),
            ("another program's file", { _ in Data("[Desktop Entry]\nName=Not a cache\n".utf8) }),
            ("a cache written by another host binary", { d in
                recheckedCache(d) { lines in
                    // "host MAJOR MINOR SIZE ...": another binary's size.
                    var fields = lines[1].split(separator: " ", omittingEmptySubsequences: false).map(String.init)
                    fields[3] = "9" + fields[3]
                    lines[1] = fields.joined(separator: " ")
                }
            }),
            ("a cache that says a crashing plugin is good", { d in
                recheckedCache(d) { lines in
                    guard let at = lines.firstIndex(where: { $0.hasPrefix("crashed signal") }) else { return }
                    lines[at] = "plugin Not%20An%20Id Forged 1.0 %- 1 0 0 0 0"
                }
            }),
            ("a cache that is a directory", { _ in nil }),
        ]
        /// A damaged file where a cache file goes; nil damage puts a folder there instead.
        func place(_ damaged: Data?, at path: String) throws {
            if let damaged {
                try damaged.write(to: URL(fileURLWithPath: path))
            } else {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            }
        }
        func differsFromReference(_ run: ListRun) -> Bool {
            run.rows.map(\.status) != reference.rows.map(\.status) || run.rows.map(\.path) != reference.rows.map(\.path)
        }
        // Once the files have settled, an unchanged folder is listed from the kept listing,
        // which reads no registry cache at all: each damage goes without it.
        let listingFile = "\(cache)/transition-host/listing-v1"
        for (name, damage) in damages {
            try? FileManager.default.removeItem(atPath: cacheFile)
            try? FileManager.default.removeItem(atPath: listingFile)
            try place(damage(good), at: cacheFile)
            let run = try await ListRun.run(folder: cacheFolder, cache: cache, in: dir)
            var problem: String?
            if run.hostSurvived {
                if name == "a cache that is a directory" {
                    // Cannot be replaced by a file; the host lists all the same, scanning everything.
                    if run.scannedFiles != reference.scannedFiles { problem = "scanned \(run.discovery)" }
                    try? FileManager.default.removeItem(atPath: cacheFile)
                } else if !run.discovery.contains("cache ignored") || run.scannedFiles == 0 {
                    problem = "the damaged cache was trusted: \(run.discovery)"
                }
                if differsFromReference(run) { problem = "the listing differs from the one before:\n\(run.result.out)" }
                let again = try await ListRun.run(folder: cacheFolder, cache: cache, in: dir)
                if name != "a cache that is a directory", again.scannedFiles != 0 {
                    problem = problem ?? "the cache was not rebuilt: \(again.discovery)"
                }
            }
            await tally.record("cache: \(name)", hostSurvived: run.hostSurvived, problem: problem)
        }

        // Damaged kept listings: never printed; the listing is made afresh, the same as before.
        // A listing is kept only for files left alone for 3 s: wait for that, then keep one.
        try await Task.sleep(for: .seconds(max(0, 3.5 - Date().timeIntervalSince(linked))))
        try? FileManager.default.removeItem(atPath: listingFile)
        _ = try await ListRun.run(folder: cacheFolder, cache: cache, in: dir)
        let kept = try Data(contentsOf: URL(fileURLWithPath: listingFile))
        let listingDamages: [(String, (Data) -> Data?)] = [
            ("a kept listing cut in half", { $0.prefix($0.count / 2) }),
            ("a kept listing with one byte changed", { var d = $0; d[d.count / 2] ^= 0x20; return d }),
            ("a kept listing of random bytes", { d in Data((0..<d.count).map { _ in UInt8.random(in: 0...255) }) }),
            ("a kept listing with a row of another shape", { d in
                recheckedCache(d) { lines in lines[2] = "row only three" }
            }),
            ("a kept listing that is a directory", { _ in nil }),
        ]
        for (name, damage) in listingDamages {
            try? FileManager.default.removeItem(atPath: listingFile)
            try place(damage(kept), at: listingFile)
            let run = try await ListRun.run(folder: cacheFolder, cache: cache, in: dir)
            var problem: String?
            if run.hostSurvived {
                if run.discovery.contains("listing kept") || !run.discovery.contains("kept listing ignored") {
                    problem = "the damaged listing was printed, or not noticed: \(run.discovery)"
                }
                if differsFromReference(run) { problem = "the listing differs from the one before:\n\(run.result.out)" }
            }
            try? FileManager.default.removeItem(atPath: listingFile)
            await tally.record("kept listing: \(name)", hostSurvived: run.hostSurvived, problem: problem)
        }

        let tried = await tally.tried, crashes = await tally.hostCrashes, inconsistent = await tally.inconsistent
        print("hostile-input corpus: \(tried) cases tried, \(crashes) host crashes, \(inconsistent.count) inconsistent results")
        #expect(crashes == 0)
        #expect(inconsistent.isEmpty, "\(inconsistent.joined(separator: "\n"))")
    }
}
