import TransitionCore

extension PluginDiscovery {
    /// What a command that names up front every effect it will resolve (`host run EFFECT`)
    /// needs of the search path: run()'s discovery, or, when the selection kept by the last run
    /// was made from the search path in the same state (see ListingKey) for the same names
    /// (see KeptSelection), a discovery of only the plugins that offer one of the names and those
    /// with curves, with nothing read but the folders, each file's stat and the kept selection.
    /// Either way a PluginSession given the same names registers the same effects and curves:
    /// the selection is kept only when the names picked their plugins (EffectSelection), never
    /// when every plugin's effects are needed (a name no plugin offers, whose error lists the
    /// nearest names of all, or a transitioning delegate).
    public func selection(forEffectsNamed names: [String]) -> DiscoveredPlugins {
        let now = ChangeStamp.now()
        let walk = walk()
        let workingFolder = searchPath.folders.contains { !$0.path.hasPrefix("/") } ? absolutePath(".") : nil
        guard !names.isEmpty, let scanner, let file = keptSelection,
              let key = ListingKey.of(walk.candidates, problems: walk.problems, host: .of(executable: scanner.executable),
                                      executable: scanner.executable, workingFolder: workingFolder, now: now,
                                      settleSeconds: file.settleSeconds)
        else { return run(walk) }

        var ignored: String?
        if !forgetsCache {
            let read = file.read(key: key, names: names)
            ignored = read.ignored
            if let kept = read.plugins { return Self.discovery(of: walk, keeping: kept) }
        }
        let discovery = run(walk)
        var statistics = discovery.statistics
        statistics.selectionIgnored = ignored
        let plugins = discovery.plugins
        if statistics.unrecorded == 0 && statistics.cacheNotWritten == nil,
           let selected = EffectSelection.plugins(offering: names, standard: StandardEffect.all().map(\.info), among: plugins) {
            let kept = plugins.indices.filter { selected[$0] || !plugins[$0].description.curves.isEmpty }
                .map { KeptSelection.Plugin(path: plugins[$0].file.path, description: plugins[$0].description) }
            statistics.selectionNotKept = file.write(kept, key: key, names: names)
        }
        return DiscoveredPlugins(files: discovery.files, folderProblems: discovery.folderProblems, statistics: statistics,
                         loadedInProcess: discovery.loadedInProcess)
    }

    /// The discovery the kept selection stands for: its plugins, described, and the walk's
    /// refusals (their lines name why an effect is unknown), in search order; the other files
    /// are left out.
    private static func discovery(of walk: (candidates: [PluginCandidate], problems: [String]),
                                  keeping kept: [KeptSelection.Plugin]) -> DiscoveredPlugins {
        var byPath: [String: PluginDescription] = [:]
        for plugin in kept { byPath[plugin.path] = plugin.description }
        var files: [DiscoveredPlugins.File] = []
        var statistics = DiscoveredPlugins.Statistics()
        for candidate in walk.candidates {
            switch candidate.kind {
            case .file:
                statistics.files += 1
                if let description = byPath[candidate.path] {
                    files.append(.init(path: candidate.path, origin: candidate.origin, status: .described(description)))
                }
            case .untrusted(let failure):
                files.append(.init(path: candidate.path, origin: candidate.origin, status: .failed(failure)))
            case .skipped:
                break
            }
        }
        statistics.selectionKept = kept.count
        return DiscoveredPlugins(files: files, folderProblems: walk.problems, statistics: statistics, loadedInProcess: [:])
    }
}
