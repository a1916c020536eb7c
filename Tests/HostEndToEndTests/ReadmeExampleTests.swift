import Foundation
import Testing

// The README's C animator is what a newcomer copies first: it must build with the one cc
// command the README gives, contain no Swift runtime, and run clean through the host.

@Suite("README") struct ReadmeExampleTests {
    /// The first ```c block of the README.
    static func example() throws -> String {
        let readme = try String(contentsOfFile: Repo.root + "/README.md", encoding: .utf8)
        guard let start = readme.range(of: "```c\n"), let end = readme.range(of: "```", range: start.upperBound..<readme.endIndex)
        else { throw ChildProcessFailure(description: "README.md has no ```c block") }
        return String(readme[start.upperBound..<end.lowerBound])
    }

    @Test("the C example builds with plain cc, presents and dismisses cleanly, and survives a cancelled dismissal")
    func cExampleRuns() async throws {
        let dir = try TempDir("readme")
        let plugins = try dir.folder("plugins")
        let source = try dir.write("fade.c", text: try Self.example())
        let build = try await runProgram(
            "/usr/bin/env", ["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-I", Repo.includeDirectory,
                             source, "-o", plugins + "/fade.so"], outputIn: dir)
        #expect(build.status == 0, "\(build)")
        let ldd = try await runProgram("/usr/bin/env", ["ldd", plugins + "/fade.so"], outputIn: dir)
        #expect(!ldd.out.contains("swift"), "\(ldd)")
        let run = try await runHost(["run", "fade"], pluginFolder: plugins, in: dir)
        #expect(run.status == 0 && run.out.contains("end state verified"), "\(run)")
        let cancelled = try await runHost(["run", "fade", "--interactive-dismiss", "0=0,0.1=0.3,release=0"], pluginFolder: plugins, in: dir)
        #expect(cancelled.status == 0 && cancelled.out.contains("Dismiss: cancelled"), "\(cancelled)")
    }
}
