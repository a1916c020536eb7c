import CSandbox

import LibC
import PluginABI

/// The helpers' seccomp filter, compiled once per command by the host and handed to each
/// helper it starts: compiling takes libseccomp about 2 ms, which every helper would
/// otherwise spend before its plugin may load (docs/PERFORMANCE.md). The host starts the
/// helper first and writes the filter while the helper starts up, so the host's compiling
/// overlaps it too. A helper outside the namespaces, or one whose copy does not come in
/// time, compiles its own (sandbox.h).
public enum HelperFilter {
    /// The descriptor number the helper gets its end at, and the option that names it.
    public static let descriptor: Int32 = 4
    public static let option = "--filter-fd"

    /// The program's bytes, compiled the first time they are asked for (in the host, or in a
    /// spare isolated helper while it waits for its plugin); empty when libseccomp refused
    /// (the helpers then compile their own, and say what is missing).
    public static let program: [UInt8] = {
        var bytes = [UInt8](repeating: 0, count: 64 << 10)
        let size = bytes.withUnsafeMutableBytes { th_sandbox_filter_compile($0.baseAddress, $0.count) }
        return size > 0 ? Array(bytes.prefix(size)) : []
    }()

    /// A connected pair for one helper: `theirs` is passed at `descriptor`, `mine` given to
    /// `send` once the helper is started. Both close-on-exec, so no other child inherits them.
    public static func makeEnds() -> (mine: Int32, theirs: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else { return nil }
        return (ends[0], ends[1])
    }

    /// Writes the program to a started helper and closes the host's end. A helper that is
    /// already gone costs nothing: MSG_NOSIGNAL, and the program is far below a socket's buffer.
    public static func send(_ mine: Int32) {
        let bytes = program
        if !bytes.isEmpty {
            _ = bytes.withUnsafeBytes { Glibc.send(mine, $0.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
        }
        close(mine)
    }
}
