import TransitionCore

/// Every plugin file found on the search path and what is known of it — learned from the
/// registry cache or from helper processes, without loading any plugin in this process. A
/// discovery taken from a kept selection (PluginDiscovery.selection) holds only the plugins
/// its run needs, and the refused files.
/// `host list` prints it as it is; PluginSession makes it the effects and curves a command uses.
public struct DiscoveredPlugins {
    public struct File {
        public enum Status {
            /// Safe to load: it loaded in the scanner and passed every check. Indirect, so
            /// that a File is copied with one retain rather than one per string and array of
            /// the description (a warm list of 500 plugins spent a sixth of its own work there).
            indirect case described(PluginDescription)
            case problem(PluginFileProblem)

            static func failed(_ failure: PluginLoadFailure) -> Status { .problem(.failed(failure)) }
            static func skipped(_ why: String) -> Status { .problem(.skipped(why)) }
            static func shadowed(byPath first: String, pluginID: String) -> Status { .problem(.shadowed(byPath: first, pluginID: pluginID)) }
        }

        public let path: String
        public let origin: PluginSearchPath.Origin
        public let status: Status
    }

    /// How the files' outcomes were learned: the proof that a warm run loads nothing.
    public struct Statistics: Equatable, Sendable {
        /// Regular files looked at (one per file, however many links reach it).
        public var files = 0
        public var fromCache = 0
        /// Files whose content was read to check them against the cache: those whose stat
        /// no longer matched what the cache recorded, or that were too fresh to stamp.
        public var hashed = 0
        /// Files scanned this run (in helpers, or in this process without a scanner).
        public var scanned = 0
        /// Files the scanner could not be run for: they say nothing about the file, so
        /// neither the registry cache nor a kept listing may remember them.
        public var notScanned = 0
        /// Files whose outcome the registry cache did not record (not scanned, or unreadable
        /// when it came to hashing them, or no cache at all): the next run looks at them
        /// again, so no listing is kept that would hide what it finds.
        public var unrecorded = 0
        public var helpersStarted = 0
        /// Why the cache file was not used, when there is one and it was not.
        public var cacheIgnored: String?
        /// Why writing the cache failed.
        public var cacheNotWritten: String?
        public var cacheWritten = false
        /// `host list` printed the listing kept from the run before (see KeptListing): every
        /// file answered by its stat alone, and the registry cache not even read.
        public var listingKept = false
        /// Why the kept listing was not used, when there is one and it was not.
        public var listingIgnored: String?
        /// Why keeping this run's listing failed.
        public var listingNotKept: String?
        /// A run took its plugins from the selection kept by the run before (see
        /// KeptSelection): how many it kept; every file answered by its stat alone, and the
        /// registry cache not even read. Nil when it did not.
        public var selectionKept: Int?
        /// Why the kept selection was not used, when there is one and it was not.
        public var selectionIgnored: String?
        /// Why keeping this run's selection failed.
        public var selectionNotKept: String?

        public var summary: String {
            if listingKept {
                return "scanned 0 files in 0 helper processes; the listing kept from the last run: all \(files) files"
                    + " unchanged by their stat, the registry cache not read"
            }
            if let kept = selectionKept {
                return "scanned 0 files in 0 helper processes; the selection kept from the last run (\(kept) plugins): all"
                    + " \(files) files unchanged by their stat, the registry cache not read"
            }
            var text = "scanned \(scanned) files in \(helpersStarted) helper processes; \(fromCache) of \(files) from the cache"
                + " (\(hashed) read to check them)"
            if let why = cacheIgnored { text += "; cache ignored: \(why)" }
            if let why = cacheNotWritten { text += "; cache not written: \(why)" }
            if let why = listingIgnored { text += "; kept listing ignored: \(why)" }
            if let why = listingNotKept { text += "; listing not kept: \(why)" }
            if let why = selectionIgnored { text += "; kept selection ignored: \(why)" }
            if let why = selectionNotKept { text += "; selection not kept: \(why)" }
            return text
        }
    }

    public let files: [File]
    /// Search-path folders that could not be read, or were refused.
    public let folderProblems: [String]
    public let statistics: Statistics
    /// Plugins an in-process scan (no scanner) already loaded, by path: the catalog keeps them
    /// rather than loading them twice.
    let loadedInProcess: [String: LoadedPlugin]

    /// The files that are good plugins and not shadowed, in search order.
    public var plugins: [(file: File, description: PluginDescription)] {
        files.compactMap { file in
            if case .described(let description) = file.status { return (file, description) }
            return nil
        }
    }

    /// The host's standard effects followed by every described plugin's, for names and
    /// listings only: these effects cannot run (load the catalog for that).
    public func makeRegistry() -> EffectRegistry {
        PluginSet(members: plugins.map { .described($0.description) }, refused: trustRefusals).registries().effects
    }
}

/// An effect known from its description only: its name, kind and parameters, no code.
public final class DescribedEffect: EffectProvider {
    public let info: EffectInfo
    init(info: EffectInfo) { self.info = info }
}
