import TransitionCore

/// One element of the web page (a WebPageTree node) as the page's script takes it: its CSS
/// at every frame, split into what never changes (`still`), what the browser interpolates
/// from frame to frame (`moves`) and what changes only at a frame (`steps`); and its border,
/// which CALayer draws over the view's subviews, as an element of its own laid over them.
struct WebPageNode {
    typealias Track = (name: String, values: [String])

    let parent: Int
    let name: String
    private(set) var still: [(name: String, value: String)] = []
    private(set) var moves: [Track] = []
    private(set) var steps: [Track] = []
    /// The picture it shows throughout (WebPageTree.pictures), when that never changes.
    private(set) var picture: Int?
    private(set) var border: (still: [(name: String, value: String)], moves: [Track])?

    init(_ node: WebPageTree.Node, frames: Int) {
        parent = node.parent ?? -1
        name = node.name
        let states = node.heldStates
        let projective = states.contains { !Self.isAffine($0.transform) }
        // Written out only when it changes from frame to frame: most properties of most views
        // never do, and the text of a number costs more than comparing it.
        func track<Key: Equatable>(_ name: String, _ key: (WebPageTree.State) -> Key, _ text: (WebPageTree.State) -> String,
                                   into list: inout [Track]) {
            let first = key(states[0])
            if states.allSatisfy({ key($0) == first }) { still.append((name, text(states[0]))) } else { list.append((name, states.map(text))) }
        }
        track("transform", { $0.transform }, { Self.transform($0.transform, projective: projective) }, into: &moves)
        track("opacity", { $0.look.alpha }, { Self.number($0.look.alpha, 4) }, into: &moves)
        track("width", { $0.look.bounds.size.width }, { Self.pixels($0.look.bounds.size.width) }, into: &moves)
        track("height", { $0.look.bounds.size.height }, { Self.pixels($0.look.bounds.size.height) }, into: &moves)
        track("backgroundColor", { $0.look.backgroundColor }, { Self.color($0.look.backgroundColor) }, into: &moves)
        track("borderRadius", { [$0.look.cornerRadius, $0.look.bounds.size.width, $0.look.bounds.size.height, Double($0.look.maskedCorners.rawValue)] },
              { Self.radii($0.look) }, into: &moves)
        track("boxShadow", { s -> [Double] in
            let l = s.look, c = l.shadowColor
            return [l.shadowOpacity, l.shadowRadius, l.shadowOffset.width, l.shadowOffset.height, c.red, c.green, c.blue, c.alpha]
        }, { Self.shadow($0.look) }, into: &moves)
        track("clipPath", { $0.look.mask }, { Self.clipPath($0.look) }, into: &moves)
        track("filter", { $0.look.blur.kind == .layer ? $0.look.blur.radius : 0 },
              { $0.look.blur.kind == .layer && $0.look.blur.radius > 0 ? "blur(\(Self.pixels($0.look.blur.radius)))" : "none" }, into: &moves)
        track("backdropFilter", { $0.look.blur.kind == .backdrop ? $0.look.blur.radius : 0 }, {
            $0.look.blur.kind == .backdrop && $0.look.blur.radius > 0 ? "blur(\(Self.pixels($0.look.blur.radius)))" : "none"
        }, into: &moves)
        // Not there, or hidden: unseen with all it holds, a step rather than a fade. (Chromium
        // also paints black around a clip-path that animates over children whose opacity
        // animates, a browser bug that this keeps most pages clear of.)
        track("visibility", { $0.shown }, { $0.shown ? "visible" : "hidden" }, into: &steps)
        track("zIndex", { $0.order }, { String($0.order) }, into: &steps)
        track("overflow", { $0.look.clipsToBounds }, { $0.look.clipsToBounds ? "hidden" : "visible" }, into: &steps)
        let pictures = states.map { $0.picture ?? -1 }
        if pictures.allSatisfy({ $0 == pictures[0] }) {
            picture = pictures[0] >= 0 ? pictures[0] : nil
        } else {
            steps.append(("backgroundImage", pictures.map(String.init)))
        }
        // Only noise is dropped: a property at its CSS default is not written.
        still.removeAll { ["filter", "backdropFilter", "boxShadow", "clipPath"].contains($0.name) && $0.value == "none" }
        still.removeAll { ["overflow", "visibility"].contains($0.name) && $0.value == "visible" }
        if states.contains(where: { $0.look.borderWidth > 0 && $0.look.borderColor.alpha > 0 }) {
            var borderStill: [(name: String, value: String)] = [], borderMoves: [Track] = []
            for (name, value) in [("borderWidth", { (s: WebPageTree.State) in Self.pixels(min(s.look.borderWidth, s.look.bounds.size.width / 2, s.look.bounds.size.height / 2)) }),
                                  ("borderColor", { (s: WebPageTree.State) in Self.color(s.look.borderColor) })] {
                let values = states.map(value)
                if values.allSatisfy({ $0 == values[0] }) { borderStill.append((name, values[0])) } else { borderMoves.append((name, values)) }
            }
            border = (borderStill, borderMoves)
        }
    }

    func write(to json: inout JSONWriter) {
        json.object { json in
            json.field("parent", parent)
            json.field("name", name)
            json.key("still")
            json.object { json in for (name, value) in still { json.field(name, value) } }
            if let picture { json.field("picture", picture) }
            if !moves.isEmpty { json.key("moves"); Self.write(moves, to: &json) }
            if !steps.isEmpty { json.key("steps"); Self.write(steps, to: &json) }
            if let border {
                json.key("border")
                json.object { json in
                    json.key("still")
                    json.object { json in for (name, value) in border.still { json.field(name, value) } }
                    if !border.moves.isEmpty { json.key("moves"); Self.write(border.moves, to: &json) }
                }
            }
        }
    }

    private static func write(_ tracks: [Track], to json: inout JSONWriter) {
        json.object { json in
            for track in tracks {
                json.key(track.name)
                json.array { json in for value in track.values { json.string(value) } }
            }
        }
    }

    static func isAffine(_ h: Homography) -> Bool { abs(h.c) < 1e-12 && abs(h.f) < 1e-12 && abs(h.i - 1) < 1e-12 }

    /// CSS's transform for a row-vector map: matrix(a, b, c, d, e, f) takes x' = a x + c y + e,
    /// and matrix3d lists a column-vector matrix by columns, which is the row-vector one by rows.
    static func transform(_ h: Homography, projective: Bool) -> String {
        guard projective else {
            return "matrix(\([h.a, h.b, h.d, h.e].map { number($0, 6) }.joined(separator: ", ")), \(number(h.g, 4)), \(number(h.h, 4)))"
        }
        // The perspective terms are small (1/500 and less): more decimals.
        let entries = [number(h.a, 6), number(h.b, 6), "0", number(h.c, 10), number(h.d, 6), number(h.e, 6), "0", number(h.f, 10),
                       "0", "0", "1", "0", number(h.g, 4), number(h.h, 4), "0", number(h.i, 8)]
        return "matrix3d(\(entries.joined(separator: ", ")))"
    }

    /// `x` to `decimals` places, trailing zeros dropped ("0.5", "12", "-0.002"): the page
    /// writes tens of thousands, so from integers rather than through text edits.
    static func number(_ x: Double, _ decimals: Int) -> String {
        var scale: Int64 = 1
        for _ in 0..<decimals { scale *= 10 }
        guard x.isFinite, abs(x) * Double(scale) < 9e15 else { return x.isFinite ? String(Int64(x.rounded())) : "0" }
        var units = Int64((abs(x) * Double(scale)).rounded())
        guard units != 0 else { return "0" }
        var places = decimals
        while places > 0 && units % 10 == 0 {
            units /= 10
            places -= 1
        }
        var divisor: Int64 = 1
        for _ in 0..<places { divisor *= 10 }
        let sign = x < 0 ? "-" : ""
        guard places > 0 else { return sign + String(units) }
        let fraction = String(units % divisor)
        return sign + String(units / divisor) + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
    static func pixels(_ x: Double) -> String { number(x, 3) + "px" }

    static func color(_ c: Color) -> String {
        func channel(_ v: Double) -> String { String(Int((min(max(v, 0), 1) * 255).rounded())) }
        return "rgba(\(channel(c.red)), \(channel(c.green)), \(channel(c.blue)), \(number(min(max(c.alpha, 0), 1), 4)))"
    }

    /// The corner radius as CALayer clamps it, on the corners it rounds (CSS's order: top
    /// left, top right, bottom right, bottom left). Continuous corners become circular ones.
    static func radii(_ look: ViewAppearance) -> String {
        let r = max(0, min(look.cornerRadius, look.bounds.size.width / 2, look.bounds.size.height / 2))
        let corners: [CornerMask] = [.topLeft, .topRight, .bottomRight, .bottomLeft]
        return corners.map { look.maskedCorners.contains($0) ? pixels(r) : "0px" }.joined(separator: " ")
    }

    /// CALayer's shadow: its radius is CSS's blur length (a Gaussian of half of it, as the
    /// renderer's), its offset in the view's own coordinates, which box-shadow's are too.
    static func shadow(_ look: ViewAppearance) -> String {
        guard look.shadowOpacity > 0, look.shadowColor.alpha > 0 else { return "none" }
        var color = look.shadowColor
        color.alpha = min(1, color.alpha * look.shadowOpacity)
        return "\(pixels(look.shadowOffset.width)) \(pixels(look.shadowOffset.height)) \(pixels(max(0, look.shadowRadius))) \(Self.color(color))"
    }

    /// The mask as a clip-path in the view's own coordinates (its bounds' origin at 0, 0):
    /// an empty shape, which leaves nothing, as a polygon of no area.
    static func clipPath(_ look: ViewAppearance) -> String {
        let mask = look.mask
        let origin = look.bounds.origin, size = look.bounds.size
        let r = mask.rect.offsetBy(dx: -origin.x, dy: -origin.y)
        switch mask.kind {
        case .none: return "none"
        case .path:
            var d: [String] = []
            for element in mask.elements {
                let points = element.points.map { "\(number($0.x - origin.x, 3)) \(number($0.y - origin.y, 3))" }
                switch element.kind {
                case .moveTo: d.append("M " + points[0])
                case .lineTo: d.append("L " + points[0])
                case .curveTo: d.append("C " + points.joined(separator: " "))
                case .close: d.append("Z")
                }
            }
            return d.isEmpty ? "polygon(0px 0px, 0px 0px, 0px 0px)" : "path('\(d.joined(separator: " "))')"
        case .roundedRect, .ellipse:
            guard r.size.width > 0, r.size.height > 0 else { return "polygon(0px 0px, 0px 0px, 0px 0px)" }
            if mask.kind == .ellipse {
                return "ellipse(\(pixels(r.size.width / 2)) \(pixels(r.size.height / 2)) at \(pixels(r.midX)) \(pixels(r.midY)))"
            }
            let radius = max(0, min(mask.cornerRadius, r.size.width / 2, r.size.height / 2))
            return "inset(\(pixels(r.minY)) \(pixels(size.width - r.maxX)) \(pixels(size.height - r.maxY)) \(pixels(r.minX)) round \(pixels(radius)))"
        }
    }
}
