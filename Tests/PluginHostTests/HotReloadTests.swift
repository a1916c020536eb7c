import Synchronization
import Foundation
import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

import LibC

/// A pipe whose read end a watch can take as its interrupt: written by `interrupt()`, or by
/// itself after `seconds`, so that a watch that never sees its change fails instead of hanging.
final class Deadline: @unchecked Sendable {
    let read: Int32
    private let write: Int32

    init(seconds: Double) {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        (read, write) = (ends[0], ends[1])
        let fd = ends[1]
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { var b: UInt8 = 1; _ = Glibc.write(fd, &b, 1) }
    }

    func interrupt() {
        var byte: UInt8 = 1
        _ = Glibc.write(write, &byte, 1)
    }
}

/// On the main actor, as every suite that loads plugins in this process: the host table
/// answers only the thread that last called into a plugin (the ABI is single-threaded), so a
/// load on another thread while a main-actor test calls the table made those calls fail with
/// TH_ERR_WRONG_THREAD, and the bridge's state is not for two threads at once.
@MainActor
@Suite("Hot reload: inotify events, the folder watch and the reloading catalog")
struct HotReloadTests {
    @Test("inotify's buffer: back-to-back events with NUL-padded names; a cut-off event is dropped, not trusted")
    func parsesEvents() {
        func event(_ watch: Int32, _ mask: Int32, _ name: String, padTo length: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            for value in [UInt32(bitPattern: watch), UInt32(bitPattern: mask), 0, UInt32(length)] {
                withUnsafeBytes(of: value) { bytes += $0 }
            }
            return bytes + Array(name.utf8) + [UInt8](repeating: 0, count: length - name.utf8.count)
        }
        let first = event(1, IN_CLOSE_WRITE, "fx.so", padTo: 16)
        let second = event(2, IN_DELETE | IN_ISDIR, "", padTo: 0)
        let third = event(1, IN_MOVED_TO, "new.so", padTo: 16)
        let events = InotifyEvent.parse(first + second + third.dropLast(4))
        #expect(events == [InotifyEvent(watch: 1, mask: UInt32(IN_CLOSE_WRITE), name: "fx.so"),
                           InotifyEvent(watch: 2, mask: UInt32(IN_DELETE | IN_ISDIR), name: "")])
        #expect(events[1].has(IN_ISDIR) && !events[0].has(IN_ISDIR))
    }

    @Test("a temporary file renamed into place is one burst naming only the plugin file; an interrupt ends the wait")
    func burstOfARename() throws {
        let dir = try TempDir("watch-burst")
        let watch = try FolderWatch(folders: [dir.path, dir.file("missing")])
        #expect(watch.folders == [dir.path])
        #expect(watch.unwatched.map(\.folder) == [dir.file("missing")])

        try dir.write("fx.so.tmp", bytes: [1, 2, 3])
        #expect(rename(dir.file("fx.so.tmp"), dir.file("fx.so")) == 0)
        try dir.write("notes.txt", text: "not a plugin")
        let deadline = Deadline(seconds: 20)
        let burst = try #require(watch.nextBurst(interrupt: deadline.read), "no burst within 20 s")
        #expect(burst.paths == [dir.file("fx.so")])
        #expect(!burst.overflowed && burst.foldersGone.isEmpty)

        let stop = Deadline(seconds: 20)
        stop.interrupt()
        #expect(watch.nextBurst(interrupt: stop.read) == nil)
    }

    @Test("replace, break, restore, remove: each new version loads from its own copy; a broken one leaves the previous running")
    func reloadsVersions() async throws {
        let dir = try TempDir("reload")
        let folder = dir.file("plugins")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        func build(duration: String) async throws {
            var template = PluginTemplate()
            template.effects[0].defaultDuration = duration
            // Built beside the folder, then moved in whole: the catalog sees one new file.
            try await compilePlugin(template, to: "build.so", in: dir)
            #expect(rename(dir.file("build.so"), "\(folder)/fx.so") == 0)
        }
        func duration(_ catalog: PluginCatalog) -> Double? {
            catalog.loadedPlugins.first?.effects.first?.info.defaultDuration
        }
        let path = "\(folder)/fx.so"
        let plugins = ReloadingCatalog(searchPath: PluginSearchPath(folders: [.init(path: folder, origin: .option)]),
                                       trust: TrustPolicy(), scanner: nil)

        try await build(duration: "0.25")
        let first = plugins.refresh(noticed: [])
        guard case .loaded(let v1, nil)? = first.first?.outcome else { Issue.record("\(first)"); return }
        #expect(v1.load == 1 && v1.pluginID == "fixture.good")
        #expect(duration(plugins.makeCatalog()) == 0.25)
        #expect(plugins.makeCatalog().loadedPlugins.first?.path != path, "loaded from a private copy")

        try await build(duration: "0.75")
        let second = plugins.refresh(noticed: [path])
        #expect(second == [PluginChange(path: path, outcome: .loaded(plugins.running(path)!, replacing: v1))])
        let v2 = try #require(plugins.running(path))
        #expect(v2.load == 2 && v2.hash != v1.hash)
        #expect(duration(plugins.makeCatalog()) == 0.75, "the new code runs, not the library glibc already had")

        let goodBytes = try dir.read("plugins/fx.so")
        try dir.write("plugins/fx.so", bytes: Array(goodBytes.prefix(100)))
        let third = plugins.refresh(noticed: [path])
        guard case .refused(let failure, stillRunning: v2)? = third.first?.outcome else { Issue.record("\(third)"); return }
        #expect(failure.reason.contains("too short") || failure.reason.contains("malformed"), "\(failure.reason)")
        #expect(duration(plugins.makeCatalog()) == 0.75, "version 2 goes on running")

        try dir.write("plugins/fx.so", bytes: goodBytes)
        #expect(plugins.refresh(noticed: [path]) == [PluginChange(path: path, outcome: .unchanged(v2))])

        try FileManager.default.removeItem(atPath: path)
        #expect(plugins.refresh(noticed: [path]) == [PluginChange(path: path, outcome: .removed(v2))])
        #expect(plugins.makeCatalog().records.isEmpty)
    }

    @Test("two files with one plugin id: the later is shadowed, and takes over when the first is removed")
    func shadowingFollowsTheFolders() async throws {
        let dir = try TempDir("reload-shadow")
        let first = dir.file("first"), second = dir.file("second")
        for folder in [first, second] { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try await compilePlugin(PluginTemplate(), to: "first/a.so", in: dir)
        try await compilePlugin(PluginTemplate(), to: "second/b.so", in: dir)
        let plugins = ReloadingCatalog(
            searchPath: PluginSearchPath(folders: [.init(path: first, origin: .option), .init(path: second, origin: .option)]),
            trust: TrustPolicy(), scanner: nil)

        let start = plugins.refresh(noticed: [])
        #expect(start.map(\.path) == ["\(first)/a.so", "\(second)/b.so"])
        #expect(start.last?.outcome == .shadowed(byPath: "\(first)/a.so", pluginID: "fixture.good"))
        #expect(plugins.makeCatalog().loadedPlugins.count == 1)

        try FileManager.default.removeItem(atPath: "\(first)/a.so")
        let after = plugins.refresh(noticed: ["\(first)/a.so"])
        guard case .loaded(let version, nil)? = after.first(where: { $0.path == "\(second)/b.so" })?.outcome else {
            Issue.record("\(after)")
            return
        }
        #expect(version.pluginID == "fixture.good")
        #expect(plugins.makeCatalog().loadedPlugins.count == 1)
    }
}

@Suite("Hot reload: private copies")
struct PrivateCopyTests {
    @Test("each copy has a path of its own and exactly the source's bytes; the folder goes with remove()")
    func copies() throws {
        let dir = try TempDir("copies")
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let source = try dir.write("fx.so", bytes: bytes)
        let folder = try PrivateCopyFolder(base: dir.path)
        #expect(folder.path.hasPrefix("\(dir.path)/transition-host-reload-\(getpid())-"))

        let first = try folder.copy(source)
        let second = try folder.copy(source)
        #expect(first.path != second.path, "glibc would hand back the library it loaded from the first path")
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: second.path))) == bytes)
        #expect(first.fingerprint.hash == FNV1a.hash(bytes) && first.fingerprint.size == UInt64(bytes.count))

        var info = stat()
        #expect(stat(folder.path, &info) == 0 && info.st_mode & 0o777 == 0o700, "private: only its owner may look in")
        folder.remove()
        #expect(access(folder.path, F_OK) != 0)
    }

    @Test("copies made from eight threads at once each get a path of their own: the counter is shared safely")
    func concurrentCopies() throws {
        let dir = try TempDir("copies-at-once")
        let source = try dir.write("fx.so", bytes: [1, 2, 3])
        let folder = try PrivateCopyFolder(base: dir.path)
        defer { folder.remove() }
        let paths = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<50 {
                guard let copy = try? folder.copy(source) else { continue }
                paths.withLock { $0.append(copy.path) }
            }
        }
        let made = paths.withLock { $0 }
        #expect(made.count == 400, "every copy made: \(made.count) of 400 (a name used twice fails with EEXIST)")
        #expect(Set(made).count == made.count)
    }

    @Test("a folder of copies that a killed watch left behind is removed; a running watch's is not")
    func abandonedFolders() async throws {
        let dir = try TempDir("abandoned")
        // The id of a process that has ended.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let abandoned = dir.file("transition-host-reload-\(ended.processIdentifier)-Ab12Cd")
        let live = dir.file("transition-host-reload-\(getpid())-Zz99Yy")
        for folder in [abandoned, live] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            try Data([1, 2, 3]).write(to: URL(fileURLWithPath: "\(folder)/1.2.fx.so"))
        }
        let folder = try PrivateCopyFolder(base: dir.path)
        defer { folder.remove() }
        #expect(access(abandoned, F_OK) != 0, "the ended watch's copies are gone")
        #expect(access("\(live)/1.2.fx.so", F_OK) == 0, "a running watch's copies stay")
    }
}

/// The folder watch alone, no plugin loaded: off the main actor, so that a wait here is not
/// held up by the suites that load plugins there (under a sanitizer they hold it for seconds).
@Suite("The folder watch: folders that appear later")
struct FolderAppearanceTests {
    @Test("a folder made after the watch began is watched from then on; one deleted and made again is watched again")
    func folderThatAppears() throws {
        let dir = try TempDir("watch-appear")
        let later = dir.file("later/plugins")
        let watch = try FolderWatch(folders: [later], quietPeriod: 0.1, retryInterval: 0.2)
        #expect(watch.folders.isEmpty && watch.unwatched.map(\.folder) == [later])

        try FileManager.default.createDirectory(atPath: later, withIntermediateDirectories: true)
        try dir.write("later/plugins/fx.so", bytes: [1])
        let appeared = try #require(watch.nextBurst(interrupt: Deadline(seconds: 20).read), "no burst within 20 s")
        #expect(appeared.foldersAppeared == [later])
        #expect(appeared.paths == [later + "/fx.so"], "what the folder held when it appeared")
        #expect(watch.folders == [later] && watch.unwatched.isEmpty)

        try dir.write("later/plugins/two.so", bytes: [2])
        let written = try #require(watch.nextBurst(interrupt: Deadline(seconds: 20).read), "no burst within 20 s")
        #expect(written.paths == [later + "/two.so"] && written.foldersAppeared.isEmpty)

        try FileManager.default.removeItem(atPath: dir.file("later"))
        let gone = try #require(watch.nextBurst(interrupt: Deadline(seconds: 20).read), "no burst within 20 s")
        #expect(gone.foldersGone == [later])
        #expect(watch.folders.isEmpty && watch.unwatched.map(\.folder) == [later])

        try FileManager.default.createDirectory(atPath: later, withIntermediateDirectories: true)
        let again = try #require(watch.nextBurst(interrupt: Deadline(seconds: 20).read), "no burst within 20 s")
        #expect(again.foldersAppeared == [later] && again.paths.isEmpty)
        #expect(watch.folders == [later])
    }

    @Test("a plugin still being written when its folder appears is handed over once its writer closes it")
    func folderAppearsWhileWriting() async throws {
        let dir = try TempDir("watch-appear-writing")
        let later = dir.file("later")
        // A close wait far longer than any test: only the writer's close may end the wait.
        nonisolated(unsafe) let watch = try FolderWatch(folders: [later], quietPeriod: 0.1, closeWait: 3600, retryInterval: 0.1)
        try FileManager.default.createDirectory(atPath: later, withIntermediateDirectories: true)
        let fd = open(later + "/fx.so", O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        #expect(fd >= 0 && write(fd, [UInt8](repeating: 1, count: 100), 100) == 100)
        #expect(FolderWatch.isOpenForWriting(later + "/fx.so") == true)

        let deadline = Deadline(seconds: 600)
        let waiting = Task.detached { () -> (FolderWatch.Burst?, Date) in (watch.nextBurst(interrupt: deadline.read), Date()) }
        // Long enough for the folder to be found (0.1 s) and its quiet period to pass (0.1 s).
        try await Task.sleep(for: .seconds(1.5))
        let closed = Date()
        #expect(write(fd, [UInt8](repeating: 2, count: 100), 100) == 100)
        close(fd)
        #expect(FolderWatch.isOpenForWriting(later + "/fx.so") == false)
        let (burst, handedOver) = await waiting.value
        #expect(burst?.foldersAppeared == [later])
        #expect(burst?.paths == [later + "/fx.so"])
        #expect(handedOver >= closed, "handed over \(closed.timeIntervalSince(handedOver)) s before its writer closed it")
    }
}

/// When a burst is handed over: a `.so` whose last event completed it needs only the settle
/// period; one still being written waits for its writer, whatever the settle period.
@Suite("The folder watch: complete files need no quiet period")
struct FolderSettleTests {
    @Test("a .so renamed into place, or written and closed, is handed over without the quiet period")
    func completeFilesSettle() throws {
        let dir = try TempDir("watch-settle")
        let folder = try dir.folder("plugins")
        // A quiet period no test outlives: only the settle period can end these waits.
        let watch = try FolderWatch(folders: [folder], quietPeriod: 3600, settlePeriod: 0.01)
        try dir.write("staging.so", bytes: [1, 2, 3])
        #expect(rename(dir.file("staging.so"), folder + "/fx.so") == 0)
        let renamed = try #require(watch.nextBurst(interrupt: Deadline(seconds: 60).read), "the rename waited for the quiet period")
        #expect(renamed.paths == [folder + "/fx.so"])

        try dir.write("plugins/fx.so", bytes: [4, 5, 6])  // rewritten in place, then closed
        let rewritten = try #require(watch.nextBurst(interrupt: Deadline(seconds: 60).read), "the closed file waited for the quiet period")
        #expect(rewritten.paths == [folder + "/fx.so"])
    }

    @Test("a .so deleted and written anew, as a linker does, is one burst: the deletion waits the quiet period, not the settle period")
    func deletedThenWritten() throws {
        let dir = try TempDir("watch-settle-relink")
        let folder = try dir.folder("plugins")
        try dir.write("plugins/fx.so", bytes: [1])
        let watch = try FolderWatch(folders: [folder], quietPeriod: 1, settlePeriod: 0.01)
        // The linker, on a thread of its own (not the tasks' pool, which a waiting test can
        // fill): it removes its output, and ten settle periods later writes the new one.
        let path = folder + "/fx.so"
        let linker = Thread {
            usleep(200_000)
            unlink(path)
            usleep(100_000)
            FileManager.default.createFile(atPath: path, contents: Data([2]))
        }
        linker.start()
        let burst = try #require(watch.nextBurst(interrupt: Deadline(seconds: 60).read), "no burst")
        #expect(burst.paths == [path])
        #expect(access(path, F_OK) == 0, "handed over between the deletion and the new file")
    }

    @Test("a .so rewritten in place and not closed yet is not handed over until its writer closes it")
    func openFileWaits() throws {
        let dir = try TempDir("watch-settle-open")
        let folder = try dir.folder("plugins")
        try dir.write("plugins/fx.so", bytes: [1])
        let watch = try FolderWatch(folders: [folder], quietPeriod: 3600, settlePeriod: 0.01)
        let fd = open(folder + "/fx.so", O_WRONLY | O_TRUNC | O_CLOEXEC)
        #expect(fd >= 0 && write(fd, [UInt8](repeating: 2, count: 100), 100) == 100)
        // Half a second is fifty settle periods: still nothing, the file is open.
        #expect(watch.nextBurst(interrupt: Deadline(seconds: 0.5).read) == nil, "handed over while its writer still writes")
        close(fd)
        let closed = try #require(watch.nextBurst(interrupt: Deadline(seconds: 60).read), "no burst once it was closed")
        #expect(closed.paths == [folder + "/fx.so"])
    }
}
