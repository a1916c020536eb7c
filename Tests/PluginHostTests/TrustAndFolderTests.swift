import Foundation
import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

import LibC

/// The record discovery made of `path`, or nil (recorded as an issue).
@MainActor
private func record(_ path: String, in catalog: PluginCatalog, sourceLocation: SourceLocation = #_sourceLocation) -> PluginFileRecord.Status? {
    guard let found = catalog.records.first(where: { $0.path == path }) else {
        Issue.record("no record of \(path) among \(catalog.records.map(\.path))", sourceLocation: sourceLocation)
        return nil
    }
    return found.status
}

@MainActor
private func discover(_ folders: [String], allowUntrusted: Bool = false) -> PluginCatalog {
    PluginCatalog.load(PluginDiscovery(
        searchPath: .standard(options: folders, environment: [:], executablePath: nil),
        trust: TrustPolicy(allowUntrusted: allowUntrusted)).run())
}

@MainActor
@Suite("Trust checks on plugin folders and files")
struct TrustTests {
    @Test("A plugin file others can write is refused, with the chmod that fixes it; --allow-untrusted loads it")
    func writableFile() async throws {
        let dir = try TempDir("trust-file")
        let path = try await compilePlugin(PluginTemplate(pluginID: "\"fixture.writable\""), to: "writable.so", in: dir)
        chmod(path, 0o666)

        guard case .problem(.failed(let failure))? = record(path, in: discover([dir.path])) else {
            Issue.record("a world-writable plugin should be refused")
            return
        }
        #expect(failure.kind == .untrusted)
        #expect(failure.message.contains("writable by everyone"), "\(failure.message)")
        #expect(failure.fix.contains("chmod go-w \(path)"), "\(failure.fix)")
        #expect(failure.fix.contains("--allow-untrusted"))

        chmod(path, 0o620)
        guard case .problem(.failed(let groupFailure))? = record(path, in: discover([dir.path])) else {
            Issue.record("a group-writable plugin should be refused")
            return
        }
        #expect(groupFailure.message.contains("writable by its group"), "\(groupFailure.message)")

        guard case .loaded(let plugin)? = record(path, in: discover([dir.path], allowUntrusted: true)) else {
            Issue.record("--allow-untrusted should load it")
            return
        }
        #expect(plugin.id == "fixture.writable")
    }

    @Test("A plugin folder others can write is refused whole, with a note naming it and the fix")
    func writableFolder() async throws {
        let dir = try TempDir("trust-folder")
        let path = try await compilePlugin(PluginTemplate(pluginID: "\"fixture.in-open-folder\""), to: "open.so", in: dir)
        chmod(dir.path, 0o777)
        defer { chmod(dir.path, 0o755) }

        let catalog = discover([dir.path])
        #expect(catalog.records.isEmpty, "nothing in a refused folder is looked at: \(catalog.records.map(\.path))")
        let note = catalog.folderProblems.first ?? ""
        #expect(catalog.folderProblems.count == 1)
        #expect(note.contains("'\(dir.path)'") && note.contains("writable by everyone") && note.contains("chmod go-w"), "\(note)")

        #expect(discover([dir.path], allowUntrusted: true).loadedPlugins.map(\.path) == [path])
    }

    @Test("A plugin file owned by another user is refused with the chown that fixes it; one owned by root is not")
    func foreignOwner() async throws {
        try #require(getuid() == 0, "changing a file's owner needs root")
        let dir = try TempDir("trust-owner")
        let path = try await compilePlugin(PluginTemplate(pluginID: "\"fixture.foreign\""), to: "foreign.so", in: dir)
        #expect(chown(path, 65534, 65534) == 0)

        guard case .problem(.failed(let failure))? = record(path, in: discover([dir.path])) else {
            Issue.record("a plugin owned by another user should be refused")
            return
        }
        #expect(failure.kind == .untrusted)
        #expect(failure.message.contains("owned by"), "\(failure.message)")
        #expect(failure.fix.contains("chown root \(path)"), "\(failure.fix)")

        #expect(chown(path, 0, 0) == 0)
        guard case .loaded? = record(path, in: discover([dir.path])) else {
            Issue.record("a plugin owned by root (or by you) should load")
            return
        }
    }

    @Test("A path with awkward characters is quoted in the fix, so the command can be pasted")
    func quoting() {
        #expect(TrustPolicy.shellQuoted("/a/b_c-1.so") == "/a/b_c-1.so")
        #expect(TrustPolicy.shellQuoted("/a/it's here.so") == "'/a/it'\\''s here.so'")
    }
}

@MainActor
@Suite("What discovery skips without opening")
struct FolderWalkTests {
    @Test("A FIFO, a device, a link loop, a broken link and a directory named *.so are skipped with a reason")
    func specialFiles() async throws {
        let dir = try TempDir("special")
        let good = try await compilePlugin(PluginTemplate(pluginID: "\"fixture.among-special\""), to: "good.so", in: dir)
        #expect(mkfifo(dir.file("fifo.so"), 0o644) == 0)
        #expect(symlink("/dev/null", dir.file("device.so")) == 0)
        #expect(symlink(dir.file("loop-b.so"), dir.file("loop-a.so")) == 0)
        #expect(symlink(dir.file("loop-a.so"), dir.file("loop-b.so")) == 0)
        #expect(symlink(dir.file("nowhere"), dir.file("broken.so")) == 0)
        #expect(symlink(good, dir.file("link-to-good.so")) == 0)
        try FileManager.default.createDirectory(atPath: dir.file("folder.so"), withIntermediateDirectories: false)

        // Opening the FIFO would block this test for ever: it finishing is part of the test.
        let catalog = discover([dir.path])
        let expected = [
            "fifo.so": "FIFO", "device.so": "device", "loop-a.so": "link loop", "loop-b.so": "link loop",
            "broken.so": "broken symbolic link", "folder.so": "directory",
        ]
        for (name, words) in expected {
            guard case .problem(.skipped(let why))? = record(dir.file(name), in: catalog) else {
                Issue.record("\(name) should be skipped")
                continue
            }
            #expect(why.contains(words), "\(name): \(why)")
        }
        // The good plugin, reached twice (by name and by a link), is loaded once.
        #expect(catalog.loadedPlugins.map(\.id) == ["fixture.among-special"])
    }
}
