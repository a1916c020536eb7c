import CTransitionABI
import PluginHost
import TransitionCore

/// Fuzzes the registry cache reader (RegistryCache), which reads a file anyone may have cut
/// or edited. Each input is read twice: as it is, and made to pass the two checks that random
/// bytes almost never pass (its host line set to this fuzzer's host, its checksum made right),
/// so that mutations reach the record parser. Whatever the cache accepts must be what the
/// loader could have accepted: each plugin in it, laid out as C descriptors, passes the
/// loader's checks and reads back the same; and it must write and read back unchanged.
enum RegistryCacheTarget {
    static func run(_ data: UnsafeRawBufferPointer) -> String {
        let bytes = Array(data)
        let asIs = check(bytes)
        guard let resealed = resealed(bytes, secondLine: FuzzEntryPoints.cacheHostLine) else { return "as it is, \(asIs)" }
        return "as it is, \(asIs); resealed, \(check(resealed))"
    }

    private static func check(_ bytes: [UInt8]) -> String {
        let (outcomes, refusal, roundTrip) = FuzzEntryPoints.readCache(bytes)
        guard let outcomes else {
            if refusal == nil { FuzzTarget.broken("a refused cache without a reason") }
            return "refused: \(refusal ?? "")"
        }
        if !roundTrip { FuzzTarget.broken("the accepted cache does not write and read back the same") }
        for (path, outcome) in outcomes {
            if !path.hasPrefix("/") { FuzzTarget.broken("an entry for the relative path '\(path)'") }
            guard case .plugin(let plugin) = outcome else { continue }
            AcceptedPlugin.verifyAsLoaded(plugin, acceptedBy: "the cache")
        }
        return "accepted: \(outcomes.count) files"
    }
}
