import CSandbox
import Testing

/// Where a helper makes its control groups is read from /proc/self/mountinfo and
/// /proc/self/cgroup (CSandbox's cgroups.c): the texts below are real ones, from a machine
/// with both cgroup versions (this one), a systemd desktop, and a container whose cgroup file
/// system is mounted from a group deeper in the host's tree.
@Suite("Control group paths")
struct ControlGroupPathsTests {
    static let mixedMounts = """
        31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755
        32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu
        35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory
        39 31 0:36 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids
        40 31 0:37 / /sys/fs/cgroup/systemd rw,relatime - cgroup cgroup rw,name=systemd
        41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw
        """
    static let mixedGroups = "9:name=systemd:/\n8:pids:/\n4:memory:/process_api/c7ea\n1:cpu:/\n0::/\n"
    static let desktopMounts = "35 24 0:30 / /sys/fs/cgroup rw,nosuid,nodev,noexec,relatime shared:9 - cgroup2 cgroup2 rw,nsdelegate,memory_recursiveprot\n"
    static let desktopGroups = "0::/user.slice/user-1000.slice/user@1000.service/app.slice/app-term.scope\n"
    static let containerMounts = "700 690 0:30 /docker/abc /sys/fs/cgroup ro,nosuid - cgroup2 cgroup rw\n"

    static func mount(_ text: String, version: Int32, _ controller: String?) -> (root: String, mount: String)? {
        var root = [CChar](repeating: 0, count: 4096), point = [CChar](repeating: 0, count: 4096)
        guard th_cgroups_mount_point(text, version, controller, &root, &point, 4096) == 0 else { return nil }
        return (String(cString: root), String(cString: point))
    }

    static func own(_ text: String, version: Int32, _ controller: String?) -> String? {
        var path = [CChar](repeating: 0, count: 4096)
        guard th_cgroups_own_path(text, version, controller, &path, 4096) == 0 else { return nil }
        return String(cString: path)
    }

    @Test("v1: the hierarchy of each controller, named among its mount's options, never a look-alike name")
    func versionOne() {
        #expect(Self.mount(Self.mixedMounts, version: 1, "pids")! == ("/", "/sys/fs/cgroup/pids"))
        #expect(Self.mount(Self.mixedMounts, version: 1, "memory")! == ("/", "/sys/fs/cgroup/memory"))
        #expect(Self.mount(Self.mixedMounts, version: 1, "systemd") == nil)
        #expect(Self.mount(Self.mixedMounts, version: 1, "mem") == nil)
        #expect(Self.own(Self.mixedGroups, version: 1, "memory") == "/process_api/c7ea")
        #expect(Self.own(Self.mixedGroups, version: 1, "pids") == "/")
        #expect(Self.own(Self.mixedGroups, version: 1, "blkio") == nil)
    }

    @Test("v2: the one cgroup2 mount and the 0:: line, with the mount's own root kept for the join")
    func versionTwo() {
        #expect(Self.mount(Self.mixedMounts, version: 2, nil)! == ("/", "/sys/fs/cgroup/unified"))
        #expect(Self.own(Self.mixedGroups, version: 2, nil) == "/")
        #expect(Self.mount(Self.desktopMounts, version: 2, nil)! == ("/", "/sys/fs/cgroup"))
        #expect(Self.own(Self.desktopGroups, version: 2, nil) == "/user.slice/user-1000.slice/user@1000.service/app.slice/app-term.scope")
        #expect(Self.mount(Self.containerMounts, version: 2, nil)! == ("/docker/abc", "/sys/fs/cgroup"))
        #expect(Self.mount(Self.desktopMounts, version: 1, "pids") == nil)
        #expect(Self.own("", version: 2, nil) == nil)
    }

    @Test("a path longer than the caller's buffer is refused, never cut")
    func longPath() {
        var path = [CChar](repeating: 0, count: 8)
        #expect(th_cgroups_own_path("0::/a/long/group\n", 2, nil, &path, 8) == -1)
    }
}
