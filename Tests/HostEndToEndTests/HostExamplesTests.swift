import Foundation
import Testing

/// Runs `host` with exactly this environment's plugin folders: none on HOST_PLUGIN_PATH, the
/// user folder under `data`.
func runHost(_ arguments: [String], userData data: String, in dir: TempDir) async throws -> ProgramResult {
    try await runProgram(try Build.requireHost(), arguments,
                         environment: ["HOST_PLUGIN_PATH": "", "XDG_DATA_HOME": data, "XDG_CACHE_HOME": dir.file("xdg-cache")],
                         outputIn: dir)
}

/// Checks that `plugin` conforms (every test passes, warns or is skipped) and that `host run`
/// presents and dismisses cleanly with its effect `effect`.
func expectConformsAndRuns(_ plugin: String, effect: String, in dir: TempDir, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let validation = try await runHost(["validate", plugin, "--json"], userData: try dir.folder("data-\(effect)"), in: dir)
    let report = try ValidateJSON(validation)
    #expect(validation.status == 0 && report.conforms, "\(validation)", sourceLocation: sourceLocation)
    // 11 loading and descriptor tests, 9 behaviour tests for each of the 5 kinds, 2 robustness tests.
    let expected = 11 + 5 * 9 + 2
    let names = report.tests.map(\.name)
    #expect(names.count == expected, "an animator of every kind gets every test: \(names)", sourceLocation: sourceLocation)
    // The examples offer no interruptible animator (ABI 1.1): that test is skipped, saying so.
    let notPassing = report.tests
        .filter { $0.result != "pass" && !($0.name.hasSuffix(".interruptible") && $0.result == "skip" && $0.reason.contains("offers no interruptible animator")) }
        .map { "\($0.name): \($0.result): \($0.reason)" }
    #expect(notPassing.isEmpty, "\(notPassing)", sourceLocation: sourceLocation)

    let folder = try dir.folder("plugins-\(effect)")
    try FileManager.default.copyItem(atPath: plugin, toPath: "\(folder)/\(effect).so")
    for flow in [[], ["--push"], ["--tabs"]] {
        let run = try await runHost(["run", effect] + flow, pluginFolder: folder, in: dir)
        #expect(run.status == 0, "host run \(effect) \(flow):\n\(run)", sourceLocation: sourceLocation)
        #expect(run.out.contains("completed by \(effect):\(effect)"), "\(run.out)", sourceLocation: sourceLocation)
    }
}

@Suite("host new, the SDK and the example plugins", .serialized)
struct HostExamplesTests {
    static let examples = Repo.root + "/Examples"
    /// Where the examples build: never the package's own .build, where SwiftPM may be busy.
    static let scratch = Repo.root + "/.build-examples"

    /// The examples are the templates (PluginSDK compiles their files in), so this holds that
    /// host new renames nothing for the example's own name and writes every file the example has.
    @Test("each example is exactly what host new writes for its name", arguments: ["c", "swift", "rust"])
    func examplesAreTheTemplates(language: String) async throws {
        let dir = try TempDir("new-\(language)")
        let name = "\(language)-fade"
        let result = try await runHost(["new", name, "--lang", language, "--directory", dir.file(name)],
                                       userData: try dir.folder("data"), in: dir)
        #expect(result.status == 0, "\(result)")
        let fresh = try Self.files(in: dir.file(name)), checkedIn = try Self.files(in: "\(Self.examples)/\(name)")
        #expect(fresh.keys.sorted() == checkedIn.keys.sorted(), "Examples/\(name) and host new's files differ: a file added to an example goes into ExampleTemplate's list")
        for (path, data) in fresh where path != "Sources/CTransitionHost/include/transition_host.h" {
            #expect(checkedIn[path] == data, "Examples/\(name)/\(path) differs from host new's: a form of the example's name in it that is not its name?")
        }
        if language == "swift" {
            // The checked-in example links the repository's header; host new copies it.
            let header = "\(Self.examples)/\(name)/Sources/CTransitionHost/include/transition_host.h"
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: header) == "../../../../../Sources/CTransitionABI/include/transition_host.h")
            #expect(fresh["Sources/CTransitionHost/include/transition_host.h"] == FileManager.default.contents(atPath: Repo.includeDirectory + "/transition_host.h"))
        }
        #expect(result.out.contains("Created \(dir.file(name))/"), "\(result.out)")
    }

    @Test("host new refuses a folder that exists and writes nothing")
    func refusesExisting() async throws {
        let dir = try TempDir("new-exists")
        let folder = try dir.folder("fx")
        try Data("keep".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
        let result = try await runHost(["new", "fx", "--directory", folder], userData: try dir.folder("data"), in: dir)
        #expect(result.status == 1)
        #expect(result.err.contains("already exists"), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.txt"])
        let badName = try await runHost(["new", "Fx!"], userData: try dir.folder("data"), in: dir)
        #expect(badName.status == 64 && badName.err.contains("lower-case"), "\(badName)")
    }

    @Test("sdk install: cc with pkg-config's flags builds a plugin, and in the user folder host list shows it")
    func sdkInstall() async throws {
        let dir = try TempDir("sdk")
        let prefix = try dir.folder("prefix"), data = try dir.folder("data")
        let install = try await runHost(["sdk", "install", "--prefix", prefix], userData: data, in: dir)
        #expect(install.status == 0, "\(install)")
        #expect(install.out.contains("export PKG_CONFIG_PATH=\"\(prefix)/lib/pkgconfig"), "\(install.out)")
        let again = try await runHost(["sdk", "install", "--prefix", prefix, "--quiet"], userData: data, in: dir)
        #expect(again.status == 0 && again.out.isEmpty, "a second install changes nothing and says nothing: \(again)")

        try dir.write("fx.c", text: PluginTemplate(pluginID: "fixture.sdk", effectID: "sdk-fx", ending: .conforming).render())
        let plugins = try dir.folder("data/transition-host/plugins")
        let build = try await runProgram(
            "/bin/sh", ["-c", "cc -std=c99 -shared -fPIC $(pkg-config --cflags transition-host) fx.c -o '\(plugins)/fx.so'"],
            environment: ["PKG_CONFIG_PATH": "\(prefix)/lib/pkgconfig"], outputIn: dir, workingDirectory: dir.path)
        #expect(build.status == 0, "\(build)")
        let list = try await runHost(["list", "--json"], userData: data, in: dir)
        let row = try ListRow.parse(list).first { $0.name == "sdk-fx" }
        #expect(row?.origin == "user" && row?.status == "ok", "\(list.out)")
    }

    @Test("a third party builds pinch-dismiss against the installed 1.1 SDK, drops it in the user folder, and it drives a dismissal")
    func pinchDismissFromTheSDK() async throws {
        let dir = try TempDir("sdk-pinch")
        let prefix = try dir.folder("prefix"), data = try dir.folder("data")
        _ = try await runHost(["sdk", "install", "--prefix", prefix], userData: data, in: dir)
        let plugins = try dir.folder("data/transition-host/plugins")
        // The bundled source (with the bundled plugins' own helper beside it, plugin code),
        // built as its author would, with nothing of the host's but the installed header.
        let source = try dir.folder("source")
        for file in ["pinch-dismiss/pinch-dismiss.c", "common/bundled_plugin.h"] {
            try FileManager.default.copyItem(atPath: "\(Repo.root)/Plugins/\(file)", toPath: "\(source)/\((file as NSString).lastPathComponent)")
        }
        let build = try await runProgram(
            "/bin/sh", ["-c", "cc -std=c99 -Wall -Wextra -Werror -shared -fPIC $(pkg-config --cflags transition-host) '\(source)/pinch-dismiss.c' -o '\(plugins)/pinch-dismiss.so'"],
            environment: ["PKG_CONFIG_PATH": "\(prefix)/lib/pkgconfig"], outputIn: dir, workingDirectory: dir.path)
        #expect(build.status == 0, "\(build)")
        let list = try await runHost(["list", "--json"], userData: data, in: dir)
        #expect(try ListRow.parse(list).first { $0.name == "pinch-dismiss" }?.origin == "user", "the user's copy, ahead of the bundled one: \(list.out)")
        let run = try await runHost(["run", "diagonal", "--interactive-dismiss", "pinch-dismiss",
                                     "--gesture", "pinch: 0s 1, 0.2s 0.8, 0.4s 0.5, release -1.5/s"], userData: data, in: dir)
        #expect(run.status == 0 && run.out.contains("interaction.update(0.2)") && run.out.contains("interaction.finish(at: 0.5)"), "\(run)")
    }

    @Test("the C example: make against the installed SDK, make install into the user folder; it conforms and runs")
    func cExample() async throws {
        let dir = try TempDir("c-example")
        let prefix = try dir.folder("prefix"), data = try dir.folder("data")
        _ = try await runHost(["sdk", "install", "--prefix", prefix], userData: data, in: dir)
        // A copy, so that the build leaves nothing in the repository.
        let project = dir.file("c-fade")
        try FileManager.default.copyItem(atPath: "\(Self.examples)/c-fade", toPath: project)
        let make = try await runProgram("/usr/bin/env", ["make", "-C", project, "SDK_PREFIX=\(prefix)", "install"],
                                        environment: ["XDG_DATA_HOME": data], outputIn: dir)
        #expect(make.status == 0, "\(make)")
        #expect(FileManager.default.fileExists(atPath: "\(data)/transition-host/plugins/c-fade.so"))
        let list = try await runHost(["list", "--json"], userData: data, in: dir)
        #expect(try ListRow.parse(list).first { $0.name == "c-fade" }?.origin == "user", "\(list.out)")
        try await expectConformsAndRuns("\(project)/c-fade.so", effect: "c-fade", in: dir)
    }

    @Test("the Rust example: cargo build with no crates, its test passes; install.sh into the user folder; it conforms and runs")
    func rustExample() async throws {
        let dir = try TempDir("rust-example")
        let data = try dir.folder("data"), target = "\(Self.scratch)/rust-fade"
        // A copy, so that Cargo.lock is not written into the repository; the build itself
        // goes to the scratch folder, where it is reused from run to run.
        let project = dir.file("rust-fade")
        try FileManager.default.copyItem(atPath: "\(Self.examples)/rust-fade", toPath: project)
        // Its bindings are a link to the generated file in the repository; the copy gets the file.
        let abi = "\(Self.examples)/rust-fade/src/abi.rs"
        try FileManager.default.removeItem(atPath: "\(project)/src/abi.rs")
        try FileManager.default.copyItem(atPath: URL(fileURLWithPath: abi).resolvingSymlinksInPath().path, toPath: "\(project)/src/abi.rs")
        let build = try await runProgram("/usr/bin/env", ["cargo", "build", "--offline", "--manifest-path", "\(project)/Cargo.toml"],
                                         environment: ["CARGO_TARGET_DIR": target], outputIn: dir, timeout: 600)
        #expect(build.status == 0, "\(build)")
        #expect(!build.err.contains("warning"), "the template builds without warnings:\n\(build.err)")
        // Its own test: a 1.0 host's shorter table is never read past its end.
        let test = try await runProgram("/usr/bin/env", ["cargo", "test", "--offline", "--manifest-path", "\(project)/Cargo.toml"],
                                        environment: ["CARGO_TARGET_DIR": target], outputIn: dir, timeout: 600)
        #expect(test.status == 0 && test.out.contains("1 passed"), "\(test)")
        let install = try await runProgram("\(project)/install.sh", ["--offline"],
                                           environment: ["CARGO_TARGET_DIR": target, "XDG_DATA_HOME": data], outputIn: dir, timeout: 600)
        #expect(install.status == 0, "\(install)")
        let list = try await runHost(["list", "--json"], userData: data, in: dir)
        #expect(try ListRow.parse(list).first { $0.name == "rust-fade" }?.origin == "user", "\(list.out)")
        try await expectConformsAndRuns("\(target)/debug/librust_fade.so", effect: "rust-fade", in: dir)
    }

    @Test("the Swift example: swift build in a scratch folder of its own; it conforms and runs")
    func swiftExample() async throws {
        let dir = try TempDir("swift-example")
        let library = try await Self.buildSwiftFade(project: "\(Self.examples)/swift-fade", scratch: "\(Self.scratch)/swift-fade", in: dir)
        try await expectConformsAndRuns(library, effect: "swift-fade", in: dir)
    }

    /// Builds the Swift example's package at `project` in `scratch` (reused from run to run)
    /// and returns the path of its plugin.
    static func buildSwiftFade(project: String, scratch: String, in dir: TempDir) async throws -> String {
        let arguments = ["build", "--package-path", project, "--scratch-path", scratch]
        let build = try await runProgram("/usr/bin/env", ["swift"] + arguments, outputIn: dir, timeout: 900)
        #expect(build.status == 0, "\(build)")
        let bin = try await runProgram("/usr/bin/env", ["swift"] + arguments + ["--show-bin-path"], outputIn: dir)
        return bin.out.trimmingCharacters(in: .whitespacesAndNewlines) + "/libswift-fade.so"
    }

    /// Every regular file under `root`, by relative path (links followed).
    static func files(in root: String) throws -> [String: Data] {
        var found: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = "\(root)/\(path)"
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            found[path] = FileManager.default.contents(atPath: full)
        }
        return found
    }
}
