// Benchmark of calls by signature (issue: libffi calls), run by `Scripts/bench --only ffi`.
//
// Side by side in one run, on the bundled easing plugin's elastic curve, double f(double t,
// double amplitude, double period):
//   direct    a C function-pointer call from Swift (the floor)
//   cached    through the call interface prepared once (what the host does every frame)
//   marshal   through Invoker.call (typed values marshalled per call: constructors)
//   uncached  preparing the call interface on every call (what GLib's marshaller does)
// and one animation frame that evaluates the curve for 10,000 animated properties.
// Prints medians of repeated batches with their spread, and the ratios to direct.
import PluginHost
import TransitionCore
import Foundation  // String(format:) for the table only

import LibC

func fail(_ message: String) -> Never {
    print("ffi-bench: \(message)")
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 2 else { fail("usage: ffi-bench PATH/TO/easing.so") }
guard case .success(let plugin) = PluginLoader.load(path: arguments[1]) else { fail("cannot load \(arguments[1])") }
guard let curve = plugin.curves.compactMap({ $0 as? PluginCurve }).first(where: { $0.name == "easing.elastic" }) else {
    fail("easing.elastic not found in \(arguments[1])")
}

typealias Elastic = @convention(c) (Double, Double, Double) -> Double
let direct = unsafeBitCast(curve.function, to: Elastic.self)
let call = CurveCall(function: curve.function, interface: curve.interface, parameters: [1.2, 0.3])
let signature = curve.interface.signature

/// Nanoseconds per iteration of `body` over `count` iterations, median of `rounds` rounds,
/// with the lowest and highest round.
func measure(rounds: Int = 15, count: Int, _ body: (Int) -> Double) -> (median: Double, low: Double, high: Double) {
    var sink = 0.0
    var samples: [Double] = []
    _ = body(0)  // warm up
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        for i in 0..<count { sink += body(i) }
        let elapsed = ContinuousClock.now - start
        let ns = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        samples.append(ns / Double(count))
    }
    if sink.isNaN { print("") }  // keeps the calls from being optimised away
    samples.sort()
    return (samples[samples.count / 2], samples.first!, samples.last!)
}

func t(_ i: Int) -> Double { Double(i % 1000) / 1000 }

let preparationsBefore = CallInterfaceCache.shared.preparations
let directResult = measure(count: 200_000) { direct(t($0), 1.2, 0.3) }
let cachedResult = measure(count: 200_000) { call.evaluate(t($0)) }
let marshalResult = measure(count: 50_000) { i in
    guard case .double(let v) = try! Invoker.call(curve.function, curve.interface, [.double(t(i)), .double(1.2), .double(0.3)]) else { return 0 }
    return v
}
let uncachedResult = measure(count: 20_000) { i in
    let fresh = try! CallInterface(signature)
    guard case .double(let v) = try! Invoker.call(curve.function, fresh, [.double(t(i)), .double(1.2), .double(0.3)]) else { return 0 }
    return v
}

// One frame of 10,000 animated properties on the plugin curve: alpha of 10,000 views.
let scene = Scene(windowSize: Size(width: 390, height: 844), clock: VirtualClock(framesPerSecond: 60))
let timing = curve.makeCurve(parameters: [1.2, 0.3])
var views: [View] = []
for i in 0..<10_000 {
    let v = scene.makeView(name: "v\(i)", frame: Rect(x: 0, y: 0, width: 10, height: 10))
    scene.window.addSubview(v)
    views.append(v)
}
scene.engine.animate(AnimationOptions(duration: 1000, curve: timing)) {
    for v in views { v.alpha = 0 }
}
let preparationsBeforeFrames = CallInterfaceCache.shared.preparations
let frameResult = measure(rounds: 15, count: 20) { _ in scene.engine.step(); return views[0].presentation.alpha }
let curveOnlyResult = measure(rounds: 15, count: 20) { _ in
    var s = 0.0
    for i in 0..<10_000 { s += call.evaluate(Double(i) / 10_000) }
    return s
}
let preparationsAfterFrames = CallInterfaceCache.shared.preparations

func row(_ label: String, _ r: (median: Double, low: Double, high: Double), unit: String = "ns/call", ratio: Bool = true) -> String {
    let ratioText = ratio ? String(format: "%7.1f×", r.median / directResult.median) : "        "
    return "\(label.padding(toLength: 34, withPad: " ", startingAt: 0)) \(String(format: "%10.1f", r.median)) \(unit)  (\(String(format: "%.1f", r.low))–\(String(format: "%.1f", r.high)))  \(ratioText)"
}

func format(_ f: String, _ x: Double) -> String { String(format: f, x) }

print("Calls by signature: easing.elastic, double f(double, double, double); medians of 15 rounds (min–max), ratio to direct")
print(row("direct C call", directResult))
print(row("cached call interface (per frame)", cachedResult))
print(row("cached, marshalled (Invoker.call)", marshalResult))
print(row("uncached (prepared per call)", uncachedResult))
print("")
print(row("curve for 10,000 properties", (curveOnlyResult.median / 1000, curveOnlyResult.low / 1000, curveOnlyResult.high / 1000), unit: "µs/frame", ratio: false))
print(row("engine frame, 10,000 properties", (frameResult.median / 1000, frameResult.low / 1000, frameResult.high / 1000), unit: "µs/frame", ratio: false))
print("")
print("cached within 6× of direct: \(cachedResult.median / directResult.median <= 6 ? "yes" : "NO") (\(format("%.1f", cachedResult.median / directResult.median))×)")
print("interfaces prepared on the frame path: \(preparationsAfterFrames - preparationsBeforeFrames) (\(preparationsBefore) before the benchmark, all at load)")
