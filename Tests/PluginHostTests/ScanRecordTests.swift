import Testing
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses
import TransitionCore

/// A description with every kind of field, including the awkward characters a record must
/// carry: spaces, '%', newlines, tabs, non-ASCII, empty strings.
let sampleDescription = PluginDescription(
    id: "fixture.sample", name: "Sample 100% plugin\nwith a newline", version: "1.2.3", vendor: "",
    abiMajor: 1, abiMinor: 0,
    effects: [
        EffectInfo(pluginID: "fixture.sample", effectID: "fade", displayName: "Fäde\tout", summary: "",
                   kind: .animator, transitions: [.present, .dismiss], defaultDuration: 0.1 + 0.2,
                   parameters: [
                       EffectParameter(id: "amount", name: "Amount", type: .double, unit: "%", minimum: -1.5,
                                       maximum: 1e300, defaultValue: 0.3, choices: []),
                       EffectParameter(id: "corner", name: "Corner", type: .choice, unit: "", minimum: 0, maximum: 2,
                                       defaultValue: 1, choices: ["top-left", "top_right", "bottom"]),
                   ], cuts: true),
        EffectInfo(pluginID: "fixture.sample", effectID: "grab", displayName: "Grab", summary: "",
                   kind: .interactionController, transitions: [.dismiss], defaultDuration: 0.3, startsNonInteractive: true),
        EffectInfo(pluginID: "fixture.sample", effectID: "sheet", displayName: "Sheet", summary: "Pairs things.",
                   kind: .transitioningDelegate, transitions: .all, defaultDuration: 0),
    ],
    curves: [.init(name: "fixture.sample.wobble", displayName: "Wobble ✓")],
    warnings: ["curve 'bad' refused: f(1) = 0.5, not 1"])

func encodedLines(_ outcome: ScanOutcome) -> [UInt8] {
    OutcomeRecord.lines(outcome).flatMap(RecordLine.encode)
}

func decodeOutcome(_ bytes: [UInt8]) throws -> ScanOutcome {
    var lines: [[String]] = []
    var start = 0
    while let newline = bytes[start...].firstIndex(of: 0x0a) {
        lines.append(try RecordLine.decode(bytes[start..<newline]))
        start = newline + 1
    }
    var cursor = RecordCursor(lines)
    let outcome = try OutcomeRecord.read(&cursor)
    guard cursor.isAtEnd else { throw RecordLine.Malformed(description: "lines left over") }
    return outcome
}

@Suite("Record lines of the scanner's report and the cache")
struct RecordLineTests {
    @Test("Any string survives the trip, and an encoded line holds no control byte but its newline")
    func roundTrip() throws {
        let fields = ["plain", "", "two words", "100%", "%-", "line\nbreak", "tab\there", "nul\u{0}byte", "déjà vu ✓", "\u{7f}", "%41"]
        let line = RecordLine.encode(fields)
        #expect(line.last == 0x0a)
        #expect(!line.dropLast().contains { $0 < 0x20 || $0 == 0x7f })
        #expect(try RecordLine.decode(line.dropLast()) == fields)
    }

    @Test("Malformed lines are refused", arguments: [
        ("empty line", [UInt8]()),
        ("two spaces", Array("a  b".utf8)),
        ("trailing space", Array("a ".utf8)),
        ("a control byte", [0x61, 0x09, 0x62]),
        ("DEL", [0x61, 0x7f]),
        ("a bad escape", Array("a%zz".utf8)),
        ("a cut escape", Array("a%4".utf8)),
        ("escaped invalid UTF-8", Array("%FF%FE".utf8)),
        ("raw invalid UTF-8", [0x61, 0xc3, 0x28]),
    ])
    func refusesMalformed(_ name: String, _ bytes: [UInt8]) {
        #expect(throws: RecordLine.Malformed.self, "\(name)") { try RecordLine.decode(bytes[...]) }
    }

    @Test("A line longer than the limit is refused")
    func refusesHugeLine() {
        let bytes = [UInt8](repeating: 0x61, count: RecordLine.maximumLength + 1)
        #expect(throws: RecordLine.Malformed.self) { try RecordLine.decode(bytes[...]) }
    }

    @Test("Doubles come back bit for bit; numbers with signs, spaces or too many digits are refused")
    func numbers() throws {
        for value in [0.0, -0.0, 0.1 + 0.2, 1e-310, 1e300, -7.25] {
            #expect(try RecordNumber.double(RecordNumber.double(value)).bitPattern == value.bitPattern)
        }
        #expect(try RecordNumber.unsigned("42", as: UInt32.self) == 42)
        for bad in ["", "+4", "-4", "4 ", "0x10", "99999999999", "١٢"] {
            #expect(throws: RecordLine.Malformed.self, "\(bad)") { try RecordNumber.unsigned(bad, as: UInt32.self) }
        }
        #expect(throws: RecordLine.Malformed.self) { try RecordNumber.hex("123") }
        #expect(throws: RecordLine.Malformed.self) { try RecordNumber.hex("000000000000000G") }
    }
}

@Suite("Scan outcomes as records")
struct OutcomeRecordTests {
    @Test("Every outcome the cache keeps comes back equal")
    func roundTrip() throws {
        let outcomes: [ScanOutcome] = [
            .plugin(sampleDescription),
            .refused(PluginLoadFailure(reason: "not an ELF shared library", fix: "build it with `cc -shared -fPIC`")),
            .crashed(.signalled(11)), .crashed(.exited(7)), .hung(seconds: 3), .garbled("a line of 70000 bytes"),
        ]
        for outcome in outcomes {
            #expect(try decodeOutcome(encodedLines(outcome)) == outcome)
        }
    }

    /// A record that claims what the loader would have refused.
    static let forgeries: [(String, [String])] = [
        ("a plugin id that is no id", ["plugin Bad%20Id Name 1.0 %- 1 0 0 0 0"]),
        ("another ABI major", ["plugin a.b Name 1.0 %- 2 0 0 0 0"]),
        ("too many effects", ["plugin a.b Name 1.0 %- 1 0 100000 0 0"]),
        ("fewer effects than declared", ["plugin a.b Name 1.0 %- 1 0 1 0 0"]),
        ("an unknown kind", ["plugin a.b Name 1.0 %- 1 0 1 0 0", "effect fx Fx %- 9 3 0000000000000000 0"]),
        ("an empty transition mask", ["plugin a.b Name 1.0 %- 1 0 1 0 0", "effect fx Fx %- 1 0 0000000000000000 0"]),
        ("a NaN duration", ["plugin a.b Name 1.0 %- 1 0 1 0 0", "effect fx Fx %- 1 3 7ff8000000000000 0"]),
        ("an effect id twice", ["plugin a.b Name 1.0 %- 1 0 2 0 0", "effect fx Fx %- 1 3 0000000000000000 0",
                                "effect fx Fx %- 1 3 0000000000000000 0"]),
        ("a default out of range", ["plugin a.b Name 1.0 %- 1 0 1 0 0", "effect fx Fx %- 1 3 0000000000000000 1",
                                    "param p P 0 %- 0000000000000000 3ff0000000000000 4000000000000000 0"]),
        ("choices that do not match their count", ["plugin a.b Name 1.0 %- 1 0 1 0 0", "effect fx Fx %- 1 3 0000000000000000 1",
                                                   "param p P 3 %- 0000000000000000 3ff0000000000000 0000000000000000 2 one"]),
        ("a curve of another plugin", ["plugin a.b Name 1.0 %- 1 0 0 1 0", "curve other.wobble Wobble"]),
        ("an empty plugin name", ["plugin a.b %- 1.0 %- 1 0 0 0 0"]),
        ("flags no header defines", ["plugin a.b Name 1.0 %- 1 0 1 0 0", "effect fx Fx %- 1 3 0000000000000000 0 4 %-"]),
        ("a crash with signal 0", ["crashed signal 0"]),
        ("an unknown verb", ["exploded yes"]),
    ]

    @Test("Forged or inconsistent records are refused", arguments: forgeries)
    func refusesForgeries(_ name: String, _ lines: [String]) {
        let bytes = lines.flatMap { line -> [UInt8] in Array(line.utf8) + [0x0a] }
        #expect(throws: RecordLine.Malformed.self, "\(name)") { try decodeOutcome(bytes) }
    }

    @Test("A record followed by more lines than it declared is refused")
    func refusesLeftovers() {
        let bytes = encodedLines(.plugin(sampleDescription)) + Array("warning extra\n".utf8)
        #expect(throws: RecordLine.Malformed.self) { try decodeOutcome(bytes) }
    }
}

@Suite("Reading a scanner child's report")
struct ScanReportReaderTests {
    static func report(_ outcomes: [ScanOutcome], done: Bool = true) -> [UInt8] {
        var bytes = RecordLine.encode(ScanReport.hello)
        for (i, outcome) in outcomes.enumerated() {
            bytes += RecordLine.encode(ScanReport.begin(i)) + encodedLines(outcome) + RecordLine.encode(ScanReport.end(i))
        }
        if done { bytes += RecordLine.encode(ScanReport.done) }
        return bytes
    }

    @Test("A report fed one byte at a time gives every outcome, in order, then done")
    func byteByByte() throws {
        let outcomes: [ScanOutcome] = [.plugin(sampleDescription), .refused(PluginLoadFailure(reason: "r", fix: "f"))]
        var reader = ScanReportReader(fileCount: 2)
        var events: [ScanReportReader.Event] = []
        for byte in Self.report(outcomes) { events += reader.feed([byte]) }
        #expect(reader.failure == nil)
        #expect(events == [.began(0), .finished(0, outcomes[0]), .began(1), .finished(1, outcomes[1]), .done])
        #expect(reader.isComplete)
    }

    @Test("A report cut inside a file names that file as the one being loaded")
    func cutInsideAFile() throws {
        var bytes = Self.report([.refused(PluginLoadFailure(reason: "r", fix: "f"))], done: false)
        bytes += RecordLine.encode(ScanReport.begin(1)) + Array("plugin a.b Na".utf8)
        var reader = ScanReportReader(fileCount: 3)
        _ = reader.feed(bytes)
        #expect(reader.failure == nil)
        #expect(reader.currentFile == 1)
        #expect(reader.finishedCount == 1)
        #expect(!reader.isComplete)
    }

    static let hello = RecordLine.encode(ScanReport.hello)
    static let brokenReports: [(String, [UInt8])] = [
        ("no hello", Array("begin 0\n".utf8)),
        ("another protocol", Array("hello th-scan 2 1 0\n".utf8)),
        ("a file skipped", hello + Array("begin 1\n".utf8)),
        ("done too early", hello + Array("done\n".utf8)),
        ("a crash reported by the child itself", hello + Array("begin 0\ncrashed signal 11\nend 0\n".utf8)),
        ("an end for another file", hello + Array("begin 0\nhung 5\nend 1\n".utf8)),
        ("binary garbage", hello + [0x62, 0x65, 0x00, 0xff, 0x0a]),
    ]

    @Test("Out-of-order, foreign or impossible reports are refused", arguments: brokenReports)
    func refusesBrokenReports(_ name: String, _ bytes: [UInt8]) {
        var reader = ScanReportReader(fileCount: 1)
        _ = reader.feed(bytes)
        #expect(reader.failure != nil, "\(name)")
        // Nothing is read after a fault, not even a well-formed ending.
        #expect(reader.feed(RecordLine.encode(ScanReport.done)).isEmpty)
    }

    @Test("Garbage right behind a whole outcome, in the same piece: that outcome still counts, and the file being loaded is the culprit")
    func garbageBehindAWholeOutcome() {
        let outcome = ScanOutcome.refused(PluginLoadFailure(reason: "r", fix: "f"))
        let bytes = Self.report([outcome], done: false) + RecordLine.encode(ScanReport.begin(1)) + [0x00, 0xff, 0x0a]
        var reader = ScanReportReader(fileCount: 3)
        let events = reader.feed(bytes)
        #expect(events == [.began(0), .finished(0, outcome), .began(1)])
        #expect(reader.failure != nil)
        #expect(reader.currentFile == 1)
        #expect(reader.finishedCount == 1)
    }

    @Test("One file's outcome may take exactly 8 MiB of lines; one more byte is refused")
    func recordSizeBoundary() {
        var reader = ScanReportReader(fileCount: 1)
        _ = reader.feed(RecordLine.encode(ScanReport.hello) + RecordLine.encode(ScanReport.begin(0)))
        // 128 lines of 65,535 bytes and a newline: 8 MiB exactly.
        let line = [UInt8](repeating: 0x61, count: RecordLine.maximumLength - 1) + [0x0a]
        for _ in 0..<(ScanReportReader.maximumRecordBytes / line.count) { _ = reader.feed(line) }
        #expect(reader.failure == nil)
        _ = reader.feed([0x61, 0x0a])
        #expect(reader.failure != nil)
    }

    @Test("A line that never ends is refused before it fills the host's memory")
    func endlessLine() throws {
        var reader = ScanReportReader(fileCount: 1)
        _ = reader.feed(RecordLine.encode(ScanReport.hello) + RecordLine.encode(ScanReport.begin(0)))
        let chunk = [UInt8](repeating: 0x61, count: 4096)
        for _ in 0..<(RecordLine.maximumLength / chunk.count + 2) { _ = reader.feed(chunk) }
        #expect(reader.failure != nil)
        #expect(reader.currentFile == 0)
    }
}

@Suite("FNV-1a")
struct FNV1aTests {
    @Test("The published 64-bit test vectors")
    func vectors() {
        #expect(FNV1a.hash([]) == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(FNV1a.hash(Array("foobar".utf8)) == 0x8594_4171_f739_67e8)
    }
}
