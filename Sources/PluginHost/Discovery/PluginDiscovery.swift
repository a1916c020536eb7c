import LibC

/// Finds what the plugins on the search path are: walks the folders (refusing untrusted
/// ones and skipping what is no plugin), answers from the registry cache what it can, has
/// the scanner's helper processes load the rest, writes the cache back when anything
/// changed, and decides which file wins when two offer the same plugin id.
public struct PluginDiscovery {
    public var searchPath: PluginSearchPath
    public var trust: TrustPolicy
    /// Helper processes that load the files; nil loads them in this process (for tests and
    /// tools that examine files they made themselves; no cache then).
    public var scanner: PluginScanner?
    public var cache: RegistryCache?
    /// Where `listing(make:)` keeps what it made, to print it again while nothing changed;
    /// used only with a scanner.
    public var keptListing: KeptListing?
    /// Where `selection(forEffectsNamed:)` keeps what a run needed, to use again while nothing
    /// changed; used only with a scanner.
    public var keptSelection: KeptSelection?
    /// Ignore what the cache holds and scan everything again (`host list --rescan`).
    public var forgetsCache = false

    public init(searchPath: PluginSearchPath, trust: TrustPolicy = TrustPolicy(), scanner: PluginScanner? = nil,
                cache: RegistryCache? = nil, keptListing: KeptListing? = nil, keptSelection: KeptSelection? = nil,
                forgetsCache: Bool = false) {
        self.searchPath = searchPath
        self.trust = trust
        self.scanner = scanner
        self.cache = cache
        self.keptListing = keptListing
        self.keptSelection = keptSelection
        self.forgetsCache = forgetsCache
    }

    public func run() -> DiscoveredPlugins {
        run(walk())
    }

    func walk() -> (candidates: [PluginCandidate], problems: [String]) {
        Self.walk(searchPath, trust: trust)
    }

    /// The candidates of every folder on `searchPath`, in search order, each file once
    /// however many links and folders reach it; and the folders' problems. Hot reload
    /// (ReloadingCatalog) walks the same way.
    static func walk(_ searchPath: PluginSearchPath, trust: TrustPolicy) -> (candidates: [PluginCandidate], problems: [String]) {
        var problems: [String] = []
        var candidates: [PluginCandidate] = []
        var seenFiles = Set<FileID>()
        for folder in searchPath.folders {
            let (found, problem) = PluginFolderWalk.candidates(in: folder, trust: trust)
            if let problem { problems.append(problem) }
            seenFiles.reserveCapacity(seenFiles.count + found.count)
            for candidate in found {
                // The same file reached twice (a folder listed twice, a link) counts once.
                if case .file(let info) = candidate.kind, !seenFiles.insert(FileID(info)).inserted { continue }
                candidates.append(candidate)
            }
        }
        return (candidates, problems)
    }

    func run(_ walk: (candidates: [PluginCandidate], problems: [String])) -> DiscoveredPlugins {
        let (candidates, problems) = walk
        var statistics = DiscoveredPlugins.Statistics()
        // By candidate index: an array, as hashing every index cost more than the outcomes.
        var outcomes = [ScanOutcome?](repeating: nil, count: candidates.count)
        var loaded: [String: LoadedPlugin] = [:]
        let files = candidates.indices.compactMap { i -> (Int, stat)? in
            if case .file(let info) = candidates[i].kind { return (i, info) }
            return nil
        }
        statistics.files = files.count

        if let scanner {
            let store = cache.map { CacheSession(cache: $0, host: .of(executable: scanner.executable), forgets: forgetsCache) }
            statistics.cacheIgnored = store?.ignored
            var toScan: [Int] = []
            for (i, info) in files {
                if let store, let outcome = store.lookUp(candidates[i].path, info) {
                    outcomes[i] = outcome
                    statistics.fromCache += 1
                } else {
                    toScan.append(i)
                }
            }
            let helpersBefore = scanner.statistics.helpersStarted
            // Files from untrusted folders are scanned one helper each, so that none can forge
            // the report of another (PluginScanner.scan).
            let alone = Set(toScan.indices.filter { candidates[toScan[$0]].origin == .untrusted })
            for (i, outcome) in zip(toScan, scanner.scan(toScan.map { candidates[$0].path }, alone: alone)) { outcomes[i] = outcome }
            statistics.scanned = toScan.count
            statistics.notScanned = toScan.filter { !outcomes[$0]!.isCacheable }.count
            // A file the cache answered for is recorded already (fingerprinted, and what the
            // cache holds is cacheable): only the scanned ones need asking, each by its path.
            statistics.unrecorded = toScan.filter { i in
                !(outcomes[i]!.isCacheable && store?.fingerprinted(candidates[i].path) == true)
            }.count
            statistics.hashed = store?.filesHashed ?? 0
            statistics.helpersStarted = scanner.statistics.helpersStarted - helpersBefore
            if let store {
                let searched = Set(searchPath.folders.map { folder -> String in
                    var path = absolutePath(folder.path)
                    while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
                    return path
                })
                let seen = files.map { (path: candidates[$0.0].path, outcome: outcomes[$0.0]!) }
                switch store.save(seen: seen, searchedFolders: searched) {
                case .written: statistics.cacheWritten = true
                case .unchanged: break
                case .failed(let why): statistics.cacheNotWritten = why
                }
            }
        } else {
            for (i, _) in files {
                switch PluginLoader.load(path: candidates[i].path) {
                case .failure(let failure): outcomes[i] = .refused(failure)
                case .success(let plugin):
                    outcomes[i] = .plugin(PluginDescription(plugin))
                    loaded[candidates[i].path] = plugin
                }
            }
            statistics.scanned = files.count
            statistics.unrecorded = files.count
        }

        var result: [DiscoveredPlugins.File] = []
        var shadowing = ShadowingRule(files: files.count)
        for (i, candidate) in candidates.enumerated() {
            let status: DiscoveredPlugins.File.Status
            switch candidate.kind {
            case .skipped(let why): status = .skipped(why)
            case .untrusted(let failure): status = .failed(failure)
            case .file:
                switch outcomes[i]! {
                case .plugin(let description):
                    if let first = shadowing.shadower(of: candidate.path, id: description.id) {
                        status = .shadowed(byPath: first, pluginID: description.id)
                    } else {
                        status = .described(description)
                    }
                case let other:
                    status = .failed(other.failure!)
                }
            }
            result.append(DiscoveredPlugins.File(path: candidate.path, origin: candidate.origin, status: status))
        }
        return DiscoveredPlugins(files: result, folderProblems: problems, statistics: statistics, loadedInProcess: loaded)
    }
}

/// A file's identity on its file system.
struct FileID: Hashable {
    let device: UInt64
    let inode: UInt64
    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}

/// `path` made absolute against the working folder (not resolved: links stay as they are),
/// so that cache entries mean the same file from any working folder.
func absolutePath(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    guard let cwd = getcwd(nil, 0) else { return path }
    defer { free(cwd) }
    let base = String(cString: cwd)
    return (base.hasSuffix("/") ? base : base + "/") + path
}
