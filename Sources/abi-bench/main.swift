// Benchmark of calls across the C ABI, run by Scripts/bench: side by side in one run,
//   host-table call from a plugin   (the plugin times host->get_alpha and logs it)
//   plugin call from the host       (a direct C function-pointer call into the .so)
//   cached libffi call              (the same function through its prepared call interface)
// Each figure is the median of repeated batches, with the spread.
import Foundation  // String(format:) and DispatchTime for the table only
import PluginHost
import TransitionCore

//   and, given the host binary, the same two across an isolated plugin's socket:
//   host-table call from an isolated plugin, and a bare round trip host → plugin process.
guard (2...3).contains(CommandLine.arguments.count) else {
    print("usage: abi-bench PATH/TO/abi_bench.so [PATH/TO/host]")
    exit(2)
}
let path = CommandLine.arguments[1]
guard case .success(let plugin) = PluginLoader.load(path: path) else {
    print("abi-bench: cannot load \(path)")
    exit(1)
}

// 1. Host-table calls, timed inside the plugin during a real transition.
let registry = EffectRegistry()
for effect in plugin.effects { registry.register(effect) }
let report = try TransitionRun.run(registry: registry, options: .init(effect: "abi-bench"))
let hostCall = report.events.first { $0.name.contains("host-call-ns") }?.name ?? "host-call-ns: not reported"

// 2 and 3. The plugin's echo function, called from the host directly and through libffi.
guard let handle = dlopen(path, RTLD_NOW | RTLD_NOLOAD), let symbol = dlsym(handle, "abi_bench_echo") else {
    print("abi-bench: abi_bench_echo not found")
    exit(1)
}
typealias Echo = @convention(c) (Double) -> Double
let echo = unsafeBitCast(symbol, to: Echo.self)
let call = CurveCall(function: UnsafeRawPointer(symbol), interface: try CallInterfaceCache.shared.interface(for: Signature(parsing: "d(d)")),
                     parameters: [])

func measure(_ body: (Double) -> Double) -> (Double, Double, Double) {
    let count = 500_000
    var samples: [Double] = []
    var sink = 0.0
    for _ in 0..<15 {
        let start = DispatchTime.now().uptimeNanoseconds
        for i in 0..<count { sink += body(Double(i)) }
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count))
    }
    if sink == -1 { print(sink) }
    samples.sort()
    return (samples[7], samples[0], samples[14])
}
let direct = measure { echo($0) }
let viaFFI = measure { call.evaluate($0) }

print("Calls across the C ABI, ns per call: median (min–max) of 15 rounds")
print("  host-table call from a plugin (get_alpha): \(hostCall)")
print(String(format: "  plugin call from the host (direct):        %.2f (%.2f–%.2f)", direct.0, direct.1, direct.2))
print(String(format: "  plugin call through cached libffi:         %.2f (%.2f–%.2f)  %.1f× direct", viaFFI.0, viaFFI.1, viaFFI.2, viaFFI.0 / direct.0))

// 4 and 5. Isolation (`host run --isolate`): the plugin in a `host _isolate` child process.
if CommandLine.arguments.count == 3 {
    setenv("ABI_BENCH_CALLS", "2000", 1)
    let isolatedPlugin = IsolatedPlugin(path: path, pluginID: plugin.id, executable: CommandLine.arguments[2], timeout: 60, runtime: plugin.runtime)
    let isolated = EffectRegistry()
    for effect in plugin.effects { isolated.register(IsolatedEffect(info: effect.info, plugin: isolatedPlugin)) }
    let isolatedReport = try TransitionRun.run(registry: isolated, options: .init(effect: "abi-bench"))
    let isolatedCall = isolatedReport.events.first { $0.name.contains("host-call-ns") }?.name ?? "not reported"
    guard let process = isolatedPlugin.startedProcess() else {
        print("abi-bench: the isolated plugin did not start")
        exit(1)
    }
    var trips: [Double] = []
    for _ in 0..<15 {
        let count = 2000
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<count { _ = process.ping() }
        trips.append(Double(DispatchTime.now().uptimeNanoseconds - start) / Double(count))
    }
    trips.sort()
    func median(_ line: String) -> Double? {
        line.split(separator: " ").first { $0.hasPrefix("median=") }.flatMap { Double($0.dropFirst(7)) }
    }
    let ratio = median(isolatedCall).flatMap { i in median(hostCall).map { i / $0 } }.map { String(format: "  %.0f× in-process", $0) } ?? ""
    print("  host-table call from an isolated plugin:   \(isolatedCall)\(ratio)")
    print(String(format: "  round trip host → isolated plugin (ping):  %.0f (%.0f–%.0f)", trips[7], trips[0], trips[14]))
}
