import Foundation
import Testing

import LibC

/// The parts of the sandbox that are not one attack each (those are in the malicious-plugin
/// corpus): what the parent side does without the kernel's help, and what the user is told.
@Suite("The sandbox: the parent's side and what it says")
struct SandboxTests {
    @Test("Without the sandbox, a process a plugin forks cannot hold the scan report open: the next plugin's crash is a crash, not a hang, and the process is gone after")
    func forkHoldingTheReport() async throws {
        let dir = try TempDir("sandbox-fork")
        let plugins = try dir.folder("plugins")
        let forker = HostilePlugin(id: "hostile.forker", effectID: "forker",
                                   prelude: "#include <sys/prctl.h>",
                                   initBody: #"if (fork() == 0) { prctl(PR_SET_NAME, "hp-holder"); sleep(30); _exit(0); }"#)
        try await compileC(forker.render().replacingOccurrences(of: "#define _POSIX_C_SOURCE 200809L", with: "#define _GNU_SOURCE"),
                           to: "plugins/a.so", in: dir)
        let crasher = try await compileC(HostilePlugin(id: "hostile.crasher", initBody: "*(volatile int *)0 = 1;").render(),
                                         to: "plugins/b.so", in: dir)
        // The kernel's half (no fork under seccomp) is off: the parent's half must hold alone.
        let run = try await ListRun.run(folder: plugins, cache: dir.file("cache"), in: dir, environment: ["HOST_SANDBOX": "off"])
        #expect(run.hostSurvived, "\(run)")
        #expect(run.row(crasher)?.status == "crashed", "\(String(describing: run.row(crasher)))")
        #expect(Attack.processNamed("hp-holder") == nil)
    }

    /// A scan helper started by hand with `filter` on its filter descriptor and a plugin whose
    /// init opens a network socket; its exit status (99: the socket was allowed).
    func scanHelper(filter: [UInt8], in dir: TempDir) async throws -> ProgramResult {
        let plugin = HostilePlugin(id: "hostile.socket", initBody: "if (socket(AF_INET, SOCK_STREAM, 0) >= 0) exit(99);",
                                   )
        let source = plugin.render().replacingOccurrences(of: "#define _POSIX_C_SOURCE 200809L", with: "#define _GNU_SOURCE\n#include <sys/socket.h>")
        let path = try await compileC(source, to: "socket.so", in: dir)
        let filterFile = dir.file("filter.bin")
        FileManager.default.createFile(atPath: filterFile, contents: Data(filter))
        return try await runProgram("/bin/sh", ["-c", "exec 3>\"$1\" 4<\"$2\"; exec \"$0\" _scan --report-fd 3 --filter-fd 4 -- \"$3\"",
                                                try Build.requireHost(), dir.file("report"), filterFile, path],
                                    environment: ["HOST_PLUGIN_PATH": ""], outputIn: dir, timeout: 60)
    }

    @Test("A helper handed a damaged filter by the host compiles its own: a plugin's socket is still refused")
    func damagedFilterHandoff() async throws {
        let dir = try TempDir("sandbox-filter")
        // Seven bytes: not whole BPF instructions. Eight zero bytes: a program the kernel refuses.
        for damaged in [[UInt8](repeating: 0xAB, count: 7), [UInt8](repeating: 0, count: 8), []] {
            let result = try await scanHelper(filter: damaged, in: dir)
            #expect(result.status == 0, "\(damaged.count) bytes: \(result)")
            let report = (try? String(contentsOfFile: dir.file("report"), encoding: .utf8)) ?? ""
            #expect(report.contains("hostile.socket"), "the plugin was not scanned: \(report.prefix(300))")
        }
    }

    @Test("SIGTERM, SIGINT or SIGHUP to host validate kills its test processes and removes its temporary folder, then ends it by that signal; SIGKILL, which nothing catches, still takes the test processes with it",
          arguments: [SIGTERM, SIGINT, SIGHUP, SIGKILL])
    func terminatedValidate(_ signal: Int32) async throws {
        let dir = try TempDir("sandbox-validate-\(signal)")
        let temporary = try dir.folder("tmp")
        let name = "hp-valid-\(signal)"
        var plugin = PluginTemplate(pluginID: "fixture.sleeper", effectID: "sleeper", ending: .conforming)
        plugin.animatePrologue = #"prctl(PR_SET_NAME, "\#(name)"); sleep(60);"#
        let built = try await compileC("#define _GNU_SOURCE\n#include <sys/prctl.h>\n#include <unistd.h>\n" + plugin.render(),
                                       to: "sleeper.so", in: dir)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try Build.requireHost())
        process.arguments = ["validate", built]
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["TMPDIR": temporary, "XDG_DATA_HOME": try dir.folder("data"), "XDG_CACHE_HOME": dir.file("cache")]) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until a test process is in the plugin's animation, then end validate.
        let started = Date()
        while !Attack.processNamedExists(name) && Date().timeIntervalSince(started) < 30 {
            try await Task.sleep(for: .milliseconds(100))
        }
        #expect(Attack.processNamedExists(name), "no test process reached the plugin's animation")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).count == 1, "validate's temporary folder")
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
                "\(process.terminationReason) \(process.terminationStatus)")
        // The kernel ends the test processes as validate goes; on a busy machine that can take
        // a moment, so the check waits for it (up to 5 s) rather than a fixed 300 ms.
        let ended = Date()
        while Attack.processNamed(name) != nil && Date().timeIntervalSince(ended) < 5 {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(Attack.processNamed(name) == nil)
        if signal != SIGKILL {
            #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty, "the temporary folder was left")
        }
    }

    @Test("What the kernel lacks is said once per command, however many helpers found it; nothing is said when all is there")
    func missingMechanismSaidOnce() async throws {
        let dir = try TempDir("sandbox-notice")
        let plugins = try dir.folder("plugins")
        for i in 0..<6 {
            try await compileC(HostilePlugin(id: "hostile.n\(i)", effectID: "n\(i)").render(), to: "plugins/n\(i).so", in: dir)
        }
        let untrusted = try dir.folder("untrusted")
        try await compileC(HostilePlugin(id: "hostile.u", effectID: "u").render(), to: "untrusted/u.so", in: dir)
        let without = try await ListRun.run(folder: plugins, cache: dir.file("cache-1"), in: dir,
                                            extra: ["--untrusted-plugin-path", untrusted], environment: ["HOST_SANDBOX": "no-landlock"])
        #expect(without.hostSurvived, "\(without)")
        #expect(without.discovery.contains("helper processes") && !without.discovery.hasPrefix("scanned 8 files in 1 "), "\(without.discovery)")
        let notes = without.result.err.split(separator: "\n").filter { $0.contains("the plugin sandbox is incomplete") }
        #expect(notes.count == 1, "\(without.result.err)")
        #expect(notes.first?.contains("Landlock") == true && notes.first?.contains("docs/SANDBOX.md") == true)

        let isolated = try await runHost(["run", "n1", "--isolate"], pluginFolder: plugins, in: dir, environment: ["HOST_SANDBOX": "no-landlock"])
        #expect(isolated.status == 0, "\(isolated)")
        #expect(isolated.err.components(separatedBy: "the plugin sandbox is incomplete").count - 1 == 1, "\(isolated.err)")

        let outside = try await runHost(["run", "n1", "--isolate"], pluginFolder: plugins, in: dir, environment: ["HOST_SANDBOX": "no-namespaces"])
        #expect(outside.status == 0, "\(outside)")
        let namespaceNotes = outside.err.split(separator: "\n").filter { $0.contains("the plugin sandbox is incomplete") }
        #expect(namespaceNotes.count == 1 && namespaceNotes[0].contains("namespaces") && !namespaceNotes[0].contains("Landlock"), "\(outside.err)")

        let with = try await ListRun.run(folder: plugins, cache: dir.file("cache-2"), in: dir, extra: ["--untrusted-plugin-path", untrusted])
        #expect(with.hostSurvived && !with.result.err.contains("sandbox"), "\(with.result.err)")
    }
}

extension Attack {
    /// Whether a process named `name` is running (left alone).
    static func processNamedExists(_ name: String) -> Bool { !runningProcesses(named: name).isEmpty }
}
