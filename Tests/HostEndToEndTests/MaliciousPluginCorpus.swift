import Foundation
import PluginHost
import Testing

import LibC

/// One attack a plugin makes from its init, which runs in the scanner's helper and again in an
/// isolated plugin's process. The C code calls ESCAPED() when the attack got through, which
/// ends the helper with status 99 for the host to report; where the harm would be outside the
/// helper (a file, a process), `harm` looks for it afterwards.
struct Attack: Sendable {
    let name: String
    let code: String
    /// The sandbox's layers each of which stops the attack on its own: every attack is also
    /// tried with only these (HOST_SANDBOX=no-landlock leaves seccomp, no-seccomp Landlock).
    /// Empty: stopped by something else (a limit, a deadline, the descriptors closed).
    var heldBy: Set<SandboxLayer> = [.seccomp]
    /// Contained means hung: the plugin waits for ever once its attack failed.
    var hangs = false
    /// What the attack left outside the host, if anything: nil when nothing.
    var harm: (@Sendable (AttackFiles) -> String?)?
}

enum SandboxLayer: String, Sendable, CaseIterable {
    case seccomp, landlock, namespaces, cgroups

    /// Control groups hold on their own only where this machine lets a helper make them.
    static let cgroupsHere: Set<SandboxLayer> = HelperSandbox.canMakeControlGroups ? [.cgroups] : []

    /// HOST_SANDBOX's value that leaves this layer alone in place: the others skipped.
    var alone: String { Self.allCases.filter { $0 != self }.map { "no-\($0.rawValue)" }.joined(separator: ",") }
}

/// The files an attack aims at, one set per attack.
struct AttackFiles: Sendable {
    let secret: String
    let victim: String
    let written: String

    /// The victim's mode, owner and times as the attack found them.
    let victimStat: stat
    /// A TCP port on the loopback interface that the test process listens on: what a plugin
    /// connecting to the machine's own services would reach.
    let port: UInt16

    init(in dir: TempDir) throws {
        secret = try dir.write("secret.txt", text: "the user's secret\n")
        victim = try dir.write("victim.txt", text: "keep me\n")
        written = dir.file("written-by-a-plugin.txt")
        // An old time, so that a change to "now" shows.
        var times = [timespec(tv_sec: 1_000_000_000, tv_nsec: 0), timespec(tv_sec: 1_000_000_000, tv_nsec: 0)]
        _ = utimensat(AT_FDCWD, victim, &times, 0)
        var info = stat()
        _ = stat(victim, &info)
        victimStat = info
        port = try Self.listen()
    }

    /// Listens on 127.0.0.1 at a port the kernel picks, for as long as the test process
    /// lives (a connection is never accepted: a completed connect is the breach).
    static func listen() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        var size = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { general in
                bind(fd, general, size) == 0 && Glibc.listen(fd, 16) == 0 && getsockname(fd, general, &size) == 0
            }
        }
        guard fd >= 0, bound else { throw ChildProcessFailure(description: "cannot listen on the loopback interface") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// What an attack changed of the victim's mode, owner or times; nil when nothing.
    var victimMetadataChange: String? {
        var now = stat()
        guard stat(victim, &now) == 0 else { return "the victim file is gone" }
        let was = victimStat
        if now.st_mode != was.st_mode { return "the victim's mode became \(String(now.st_mode & 0o7777, radix: 8))" }
        if now.st_uid != was.st_uid || now.st_gid != was.st_gid { return "the victim's owner became \(now.st_uid):\(now.st_gid)" }
        if now.st_mtim.tv_sec != was.st_mtim.tv_sec || now.st_atim.tv_sec != was.st_atim.tv_sec { return "the victim's times changed" }
        return nil
    }

    /// The C definitions the attacks use (the source is compiled as _GNU_SOURCE).
    var prelude: String {
        """
        #include <errno.h>
        #include <fcntl.h>
        #include <sched.h>
        #include <signal.h>
        #include <sys/mman.h>
        #include <sys/prctl.h>
        #include <sys/ptrace.h>
        #include <sys/socket.h>
        #include <sys/syscall.h>
        #include <sys/uio.h>
        #include <sys/resource.h>
        #include <sys/stat.h>
        #include <sys/xattr.h>
        #include <sys/inotify.h>
        #include <netinet/in.h>
        #include <pthread.h>
        #include <dirent.h>
        #define SECRET_PATH \(HostilePlugin.literal(secret))
        #define VICTIM_PATH \(HostilePlugin.literal(victim))
        #define WRITTEN_PATH \(HostilePlugin.literal(written))
        #define LISTENING_PORT \(port)
        static void *hp_sleep_forever(void *unused) { (void)unused; for (;;) pause(); return NULL; }
        #define ESCAPED() exit(99)
        """
    }
}

extension Attack {
    /// The name a process started by a plugin gives itself, so that one left running is found.
    static let escapedProcessName = "hp-escaped"

    static let all: [Attack] = [
        Attack(name: "SIGKILL to the host", code: "if (kill(getppid(), SIGKILL) == 0) ESCAPED();"),
        Attack(name: "SIGSTOP to the host", code: "if (kill(getppid(), SIGSTOP) == 0) ESCAPED();"),
        Attack(name: "a signal to its whole process group", code: "if (kill(0, SIGCONT) == 0) ESCAPED();"),
        Attack(name: "tgkill of the host's main thread",
               code: "if (syscall(SYS_tgkill, getppid(), getppid(), SIGKILL) == 0) ESCAPED();"),
        Attack(name: "ptrace attach to the host", code: "if (ptrace(PTRACE_ATTACH, getppid(), 0, 0) == 0) ESCAPED();",
               heldBy: [.seccomp, .landlock]),
        // At the first address the host has mapped, which its maps file tells (or would).
        Attack(name: "reading the host's memory (process_vm_readv)", code: """
            char path[64], byte; unsigned long start = 0;
            snprintf(path, sizeof path, "/proc/%d/maps", (int)getppid());
            FILE *maps = fopen(path, "r");
            if (maps != NULL) { if (fscanf(maps, "%lx", &start) != 1) start = 0; fclose(maps); }
            struct iovec mine = { &byte, 1 }, theirs = { start != 0 ? (void *)start : (void *)&host, 1 };
            if (process_vm_readv(getppid(), &mine, 1, &theirs, 1, 0) == 1) ESCAPED();
            """, heldBy: [.seccomp, .landlock]),
        Attack(name: "opening the host's memory through /proc", code: """
            char path[64]; snprintf(path, sizeof path, "/proc/%d/mem", (int)getppid());
            if (open(path, O_RDWR) >= 0) ESCAPED();
            """, heldBy: [.landlock]),
        Attack(name: "a forked process that would outlive the command", code: """
            pid_t child = fork();
            if (child == 0) { prctl(PR_SET_NAME, "\(escapedProcessName)"); sleep(30); _exit(0); }
            if (child > 0) ESCAPED();
            """, harm: { _ in Attack.processNamed(escapedProcessName) }),
        Attack(name: "running a program (exec)", code: """
            execl("/bin/sh", "sh", "-c", "echo escaped > " WRITTEN_PATH, (char *)0);
            """, heldBy: [.seccomp, .landlock], harm: { files in Attack.exists(files.written) }),
        Attack(name: "running a program (system)", code: "if (system(\"echo escaped > \" WRITTEN_PATH) == 0) ESCAPED();",
               heldBy: [.seccomp, .landlock], harm: { files in Attack.exists(files.written) }),
        Attack(name: "a new network socket", code: "if (socket(AF_INET, SOCK_STREAM, 0) >= 0) ESCAPED();"),
        Attack(name: "a new local socket", code: "if (socket(AF_UNIX, SOCK_STREAM, 0) >= 0) ESCAPED();"),
        Attack(name: "a SysV shared-memory segment (a channel no file rule sees)",
               code: "if (syscall(SYS_shmget, 0x7468 /* IPC_PRIVATE would do as well */, 4096, 01000 | 0600) >= 0) ESCAPED();"),
        Attack(name: "reading the user's keyring", code: "if (syscall(SYS_keyctl, 0 /* KEYCTL_GET_KEYRING_ID */, -3 /* session */, 0) >= 0) ESCAPED();"),
        Attack(name: "a new user namespace", code: "if (unshare(0x10000000 /* CLONE_NEWUSER */) == 0) ESCAPED();"),
        Attack(name: "reading a private file of the user", code: "if (open(SECRET_PATH, O_RDONLY) >= 0) ESCAPED();",
               heldBy: [.landlock, .namespaces]),
        Attack(name: "listing the user's folders", code: "if (open(\"/\", O_RDONLY | O_DIRECTORY) >= 0 && open(\"/tmp\", O_RDONLY | O_DIRECTORY) >= 0) ESCAPED();",
               heldBy: [.landlock]),
        Attack(name: "writing a file", code: "if (open(WRITTEN_PATH, O_WRONLY | O_CREAT, 0644) >= 0) ESCAPED();",
               heldBy: [.landlock, .namespaces], harm: { files in Attack.exists(files.written) }),
        Attack(name: "deleting a file", code: "if (unlink(VICTIM_PATH) == 0) ESCAPED();", heldBy: [.seccomp, .landlock, .namespaces],
               harm: { files in FileManager.default.fileExists(atPath: files.victim) ? nil : "the victim file is gone" }),
        Attack(name: "allocating 20 GiB", code: """
            void *p = mmap(NULL, (size_t)20 << 30, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
            if (p != MAP_FAILED) ESCAPED();
            """, heldBy: []),
        Attack(name: "opening 5,000 descriptors", code: """
            int opened = 0; while (opened < 5000 && dup(0) >= 0) opened++;
            if (opened == 5000) ESCAPED();
            """, heldBy: []),
        Attack(name: "reading a descriptor the host inherited (9, the secret)", code: "char c; if (read(9, &c, 1) == 1) ESCAPED();",
               heldBy: []),
        Attack(name: "ignoring SIGALRM, then hanging", code: "signal(SIGALRM, SIG_IGN); for (;;) sleep(1);", heldBy: [], hangs: true),
    ] + metadataAndScheduling + namesCapabilitiesAndThreads

    /// What the first sandbox let through (issue 26): a file's metadata, and other processes'
    /// limits, priority and CPUs, and outliving the host. Landlock governs none of these, so
    /// seccomp alone must hold each.
    static let metadataAndScheduling: [Attack] = [
        Attack(name: "making a file of the user's world-writable (chmod)", code: "if (chmod(VICTIM_PATH, 0777) == 0) ESCAPED();",
               heldBy: [.seccomp, .namespaces], harm: { $0.victimMetadataChange }),
        Attack(name: "changing a file's mode through a descriptor (fchmodat)",
               code: "if (fchmodat(AT_FDCWD, VICTIM_PATH, 0606, 0) == 0) ESCAPED();",
               heldBy: [.seccomp, .namespaces], harm: { $0.victimMetadataChange }),
        Attack(name: "changing a file's owner (chown, even to itself)",
               code: "if (chown(VICTIM_PATH, getuid(), getgid()) == 0) ESCAPED();",
               heldBy: [.seccomp, .namespaces], harm: { $0.victimMetadataChange }),
        Attack(name: "changing a file's times (utimensat)",
               code: "if (utimensat(AT_FDCWD, VICTIM_PATH, NULL, 0) == 0) ESCAPED();",
               heldBy: [.seccomp, .namespaces], harm: { $0.victimMetadataChange }),
        Attack(name: "setting a file's extended attribute",
               code: "if (setxattr(VICTIM_PATH, \"user.plugin\", \"x\", 1, 0) == 0) ESCAPED();", heldBy: [.seccomp, .namespaces]),
        Attack(name: "lowering the host's file-size limit (prlimit)", code: """
            struct rlimit small = { 1, 1 };
            if (prlimit(getppid(), RLIMIT_FSIZE, &small, NULL) == 0) ESCAPED();
            """),
        Attack(name: "renicing the host (setpriority)", code: "if (setpriority(PRIO_PROCESS, getppid(), 19) == 0) ESCAPED();"),
        Attack(name: "the host to SCHED_IDLE (sched_setscheduler)", code: """
            struct sched_param none = { 0 };
            if (sched_setscheduler(getppid(), SCHED_IDLE, &none) == 0) ESCAPED();
            """),
        Attack(name: "pinning the host to one CPU (sched_setaffinity)", code: """
            cpu_set_t one; CPU_ZERO(&one); CPU_SET(0, &one);
            if (sched_setaffinity(getppid(), sizeof one, &one) == 0) ESCAPED();
            """),
        Attack(name: "the host's disk priority to idle (ioprio_set)",
               code: "if (syscall(SYS_ioprio_set, 1 /* a process */, getppid(), 3 << 13 /* idle */) == 0) ESCAPED();"),
        Attack(name: "outliving the host (PR_SET_PDEATHSIG 0)", code: "if (prctl(PR_SET_PDEATHSIG, 0) == 0) ESCAPED();"),
        Attack(name: "watching a folder it cannot list (inotify)", code: """
            int watch = inotify_init1(IN_CLOEXEC);
            if (watch >= 0 && inotify_add_watch(watch, "/tmp", IN_ALL_EVENTS) >= 0) ESCAPED();
            """),
    ]

    /// What the namespaces stop (issue 26's second round): learning private files' names and
    /// sizes, root's capabilities, threads without end, and the machine's own services.
    static let namesCapabilitiesAndThreads: [Attack] = [
        Attack(name: "learning a private file's size (stat)", code: """
            struct stat info;
            if (stat(SECRET_PATH, &info) == 0 && info.st_size > 0) ESCAPED();
            """, heldBy: [.namespaces]),
        Attack(name: "listing the folder that holds the user's file", code: """
            char folder[] = SECRET_PATH; *strrchr(folder, '/') = 0;
            DIR *listing = opendir(folder);
            for (struct dirent *entry; listing != NULL && (entry = readdir(listing)) != NULL; )
                if (strcmp(entry->d_name, "secret.txt") == 0) ESCAPED();
            """, heldBy: [.landlock, .namespaces]),
        // Its own namespace's processes are two: its first process and itself.
        Attack(name: "seeing the machine's processes (/proc)", code: """
            int processes = 0; DIR *proc = opendir("/proc");
            for (struct dirent *entry; proc != NULL && (entry = readdir(proc)) != NULL; )
                if (entry->d_name[0] >= '1' && entry->d_name[0] <= '9') processes++;
            if (processes > 2) ESCAPED();
            """, heldBy: [.landlock, .namespaces]),
        // Raising a hard limit takes CAP_SYS_RESOURCE: root has it, unless a user namespace
        // took it away. (Not root, the call fails anyway.)
        Attack(name: "raising its own hard limit with root's capability (prlimit)", code: """
            struct rlimit more = { 4096, 4096 };
            if (prlimit(0, RLIMIT_NOFILE, &more, NULL) == 0) ESCAPED();
            """, heldBy: [.namespaces]),
        // Small stacks, so that the memory limit does not stop it first.
        Attack(name: "starting 5,000 threads", code: """
            pthread_attr_t small; pthread_attr_init(&small); pthread_attr_setstacksize(&small, 64 << 10);
            int started = 0; pthread_t thread;
            while (started < 5000 && pthread_create(&thread, &small, hp_sleep_forever, NULL) == 0) started++;
            if (started == 5000) ESCAPED();
            """, heldBy: Set<SandboxLayer>([.namespaces]).union(SandboxLayer.cgroupsHere)),
        Attack(name: "connecting to a service on the machine (TCP to the loopback interface)", code: """
            int s = socket(AF_INET, SOCK_STREAM, 0);
            struct sockaddr_in to = { .sin_family = AF_INET, .sin_port = htons(LISTENING_PORT), .sin_addr = { htonl(0x7f000001) } };
            if (s >= 0 && connect(s, (struct sockaddr *)&to, sizeof to) == 0) ESCAPED();
            """, heldBy: [.seccomp, .landlock, .namespaces]),
    ]

    static func exists(_ path: String) -> String? {
        FileManager.default.fileExists(atPath: path) ? "it wrote \(path)" : nil
    }

    /// A process named `name` that is still running, said as harm (and killed); nil when there
    /// is none.
    static func processNamed(_ name: String) -> String? {
        guard let pid = runningProcesses(named: name).first else { return nil }
        kill(pid, SIGKILL)
        return "process \(pid) (\(name)) outlived the command"
    }

    /// The processes named `name` that are running: not zombies, which are dead already and
    /// only wait for whoever reaps orphans here.
    static func runningProcesses(named name: String) -> [pid_t] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return pids.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
            let comm = stat[stat.index(after: open)..<close]
            let state = stat[stat.index(after: close)...].split(separator: " ").first
            return comm == name && state != "Z" ? pid : nil
        }
    }
}

/// How the corpus went: every attack, tried every way.
actor AttackTally {
    private(set) var tried = 0
    private(set) var lost: [String] = []

    func record(_ label: String, lostBecause: String?) {
        tried += 1
        if let lostBecause { lost.append("\(label): \(lostBecause)") }
    }
}

@Suite("Malicious plugins, tried and counted")
struct MaliciousPluginCorpusTests {
    /// The host, run with descriptor 9 open on the secret file (as a careless parent might
    /// leave one), against the plugin folders given.
    static func host(_ arguments: [String], files: AttackFiles, in dir: TempDir, sandbox: String? = nil) async throws -> ProgramResult {
        let host = try Build.requireHost()
        var environment = ["HOST_PLUGIN_PATH": "", "XDG_DATA_HOME": try dir.folder("xdg-data-\(UUID().uuidString.prefix(8))"),
                           "XDG_CACHE_HOME": dir.file("cache-\(UUID().uuidString.prefix(8))"), "HOST_SCAN_TIMEOUT": "2"]
        if let sandbox { environment["HOST_SANDBOX"] = sandbox }
        return try await runProgram(
            "/bin/sh", ["-c", "exec 9<\"$0\"; exec \"$@\"", files.secret, host] + arguments,
            environment: environment, outputIn: dir, timeout: 60)
    }

    /// Why `result` shows the attack got through, or nil when it was contained.
    static func breach(_ result: ProgramResult, expectedStatus: String?, files: AttackFiles, attack: Attack) -> String? {
        if result.crashed { return "the host was ended by a signal: \(result)" }
        if result.status != 0 { return "the host exited with \(result.status): \(result.err.suffix(400))" }
        let said = result.out + result.err
        if said.contains("exit(99)") || said.contains("exit status 99") { return "the attack got through (its plugin exited 99)" }
        if let expectedStatus {
            let rows = (try? ListRow.parse(result)) ?? []
            guard let row = rows.first(where: { $0.path.hasSuffix("/attack.so") }) else { return "no row for the plugin:\n\(result.out)" }
            if row.status != expectedStatus { return "listed \(row.status), not \(expectedStatus): \(row.error ?? "")" }
        }
        return attack.harm?(files) ?? Attack.processNamed(Attack.escapedProcessName)
    }

    @Test("Every attack from a scan helper (trusted and untrusted folders) and an isolated process: tried, contained, none lost")
    func corpus() async throws {
        let tally = AttackTally()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (i, attack) in Attack.all.enumerated() {
                if i >= 3 { try await group.next() }  // three at a time: the machine has two cores
                group.addTask { try await Self.tryEverywhere(attack, tally: tally) }
            }
            try await group.waitForAll()
        }
        let tried = await tally.tried, lost = await tally.lost
        let alone = Attack.all.filter { !$0.hangs }.map(\.heldBy.count).reduce(0, +)
        print("malicious-plugin corpus: \(Attack.all.count) attacks, \(tried) tried (\(alone) with one layer alone), "
              + "\(tried - lost.count) contained, \(lost.count) lost")
        #expect(tried >= Attack.all.count * 3 - Attack.all.filter(\.hangs).count + alone)
        #expect(lost.isEmpty, "\(lost.joined(separator: "\n"))")
    }

    @Test("host validate runs the plugin's code in the same sandbox: attacks on the user's files and on the host fail from its test processes too")
    func validateIsSandboxed() async throws {
        let attacks = Attack.all.filter { [
            "deleting a file", "writing a file", "reading a private file of the user", "making a file of the user's world-writable (chmod)",
            "changing a file's times (utimensat)", "lowering the host's file-size limit (prlimit)", "SIGKILL to the host",
        ].contains($0.name) }
        #expect(attacks.count == 7)
        for attack in attacks {
            let dir = try TempDir("validate-attack")
            let files = try AttackFiles(in: dir)
            let plugin = HostilePlugin(id: "hostile.attacker", effectID: "attack", prelude: files.prelude, initBody: attack.code)
            let source = plugin.render().replacingOccurrences(of: "#define _POSIX_C_SOURCE 200809L", with: "#define _GNU_SOURCE")
            let path = try await compileC(source, to: "attack.so", in: dir)
            let result = try await Self.host(["validate", path, "--json", "--only", "load."], files: files, in: dir)
            #expect(!result.crashed, "\(attack.name): \(result)")
            let said = result.out + result.err
            #expect(!said.contains("exit status 99") && !said.contains("exit(99)"), "\(attack.name) got through: \(said.suffix(600))")
            #expect(attack.harm?(files) == nil, "\(attack.name): \(attack.harm?(files) ?? "")")
            // The load tests still ran and judged the plugin.
            let report = try ValidateJSON(result)
            #expect(report.row("load.accepted") != nil, "\(attack.name): \(report.tests.map(\.name))")
        }
    }

    static func tryEverywhere(_ attack: Attack, tally: AttackTally) async throws {
        let dir = try TempDir("attack")
        let files = try AttackFiles(in: dir)
        let trusted = try dir.folder("trusted"), untrusted = try dir.folder("untrusted")
        let plugin = HostilePlugin(id: "hostile.attacker", effectID: "attack", prelude: files.prelude, initBody: attack.code)
        let source = plugin.render().replacingOccurrences(of: "#define _POSIX_C_SOURCE 200809L", with: "#define _GNU_SOURCE")
        try await compileC(source, to: "trusted/attack.so", in: dir)
        try await compileC(source, to: "untrusted/attack.so", in: dir)
        let listed = attack.hangs ? "hung" : "ok"

        let scan = try await host(["list", "--json", "--plugin-path", trusted], files: files, in: dir)
        await tally.record("\(attack.name) (scan helper)", lostBecause: breach(scan, expectedStatus: listed, files: files, attack: attack))
        let alone = try await host(["list", "--json", "--untrusted-plugin-path", untrusted], files: files, in: dir)
        await tally.record("\(attack.name) (untrusted scan helper)", lostBecause: breach(alone, expectedStatus: listed, files: files, attack: attack))
        guard !attack.hangs else { return }
        let run = try await host(["run", "attack", "--untrusted-plugin-path", untrusted, "--format", "json"], files: files, in: dir)
        var lost = breach(run, expectedStatus: nil, files: files, attack: attack)
        if lost == nil, !run.out.contains("\"effect\":\"hostile.attacker:attack\"") || !run.out.contains("\"clean\":true") {
            lost = "the run did not use the plugin: \(run.out.prefix(400))"
        }
        await tally.record("\(attack.name) (isolated process)", lostBecause: lost)

        // Each layer that should stop the attack on its own, alone: from an untrusted scan
        // helper, the other layer turned off.
        for layer in attack.heldBy.sorted(by: { $0.rawValue < $1.rawValue }) {
            let result = try await host(["list", "--json", "--untrusted-plugin-path", untrusted], files: files, in: dir, sandbox: layer.alone)
            await tally.record("\(attack.name) (\(layer.rawValue) alone)",
                               lostBecause: breach(result, expectedStatus: listed, files: files, attack: attack))
        }
    }
}
