import Foundation
import Testing
import TransitionCore
@testable import Rendering

@Suite("Curve plot")
struct CurvePlotTests {
    @Test("cover-vertical: the detail screen's position is plotted, with both animations and their curve")
    func coverVertical() throws {
        let data = PlotData(try standardRun().snapshots)
        let position = try #require(data.series.first { $0.viewName == "detail" && $0.quantity == .position })
        #expect(position.spans.count == 2)
        #expect(position.spans.allSatisfy { $0.curve == "ease-in-out" && abs($0.end - $0.begin - 0.5) < 1e-9 })
        #expect(abs(position.spans[1].begin - 0.5) < 1e-9)
        // It rises to the middle of the window: its centre's y goes to 422.
        #expect(abs(position.spans[0].target[1] - 422) < 1e-9)
        #expect(position.overshoot(times: data.times).fraction == 0, "ease-in-out never overshoots")
    }

    @Test("a 3D turn is plotted as its rotation's angle, and turns at an even speed along its arc (slerp): 90° about y, linear, is 3° a frame")
    func rotation3D() throws {
        let scene = Scene(windowSize: Size(width: 390, height: 844))
        let card = scene.makeView(name: "card", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        card.backgroundColor = .white
        scene.window.addSubview(card)
        var snapshots = [SceneSnapshot.capture(scene)]
        scene.engine.animate(AnimationOptions(duration: 0.5, curve: .linear)) {
            card.transform3D = Transform3D.rotation(Double.pi / 2, x: 0, y: 1, z: 0)
        }
        for _ in 0..<30 {
            scene.engine.step()
            snapshots.append(SceneSnapshot.capture(scene))
        }
        let data = PlotData(snapshots)
        let angle = try #require(data.series.first { $0.viewName == "card" && $0.quantity == .rotation3D })
        #expect(angle.spans.count == 1 && abs(angle.spans[0].target[0] - 90) < 1e-9)
        let values = angle.lanes[0].map { $0 ?? -1 }
        #expect(abs(values[0]) < 1e-9 && abs(values[15] - 45) < 1e-9 && abs(values[30] - 90) < 1e-9, "\(values)")
        // Along the great arc at an even speed, as Core Animation turns it; the quaternion's
        // lanes along a straight line would be 0.91° off at frames 7 and 23.
        for k in 1...30 {
            #expect(abs(values[k] - 3 * Double(k)) < 1e-6, "frame \(k): \(values[k])°")
        }
    }

    @Test("a 3D transform's scale and perspective are plotted as their own lanes (sx sy sz, m34); a turn alone gets no translation, scale or perspective panel")
    func scaleAndPerspective3D() throws {
        let scene = Scene(windowSize: Size(width: 390, height: 844))
        let card = scene.makeView(name: "card", frame: Rect(x: 0, y: 0, width: 390, height: 844))
        let turner = scene.makeView(name: "turner", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        scene.window.addSubview(card)
        scene.window.addSubview(turner)
        var snapshots = [SceneSnapshot.capture(scene)]
        var target = Transform3D.scale(1.5, 0.5, 1)
        target[2, 3] = -1.0 / 500
        scene.engine.animate(AnimationOptions(duration: 0.5, curve: .linear)) {
            card.transform3D = target
            turner.transform3D = Transform3D.rotation(Double.pi / 3, x: 1, y: 0, z: 0)
        }
        for _ in 0..<30 {
            scene.engine.step()
            snapshots.append(SceneSnapshot.capture(scene))
        }
        let data = PlotData(snapshots)
        let scale = try #require(data.series.first { $0.viewName == "card" && $0.quantity == .scale3D })
        #expect(scale.quantity.laneNames == ["sx", "sy", "sz"])
        #expect(scale.spans.count == 1 && scale.spans[0].target == [1.5, 0.5, 1])
        // Linear: halfway, halfway between 1 and each end.
        #expect(abs(scale.lanes[0][15]! - 1.25) < 1e-9 && abs(scale.lanes[1][15]! - 0.75) < 1e-9 && scale.lanes[2][15]! == 1)
        let perspective = try #require(data.series.first { $0.viewName == "card" && $0.quantity == .perspective })
        #expect(abs(perspective.spans[0].target[0] + 0.002) < 1e-12)
        #expect(perspective.lanes[0][0]! == 0 && abs(perspective.lanes[0][15]! + 0.001) < 1e-12 && abs(perspective.lanes[0][30]! + 0.002) < 1e-12)
        let turnerPanels = data.series.filter { $0.viewName == "turner" }.map(\.quantity)
        #expect(turnerPanels == [.rotation3D], "\(turnerPanels)")
    }

    @Test("value labels: whole from 100, two decimals below, two significant digits below a hundredth")
    func valueLabels() {
        #expect(CurvePlot.shortNumber(195) == "195" && CurvePlot.shortNumber(-0.5) == "-0.5" && CurvePlot.shortNumber(0.01) == "0.01")
        #expect(CurvePlot.shortNumber(-0.0005) == "-0.0005" && CurvePlot.shortNumber(-1.0 / 700) == "-0.0014")
        #expect(CurvePlot.shortNumber(0.0099) == "0.0099" && CurvePlot.shortNumber(0) == "0")
    }

    @Test("a value that passes its target is reported as an overshoot, by how much and where")
    func overshoot() {
        let series = PlotData.Series(
            viewName: "v", quantity: .alpha,
            lanes: [[0, 0.6, 1.2, 1.0]], spans: [PlotData.Span(begin: 0, end: 3, curve: "spring", target: [1])])
        let over = series.overshoot(times: [0, 1, 2, 3])
        #expect(abs(over.fraction - 0.2) < 1e-9 && over.lane == "alpha")
    }

    @Test("animations one after another share a bar row; overlapping ones stack")
    func barRows() {
        let spans = [(0.0, 0.5), (0.5, 1.0), (0.2, 0.4)].map { PlotData.Span(begin: $0.0, end: $0.1, curve: "", target: []) }
        #expect(CurvePlot.barRows(spans) == [0, 0, 1])
    }

    /// cover-vertical presented by a drag that scrubs forwards and back, then released.
    static func interactiveRun() throws -> TransitionRun.Report {
        let registry = EffectRegistry()
        for standard in StandardEffect.all() { registry.register(standard) }
        return try TransitionRun.run(registry: registry, options: .init(
            effect: "cover-vertical", presentGesture: "0=0, 0.1=0.4, 0.2=0.2, 0.3=0.6, release=0.5"))
    }

    @Test("an interactive run: one span per animation, however often the gesture scrubbed it, marked as driven by it")
    func interactiveSpans() throws {
        let data = PlotData(try Self.interactiveRun().snapshots)
        let position = try #require(data.series.first { $0.viewName == "detail" && $0.quantity == .position })
        #expect(position.spans.count == 2, "the presentation and the dismissal, not one per scrubbed frame: \(position.spans.count)")
        #expect(position.spans[0].interactive && !position.spans[1].interactive)
        #expect(position.spans[0].end > position.spans[0].begin)
    }

    @Test("however many animations a property has, its curves keep most of the panel; the rest of the bars are counted")
    func boundedBarRows() {
        let many = (0..<40).map { i in PlotData.Span(begin: Double(i) * 0.01, end: 1, curve: "linear", target: []) }
        let rows = CurvePlot.barRows(many)
        #expect(rows.max() == 39, "they all overlap")
        let area = CurvePlot.graphArea(top: 100, rows: rows)
        #expect(area.bottom - area.top >= CurvePlot.panelHeight - 16 * Double(CurvePlot.maxBarRows) - 14)
        #expect(area.bottom > area.top && area.top >= 100 && area.bottom <= 100 + CurvePlot.panelHeight)
    }

    @Test("a long view name is shortened in the middle to leave the value labels their room")
    func fittedTitles() {
        let measure = { (s: String) in Double(s.count) * 8 }
        #expect(CurvePlot.fitted("detail", width: 100, measure: measure) == "detail")
        let long = CurvePlot.fitted("snapshot of list.cell1.thumbnail", width: 100, measure: measure)
        #expect(measure(long) <= 100 && long.contains("…") && long.hasPrefix("snap") && long.hasSuffix("nail"), "\(long)")
    }

    @Test("the plot is written as PNG and as SVG, and its summary names the curve")
    func writes() throws {
        let plot = CurvePlot(report: try standardRun("cross-dissolve"))
        let folder = try ScratchFolder("plot")
        let message = try plot.write(to: folder.file("p.png"))
        #expect(message.contains("animated propert"))
        let png = try CairoImage.readPNG(folder.file("p.png"))
        #expect(png.width == 960 && png.height > 200)
        _ = try plot.write(to: folder.file("p.svg"))
        let svg = try String(contentsOfFile: folder.file("p.svg"), encoding: .utf8)
        #expect(svg.contains("<svg"))
        #expect(plot.summary().contains("alpha") && plot.summary().contains("ease-in-out"), "\(plot.summary())")
    }
}
