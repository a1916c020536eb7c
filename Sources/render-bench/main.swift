// Benchmark of the renderer: `Scripts/bench --only render` builds it in release mode and runs it.
//
// Measures, on the demo scene with the built-in cover-vertical effect (1 s at 60 fps):
// time per terminal frame at 160×48 cells and bytes written per frame, with diffing against
// without; export throughput of that second to GIF and to a folder of PNG frames; and the
// cost of CALayer's effects (ABI 1.1): a frame of the demo scene at scale 2 with the detail
// screen shown as a sheet (rounded top corners, clipped), the thumbnails and the fact cards
// casting blurred shadows and the cards bordered, against the same frame without them,
// both drawn in turns in one run.
// Figures are medians of repeated rounds; compare ratios, not absolute times, on a busy
// machine.
import LibC
import Rendering
import TransitionCore

func now() -> Double { monotonicSeconds() }

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

func pad(_ s: String, _ width: Int) -> String { s + String(repeating: " ", count: max(0, width - s.count)) }
func lpad(_ s: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - s.count)) + s }
func decimals(_ x: Double, _ n: Int) -> String {
    var scale = 1.0
    for _ in 0..<n { scale *= 10 }
    let v = (x * scale).rounded() / scale
    var s = String(v)
    if let dot = s.firstIndex(of: ".") {
        let have = s.distance(from: dot, to: s.endIndex) - 1
        s += String(repeating: "0", count: max(0, n - have))
    }
    return s
}

let registry = EffectRegistry()
for effect in StandardEffect.all() { registry.register(effect) }
let report = try TransitionRun.run(registry: registry, options: .init(effect: "cover-vertical", framesPerSecond: 60))
let snapshots = report.snapshots
let seconds = snapshots.last!.time
let rounds = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 9

// Terminal: one picture per frame, encoded for a 160×48 terminal.
let layout = TerminalLayout(terminalColumns: 160, terminalRows: 48, window: DemoScene.windowSize)
func terminalRound(diffing: Bool) -> (seconds: Double, bytes: Int) {
    var encoder = TerminalFrameEncoder(columns: layout.columns, rows: layout.rows, originRow: layout.originRow,
                                       originColumn: layout.originColumn, colorMode: .trueColor, diffing: diffing)
    let image = CairoImage(width: layout.columns, height: 2 * layout.rows)
    var out: [UInt8] = []
    out.reserveCapacity(1 << 16)
    var bytes = 0
    let start = now()
    for snapshot in snapshots {
        SceneRasterizer.render(snapshot, into: image)
        encoder.encode(image, into: &out)
        bytes += out.count
        out.removeAll(keepingCapacity: true)
    }
    return (now() - start, bytes)
}
var terminal: [Bool: (times: [Double], bytes: Int)] = [:]
for diffing in [true, false] {
    var times: [Double] = []
    var bytes = 0
    for _ in 0..<rounds {
        let r = terminalRound(diffing: diffing)
        times.append(r.seconds / Double(snapshots.count))
        bytes = r.bytes
    }
    terminal[diffing] = (times, bytes)
}

// Exports, into a scratch folder.
var template = Array("/tmp/render-bench-XXXXXX".utf8CString)
let folder = String(cString: mkdtemp(&template)!)
func exportRound(_ path: String) throws -> Double {
    let start = now()
    _ = try RunExporter.write(report, to: path, showsProgress: false)
    return now() - start
}
var gifTimes: [Double] = [], pngTimes: [Double] = []
for round in 0..<rounds {
    gifTimes.append(try exportRound("\(folder)/run-\(round).gif"))
    pngTimes.append(try exportRound("\(folder)/frames-\(round)/"))
}
_ = system("rm -rf '\(folder)'")

// Layer effects: one pose of the demo scene, with and without them, drawn in turns.
func layeredPose(_ effects: Bool, turned: Bool = false) -> SceneSnapshot {
    let demo = DemoScene()
    demo.scene.window.addSubview(demo.detail.view)
    demo.detail.view.frame = Rect(x: 0, y: 300, width: 390, height: 844)
    demo.home.view.alpha = 0.6
    guard effects else { return SceneSnapshot.capture(demo.scene, labels: demo.labels) }
    demo.detail.view.cornerRadius = 12
    demo.detail.view.maskedCorners = .top
    demo.detail.view.clipsToBounds = true
    // A 3D turn of the sheet, as a flip or a cube shows one mid-way.
    if turned { demo.detail.view.transform3D = Transform3D.rotation(0.5, x: 0, y: 1, z: 0).concatenating(.perspective(distance: 600)) }
    let cards: Set<String> = ["detail.fact1", "detail.fact2", "detail.fact3"]
    for view in demo.scene.window.subtree() {
        if view.name.hasSuffix(".thumbnail") || cards.contains(view.name) {
            view.shadowOpacity = 0.3
            view.shadowRadius = 8
            view.shadowOffset = Size(width: 0, height: 4)
        }
        if cards.contains(view.name) {
            view.borderWidth = 1
            view.borderColor = Color(red: 0, green: 0, blue: 0, alpha: 0.15)
        }
    }
    return SceneSnapshot.capture(demo.scene, labels: demo.labels)
}
let plainPose = layeredPose(false), effectsPose = layeredPose(true), turnedPose = layeredPose(true, turned: true)
let large = CairoImage(width: 780, height: 1688)
// Each comparison in turns of its own, the plain frame against one other kind: a kind that
// allocates large pictures (the 3D turn) would otherwise slow the frame drawn after it.
// Layered twice: with the blurred shadows kept from the frame before (a view that stands
// still), and blurred anew (the first frame, or views moving by fractions of a pixel).
@MainActor func inTurns(_ other: SceneSnapshot, forgetting: Bool = false) -> (plain: Double, other: Double) {
    var plain: [Double] = [], times: [Double] = []
    for _ in 0..<(rounds * 5) {
        var start = now()
        SceneRasterizer.render(plainPose, into: large)
        plain.append(now() - start)
        if forgetting { SceneRasterizer.forgetKeptDrawings() }
        start = now()
        SceneRasterizer.render(other, into: large)
        times.append(now() - start)
    }
    return (median(plain), median(times))
}
let kept = inTurns(effectsPose), fresh = inTurns(effectsPose, forgetting: true), turned3D = inTurns(turnedPose)
let turnsOfEach = rounds * 5

let withDiff = terminal[true]!, without = terminal[false]!
let perFrame = (with: median(withDiff.times), without: median(without.times))
let bytes = (with: Double(withDiff.bytes) / Double(snapshots.count), without: Double(without.bytes) / Double(snapshots.count))
print("Renderer benchmark: cover-vertical on the demo scene, \(snapshots.count) frames = \(decimals(seconds, 2)) s at 60 fps; medians of \(rounds) rounds")
print("")
print(pad("terminal frame at 160×48 cells (picture \(layout.columns)×\(layout.rows) cells)", 58) + lpad("diffing", 12) + lpad("no diffing", 12) + lpad("ratio", 9))
print(pad("  time per frame (raster + encode)", 58) + lpad(decimals(perFrame.with * 1000, 3) + " ms", 12)
      + lpad(decimals(perFrame.without * 1000, 3) + " ms", 12) + lpad(decimals(perFrame.without / perFrame.with, 2) + "×", 9))
print(pad("  bytes written per frame", 58) + lpad(String(Int(bytes.with.rounded())), 12)
      + lpad(String(Int(bytes.without.rounded())), 12) + lpad(decimals(bytes.without / bytes.with, 2) + "×", 9))
print("")
print(pad("export of the run (390×844)", 58) + lpad("time", 12) + lpad("per frame", 12) + lpad("vs real time", 14))
for (name, times) in [("  animated GIF", gifTimes), ("  folder of PNG frames", pngTimes)] {
    let t = median(times)
    print(pad(name, 58) + lpad(decimals(t, 3) + " s", 12) + lpad(decimals(t / Double(snapshots.count) * 1000, 2) + " ms", 12)
          + lpad(decimals(seconds / t, 2) + "× faster", 14))
}
print("")
print("")
print(pad("a frame at scale 2 (780×1688), \(turnsOfEach) of each in turns", 58) + lpad("plain", 12) + lpad("layers", 12) + lpad("ratio", 9))
print("  a sheet clipped to rounded corners, 11 blurred shadows, 3 borders:")
for (name, pair) in [("    shadows kept from the frame before", kept), ("    every shadow blurred anew", fresh),
                     ("    the sheet also turned in 3D (perspective)", turned3D)] {
    print(pad(name, 58) + lpad(decimals(pair.plain * 1000, 3) + " ms", 12) + lpad(decimals(pair.other * 1000, 3) + " ms", 12)
          + lpad(decimals(pair.other / pair.plain, 2) + "×", 9))
}
print("")
print("goals: a terminal frame under 2 ms; exports faster than real time (above 1× faster); layer effects at most 2× a plain frame")
