import Foundation
import Testing

// The tutorial's hand-written C animator is what an author copies first: it must build with the
// one cc command the tutorial gives, contain no Swift runtime, and run clean through the host.

@Suite("The tutorial's C animator") struct ReadmeExampleTests {
    /// The first ```c block of docs/TUTORIAL.md's section "Without `host new`".
    static func example() throws -> String {
        let tutorial = try String(contentsOfFile: Repo.root + "/docs/TUTORIAL.md", encoding: .utf8)
        guard let section = tutorial.range(of: "## Without `host new`"),
              let start = tutorial.range(of: "```c\n", range: section.upperBound..<tutorial.endIndex),
              let end = tutorial.range(of: "```", range: start.upperBound..<tutorial.endIndex)
        else { throw ChildProcessFailure(description: "docs/TUTORIAL.md has no ```c block under 'Without `host new`'") }
        return String(tutorial[start.upperBound..<end.lowerBound])
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
