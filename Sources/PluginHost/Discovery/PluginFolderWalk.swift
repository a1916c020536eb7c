import LibC

/// One entry named *.so in a plugin folder, as seen without opening it.
struct PluginCandidate {
    enum Kind {
        /// A regular file (a link followed to one), trusted: worth a look.
        case file(stat)
        /// Not a candidate at all, and why: a directory, a FIFO, a device, a link loop, ...
        case skipped(String)
        /// A file others could have written.
        case untrusted(PluginLoadFailure)
    }

    let path: String
    let origin: PluginSearchPath.Origin
    let kind: Kind
}

/// Lists the plugin candidates of a folder with lstat and stat only: nothing is opened here,
/// so a FIFO named *.so cannot block the host, and a link is followed once by the kernel,
/// which stops a loop with ELOOP instead of following it forever. Subfolders are not entered.
enum PluginFolderWalk {
    /// The folder's *.so entries in name order, or why the folder is not searched (nil when
    /// there is nothing to say: a default folder that does not exist).
    static func candidates(in folder: PluginSearchPath.Folder, trust: TrustPolicy) -> (candidates: [PluginCandidate], problem: String?) {
        let explicit = folder.origin == .option || folder.origin == .untrusted || folder.origin == .environment
        let label = "\(folder.origin.rawValue) folder '\(folder.path)'"
        var info = stat()
        guard stat(folder.path, &info) == 0 else {
            let code = errno
            if code == ELOOP { return ([], "\(label) is a symbolic link loop; not followed") }
            return ([], explicit ? "\(label) cannot be read: \(String(cString: strerror(code)))" : nil)
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { return ([], "\(label) is not a folder") }
        // The bundled folder's parents are the host binary's own: whoever could replace the
        // folder could replace the program you ran, so they are not checked again.
        let parents = folder.origin == .bundled ? nil : trust.parentProblem(of: folder.path)
        if let distrust = trust.problem(path: folder.path, info, isFolder: true) ?? parents {
            return ([], "\(TrustRefusals.folderPrefix)\(label): \(distrust.message)")
        }
        guard let names = PluginCatalog.listDirectory(folder.path) else {
            return ([], explicit ? "\(label) cannot be read: \(String(cString: strerror(errno)))" : nil)
        }
        // Where the folder itself lies, resolved once: an entry that is no link lies there too,
        // so only links need resolving one by one (realpath reads every component of a path:
        // for 500 plugins, 2,000 readlink calls a run).
        let folderPseudo = kernelFileSystem(folder.path)
        // Each entry looked at relative to the open folder: the kernel walks one name, not the
        // whole path again (for 500 plugins, most of the kernel time of a warm run).
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if directory >= 0 { close(directory) } }
        let candidates = names.filter { $0.hasSuffix(".so") }.map { name in
            var path = folder.path
            path.reserveCapacity(path.utf8.count + 1 + name.utf8.count)
            if !path.hasSuffix("/") { path += "/" }
            path += name
            let kind = classify(path, in: directory >= 0 ? (directory, name) : nil, trust: trust, folderPseudo: folderPseudo)
            return PluginCandidate(path: path, origin: folder.origin, kind: kind)
        }
        return (candidates, nil)
    }

    /// "proc" or "sysfs" when `path` resolves into /proc or /sys, where the kernel's pseudo
    /// files live; nil otherwise. (Glibc's Swift module has no statfs; the size checks that
    /// follow catch what a mount elsewhere would hide.)
    static func kernelFileSystem(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        let real = String(cString: resolved)
        if real.hasPrefix("/proc/") { return "proc" }
        if real.hasPrefix("/sys/") { return "sysfs" }
        return nil
    }

    /// What the entry `path` is. `folderPseudo`: the kernel file system its folder lies in
    /// (kernelFileSystem of the folder), which an entry that is no link shares.
    /// `entry`: the open folder and the entry's name in it, to look at it relative to the folder
    /// (nil: by its whole path).
    static func classify(_ path: String, in entry: (folder: Int32, name: String)? = nil, trust: TrustPolicy,
                         folderPseudo: String?) -> PluginCandidate.Kind {
        var info = stat()
        func look(followingLinks: Bool) -> Bool {
            guard let entry else { return (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 }
            // withCString: a short name stays on the stack (passed as a String, each was copied
            // into an array of its own first).
            return entry.name.withCString { fstatat(entry.folder, $0, &info, followingLinks ? 0 : AT_SYMLINK_NOFOLLOW) } == 0
        }
        guard look(followingLinks: false) else { return .skipped("cannot be read: \(String(cString: strerror(errno)))") }
        let isLink = info.st_mode & S_IFMT == S_IFLNK
        if isLink {
            guard look(followingLinks: true) else {
                switch errno {
                case ELOOP: return .skipped("a symbolic link loop; not followed")
                case ENOENT: return .skipped("a broken symbolic link: what it points to does not exist")
                case let code: return .skipped("a symbolic link that cannot be followed: \(String(cString: strerror(code)))")
                }
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if let distrust = trust.problem(path: path, info, isFolder: false) { return .untrusted(distrust) }
            // The host reads a candidate whole (to hash it for the cache): only a file whose
            // size it can trust and bound. A kernel pseudo-file reports a size unrelated to
            // what reading it gives (/proc/self/pagemap: 0, and reads without end).
            if let pseudo = isLink ? kernelFileSystem(path) : folderPseudo {
                return .skipped("a file of the kernel's \(pseudo) file system, not a plugin; never read")
            }
            if Int(info.st_size) > ELFProbe.maxFileBytes {
                return .skipped("\(info.st_size >> 20) MiB, larger than any plugin (at most \(ELFProbe.maxFileBytes >> 20) MiB); never read")
            }
            return .file(info)
        case S_IFDIR:
            return .skipped("a directory, not a plugin")
        case S_IFIFO:
            return .skipped("a FIFO (named pipe), not a plugin; never opened, since opening one can block forever")
        case S_IFCHR, S_IFBLK:
            return .skipped("a device, not a plugin; never opened")
        case S_IFSOCK:
            return .skipped("a socket, not a plugin")
        default:
            return .skipped("not a regular file, not a plugin")
        }
    }
}
