import Testing
@testable import TransitionCore

// Pictures in scene files: a view's `gradient` and `landscape` keys, read, checked (a bad one
// refused at load naming the view, the line and the key) and carried to the built view and to
// a snapshot of it.

private func scene(view: String) -> String {
    """
    {"screens": [{"name": "a", "views": [
      {"name": "a.card", "frame": [0, 0, 100, 50],
       \(view)}
    ]}]}
    """
}

@Suite("Scene files: pictures") struct SceneContentsTests {
    func contents(_ view: String) throws -> LayerContents? {
        try SceneDescription(parsing: scene(view: view)).screens[0].views[0].contents
    }

    @Test("a gradient's colours, locations, type and points are read; CAGradientLayer's defaults fill the rest")
    func gradientKeys() throws {
        let full = try contents("""
            "gradient": {"colors": ["#ff0000", "#00ff0080", "#0000ff"], "locations": [0, 0.25, 1], "type": "radial",
                         "startPoint": [0.2, 0.3], "endPoint": [0.9, 1.1]}
            """)
        guard case .gradient(let g) = full else { Issue.record("\(String(describing: full))"); return }
        #expect(g.kind == .radial && g.stops.map(\.location) == [0, 0.25, 1])
        #expect(g.stops[1].color == Color(red: 0, green: 1, blue: 0, alpha: 128.0 / 255))
        #expect(g.startPoint == Point(x: 0.2, y: 0.3) && g.endPoint == Point(x: 0.9, y: 1.1))

        guard case .gradient(let plain) = try contents(##""gradient": {"colors": ["#000000", "#ffffff", "#000000"]}"##) else {
            Issue.record("no gradient"); return
        }
        #expect(plain.kind == .axial && plain.stops.map(\.location) == [0, 0.5, 1], "evenly spread")
        #expect(plain.startPoint == Point(x: 0.5, y: 0) && plain.endPoint == Point(x: 0.5, y: 1), "top to bottom")

        guard case .gradient(let turned) = try contents(##""gradient": {"colors": ["#000000", "#ffffff"], "angle": 0}"##) else {
            Issue.record("no gradient"); return
        }
        #expect(abs(turned.startPoint.x) < 1e-12 && abs(turned.startPoint.y - 0.5) < 1e-12 && abs(turned.endPoint.x - 1) < 1e-12,
                "angle 0 runs left to right: \(turned)")
    }

    @Test("a landscape's theme and seed are read; the seed defaults to 0")
    func landscapeKeys() throws {
        #expect(try contents(##""landscape": {"theme": "sunset", "seed": 42}"##) == .landscape(Landscape(theme: .sunset, seed: 42)))
        #expect(try contents(##""landscape": {"theme": "forest"}"##) == .landscape(Landscape(theme: .forest, seed: 0)))
        #expect(try contents(##""color": "#ffffff""##) == nil)
    }

    @Test("a bad picture is refused at load, naming the view, the line and the key", arguments: [
        (##""gradient": {"colors": ["#ff0000"]}"##, "gradient.colors", "2 to 16 colours"),
        (##""gradient": {"colors": ["#ff0000", "red"]}"##, "gradient.colors[1]", "not a colour"),
        (##""gradient": {"colors": ["#ff0000", "#00ff00"], "locations": [0, 1.5]}"##, "gradient.locations[1]", "outside"),
        (##""gradient": {"colors": ["#ff0000", "#00ff00", "#0000ff"], "locations": [0, 0.8, 0.4]}"##, "gradient.locations[2]", "never back"),
        (##""gradient": {"colors": ["#ff0000", "#00ff00"], "locations": [0]}"##, "gradient.locations", "one per colour"),
        (##""gradient": {"colors": ["#ff0000", "#00ff00"], "type": "conic"}"##, "gradient.type", "not a gradient type"),
        (##""gradient": {"colors": ["#ff0000", "#00ff00"], "startPoint": [0.5, 0.5], "endPoint": [0.5, 0.5]}"##, "gradient", "no direction"),
        (##""gradient": {"colors": ["#ff0000", "#00ff00"], "type": "radial", "endPoint": [0.5, 1]}"##, "gradient", "in x and in y"),
        (##""gradient": {"colors": ["#ff0000", "#00ff00"], "angle": 45, "startPoint": [0, 0]}"##, "gradient.angle", "without 'startPoint'"),
        (##""gradient": {"colors": ["#ff0000", "#00ff00"], "startPoint": [0, "x"]}"##, "gradient.startPoint[1]", "expected a number"),
        (##""gradient": {"colours": ["#ff0000", "#00ff00"]}"##, "gradient.colours", "unknown key"),
        (##""gradient": {"colors": ["#ff0000", "#00ff00"]}, "landscape": {"theme": "sea"}"##, "landscape", "not both"),
        (##""landscape": {"theme": "moon"}"##, "landscape.theme", "not a landscape theme"),
        (##""landscape": {"theme": "sea", "seed": 1.5}"##, "landscape.seed", "whole number"),
        (##""landscape": {"theme": "sea", "seed": -1}"##, "landscape.seed", "outside"),
    ])
    func badPicturesAreRefused(view: String, key: String, message: String) {
        do {
            _ = try SceneDescription(parsing: scene(view: view))
            Issue.record("accepted: \(view)")
        } catch let error as SceneDescription.Failure {
            #expect(error.line == 3, "\(error)")
            #expect(error.key == "screens[0].views[0].\(key)", "\(error)")
            #expect(error.message.hasPrefix("view 'a.card': "), "names the view: \(error)")
            #expect(error.message.contains(message), "\(error)")
        } catch { Issue.record("\(error)") }
    }

    @Test("a number JSON cannot hold (NaN, 1e999) is refused before a gradient sees it")
    func notFiniteNumbers() {
        for bad in ["NaN", "1e999"] {
            #expect(throws: SceneDescription.Failure.self) {
                try SceneDescription(parsing: scene(view: ##""gradient": {"colors": ["#000000", "#ffffff"], "locations": [0, \##(bad)]}"##))
            }
        }
        // Built in code, a NaN location is a problem too.
        let g = Gradient(stops: [.init(color: .black, location: 0), .init(color: .white, location: .nan)])
        #expect(g.problem != nil)
    }

    @Test("the built view shows the picture, and a snapshot of it keeps it")
    func builtAndSnapshotted() throws {
        let d = try SceneDescription(parsing: scene(view: ##""landscape": {"theme": "lake", "seed": 9}"##))
        let built = BuiltScene(d)
        let card = try #require(built.scene.views.first { $0.name == "a.card" })
        #expect(card.contents == .landscape(Landscape(theme: .lake, seed: 9)))
        let shot = built.scene.snapshot(of: card)
        #expect(shot.snapshotContent?.layers.first?.contents == card.contents)
        built.scene.window.addSubview(shot)
        let frame = SceneSnapshot.capture(built.scene)
        #expect(frame.layers.filter { $0.contents == card.contents }.count == 2, "the card and the snapshot's picture of it")
    }

    @Test("a gradient averages to the mean of its colours along the axis")
    func averageColor() {
        let even = Gradient(colors: [.black, .white])
        #expect(abs(even.averageColor.red - 0.5) < 1e-12 && even.averageColor.alpha == 1)
        // Black until 0.5, then to white: a quarter of white on average.
        let late = Gradient(stops: [.init(color: .black, location: 0.5), .init(color: .white, location: 1)])
        #expect(abs(late.averageColor.green - 0.25) < 1e-12)
    }

    @Test("the bundled photos scene shows pictures: a landscape in every thumbnail and in the detail photo, a gradient over it")
    func photosScene() throws {
        let text = try String(contentsOfFile: Self.photosPath, encoding: .utf8)
        let d = try SceneDescription(parsing: text)
        func all(_ nodes: [SceneDescription.ViewNode]) -> [SceneDescription.ViewNode] { nodes.flatMap { [$0] + all($0.children) } }
        let views = d.screens.flatMap { all($0.views) }
        let thumbnails = views.filter { $0.name.hasSuffix(".thumbnail") }
        #expect(thumbnails.count >= 4 && thumbnails.allSatisfy { node in
            guard case .landscape = node.contents else { return false }
            return true
        })
        let themes = thumbnails.compactMap { node -> Landscape.Theme? in
            guard case .landscape(let l) = node.contents else { return nil }
            return l.theme
        }
        #expect(Set(themes).count == thumbnails.count,
                "each thumbnail a different kind of photo")
        let header = try #require(views.first { $0.name == "photo.header" })
        #expect(header.contents == thumbnails.first { $0.sharedID == header.sharedID }?.contents, "the header is the thumbnail's photo")
        #expect(views.contains { node in
            guard case .gradient = node.contents else { return false }
            return true
        })
    }

    static let photosPath: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/") + "/Scenes/photos.json"
    }()
}
