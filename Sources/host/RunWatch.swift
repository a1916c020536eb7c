import ArgumentParser
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
                var lines = reload.foldersAppeared.map { "\($0) now exists; watched" } + reload.changes.map(\.description)
                    + reload.foldersGone.map { "\($0) is gone; watched again if it comes back" }
                if lines.isEmpty { lines = ["no plugin changed"] }
                say("── \(Self.clock()) replay \(replays): \(lines[0])")
                for line in lines.dropFirst() { say("   \(line)") }
                status = replay(watch)
            }
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// One run and its output; a failure is printed and costs this replay only.
    private func replay(_ watch: PluginWatch) -> Int32 {
        // The watch is read as it goes: flush every stream after each replay.
        defer { fflush(nil) }
        do {
            let (registry, curves) = watch.makeRegistries()
            try play(registry: registry, curves: curves)
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
