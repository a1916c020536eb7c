import CChildProcess
import CSandbox

import LibC
import PluginABI

/// A child process started with posix_spawn and watched through a pidfd, which poll(2)
/// reports readable when the child exits. It starts in a session and process group of its
/// own, inherits no descriptor but those it is handed, and is ended as a group: whatever it
/// started goes with it, when it is killed, reaped, or the command is ended by a signal
/// (child_process_cleanup_on_termination). So a parent waits for many children at once, each
/// with its own deadline, without a thread per child and without polling (Foundation's
/// Process.waitUntilExit polls, at about 50 ms a child).
///
/// The child may get a report pipe: the write end becomes its descriptor `reportDescriptor`
/// (3 by convention), the read end is `report` here. Standard output stays the plugin's to
/// scribble on; the report is the host's.
///
/// Shared by the plugin scanner and by `host validate` (whose first version of this class,
/// in Validation, has the same API).
public final class ChildProcess {
    public enum Termination: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        public var description: String {
            switch self {
            case .exited(let code): return "exit status \(code)"
            case .signalled(let signal): return SignalName.describe(signal)
            }
        }
    }

    /// Where the child's standard output or error goes.
    public enum Output: Sendable {
        case null
        case inherit
        /// Created (mode 0600) or truncated.
        case file(String)
        /// Into a pipe the parent reads (`captured`); standard output and error share it. The
        /// child's end never blocks: what does not fit while the parent is not reading is
        /// lost to the child (its write fails), so output cannot stall it.
        case capture
    }

    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    public let pid: pid_t
    /// The pidfd: readable once the child has exited.
    public let watch: Int32
    /// The read end of the report pipe (close-on-exec, non-blocking), or -1 without one.
    public let report: Int32
    /// The read end of the pipe that captures standard output and error (non-blocking), or -1.
    public let captured: Int32
    private var reaped = false
    private var reportOpen: Bool

    /// A child whose standard output and error go to files (the form `host validate` uses).
    public convenience init(executable: String, arguments: [String], standardOutput: String, standardError: String) throws {
        try self.init(executable: executable, arguments: arguments,
                      output: .file(standardOutput), error: .file(standardError))
    }

    /// Starts `executable` with `arguments`, standard input from /dev/null, and this process's
    /// environment with `environment` added (replacing variables of the same name). `passed`
    /// hands the child more descriptors of the caller's (say, a socket) at numbers of their own.
    public init(
        executable: String, arguments: [String], output: Output = .null, error: Output = .null,
        reportDescriptor: Int32? = nil, environment: [String: String] = [:],
        passing passed: [(descriptor: Int32, as: Int32)] = []
    ) throws {
        var pipeEnds: (read: Int32, write: Int32) = (-1, -1)
        if reportDescriptor != nil {
            pipeEnds = try Self.makeReportPipe()
        }
        defer { if pipeEnds.write >= 0 { close(pipeEnds.write) } }
        var captureEnds: (read: Int32, write: Int32) = (-1, -1)
        if case .capture = output { captureEnds = try Self.makeReportPipe() } else if case .capture = error { captureEnds = try Self.makeReportPipe() }
        defer { if captureEnds.write >= 0 { close(captureEnds.write) } }
        if captureEnds.write >= 0 { _ = fcntl(captureEnds.write, F_SETFL, O_NONBLOCK) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        for (fd, output) in [(Int32(1), output), (Int32(2), error)] {
            switch output {
            case .null: posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", O_WRONLY, 0)
            case .inherit: break
            case .file(let path): posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .capture: posix_spawn_file_actions_adddup2(&actions, captureEnds.write, fd)
            }
        }
        if let target = reportDescriptor {
            // dup2 clears close-on-exec on the copy; the original (>= 10, never `target`) stays
            // close-on-exec, so no other child inherits this pipe and EOF means this child.
            posix_spawn_file_actions_adddup2(&actions, pipeEnds.write, target)
        }

        for passed in passed {
            // The caller's descriptor (close-on-exec) reaches the child at `as`, without it.
            posix_spawn_file_actions_adddup2(&actions, passed.descriptor, passed.as)
        }
        // Nothing else: a descriptor the host's own parent left open without close-on-exec
        // (a file, a socket) must not reach plugin code.
        let highest = max(2, reportDescriptor ?? 2, passed.map(\.as).max() ?? 2)
        _ = child_process_close_from(&actions, highest + 1)

        // A child starts with default signal handling and nothing blocked, whatever the parent did.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGALRM] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        // A session of its own, so that its group is ended as a whole (and Ctrl-C on the
        // terminal reaches the host, which ends it, not the child directly).
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | child_process_spawn_setsid())

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = Self.environment(adding: environment)
        defer { envp.forEach { free($0) } }

        var child = pid_t()
        let status = posix_spawn(&child, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            if pipeEnds.read >= 0 { close(pipeEnds.read) }
            if captureEnds.read >= 0 { close(captureEnds.read) }
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        (pid, watch) = try Self.watch(child, closingOnFailure: [pipeEnds.read, captureEnds.read])
        report = pipeEnds.read
        reportOpen = pipeEnds.read >= 0
        captured = captureEnds.read
    }

    /// A copy of this process that runs `body` (which never returns), started as the spawning
    /// initialiser starts a program: no exec, so none of a program's start-up, but only while
    /// this process has one thread (`canFork`). Standard output and error are captured.
    public init(forking body: () -> Never, passing passed: [(descriptor: Int32, as: Int32)] = []) throws {
        let captureEnds = try Self.makeReportPipe()
        defer { close(captureEnds.write) }
        _ = fcntl(captureEnds.write, F_SETFL, O_NONBLOCK)
        let child = child_process_fork(passed.map(\.descriptor), passed.map(\.as), Int32(passed.count), captureEnds.write)
        if child == 0 { body() }
        guard child > 0 else {
            close(captureEnds.read)
            throw SpawnError(description: "cannot fork: \(String(cString: strerror(errno)))")
        }
        (pid, watch) = try Self.watch(child, closingOnFailure: [captureEnds.read])
        report = -1
        reportOpen = false
        captured = captureEnds.read
    }

    /// True while this process has one thread, the only time `init(forking:)` is safe.
    public static var canFork: Bool { child_process_thread_count() == 1 }

    /// Registers a started child's group and opens its pidfd; kills and reaps it, closing
    /// `descriptors` (-1 skipped), when it cannot be watched.
    private static func watch(_ child: pid_t, closingOnFailure descriptors: [Int32]) throws -> (pid_t, Int32) {
        _ = child_process_register_group(child)
        let fd = child_process_watch(child)
        guard fd >= 0 else {
            let why = String(cString: strerror(errno))
            Glibc.kill(-child, SIGKILL)
            Glibc.kill(child, SIGKILL)
            var ignored: Int32 = 0
            _ = waitpid(child, &ignored, 0)
            child_process_unregister_group(child)
            for descriptor in descriptors where descriptor >= 0 { close(descriptor) }
            throw SpawnError(description: "cannot watch a child process (pidfd_open: \(why)); Linux 5.3 or later is needed")
        }
        return (child, fd)
    }

    deinit {
        if !reaped { kill(); _ = reap() }
        close(watch)
        closeReport()
        if captured >= 0 { close(captured) }
    }

    /// Kills the child and its process group (SIGKILL: a hung plugin may ignore anything
    /// gentler). Only ever this child's group, and only before the child has been reaped:
    /// until then its pid, and so its group's id, cannot be reused.
    @discardableResult
    public func kill() -> Bool {
        guard !reaped else { return false }
        _ = Glibc.kill(-pid, SIGKILL)
        return Glibc.kill(pid, SIGKILL) == 0
    }

    /// Waits for the child and collects its status: call once its pidfd is readable, or after
    /// kill(), when it returns at once. What the child left running in its group is killed
    /// first (a plugin's forked process holding the report pipe open, say).
    public func reap() -> Termination {
        if !reaped { _ = Glibc.kill(-pid, SIGKILL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        reaped = true
        child_process_unregister_group(pid)
        // A sandboxed helper's control groups, which a helper killed cannot remove itself.
        _ = th_cgroups_release(pid)
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import (they are macros).
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }

    /// True once the child has exited, waiting at most `timeout` seconds for it.
    public func hasExited(within timeout: Double) -> Bool {
        var fd = pollfd(fd: watch, events: Int16(POLLIN), revents: 0)
        return poll(&fd, 1, Self.milliseconds(timeout)) > 0
    }

    /// Reads what the report pipe holds now, without waiting: nil at end of file (the child
    /// closed it or exited), an empty array when nothing is there yet.
    public func readReport(maximum: Int = 65536) -> [UInt8]? {
        guard reportOpen else { return nil }
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(report, $0.baseAddress, maximum) }
            if n > 0 { return Array(buffer[0..<n]) }
            if n == 0 { return nil }
            if errno == EINTR { continue }
            if errno == EAGAIN || errno == EWOULDBLOCK { return [] }
            return nil
        }
    }

    /// Reads what the child wrote to its captured output since the last call, without
    /// waiting, at most `maximum` bytes.
    public func readCaptured(maximum: Int = 65536) -> [UInt8] {
        guard captured >= 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: maximum)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(captured, $0.baseAddress, maximum) }
            if n > 0 { return Array(buffer[0..<n]) }
            if n < 0 && errno == EINTR { continue }
            return []
        }
    }

    public func closeReport() {
        guard reportOpen else { return }
        reportOpen = false
        close(report)
    }

    /// Waits until one of `children` has exited or `timeout` seconds have passed; returns the
    /// indices of those that have exited.
    public static func waitForAny(_ children: [ChildProcess], timeout: Double) -> [Int] {
        var fds = children.map { pollfd(fd: $0.watch, events: Int16(POLLIN), revents: 0) }
        let n = poll(&fds, nfds_t(fds.count), milliseconds(timeout))
        guard n > 0 else { return [] }
        return fds.indices.filter { fds[$0].revents != 0 }
    }

    package static func milliseconds(_ seconds: Double) -> Int32 {
        Int32(min(max(0, seconds * 1000).rounded(.up), Double(Int32.max)))
    }

    /// A pipe whose read end is non-blocking and whose write end sits at descriptor 10 or
    /// above, both close-on-exec.
    private static func makeReportPipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        // pipe2 is not in Swift's Glibc module: pipe, then the flags. The parent's read end
        // never blocks; the child writes blocking, so a full pipe makes it wait, not fail.
        guard pipe(&ends) == 0 else {
            throw SpawnError(description: "cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[0], F_SETFL, O_NONBLOCK)
        let high = fcntl(ends[1], F_DUPFD_CLOEXEC, Int32(10))
        close(ends[1])
        guard high >= 0 else {
            close(ends[0])
            throw SpawnError(description: "cannot move the pipe: \(String(cString: strerror(errno)))")
        }
        return (ends[0], high)
    }

    /// This process's environment with `additions` set, as strdup'ed "NAME=value" strings
    /// followed by nil; the caller frees them.
    private static func environment(adding additions: [String: String]) -> [UnsafeMutablePointer<CChar>?] {
        var result: [UnsafeMutablePointer<CChar>?] = []
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if additions[name] == nil { result.append(strdup(pointer)) }
            entry += 1
        }
        for (name, value) in additions.sorted(by: { $0.key < $1.key }) { result.append(strdup("\(name)=\(value)")) }
        return result + [nil]
    }
}
