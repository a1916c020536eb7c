import Foundation
import Testing

import LibC

/// One hostile input to `host run`: a parameter, a curve or a scene file no one should give
/// it. Each is refused before anything runs: exit status 2 (the README's "nothing ran"), a
/// message on standard error that says what is wrong, nothing on standard output.
struct HostileRunCase: Sendable {
    let name: String
    /// What standard error must say.
    let says: [String]
    /// The arguments of `host run`, after making whatever file they name in the folder given.
    let arguments: @Sendable (_ dir: TempDir) throws -> [String]

    init(_ name: String, says: [String], arguments: @escaping @Sendable (TempDir) throws -> [String]) {
        self.name = name
        self.says = says
        self.arguments = arguments
    }

    init(_ name: String, says: String..., arguments: @escaping @Sendable (TempDir) throws -> [String]) {
        self.init(name, says: says, arguments: arguments)
    }

    static func parameter(_ assignment: String, says: String...) -> HostileRunCase {
        HostileRunCase("--param \(assignment)", says: ["diagonal"] + says) { _ in ["diagonal", "--param", assignment] }
    }

    static func curve(_ curve: String, says: String) -> HostileRunCase {
        HostileRunCase("--curve \(curve)", says: ["easing", says]) { _ in ["diagonal", "--curve", curve] }
    }

    /// A scene file holding `bytes`.
    static func scene(_ name: String, says: String..., bytes: @escaping @Sendable () -> [UInt8]) -> HostileRunCase {
        HostileRunCase("scene: \(name)", says: ["scene"] + says) { dir in
            ["--scene", try dir.write("scene-\(UUID().uuidString.prefix(8)).json", bytes: bytes())]
        }
    }

    static func scene(_ name: String, says: String..., text: @escaping @Sendable () -> String) -> HostileRunCase {
        HostileRunCase("scene: \(name)", says: ["scene"] + says) { dir in
            ["--scene", try dir.write("scene-\(UUID().uuidString.prefix(8)).json", text: text())]
        }
    }

    /// The bundled photos scene with its segue's parameters replaced by `parameters` (JSON).
    static func segueParameters(_ parameters: String, says: String...) -> HostileRunCase {
        HostileRunCase("scene: segue parameters \(parameters)", says: ["zoom", "damping"] + says) { dir in
            let photos = try String(contentsOfFile: "\(Repo.root)/Scenes/photos.json", encoding: .utf8)
            var scene = try #require(try JSONSerialization.jsonObject(with: Data(photos.utf8)) as? [String: Any])
            var segues = try #require(scene["segues"] as? [[String: Any]])
            segues[0]["parameters"] = try JSONSerialization.jsonObject(with: Data(parameters.utf8))
            scene["segues"] = segues
            return ["--scene", try dir.write("scene-\(UUID().uuidString.prefix(8)).json",
                                             bytes: Array(try JSONSerialization.data(withJSONObject: scene)))]
        }
    }

    static func photos() -> String { (try? String(contentsOfFile: "\(Repo.root)/Scenes/photos.json", encoding: .utf8)) ?? "" }

    static let all: [HostileRunCase] = [
        // Parameters: refused, never clamped, so that a plugin never sees a value its
        // descriptor does not allow (duration is a double in [0.05, 5], corner an enum of 4).
        parameter("duration=nan", says: "not a finite number"),
        parameter("duration=-nan", says: "not a finite number"),
        parameter("duration=inf", says: "not a finite number"),
        parameter("duration=-inf", says: "not a finite number"),
        parameter("duration=1e999", says: "not a finite number"),
        parameter("duration=100", says: "out of range"),
        parameter("duration=-0.5", says: "out of range"),
        parameter("duration=4.9e-324", says: "out of range"),
        parameter("duration=", says: "is not a number"),
        parameter("duration=0.5,0.6", says: "is not a number"),
        parameter("corner=7", says: "not one of the choices"),
        parameter("corner=-1", says: "not one of the choices"),
        parameter("corner=nan", says: "not one of the choices"),
        curve("easing.elastic(amplitude=nan)", says: "not a finite number"),
        curve("easing.elastic(amplitude=1e999)", says: "not a finite number"),
        curve("easing.elastic(amplitude=-5)", says: "out of range"),
        curve("easing.steps(count=1e18)", says: "not a whole number"),
        curve("easing.steps(count=nan)", says: "not a whole number"),
        // The same through a scene file's segue (zoom's damping is a double in [0.1, 1]).
        segueParameters(#"{"damping": "nan"}"#, says: "not a finite number"),
        segueParameters(#"{"damping": "-inf"}"#, says: "not a finite number"),
        segueParameters(#"{"damping": 1e308}"#, says: "out of range"),
        segueParameters(#"{"damping": -1}"#, says: "out of range"),
        // Malformed, huge and deeply nested scene documents.
        scene("a number too large for a double", says: "line 1", "expected a value") { #"{"window": [390, 1e999], "screens": [{"name": "a"}]}"# },
        scene("a NaN literal", says: "line 1", "expected a value") { #"{"window": [NaN, 844], "screens": [{"name": "a"}]}"# },
        // Cut mid-document: the error names the line where the text stopped making sense.
        scene("cut in half", says: "line ", "document:") { let p = photos(); return String(p.prefix(p.count / 2)) },
        scene("empty", says: "unexpected end of the document") { "" },
        scene("bytes that are not UTF-8", says: "expected a value") { Array(#"{"screens": "#.utf8) + [0xff, 0xfe, 0x7d] },
        scene("100,000 levels of [", says: "nested more than 64 deep") { String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) },
        scene("100,000 levels of {\"a\":", says: "nested more than 64 deep") {
            String(repeating: #"{"a":"#, count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        },
        scene("100,000 unclosed [", says: "nested more than 64 deep") { String(repeating: "[", count: 100_000) },
        HostileRunCase("scene: 50 MB", says: "50000000 bytes", "at most 4194304") { dir in
            let path = try dir.write("huge.json", text: "")
            // Sparse: the size alone must refuse it, before a byte is read.
            guard truncate(path, 50_000_000) == 0 else { throw ChildProcessFailure(description: "truncate failed") }
            return ["--scene", path]
        },
        HostileRunCase("scene: a FIFO (opening it must not wait for a writer)", says: "a FIFO, not a regular file") { dir in
            let path = dir.file("fifo.json")
            guard mkfifo(path, 0o644) == 0 else { throw ChildProcessFailure(description: "mkfifo failed") }
            return ["--scene", path]
        },
        HostileRunCase("scene: a directory", says: "a directory, not a regular file") { dir in
            ["--scene", try dir.folder("folder.json")]
        },
        HostileRunCase("scene: a link to /dev/zero (endless)", says: "a device, not a regular file") { dir in
            let path = dir.file("zero.json")
            guard symlink("/dev/zero", path) == 0 else { throw ChildProcessFailure(description: "symlink failed") }
            return ["--scene", path]
        },
    ]
}

@Suite("Hostile input to host run, tried and counted")
struct HostileRunInputCorpusTests {
    @Test("NaN, infinite and out-of-range parameters and curves, and malformed, huge or deeply nested scenes: each refused with exit 2 and its reason, nothing run, the host never crashing or hanging")
    func corpus() async throws {
        let dir = try TempDir("run-corpus")
        let plugins = try dir.folder("plugins")
        let tally = CorpusTally()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (i, hostile) in HostileRunCase.all.enumerated() {
                if i >= 4 { try await group.next() }  // four at a time: the machine has two cores
                group.addTask {
                    let result = try await runHost(["run"] + (try hostile.arguments(dir)), pluginFolder: plugins, in: dir, timeout: 60)
                    var problem: String?
                    if result.status != 2 {
                        problem = "exit \(result.status), not 2"
                    } else if let missing = hostile.says.first(where: { !result.err.contains($0) }) {
                        problem = "standard error lacks '\(missing)'"
                    } else if !result.stdout.isEmpty {
                        problem = "something ran: \(result.out.prefix(200))"
                    }
                    await tally.record(hostile.name, hostSurvived: !result.crashed,
                                       problem: problem.map { "\($0)\n\(result)" })
                }
            }
            try await group.waitForAll()
        }
        let tried = await tally.tried, crashes = await tally.hostCrashes, inconsistent = await tally.inconsistent
        print("hostile run-input corpus: \(tried) cases tried, \(crashes) host crashes or hangs, \(inconsistent.count) unexpected outcomes")
        #expect(tried == HostileRunCase.all.count)
        #expect(crashes == 0)
        #expect(inconsistent.isEmpty, "\(inconsistent.joined(separator: "\n\n"))")
    }
}
