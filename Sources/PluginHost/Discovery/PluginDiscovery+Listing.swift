/// A listing of the search path that can be kept between runs as records of strings (see
/// KeptListing): `host list`'s rows and notes.
public protocol KeepableListing {
    /// The listing again from its records; nil when they are not this listing's records
    /// (the listing is then made afresh).
    init?(records: [[String]])
    var records: [[String]] { get }
}

extension PluginDiscovery {
    /// What `host list` prints: `make` applied to what run() finds. When the listing kept by
    /// the last run was made from the same search path in the same state (see ListingKey),
    /// that listing instead, with nothing read but the folders and each file's stat: neither
    /// the registry cache nor any plugin file, and no helper started. A listing made afresh
    /// is kept for the next run, unless a file was too fresh to key or its outcome was not
    /// recorded in the registry cache (the next run looks at such a file again, and must
    /// list what it finds).
    public func listing<Listing: KeepableListing>(make: (DiscoveredPlugins) -> Listing) -> (listing: Listing, statistics: DiscoveredPlugins.Statistics) {
        let now = ChangeStamp.now()
        let walk = walk()
        // A relative folder names other files from another working folder.
        let workingFolder = searchPath.folders.contains { !$0.path.hasPrefix("/") } ? absolutePath(".") : nil
        guard let scanner, let file = keptListing,
              let key = ListingKey.of(walk.candidates, problems: walk.problems, host: .of(executable: scanner.executable),
                                      executable: scanner.executable, workingFolder: workingFolder, now: now,
                                      settleSeconds: file.settleSeconds)
        else {
            let discovery = run(walk)
            return (make(discovery), discovery.statistics)
        }

        var ignored: String?
        if !forgetsCache {
            let read = file.read(key: key)
            ignored = read.ignored
            if let records = read.records {
                if let kept = Listing(records: records) {
                    var statistics = DiscoveredPlugins.Statistics()
                    statistics.files = walk.candidates.filter { if case .file = $0.kind { true } else { false } }.count
                    statistics.listingKept = true
                    return (kept, statistics)
                }
                ignored = "its records are not a listing"
            }
        }
        let discovery = run(walk)
        let listing = make(discovery)
        var statistics = discovery.statistics
        statistics.listingIgnored = ignored
        if statistics.unrecorded == 0 && statistics.cacheNotWritten == nil {
            statistics.listingNotKept = file.write(listing.records, key: key)
        }
        return (listing, statistics)
    }
}
