import TransitionCore

import LibC

/// The plugins of a watch: one running version per file on the search path, each loaded from
/// a private copy of the file's bytes, and replaced only by a newer version that passed every
/// check a normal load makes (trust, ELF probe, ABI, init and descriptors in a helper process,
/// then the same again here). A file whose new bytes fail keeps its running version, and the
/// reason is kept until the file changes. Versions that are replaced or removed get their
/// deinit call and stay loaded: their handles are never closed (a library holding Swift code
/// must never be dlclose'd), and copies are never loaded from the same path twice.
///
/// Versions that run isolated (all of them with `isolation.all`, and always those from
/// folders marked untrusted) are never loaded here: a child process loads the checked copy,
/// which is kept for as long as the version runs.
final class ReloadingCatalog {
    struct Running {
        /// Loaded in this process; nil when the version runs isolated.
        let plugin: LoadedPlugin?
        /// The child process that runs it when isolated (started on first use).
        let isolated: IsolatedPlugin?
        let description: PluginDescription
        let version: PluginVersion
    }

    /// How versions run isolated: the host binary that serves as their child process, and
    /// the seconds one call may take.
    struct Isolation {
        let executable: String
        let timeout: Double
        /// Every plugin, not only those from untrusted folders (`--isolate`).
        let all: Bool
    }


    /// A new version that passed the checks, not loaded here yet (unless there is no scanner).
    private struct Passed {
        let copy: PrivateCopy
        let description: PluginDescription
        let preloaded: LoadedPlugin?
    }

    private struct FileState {
        let origin: PluginSearchPath.Origin
        /// The regular file as it was last copied (nil: not looked at, or not a trusted file).
        var look: FileLook?
        var running: Running?
        /// Why it is not what runs (or not all of it): kept until the file changes.
        var problem: PluginFileProblem?
    }

    let searchPath: PluginSearchPath
    let trust: TrustPolicy
    /// Helper processes that load each new version first; nil loads them here only (tests).
    let scanner: PluginScanner?
    let isolation: Isolation?

    private var files: [String: FileState] = [:]
    /// The files in search order, as last walked.
    private var order: [String] = []
    private var folderProblems: [String] = []
    /// Loads of each file so far, so that a version's number keeps growing across removals.
    private var loads: [String: Int] = [:]
    /// Versions no longer running. Kept, with their libraries, for the life of the process.
    private var retired: [LoadedPlugin] = []
    /// The copies isolated versions run from, for as long as they run.
    private var keptCopies: PrivateCopyFolder?
    /// The runtime every version loads into, in this process or isolated: the watch's runs.
    let runtime = HostRuntime()

    init(searchPath: PluginSearchPath, trust: TrustPolicy, scanner: PluginScanner?, isolation: Isolation? = nil) {
        self.searchPath = searchPath
        self.trust = trust
        self.scanner = scanner
        self.isolation = isolation
    }

    private func isolates(_ origin: PluginSearchPath.Origin) -> Bool {
        isolation.map { PluginSet.runsIsolated(origin, isolateAll: $0.all) } ?? false
    }

    /// Looks at every folder again and loads what changed. `noticed` are the paths the folder
    /// watch saw touched: each gets a line even when nothing came of it.
    func refresh(noticed: [String]) -> [PluginChange] {
        var outcomes: [String: PluginChange.Outcome] = [:]
        let noticed = Set(noticed)
        let walk = walkFolders()
        let present = Set(walk.map(\.path))

        for (path, state) in files where !present.contains(path) {
            if let running = state.running { retire(running) }
            outcomes[path] = .removed(state.running?.version)
            files[path] = nil
        }

        // What is new or different since the last look; the rest is left as it is.
        var changed: [String] = []
        for candidate in walk {
            let path = candidate.path
            var state = files[path] ?? FileState(origin: candidate.origin)
            func setProblem(_ problem: PluginFileProblem, _ failure: PluginLoadFailure) {
                if state.problem != problem || noticed.contains(path) {
                    outcomes[path] = .refused(failure, stillRunning: state.running?.version)
                }
                state.problem = problem
                state.look = nil
            }
            switch candidate.kind {
            case .skipped(let why): setProblem(.skipped(why), PluginLoadFailure(reason: why, fix: ""))
            case .untrusted(let failure): setProblem(.failed(failure), failure)
            case .file(let info):
                // A shadowed file is looked at every time: the file before it may be gone.
                if state.look != FileLook(info) || isShadowed(path) { changed.append(path) }
            }
            files[path] = state
        }

        // The copies are read by the scanner, then loaded here; once loaded, the mapping
        // keeps their bytes, so the folder goes when the refresh is done.
        var copyFolder: PrivateCopyFolder?
        defer { copyFolder?.remove() }
        var passed = examine(changed, in: &copyFolder, outcomes: &outcomes)
        resolveShadowing(&passed, outcomes: &outcomes)
        for path in order {
            if let version = passed[path] { load(path, version, outcomes: &outcomes) }
        }

        // Every noticed file gets its line, in search order; removed files come last.
        for path in noticed where outcomes[path] == nil {
            guard let state = files[path] else { continue }
            switch state.problem {
            case .failed(let failure)?: outcomes[path] = .refused(failure, stillRunning: state.running?.version)
            case .skipped(let why)?:
                outcomes[path] = .refused(PluginLoadFailure(reason: why, fix: ""), stillRunning: state.running?.version)
            case .shadowed(let first, let id)?: outcomes[path] = .shadowed(byPath: first, pluginID: id)
            case nil: outcomes[path] = .unchanged(state.running?.version)
            }
        }
        let ordered = order.filter { outcomes[$0] != nil } + outcomes.keys.filter { !present.contains($0) }.sorted()
        return ordered.map { PluginChange(path: $0, outcome: outcomes[$0]!) }
    }

    /// The catalog to run with: what runs now, and why the rest does not.
    func makeCatalog() -> PluginCatalog {
        let records = order.compactMap { path -> PluginFileRecord? in
            guard let state = files[path] else { return nil }
            let status: PluginFileRecord.Status
            if let running = state.running {
                guard let plugin = running.plugin else { return nil }  // isolated: see makeRegistries
                status = .loaded(plugin)
            } else {
                guard let problem = state.problem else { return nil }
                status = .problem(problem)
            }
            return PluginFileRecord(path: path, origin: state.origin, status: status)
        }
        return PluginCatalog(records: records, folderProblems: folderProblems)
    }

    /// The effects and curves to run with: the host's standard effects, then each running
    /// version's, loaded here or isolated (PluginSet).
    func makeRegistries() -> (EffectRegistry, CurveRegistry) {
        var set = PluginSet()
        for path in order {
            guard let running = files[path]?.running else { continue }
            if let plugin = running.plugin {
                set.members.append(.loaded(plugin))
            } else if let isolated = running.isolated {
                set.members.append(.isolated(isolated, running.description, registersEffects: true))
            }
        }
        return set.registries()
    }

    /// The version running from `path`, if any.
    func running(_ path: String) -> PluginVersion? { files[path]?.running?.version }

    /// Calls every running version's deinit, last in search order first, and ends the
    /// isolated ones' processes. Nothing is unloaded.
    func shutdown() {
        for path in order.reversed() {
            files[path]?.running?.plugin?.deinitialize()
            files[path]?.running = nil
        }
        keptCopies?.remove()
        keptCopies = nil
    }

    // MARK: - Steps of a refresh

    /// The search path's candidates, as discovery finds them: the trust checks, what is
    /// skipped, and one entry per file however many names reach it.
    private func walkFolders() -> [PluginCandidate] {
        let (found, problems) = PluginDiscovery.walk(searchPath, trust: trust)
        let walk = found.map { candidate -> PluginCandidate in
            // Never loaded in this process: it runs isolated, or not at all.
            guard case .file = candidate.kind, candidate.origin == .untrusted, isolation == nil else { return candidate }
            return PluginCandidate(path: candidate.path, origin: candidate.origin, kind: .untrusted(Self.isolatedOnly))
        }
        folderProblems = problems
        order = walk.map(\.path)
        return walk
    }

    /// Copies each changed file and has the copy checked (in a helper process when there is a
    /// scanner). Returns the copies that passed, with what they are.
    private func examine(_ changed: [String], in copyFolder: inout PrivateCopyFolder?,
                         outcomes: inout [String: PluginChange.Outcome]) -> [String: Passed] {
        guard !changed.isEmpty else { return [:] }
        let folder: PrivateCopyFolder
        do {
            folder = try PrivateCopyFolder()
            copyFolder = folder
        } catch {
            for path in changed { refuse(path, PluginLoadFailure(reason: "\(error)", fix: "free some space in the temporary folder"), &outcomes) }
            return [:]
        }
        var copies: [(path: String, copy: PrivateCopy)] = []
        for path in changed {
            do {
                let copy = try folder.copy(path)
                files[path]?.look = FileLook(copy.sourceInfo)
                if let running = files[path]?.running, running.version.hash == copy.fingerprint.hash {
                    // Rewritten with the same bytes, or back to the version that runs.
                    files[path]?.problem = nil
                    outcomes[path] = .unchanged(running.version)
                    continue
                }
                copies.append((path, copy))
            } catch {
                refuse(path, PluginLoadFailure(reason: "cannot be copied for loading: \(error)", fix: ""), &outcomes)
            }
        }

        var passed: [String: Passed] = [:]
        if let scanner {
            let results = scanner.scan(copies.map(\.copy.path))
            for ((path, copy), outcome) in zip(copies, results) {
                if case .plugin(let description) = outcome {
                    passed[path] = Passed(copy: copy, description: description, preloaded: nil)
                } else {
                    refuse(path, Self.naming(path, not: copy.path, outcome.failure!), &outcomes)
                }
            }
        } else {
            for (path, copy) in copies {
                switch PluginLoader.load(path: copy.path, runtime: runtime) {
                case .success(let plugin): passed[path] = Passed(copy: copy, description: PluginDescription(plugin), preloaded: plugin)
                case .failure(let failure): refuse(path, Self.naming(path, not: copy.path, failure), &outcomes)
                }
            }
        }
        return passed
    }

    /// Decides, in search order, which file provides each plugin id: the first that has a
    /// running version or a new one that passed. The others are shadowed and do not run.
    private func resolveShadowing(_ passed: inout [String: Passed], outcomes: inout [String: PluginChange.Outcome]) {
        var shadowing = ShadowingRule()
        for path in order {
            guard var state = files[path] else { continue }
            guard let id = passed[path]?.description.id ?? state.running?.description.id else { continue }
            if let first = shadowing.shadower(of: path, id: id) {
                if let running = state.running {
                    retire(running)
                    state.running = nil
                }
                passed[path]?.preloaded?.deinitialize()
                passed[path] = nil
                if state.problem != .shadowed(byPath: first, pluginID: id) {
                    outcomes[path] = .shadowed(byPath: first, pluginID: id)
                }
                state.problem = .shadowed(byPath: first, pluginID: id)
            } else {
                if case .shadowed = state.problem { state.problem = nil }
            }
            files[path] = state
        }
    }

    private func isShadowed(_ path: String) -> Bool {
        if case .shadowed? = files[path]?.problem { return true }
        return false
    }

    /// Loads the copy here (the scanner passed it), or keeps it for its isolated process, and
    /// makes it the running version.
    private func load(_ path: String, _ new: Passed, outcomes: inout [String: PluginChange.Outcome]) {
        let copy = new.copy
        var plugin: LoadedPlugin?
        var isolated: IsolatedPlugin?
        if let isolation, let origin = files[path]?.origin, isolates(origin) {
            // The child loads it when a run first needs it, and again after a failure: the
            // copy must outlive this refresh's folder.
            do {
                isolated = IsolatedPlugin(path: try keep(copy), pluginID: new.description.id,
                                          executable: isolation.executable, timeout: isolation.timeout, runtime: runtime)
            } catch {
                refuse(path, PluginLoadFailure(reason: "cannot keep a copy for its isolated process: \(error)", fix: ""), &outcomes)
                return
            }
        } else {
            switch new.preloaded.map({ Result<LoadedPlugin, PluginLoadFailure>.success($0) }) ?? PluginLoader.load(path: copy.path, runtime: runtime) {
            case .failure(let failure):
                refuse(path, Self.naming(path, not: copy.path, failure), &outcomes)
                return
            case .success(let loaded):
                plugin = loaded
            }
        }
        loads[path, default: 0] += 1
        let version = PluginVersion(pluginID: new.description.id, version: new.description.version, load: loads[path]!,
                                    hash: copy.fingerprint.hash)
        let old = files[path]?.running
        if let old { retire(old) }
        files[path]?.running = Running(plugin: plugin, isolated: isolated, description: new.description, version: version)
        files[path]?.problem = nil
        outcomes[path] = .loaded(version, replacing: old?.version)
    }

    /// Moves a checked copy into the folder of copies kept while their versions run.
    private func keep(_ copy: PrivateCopy) throws -> String {
        if keptCopies == nil { keptCopies = try PrivateCopyFolder() }
        let target = "\(keptCopies!.path)/\(copy.path.split(separator: "/").last!)"
        guard rename(copy.path, target) == 0 else {
            throw WatchError(description: "cannot move it: \(String(cString: strerror(errno)))")
        }
        return target
    }

    private func refuse(_ path: String, _ failure: PluginLoadFailure, _ outcomes: inout [String: PluginChange.Outcome]) {
        files[path]?.problem = .failed(failure)
        outcomes[path] = .refused(failure, stillRunning: files[path]?.running?.version)
    }

    /// Lets a version go: its deinit, once, and its library stays loaded; or, isolated, its
    /// process ends (with the last reference to it) and its kept copy goes.
    private func retire(_ running: Running) {
        if let plugin = running.plugin {
            plugin.deinitialize()
            retired.append(plugin)
        }
        if let isolated = running.isolated { unlink(isolated.path) }
    }

    static let isolatedOnly = PluginLoadFailure(
        reason: "from a folder marked untrusted, whose plugins run only isolated; a watch loads its plugins in its own process",
        fix: "to watch it, search its folder with --plugin-path instead", kind: .untrusted)

    /// A failure as the author should read it: about their file, not its private copy.
    private static func naming(_ path: String, not copy: String, _ failure: PluginLoadFailure) -> PluginLoadFailure {
        PluginLoadFailure(reason: failure.reason.replacing(copy, with: path), fix: failure.fix.replacing(copy, with: path),
                          kind: failure.kind)
    }
}

/// What tells one state of a file from another without reading it: its identity, size and
/// times (the change time moves with permissions and owner too).
struct FileLook: Equatable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: timespec
    let changed: timespec

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim
        changed = info.st_ctim
    }

    static func == (a: FileLook, b: FileLook) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size
            && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
            && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
    }
}
