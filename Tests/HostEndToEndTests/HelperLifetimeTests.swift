import Foundation
import PluginHost
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

    /// A host running the hanging plugin isolated, with `environment`, and its helper's pid
    /// (the host's child leading a process group with the plugin's process in it) once the
    /// plugin hangs.
    static func hangingRun(_ environment: [String: String], in dir: TempDir) async throws -> (host: Process, helper: Int32) {
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
        var helper: Int32?
        for _ in 0..<600 where helper == nil {
            let all = Self.processes()
            helper = all.first { p in p.parent == hostPID && p.group == p.pid && all.contains { $0.group == p.pid && $0.pid != p.pid } }?.pid
            if helper == nil { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        let found = try #require(helper, "no helper with a process of the plugin's appeared")
        try await Task.sleep(nanoseconds: 500_000_000)
        return (host, found)
    }

    /// Kills `host` outright and returns the processes of `group` still there 5 s later.
    static func killOutright(_ host: Process, leaving group: Int32) async throws -> [Int32] {
        kill(host.processIdentifier, SIGKILL)
        host.waitUntilExit()
        var left: [Int32] = []
        for _ in 0..<100 {
            left = Self.processes().filter { $0.group == group }.map(\.pid)
            if left.isEmpty { break }
            try await Task.sleep(nanoseconds: 50_000_000)
        }
        for pid in left { kill(pid, SIGKILL) }
        return left
    }

    @Test("killed outright (SIGKILL) while its isolated plugin hangs in a call, the host leaves no process of the helper, with namespaces or without",
          arguments: [[:], ["HOST_SANDBOX": "no-namespaces"]])
    func killedOutright(_ environment: [String: String]) async throws {
        let dir = try TempDir("helper-lifetime")
        let (host, group) = try await Self.hangingRun(environment, in: dir)
        #expect(host.isRunning, "the host waits for the hanging plugin")
        let left = try await Self.killOutright(host, leaving: group)
        #expect(left.isEmpty, "processes of the helper's group \(group) still running 5 s after the host: \(left)")
    }

    /// The writable cgroup v2 mount, if any: where a v2 group can be shown.
    static var cgroupTwo: String? {
        let mounts = (try? String(contentsOfFile: "/proc/self/mountinfo", encoding: .utf8)) ?? ""
        guard let line = mounts.split(separator: "\n").first(where: { $0.contains(" - cgroup2 ") }) else { return nil }
        let point = String(line.split(separator: " ")[4])
        return access(point, W_OK) == 0 ? point : nil
    }

    @Test("in cgroup v2 the plugin's process starts in the helper's group (clone3 into it), the helper stays outside, and the group goes with the host",
          .enabled(if: cgroupTwo != nil, "needs a writable cgroup v2 hierarchy"))
    func cgroupVersionTwo() async throws {
        let dir = try TempDir("helper-cgroup2")
        // This machine's v2 hierarchy may have no controllers: HOST_CGROUP_V2_BARE makes the
        // group all the same, without limits.
        let (host, group) = try await Self.hangingRun(["HOST_CGROUP_V2_BARE": "1"], in: dir)
        func versionTwo(_ pid: Int32) -> String? {
            ((try? String(contentsOfFile: "/proc/\(pid)/cgroup", encoding: .utf8)) ?? "").split(separator: "\n")
                .first { $0.hasPrefix("0::") }.map { String($0.dropFirst(3)) }
        }
        let name = "/" + HelperSandbox.controlGroupPrefix + "\(host.processIdentifier)-\(group)"
        let members = Self.processes().filter { $0.group == group && $0.pid != group }
        #expect(members.count >= 2, "init and the plugin's process: \(members)")
        for member in members { #expect(versionTwo(member.pid)?.hasSuffix(name) == true, "\(member.pid): \(versionTwo(member.pid) ?? "none")") }
        #expect(versionTwo(group)?.hasSuffix(name) == false, "the helper itself stays outside: \(versionTwo(group) ?? "none")")
        let left = try await Self.killOutright(host, leaving: group)
        #expect(left.isEmpty, "\(left)")
        #expect(await ControlGroupTests.groupsLeft(by: host.processIdentifier) == [], "the group goes with the host")
    }
}
