import Foundation
import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses

/// PluginCatalog.listDirectory reads each name in place from readdir's record, which is only
/// as long as its name: copying the struct's whole 256-byte name field read past the record
/// (Scripts/sanitize found it). Names of every length must still come back whole.
@Suite("Listing a plugin folder")
struct DirectoryListingTests {
    @Test("names of 1 to 255 bytes, UTF-8 included, come back whole and sorted, without . and ..")
    func namesOfEveryLength() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listing-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = ["a", "b.so", String(repeating: "x", count: 255), String(repeating: "é", count: 127) + "z",
                     String(repeating: "m", count: 100) + ".so"]
        for name in names { #expect(FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: Data())) }

        #expect(PluginCatalog.listDirectory(folder) == names.sorted())
        #expect(PluginCatalog.listDirectory("\(folder)/missing") == nil)
    }
}
