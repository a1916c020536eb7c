import Foundation
import PluginHost
import Testing

/// The helpers' control groups (docs/SANDBOX.md): made where the user may, and never left
/// behind, whether a helper ends on its own (an isolated run) or is killed by the host once
/// it has said all it had to (the scanner's helpers).
@Suite("Helpers' control groups")
struct ControlGroupTests {
    @Test("no helper's control group outlives the host, for the scanner's helpers (killed when done) and an isolated run, with namespaces or without",
          .enabled(if: HelperSandbox.canMakeControlGroups, "needs a control group the user may make (root, or a delegated cgroup v2 group)"))
    func noneLeftBehind() async throws {
        let dir = try TempDir("cgroups-left")
        let plugins = try dir.folder("plugins")
        try await compileC(PluginTemplate().render(), to: "plugins/one.so", in: dir)
        var second = PluginTemplate()
        second.pluginID = "fixture.second"
        try await compileC(second.render(), to: "plugins/two.so", in: dir)

        let listed = try await runHost(["list"], pluginFolder: plugins, in: dir)
        #expect(listed.status == 0 && listed.out.contains("fixture.second"), "\(listed)")
        #expect(await Self.groupsLeft(by: listed.pid) == [], "the scan's helpers")

        let run = try await runHost(["run", "fixture.e2e:fx", "--format", "json", "--no-motion-check", "--isolate"], pluginFolder: plugins, in: dir)
        #expect(run.status == 0, "\(run)")
        #expect(await Self.groupsLeft(by: run.pid) == [], "the isolated run's helper")

        // Without namespaces (a kernel that refuses them), a process outside the groups waits
        // for the plugin's and removes them, as the outer helper does.
        let bare = try await runHost(["run", "fixture.e2e:fx", "--format", "json", "--no-motion-check", "--isolate"], pluginFolder: plugins, in: dir,
                                     environment: ["HOST_SANDBOX": "no-namespaces"])
        #expect(bare.status == 0, "\(bare)")
        #expect(await Self.groupsLeft(by: bare.pid) == [], "the isolated run's helper, without namespaces")
    }

    /// The groups of `host`'s helpers still there 5 s after it ended, looked for every 50 ms:
    /// an isolated helper removes its own once the host has gone, a moment later.
    static func groupsLeft(by host: Int32) async -> [String] {
        for _ in 0..<100 {
            if groups(of: host).isEmpty { return [] }
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
        return groups(of: host)
    }

    /// The control groups of helpers of the host whose process id is `host`, anywhere below
    /// /sys/fs/cgroup.
    static func groups(of host: Int32) -> [String] {
        let prefix = HelperSandbox.controlGroupPrefix + "\(host)-"
        var found: [String] = []
        func walk(_ folder: String, depth: Int) {
            guard depth < 10, let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
            for name in names {
                let path = folder + "/" + name
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else { continue }
                if name.hasPrefix(prefix) { found.append(path) } else { walk(path, depth: depth + 1) }
            }
        }
        walk("/sys/fs/cgroup", depth: 0)
        return found
    }
}
