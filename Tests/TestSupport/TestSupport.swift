import Foundation

import LibC

// Fixture code shared by the test targets that build plugins and run programs: where the
// repository is, a fresh temporary folder per test, child processes (the compiler, the host)
// and compiling C as a plugin author would.

/// The repository, found from this file: <root>/Tests/TestSupport/TestSupport.swift.
public enum Repo {
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.path
    }()

    public static var includeDirectory: String { root + "/Sources/CTransitionABI/include" }
    /// The ABI 1.0 header, frozen as it shipped (Tests/Fixtures/abi-1.0).
    public static var frozenABI10Directory: String { root + "/Tests/Fixtures/abi-1.0" }
    /// The ABI 1.1 header, frozen as it shipped (Tests/Fixtures/abi-1.1).
    public static var frozenABI11Directory: String { root + "/Tests/Fixtures/abi-1.1" }
}

// MARK: - Temporary folders

/// A fresh folder for one test.
///
/// The folders are removed when the test process exits, not when the test ends: a plugin that
/// was dlopen'ed in the test process stays loaded for the life of the process (RTLD_NODELETE),
/// and glibc recognises an already-loaded library by device and inode. Deleting the file at
/// once would free its inode for a later test's fixture, which dlopen would then take for the
/// old, different library.
public final class TempDir: Sendable {
    public let path: String

    public init(_ label: String = "fixture") throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("host-tests-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        path = url.path
        PendingRemovals.shared.add(path)
    }

    /// The path of `name` inside this folder.
    public func file(_ name: String) -> String { "\(path)/\(name)" }

    /// A new, empty subfolder.
    public func folder(_ name: String) throws -> String {
        let target = file(name)
        try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
        return target
    }

    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) throws -> String {
        let target = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    @discardableResult
    public func write(_ name: String, text: String) throws -> String {
        try write(name, bytes: Array(text.utf8))
    }

    public func read(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: file(name))))
    }
}

/// Folders to delete when the process exits (see TempDir).
private final class PendingRemovals: @unchecked Sendable {
    static let shared: PendingRemovals = {
        let removals = PendingRemovals()
        atexit { PendingRemovals.shared.removeAll() }
        return removals
    }()

    private let lock = NSLock()
    private var paths: [String] = []

    func add(_ path: String) {
        lock.lock()
        paths.append(path)
        lock.unlock()
    }

    func removeAll() {
        lock.lock()
        let all = paths
        paths = []
        lock.unlock()
        for path in all { try? FileManager.default.removeItem(atPath: path) }
    }
}

// MARK: - Child processes

public struct ChildProcessFailure: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}

/// How a child process ended and what it printed.
public struct ProgramResult: Sendable, CustomStringConvertible {
    public let arguments: [String]
    public let status: Int32
    /// True when the child was killed by a signal (a crash), `status` being the signal.
    public let crashed: Bool
    public let stdout: Data
    public let stderr: Data
    /// Its process id, for tests that look for what it left behind.
    public var pid: Int32 = 0

    public var out: String { String(decoding: stdout, as: UTF8.self) }
    public var err: String { String(decoding: stderr, as: UTF8.self) }

    public var description: String {
        let end = crashed ? "killed by signal \(status)" : "exit \(status)"
        return "\(arguments.joined(separator: " ")) → \(end)\n--- stdout (\(stdout.count) bytes)\n\(out.prefix(4000))\n--- stderr\n\(err.prefix(4000))"
    }

    /// The standard output parsed as JSON.
    public func json() throws -> Any {
        do {
            return try JSONSerialization.jsonObject(with: stdout)
        } catch {
            throw ChildProcessFailure(description: "stdout is not JSON (\(error)):\n\(self)")
        }
    }
}

/// Runs `executable` with `arguments` and `environment` changes, waits for it through its
/// termination handler, and kills it if it runs longer than `timeout` seconds. Output goes
/// through files in `dir`, so a large output never blocks the child on a full pipe. The child
/// starts once it has one of the suite's `ChildSlots`, and its deadline counts from then.
public func runProgram(
    _ executable: String, _ arguments: [String], environment changes: [String: String] = [:],
    outputIn dir: TempDir, timeout: Double = 120, workingDirectory: String? = nil
) async throws -> ProgramResult {
    await ChildSlots.shared.acquire()
    do {
        let result = try await runProgramNow(executable, arguments, environment: changes, outputIn: dir,
                                             timeout: timeout, workingDirectory: workingDirectory)
        await ChildSlots.shared.release()
        return result
    } catch {
        await ChildSlots.shared.release()
        throw error
    }
}

private func runProgramNow(
    _ executable: String, _ arguments: [String], environment changes: [String: String],
    outputIn dir: TempDir, timeout: Double, workingDirectory: String?
) async throws -> ProgramResult {
    let id = UUID().uuidString
    let outPath = dir.file(".stdout-\(id)"), errPath = dir.file(".stderr-\(id)")
    FileManager.default.createFile(atPath: outPath, contents: nil)
    FileManager.default.createFile(atPath: errPath, contents: nil)
    let outHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
    let errHandle = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
    defer {
        try? outHandle.close()
        try? errHandle.close()
        try? FileManager.default.removeItem(atPath: outPath)
        try? FileManager.default.removeItem(atPath: errPath)
    }

    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let workingDirectory { process.currentDirectoryURL = URL(fileURLWithPath: workingDirectory) }
    var environment = ProcessInfo.processInfo.environment
    for (key, value) in changes { environment[key] = value }
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = outHandle
    process.standardError = errHandle

    let ended: (status: Int32, crashed: Bool) = try await withCheckedThrowingContinuation { continuation in
        process.terminationHandler = { p in
            continuation.resume(returning: (p.terminationStatus, p.terminationReason == .uncaughtSignal))
        }
        do {
            try process.run()
        } catch {
            process.terminationHandler = nil
            continuation.resume(throwing: error)
            return
        }
        // Only ever the child started here, and only if it is still running.
        nonisolated(unsafe) let child = process
        // SIGKILL, not terminate()'s SIGTERM: Foundation starts children from a Dispatch
        // thread without resetting the signal mask, so a SIGTERM can stay blocked in them.
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout) {
            if child.isRunning { kill(child.processIdentifier, SIGKILL) }
        }
    }
    let stdout = (try? Data(contentsOf: URL(fileURLWithPath: outPath))) ?? Data()
    let stderr = (try? Data(contentsOf: URL(fileURLWithPath: errPath))) ?? Data()
    var result = ProgramResult(arguments: [executable] + arguments, status: ended.status, crashed: ended.crashed,
                               stdout: stdout, stderr: stderr)
    result.pid = process.processIdentifier
    return result
}

/// Compiles C `source` with `cc -std=c99`, `flags` (by default a shared library) and the
/// header folder `include` (today's, unless a test names the frozen 1.0 one) into
/// `dir/name`, as a plugin author would, returning the output's path.
@discardableResult
public func compileC(_ source: String, to name: String, in dir: TempDir, include: String = Repo.includeDirectory,
                     flags: [String] = ["-shared", "-fPIC"]) async throws -> String {
    let stem = (name as NSString).lastPathComponent.split(separator: ".").first.map(String.init) ?? "source"
    let sourcePath = try dir.write("\(stem)-\(UUID().uuidString.prefix(8)).c", text: source)
    let outputPath = dir.file(name)
    let result = try await runProgram(
        "/usr/bin/env", ["cc", "-std=c99"] + flags + ["-I", include, "-o", outputPath, sourcePath], outputIn: dir)
    guard result.status == 0, !result.crashed else {
        throw ChildProcessFailure(description: "cc failed for \(name):\n\(result)")
    }
    return outputPath
}
