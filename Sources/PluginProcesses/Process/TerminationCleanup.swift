import CChildProcess
import PluginABI

/// What a command leaves behind when it is ended by SIGTERM, SIGINT or SIGHUP: every child
/// process group it started (ChildProcess registers each) and the temporary folders it
/// registers here. Once a folder is registered, those signals kill the groups, remove the
/// folders, and end the command by the same signal. The work is done in the signal handler
/// with async-signal-safe calls only (see child_process.h), so it holds however busy the
/// command is when the signal comes.
public enum TerminationCleanup {
    /// Installs the handlers the first time it is read: a static's initialiser runs once,
    /// whichever threads register folders.
    private static let installed: Bool = {
        child_process_cleanup_on_termination()
        return true
    }()

    /// Removes `folder` (with what it holds) if the command is ended by a signal before
    /// `forget(folder:)`. Returns false when the fixed table is full: the folder is then left
    /// behind by a signal, as it was before.
    @discardableResult
    public static func removeOnTermination(folder: String) -> Bool {
        guard installed, child_process_register_folder(folder) == 0 else { return false }
        return true
    }

    /// The folder is gone (or no longer the command's to remove).
    public static func forget(folder: String) {
        child_process_unregister_folder(folder)
    }
}
