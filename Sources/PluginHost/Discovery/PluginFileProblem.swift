/// Why a plugin file on the search path is not used: the one list of reasons that discovery's
/// files, a catalog's records and the watch's files share.
public enum PluginFileProblem: Equatable, Sendable {
    /// It could not be used: refused by a check, or it crashed or hung while it was scanned.
    case failed(PluginLoadFailure)
    /// A plugin with the same id was found earlier on the search path.
    case shadowed(byPath: String, pluginID: String)
    /// Not a candidate at all (a directory named *.so, a FIFO, a broken link, ...).
    case skipped(String)
}
