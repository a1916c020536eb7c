import Foundation
import Testing

/// A plugin that ends the process from inside a call must not leave the user with exit 0 and
/// no output: the host notices the exit (atexit while a plugin call is on the stack), says
/// which plugin and which call, and ends with status 70.
@Suite("A plugin that calls exit() during a call, in process")
struct PluginExitTests {
    @Test("exit() in animate_transition: status 70 and a line naming the plugin and the call", arguments: ["exit(0);", "exit(3);"])
    func exitInAnimate(statement: String) async throws {
        let dir = try TempDir("plugin-exit")
        let plugins = try dir.folder("plugins")
        try await compileC(PluginTemplate(pluginID: "fixture.quitter", effectID: "quit", animatePrologue: statement).render(),
                           to: "plugins/quit.so", in: dir)
        let result = try await runHost(["run", "quit"], pluginFolder: plugins, in: dir)
        #expect(result.status == 70 && !result.crashed, "\(result)")
        #expect(result.err.contains("'fixture.quitter'") && result.err.contains("animate_transition") && result.err.contains("exit"),
                "stderr should name the plugin and what it was doing: \(result.err)")
    }

    @Test("exit(0) in an animations block the plugin handed to animate: status 70, naming that callback")
    func exitInAnimations() async throws {
        let dir = try TempDir("plugin-exit-animations")
        let plugins = try dir.folder("plugins")
        try await compileC(PluginTemplate(pluginID: "fixture.quitter", effectID: "quit", animationsPrologue: "exit(0);").render(),
                           to: "plugins/quit.so", in: dir)
        let result = try await runHost(["run", "quit", "--format", "json"], pluginFolder: plugins, in: dir)
        #expect(result.status == 70 && !result.crashed, "\(result)")
        #expect(result.err.contains("'fixture.quitter'") && result.err.contains("animations"), "\(result.err)")
    }

    @Test("host --help documents exit status 70")
    func helpDocumentsStatus() async throws {
        let dir = try TempDir("plugin-exit-help")
        let result = try await runProgram(try Build.requireHost(), ["--help"], outputIn: dir)
        #expect(result.out.contains("70"), "\(result.out)")
    }
}
