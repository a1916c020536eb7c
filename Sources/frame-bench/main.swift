// Benchmark of frame evaluation, run by `Scripts/bench --only frames`: the time to compute one frame of
// N views, each with its frame and alpha animating (a quarter each on ease-in-out, linear,
// Core Animation's default curve and a damped spring), on one core, for N = 10 … 100,000.
// Prints the median time per frame with its spread, animated properties per second, heap
// allocations per frame in steady state, and the cost per view from a least-squares slope.
import CAllocationCounter
import Foundation  // String(format:) for the table only
import TransitionCore

struct Measurement {
    let views: Int
    let median: Double, low: Double, high: Double  // seconds per frame
    let allocationsPerFrame: Double
}

func measure(views count: Int, frames: Int) -> Measurement {
    let scene = Scene(windowSize: Size(width: 390, height: 844), clock: VirtualClock(framesPerSecond: 60))
    var views: [View] = []
    views.reserveCapacity(count)
    for i in 0..<count {
        let v = scene.makeView(name: "v\(i)", frame: Rect(x: Double(i % 390), y: 0, width: 10, height: 10))
        scene.window.addSubview(v)
        views.append(v)
    }
    let curves: [AnimationOptions] = [
        AnimationOptions(duration: 1000, curve: .easeInOut), AnimationOptions(duration: 1000, curve: .linear),
        AnimationOptions(duration: 1000, curve: .caDefault), .spring(duration: 1000, dampingRatio: 0.55),
    ]
    // One animate call per view, as plugins make them: the worst case for the engine.
    for (i, v) in views.enumerated() {
        scene.engine.animate(curves[i % 4]) {
            v.frame = Rect(x: Double(i % 390), y: 800, width: 20, height: 20)
            v.alpha = 0.5
        }
    }
    for _ in 0..<3 { scene.engine.step() }  // steady state
    var samples: [Double] = []
    samples.reserveCapacity(frames)
    let allocationsBefore = allocation_count()
    for _ in 0..<frames {
        let start = DispatchTime.now().uptimeNanoseconds
        scene.engine.step()
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    let allocations = Double(allocation_count() - allocationsBefore) / Double(frames)
    samples.sort()
    return Measurement(views: count, median: samples[samples.count / 2], low: samples[0], high: samples[samples.count - 1],
                       allocationsPerFrame: allocations)
}

let sizes = [10, 1_000, 10_000, 100_000]
var results: [Measurement] = []
for n in sizes {
    results.append(measure(views: n, frames: n >= 100_000 ? 15 : 41))
}

print("Frame evaluation: each view's frame and alpha animating (3 properties: centre, bounds, alpha),")
print("mixed curves and springs; median of repeated frames (min–max), one core")
print("   views     per frame (min–max)                 properties/s   allocations/frame")
for r in results {
    let properties = Double(r.views * 3) / r.median
    print(String(format: "%8d  %10.3f ms (%.3f–%.3f)  %14.0f   %8.1f", r.views, r.median * 1e3, r.low * 1e3, r.high * 1e3,
                 properties, r.allocationsPerFrame))
}
// Cost per view: least squares over the measured sizes.
let xs = results.map { Double($0.views) }, ys = results.map(\.median)
let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
var covariance = 0.0, variance = 0.0
for (x, y) in zip(xs, ys) {
    covariance += (x - mx) * (y - my)
    variance += (x - mx) * (x - mx)
}
let slope = covariance / variance
print(String(format: "slope: %.1f ns per view per frame; intercept %.3f ms", slope * 1e9, (my - slope * mx) * 1e3))
let tenThousand = results.first { $0.views == 10_000 }!
print(String(format: "10,000 views within 1 ms per frame: %@ (%.3f ms)", tenThousand.median <= 0.001 ? "yes" : "NO", tenThousand.median * 1e3))
print("steady-state allocations per frame at 10,000 views: \(tenThousand.allocationsPerFrame)")
