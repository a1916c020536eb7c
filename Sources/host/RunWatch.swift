import ArgumentParser
import LiveWindow
import PluginHost
import TransitionCore

import LibC

/// `host run EFFECT --watch`: the plugin author's edit-build-see loop. Runs once, then replays
/// the same run after every burst of changes to the plugin files, each replay under a header
/// line that says when, which file changed and which version now runs. Nothing a plugin file
/// holds ends the loop; Ctrl-C or `--watch-runs` does.
extension RunCommand {
    func validateWatch() throws {
        guard watchRuns == nil || watch else { throw ValidationError("--watch-runs needs --watch") }
        if let runs = watchRuns, runs < 0 { throw ValidationError("--watch-runs must be 0 or more, not \(runs)") }
        guard watchRuns == nil || !window else {
            throw ValidationError("--watch-runs does not take --window: the window replays until it is closed")
        }
    }

    /// The loop. Ends with the last replay's exit status, or 128 + the signal's number.
    func runWatching() throws {
        let watch: PluginWatch
        do {
            watch = try plugins.watch(isolateAll: isolate, timeout: isolateTimeout)
        } catch {
            printError("error: cannot watch the plugin folders: \(error)")
            throw ExitCode(1)
        }
        defer { watch.close() }
        watch.runtime.showsDebugLogs = verbose

        say("── \(Self.clock()) watching for plugin changes (Ctrl-C stops): " + watch.watchedFolders.joined(separator: ", "))
        for (folder, why) in watch.unwatchedFolders where plugins.pluginPaths.contains(folder) {
            if access(folder, F_OK) != 0 {
                say("   not watched yet: \(folder) does not exist; watched once it does")
            } else {
                say("   not watched yet: \(folder) (\(why)); tried again every second")
            }
        }
        // What the author's own folders hold; from the other folders, only what failed.
        for change in watch.firstLoad where change.isRefusal || plugins.pluginPaths.contains(Self.folder(of: change.path)) {
            say("   \(change)")
        }
        if window { return try watchInWindow(watch) }
        var status = replay(watch)

        var replays = 0
        while watchRuns.map({ replays < $0 }) ?? true {
            switch watch.next() {
            case .interrupted(let signal):
                say("── \(Self.clock()) stopped")
                throw ExitCode(128 + signal)
            case .failed(let why):
                printError("error: \(why)")
                throw ExitCode(1)
            case .reloaded(let reload):
                replays += 1
                announce(reload, replay: replays)
                status = replay(watch)
            }
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// `--window --watch`: one window for every replay (LiveWindow's WindowWatch); a refused
    /// version's line is shown in it as well as printed. Ends when the window is closed, with
    /// the last run's exit status, or at Ctrl-C.
    private func watchInWindow(_ watch: PluginWatch) throws {
        let player = try windowPlayer()
        var (status, replays): (Int32, Int) = (0, 0)
        var ended: PluginWatch.Event?
        // Only the waiting thread calls it, and never while the reload below runs (WindowWatch).
        nonisolated(unsafe) let waited = watch
        WindowWatch(player: player, waitForChanges: { waited.waitForChanges() }, stopWaiting: { watch.stopWaiting() })
            .run(play: { status = replay(watch, in: player) }, reload: {
                let event = watch.reloadChanges()
                guard case .reloaded(let reload) = event else {
                    ended = event
                    return .end
                }
                replays += 1
                announce(reload, replay: replays)
                return .replay(notices: reload.changes.filter(\.isRefusal).map(\.description))
            })
        switch ended {
        case .interrupted(let signal)?:
            say("── \(Self.clock()) stopped")
            throw ExitCode(128 + signal)
        case .failed(let why)?:
            printError("error: \(why)")
            throw ExitCode(1)
        case .reloaded?, nil:
            break
        }
        try finishWindow(player)
        if status != 0 { throw ExitCode(status) }
    }

    /// The header line of a replay: when, and what changed (the first change on the line).
    private func announce(_ reload: PluginWatch.Reload, replay number: Int) {
        var lines = reload.foldersAppeared.map { "\($0) now exists; watched" } + reload.changes.map(\.description)
            + reload.foldersGone.map { "\($0) is gone; watched again if it comes back" }
        if lines.isEmpty { lines = ["no plugin changed"] }
        say("── \(Self.clock()) replay \(number): \(lines[0])")
        for line in lines.dropFirst() { say("   \(line)") }
    }

    /// One run and its output; a failure is printed and costs this replay only. `player`:
    /// the window it shows in, which stays open after it.
    private func replay(_ watch: PluginWatch, in player: WindowPlayer? = nil) -> Int32 {
        // The watch is read as it goes: flush every stream after each replay.
        defer { fflush(nil) }
        do {
            let (registry, curves) = watch.makeRegistries()
            try play(registry: registry, curves: curves, window: player)
            return 0
        } catch let exit as ExitCode {
            return exit.rawValue
        } catch let error as ValidationError {
            printError("error: \(error)")
            return HostExit.badEffect.rawValue
        } catch {
            printError("error: \(error)")
            return 1
        }
    }

    /// A line of the watch's own: on standard output with the text trace, on standard error
    /// when standard output carries JSON.
    private func say(_ line: String) {
        if format == .json {
            printError(line)
        } else {
            printText(line)
            fflush(nil)
        }
    }

    private static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    }

    /// The local time of day, as HH:MM:SS.
    private static func clock() -> String {
        var now = time(nil)
        var parts = tm()
        localtime_r(&now, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
    }
}
