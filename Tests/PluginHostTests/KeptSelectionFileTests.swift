import Foundation
import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses
import TransitionCore

import LibC

/// `host run EFFECT` keeps the plugins its names needed (KeptSelection) with the key of the
/// search path they were found on and the names; the file decides what is loaded, so it is read
/// as strictly as the registry cache. KeptSelectionTests shows a run's use of it.
@Suite("The kept selection of a run")
struct KeptSelectionFileTests {
    static let plugins: [KeptSelection.Plugin] = [
        .init(path: "/plugins/with space and 100%.so", description: PluginDescription(
            id: "example.diagonal", name: "Diagonal", version: "1.0.0", vendor: "", abiMajor: 1, abiMinor: 1,
            effects: [EffectInfo(pluginID: "example.diagonal", effectID: "diagonal", displayName: "Diagonal",
                                 summary: "Flies in from a corner", kind: .animator, transitions: .all, defaultDuration: 0.5,
                                 parameters: [EffectParameter(id: "corner", name: "Corner", type: .choice, unit: "", minimum: 0,
                                                              maximum: 1, defaultValue: 0, choices: ["left", "right"])])],
            curves: [], warnings: ["a warning"])),
        .init(path: "relative/easing.so", description: PluginDescription(
            id: "easing", name: "Easing curves", version: "2", vendor: "ünïcode", abiMajor: 1, abiMinor: 0, effects: [],
            curves: [.init(name: "easing.bounce", displayName: "Bounce")], warnings: [])),
    ]
    static let names = ["diagonal", "plugin:effect", "a name with spaces"]

    @Test("What is kept is read back for the same key and names; another key or other names read nothing, and are no problem")
    func roundTrip() throws {
        let dir = try TempDir("selection")
        let kept = KeptSelection(path: dir.file("deep/selection-v1"))
        #expect(kept.write(Self.plugins, key: 0xfeed_beef, names: Self.names) == nil)
        let same = kept.read(key: 0xfeed_beef, names: Self.names)
        #expect(same.plugins == Self.plugins)
        #expect(same.ignored == nil)
        for (key, names) in [(UInt64(0xfeed_beee), Self.names), (0xfeed_beef, ["diagonal"]), (0xfeed_beef, Self.names.reversed())] {
            let other = kept.read(key: key, names: names)
            #expect(other.plugins == nil && other.ignored == nil, "\(key) \(names): \(other)")
        }
        var info = stat()
        #expect(stat(kept.path, &info) == 0 && info.st_mode & 0o777 == 0o600, "the kept selection is private to its user")
        let none = KeptSelection(path: dir.file("none")).read(key: 1, names: [])
        #expect(none.plugins == nil && none.ignored == nil, "no file yet is no problem")
    }

    /// Ways the file is damaged, each with a word its rejection must contain.
    static let damages: [(String, String, @Sendable ([UInt8]) -> [UInt8])] = [
        ("empty", "cut off", { _ in [] }),
        ("cut in half", "cut off", { Array($0.prefix($0.count / 2)) }),
        ("one bit flipped", "checksum", { var b = $0; b[b.count / 3] ^= 0x04; return b }),
        ("the registry cache's file, with a valid checksum", "not a selection", { _ in
            let body = Array("transition-host-registry 2\n".utf8)
            return body + CacheFile.trailer(count: 0, body: body)
        }),
        ("a description the scanner would refuse, sealed with a valid checksum", "not a valid id", { bytes in
            resealed(bytes) { $0.replacingOccurrences(of: "plugin example.diagonal ", with: "plugin Not%20An%20Id ") }
        }),
        ("a crashed plugin where a good one goes, sealed", "not a good plugin", { bytes in
            resealed(bytes) { text in
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                // The easing entry, the last: its file line, then a crash in place of its description.
                let at = lines.lastIndex { $0.hasPrefix("file ") }!
                return (lines[...at] + ["crashed signal 11", ""]).joined(separator: "\n")
            }
        }),
        ("the same file twice, sealed", "twice", { bytes in
            resealed(bytes) { $0.replacingOccurrences(of: "file relative/easing.so", with: "file /plugins/with%20space%20and%20100%25.so") }
        }),
        ("a plugin count that does not match, sealed", "declared", { bytes in
            var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            lines.removeLast()
            let body = Array((lines.joined(separator: "\n") + "\n").utf8)
            return body + CacheFile.trailer(count: 5, body: body)
        }),
    ]

    /// `bytes` with its body changed by `change` and sealed again with a valid trailer.
    static func resealed(_ bytes: [UInt8], _ change: (String) -> String) -> [UInt8] {
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        let count = Int(lines.removeLast().split(separator: " ")[1])!
        let body = Array(change(lines.joined(separator: "\n") + "\n").utf8)
        return body + CacheFile.trailer(count: count, body: body)
    }

    @Test("A damaged, cut, forged or foreign kept selection is not used, with the reason", arguments: damages.indices)
    func damaged(_ index: Int) throws {
        let (name, mustSay, damage) = Self.damages[index]
        let dir = try TempDir("selection-damaged")
        let kept = KeptSelection(path: dir.file("selection-v1"))
        #expect(kept.write(Self.plugins, key: 7, names: Self.names) == nil)
        try dir.write("selection-v1", bytes: damage(try dir.read("selection-v1")))
        let read = kept.read(key: 7, names: Self.names)
        #expect(read.plugins == nil, "\(name): plugins were used")
        #expect(read.ignored?.contains(mustSay) == true, "\(name): \(String(describing: read.ignored))")
    }

    @Test("A kept selection that others can write is not used")
    func writableByOthers() throws {
        let dir = try TempDir("selection-mode")
        let kept = KeptSelection(path: dir.file("selection-v1"))
        #expect(kept.write(Self.plugins, key: 7, names: Self.names) == nil)
        chmod(kept.path, 0o622)
        #expect(kept.read(key: 7, names: Self.names).plugins == nil)
        #expect(kept.read(key: 7, names: Self.names).ignored?.contains("writable by others") == true)
    }
}
