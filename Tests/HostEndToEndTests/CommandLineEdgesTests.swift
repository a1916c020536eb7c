import Foundation
import Testing

/// Rough edges a new user hit on the command line (issue 30's list), each held by a test:
/// what the host answers, with which exit status, and the fix it suggests.
@Suite("Command-line edges")
struct CommandLineEdgesTests {
    @Test("host --version says which plugin ABI it speaks, exit 0")
    func version() async throws {
        let dir = try TempDir("version")
        let result = try await runProgram(try Build.requireHost(), ["--version"], outputIn: dir)
        #expect(result.status == 0, "\(result)")
        #expect(result.out == "host, plugin ABI 1.2\n", "\(result.out)")
    }

    @Test("a curve named as the effect is called a curve, with the --curve that uses it; exit 2")
    func curveAsEffect() async throws {
        let dir = try TempDir("curve-as-effect")
        let result = try await runHost(["run", "easing.bounce"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 2, "\(result)")
        #expect(result.err.contains("'easing.bounce' is a timing curve, not an effect: give it with --curve, as in 'host run diagonal --curve easing.bounce'"),
                "\(result.err)")
    }

    @Test("the command line adds its fix to what the core says is wrong: the listing command, --presentation; exit 2", arguments: [
        (["run", "kaleidoscope"], "error: no effect named 'kaleidoscope'; run 'host list' to see every effect"),
        (["inspect", "kaleidoscope"], "error: no effect named 'kaleidoscope'; run 'host list' to see every effect"),
        (["run", "dimming"], "error: 'dimming' is a presentation effect, not an animator or a delegate; pass it with --presentation and name an animator"),
        (["run", "slide", "--param", "dimming.height=0.5"],
         "error: 'dimming.height=0.5': there is no presentation controller 'dimming'; this run has none (add --presentation NAME, or run a delegate that vends one)"),
    ])
    func fixesAdded(_ arguments: [String], _ says: String) async throws {
        let dir = try TempDir("fixes-added")
        let result = try await runHost(arguments, pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 2, "\(result)")
        #expect(result.err == says + "\n", "\(result.err)")
    }

    @Test("--slow and --grace take negative numbers as values and refuse them with the rule; 0 slows nothing", arguments: [
        (["--slow", "-2"], "--slow must be a factor above 0 and at most 1000 (4 plays every animation four times slower), not -2"),
        (["--slow", "0"], "--slow must be a factor above 0 and at most 1000 (4 plays every animation four times slower), not 0"),
        (["--grace", "-1"], "--grace must be a number of seconds from 0 to 3600, not -1"),
        (["--grab-at", "-1", "--interactive-dismiss", "0=0, release=1"], "--grab-at must be a number of seconds from 0 to 3600, not -1"),
    ])
    func negativeNumbers(_ arguments: [String], _ says: String) async throws {
        let dir = try TempDir("negative-numbers")
        let result = try await runHost(["run", "diagonal"] + arguments, pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 64, "\(result)")
        #expect(result.err.contains(says), "\(result.err)")
        #expect(!result.err.contains("Missing value"), "\(result.err)")
    }

    @Test("--fps takes 1 to 1000, as --help says: both ends run, 0 and 1001 are refused with the range (exit 64)", arguments: [
        ("1", 0), ("1000", 0), ("0", 64), ("1001", 64),
    ])
    func framesPerSecond(_ fps: String, _ status: Int32) async throws {
        let dir = try TempDir("fps")
        // At 1 fps every transition is one step, which the motion check rightly calls a pop.
        let result = try await runHost(["plot", "diagonal", "--fps", fps, "--no-motion-check", "-o", dir.file("plot.svg")],
                                       pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == status, "\(result)")
        if status != 0 { #expect(result.err.contains("--fps must be between 1 and 1000, not \(fps)"), "\(result.err)") }
    }

    @Test("host inspect shows a default of two thirds as 0.667, not sixteen digits; --json keeps it exact")
    func readableDefaults() async throws {
        let dir = try TempDir("inspect-defaults")
        let text = try await runHost(["inspect", "dimming"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(text.status == 0 && text.out.contains(" 0.667 ") && !text.out.contains("0.6666666666666666"), "\(text.out)")
        let json = try await runHost(["inspect", "dimming", "--json"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(json.out.contains("0.6666666666666666"), "\(json.out)")
    }

    @Test("a misspelt interaction controller is looked up and gets its 'did you mean' (exit 2); a missing gesture file is named as missing (exit 64)")
    func misspeltControllerAndMissingFile() async throws {
        let dir = try TempDir("typos")
        let typo = try await runHost(["run", "diagonal", "--interactive", "edge-popp"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(typo.status == 2 && typo.err.contains("did you mean 'edge-pop'?"), "\(typo)")
        #expect(!typo.err.contains("names an interaction controller"), "\(typo.err)")
        let known = try await runHost(["run", "diagonal", "--interactive", "edge-pop"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(known.status == 64 && known.err.contains("give the gesture it reads with --gesture"), "\(known)")
        let missing = try await runHost(["run", "diagonal", "--interactive", "./missing.txt"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(missing.status == 64 && missing.err.contains("no gesture file './missing.txt'"), "\(missing)")
    }

    @Test("host inspect card-sheet: every parameter's meaning is a whole phrase")
    func wholeMeanings() async throws {
        let dir = try TempDir("inspect-card-sheet")
        let result = try await runHost(["inspect", "card-sheet"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 0 && result.out.contains("How far below the screen's top the card's top edge stops"), "\(result.out)")
    }

    @Test("a flow flag that the scene file's containment does not play is refused, naming what it plays (exit 2); one that fits runs")
    func flowAgainstScene() async throws {
        let dir = try TempDir("scene-flows")
        for flag in ["--tabs", "--modal"] {
            let result = try await runHost(["run", "--scene", "photos", flag], pluginFolder: try dir.folder("plugins"), in: dir)
            #expect(result.status == 2, "\(flag): \(result)")
            #expect(result.err.contains("\(flag) does not fit the scene: its containment is navigation, which plays push and pop (--push, or no flag) or a pop (--pop)"),
                    "\(result.err)")
        }
        for flag in ["--push", "--pop"] {
            let result = try await runHost(["run", "--scene", "photos", flag], pluginFolder: try dir.folder("plugins"), in: dir)
            #expect(result.status == 0, "\(flag): \(result)")
        }
    }

    @Test("two flow flags are refused in plain words, listing the four (exit 64)")
    func twoFlows() async throws {
        let dir = try TempDir("two-flows")
        let result = try await runHost(["run", "diagonal", "--push", "--pop"], pluginFolder: try dir.folder("plugins"), in: dir)
        #expect(result.status == 64, "\(result)")
        #expect(result.err.contains("--pop and --push are two flows; give one: --modal (present and dismiss, the default), --push (push, then pop back), --pop (a pop from a two-screen stack) or --tabs (a tab switch and back)"),
                "\(result.err)")
        #expect(!result.err.contains("had already been set"), "\(result.err)")
    }
}
