import LibC

/// Notices plugin files (`*.so`) added, replaced or removed in a set of folders, through
/// inotify(7), and hands them over in bursts: a compiler or a copy writes a file in several
/// steps, often as a temporary file renamed into place, so a burst ends only once the folders
/// have been quiet for a while (and any `.so` just created has been closed again). A `.so`
/// whose last event completed it (renamed into place, or closed after writing) needs no such
/// wait: once every touched file is complete, `settlePeriod` of quiet is enough (what a
/// rebuilt plugin renamed in waits for, rather than the whole quiet period). A `.so` deleted,
/// or renamed away to no watched name, is not complete: a linker removes its output before it
/// writes the new one, and the two are one change. A folder
/// that does not exist yet (or was deleted) is tried again every `retryInterval` seconds, and
/// watched from the moment it exists: inotify cannot watch what is not there, and watching
/// every ancestor for the one that will be made is more moving parts than a stat a second.
public final class FolderWatch {
    /// What changed in one burst.
    public struct Burst: Equatable, Sendable {
        /// The `*.so` paths that were touched (folder + "/" + name), sorted.
        public var paths: [String] = []
        /// The kernel dropped events (its queue overflowed): anything may have changed.
        public var overflowed = false
        /// Watched folders that were deleted or moved away; they are tried again, as folders
        /// that do not exist yet.
        public var foldersGone: [String] = []
        /// Folders that did not exist (or could not be watched) and are watched now; their
        /// `*.so` files are in `paths`.
        public var foldersAppeared: [String] = []

        var isEmpty: Bool { paths.isEmpty && !overflowed && foldersGone.isEmpty && foldersAppeared.isEmpty }
    }

    /// Folders being watched: those given that could be watched at once, in their order, then
    /// each folder that could be watched later, as it came.
    public private(set) var folders: [String] = []
    /// Folders that could not be watched (most often: they do not exist), with why; each is
    /// tried again every `retryInterval` seconds.
    public private(set) var unwatched: [(folder: String, why: String)] = []

    private let descriptor: Int32
    /// The folders of each watch: two paths of one folder (a link, a trailing slash) share
    /// the kernel's watch of it.
    private var foldersOfWatch: [Int32: [String]] = [:]

    /// Seconds the folders must stay quiet before a burst is handed over.
    public let quietPeriod: Double
    /// Seconds of quiet that are enough once every `.so` the burst touched is complete: long
    /// enough to take in what a build does right after (a chmod, the next rename of the same
    /// build), far shorter than the quiet period.
    public let settlePeriod: Double
    /// The `.so` files of the burst being gathered whose last event left them incomplete
    /// (created, written to, deleted or renamed away, and not closed or renamed in since).
    private var incomplete: Set<String> = []
    /// The name each rename of the burst took a `.so` away from, by the rename's cookie: a
    /// staging file renamed into place is complete, not gone.
    private var renamedAway: [UInt32: String] = [:]
    /// Seconds to wait at most for a newly created `.so` to be closed by its writer.
    public let closeWait: Double
    /// Seconds between tries to watch the folders in `unwatched`.
    public let retryInterval: Double

    /// The events that make up the burst. IN_MODIFY and IN_ATTRIB are not changes of their
    /// own kind, but they show that a writer is still busy (or that a file's permissions, which
    /// the trust checks look at, changed).
    static let mask = IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM
        | IN_MODIFY | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF

    /// `closeWait` is generous: a linker may open its output long before it writes it.
    public init(folders candidates: [String], quietPeriod: Double = 0.15, settlePeriod: Double = 0.01, closeWait: Double = 5,
                retryInterval: Double = 1) throws {
        self.quietPeriod = quietPeriod
        self.settlePeriod = min(settlePeriod, quietPeriod)
        self.closeWait = closeWait
        precondition(retryInterval > 0, "a retry interval of 0 would make the wait a busy loop")
        self.retryInterval = retryInterval
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw WatchError(description: "inotify_init1: \(String(cString: strerror(errno)))") }
        for folder in candidates where !folders.contains(folder) && !unwatched.contains(where: { $0.folder == folder }) {
            if let why = watch(folder) { unwatched.append((folder, why)) }
        }
    }

    /// Starts watching `folder`; why it cannot be, or nil.
    private func watch(_ folder: String) -> String? {
        let watch = inotify_add_watch(descriptor, folder, UInt32(bitPattern: Self.mask | IN_ONLYDIR))
        guard watch >= 0 else { return String(cString: strerror(errno)) }
        foldersOfWatch[watch, default: []].append(folder)
        folders.append(folder)
        return nil
    }

    /// Watches each folder of `unwatched` that can be watched now, adding it and its `*.so`
    /// files (made before the watch began, so no event names them) to the burst. A file some
    /// process still has open for writing (a linker writing into a folder it has just made)
    /// is waited for, as a newly created one is.
    private func retryUnwatched(into burst: inout Burst, beingWritten: inout [String: Double]) -> Bool {
        var appeared = false
        unwatched.removeAll { folder, _ in
            guard watch(folder) == nil else { return false }
            appeared = true
            burst.foldersAppeared.append(folder)
            burst.foldersGone.removeAll { $0 == folder }
            for name in PluginCatalog.listDirectory(folder) ?? [] where name.hasSuffix(".so") {
                let path = folder.hasSuffix("/") ? folder + name : "\(folder)/\(name)"
                if !burst.paths.contains(path) { burst.paths.append(path) }
                if Self.isLoneRegularFile(path) && Self.isOpenForWriting(path) == true { beingWritten[path] = monotonicSeconds() }
            }
            return true
        }
        burst.paths.sort()
        return appeared
    }

    deinit { close(descriptor) }

    /// Waits for the next burst that touches a `*.so` file and returns it once the folders are
    /// quiet; returns nil as soon as `interrupt` (or `stop`, when given) becomes readable.
    public func nextBurst(interrupt: Int32, stop: Int32 = -1) -> Burst? {
        var burst = Burst()
        var lastEvent: Double?
        // Newly created regular files not closed yet, and since when.
        var beingWritten: [String: Double] = [:]
        var nextRetry = monotonicSeconds() + retryInterval
        (incomplete, renamedAway) = ([], [:])
        while true {
            var now = monotonicSeconds()
            if !unwatched.isEmpty && now >= nextRetry {
                if retryUnwatched(into: &burst, beingWritten: &beingWritten) { lastEvent = now }
                nextRetry = now + retryInterval
            }
            now = monotonicSeconds()
            // Ready once quiet for the quiet period (the settle period when every file is
            // complete), and once every new file has been closed (or waited for long enough).
            // Folders that came or went, and lost events, take the whole quiet period.
            let settled = incomplete.isEmpty && burst.foldersAppeared.isEmpty && burst.foldersGone.isEmpty && !burst.overflowed
            let quiet = settled ? settlePeriod : quietPeriod
            var ready = lastEvent.map { max($0 + quiet, beingWritten.values.min().map { $0 + closeWait } ?? 0) }
                ?? .infinity
            if now >= ready {
                if !burst.isEmpty { return burst }
                // Only other files changed: wait for the next event.
                (lastEvent, beingWritten, ready, incomplete, renamedAway) = (nil, [:], .infinity, [], [:])
            }
            // poll(2) leaves out a negative descriptor: no stop given.
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: interrupt, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
            let wake = unwatched.isEmpty ? ready : min(ready, nextRetry)
            let timeout = wake.isFinite ? ChildProcess.milliseconds(max(0, wake - now)) : -1
            let count = poll(&fds, nfds_t(fds.count), timeout)
            if count < 0 && errno != EINTR { return nil }  // cannot wait: end the watch rather than spin
            if fds[1].revents != 0 || fds[2].revents != 0 { return nil }
            guard fds[0].revents != 0 else { continue }
            let events = readEvents()
            if !events.isEmpty { lastEvent = monotonicSeconds() }
            for event in events { take(event, into: &burst, beingWritten: &beingWritten) }
        }
    }

    private func take(_ event: InotifyEvent, into burst: inout Burst, beingWritten: inout [String: Double]) {
        if event.has(IN_Q_OVERFLOW) {
            burst.overflowed = true
            return
        }
        guard let names = foldersOfWatch[event.watch] else { return }
        if event.has(IN_DELETE_SELF) || event.has(IN_MOVE_SELF) || event.has(IN_IGNORED) {
            if event.has(IN_MOVE_SELF) { inotify_rm_watch(descriptor, event.watch) }
            foldersOfWatch[event.watch] = nil
            for folder in names {
                folders.removeAll { $0 == folder }
                if !burst.foldersGone.contains(folder) { burst.foldersGone.append(folder) }
                burst.foldersAppeared.removeAll { $0 == folder }
                if !unwatched.contains(where: { $0.folder == folder }) { unwatched.append((folder, "deleted or moved away")) }
            }
            return
        }
        guard event.name.hasSuffix(".so") else { return }
        if event.has(IN_MOVED_TO), let from = renamedAway.removeValue(forKey: event.cookie) { incomplete.remove(from) }
        let paths = names.map { $0.hasSuffix("/") ? $0 + event.name : "\($0)/\(event.name)" }
        for path in paths where !burst.paths.contains(path) { burst.paths.append(path) }
        burst.paths.sort()
        let path = paths[0]
        if event.has(IN_CREATE) && !event.has(IN_ISDIR) && Self.isLoneRegularFile(path) {
            // Its writer has just opened it: wait for IN_CLOSE_WRITE. (A link or a second
            // name of an existing file is complete as it is.)
            beingWritten[path] = monotonicSeconds()
            incomplete.insert(path)
        } else if event.has(IN_CLOSE_WRITE) || event.has(IN_MOVED_TO) {
            beingWritten[path] = nil
            incomplete.remove(path)
        } else if event.has(IN_DELETE) || event.has(IN_MOVED_FROM) {
            // Gone, perhaps to come back (a linker writing it anew), unless renamed into place.
            beingWritten[path] = nil
            incomplete.insert(path)
            if event.has(IN_MOVED_FROM) { renamedAway[event.cookie] = path }
        } else if event.has(IN_MODIFY) {
            // Written to (an existing file rewritten in place): complete once closed.
            incomplete.insert(path)
        }
    }

    /// Whether some process has the file open for writing; nil when that cannot be told. The
    /// kernel grants a read lease only while no process has the file open for writing; taking
    /// one needs the file's owner (or CAP_LEASE) and a file system with leases. Given back at
    /// once, so a writer that opens the file meanwhile waits microseconds at most.
    static func isOpenForWriting(_ path: String) -> Bool? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let setLease: Int32 = 1024  // F_SETLEASE (F_LINUX_SPECIFIC_BASE), which Glibc's module does not export
        if fcntl(fd, setLease, Int32(F_RDLCK)) == 0 {
            _ = fcntl(fd, setLease, Int32(F_UNLCK))
            return false
        }
        return errno == EAGAIN ? true : nil
    }

    private static func isLoneRegularFile(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && info.st_nlink == 1
    }

    private func readEvents() -> [InotifyEvent] {
        var events: [InotifyEvent] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return events }  // EAGAIN: drained
            events += InotifyEvent.parse(Array(buffer[0..<n]))
        }
    }
}

public struct WatchError: Error, CustomStringConvertible {
    public let description: String
}
