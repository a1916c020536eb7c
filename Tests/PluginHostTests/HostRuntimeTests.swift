import CTransitionABI
import Dispatch
import Foundation
import Testing
import TestSupport
@testable import PluginABI
@testable import PluginHost
@testable import PluginProcesses
import TransitionCore

import LibC

/// The host side of the ABI belongs to a runtime instance, not to the process: two runtimes
/// serve two runs at once, each seeing only its own scene, trace and handles, and a host
/// function called on a thread that is inside no call into a plugin is refused, as the
/// header's thread rule says.
@Suite("HostRuntime: the ABI's host state per instance, bound to the calling thread")
struct HostRuntimeTests {
    /// The bundled diagonal animator, built into `dir` (it keeps no state but the host table).
    static func diagonal(in dir: TempDir) async throws -> String {
        let source = try String(contentsOfFile: Repo.root + "/Plugins/diagonal/diagonal.c", encoding: .utf8)
        return try await compileC(source, to: "diagonal.so", in: dir, flags: ["-shared", "-fPIC", "-I", Repo.root + "/Plugins/common"])
    }

    /// One run of the diagonal, as the trace's events and the frames' view frames.
    static func run(_ plugin: LoadedPlugin) throws -> [String] {
        let registry = EffectRegistry()
        for effect in plugin.effects { registry.register(effect) }
        let report = try TransitionRun.run(registry: registry, options: .init(effect: "diagonal"))
        let frames = report.frames.map { frame in frame.views.map { "\($0.name) \($0.frame)" }.joined(separator: ";") }
        return report.events.map { "\($0.time) \($0.name)" } + frames + report.outcomes.map { "\($0)" }
    }

    @Test("two runtimes run transitions at the same time on two threads, each exactly as when it runs alone")
    func sideBySide() async throws {
        let dir = try TempDir("runtime-side-by-side")
        let path = try await Self.diagonal(in: dir)
        let first = try PluginLoader.load(path: path, runtime: HostRuntime()).get()
        let second = try PluginLoader.load(path: path, runtime: HostRuntime()).get()
        #expect(first.runtime !== second.runtime)
        let alone = try Self.run(first)
        #expect(alone.contains { $0.contains("animateTransition") }, "the run called the plugin: \(alone.prefix(5))")

        // Ten rounds, both plugins' runs at once: one shared runtime would mix their handles,
        // traces and log lines.
        for round in 0..<10 {
            let results = onThreads([{ try? Self.run(first) }, { try? Self.run(second) }])
            for (which, result) in zip(["first", "second"], results) where result != alone {
                let line = zip(result ?? [], alone).first { $0 != $1 }.map { "\($0.0.prefix(200)) instead of \($0.1.prefix(200))" }
                Issue.record("round \(round): the \(which) runtime's run differs from the run alone: \(line ?? "a different length")")
            }
        }
    }

    @Test("a host function called on a thread inside no call into a plugin gets TH_ERR_WRONG_THREAD")
    func noRuntimeOnTheThread() throws {
        // A thread of its own: nothing ever bound a runtime to it.
        let statuses = onThreads([{ () -> (Int32, Int32, Bool) in
            var alpha = 0.0
            let api = HostAPITable.table.pointee
            return (api.set_alpha(th_view(id: 1), 0.5), api.get_alpha(th_view(id: 1), &alpha),
                    api.get_extension(TH_EXT_HOST_CURVES) == nil)
        }])[0]
        #expect(statuses.0 == Status.wrongThread && statuses.1 == Status.wrongThread, "\(statuses)")
        #expect(statuses.2, "get_extension answers NULL outside a call")
    }

    @Test("a runtime is bound to the thread only inside its call into a plugin, and the previous binding comes back")
    func bindingIsScoped() {
        let outer = HostRuntime(), inner = HostRuntime()
        let seen = onThreads([{ () -> [ObjectIdentifier?] in
            var seen: [ObjectIdentifier?] = []
            let id = { HostRuntime.current.map(ObjectIdentifier.init) }
            seen.append(id())
            outer.calling(plugin: "a") {
                seen.append(id())
                inner.calling(plugin: "b") { seen.append(id()) }
                seen.append(id())
            }
            seen.append(id())
            return seen
        }])[0]
        #expect(seen == [nil, ObjectIdentifier(outer), ObjectIdentifier(inner), ObjectIdentifier(outer), nil])
    }
}

/// Runs `bodies` at the same time, each on a new thread of its own (one no runtime was ever
/// bound to), and returns their results in order.
func onThreads<T>(_ bodies: [() -> T]) -> [T] {
    let slots = bodies.map { body in ThreadSlot { body() as Any } }
    var threads: [pthread_t] = []
    for slot in slots {
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            Unmanaged<ThreadSlot>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, Unmanaged.passRetained(slot).toOpaque())
        precondition(started == 0, "cannot start a thread")
        threads.append(thread)
    }
    for thread in threads { pthread_join(thread, nil) }
    return slots.map { $0.result as! T }
}

/// One thread's work and its result; handed over whole, read only after the join.
private final class ThreadSlot: @unchecked Sendable {
    let body: () -> Any
    var result: Any?
    init(_ body: @escaping () -> Any) { self.body = body }
    func run() { result = body() }
}
