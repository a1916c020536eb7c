import Foundation
import Testing

/// `host list --json` rows, by the fields the tests use.
struct ListRow {
    let name, kind, plugin, path, origin, status: String
    let error: String?

    static func parse(_ result: ProgramResult) throws -> [ListRow] {
        guard let rows = try result.json() as? [[String: Any]] else {
            throw ChildProcessFailure(description: "host list --json did not print an array:\n\(result)")
        }
        return try rows.map { r in
            guard let name = r["name"] as? String, let kind = r["kind"] as? String, let plugin = r["plugin"] as? String,
                  let path = r["path"] as? String, let origin = r["origin"] as? String, let status = r["status"] as? String
            else { throw ChildProcessFailure(description: "a row lacks a field: \(r)\n\(result)") }
            return ListRow(name: name, kind: kind, plugin: plugin, path: path, origin: origin, status: status,
                           error: r["error"] as? String)
        }
    }
}

@Suite("host list")
struct HostListTests {
    @Test("--json lists the bundled effects with kind and path, and a broken file as an error beside them")
    func listJSON() async throws {
        let dir = try TempDir("list")
        let plugins = try dir.folder("plugins")
        var generator = SystemRandomNumberGenerator()
        var junk = (0..<2048).map { _ in UInt8.random(in: 0...255, using: &generator) }
        junk[0] = 0x00
        let brokenPath = try dir.write("plugins/broken.so", bytes: junk)

        let result = try await runHost(["list", "--json"], pluginFolder: plugins, in: dir)
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let rows = try ListRow.parse(result)

        let expected: [(name: String, kind: String, plugin: String)] = [
            ("diagonal", "animator", "diagonal"), ("slide", "animator", "slide"),
            ("dimming", "presentation", "dimming"), ("sheet", "delegate", "slide"),
        ]
        for (name, kind, plugin) in expected {
            let row = rows.first { $0.name == name }
            #expect(row != nil, "no row for '\(name)' in\n\(result.out)")
            guard let row else { continue }
            #expect(row.status == "ok", "\(name): \(row)")
            #expect(row.kind == kind, "\(name): \(row)")
            #expect(row.plugin == plugin, "\(name): \(row)")
            #expect(row.origin == "bundled", "\(name): \(row)")
            #expect(row.path == "\(Build.bundledPlugins)/\(plugin).so", "\(name): \(row)")
            #expect(FileManager.default.fileExists(atPath: row.path))
            #expect(row.error == nil)
        }

        let broken = rows.filter { $0.path == brokenPath }
        #expect(broken.count == 1, "\(result.out)")
        #expect(broken.first?.status == "error")
        #expect(broken.first?.origin == "--plugin-path")
        let message = broken.first?.error ?? ""
        #expect(message.contains("not an ELF shared library"), "\(message)")
        #expect(message.contains("fix:"), "the error should say how to fix it: \(message)")
    }

    @Test("The table lists the broken file with its reason, and the good effects")
    func listTable() async throws {
        let dir = try TempDir("list-table")
        let plugins = try dir.folder("plugins")
        let brokenPath = try dir.write("plugins/empty.so", bytes: [])

        let result = try await runHost(["list"], pluginFolder: plugins, in: dir)
        #expect(result.status == 0 && !result.crashed, "\(result)")
        let lines = result.out.split(separator: "\n").map(String.init)
        for name in ["diagonal", "slide", "dimming", "sheet"] {
            #expect(lines.contains { $0.hasPrefix(name + " ") }, "no line for \(name):\n\(result.out)")
        }
        #expect(lines.contains { $0.hasPrefix("\(brokenPath): ") && $0.contains("too short") }, "\(result.out)")
    }

    @Test("Files with impossible offsets in their ELF headers are refused without crashing the host")
    func craftedHeadersDoNotCrash() async throws {
        let dir = try TempDir("crafted")
        let plugins = try dir.folder("plugins")
        let good = try await compileC(PluginTemplate(pluginID: "fixture.sturdy").render(), to: "plugins/sturdy.so", in: dir)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: good)))
        let elf = try #require(ELFLayout(bytes), "the fixture should be a well-formed ELF64 file")

        var crafted: [(name: String, bytes: [UInt8])] = []
        func patch(_ name: String, _ edits: [(offset: Int, value: UInt64)]) {
            var copy = bytes
            for (offset, value) in edits { copy.storeLE(value, at: offset) }
            crafted.append((name, copy))
        }
        patch("phoff-huge.so", [(32, 0xffff_ffff_ffff_ff00)])
        patch("phoff-top-bit.so", [(32, 0x8000_0000_0000_0000)])
        patch("dynsym-offset-huge.so", [(elf.dynsymHeader + 24, 0xffff_ffff_ffff_fff0)])
        patch("dynsym-offset-and-size-huge.so", [(elf.dynsymHeader + 24, 1 << 63), (elf.dynsymHeader + 32, 1 << 63)])
        patch("dynsym-entsize-1.so", [(elf.dynsymHeader + 56, 1)])
        patch("strtab-offset-and-size-huge.so", [(elf.dynstrHeader + 24, 1 << 63), (elf.dynstrHeader + 32, 1 << 63)])
        for segment in elf.loadSegmentHeaders {
            // p_offset and p_filesz of each loadable segment; one of them holds th_entry.
            patch("load-segment-\(segment)-offset-huge.so", [(segment + 8, 0xffff_ffff_ffff_fff0)])
            patch("load-segment-\(segment)-filesz-huge.so", [(segment + 32, 0xffff_ffff_ffff_fff0)])
        }
        for (name, content) in crafted { try dir.write("plugins/\(name)", bytes: content) }

        let result = try await runHost(["list", "--json"], pluginFolder: plugins, in: dir)
        #expect(!result.crashed, "the host crashed on a crafted file:\n\(result)")
        #expect(result.status == 0, "\(result)")
        let rows = try ListRow.parse(result)
        #expect(rows.contains { $0.plugin == "fixture.sturdy" && $0.name == "fx" && $0.status == "ok" }, "\(result.out)")
        for (name, _) in crafted {
            let row = rows.first { $0.path == "\(plugins)/\(name)" }
            #expect(row?.status == "error", "\(name) should be refused: \(String(describing: row))")
            let message = row?.error ?? ""
            if name.hasPrefix("dynsym-offset") || name.hasPrefix("strtab") {
                #expect(message.contains("symbol table runs past the end of the file"), "\(name): \(message)")
            } else if name.hasPrefix("dynsym-entsize") {
                #expect(message.contains("symbol table entries are 1 bytes"), "\(name): \(message)")
            } else if name.hasPrefix("load-segment") {
                // Refused before dlopen, which would crash on some of these.
                #expect(message.contains("a loadable segment runs past the end of the file"), "\(name): \(message)")
            }
        }
    }
}

/// Where the headers the crafted-file test patches are, in an ELF64 little-endian file.
struct ELFLayout {
    /// File offsets of the section headers of .dynsym and of its string table.
    let dynsymHeader: Int
    let dynstrHeader: Int
    /// File offsets of the PT_LOAD program headers.
    let loadSegmentHeaders: [Int]

    init?(_ b: [UInt8]) {
        guard b.count >= 64, b[0] == 0x7f, b[4] == 2, b[5] == 1 else { return nil }
        let shoff = Int(b.loadLE(at: 40, bytes: 8)), shentsize = Int(b.loadLE(at: 58, bytes: 2))
        let shnum = Int(b.loadLE(at: 60, bytes: 2))
        let phoff = Int(b.loadLE(at: 32, bytes: 8)), phentsize = Int(b.loadLE(at: 54, bytes: 2))
        let phnum = Int(b.loadLE(at: 56, bytes: 2))
        guard shoff + shnum * shentsize <= b.count, phoff + phnum * phentsize <= b.count else { return nil }
        guard let dynsym = (0..<shnum).map({ shoff + $0 * shentsize }).first(where: { b.loadLE(at: $0 + 4, bytes: 4) == 11 })
        else { return nil }
        let link = Int(b.loadLE(at: dynsym + 40, bytes: 4))
        guard link < shnum else { return nil }
        dynsymHeader = dynsym
        dynstrHeader = shoff + link * shentsize
        loadSegmentHeaders = (0..<phnum).map { phoff + $0 * phentsize }.filter { b.loadLE(at: $0, bytes: 4) == 1 }
    }
}

extension Array where Element == UInt8 {
    func loadLE(at offset: Int, bytes: Int) -> UInt64 {
        (0..<bytes).reduce(0) { $0 | UInt64(self[offset + $1]) << (8 * $1) }
    }

    mutating func storeLE(_ value: UInt64, at offset: Int) {
        for i in 0..<8 { self[offset + i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
    }
}
