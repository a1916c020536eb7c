// Benchmark of the live window: `Scripts/bench --only window` builds it in release mode and runs
// it under a virtual display (xvfb-run).
//
// On the demo scene with the built-in cover-vertical effect (1 s at 60 fps, looped):
// - the cost of one frame at scale 2 (the scene's 390×844 points drawn at 780×1688 pixels, as
//   on a HiDPI display): render + upload + present, median and worst, goal ≤ 4 ms;
// - frames dropped in 10 s at 60 Hz, paced on the real clock as `host run --window` paces
//   them (a frame is dropped when it is done more than a frame late), goal 0.
import LibC
import LiveWindow
import Rendering
import TransitionCore

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func ms(_ seconds: Double) -> String {
    let v = (seconds * 1000 * 100).rounded() / 100
    return "\(v) ms"
}

let registry = EffectRegistry()
for effect in StandardEffect.all() { registry.register(effect) }
let report = try TransitionRun.run(registry: registry, options: .init(effect: "cover-vertical", framesPerSecond: 60))
let snapshots = report.snapshots
var environment: [String: String] = [:]
for name in ["DISPLAY", "WAYLAND_DISPLAY"] {
    if let value = getenv(name) { environment[name] = String(cString: value) }
}
let size = snapshots[0].windowSize
let display = try WindowDisplay(title: "window-bench", width: Int(size.width), height: Int(size.height), environment: environment)
let scale = 2
let image = CairoImage(width: Int(size.width) * scale, height: Int(size.height) * scale)

// Frame cost: every frame of the run, drawn and shown as fast as it goes, three times over.
var costs: [Double] = []
for _ in 0..<3 {
    for snapshot in snapshots {
        let begin = monotonicSeconds()
        SceneRasterizer.render(snapshot, into: image)
        try display.present(image)
        costs.append(monotonicSeconds() - begin)
        _ = display.nextEvent(timeout: 0)
    }
}
print("window frame at scale 2 (\(image.width)×\(image.height) px; render + upload + present), \(costs.count) frames:")
print("  median \(ms(median(costs))), worst \(ms(costs.max()!)) (goal ≤ 4 ms)")

// Dropped frames: 10 s at 60 Hz on the real clock, the run looped.
let frames = 600
var dropped = 0
let start = monotonicSeconds()
for n in 0..<frames {
    let deadline = start + Double(n) / 60
    while monotonicSeconds() < deadline { _ = display.nextEvent(timeout: deadline - monotonicSeconds()) }
    if monotonicSeconds() > deadline + 1.0 / 60 {
        dropped += 1
        continue
    }
    SceneRasterizer.render(snapshots[n % snapshots.count], into: image)
    try display.present(image)
}
print("frames dropped in 10 s at 60 Hz, scale 2: \(dropped) of \(frames) (goal 0)")
