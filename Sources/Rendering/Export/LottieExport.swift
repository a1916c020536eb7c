import LibC
import TransitionCore

/// A run as a Lottie animation (`--output NAME.lottie.json`), the JSON that Lottie players on
/// iOS, Android and the web (and rlottie) play. Each view is a null layer carrying its
/// transform (two, so that any 2D affine map is exact: a rotation and scale, then a second
/// rotation), parented as the views nest; under it a shape layer for its background (a
/// rounded rectangle, its size, corners, colour and alpha keyframed), an image layer for what
/// it draws of its own (its picture, its label's text: a PNG inside the file, drawn by the
/// host's renderer), and a stroke for its border. Every value is keyframed at every frame the
/// run made in which it changes, linearly between (springs arrive sampled).
///
/// What Lottie cannot say is listed (`unexpressed`): 3D perspective, subviews clipped to a
/// view, masks, blurs, shadows, a fading view's subviews fading as one (Lottie fades each
/// layer alone), corners rounded on some sides only, continuous corners. A run using any is
/// refused unless the caller approximates: perspective dropped, the rest left out.
public enum LottieExport {
    public struct Written {
        public let json: String
        /// What the file leaves out or draws otherwise, for the fidelity note; empty when
        /// it says all of the run.
        public let unexpressed: [String]
    }

    /// Pixels per point of the pictures inside: one, so that a player draws a label's text
    /// pixel for pixel as the host does (rlottie smooths a larger picture it shrinks, and its
    /// edges show).
    static let pictureScale = 1.0

    public static func render(_ report: TransitionRun.Report, approximate: Bool) throws -> Written {
        let snapshots = report.snapshots
        guard let first = snapshots.first else { throw ExportError.nothingToDraw }
        let tree = WebPageTree(snapshots)
        let unexpressed = self.unexpressed(tree)
        if !unexpressed.isEmpty && !approximate {
            throw ExportError.cannotExpress(format: "Lottie", what: unexpressed)
        }
        let fps = Double(report.framesPerSecond)
        let frames = tree.times.map { Int(($0 * fps).rounded()) }
        var writer = LottieWriter(frames: frames)
        var json = JSONWriter()
        var failure: Error?
        json.object { json in
            json.field("v", "5.7.4")
            json.field("fr", report.framesPerSecond)
            json.field("ip", 0)
            json.field("op", (frames.last ?? 0) + 1)
            json.field("w", Int(first.windowSize.width.rounded()))
            json.field("h", Int(first.windowSize.height.rounded()))
            json.field("nm", Filmstrip.title(of: report))
            json.field("ddd", 0)
            json.key("assets")
            json.array { json in
                for (i, picture) in tree.pictures.enumerated() {
                    do {
                        let png = try picture.png(scale: pictureScale)
                        json.object { json in
                            json.field("id", "picture\(i)")
                            json.field("w", Int((picture.size.width * pictureScale).rounded(.up)))
                            json.field("h", Int((picture.size.height * pictureScale).rounded(.up)))
                            json.field("u", "")
                            json.field("p", "data:image/png;base64," + Base64.encode(png))
                            json.field("e", 1)
                        }
                    } catch { failure = error }
                }
            }
            json.key("layers")
            json.array { json in
                // Nothing shows outside the display's rounded corners: black over them, first
                // (topmost), as the renderer paints them.
                if let corners = first.chrome?.displayCornerRadius, corners > 0 {
                    writer.displayCorners(radius: corners, size: first.windowSize, into: &json)
                }
                writer.layers(of: tree, into: &json)
            }
        }
        if let failure { throw failure }
        return Written(json: json.output, unexpressed: unexpressed)
    }

    /// What the run uses that Lottie cannot say, in words, each once.
    static func unexpressed(_ tree: WebPageTree) -> [String] {
        var found: [String] = []
        func note(_ what: String) { if !found.contains(what) { found.append(what) } }
        var hasChildren = Set<Int>()
        for node in tree.nodes { if let parent = node.parent { hasChildren.insert(parent) } }
        for (i, node) in tree.nodes.enumerated() {
            for state in node.states.compactMap({ $0 }) where state.shown {
                let look = state.look
                if !WebPageNode.isAffine(state.transform) { note("3D perspective (drawn without it)") }
                if look.clipsToBounds && hasChildren.contains(i) { note("subviews clipped to a view (drawn whole)") }
                if look.mask.kind != .none { note("masks (left out)") }
                if look.blur.isVisible { note("blurs (left out)") }
                if look.hasShadow { note("shadows (left out)") }
                if look.alpha < 1 && hasChildren.contains(i) { note("a fading view's subviews fade one by one, not as one picture") }
                if look.cornerRadius > 0 && look.maskedCorners != .all { note("corners rounded on some sides only (drawn on all)") }
                if look.cornerRadius > 0 && look.cornerCurve == .continuous { note("continuous corners (drawn circular)") }
            }
        }
        return found
    }
}

/// Writes the layers: numbering them, keyframing each value that changes.
struct LottieWriter {
    let frames: [Int]
    private var next = 1

    init(frames: [Int]) { self.frames = frames }

    private mutating func index() -> Int {
        defer { next += 1 }
        return next
    }

    /// One view's layers: its transform (two nulls), and what it draws, back to front.
    private struct Made {
        let outer: Int, inner: Int
        var drawn: [(ind: Int, write: (inout JSONWriter) -> Void)] = []
    }

    mutating func layers(of tree: WebPageTree, into json: inout JSONWriter) {
        let opacities = Self.opacities(tree)
        var made: [Made] = []
        for (i, node) in tree.nodes.enumerated() {
            let states = node.heldStates
            let outer = index(), inner = index()
            var m = Made(outer: outer, inner: inner)
            let opacity = opacities[i]
            if states.contains(where: { $0.look.backgroundColor.alpha > 0 }) {
                let ind = index()
                m.drawn.append((ind, { [frames] json in Self.shape(ind, node.name, parent: inner, states, opacity, border: false, frames: frames, into: &json) }))
            }
            if let picture = states.lazy.compactMap(\.picture).first, let size = tree.pictures.indices.contains(picture) ? tree.pictures[picture].size : nil {
                let ind = index()
                m.drawn.append((ind, { [frames] json in Self.image(ind, node.name, parent: inner, picture: picture, size: size, states, opacity, frames: frames, into: &json) }))
            }
            if states.contains(where: { $0.look.borderWidth > 0 && $0.look.borderColor.alpha > 0 }) {
                let ind = index()
                m.drawn.append((ind, { [frames] json in Self.shape(ind, node.name, parent: inner, states, opacity, border: true, frames: frames, into: &json) }))
            }
            made.append(m)
        }
        // Back to front, as the first frame that shows each view orders it; Lottie draws its
        // first layer on top, so they are written front first.
        let order = Self.drawingOrder(tree)
        var front: [(inout JSONWriter) -> Void] = []
        for i in order { for d in made[i].drawn { front.append(d.write) } }
        for write in front.reversed() { write(&json) }
        for (i, node) in tree.nodes.enumerated() {
            let states = node.heldStates
            let parent = node.parent.map { made[$0].inner }
            Self.nulls(made[i], node.name, parent: parent, states, frames: frames, into: &json)
        }
    }

    /// A black frame over everything outside a rounded rectangle of the window's size: the
    /// window's rectangle and the rounded one filled together, even-odd.
    mutating func displayCorners(radius: Double, size: Size, into json: inout JSONWriter) {
        let ind = index()
        json.object { json in
            Self.common(&json, ind: ind, type: 4, name: "display corners", parent: nil, frames: frames)
            Self.transform(&json, frames: frames, position: nil, rotation: nil, scale: nil, opacity: nil)
            Self.shapes(&json, frames: frames) { json in
                for r in [0, radius] {
                    json.object { json in
                        json.field("ty", "rc")
                        json.field("d", 1)
                        Self.value(&json, "s", frames: frames, [[size.width, size.height]])
                        Self.value(&json, "p", frames: frames, [[size.width / 2, size.height / 2]])
                        Self.value(&json, "r", frames: frames, [[r]])
                    }
                }
                json.object { json in
                    json.field("ty", "fl")
                    Self.value(&json, "c", frames: frames, [[0, 0, 0, 1]])
                    Self.value(&json, "o", frames: frames, [[100]])
                    json.field("r", 2)
                }
            }
        }
    }

    /// A shape layer's shapes: one group of `items`, then the group's own transform, none.
    private static func shapes(_ json: inout JSONWriter, frames: [Int], items: (inout JSONWriter) -> Void) {
        json.key("shapes")
        json.array { json in
            json.object { json in
                json.field("ty", "gr")
                json.key("it")
                json.array { json in
                    items(&json)
                    json.object { json in
                        json.field("ty", "tr")
                        for (key, v) in [("p", [0.0, 0]), ("a", [0.0, 0]), ("s", [100.0, 100])] { value(&json, key, frames: frames, [v]) }
                        value(&json, "r", frames: frames, [[0]])
                        value(&json, "o", frames: frames, [[100]])
                    }
                }
            }
        }
    }

    /// Each node's opacity at each frame as Lottie needs it: the product of its alpha and its
    /// ancestors' (a Lottie parent moves its children but does not fade them), 0 where unseen.
    static func opacities(_ tree: WebPageTree) -> [[Double]] {
        var result: [[Double]] = []
        for node in tree.nodes {
            let own = node.heldStates.map { $0.shown ? $0.look.alpha : 0 }
            let above = node.parent.map { result[$0] } ?? Array(repeating: 1, count: own.count)
            result.append(zip(own, above).map { $0 * $1 })
        }
        return result
    }

    /// The nodes back to front: depth first, siblings by their place in the first frame that
    /// shows them both (by when they were first seen otherwise).
    static func drawingOrder(_ tree: WebPageTree) -> [Int] {
        var children: [Int: [Int]] = [:]
        for (i, node) in tree.nodes.enumerated() { children[node.parent ?? -1, default: []].append(i) }
        func firstOrder(_ i: Int) -> (Int, Int) {
            let k = tree.nodes[i].states.firstIndex { $0 != nil } ?? 0
            return (k, tree.nodes[i].states[k]?.order ?? 0)
        }
        var out: [Int] = []
        func visit(_ parent: Int) {
            let kids = (children[parent] ?? []).sorted { a, b in
                // Where both are there, their order then; else whoever came first.
                if let k = tree.nodes[a].states.indices.first(where: { tree.nodes[a].states[$0] != nil && tree.nodes[b].states[$0] != nil }) {
                    return tree.nodes[a].states[k]!.order < tree.nodes[b].states[k]!.order
                }
                return firstOrder(a) < firstOrder(b)
            }
            for kid in kids {
                out.append(kid)
                visit(kid)
            }
        }
        visit(-1)
        return out
    }

    // MARK: - Layers

    private static func common(_ json: inout JSONWriter, ind: Int, type: Int, name: String, parent: Int?, frames: [Int]) {
        json.field("ddd", 0)
        json.field("ind", ind)
        json.field("ty", type)
        json.field("nm", name)
        if let parent { json.field("parent", parent) }
        json.field("sr", 1)
        json.field("ao", 0)
        json.field("ip", 0)
        json.field("op", (frames.last ?? 0) + 1)
        json.field("st", 0)
        json.field("bm", 0)
    }

    /// The view's transform as two nulls: the outer one its translation, a rotation and a
    /// scale, the inner one a second rotation (the singular value decomposition of its 2D
    /// part: exact for any affine map). A projective one loses its perspective.
    private static func nulls(_ made: Made, _ name: String, parent: Int?, _ states: [WebPageTree.State], frames: [Int], into json: inout JSONWriter) {
        let parts = unwrapped(states.map { decompose($0.transform) })
        json.object { json in
            common(&json, ind: made.outer, type: 3, name: name, parent: parent, frames: frames)
            transform(&json, frames: frames, position: parts.map { [$0.tx, $0.ty, 0] }, rotation: parts.map(\.first),
                      scale: parts.map { [$0.sx * 100, $0.sy * 100, 100] }, opacity: nil)
        }
        json.object { json in
            common(&json, ind: made.inner, type: 3, name: name, parent: made.outer, frames: frames)
            transform(&json, frames: frames, position: nil, rotation: parts.map(\.second), scale: nil, opacity: nil)
        }
    }

    /// The background (or, with `border`, the border as a stroke inside the bounds): a
    /// rounded rectangle from the view's corner to its size.
    private static func shape(_ ind: Int, _ name: String, parent: Int, _ states: [WebPageTree.State], _ opacity: [Double], border: Bool,
                              frames: [Int], into json: inout JSONWriter) {
        json.object { json in
            common(&json, ind: ind, type: 4, name: name + (border ? " (border)" : " (background)"), parent: parent, frames: frames)
            transform(&json, frames: frames, position: nil, rotation: nil, scale: nil, opacity: opacity.map { $0 * 100 })
            shapes(&json, frames: frames) { json in
                json.object { json in
                    json.field("ty", "rc")
                    json.field("d", 1)
                    let width = states.map { border ? min($0.look.borderWidth, $0.look.bounds.size.width / 2, $0.look.bounds.size.height / 2) : 0 }
                    value(&json, "s", frames: frames, zip(states, width).map { [$0.look.bounds.size.width - $1, $0.look.bounds.size.height - $1] })
                    value(&json, "p", frames: frames, states.map { [$0.look.bounds.size.width / 2, $0.look.bounds.size.height / 2] })
                    value(&json, "r", frames: frames, zip(states, width).map { s, w in
                        [max(0, min(s.look.cornerRadius, s.look.bounds.size.width / 2, s.look.bounds.size.height / 2) - w / 2)]
                    })
                }
                json.object { json in
                    let colours = states.map { border ? $0.look.borderColor : $0.look.backgroundColor }
                    json.field("ty", border ? "st" : "fl")
                    value(&json, "c", frames: frames, colours.map { [$0.red, $0.green, $0.blue, 1] })
                    value(&json, "o", frames: frames, colours.map { [$0.alpha * 100] })
                    if border {
                        value(&json, "w", frames: frames, states.map { [min($0.look.borderWidth, $0.look.bounds.size.width / 2, $0.look.bounds.size.height / 2)] })
                        json.field("lc", 1)
                        json.field("lj", 1)
                        json.field("ml", 4)
                    } else {
                        json.field("r", 1)
                    }
                }
            }
        }
    }

    /// What the view draws of its own, its PNG stretched to the view's size at each frame.
    private static func image(_ ind: Int, _ name: String, parent: Int, picture: Int, size: Size, _ states: [WebPageTree.State],
                              _ opacity: [Double], frames: [Int], into json: inout JSONWriter) {
        json.object { json in
            common(&json, ind: ind, type: 2, name: name + " (picture)", parent: parent, frames: frames)
            json.field("refId", "picture\(picture)")
            let pixels = (width: (size.width * LottieExport.pictureScale).rounded(.up), height: (size.height * LottieExport.pictureScale).rounded(.up))
            transform(&json, frames: frames, position: nil, rotation: nil,
                      scale: states.map { [$0.look.bounds.size.width / pixels.width * 100, $0.look.bounds.size.height / pixels.height * 100, 100] },
                      opacity: opacity.map { $0 * 100 })
        }
    }

    private static func transform(_ json: inout JSONWriter, frames: [Int], position: [[Double]]?, rotation: [Double]?, scale: [[Double]]?,
                                  opacity: [Double]?) {
        json.key("ks")
        json.object { json in
            value(&json, "o", frames: frames, (opacity ?? [100]).map { [$0] })
            value(&json, "r", frames: frames, (rotation ?? [0]).map { [$0] })
            value(&json, "p", frames: frames, position ?? [[0, 0, 0]])
            value(&json, "a", frames: frames, [[0, 0, 0]])
            value(&json, "s", frames: frames, scale ?? [[100, 100, 100]])
        }
    }

    /// A property: still ({"a": 0, "k": v}) when it never changes, else a keyframe at each
    /// frame where it differs from the frame before, linear between (one value: a scalar).
    private static func value(_ json: inout JSONWriter, _ key: String, frames: [Int], _ values: [[Double]]) {
        json.key(key)
        json.object { json in
            func write(_ v: [Double], into json: inout JSONWriter) {
                if v.count == 1 { json.number(round6(v[0])) } else { json.array { json in for x in v { json.number(round6(x)) } } }
            }
            let first = values[0]
            guard values.count > 1, values.contains(where: { $0 != first }) else {
                json.field("a", 0)
                json.key("k")
                write(first, into: &json)
                return
            }
            json.field("a", 1)
            json.key("k")
            // A keyframe where the value changes, and the one before it (so that it holds
            // until then), the first and the last. Written as bodymovin first wrote them, which
            // every player reads (rlottie reads nothing newer): each keyframe its start "s" and
            // end "e", the last one its time alone.
            let kept = values.indices.filter { i in
                i == 0 || i == values.count - 1 || values[i] != values[i - 1] || values[i + 1] != values[i]
            }
            json.array { json in
                for (n, i) in kept.enumerated() {
                    json.object { json in
                        json.field("t", frames[i])
                        guard n + 1 < kept.count else { return }
                        json.key("s")
                        json.array { json in for x in values[i] { json.number(round6(x)) } }
                        json.key("e")
                        json.array { json in for x in values[kept[n + 1]] { json.number(round6(x)) } }
                        json.key("i")
                        json.object { json in json.key("x"); json.array { $0.number(1) }; json.key("y"); json.array { $0.number(1) } }
                        json.key("o")
                        json.object { json in json.key("x"); json.array { $0.number(0) }; json.key("y"); json.array { $0.number(0) } }
                    }
                }
            }
        }
    }

    private static func round6(_ x: Double) -> Double { x.isFinite ? (x * 1e6).rounded() / 1e6 : 0 }

    /// A 2D map's parts, as Lottie composes a null inside a null: translate · rotate(first)
    /// · scale(sx, sy) · rotate(second), in degrees, clockwise on screen.
    struct Parts {
        var tx: Double, ty: Double, first: Double, sx: Double, sy: Double, second: Double
    }

    /// The singular value decomposition of the affine part (its perspective dropped).
    static func decompose(_ h: Homography) -> Parts {
        let w = abs(h.i) > 1e-12 ? h.i : 1
        // Column vectors: x' = a x + c y + tx, y' = b x + d y + ty.
        let a = h.a / w, b = h.b / w, c = h.d / w, d = h.e / w
        let e = (a + d) / 2, f = (a - d) / 2, g = (b + c) / 2, k = (b - c) / 2
        let q = (e * e + k * k).squareRoot(), r = (f * f + g * g).squareRoot()
        let sx = q + r, sy = q - r
        let a1 = atan2(g, f), a2 = atan2(k, e)
        let theta = (a2 - a1) / 2, phi = (a2 + a1) / 2
        let degrees = 180 / Double.pi
        return Parts(tx: h.g / w, ty: h.h / w, first: phi * degrees, sx: sx, sy: sy, second: theta * degrees)
    }

    /// The angles made continuous from frame to frame (no jump from 179° to -179°).
    static func unwrapped(_ parts: [Parts]) -> [Parts] {
        var out = parts
        for i in out.indices.dropFirst() {
            for path in [\Parts.first, \Parts.second] {
                while out[i][keyPath: path] - out[i - 1][keyPath: path] > 180 { out[i][keyPath: path] -= 360 }
                while out[i][keyPath: path] - out[i - 1][keyPath: path] < -180 { out[i][keyPath: path] += 360 }
            }
        }
        return out
    }
}
