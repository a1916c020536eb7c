import CTransitionABI
import TransitionCore

/// The checks that read untrusted bytes, for the fuzzers in Fuzz/ (Scripts/fuzz). `package`:
/// reachable from this package's targets, never part of the library's public interface. Each
/// runs the very code the host runs, not a copy of it.
package enum FuzzEntryPoints {
    /// What the loader concludes about an entry and its descriptors once dlopen succeeded, in
    /// the loader's order, without calling the plugin: the version, the entry's own fields,
    /// the effect count, then each descriptor, `descriptor` standing in for get_effect.
    /// With no problems, the plugin as it would be described (without curves or warnings).
    package static func check(
        entry: UnsafePointer<th_plugin_entry>, effectCount: UInt32,
        descriptor: (UInt32) -> UnsafePointer<th_effect_descriptor>?
    ) -> (problems: [String], plugin: PluginDescription?) {
        let e = entry.pointee
        do {
            try PluginLoader.checkVersion(size: e.struct_size, major: e.abi_major, minor: e.abi_minor)
        } catch {
            return (["\(error)"], nil)
        }
        var findings = DescriptorFindings()
        guard let fields = DescriptorReader.entryFields(e, findings: &findings) else { return (findings.problems, nil) }
        guard effectCount <= DescriptorReader.maxEffects else { return (["effect_count() returned \(effectCount)"], nil) }
        let effects = DescriptorReader.effects(count: effectCount, pluginID: fields.id, findings: &findings, descriptor: descriptor)
        guard findings.problems.isEmpty else { return (findings.problems, nil) }
        return ([], PluginDescription(id: fields.id, name: fields.name, version: fields.version, vendor: fields.vendor,
                                      abiMajor: Int(e.abi_major), abiMinor: Int(e.abi_minor),
                                      effects: effects.map(\.info), curves: [], warnings: []))
    }

    /// The host a fuzzed cache claims to come from; a cache is read past its second line only
    /// when that line is `cacheHostLine`.
    static let cacheHost = RegistryCache.HostIdentity(size: 1_048_576, modifiedSeconds: 1_700_000_000, modifiedNanoseconds: 0)
    package static var cacheHostLine: [UInt8] { RecordLine.encode(cacheHost.fields) }

    /// A registry cache file read as the host reads it (for the host of `cacheHostLine`): the
    /// outcome of each file it accepts, or why it was refused whole. When accepted, `roundTrip`
    /// says whether writing those entries and reading them back gives the same entries.
    package static func readCache(_ bytes: [UInt8]) -> (outcomes: [String: ScanOutcome]?, refusal: String?, roundTrip: Bool) {
        do {
            let entries = try RegistryCache.decode(bytes, host: cacheHost)
            let again = try? RegistryCache.decode(RegistryCache.encode(entries, host: cacheHost), host: cacheHost)
            return (entries.mapValues(\.outcome), nil, again == entries)
        } catch {
            return (nil, "\(error)", true)
        }
    }

    /// Whether a file's outcome survives the cache: written, then read back the same.
    package static func cacheKeeps(_ outcome: ScanOutcome) -> Bool {
        let entries = ["/plugins/fuzzed.so": RegistryCache.Entry(
            fingerprint: FileFingerprint(size: 1, modifiedSeconds: 1, modifiedNanoseconds: 0, hash: 1), outcome: outcome)]
        return (try? RegistryCache.decode(RegistryCache.encode(entries, host: cacheHost), host: cacheHost)) == entries
    }

    /// The checksum the cache's last line carries for `body` (every byte above that line).
    package static func cacheChecksum(_ body: [UInt8]) -> String {
        RecordNumber.hex(FNV1a.hash(body))
    }

    /// The key a fuzzed kept listing is read for; its records are reached only when its second
    /// line is `listingKeyLine`.
    static let listingKey: UInt64 = 0x5eed_0f11_5717
    package static var listingKeyLine: [UInt8] { RecordLine.encode(["key", RecordNumber.hex(listingKey)]) }

    /// A kept listing (KeptListing) read as `host list` reads it, for `listingKey`: its records,
    /// or why it was refused (neither: a whole listing of another key). When accepted,
    /// `roundTrip` says whether writing those records and reading them back gives the same.
    package static func readListing(_ bytes: [UInt8]) -> (records: [[String]]?, refusal: String?, roundTrip: Bool) {
        do {
            guard let records = try KeptListing.decode(bytes, key: listingKey) else { return (nil, nil, true) }
            let again = try? KeptListing.decode(KeptListing.encode(records, key: listingKey), key: listingKey)
            return (records, nil, again == records)
        } catch {
            return (nil, "\(error)", true)
        }
    }

    /// The key and names a fuzzed kept selection is read for; its plugins are reached only when
    /// its second line is `selectionKeyLine` and its third `selectionNamesLine`.
    static let selectionKey: UInt64 = 0x5e1e_c7ed
    static let selectionNames = ["diagonal"]
    package static var selectionKeyLine: [UInt8] { RecordLine.encode(["key", RecordNumber.hex(selectionKey)]) }
    package static var selectionNamesLine: [UInt8] { RecordLine.encode(["names"] + selectionNames) }

    /// A kept selection (KeptSelection) read as `host run` reads it, for `selectionKey` and
    /// `selectionNames`: each plugin's path and description, or why it was refused (neither: a
    /// whole selection of another key or other names). When accepted, `roundTrip` says whether
    /// writing them and reading them back gives the same.
    package static func readSelection(_ bytes: [UInt8]) -> (plugins: [(path: String, description: PluginDescription)]?,
                                                            refusal: String?, roundTrip: Bool) {
        do {
            guard let plugins = try KeptSelection.decode(bytes, key: selectionKey, names: selectionNames) else {
                return (nil, nil, true)
            }
            let again = try? KeptSelection.decode(KeptSelection.encode(plugins, key: selectionKey, names: selectionNames),
                                                  key: selectionKey, names: selectionNames)
            return (plugins.map { ($0.path, $0.description) }, nil, again == plugins)
        } catch {
            return (nil, "\(error)", true)
        }
    }
}
