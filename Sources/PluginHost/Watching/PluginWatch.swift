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
        let interrupt = InterruptSignal.install()
        defer { InterruptSignal.uninstall() }
        if let signal = InterruptSignal.take() { return .interrupted(signal: signal) }  // while loading
        guard let burst = folders.nextBurst(interrupt: interrupt) else {
            if let signal = InterruptSignal.take() { return .interrupted(signal: signal) }
            return .failed("cannot wait for changes: \(String(cString: strerror(errno)))")
        }
        let changes = plugins.refresh(noticed: burst.paths)
        catalog = plugins.makeCatalog()
        if let signal = InterruptSignal.take() { return .interrupted(signal: signal) }  // while reloading
        return .reloaded(Reload(changes: changes, foldersGone: burst.foldersGone, foldersAppeared: burst.foldersAppeared))
    }

    /// Calls the running versions' deinit. Nothing is unloaded.
    public func close() {
        guard !closed else { return }
        closed = true
        plugins.shutdown()
    }
}
