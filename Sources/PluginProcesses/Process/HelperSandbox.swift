import CSandbox

import LibC
import PluginABI

/// The sandbox of the helper processes that run plugin code: the scanner's helper and an
/// isolated plugin's process enter it before loading any plugin (see CSandbox's sandbox.h and
/// docs/SANDBOX.md). Trusted plugins loaded in the host itself pay nothing for it.
public enum HelperSandbox {
    /// The address space a helper may use: far above what a transition needs (the corpus
    /// and every isolated test run within it), far below what would hurt the machine.
    static let memoryBytes: UInt64 = 4 << 30
    /// Descriptors a helper may hold: it needs a handful.
    package static let descriptors: UInt = 256
    /// The most it may write to a file through a descriptor it inherited (HOST_DEBUG_SCAN's
    /// standard error, when that is a file); it can open none for writing.
    static let fileBytes: UInt64 = 16 << 20
    /// Processes and threads a helper may have, counted inside its user namespace (the
    /// namespace's first process and the plugin's process included), and in its control
    /// group where one can be made: far above the thread pools plugins use, far below what
    /// would exhaust the machine's process ids.
    package static let threads: UInt = 256

    /// Enters the sandbox, allowing the helper to read `plugins` (the files it will load)
    /// besides the system's libraries, and to use at most `cpuSeconds` of CPU time.
    /// Returns what the kernel lacks, or nil when everything is in place.
    ///
    /// HOST_SANDBOX=off skips it, for measuring what it costs (the benchmark) or finding
    /// whether it is to blame. HOST_SANDBOX names layers to skip, comma-separated:
    /// `no-landlock` (how the tests see a kernel without it), `no-seccomp`, `no-namespaces`,
    /// `no-cgroups`; the tests skip two to show that the third holds on its own. None is a setting for
    /// everyday use.
    /// `folders`: folders it may also read beneath (`host validate`'s bundled plugins).
    /// `filterDescriptor`: where the host writes its compiled seccomp filter (HelperFilter),
    /// or -1; closed before this returns. `filterProgram`: the same, compiled in this process.
    public static func enter(readable plugins: [String], folders extra: [String] = [], cpuSeconds: Double,
                             filterDescriptor: Int32 = -1, filterProgram: [UInt8] = []) -> String? {
        guard !isOff else {
            if filterDescriptor >= 0 { close(filterDescriptor) }
            return nil
        }
        var missing = [CChar](repeating: 0, count: 1024)
        let failures = withPolicy(plugins, extra, cpuSeconds, filterDescriptor, filterProgram) { policy in
            th_sandbox_enter_rest(&policy, &missing, missing.count)
        }
        let text = Self.text(missing)
        return failures == 0 && text.isEmpty ? nil : text
    }

    /// The first part of `enter`, for a helper that does not know its plugin yet (a spare):
    /// the control groups and the namespaces, with everything in the new root but the
    /// plugin's files. No plugin code may run until `enter` has been called with them, which
    /// then does the rest and reports what both parts lacked.
    public static func prepare(folders extra: [String] = [], cpuSeconds: Double) {
        guard !isOff else { return }
        _ = withPolicy([], extra, cpuSeconds, -1, []) { policy in th_sandbox_enter_first(&policy) }
    }

    private static var isOff: Bool { getenv("HOST_SANDBOX").map { String(cString: $0) } == "off" }

    /// Calls `body` with the policy for these files and settings, valid for the call only.
    private static func withPolicy(_ plugins: [String], _ extra: [String], _ cpuSeconds: Double, _ filterDescriptor: Int32,
                                   _ filterProgram: [UInt8], _ body: (inout th_sandbox_policy) -> Int32) -> Int32 {
        let setting = getenv("HOST_SANDBOX").map { String(cString: $0) } ?? ""
        let skipped = Set(setting.split(separator: ",").map(String.init))
        let folders = (swiftRuntimeFolder().map { [$0] } ?? []) + extra
        let cpu = UInt(min(max(cpuSeconds, 1), 86_400).rounded(.up))
        return withCStrings(plugins) { files in
            withCStrings(folders) { trees in filterProgram.withUnsafeBytes { program in
                var policy = th_sandbox_policy(
                    readable: files, readable_count: plugins.count,
                    readable_folders: trees, readable_folder_count: folders.count,
                    memory_bytes: memoryBytes, cpu_seconds: cpu, descriptors: descriptors, file_bytes: fileBytes,
                    threads: threads,
                    without_landlock: skipped.contains("no-landlock") ? 1 : 0, without_seccomp: skipped.contains("no-seccomp") ? 1 : 0,
                    without_namespaces: skipped.contains("no-namespaces") ? 1 : 0, filter_fd: filterDescriptor,
                    filter_program: program.isEmpty ? nil : program.baseAddress, filter_size: program.count,
                    without_cgroups: skipped.contains("no-cgroups") ? 1 : 0)
                return body(&policy)
            } }
        }
    }

    /// True where this process may make control groups for its helpers (a cgroup v2 group
    /// delegated to the user, or a writable v1 hierarchy of the pids or memory controller).
    public static var canMakeControlGroups: Bool { th_cgroups_places() > 0 }

    /// The prefix of a helper's control group's name, followed by the host's process id, a
    /// hyphen and the helper's.
    public static let controlGroupPrefix = "transition-host-helper-"

    /// For child processes that run plugin code without the sandbox (`host validate`'s test
    /// processes): the kernel kills this process when its parent dies, so that a host killed
    /// outright (SIGKILL, which TerminationCleanup cannot catch) leaves none behind.
    public static func endWithParent() {
        _ = th_sandbox_die_with_parent()
    }

    /// The folder of the Swift runtime the host uses, when it is a library of its own: a
    /// plugin written in Swift links against it (and the libraries beside it).
    private static func swiftRuntimeFolder() -> String? {
        var folder = [CChar](repeating: 0, count: Int(PATH_MAX))
        guard th_sandbox_library_folder("swift_retain", &folder, folder.count) == 0 else { return nil }
        return text(folder)
    }

    /// The NUL-terminated text a C function wrote into `buffer`.
    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Calls `body` with a C array of `strings`, valid for the call only.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
        let copies = strings.map { UnsafePointer(strdup($0)) }
        defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
