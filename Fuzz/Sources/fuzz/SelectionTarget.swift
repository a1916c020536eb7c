import PluginHost

/// Fuzzes the reader of the kept selection (KeptSelection), the file that tells `host run`
/// which plugins its names need while nothing on the search path changed, which anyone with
/// the user's files may have cut or edited. Each input is read as it is and resealed (its key
/// and names lines set to this fuzzer's, its checksum made right). The file decides what is
/// loaded, so whatever it accepts must be what the loader could have accepted, as for the
/// registry cache, and must write and read back the same.
enum SelectionTarget {
    static func run(_ data: UnsafeRawBufferPointer) -> String {
        let bytes = Array(data)
        let asIs = check(bytes)
        guard let resealed = resealed(bytes, secondLine: FuzzEntryPoints.selectionKeyLine,
                                      thirdLine: FuzzEntryPoints.selectionNamesLine)
        else { return "as it is, \(asIs)" }
        return "as it is, \(asIs); resealed, \(check(resealed))"
    }

    private static func check(_ bytes: [UInt8]) -> String {
        let (plugins, refusal, roundTrip) = FuzzEntryPoints.readSelection(bytes)
        guard let plugins else { return refusal.map { "refused: \($0)" } ?? "another key or other names" }
        if !roundTrip { FuzzTarget.broken("the accepted selection does not write and read back the same") }
        for plugin in plugins {
            if plugin.path.isEmpty { FuzzTarget.broken("a plugin without a path") }
            AcceptedPlugin.verifyAsLoaded(plugin.description, acceptedBy: "the kept selection")
        }
        return "accepted: \(plugins.count) plugins"
    }
}
