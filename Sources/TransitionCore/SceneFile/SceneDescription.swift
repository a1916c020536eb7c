/// A scene declared in a file (`host run --scene FILE`): screens with their view trees, how
/// they are contained (modal, a navigation stack, tabs), and segues that run an effect.
///
/// The format is JSON; docs/SCENES.md describes it. Every error names the line and the key
/// path at fault ("screens[1].views[0].frame").
public struct SceneDescription: Equatable, Sendable {
    public struct ViewNode: Equatable, Sendable {
        public var name: String
        public var frame: Rect
        public var color: Color
        public var cornerRadius: Double
        public var alpha: Double
        /// Views on two screens with the same shared id are one element for effects that
        /// move it between screens (as Hero's heroID).
        public var sharedID: String?
        public var text: String?
        public var children: [ViewNode]
        /// The CALayer properties the node sets; UIKit's defaults for the rest.
        public var layer = LayerStyle()
        /// Per-view modifiers for effects, as Hero's ("fade scale(0.8)"): syntax checked here
        /// (ViewModifiers), meaning left to the effect; nil for none.
        public var modifiers: String? = nil
        /// A picture over the background: the `gradient` or `landscape` key; nil for none.
        public var contents: LayerContents? = nil
    }

    /// A view's layer properties in a scene file: corners, clipping, border and shadow.
    public struct LayerStyle: Equatable, Sendable {
        public var maskedCorners: CornerMask = .all
        public var clipsToBounds = false
        public var borderWidth = 0.0
        public var borderColor: Color = .black
        public var shadowColor: Color = .black
        public var shadowOpacity = 0.0
        public var shadowRadius = 3.0
        public var shadowOffset = Size(width: 0, height: -3)
        // ABI 1.2's.
        public var cornerCurve = CornerCurve.circular
        public var zPosition = 0.0
        public var isDoubleSided = true
        public var anchorPoint = Point(x: 0.5, y: 0.5)
        public var mask = MaskShape.none
        public var blur = BlurEffect.none
        public var shadowPath = MaskShape.none
        public var autoresizing: AutoresizingMask = []
        public init() {}
    }

    /// The names of the corners in `maskedCorners`, as CACornerMask's.
    static let cornerNames: [(String, CornerMask)] = [
        ("topLeft", .topLeft), ("topRight", .topRight), ("bottomLeft", .bottomLeft), ("bottomRight", .bottomRight),
    ]

    public struct Screen: Equatable, Sendable {
        public var name: String
        public var color: Color
        public var views: [ViewNode]
        /// A word the scene gives the screen ("photo", "settings") for a delegate that picks its
        /// effect by screen (ABI 1.1's animator_for_screens); nil for none.
        public var tag: String? = nil
    }

    public enum Containment: String, Equatable, Sendable { case modal, navigation, tabs }

    public struct Segue: Equatable, Sendable {
        public var name: String
        public var from: String
        public var to: String
        /// An effect name (short or qualified); nil for the host's standard one.
        public var effect: String?
        /// "name=value" for the effect's parameters.
        public var parameters: [String]
    }

    public var windowSize: Size
    /// Whether the device's status bar, home indicator and display corners are drawn above
    /// every screen (DeviceChrome): "chrome": false leaves a bare window.
    public var chrome = true
    public var containment: Containment
    public var screens: [Screen]
    public var start: String
    public var segues: [Segue]

    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let line: Int
        public let key: String
        public let message: String
        public var description: String { "line \(line), \(key.isEmpty ? "document" : "key '\(key)'"): \(message)" }
    }
}

extension SceneDescription {
    public init(parsing text: String) throws {
        let root: JSONValue.Located
        do { root = try JSONDocument.parse(text) } catch let e as JSONSyntaxError {
            throw Failure(line: e.line, key: "", message: e.message)
        }
        let r = Reader(root, path: "")
        try r.allowOnly(["window", "chrome", "containment", "screens", "start", "segues"])
        let window = try r.optional("window")?.numbers(2, "[width, height]") ?? [390, 844]
        guard window[0] > 0, window[1] > 0, window[0] <= 10_000, window[1] <= 10_000 else {
            throw r.child("window")!.fail("a window is between 1 and 10000 points on each side")
        }
        windowSize = Size(width: window[0], height: window[1])
        chrome = try r.optional("chrome")?.bool() ?? true
        let containmentName = try r.optional("containment")?.string() ?? "modal"
        guard let containment = Containment(rawValue: containmentName) else {
            throw r.child("containment")!.fail("'\(containmentName)' is not modal, navigation or tabs")
        }
        self.containment = containment
        screens = try r.required("screens").array().map { s in
            try s.allowOnly(["name", "color", "views", "tag"])
            return Screen(name: try s.required("name").identifier(), color: try s.optional("color")?.color() ?? .white,
                          views: try s.optional("views")?.array().map(Self.view) ?? [],
                          tag: try s.optional("tag")?.identifier())
        }
        guard !screens.isEmpty else { throw r.child("screens")!.fail("a scene needs at least one screen") }
        var seen = Set<String>()
        for (i, s) in screens.enumerated() where !seen.insert(s.name).inserted {
            throw r.child("screens")!.item(i).fail("screen '\(s.name)' is declared twice")
        }
        var viewNames = Set<String>()
        for (i, s) in screens.enumerated() {
            for name in s.views.flatMap(Self.names) where !viewNames.insert(name).inserted {
                throw r.child("screens")!.item(i).fail("view '\(name)' is declared twice; view names are unique in a scene")
            }
        }
        start = try r.optional("start")?.identifier() ?? screens[0].name
        if !seen.contains(start) { throw r.child("start")!.fail("no screen named '\(start)'") }
        segues = try r.optional("segues")?.array().map { g in
            try g.allowOnly(["name", "from", "to", "effect", "parameters"])
            let segue = Segue(
                name: try g.required("name").identifier(), from: try g.required("from").identifier(),
                to: try g.required("to").identifier(), effect: try g.optional("effect")?.string(),
                parameters: try g.optional("parameters")?.members().map { "\($0.key)=\(try $0.value.scalarText())" } ?? [])
            for (key, screen) in [("from", segue.from), ("to", segue.to)] where !seen.contains(screen) {
                throw g.child(key)!.fail("no screen named '\(screen)'")
            }
            if segue.from == segue.to { throw g.fail("a segue goes between two different screens") }
            return segue
        } ?? []
        var segueNames = Set<String>()
        for (i, g) in segues.enumerated() where !segueNames.insert(g.name).inserted {
            throw r.child("segues")!.item(i).fail("segue '\(g.name)' is declared twice")
        }
    }

    private static func view(_ r: Reader) throws -> ViewNode {
        try r.allowOnly(Set(["name", "frame", "color", "cornerRadius", "alpha", "shared", "text", "views", "modifiers"]).union(layerKeys)
            .union(contentsKeys))
        let f = try r.required("frame").numbers(4, "[x, y, width, height]")
        guard f[2] >= 0, f[3] >= 0 else { throw r.child("frame")!.fail("width and height may not be negative") }
        let alpha = try r.optional("alpha")?.number(in: 0...1) ?? 1
        let name = try r.required("name").string()
        var node = ViewNode(
            name: name, frame: Rect(x: f[0], y: f[1], width: f[2], height: f[3]),
            color: try r.optional("color")?.color() ?? .clear, cornerRadius: try r.optional("cornerRadius")?.number(in: 0...10_000) ?? 0,
            alpha: alpha, sharedID: try r.optional("shared")?.string(), text: try r.optional("text")?.string(),
            children: try r.optional("views")?.array().map(view) ?? [], layer: try layer(r),
            contents: try contents(r, view: name))
        if let modifiers = try r.optional("modifiers") {
            let text = try modifiers.string()
            if let problem = ViewModifiers.problem(in: text) {
                throw modifiers.fail("the modifiers of view '\(VisibleText.escape(name))' are not valid: \(problem)")
            }
            node.modifiers = text
        }
        return node
    }

    static let contentsKeys = ["gradient", "landscape"]

    /// The view's picture: a `gradient` or a `landscape`, not both. Errors name the view as
    /// well as the key, since a scene holds many gradients.
    private static func contents(_ r: Reader, view name: String) throws -> LayerContents? {
        do {
            return try contents(r)
        } catch let e as Failure {
            throw Failure(line: e.line, key: e.key, message: "view '\(name)': \(e.message)")
        }
    }

    private static func contents(_ r: Reader) throws -> LayerContents? {
        let gradient = try r.optional("gradient"), landscape = try r.optional("landscape")
        if gradient != nil, let landscape {
            throw landscape.fail("a view shows one picture: a gradient or a landscape, not both")
        }
        func fail(_ at: Reader, _ message: String) -> Failure { at.fail(message) }
        if let g = gradient {
            try g.allowOnly(["colors", "locations", "type", "startPoint", "endPoint", "angle"])
            let colorReaders = try g.required("colors").array()
            guard colorReaders.count >= 2, colorReaders.count <= 16 else {
                throw fail(g.child("colors")!, "a gradient has 2 to 16 colours, not \(colorReaders.count)")
            }
            let colors = try colorReaders.map { try $0.color() }
            var locations = colors.indices.map { Double($0) / Double(colors.count - 1) }
            if let l = try g.optional("locations") {
                let items = try l.array()
                guard items.count == colors.count else {
                    throw fail(l, "\(items.count) locations for \(colors.count) colours; give one per colour")
                }
                locations = try items.map { try $0.number(in: 0...1) }
                if let i = locations.indices.dropFirst().first(where: { locations[$0] < locations[$0 - 1] }) {
                    throw fail(l.item(i), "locations go from 0 to 1 and never back: \(locations[i]) after \(locations[i - 1])")
                }
            }
            let kindName = try g.optional("type")?.string() ?? "axial"
            guard let kind = Gradient.Kind(rawValue: kindName) else {
                throw fail(g.child("type")!, "'\(kindName)' is not a gradient type: axial or radial")
            }
            let stops = zip(colors, locations).map { Gradient.Stop(color: $0, location: $1) }
            func point(_ key: String) throws -> Point? {
                guard let p = try g.optional(key) else { return nil }
                let xy = try p.numbers(2, "[x, y] in unit coordinates of the bounds")
                return Point(x: xy[0], y: xy[1])
            }
            let gradientValue: Gradient
            if let angle = try g.optional("angle") {
                if kind != .axial || g.child("startPoint") != nil || g.child("endPoint") != nil {
                    throw fail(angle, "'angle' sets an axial gradient's direction: without 'startPoint', 'endPoint' or a radial type")
                }
                gradientValue = .angle(try angle.number(in: -3600...3600), stops: stops)
            } else {
                gradientValue = Gradient(kind: kind, stops: stops, startPoint: try point("startPoint"), endPoint: try point("endPoint"))
            }
            if let problem = gradientValue.problem { throw fail(g, problem) }
            return .gradient(gradientValue)
        }
        if let l = landscape {
            try l.allowOnly(["theme", "seed"])
            let themeName = try l.required("theme").string()
            guard let theme = Landscape.Theme(rawValue: themeName) else {
                throw fail(l.child("theme")!, "'\(themeName)' is not a landscape theme: "
                    + Landscape.Theme.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let seedReader = try l.optional("seed")
            let seed = try seedReader?.number(in: 0...4_294_967_295) ?? 0
            guard seed == seed.rounded() else { throw fail(seedReader!, "a seed is a whole number, not \(seed)") }
            return .landscape(Landscape(theme: theme, seed: UInt32(seed)))
        }
        return nil
    }

    static let layerKeys = [
        "maskedCorners", "clipsToBounds", "borderWidth", "borderColor",
        "shadowColor", "shadowOpacity", "shadowRadius", "shadowOffset",
        "cornerCurve", "zPosition", "doubleSided", "anchorPoint", "mask", "blur", "shadowPath", "autoresizing",
    ]

    private static func layer(_ r: Reader) throws -> LayerStyle {
        var style = LayerStyle()
        if let corners = try r.optional("maskedCorners") {
            style.maskedCorners = []
            for item in try corners.array() {
                let name = try item.string()
                guard let corner = cornerNames.first(where: { $0.0 == name })?.1 else {
                    throw item.fail("'\(name)' is not a corner: " + cornerNames.map(\.0).joined(separator: ", "))
                }
                style.maskedCorners.insert(corner)
            }
        }
        if let sizing = try r.optional("autoresizing") {
            for item in try sizing.array() {
                let name = try item.string()
                guard let bit = AutoresizingMask.names.first(where: { $0.0 == name })?.1 else {
                    throw item.fail("'\(name)' is not an autoresizing flag: " + AutoresizingMask.names.map(\.0).joined(separator: ", "))
                }
                style.autoresizing.insert(bit)
            }
        }
        if let clips = try r.optional("clipsToBounds") { style.clipsToBounds = try clips.bool() }
        if let width = try r.optional("borderWidth") { style.borderWidth = try width.number(in: 0...10_000) }
        if let color = try r.optional("borderColor") { style.borderColor = try color.color() }
        if let color = try r.optional("shadowColor") { style.shadowColor = try color.color() }
        if let opacity = try r.optional("shadowOpacity") { style.shadowOpacity = try opacity.number(in: 0...1) }
        if let radius = try r.optional("shadowRadius") { style.shadowRadius = try radius.number(in: 0...1_000) }
        if let offset = try r.optional("shadowOffset") {
            let o = try offset.numbers(2, "[dx, dy]")
            style.shadowOffset = Size(width: o[0], height: o[1])
        }
        if let curve = try r.optional("cornerCurve") {
            switch try curve.string() {
            case "circular": style.cornerCurve = .circular
            case "continuous": style.cornerCurve = .continuous
            case let other: throw curve.fail("'\(other)' is not a corner curve: circular or continuous")
            }
        }
        if let z = try r.optional("zPosition") { style.zPosition = try z.number(in: -1_000_000...1_000_000) }
        if let sided = try r.optional("doubleSided") { style.isDoubleSided = try sided.bool() }
        if let anchor = try r.optional("anchorPoint") {
            let a = try anchor.numbers(2, "[x, y]")
            style.anchorPoint = Point(x: a[0], y: a[1])
        }
        if let mask = try r.optional("mask") { style.mask = try shape(mask, what: "a mask") }
        if let path = try r.optional("shadowPath") { style.shadowPath = try shape(path, what: "a shadow path") }
        if let blur = try r.optional("blur") {
            try blur.allowOnly(["kind", "radius"])
            let kinds: [String: BlurEffect.Kind] = ["backdrop": .backdrop, "layer": .layer]
            let kindReader = try blur.required("kind")
            let name = try kindReader.string()
            guard let kind = kinds[name] else { throw kindReader.fail("'\(name)' is not a blur: backdrop or layer") }
            style.blur = BlurEffect(kind: kind, radius: try blur.required("radius").number(in: 0...BlurEffect.maxRadius))
        }
        return style
    }

    /// A mask's or a shadow path's shape: {"kind": "ellipse" or "roundedRect", "rect": [x, y,
    /// width, height], "cornerRadius": r}.
    private static func shape(_ r: Reader, what: String) throws -> MaskShape {
        try r.allowOnly(["kind", "rect", "cornerRadius"])
        let kinds: [String: MaskShape.Kind] = ["ellipse": .ellipse, "roundedRect": .roundedRect]
        let kindReader = try r.required("kind")
        let name = try kindReader.string()
        guard let kind = kinds[name] else { throw kindReader.fail("'\(name)' is not \(what): ellipse or roundedRect") }
        let rectReader = try r.required("rect")
        let f = try rectReader.numbers(4, "[x, y, width, height]")
        guard f[2] >= 0, f[3] >= 0 else { throw rectReader.fail("width and height may not be negative") }
        let radius = try r.optional("cornerRadius")?.number(in: 0...10_000) ?? 0
        return MaskShape(kind: kind, rect: Rect(x: f[0], y: f[1], width: f[2], height: f[3]), cornerRadius: radius)
    }

    private static func names(_ node: ViewNode) -> [String] { [node.name] + node.children.flatMap(names) }

    /// A located JSON value with the key path that leads to it.
    struct Reader {
        let located: JSONValue.Located
        let path: String
        init(_ located: JSONValue.Located, path: String) { self.located = located; self.path = path }

        func fail(_ message: String) -> Failure { Failure(line: located.line, key: path, message: message) }

        func child(_ key: String) -> Reader? {
            guard case .object(let members) = located.value, let m = members.first(where: { $0.key == key }) else { return nil }
            return Reader(m.value, path: path.isEmpty ? key : "\(path).\(key)")
        }
        func item(_ i: Int) -> Reader {
            guard case .array(let items) = located.value, items.indices.contains(i) else { return self }
            return Reader(items[i], path: "\(path)[\(i)]")
        }
        func required(_ key: String) throws -> Reader {
            guard case .object = located.value else { throw fail("expected an object") }
            guard let c = child(key) else { throw fail("missing key '\(key)'") }
            return c
        }
        func optional(_ key: String) throws -> Reader? {
            guard case .object = located.value else { throw fail("expected an object") }
            return child(key)
        }
        func allowOnly(_ keys: Set<String>) throws {
            guard case .object(let members) = located.value else { throw fail("expected an object") }
            if let unknown = members.first(where: { !keys.contains($0.key) }) {
                throw Reader(unknown.value, path: path.isEmpty ? unknown.key : "\(path).\(unknown.key)")
                    .fail("unknown key; expected one of \(keys.sorted().joined(separator: ", "))")
            }
        }
        func members() throws -> [(key: String, value: Reader)] {
            guard case .object(let members) = located.value else { throw fail("expected an object") }
            return members.map { ($0.key, Reader($0.value, path: "\(path).\($0.key)")) }
        }
        func array() throws -> [Reader] {
            guard case .array(let items) = located.value else { throw fail("expected an array") }
            return items.indices.map(item)
        }
        func string() throws -> String {
            guard case .string(let s) = located.value else { throw fail("expected a string") }
            return s
        }
        func bool() throws -> Bool {
            guard case .bool(let b) = located.value else { throw fail("expected true or false") }
            return b
        }
        func identifier() throws -> String {
            let s = try string()
            guard !s.isEmpty, s.count <= 64, !s.contains(" ") else { throw fail("'\(s)' is not a name (1 to 64 characters, no spaces)") }
            return s
        }
        func number(in range: ClosedRange<Double>? = nil) throws -> Double {
            guard case .number(let n) = located.value else { throw fail("expected a number") }
            if let range, !range.contains(n) { throw fail("\(n) is outside \(range.lowerBound)…\(range.upperBound)") }
            return n
        }
        func numbers(_ count: Int, _ shape: String) throws -> [Double] {
            let items = try array()
            guard items.count == count else { throw fail("expected \(shape): \(count) numbers") }
            return try items.map { try $0.number(in: -100_000...100_000) }
        }
        /// "#rrggbb" or "#rrggbbaa".
        func color() throws -> Color {
            let s = try string()
            let hex = Array(s.utf8.dropFirst())
            guard s.hasPrefix("#"), hex.count == 6 || hex.count == 8,
                  let value = UInt64(String(decoding: hex, as: UTF8.self), radix: 16)
            else { throw fail("'\(s)' is not a colour like \"#3478f6\" or \"#3478f680\"") }
            let v = hex.count == 6 ? value << 8 | 0xff : value
            return Color(red: Double(v >> 24 & 0xff) / 255, green: Double(v >> 16 & 0xff) / 255,
                         blue: Double(v >> 8 & 0xff) / 255, alpha: Double(v & 0xff) / 255)
        }
        func scalarText() throws -> String {
            switch located.value {
            case .string(let s): return s
            case .number(let n): return n == n.rounded() && abs(n) < 1e15 ? String(Int64(n)) : String(n)
            case .bool(let b): return b ? "true" : "false"
            default: throw fail("expected a number, a string or true/false")
            }
        }
    }
}
