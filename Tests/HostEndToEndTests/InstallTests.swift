import Foundation
import Testing

/// Scripts/install, as the README's set-up command runs it: `host` lands on PATH with its
/// bundled plugins and scenes, and then the docs' lines work as written. The build is the one
/// the tests already made (--from), so that no test starts a second build.
@Suite("Scripts/install: host on PATH, and a newcomer's first plugin")
struct InstallTests {
    /// A home of the test's own, with nothing of the user's in its environment.
    struct Home {
        let path: String
        let environment: [String: String]

        init(_ dir: TempDir, pathHasBin: Bool) throws {
            path = try dir.folder("home")
            let inherited = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
            environment = [
                "HOME": path, "XDG_DATA_HOME": "\(path)/.local/share", "XDG_CACHE_HOME": "\(path)/.cache",
                "HOST_PLUGIN_PATH": "", "PKG_CONFIG_PATH": "",
                "PATH": pathHasBin ? "\(path)/.local/bin:\(inherited)" : inherited,
            ]
        }

        var lib: String { "\(path)/.local/lib/transition-host" }
        var bin: String { "\(path)/.local/bin/host" }
    }

    func install(_ arguments: [String], home: Home, in dir: TempDir) async throws -> ProgramResult {
        _ = try Build.requireHost()
        return try await runProgram("/bin/bash", [Repo.root + "/Scripts/install"] + arguments,
                                    environment: home.environment, outputIn: dir)
    }

    func shell(_ script: String, home: Home, in dir: TempDir) async throws -> ProgramResult {
        try await runProgram("/bin/sh", ["-c", script], environment: home.environment, outputIn: dir,
                             timeout: 300, workingDirectory: dir.path)
    }

    @Test("the default install puts host in ~/.local/bin, finds its bundled plugins and scenes, and the issue's newcomer line works verbatim; --uninstall removes it and keeps the user's plugins")
    func newcomer() async throws {
        let dir = try TempDir("install")
        let home = try Home(dir, pathHasBin: true)
        let installed = try await install(["--from", Build.directory], home: home, in: dir)
        #expect(installed.status == 0, "\(installed)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: home.bin) == "\(home.lib)/host")
        #expect(!installed.err.contains("not on PATH"), "\(installed.err)")
        for file in ["plugins/diagonal.so", "plugins/crossfade.so", "scenes/photos.json"] {
            #expect(FileManager.default.fileExists(atPath: "\(home.lib)/\(file)"), "\(file) was not installed")
        }
        #expect(FileManager.default.fileExists(atPath: "\(home.path)/.local/include/transition-host/transition_host.h"))

        // Through PATH alone: the bundled plugins and the bundled scene are found beside the binary.
        let list = try await shell("host list", home: home, in: dir)
        #expect(list.status == 0 && list.out.contains("\(home.lib)/plugins/diagonal.so"), "\(list)")
        let scene = try await shell("host run --scene photos", home: home, in: dir)
        #expect(scene.status == 0, "\(scene)")

        // The installed host takes its SDK header from beside itself, not from the checkout it
        // was built in (which a user may delete): a marked copy is what it installs.
        let installedHeader = "\(home.lib)/include/transition_host.h"
        let header = try String(contentsOfFile: installedHeader, encoding: .utf8)
        try (header + "/* installed copy */\n").write(toFile: installedHeader, atomically: true, encoding: .utf8)
        let sdk = try await shell("host sdk install --prefix sdk-copy --quiet", home: home, in: dir)
        #expect(sdk.status == 0, "\(sdk)")
        #expect(try String(contentsOfFile: dir.file("sdk-copy/include/transition-host/transition_host.h"), encoding: .utf8)
                    .hasSuffix("/* installed copy */\n"))
        try header.write(toFile: installedHeader, atomically: true, encoding: .utf8)

        // What issue 14 asked of a newcomer, verbatim, plus the Makefile's own validate.
        let first = try await shell(
            "host new fx --lang c && cd fx && make && make validate && make install && host run fx", home: home, in: dir)
        #expect(first.status == 0, "\(first)")
        #expect(first.out.contains("completed by fx:fx"), "\(first.out)")

        let removed = try await install(["--uninstall"], home: home, in: dir)
        #expect(removed.status == 0, "\(removed)")
        #expect(!FileManager.default.fileExists(atPath: home.bin) && !FileManager.default.fileExists(atPath: home.lib))
        #expect(!FileManager.default.fileExists(atPath: "\(home.path)/.local/include/transition-host"))
        #expect(FileManager.default.fileExists(atPath: "\(home.path)/.local/share/transition-host/plugins/fx.so"),
                "the user's own plugins stay")
        #expect(removed.out.contains("left alone"), "\(removed.out)")
    }

    @Test("a prefix whose bin is not on PATH is installed all the same, with a line saying what to add to PATH")
    func notOnPath() async throws {
        let dir = try TempDir("install-path")
        let home = try Home(dir, pathHasBin: false)
        let prefix = dir.file("elsewhere")
        let installed = try await install(["--from", Build.directory, "--prefix", prefix], home: home, in: dir)
        #expect(installed.status == 0, "\(installed)")
        #expect(installed.err.contains("\(prefix)/bin is not on PATH"), "\(installed.err)")
        #expect(installed.err.contains("export PATH=\"\(prefix)/bin:$PATH\""), "\(installed.err)")
        let run = try await runProgram("\(prefix)/bin/host", ["run", "diagonal"], environment: home.environment, outputIn: dir)
        #expect(run.status == 0 && run.out.contains("completed by diagonal:diagonal"), "\(run)")
    }

    @Test("bad usage exits 64 and installs nothing")
    func badUsage() async throws {
        let dir = try TempDir("install-usage")
        let home = try Home(dir, pathHasBin: true)
        let result = try await install(["--prefix"], home: home, in: dir)
        #expect(result.status == 64 && result.err.contains("usage"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: home.lib))
    }
}
