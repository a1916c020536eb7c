/// One loaded version of a plugin file, as a watch tells them apart: the plugin's own id and
/// version string (which an author rarely bumps between builds), which load of the file it
/// is, and a hash of its bytes.
public struct PluginVersion: Equatable, Sendable, CustomStringConvertible {
    public let pluginID: String
    public let version: String
    /// 1 for the first load of the file during this watch, then 2, 3, ... for each reload.
    public let load: Int
    /// FNV-1a of the file's bytes.
    public let hash: UInt64

    public var description: String {
        let short = String(String(hash, radix: 16).suffix(8))
        return "\(pluginID) \(version) (load #\(load), \(String(repeating: "0", count: 8 - short.count))\(short))"
    }
}

/// What happened to one plugin file when a watch looked at it again.
public struct PluginChange: Equatable, Sendable, CustomStringConvertible {
    public enum Outcome: Equatable, Sendable {
        /// The file's new bytes loaded and replaced `replacing` (nil: the file is new).
        case loaded(PluginVersion, replacing: PluginVersion?)
        /// The same bytes as before: nothing to load.
        case unchanged(PluginVersion?)
        /// The file as it is now cannot be used; `stillRunning` (if any) goes on running.
        case refused(PluginLoadFailure, stillRunning: PluginVersion?)
        /// The file is gone; its version (if one ran) no longer runs. Its code stays mapped.
        case removed(PluginVersion?)
        /// Another file, earlier on the search path, provides the same plugin id.
        case shadowed(byPath: String, pluginID: String)
    }

    public let path: String
    public let outcome: Outcome

    /// One line: the file, what happened, and which version runs now.
    public var description: String {
        switch outcome {
        case .loaded(let version, nil):
            return "\(path) added: loaded \(version)"
        case .loaded(let version, .some):
            return "\(path) replaced: loaded \(version)"
        case .unchanged(let version):
            return "\(path) unchanged" + (version.map { ": still running \($0)" } ?? "")
        case .refused(let failure, let running):
            let keeps = running.map { "; still running \($0)" } ?? ""
            return "\(path) refused: \(failure.message)\(keeps)"
        case .removed(let version):
            return "\(path) removed" + (version.map { ": \($0.pluginID) no longer runs" } ?? "")
        case .shadowed(let first, let id):
            return "\(path) shadowed: \(first) provides the plugin id '\(id)' first"
        }
    }

    /// True when the file's new state could not be used.
    public var isRefusal: Bool {
        if case .refused = outcome { return true }
        return false
    }
}
