import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses
import TransitionCore

/// The registry cache stands in for the loader: a parameter it gives back must be one the
/// loader could have made (DescriptorReader.parameters), since an isolated run passes its
/// values to the plugin unchecked and `host inspect` shows choices[default]. The fuzzer of the
/// cache reader (Fuzz/, registry-cache) found that a forged record could claim an enum from -3
/// to 3 with default -1, a bool from 0 to 5, an int of 0.5, all with a valid checksum.
@Suite("Parameters read back from the registry cache")
struct CachedParameterTests {
    static let host = RegistryCache.HostIdentity(size: 1, modifiedSeconds: 2, modifiedNanoseconds: 3)

    /// A cache of one plugin with one effect with `parameter`, read back.
    static func readBack(_ parameter: EffectParameter) throws -> [String: RegistryCache.Entry] {
        let plugin = PluginDescription(
            id: "fixture.params", name: "Params", version: "1", vendor: "", abiMajor: 1, abiMinor: 0,
            effects: [EffectInfo(pluginID: "fixture.params", effectID: "fx", displayName: "Fx", summary: "",
                                 kind: .animator, transitions: .all, defaultDuration: 0.25, parameters: [parameter])],
            curves: [], warnings: [])
        let entries = ["/plugins/params.so": RegistryCache.Entry(
            fingerprint: .init(size: 1, modifiedSeconds: 1, modifiedNanoseconds: 0, hash: 1), outcome: .plugin(plugin))]
        return try RegistryCache.decode(RegistryCache.encode(entries, host: host), host: host)
    }

    @Test("A text with a NUL byte, which no C string can hold, is refused, and the whole cache with it")
    func nulInTextIsRefused() throws {
        // Found by the registry-cache fuzzer: a summary "...on \0spring." was read back as is.
        let plugin = PluginDescription(
            id: "fixture.nul", name: "Nul", version: "1", vendor: "", abiMajor: 1, abiMinor: 0,
            effects: [EffectInfo(pluginID: "fixture.nul", effectID: "fx", displayName: "Fx", summary: "on \u{0}spring",
                                 kind: .animator, transitions: .all, defaultDuration: 0.25, parameters: [])],
            curves: [], warnings: [])
        let entries = ["/plugins/nul.so": RegistryCache.Entry(
            fingerprint: .init(size: 1, modifiedSeconds: 1, modifiedNanoseconds: 0, hash: 1), outcome: .plugin(plugin))]
        do {
            _ = try RegistryCache.decode(RegistryCache.encode(entries, host: Self.host), host: Self.host)
            Issue.record("a summary with a NUL byte was kept")
        } catch {
            #expect("\(error)".contains("NUL"), "\(error)")
        }
    }

    static func parameter(_ type: EffectParameter.ValueType, _ range: ClosedRange<Double>, default def: Double,
                          choices: [String] = []) -> EffectParameter {
        EffectParameter(id: "p", name: "P", type: type, unit: "", minimum: range.lowerBound, maximum: range.upperBound,
                        defaultValue: def, choices: choices)
    }

    @Test("What the loader makes is kept: an enum over its indices, a bool 0 to 1, a whole int, any finite double")
    func loaderMadeParametersAreKept() throws {
        for p in [Self.parameter(.choice, 0...2, default: 2, choices: ["a", "b", "c"]), Self.parameter(.bool, 0...1, default: 1),
                  Self.parameter(.int, -5...100, default: 7), Self.parameter(.double, -0.5...1e300, default: 0.25)] {
            let read = try Self.readBack(p)
            guard case .plugin(let plugin)? = read.first?.value.outcome else { Issue.record("\(p) was not kept"); continue }
            #expect(plugin.effects.first?.parameters == [p])
        }
    }

    @Test("What no loader makes is refused, and the whole cache with it", arguments: [
        ("an enum from -3 with default -1", CachedParameterTests.parameter(.choice, -3...3, default: -1, choices: ["a", "b", "c", "d"]), "enum"),
        ("an enum from 0.5", CachedParameterTests.parameter(.choice, 0.5...3, default: 1, choices: ["a", "b", "c", "d"]), "enum"),
        ("an enum with default 1.5", CachedParameterTests.parameter(.choice, 0...3, default: 1.5, choices: ["a", "b", "c", "d"]), "enum"),
        ("a bool from 0 to 5, default 3", CachedParameterTests.parameter(.bool, 0...5, default: 3), "bool"),
        ("a bool with default 0.5", CachedParameterTests.parameter(.bool, 0...1, default: 0.5), "bool"),
        ("an int of 0.5", CachedParameterTests.parameter(.int, 0...1, default: 0.5), "whole"),
        ("an int from 0.25", CachedParameterTests.parameter(.int, 0.25...4, default: 1), "whole"),
    ])
    func forgedParametersAreRefused(_ name: String, _ p: EffectParameter, _ mustSay: String) {
        #expect(throws: RecordLine.Malformed.self, "\(name)") { try Self.readBack(p) }
        do { _ = try Self.readBack(p) } catch { #expect("\(error)".contains(mustSay), "\(name): \(error)") }
    }
}
