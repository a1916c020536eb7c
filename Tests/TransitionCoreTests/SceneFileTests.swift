import Testing
@testable import TransitionCore

// Scene files: the format, its errors (line and key), and runs of their segues.

private let twoScreens = """
{
  "window": [200, 400],
  "containment": "navigation",
  "screens": [
    {"name": "list", "color": "#f2f2f7", "views": [
      {"name": "list.thumb", "frame": [10, 50, 40, 40], "color": "#3478f6", "shared": "p1", "cornerRadius": 6}
    ]},
    {"name": "detail", "views": [
      {"name": "detail.header", "frame": [0, 0, 200, 200], "color": "#3478f680", "shared": "p1", "text": "Header"}
    ]}
  ],
  "segues": [
    {"name": "open", "from": "list", "to": "detail", "effect": "cross-dissolve", "parameters": {"x": 1.5, "y": "top"}}
  ]
}
"""

@Suite("Scene files") struct SceneFileTests {
    @Test func parsesScreensViewsAndSegues() throws {
        let d = try SceneDescription(parsing: twoScreens)
        #expect(d.windowSize == Size(width: 200, height: 400))
        #expect(d.containment == .navigation)
        #expect(d.start == "list")
        #expect(d.screens.map(\.name) == ["list", "detail"])
        let header = d.screens[1].views[0]
        #expect(header.sharedID == "p1" && header.text == "Header")
        #expect(abs(header.color.alpha - 128.0 / 255) < 1e-12 && abs(header.color.blue - 246.0 / 255) < 1e-12)
        #expect(d.segues == [.init(name: "open", from: "list", to: "detail", effect: "cross-dissolve", parameters: ["x=1.5", "y=top"])])
    }

    @Test(arguments: [
        ("{\"screens\": []}", 1, "screens", "at least one screen"),
        ("{\n\"screens\": [{\"name\": \"a\"}],\n\"colour\": 1}", 3, "colour", "unknown key"),
        ("{\"screens\": [\n {\"name\": \"a\", \"views\": [\n  {\"name\": \"v\", \"frame\": [0, 0, -1, 5]}]}]}", 3, "screens[0].views[0].frame", "negative"),
        ("{\"screens\": [{\"name\": \"a\", \"color\": \"blue\"}]}", 1, "screens[0].color", "not a colour"),
        ("{\"screens\": [{\"name\": \"a\"}], \"start\": \"b\"}", 1, "start", "no screen named 'b'"),
        ("{\"screens\": [{\"name\": \"a\"}, {\"name\": \"a\"}]}", 1, "screens[1]", "declared twice"),
        ("{\"screens\": [{\"name\": \"a\"}],\n \"segues\": [{\"name\": \"s\", \"from\": \"a\",\n \"to\": \"z\"}]}", 3, "segues[0].to", "no screen named 'z'"),
        ("{\"screens\": [{\"name\": \"a\", \"views\": [{\"frame\": [0,0,1,1]}]}]}", 1, "screens[0].views[0]", "missing key 'name'"),
        ("{\"screens\": [{\"name\": \"a\"}], \"containment\": \"stack\"}", 1, "containment", "not modal, navigation or tabs"),
    ])
    func errorsNameTheLineAndTheKey(text: String, line: Int, key: String, message: String) {
        do {
            _ = try SceneDescription(parsing: text)
            Issue.record("accepted: \(text)")
        } catch let error as SceneDescription.Failure {
            #expect(error.line == line, "\(error)")
            #expect(error.key == key, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        } catch { Issue.record("\(error)") }
    }

    @Test func syntaxErrorsHaveALine() {
        #expect(throws: SceneDescription.Failure(line: 3, key: "", message: "expected ',' or '}' after the value of 'a'")) {
            try SceneDescription(parsing: "{\n\"a\": 1\n\"b\": 2}")
        }
    }

    @Test func hugeOrDeeplyNestedDocumentsAreRefused() {
        let deep = String(repeating: "[", count: 500) + String(repeating: "]", count: 500)
        #expect(throws: SceneDescription.Failure.self) { try SceneDescription(parsing: deep) }
        #expect(throws: JSONSyntaxError.self) { try JSONDocument.parse(deep) }
    }

    @Test func aBuiltSceneHasEveryScreenAndTheStartOnScreen() throws {
        let built = BuiltScene(try SceneDescription(parsing: twoScreens))
        #expect(built.start.name == "list")
        #expect(built.start.view.superview === built.scene.window)
        let thumb = try #require(built.start.view.subviews.first)
        #expect(thumb.sharedID == "p1" && thumb.cornerRadius == 6)
        #expect(built.labels["detail.header"]?.string == "Header")
    }

    @Test func aSegueRunsThereAndBackOnItsContainment() throws {
        let registry = EffectRegistry()
        for e in StandardEffect.all() { registry.register(e) }
        var options = TransitionRun.Options(effect: "")
        options.scene = try SceneDescription(parsing: twoScreens.replacingOccurrences(of: ", \"parameters\": {\"x\": 1.5, \"y\": \"top\"}", with: ""))
        let report = try TransitionRun.run(registry: registry, options: options)
        #expect(report.flow == .push)
        #expect(report.isClean, "\(report.outcomes)")
        #expect(report.effect.effectID == "cross-dissolve")
        #expect(report.outcomes.map(\.kind) == [.push, .pop])
        options.segue = "close"
        #expect(throws: TransitionRun.Failure.self) { try TransitionRun.run(registry: registry, options: options) }
    }
}

extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        var result = "", rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

/// ABI 1.2's layer properties in scene files: the same values a plugin can set, checked as
/// strictly, and built onto the views with the file's frame kept.
@Suite("Scene files: ABI 1.2's layer keys") struct SceneFileLayerKeys12Tests {
    static let scene = """
        {"screens": [{"name": "a", "views": [
          {"name": "door", "frame": [10, 20, 100, 200], "color": "#ffffff", "anchorPoint": [0, 0.5],
           "cornerCurve": "continuous", "zPosition": 2, "doubleSided": false,
           "mask": {"kind": "roundedRect", "rect": [5, 5, 90, 190], "cornerRadius": 12}},
          {"name": "dot", "frame": [0, 0, 50, 50], "mask": {"kind": "ellipse", "rect": [0, 0, 50, 50]},
           "blur": {"kind": "backdrop", "radius": 20}, "shadowPath": {"kind": "roundedRect", "rect": [-2, 4, 54, 50], "cornerRadius": 9}}]}]}
        """

    @Test("each key reaches the view; the anchor point keeps the file's frame")
    func built() throws {
        let built = BuiltScene(try SceneDescription(parsing: Self.scene))
        let door = try #require(built.scene.window.subtree().first { $0.name == "door" })
        #expect(door.frame == Rect(x: 10, y: 20, width: 100, height: 200))
        #expect(door.anchorPoint == Point(x: 0, y: 0.5) && door.center == Point(x: 10, y: 120))
        #expect(door.cornerCurve == .continuous && door.zPosition == 2 && !door.isDoubleSided)
        #expect(door.mask == MaskShape(kind: .roundedRect, rect: Rect(x: 5, y: 5, width: 90, height: 190), cornerRadius: 12))
        let dot = try #require(built.scene.window.subtree().first { $0.name == "dot" })
        #expect(dot.mask == MaskShape(kind: .ellipse, rect: Rect(x: 0, y: 0, width: 50, height: 50)))
        #expect(dot.blur == BlurEffect(kind: .backdrop, radius: 20) && door.blur == .none)
        #expect(dot.shadowPath == MaskShape(kind: .roundedRect, rect: Rect(x: -2, y: 4, width: 54, height: 50), cornerRadius: 9))
    }

    @Test("bad values name the key", arguments: [
        ("\"cornerCurve\": \"round\"", "cornerCurve", "not a corner curve"),
        ("\"mask\": {\"kind\": \"star\", \"rect\": [0, 0, 1, 1]}", "mask.kind", "not a mask"),
        ("\"mask\": {\"kind\": \"ellipse\", \"rect\": [0, 0, -1, 1]}", "mask.rect", "negative"),
        ("\"mask\": {\"kind\": \"ellipse\"}", "mask", "missing key 'rect'"),
        ("\"anchorPoint\": [0.5]", "anchorPoint", "[x, y]"),
        ("\"blur\": {\"kind\": \"gaussian\", \"radius\": 2}", "blur.kind", "not a blur"),
        ("\"blur\": {\"kind\": \"layer\", \"radius\": 100.5}", "blur.radius", "100"),
        ("\"blur\": {\"kind\": \"layer\", \"radius\": -1}", "blur.radius", "0"),
        ("\"blur\": {\"kind\": \"layer\"}", "blur", "missing key 'radius'"),
        ("\"shadowPath\": {\"kind\": \"star\", \"rect\": [0, 0, 1, 1]}", "shadowPath.kind", "not a shadow path"),
        ("\"doubleSided\": 1", "doubleSided", "true or false"),
    ])
    func refused(key: String, path: String, message: String) {
        let text = "{\"screens\": [{\"name\": \"a\", \"views\": [{\"name\": \"v\", \"frame\": [0, 0, 10, 10], \(key)}]}]}"
        do {
            _ = try SceneDescription(parsing: text)
            Issue.record("accepted: \(text)")
        } catch let error as SceneDescription.Failure {
            #expect(error.key == "screens[0].views[0].\(path)", "\(error)")
            #expect(error.message.contains(message), "\(error)")
        } catch { Issue.record("\(error)") }
    }
}
