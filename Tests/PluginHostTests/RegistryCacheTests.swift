import Foundation
import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

import LibC

@Suite("The registry cache file")
struct RegistryCacheTests {
    static let host = RegistryCache.HostIdentity(size: 1234, modifiedSeconds: 1_700_000_000, modifiedNanoseconds: 5)

    static let entries: [String: RegistryCache.Entry] = [
        "/plugins/good.so": .init(fingerprint: .init(size: 16000, modifiedSeconds: 1_700_000_001, modifiedNanoseconds: 999_999_999,
                                                      hash: 0xdead_beef_0123_4567),
                                  outcome: .plugin(sampleDescription)),
        "/plugins/with space and 100%.so": .init(fingerprint: .init(size: 1, modifiedSeconds: -5, modifiedNanoseconds: 0, hash: 0),
                                                  outcome: .crashed(.signalled(11))),
        "/plugins/hang.so": .init(fingerprint: .init(size: 2, modifiedSeconds: 3, modifiedNanoseconds: 4, hash: 5),
                                  outcome: .hung(seconds: 3)),
        "/plugins/junk.so": .init(fingerprint: .init(size: 2, modifiedSeconds: 3, modifiedNanoseconds: 4, hash: 6),
                                  outcome: .refused(PluginLoadFailure(reason: "not an ELF shared library", fix: "rebuild"))),
    ]

    @Test("What is written is read back, equal, by the same host")
    func roundTrip() throws {
        let dir = try TempDir("cache")
        let cache = RegistryCache(path: dir.file("deep/er/registry-v1"))
        #expect(cache.write(Self.entries, host: Self.host) == nil)
        let (read, ignored) = cache.read(host: Self.host)
        #expect(ignored == nil)
        #expect(read == Self.entries)

        var info = stat()
        #expect(stat(cache.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600, "the cache is private to its user")
        #expect(stat(dir.file("deep"), &info) == 0 && info.st_mode & 0o777 == 0o700)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.file("deep/er")) == ["registry-v1"],
                "no temporary file is left behind")
    }

    @Test("Another host binary or ABI ignores the entries")
    func otherHost() throws {
        let dir = try TempDir("cache-host")
        let cache = RegistryCache(path: dir.file("registry-v1"))
        #expect(cache.write(Self.entries, host: Self.host) == nil)
        let other = RegistryCache.HostIdentity(size: 1235, modifiedSeconds: 1_700_000_000, modifiedNanoseconds: 5)
        let (read, ignored) = cache.read(host: other)
        #expect(read.isEmpty)
        #expect(ignored?.contains("another host") == true, "\(String(describing: ignored))")
    }

    @Test("No cache yet is not a problem")
    func missing() throws {
        let dir = try TempDir("cache-missing")
        let (read, ignored) = RegistryCache(path: dir.file("registry-v1")).read(host: Self.host)
        #expect(read.isEmpty && ignored == nil)
    }

    /// Ways a cache file is damaged, each with a word its rejection must contain.
    static let damages: [(String, String, @Sendable ([UInt8]) -> [UInt8])] = [
        ("empty", "cut off", { _ in [] }),
        ("cut in half", "cut off", { Array($0.prefix($0.count / 2)) }),
        ("last byte missing", "cut off", { Array($0.dropLast()) }),
        ("one bit flipped", "checksum", { var b = $0; b[b.count / 3] ^= 0x04; return b }),
        ("random bytes", "", { bytes in  // any reason will do
            var generator = SeededGenerator(seed: 7)
            return bytes.map { _ in UInt8.random(in: 0...255, using: &generator) } + [0x0a]
        }),
        ("a foreign file with a valid checksum", "not a registry cache", { _ in
            let body = Array("some-other-tool 1\n".utf8)
            return body + RecordLine.encode(["end", "0", RecordNumber.hex(FNV1a.hash(body))])
        }),
        ("a forged entry with a valid checksum", "not a valid id", { bytes in
            // Claims a plugin whose id the loader would never accept, and fixes the checksum up.
            let text = String(decoding: bytes, as: UTF8.self)
                .replacingOccurrences(of: "plugin fixture.sample ", with: "plugin Fixture!Sample ")
            var lines = text.split(separator: "\n").map(String.init)
            lines.removeLast()
            let body = Array((lines.joined(separator: "\n") + "\n").utf8)
            return body + RecordLine.encode(["end", "4", RecordNumber.hex(FNV1a.hash(body))])
        }),
        ("an entry count that does not match", "declared", { bytes in
            var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            lines.removeLast()
            let body = Array((lines.joined(separator: "\n") + "\n").utf8)
            return body + RecordLine.encode(["end", "5", RecordNumber.hex(FNV1a.hash(body))])
        }),
    ]

    @Test("A damaged, cut or foreign cache is ignored whole, with the reason", arguments: damages.indices)
    func damaged(_ index: Int) throws {
        let (name, mustSay, damage) = Self.damages[index]
        let dir = try TempDir("cache-damaged")
        let cache = RegistryCache(path: dir.file("registry-v1"))
        #expect(cache.write(Self.entries, host: Self.host) == nil)
        try dir.write("registry-v1", bytes: damage(try dir.read("registry-v1")))
        let (read, ignored) = cache.read(host: Self.host)
        #expect(read.isEmpty, "\(name): entries were trusted")
        #expect(ignored != nil && (mustSay.isEmpty || ignored!.contains(mustSay)), "\(name): \(String(describing: ignored))")
    }

    @Test("A cache that others can write, or that is not a file, is not trusted")
    func untrustedFile() throws {
        let dir = try TempDir("cache-mode")
        let cache = RegistryCache(path: dir.file("registry-v1"))
        #expect(cache.write(Self.entries, host: Self.host) == nil)
        chmod(cache.path, 0o666)
        #expect(cache.read(host: Self.host).entries.isEmpty)
        #expect(cache.read(host: Self.host).ignored?.contains("writable by others") == true)

        try FileManager.default.createDirectory(atPath: dir.file("a-folder"), withIntermediateDirectories: false)
        let folderCache = RegistryCache(path: dir.file("a-folder"))
        #expect(folderCache.read(host: Self.host).entries.isEmpty)
        #expect(folderCache.read(host: Self.host).ignored != nil)
    }
}
