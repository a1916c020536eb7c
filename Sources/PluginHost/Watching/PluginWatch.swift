import TransitionCore

import LibC

/// `host run --watch`: the plugins on the search path, loaded from private copies, and
/// reloaded whenever a plugin file in one of the folders is added, replaced or removed. The
/// caller replays its transition with `catalog` after each reload. Nothing a plugin file
/// holds ends the watch: a version that fails any check is refused with its reason, and the
/// version before it goes on running.
public final class PluginWatch {
    /// What one burst of changes did.
    public struct Reload: Sendable {
        /// One line per plugin file that was touched or whose state changed, in search order.
        public let changes: [PluginChange]
        /// Watched folders that were deleted or moved away (watched again if they come back).
        public let foldersGone: [String]
        /// Folders of the search path that did not exist and are watched now.
        public let foldersAppeared: [String]
    }

    public enum Event: Sendable {
        case reloaded(Reload)
        /// SIGINT or SIGTERM arrived: the watch should end.
        case interrupted(signal: Int32)
        /// Waiting itself failed; the watch cannot go on.
        case failed(String)
    }

    /// What to run with: every running version, and why the other files do not run.
    public private(set) var catalog: PluginCatalog
    /// The first load: every file, loaded or refused.
    public let firstLoad: [PluginChange]
    private let folders: FolderWatch
    private let plugins: ReloadingCatalog
    private var closed = false

    /// How plugins run isolated, each in a child process of its own: every plugin with
    /// `all` (`--isolate`), else those from folders marked untrusted.
    public struct Isolation: Sendable {
        public let executable: String
        /// Seconds one call into an isolated plugin may take.
        public let timeout: Double
        public let all: Bool

        public init(executable: String, timeout: Double, all: Bool) {
            self.executable = executable
            self.timeout = timeout
            self.all = all
        }
    }

    /// Starts watching the search path's folders, then loads every plugin in them. `scanner`
    /// checks each version in a helper process before it is loaded here; nil (for tests)
    /// loads in this process only, and cannot isolate. Without `isolation`, plugins from
    /// folders marked untrusted are refused.
    public init(searchPath: PluginSearchPath, trust: TrustPolicy = TrustPolicy(), scanner: PluginScanner?,
                isolation: Isolation? = nil, quietPeriod: Double = 0.15) throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw WatchError(description: "pipe: \(String(cString: strerror(errno)))") }
        for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        stopPipe = (ends[0], ends[1])
        guard isolation == nil || scanner != nil else {
            throw WatchError(description: "isolated plugins need the scanner: their descriptions come from it")
        }
        // Watch first: a file written while the others load is then not missed.
        folders = try FolderWatch(folders: searchPath.folders.map(\.path), quietPeriod: quietPeriod)
        plugins = ReloadingCatalog(
            searchPath: searchPath, trust: trust, scanner: scanner,
            isolation: isolation.map { .init(executable: $0.executable, timeout: $0.timeout, all: $0.all) })
        // A Ctrl-C while the plugins load is taken by the first next().
        _ = InterruptSignal.install()
        defer { InterruptSignal.uninstall() }
        firstLoad = plugins.refresh(noticed: [])
        catalog = plugins.makeCatalog()
    }

    deinit { close() }

    /// The folders watched, and those that could not be (they do not exist, most often; they
    /// are watched as soon as they can be).
    /// The runtime the watched plugins load into (its settings, such as debug logs, hold for
    /// every version).
    public var runtime: HostRuntime { plugins.runtime }

    public var watchedFolders: [String] { folders.folders }
    public var unwatchedFolders: [(folder: String, why: String)] { folders.unwatched }

    /// The effects and curves to run with now: the host's standard effects, then every
    /// running version's (in this process, or isolated).
    public func makeRegistries() -> (EffectRegistry, CurveRegistry) { plugins.makeRegistries() }

    /// The version running from the plugin file at `path`, if any.
    public func runningVersion(of path: String) -> PluginVersion? { plugins.running(path) }

    /// Waits until plugin files change and the folders are quiet again, then reloads.
    public func next() -> Event {
        guard waitForChanges() else { return reloadChanges() }
        // A Ctrl-C while reloading is taken too.
        _ = InterruptSignal.install()
        defer { InterruptSignal.uninstall() }
        return reloadChanges()
    }

    /// What waitForChanges found, for reloadChanges.
    private var waited: Event?
    private var burst: FolderWatch.Burst?
    /// Ends a wait from another thread: stopWaiting() writes to it.
    private let stopPipe: (read: Int32, write: Int32)

    /// The first half of next(), for a caller with a loop of its own (a window, which waits
    /// on a thread of its own while it plays): waits until plugin files change and the folders
    /// are quiet again. True when there is a burst to reload; false when the watch should end
    /// (Ctrl-C, SIGTERM, stopWaiting(), or waiting failed), which reloadChanges() then says.
    /// It touches only the folder watch, so it may run on another thread than everything
    /// else, one call at a time, and never at the same time as reloadChanges().
    public func waitForChanges() -> Bool {
        let interrupt = InterruptSignal.install()
        defer { InterruptSignal.uninstall() }
        if let signal = InterruptSignal.take() {  // while loading
            waited = .interrupted(signal: signal)
            return false
        }
        guard let burst = folders.nextBurst(interrupt: interrupt, stop: stopPipe.read) else {
            if let signal = InterruptSignal.take() {
                waited = .interrupted(signal: signal)
            } else {
                var byte: UInt8 = 0
                let stopped = read(stopPipe.read, &byte, 1) == 1
                waited = .failed(stopped ? "stopped" : "cannot wait for changes: \(String(cString: strerror(errno)))")
            }
            return false
        }
        self.burst = burst
        return true
    }

    /// The second half of next(): reloads what the burst waitForChanges found touched, on the
    /// caller's thread (plugins load and their versions retire here: call it between runs).
    public func reloadChanges() -> Event {
        if let ended = waited { return ended }
        guard let burst else { return .failed("no changes were waited for") }
        self.burst = nil
        let changes = plugins.refresh(noticed: burst.paths)
        catalog = plugins.makeCatalog()
        if let signal = InterruptSignal.take() { return .interrupted(signal: signal) }  // while reloading
        return .reloaded(Reload(changes: changes, foldersGone: burst.foldersGone, foldersAppeared: burst.foldersAppeared))
    }

    /// Ends a waitForChanges() in progress on another thread (or the next one) with false.
    public func stopWaiting() {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
    }

    /// Calls the running versions' deinit. Nothing is unloaded.
    public func close() {
        guard !closed else { return }
        closed = true
        plugins.shutdown()
        closeDescriptor(stopPipe.read)
        closeDescriptor(stopPipe.write)
    }
}

/// close(2), which a method named close hides.
private func closeDescriptor(_ fd: Int32) { _ = close(fd) }
