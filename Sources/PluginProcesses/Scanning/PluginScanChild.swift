import LibC
import PluginABI

/// The scanner's child side (the hidden subcommand `host _scan`): loads each file of its
/// batch with the host's own loader, writes what it learned to the report descriptor, and
/// lets each plugin go again. Whatever a plugin does here — crash, hang, exit — ends this
/// process only; the parent sees which file it was loading and carries on with the rest.
public enum PluginScanChild {
    /// The hidden subcommand's name.
    public static let commandName = "_scan"

    /// `filterDescriptor`: where the host writes its compiled seccomp filter (HelperFilter), or -1.
    public static func run(paths: [String], reportDescriptor fd: Int32, timeout: Double, filterDescriptor: Int32 = -1) -> Never {
        HelperProcess.becomeHelper()
        // A parent that is gone no longer reads: end rather than write into the void.
        signal(SIGPIPE, SIG_DFL)
        // Before any plugin code runs: no signal to the host, no tracing, no process started,
        // no file read but the batch's and the system's libraries, no parent left behind
        // (the parent-death signal, which a plugin cannot ignore as it could an alarm). The
        // CPU limit is the batch's whole allowance.
        let missing = HelperSandbox.enter(readable: paths, cpuSeconds: Double(paths.count) * timeout + 10, filterDescriptor: filterDescriptor)
        // Nothing runs here: a plugin's warnings go to standard error (HOST_DEBUG_SCAN=1 shows them).
        let runtime = HostRuntime()
        runtime.keepsLogsForTheNextRun = false
        var reportInfo = stat()
        guard fstat(fd, &reportInfo) == 0 else { _exit(3) }  // no report descriptor: nobody to tell
        send(ScanReport.hello(sandboxMissing: missing), fd)
        for (index, path) in paths.enumerated() {
            send(ScanReport.begin(index), fd)
            let outcome = scan(path, runtime: runtime)
            // One write for the whole outcome and its end: the parent counts it only whole.
            var bytes: [UInt8] = []
            for line in OutcomeRecord.lines(outcome) { bytes += RecordLine.encode(line) }
            bytes += RecordLine.encode(ScanReport.end(index))
            write(bytes, fd)
        }
        send(ScanReport.done, fd)
        // No atexit handlers, no library destructors: a plugin's may misbehave, and the
        // parent has what it needs.
        _exit(0)
    }

    /// Loads one file as the host would, and lets it go again (deinit), so that a plugin
    /// whose deinit crashes is caught here, not at the end of a run.
    package static func scan(_ path: String, runtime: HostRuntime) -> ScanOutcome {
        switch PluginLoader.load(path: path, runtime: runtime) {
        case .failure(let failure):
            return .refused(failure)
        case .success(let plugin):
            let description = PluginDescription(plugin)
            plugin.deinitialize()
            return .plugin(description)
        }
    }

    private static func send(_ fields: [String], _ fd: Int32) { write(RecordLine.encode(fields), fd) }

    private static func write(_ bytes: [UInt8], _ fd: Int32) {
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { _exit(4) }  // the parent is gone or closed the pipe
            done += n
        }
    }
}
