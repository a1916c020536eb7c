import Testing
@testable import Rendering

/// `host list` keeps its listing as records of strings between runs, and prints the records it
/// reads back exactly as it printed the listing they came from.
@Suite("A listing kept as records")
struct PluginListingRecordsTests {
    static let listing = PluginListing(rows: [
        .init(name: "diagonal", kind: "animator", plugin: "example.diagonal", version: "1.0.0", path: "/p/diagonal.so",
              origin: "bundled", status: "ok"),
        .init(name: "ease-in-out-back", kind: "curve", plugin: "example.easing", version: "2.1", path: "/p/easing.so",
              origin: "user", status: "ok"),
        .init(name: "-", kind: "-", plugin: "-", version: "-", path: "/p/crash.so", origin: "--plugin-path",
              status: "crashed", error: "crashed the plugin scanner with SIGSEGV"),
        .init(name: "-", kind: "-", plugin: "-", version: "-", path: "/p/empty-error.so", origin: "user", status: "error", error: ""),
    ], notes: ["refused the user folder '/x': writable by others", "/p/easing.so: a warning"])

    @Test("Read back from its records, a listing prints the same table and the same JSON")
    func roundTrip() throws {
        let again = try #require(PluginListing(records: Self.listing.records))
        #expect(again.table() == Self.listing.table())
        #expect(again.json() == Self.listing.json())
        #expect(again.records == Self.listing.records)
        let empty = try #require(PluginListing(records: []))
        #expect(empty.table() == PluginListing(rows: [], notes: []).table())
    }

    static let refused: [[[String]]] = [
        [["row", "a", "b", "c", "d", "e", "f"]],                          // a field short
        [["row", "a", "b", "c", "d", "e", "f", "g", "h", "i"]],           // a field too many
        [["note"]],
        [["note", "a", "b"]],
        [["note", "first"], ["row", "a", "b", "c", "d", "e", "f", "g"]],  // rows come first
        [["file", "/p.so"]],
        [[]],
    ]

    @Test("Records of any other shape are refused, so the listing is made afresh", arguments: refused.indices)
    func refusesOtherShapes(_ index: Int) {
        #expect(PluginListing(records: Self.refused[index]) == nil, "\(Self.refused[index])")
    }
}

@Suite("host list's table")
struct PluginListingTableTests {
    @Test("Columns padded to their widest cell and two spaces, the source last; then problems, notes and the counts")
    func layout() {
        let listing = PluginListing(rows: [
            .init(name: "diagonal", kind: "animator", plugin: "example.diagonal", version: "1.0.0", path: "/p/d.so",
                  origin: "bundled", status: "ok"),
            .init(name: "ease-out", kind: "curve", plugin: "ex.easing", version: "2", path: "/p/e.so", origin: "user", status: "ok"),
            .init(name: "glühen", kind: "animator", plugin: "ex.glow", version: "0.1", path: "/p/g.so", origin: "user", status: "ok"),
            .init(name: "-", kind: "-", plugin: "-", version: "-", path: "/p/crash.so", origin: "user", status: "crashed",
                  error: "crashed the plugin scanner with SIGSEGV"),
        ], notes: ["a note"])
        let expected = """
            EFFECT    KIND      PLUGIN            VERSION  STATUS   SOURCE
            diagonal  animator  example.diagonal  1.0.0    ok       /p/d.so
            ease-out  curve     ex.easing         2        ok       /p/e.so
            glühen    animator  ex.glow           0.1      ok       /p/g.so
            -         -         -                 -        crashed  /p/crash.so

            /p/crash.so: crashed the plugin scanner with SIGSEGV
            note: a note

            2 effects, 1 curves; 1 file(s) with problems
            """
        #expect(listing.table() == expected)
    }
}
