import LibC

/// Whom the host lets put code into its process, as ssh decides whom to trust with a key: a
/// plugin folder or file that another user owns (root excepted), or that its group or
/// everyone may write, is refused, since whoever can write it can run code as you the next
/// time you run `host`. `--allow-untrusted` turns the checks off.
public struct TrustPolicy: Sendable {
    public let enforced: Bool
    let userID: uid_t

    public init(allowUntrusted: Bool = false) {
        enforced = !allowUntrusted
        userID = getuid()
    }

    /// Why the folder or file `info` describes must not be trusted, with the fix; nil when it
    /// may be (or when checks are off).
    func problem(path: String, _ info: stat, isFolder: Bool) -> PluginLoadFailure? {
        guard enforced else { return nil }
        let what = isFolder ? "plugin folder" : "plugin file"
        if info.st_uid != userID && info.st_uid != 0 {
            let quoted = Self.shellQuoted(path)
            return PluginLoadFailure(
                reason: "the \(what) is owned by \(Self.userName(info.st_uid)), not by you (\(Self.userName(userID))) or root: whoever owns it decides what code runs in your host",
                fix: "if you trust it, `chown \(Self.userName(userID)) \(quoted)`; or pass --allow-untrusted",
                kind: .untrusted)
        }
        let writable = info.st_mode & (S_IWGRP | S_IWOTH)
        if writable != 0 {
            let quoted = Self.shellQuoted(path)
            let who = writable & S_IWOTH != 0 ? "everyone" : "its group"
            return PluginLoadFailure(
                reason: "the \(what) is writable by \(who) (mode \(String(info.st_mode & 0o7777, radix: 8))): anyone who can write it can run code in your host",
                fix: "`chmod go-w \(quoted)`; or pass --allow-untrusted",
                kind: .untrusted)
        }
        return nil
    }

    /// Why a folder above the plugin folder `path` must not be trusted, or nil: as ssh's
    /// StrictModes, every folder up to the root must be owned by you or root and not writable
    /// by others, since whoever may write a parent can put another folder in the plugin
    /// folder's place. A world-writable folder with the sticky bit (as /tmp) is fine: there no
    /// one may rename or remove what is not theirs.
    func parentProblem(of path: String) -> PluginLoadFailure? {
        guard enforced, let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        var parent = String(cString: resolved)
        while let slash = parent.lastIndex(of: "/"), parent != "/" {
            parent = slash == parent.startIndex ? "/" : String(parent[..<slash])
            var info = stat()
            guard stat(parent, &info) == 0 else { return nil }
            let sticky = info.st_mode & S_ISVTX != 0
            if info.st_mode & (S_IWGRP | S_IWOTH) != 0 && !sticky || info.st_uid != userID && info.st_uid != 0 {
                guard let problem = problem(path: parent, info, isFolder: true) else { continue }
                return PluginLoadFailure(reason: "it lies inside '\(parent)': \(problem.reason)", fix: problem.fix, kind: .untrusted)
            }
        }
        return nil
    }

    static func userName(_ uid: uid_t) -> String {
        guard let entry = getpwuid(uid), let name = entry.pointee.pw_name else { return "uid \(uid)" }
        return String(cString: name)
    }

    /// `path` as a shell word: as it is when it holds only safe characters, else in quotes.
    static func shellQuoted(_ path: String) -> String {
        let safe = path.utf8.allSatisfy { c in
            (0x30...0x39).contains(c) || (0x41...0x5a).contains(c) || (0x61...0x7a).contains(c) || "/._-+=:,@".utf8.contains(c)
        }
        guard !safe else { return path }
        var quoted = "'"
        for c in path { quoted += c == "'" ? "'\\''" : String(c) }
        return quoted + "'"
    }
}
