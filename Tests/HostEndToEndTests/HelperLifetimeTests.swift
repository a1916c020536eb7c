import Foundation
import Testing

/// Nothing of a helper outlives its host (docs/SANDBOX.md), even when the host is killed
/// outright, which no handler of its own can see, while its plugin hangs in a call and so
/// never notices that its channel closed.
@Suite("Helpers die with their host")
struct HelperLifetimeTests {
    static let hangingPlugin = """
        #include <unistd.h>
        #include "transition_host.h"
        static void *create(const th_effect_config *c) { (void)c; static int instance; return &instance; }
        static void destroy(void *s) { (void)s; }
        static double duration(void *s, th_context c) { (void)s; (void)c; return 0.3; }
        static void animate(void *s, th_context c) { (void)s; (void)c; for (;;) pause(); }
        static const th_animator_interface animator = { sizeof animator, create, destroy, duration, animate, NULL };
        static const th_effect_descriptor effect = { sizeof effect, TH_KIND_ANIMATOR, "hang", "Hang", NULL,
            TH_TRANSITION_PRESENT | TH_TRANSITION_DISMISS, 0, NULL, 0.3, &animator };
        static bool init(const th_host_api *h) { (void)h; return true; }
        static uint32_t count(void) { return 1; }
        static const th_effect_descriptor *get(uint32_t i) { return i == 0 ? &effect : NULL; }
        TH_EXPORT const th_plugin_entry th_entry = { sizeof th_entry, TH_ABI_MAJOR, TH_ABI_MINOR, "fixture.hang", "Hang", "1.0.0",
            NULL, init, NULL, count, get, NULL };
        """

    /// Each process's parent and process group, from /proc.
    static func processes() -> [(pid: Int32, parent: Int32, group: Int32)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name in
            guard let pid = Int32(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // "pid (comm) state ppid pgrp ...": the name may hold spaces and parentheses.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 3, let parent = Int32(fields[1]), let group = Int32(fields[2]) else { return nil }
            return (pid, parent, group)
        }
    }

    @Test("killed outright (SIGKILL) while its isolated plugin hangs in a call, the host leaves no process of the helper, with namespaces or without",
          arguments: [[:], ["HOST_SANDBOX": "no-namespaces"]])
    func killedOutright(_ environment: [String: String]) async throws {
        let dir = try TempDir("helper-lifetime")
        let plugins = try dir.folder("plugins")
        try await compileC(Self.hangingPlugin, to: "plugins/hang.so", in: dir)
        // Scanned first, so that the run's only helper is the plugin's isolated process.
        let listed = try await runHost(["list"], pluginFolder: plugins, in: dir, environment: environment)
        #expect(listed.out.contains("fixture.hang"), "\(listed)")
        let host = Process()
        host.executableURL = URL(fileURLWithPath: try Build.requireHost())
        host.arguments = ["run", "fixture.hang:hang", "--plugin-path", plugins, "--isolate", "--isolate-timeout", "600", "--format", "json"]
        host.environment = ProcessInfo.processInfo.environment.merging(
            ["HOST_PLUGIN_PATH": "", "XDG_DATA_HOME": try dir.folder("data"), "XDG_CACHE_HOME": dir.file("xdg-cache")].merging(environment) { $1 }) { $1 }
        host.standardOutput = FileHandle.nullDevice
        host.standardError = FileHandle.nullDevice
        try host.run()
        let hostPID = host.processIdentifier
        // The helper: the host's child leading a process group of its own, with the plugin's
        // process (and, with namespaces, their first process) in that group, hanging.
        var helper: Int32?
        for _ in 0..<600 where helper == nil {
            let all = Self.processes()
            helper = all.first { p in p.parent == hostPID && p.group == p.pid && all.contains { $0.group == p.pid && $0.pid != p.pid } }?.pid
            if helper == nil { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        let group = try #require(helper, "no helper with a process of the plugin's appeared")
        try await Task.sleep(nanoseconds: 500_000_000)
        #expect(host.isRunning, "the host waits for the hanging plugin")
        kill(hostPID, SIGKILL)
        host.waitUntilExit()
        var left: [Int32] = []
        for _ in 0..<100 {
            left = Self.processes().filter { $0.group == group }.map(\.pid)
            if left.isEmpty { break }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        #expect(left.isEmpty, "processes of the helper's group \(group) still running 5 s after the host: \(left)")
        for pid in left { kill(pid, SIGKILL) }
    }
}
