/// The search path's rule for plugin ids, for discovery and hot reload alike: the first file,
/// in search order, that provides an id is its provider; every later file with that id is
/// shadowed by it and does not run.
struct ShadowingRule {
    /// Plugin id → the file that provides it.
    private var provider: [String: String] = [:]

    /// `files`: about how many files will be taken, to make room for their ids at once.
    init(files: Int = 0) { provider.reserveCapacity(files) }

    /// Takes the files in search order: the file that shadows `path` for `id`, or nil when
    /// `path` is the first with that id (and so provides it).
    mutating func shadower(of path: String, id: String) -> String? {
        if let first = provider[id] { return first }
        provider[id] = path
        return nil
    }
}
