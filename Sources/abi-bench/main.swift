// Benchmark of calls across the C ABI, run by Scripts/bench: side by side in one run,
//   host-table call from a plugin   (the plugin times host->get_alpha and logs it)
//   plugin call from the host       (a direct C function-pointer call into the .so)
//   cached libffi call              (the same function through its prepared call interface)
// Each figure is the median of repeated batches, with the spread.
import Foundation  // String(format:) and DispatchTime for the table only
import PluginHost
import TransitionCore

guard CommandLine.arguments.count == 2 else {
    print("usage: abi-bench PATH/TO/abi_bench.so")
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
let report = try PresentDismissRun.run(registry: registry, options: .init(effect: "abi-bench"))
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
